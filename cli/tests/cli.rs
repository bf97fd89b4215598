//! End-to-end tests: run the built `tenpai` binary and check its exact output,
//! standard error and exit status.

use crate::common;
use common::{tenpai, tenpai_in, tenpai_with};
use std::path::Path;

/// A scratch directory removed at the end of the test.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

// ---- shanten ----

#[test]
fn shanten_ok_tenpai_hand_human() {
    assert_eq!(
        tenpai(&["shanten", "123m456p789s1122z"]).ok(),
        "hand                shanten  standard  chiitoitsu  kokushi\n\
         123m456p789s1122z         0         0           4        8\n"
    );
}

#[test]
fn shanten_ok_tenpai_hand_json() {
    assert_eq!(
        tenpai(&["shanten", "--json", "123m456p789s1122z"]).ok(),
        "{\"hand\":\"123m456p789s1122z\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":4,\"kokushi\":8}\n"
    );
}

#[test]
fn shanten_ok_notations_print_back_canonical() {
    // Chinese notation, red fives, melds written among the tiles.
    let out = tenpai(&[
        "shanten",
        "--json",
        "一二三万456饼789条东东南南",
        "406m11z [789s] (1111p)",
        "[555p]11m",
    ]);
    assert_eq!(
        out.ok(),
        "{\"hand\":\"123m456p789s1122z\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":4,\"kokushi\":8}\n\
         {\"hand\":\"406m11z [789s] (1111p)\",\"shanten\":-1,\"standard\":-1,\"chiitoitsu\":null,\"kokushi\":null}\n\
         {\"hand\":\"11m [555p]\",\"shanten\":-1,\"standard\":-1,\"chiitoitsu\":null,\"kokushi\":null}\n"
    );
}

#[test]
fn shanten_ok_meld_aware() {
    // Every 9m is in the hand or a pon: 2-shanten, not 1.
    assert_eq!(
        tenpai(&["shanten", "--json", "9m9p569s [999m] [999p] [999s]"]).ok(),
        "{\"hand\":\"9m9p569s [999m] [999p] [999s]\",\"shanten\":2,\"standard\":2,\"chiitoitsu\":null,\"kokushi\":null}\n"
    );
}

#[test]
fn shanten_err_too_many_copies_names_the_argument() {
    let r = tenpai(&["shanten", "123m", "55p5p5p5p1m"]);
    assert_eq!(r.failed(), "error: HAND 1 \"123m\": expected 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 3\n");
    let r = tenpai(&["shanten", "1m", "55p5p5p5p1m"]);
    assert_eq!(
        r.failed(),
        "error: HAND 2 \"55p5p5p5p1m\": tile 5p appears 5 times (max 4)\n"
    );
    assert_eq!(r.out, "");
}

#[test]
fn shanten_and_waits_err_more_red_fives_than_the_set() {
    assert_eq!(
        tenpai(&["shanten", "000m1234p"]).failed(),
        "error: HAND 1 \"000m1234p\": red five 0m appears 3 times (the rules' set holds 1)\n"
    );
    let r = tenpai(&["waits", "0p123m456s [406p] 11z"]);
    assert_eq!(r.code, 1);
    assert!(
        r.err
            .ends_with("red five 0p appears 2 times (the rules' set holds 1)\n"),
        "{}",
        r.err
    );
}

#[test]
fn shanten_err_bad_notation() {
    assert_eq!(
        tenpai(&["shanten", "123m8z"]).failed(),
        "error: HAND 1 \"123m8z\": no tile 8z (at position 5)\n"
    );
    assert_eq!(
        tenpai(&["shanten", "12m [123p"]).failed(),
        "error: HAND 1 \"12m [123p\": bracket at position 5 is not closed properly\n"
    );
}

#[test]
fn shanten_batch_bad_line_in_the_middle() {
    let input = "123m456p789s1122z\n19m19p19s1234567z\n55p5p5p5p1m\n\n0m0p0s11z222z333z\n";
    let r = tenpai_with(&["shanten", "--json"], input, &[]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        "{\"hand\":\"123m456p789s1122z\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":4,\"kokushi\":8}\n\
         {\"hand\":\"19m19p19s1234567z\",\"shanten\":0,\"standard\":8,\"chiitoitsu\":6,\"kokushi\":0}\n\
         {\"hand\":\"0m0p0s11222333z\",\"shanten\":1,\"standard\":1,\"chiitoitsu\":null,\"kokushi\":null}\n"
    );
    assert_eq!(
        r.err,
        "line 3: tile 5p appears 5 times (max 4)\n\
         error: 1 input line of 4 could not be answered\n"
    );
}

#[test]
fn shanten_batch_human_has_one_header() {
    let r = tenpai_with(&["shanten"], "123m456p789s1122z\n1m\n", &[]);
    assert_eq!(
        r.ok(),
        "hand                shanten  standard  chiitoitsu  kokushi\n\
         123m456p789s1122z         0         0           4        8\n\
         1m                        0         0           -        -\n"
    );
}

/// Batch mode agrees with the independent values of the shared test data
/// (`xiangting` 6.0.2; see `tests/data/README.md`).
#[test]
fn shanten_batch_agrees_with_shared_testdata() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/shanten");
    for name in ["mixed", "t13", "t14", "chinitsu13", "chinitsu14", "pairs14"] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.jsonl"))).unwrap();
        let cases: Vec<(String, i64)> = text
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (
                    v["hand"].as_str().unwrap().to_string(),
                    v["shanten"].as_i64().unwrap(),
                )
            })
            .collect();
        let input: String = cases.iter().map(|(h, _)| format!("{h}\n")).collect();
        let r = tenpai_with(&["shanten", "--json"], &input, &[]);
        let lines: Vec<&str> = r.ok().lines().collect();
        assert_eq!(lines.len(), cases.len(), "{name}");
        for ((hand, expected), line) in cases.iter().zip(lines) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["shanten"].as_i64(), Some(*expected), "{name}: {hand}");
        }
    }
}

// ---- waits ----

#[test]
fn waits_ok_tenpai_human() {
    assert_eq!(
        tenpai(&["waits", "123m456p789s1112z"]).ok(),
        "hand     123m456p789s1112z\n\
         shanten  0 (tenpai)\n\
         waits    2z\n\
         left      3\n\
         total    3 tiles of 1 kind\n"
    );
}

#[test]
fn waits_ok_nine_gates_with_visible_json() {
    assert_eq!(
        tenpai(&["waits", "--json", "1112345678999m", "--visible", "5m5m1z"]).ok(),
        "{\"hand\":\"1112345678999m\",\"shanten\":0,\"tenpai\":true,\"tiles\":[\
         {\"tile\":\"1m\",\"left\":1,\"yaku\":true},{\"tile\":\"2m\",\"left\":3,\"yaku\":true},{\"tile\":\"3m\",\"left\":3,\"yaku\":true},\
         {\"tile\":\"4m\",\"left\":3,\"yaku\":true},{\"tile\":\"5m\",\"left\":1,\"yaku\":true},{\"tile\":\"6m\",\"left\":3,\"yaku\":true},\
         {\"tile\":\"7m\",\"left\":3,\"yaku\":true},{\"tile\":\"8m\",\"left\":3,\"yaku\":true},{\"tile\":\"9m\",\"left\":1,\"yaku\":true}],\
         \"kinds\":9,\"count\":21}\n"
    );
}

#[test]
fn waits_ok_ukeire_when_not_tenpai() {
    assert_eq!(
        tenpai(&["waits", "123m456p789s1z2z3z4z"]).ok(),
        "hand     123m456p789s1234z\n\
         shanten  2 (2-shanten)\n\
         ukeire   1z 2z 3z 4z\n\
         left      3  3  3  3\n\
         total    12 tiles of 4 kinds\n"
    );
}

#[test]
fn waits_err_wrong_size_and_bad_visible() {
    assert_eq!(
        tenpai(&["waits", "123m456p789s11z234p"]).failed(),
        "error: HAND \"123m456p789s11z234p\": expected 3n+1 tiles (1, 4, 7, 10 or 13), got 14 \
         (a hand of 3n+2 tiles: tenpai analyze HAND gives the waits after each discard)\n"
    );
    for command in ["waits", "analyze"] {
        let hand = if command == "waits" { "1m" } else { "11m" };
        let r = tenpai(&[command, hand, "--visible", "1m2x"]);
        assert_eq!(r.code, 2, "{command}: {}", r.err);
        assert!(
            r.err.starts_with(
                "error: invalid value '1m2x' for '--visible <TILES>': unknown character 'x' at position 4\n"
            ),
            "{command}: {}",
            r.err
        );
    }
    assert_eq!(
        tenpai(&["waits", "1112z", "--visible", "11z"]).failed(),
        "error: --visible: tile 1z is 3 times in the hand and 2 times visible (max 4 in all)\n"
    );
}

// ---- analyze ----

#[test]
fn analyze_ok_human_table() {
    assert_eq!(
        tenpai(&["analyze", "123m456p789s11z234p"]).ok(),
        "hand     123m234456p789s11z\n\
         shanten  -1 (complete)\n\
         \n\
         discard  shanten  ukeire  kinds  count\n\
         4p             0  147p        3     10\n\
         1m             0  14m         2      7\n\
         9s             0  69s         2      7\n\
         2p             0  25p         2      6\n\
         6p             0  36p         2      6\n\
         2m             0  2m          1      3\n\
         3m             0  3m          1      3\n\
         3p             0  3p          1      3\n\
         5p             0  5p          1      3\n\
         7s             0  7s          1      3\n\
         8s             0  8s          1      3\n\
         1z             0  1z          1      2\n"
    );
}

#[test]
fn analyze_ok_json_with_visible() {
    let out = tenpai(&["analyze", "--json", "23m11z9p", "--visible", "1m4m4m"]);
    assert_eq!(
        out.ok(),
        "{\"hand\":\"23m9p11z\",\"shanten\":0,\"discards\":[\
         {\"discard\":\"9p\",\"shanten\":0,\"ukeire\":\"14m\",\"no_yaku\":null,\"kinds\":2,\"count\":5,\"tiles\":[\
         {\"tile\":\"1m\",\"left\":3,\"yaku\":true},{\"tile\":\"4m\",\"left\":2,\"yaku\":true}]},\
         {\"discard\":\"2m\",\"shanten\":1,\"ukeire\":\"12345m789p1z\",\"no_yaku\":null,\"kinds\":9,\"count\":28,\"tiles\":[\
         {\"tile\":\"1m\",\"left\":3,\"yaku\":null},{\"tile\":\"2m\",\"left\":3,\"yaku\":null},{\"tile\":\"3m\",\"left\":3,\"yaku\":null},\
         {\"tile\":\"4m\",\"left\":2,\"yaku\":null},{\"tile\":\"5m\",\"left\":4,\"yaku\":null},{\"tile\":\"7p\",\"left\":4,\"yaku\":null},\
         {\"tile\":\"8p\",\"left\":4,\"yaku\":null},{\"tile\":\"9p\",\"left\":3,\"yaku\":null},{\"tile\":\"1z\",\"left\":2,\"yaku\":null}]},\
         {\"discard\":\"3m\",\"shanten\":1,\"ukeire\":\"1234m789p1z\",\"no_yaku\":null,\"kinds\":8,\"count\":24,\"tiles\":[\
         {\"tile\":\"1m\",\"left\":3,\"yaku\":null},{\"tile\":\"2m\",\"left\":3,\"yaku\":null},{\"tile\":\"3m\",\"left\":3,\"yaku\":null},\
         {\"tile\":\"4m\",\"left\":2,\"yaku\":null},{\"tile\":\"7p\",\"left\":4,\"yaku\":null},{\"tile\":\"8p\",\"left\":4,\"yaku\":null},\
         {\"tile\":\"9p\",\"left\":3,\"yaku\":null},{\"tile\":\"1z\",\"left\":2,\"yaku\":null}]},\
         {\"discard\":\"1z\",\"shanten\":1,\"ukeire\":\"14m9p1z\",\"no_yaku\":null,\"kinds\":4,\"count\":10,\"tiles\":[\
         {\"tile\":\"1m\",\"left\":3,\"yaku\":null},{\"tile\":\"4m\",\"left\":2,\"yaku\":null},{\"tile\":\"9p\",\"left\":3,\"yaku\":null},\
         {\"tile\":\"1z\",\"left\":2,\"yaku\":null}]}]}\n"
    );
}

#[test]
fn analyze_err_wrong_size() {
    assert_eq!(
        tenpai(&["analyze", "123m456p789s1112z"]).failed(),
        "error: HAND \"123m456p789s1112z\": expected 3n+2 tiles (2, 5, 8, 11 or 14), got 13 \
         (a hand of 3n+1 tiles: tenpai waits HAND gives its waits)\n"
    );
}

// ---- agari ----

#[test]
fn agari_ok_every_decomposition() {
    assert_eq!(
        tenpai(&["agari", "111222333m11p"]).ok(),
        "111222333m11p: complete, 2 decompositions\n  11p 111m 222m 333m\n  11p 123m 123m 123m\n"
    );
    assert_eq!(
        tenpai(&["agari", "19m19p19s12345677z"]).ok(),
        "19m19p19s12345677z: complete, 1 decomposition\n  kokushi (pair 7z)\n"
    );
}

#[test]
fn agari_ok_not_complete_and_json() {
    assert_eq!(
        tenpai(&["agari", "123m456p789s11z235p"]).ok(),
        "123m234556p789s11z: not complete (tenpai)\n"
    );
    assert_eq!(
        tenpai(&["agari", "--json", "123m456p789s11122z"]).ok(),
        "{\"hand\":\"123m456p789s11122z\",\"agari\":true,\"shanten\":-1,\"called\":[],\"decompositions\":[\
         {\"form\":\"standard\",\"pair\":\"2z\",\"melds\":[\"123m\",\"456p\",\"789s\",\"111z\"],\
         \"text\":\"22z 123m 456p 789s 111z\"}]}\n"
    );
}

#[test]
fn agari_err_wrong_size() {
    assert_eq!(
        tenpai(&["agari", "1234m"]).failed(),
        "error: HAND \"1234m\": expected 3n+2 tiles (2, 5, 8, 11 or 14), got 4\n"
    );
}

// ---- the command line ----

#[test]
fn help_documents_the_notation() {
    let help = tenpai(&["--help"]);
    let help = help.ok();
    for needle in [
        "123m456p789s1122z",
        "0m, 0p, 0s",
        "1z-7z = East South West North White Green Red",
        "一二三万",
        "123条",
        "东/東 南 西 北 白 发/發 中",
        "[789s] chi",
        "[555p] pon",
        "[5555p] open kan",
        "(1111z) closed kan",
        "tenpai shanten 123m456p789s1122z \"123m11z [789s] (1111p)\"",
        "TENPAI_TABLES",
        "tenpai play",
        "tenpai replay game.json",
        "tenpai suggest --log game.json",
        "tenpai selfplay --games 200",
        "tenpai score --batch",
        "tenpai analyze 12345m0677889p66z",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}");
    }
    assert!(tenpai(&["shanten", "--help"]).ok().contains("melds"));
}

#[test]
fn usage_errors_exit_non_zero() {
    let r = tenpai(&["waits"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("<HAND>"), "{}", r.err);
    assert_eq!(tenpai(&["frobnicate"]).code, 2);
}

#[test]
fn unicode_ok_waits() {
    assert_eq!(
        tenpai(&["waits", "--unicode", "1112345678999m"]).ok(),
        "hand     🀇🀇🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏🀏\n\
         shanten  0 (tenpai)\n\
         waits     🀇  🀈  🀉  🀊  🀋  🀌  🀍  🀎  🀏\n\
         left      1  3  3  3  3  3  3  3  1\n\
         total    23 tiles of 9 kinds\n"
    );
}

#[test]
fn unicode_ok_agari_with_melds() {
    assert_eq!(
        tenpai(&["agari", "--unicode", "11122z [789s] (1111p) [555m]"]).ok(),
        "🀀🀀🀀🀁🀁 [🀖🀗🀘] (🀙🀙🀙🀙) [🀋🀋🀋]: complete, 1 decomposition\n  🀁🀁 🀀🀀🀀 [🀖🀗🀘] (🀙🀙🀙🀙) [🀋🀋🀋]\n"
    );
}

#[test]
fn unicode_ok_analyze_and_shanten() {
    let out = tenpai(&["analyze", "--unicode", "123m456p789s11z234p"])
        .ok()
        .to_string();
    assert!(out.starts_with("hand     🀇🀈🀉🀚🀛🀜🀜🀝🀞🀖🀗🀘🀀🀀\n"), "{out}");
    assert!(
        out.contains("\n🀜              0  🀙🀜🀟         3     10\n"),
        "{out}"
    );
    let out = tenpai(&["shanten", "--unicode", "19m19p19s1234567z"])
        .ok()
        .to_string();
    assert!(
        out.ends_with("🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀆🀅🀄             0         8           6        0\n"),
        "{out}"
    );
}

#[test]
fn unicode_json_stays_mpsz() {
    assert_eq!(
        tenpai(&["shanten", "--unicode", "--json", "1m"]).ok(),
        "{\"hand\":\"1m\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":null,\"kokushi\":null}\n"
    );
}

#[test]
fn tables_export_err_directory_is_not_replaced() {
    let dir = scratch();
    let r = tenpai(&["tables", "export", dir.path().to_str().unwrap()]);
    assert_eq!(
        r.failed(),
        format!(
            "error: tables export {}: is a directory\n",
            dir.path().display()
        )
    );
    assert!(dir.path().is_dir());
}

#[test]
fn tables_export_ok_through_a_symbolic_link() {
    let dir = scratch();
    let target = dir.path().join("target.bin");
    std::fs::write(&target, b"old").unwrap();
    let link = dir.path().join("link.bin");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    tenpai(&["tables", "export", link.to_str().unwrap()]).ok();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read(&target).unwrap(),
        tenpai::Tables::embedded().bytes()
    );
}

#[test]
fn selfplay_ok_threads_do_not_change_games_with_a_sample_budget() {
    // --threads 2: each Monte Carlo decision on two threads, one game at a
    // time; with --samples the games (and so the table) are the same.
    let run = |threads: &str| {
        tenpai(&[
            "selfplay",
            "--games=4",
            "--duplicate",
            "--length=east",
            "--players=mc,baseline,baseline,baseline",
            "--samples=16",
            "--seed=3",
            "--threads",
            threads,
            "--json",
        ])
        .ok()
        .to_string()
    };
    // The time differs, and the tally's settings name the threads.
    let strip = |t: String| -> serde_json::Value {
        let mut v: serde_json::Value = serde_json::from_str(&t).unwrap();
        v["seconds"] = serde_json::Value::Null;
        let mc = v["tally"]["config"]["players"][0].as_object_mut().unwrap();
        assert!(mc.remove("threads").is_some());
        v
    };
    let one = strip(run("1"));
    assert_eq!(one["games"], 4);
    assert_eq!(one, strip(run("2")));
}

#[test]
fn tables_file_is_checked_by_every_command() {
    // A missing or damaged table file is refused by the game commands too
    // (they keep the built-in tables, which a file that opens equals).
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, b"not a table file").unwrap();
    for args in [
        vec!["play", "--seed", "1"],
        vec!["selfplay", "--games", "1"],
        vec!["score", "123m456p789s11z555z", "--win", "5z"],
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(&args)
            .arg("--tables")
            .arg(&bad)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("bad.bin"), "{args:?}: {err}");
    }
}

#[test]
fn threads_zero_is_refused_by_every_command() {
    for cmd in [
        "play",
        "suggest",
        "selfplay",
        "review",
        "agreement",
        "mjai",
        "serve",
    ] {
        let r = tenpai(&[cmd, "--threads", "0"]);
        assert_eq!(r.code, 2, "{cmd}");
        assert!(
            r.err
                .starts_with("error: --threads must be between 1 and 256, got 0\n\nUsage: tenpai "),
            "{cmd}: {}",
            r.err
        );
    }
}

#[test]
fn batches_answer_every_line_and_exit_1_when_one_was_bad() {
    let shanten = tenpai_in(&["shanten", "--json"], "11m\n8z\n19m\n");
    assert_eq!(shanten.code, 1);
    assert_eq!(shanten.out.lines().count(), 2);
    assert!(shanten.err.starts_with("line 2: "), "{}", shanten.err);
    let score = tenpai_in(
        &["score", "--batch", "-"],
        "{\"hand\":\"123m456p789s11z555z\",\"win_tile\":\"5z\"}\nnot json\n",
    );
    assert_eq!(score.code, 1);
    assert_eq!(score.out.lines().count(), 2);
    assert!(
        score.err.starts_with("line 2: bad JSON situation"),
        "{}",
        score.err
    );
    assert!(
        score
            .err
            .ends_with("error: 1 input line of 2 could not be scored\n"),
        "{}",
        score.err
    );
}

#[test]
fn capital_suit_letters_are_read() {
    assert_eq!(
        tenpai(&["shanten", "--json", "123M456P789S1122Z"]).ok(),
        tenpai(&["shanten", "--json", "123m456p789s1122z"]).ok()
    );
}

//! End-to-end tests of `tenpai score`: the built binary, its exact output, and
//! the batch mode over every shared scoring case.

use crate::common;
use common::{tenpai, tenpai_in};
use serde_json::Value;

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/score/cases.jsonl"
);

#[test]
fn score_text_lists_yaku_fu_limit_and_payments() {
    let out = tenpai(&[
        "score",
        "234m456p22s345678s",
        "--win",
        "8s",
        "--tsumo",
        "--riichi",
        "--seat",
        "S",
        "--dora",
        "3m",
        "--honba",
        "1",
        "--kyoutaku",
        "2",
    ]);
    assert_eq!(
        out.ok(),
        "22s 234m 456p 345s 678s\n\
         \x20 Riichi        1 han\n\
         \x20 Menzen tsumo  1 han\n\
         \x20 Pinfu         1 han\n\
         \x20 Tanyao        1 han\n\
         \x20 Dora          1\n\
         5 han 20 fu, mangan\n\
         Fu: base 20 = 20\n\
         Reading: 22s 234m 456p 345s 678s (ryanmen wait)\n\
         Tsumo: 4,100 from the dealer, 2,100 from each non-dealer\n\
         Total: 8,300 + 2,000 riichi sticks = 10,300\n"
            .replace("22s 234m 456p 345s 678s\n", "234m456p22345678s\n")
    );
}

#[test]
fn score_yakuman_text_and_pao() {
    let out = tenpai(&[
        "score",
        "123m44z555z666z [777z]",
        "--win",
        "3m",
        "--seat",
        "W",
    ]);
    assert_eq!(
        out.ok(),
        "123m44555666z [777z]\n  Daisangen  13 han\nyakuman (13 han)\n\
         Reading: 44z 123m 555z 666z [777z] (penchan wait)\nRon: 32,000 from the discarder\nTotal: 32,000\n\
         Pao possible: daisangen\n"
    );
}

#[test]
fn score_json_has_the_expected_format_and_details() {
    let out = tenpai(&[
        "score",
        "111m999p555s777z44z",
        "--win",
        "4z",
        "--rules",
        "mahjongsoul",
        "--json",
    ]);
    let v: Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(v["yaku"], serde_json::json!({"suuankou": 26}));
    assert_eq!(
        (
            v["han"].as_u64(),
            v["yakuman"].as_u64(),
            v["total"].as_u64()
        ),
        (Some(26), Some(2), Some(96000))
    );
    assert_eq!(v["payment"], serde_json::json!({"ron": 96000}));
    assert_eq!(v["limit"], "double yakuman");

    let out = tenpai(&[
        "score",
        "123m456p789s11z555z",
        "--win",
        "5z",
        "--json",
        "--kyoutaku",
        "1",
    ]);
    let v: Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(v["fu"], 40);
    assert_eq!(v["kyoutaku_points"], 1000);
    assert_eq!(
        v["fu_breakdown"],
        serde_json::json!([
            {"source": "base", "fu": 20},
            {"source": "closed ron", "fu": 10},
            {"source": "pair 11z", "fu": 4},
            {"source": "open triplet 555z", "fu": 4}
        ])
    );
    assert_eq!(v["reading"], "11z 123m 456p 789s 555z (shanpon wait)");
}

#[test]
fn score_errors_say_what_is_wrong() {
    let err = tenpai(&["score", "123m456p789s234m99s", "--win", "5m"])
        .failed()
        .to_string();
    assert_eq!(
        err,
        "error: HAND \"123m456p789s234m99s\" --win 5m: invalid situation: the winning tile 5m is not among the concealed tiles\n"
    );
    let err = tenpai(&["score", "123m456p789s234m99s", "--win", "4m", "--ura", "1z"])
        .failed()
        .to_string();
    assert!(err.contains("ura-dora indicators without riichi"), "{err}");
    let err = tenpai(&[
        "score",
        "123m456p789s234m99s",
        "--win",
        "4m",
        "--rules",
        "nope",
    ])
    .failed()
    .to_string();
    assert!(err.contains("no rule preset \"nope\""), "{err}");
    let err = tenpai(&["score", "123m456p789s234m99s", "--win", "4m", "--seat", "X"])
        .failed()
        .to_string();
    assert!(err.contains("bad wind \"X\""), "{err}");
    let err = tenpai(&["score", "123m456p789s234m99s"])
        .failed()
        .to_string();
    assert!(err.contains("--win"), "{err}");
}

#[test]
fn score_rules_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiriage.toml");
    std::fs::write(
        &path,
        "name = \"kiriage\"\n[scoring]\nkiriage_mangan = true\n",
    )
    .unwrap();
    // Riichi, pinfu, tanyao, dora 1: 4 han 30 fu, 7,700 or 8,000 with kiriage.
    let args = [
        "score",
        "234m456p22s345678s",
        "--win",
        "8s",
        "--riichi",
        "--seat",
        "S",
        "--dora",
        "3m",
        "--json",
    ];
    let v: Value = serde_json::from_str(tenpai(&args).ok()).unwrap();
    assert_eq!(v["total"], 7700);
    let mut with_file = args.to_vec();
    with_file.extend(["--rules", path.to_str().unwrap()]);
    let v: Value = serde_json::from_str(tenpai(&with_file).ok()).unwrap();
    assert_eq!(v["total"], 8000);
}

#[test]
fn score_batch_matches_every_shared_case_with_mahjongsoul() {
    let text = std::fs::read_to_string(CASES).unwrap();
    let out = tenpai(&["score", "--batch", CASES, "--rules", "mahjongsoul"]);
    let got: Vec<&str> = out.ok().lines().collect();
    let cases: Vec<&str> = text.lines().collect();
    assert_eq!(got.len(), cases.len());
    for (n, (line, out)) in cases.iter().zip(&got).enumerate() {
        let want: Value = serde_json::from_str::<Value>(line).unwrap()["expected"].clone();
        let got: Value = serde_json::from_str(out).unwrap();
        assert_eq!(got, want, "line {}", n + 1);
    }
}

#[test]
fn score_batch_defaults_to_tenhou_and_differs_only_on_double_yakuman() {
    let text = std::fs::read_to_string(CASES).unwrap();
    let out = tenpai_in(&["score", "--batch", "-"], &text);
    let mut differ = 0;
    for (line, out) in text.lines().zip(out.ok().lines()) {
        let want: Value = serde_json::from_str::<Value>(line).unwrap()["expected"].clone();
        let got: Value = serde_json::from_str(out).unwrap();
        if got != want {
            differ += 1;
            let doubles = want["yaku"].as_object().unwrap().values().any(|h| h == 26);
            assert!(doubles, "{line}");
        }
    }
    assert_eq!(differ, 45);
}

#[test]
fn score_batch_missing_file() {
    let err = tenpai(&["score", "--batch", "/nonexistent/cases.jsonl"])
        .failed()
        .to_string();
    assert!(
        err.starts_with("error: cannot read the --batch file /nonexistent/cases.jsonl:"),
        "{err}"
    );
}

#[test]
fn score_batch_answers_a_non_utf8_line_and_goes_on() {
    let mut bytes = vec![0xff, 0xfe, b'\n'];
    bytes.extend_from_slice(
        br#"{"hand":"234m456p22s345678s","win_tile":"8s","tsumo":true,"seat_wind":"S"}"#,
    );
    bytes.push(b'\n');
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.jsonl");
    std::fs::write(&path, &bytes).unwrap();
    let out = tenpai(&["score", "--batch", path.to_str().unwrap()]);
    // Every line answered; the bad one reported, and the status is 1.
    assert_eq!(
        out.failed(),
        "line 1: line is not UTF-8 text\nerror: 1 input line of 2 could not be scored\n"
    );
    let lines: Vec<String> = out.out.lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], r#"{"error":"line is not UTF-8 text"}"#);
    assert!(lines[1].starts_with(r#"{"han":"#), "{}", lines[1]);
}

#[test]
fn score_batch_reads_the_flag_names_and_refuses_unknown_fields() {
    // `seat`, `dora`, `win`, `sticks` are the flags' names: the same
    // situation as --seat S --dora 4z (haku and two dora: 5,200) plus a stick.
    let input = concat!(
        r#"{"hand":"123m456p789s11z555z","win":"5z","seat":"S","dora":"4z","kyoutaku":1}"#,
        "\n",
        r#"{"hand":"123m456p789s11z555z","win_tile":"5z","Tsumo":true}"#,
        "\n",
        r#"{"hand":"123m456p789s11z555z","win_tile":"5z","seat":"S","seat_wind":"W"}"#,
        "\n",
    );
    let run = tenpai_in(&["score", "--batch", "-"], input);
    assert_eq!(run.code, 1);
    let lines: Vec<&str> = run.out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"han":3,"fu":40,"yaku":{"yakuhai_haku":1,"dora":2},"yakuman":0,"payment":{"ron":5200},"total":5200}"#
    );
    assert!(
        lines[1].starts_with(
            r#"{"error":"bad JSON situation: unknown field `Tsumo`, expected one of `hand`, "#
        ),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(r#"{"error":"bad JSON situation: duplicate field `seat_wind`"#),
        "{}",
        lines[2]
    );
    let err: Vec<&str> = run.err.lines().collect();
    assert!(
        err[0].starts_with("line 2: bad JSON situation: unknown field `Tsumo`"),
        "{}",
        run.err
    );
    assert!(
        err[1].starts_with("line 3: bad JSON situation: duplicate field `seat_wind`"),
        "{}",
        run.err
    );
    assert_eq!(err[2], "error: 2 input lines of 3 could not be scored");
}

#[test]
fn score_err_names_the_option_that_holds_the_bad_tile() {
    // A tile option that is no tiles is a usage error (status 2, clap's
    // words); a bad hand is bad input (status 1).
    let usage = [
        (
            vec!["score", "123m456p789s11z555z", "--win", "9z"],
            "error: invalid value '9z' for '--win <TILE>': no tile 9z (at position 1)\n",
        ),
        (
            vec!["score", "123m456p789s11z555z", "--win", "55z"],
            "error: invalid value '55z' for '--win <TILE>': expected one tile, e.g. 5z, got 2\n",
        ),
        (
            vec![
                "score",
                "123m456p789s11z555z",
                "--win",
                "5z",
                "--dora",
                "8z",
            ],
            "error: invalid value '8z' for '--dora <TILES>': no tile 8z (at position 1)\n",
        ),
        (
            vec!["score", "123m456p789s11z555z", "--win", "5z", "--ura", "9x"],
            "error: invalid value '9x' for '--ura <TILES>': unknown character 'x' at position 2\n",
        ),
    ];
    for (args, expected) in usage {
        let r = tenpai(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
        assert!(r.err.starts_with(expected), "{args:?}: {}", r.err);
    }
    let r = tenpai(&["score", "123m456p789s11z558z", "--win", "5z"]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert_eq!(
        r.err,
        "error: HAND \"123m456p789s11z558z\": bad hand: no tile 8z (at position 18)\n"
    );
}

#[test]
fn score_old_flag_name_sticks_is_still_read() {
    // `--sticks` is the old name of `--kyoutaku`.
    let hand = ["score", "123m456p789s11z555z", "--win", "5z", "--json"];
    let new = tenpai(&[&hand[..], &["--kyoutaku", "2"]].concat());
    let old = tenpai(&[&hand[..], &["--sticks", "2"]].concat());
    assert_eq!(old.ok(), new.ok());
    let v: Value = serde_json::from_str(new.ok()).unwrap();
    assert_eq!(v["kyoutaku_points"], 2000);
}

//! `tenpai replay` end to end: summaries, mismatches with round and turn, the
//! exit status, the three formats told apart by content, files that are no
//! log or cannot be read.

use std::path::PathBuf;
use std::process::Command;

fn logs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/tenhou6")
}

fn replay(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("replay")
        .args(args)
        .output()
        .expect("tenpai runs");
    (
        o.status.success(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn replay_ok_summary_per_file() {
    let a = logs().join("double_ron.json");
    let b = logs().join("kyushukyuhai.json");
    let (ok, out, err) = replay(&[a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        format!(
            "{}: ok (tenhou6, 1 round, 2 wins, 0 draws, 86 events)\n{}: ok (unfinished: the log stops before E4-1; tenhou6, 1 round, 0 wins, 1 draw, 7 events)\n",
            a.display(),
            b.display()
        )
    );
}

#[test]
fn replay_err_mismatch_names_round_and_turn() {
    // The double ron's second winner paid 2,000 by the log; claim 3,000.
    let text = std::fs::read_to_string(logs().join("double_ron.json"))
        .unwrap()
        .replace("[0,0,2000,-2000]", "[0,0,3000,-3000]");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("tampered.json");
    std::fs::write(&f, text).unwrap();
    let (ok, out, err) = replay(&[f.to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(
        out,
        format!(
            "{}: 1 mismatch (tenhou6, 1 round, 2 wins, 0 draws, 86 events)\n  S4-0 turn 40: seat 2 from 3: log deltas [0, 0, 3000, -3000], engine [0, 0, 2000, -2000]\n",
            f.display()
        )
    );
    assert_eq!(err, "error: 1 of 1 file does not replay (1 mismatch)\n");
}

#[test]
fn replay_ok_mjai_lines_and_err_illegal_event() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("game.mjson");
    let lines = tenpai::log::load(logs().join("kyushukyuhai.json"))
        .unwrap()
        .to_mjai();
    std::fs::write(&good, &lines).unwrap();
    let (ok, out, _) = replay(&[good.to_str().unwrap()]);
    assert!(ok);
    assert!(
        out.ends_with(
            ": ok (unfinished: the log stops before E4-1; mjai, 1 round, 0 wins, 1 draw, 7 events)\n"
        ),
        "{out}"
    );
    // The player declaring nine terminals discards a tile it does not hold.
    let bad = dir.path().join("bad.mjson");
    let broken = lines.replacen(
        r#"{"type":"ryukyoku""#,
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5s\",\"tsumogiri\":false}\n{\"type\":\"ryukyoku\"",
        1,
    );
    std::fs::write(&bad, broken).unwrap();
    let (ok, out, _) = replay(&[bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(out.contains("E4-0 turn 2: "), "{out}");
    assert!(out.contains("seat 0 has no 5s for dahai"), "{out}");
}

/// An east-only self-play log (seed 3, four baseline players) in `dir`.
fn east_selfplay_log(dir: &std::path::Path) -> PathBuf {
    let logs = dir.join("logs");
    let o = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args([
            "selfplay", "--games", "1", "--seed", "3", "--length", "east",
        ])
        .args([
            "--players",
            "baseline,baseline,baseline,baseline",
            "--log-dir",
        ])
        .arg(&logs)
        .output()
        .expect("tenpai runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    logs.join("game-000000.mjson")
}

#[test]
fn replay_ok_east_only_log_reads_its_length_and_err_with_another() {
    let dir = tempfile::tempdir().unwrap();
    let log = east_selfplay_log(dir.path());
    let text = std::fs::read_to_string(&log).unwrap();
    // The log says what a reader needs: length, red fives, rule set.
    assert_eq!(
        text.lines().next().unwrap(),
        r#"{"type":"start_game","names":["","","",""],"wall_seed":3,"kyoku_first":4,"aka_flag":true,"rules":"tenhou"}"#
    );
    let name = log.to_str().unwrap();
    let (ok, out, err) = replay(&[name]);
    assert!(ok, "{out}{err}");
    assert_eq!(err, "");
    assert!(out.starts_with(&format!("{name}: ok (mjai, ")), "{out}");
    // The same length given is fine; another is refused.
    let (ok, _, err) = replay(&["--length", "east", name]);
    assert!(ok, "{err}");
    let (ok, out, err) = replay(&["--length", "south", name]);
    assert!(!ok);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("error: {name}: --length south contradicts the log, which records an east-only game (kyoku_first 4)\n")
    );
    let (ok, _, err) = replay(&["--rules", "mahjongsoul", name]);
    assert!(!ok);
    assert_eq!(
        err,
        format!("error: {name}: --rules mahjongsoul contradicts the log, which records the tenhou rules\n")
    );
    let (ok, _, err) = replay(&["--length", "north", name]);
    assert!(!ok);
    assert!(
        err.starts_with("error: invalid value 'north' for '--length <east|south>'"),
        "{err}"
    );
}

#[test]
fn replay_warns_when_a_log_without_length_ends_as_an_east_only_game() {
    // The same log as another program would write it: no kyoku_first,
    // aka_flag nor rules. Under the default (east-south) its end is
    // refused, and a warning says why.
    let dir = tempfile::tempdir().unwrap();
    let log = east_selfplay_log(dir.path());
    let text = std::fs::read_to_string(&log)
        .unwrap()
        .replace(r#","kyoku_first":4,"aka_flag":true,"rules":"tenhou""#, "");
    let bare = dir.path().join("bare.mjson");
    std::fs::write(&bare, text).unwrap();
    let name = bare.to_str().unwrap();
    let warning = format!(
        "warning: {name}: the log does not record its length (no kyoku_first) and ends after E4-0 with nobody below zero, as an east-only game does; it is read as east-south (the rules' length): --length east reads it as east-only\n"
    );
    let (ok, out, err) = replay(&[name]);
    assert!(!ok);
    assert!(
        out.contains("refused: illegal end_game: the game is not over by the rules"),
        "{out}"
    );
    assert_eq!(
        err,
        format!("{warning}error: 1 of 1 file does not replay (1 mismatch)\n")
    );
    let (_, out, _) = replay(&["--json", name]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        doc["warnings"][0].as_str().unwrap(),
        warning
            .trim_end()
            .strip_prefix(&format!("warning: {name}: "))
            .unwrap()
    );
    // Told its length, it replays with no warning.
    let (ok, out, err) = replay(&["--length", "east", name]);
    assert!(ok, "{out}");
    assert_eq!(err, "");
    let (_, out, _) = replay(&["--json", "--length", "east", name]);
    assert!(!out.contains("warnings"), "{out}");
}

fn mjlog(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/mjlog")
        .join(name)
}

#[test]
fn replay_ok_mjlog_and_its_twin_alike() {
    let x = mjlog("2010081709gm-00a9-0000-fe3371ad.mjlog");
    let j = logs().join("2010081709gm-00a9-0000-fe3371ad.json");
    let (ok, out, err) = replay(&[x.to_str().unwrap(), j.to_str().unwrap()]);
    assert!(ok, "{err}");
    // The same rounds and actions; the mjlog also records the game's end
    // (its `owari`: one more event, the end_game).
    assert_eq!(
        out,
        format!(
            "{}: ok (mjlog, 15 rounds, 13 wins, 2 draws, 1702 events)\n{}: ok (tenhou6, 15 rounds, 13 wins, 2 draws, 1701 events)\n",
            x.display(),
            j.display()
        )
    );
}

#[test]
fn replay_ok_format_from_content_not_extension() {
    // An mjlog saved as .json and a tenhou.net/6 log saved as .txt.
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("game.json");
    std::fs::copy(mjlog("2017040900gm-00a9-0000-af5434e3.mjlog"), &a).unwrap();
    let b = dir.path().join("game.txt");
    std::fs::copy(logs().join("double_ron.json"), &b).unwrap();
    let (ok, out, err) = replay(&[a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("game.json: ok (mjlog, 2 rounds"), "{out}");
    assert!(out.contains("game.txt: ok (tenhou6, 1 round"), "{out}");
}

#[test]
fn replay_err_file_that_is_no_log() {
    let readme = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let (ok, out, err) = replay(&[readme.to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!(
            "error: {}: not a tenhou.net/6, mjai or mjlog log: it starts with \"# tenpai\"\n",
            readme.display()
        )
    );
}

#[test]
fn replay_err_missing_file_without_a_mismatch_summary() {
    let (ok, out, err) = replay(&["/missing.json"]);
    assert!(!ok);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: cannot read the log /missing.json: no such file or directory\n"
    );
}

#[test]
fn replay_err_many_files_counts_unreadable_apart() {
    let good = logs().join("double_ron.json");
    let (ok, out, err) = replay(&[good.to_str().unwrap(), "/missing.json"]);
    assert!(!ok);
    assert_eq!(
        out,
        format!(
            "{}: ok (tenhou6, 1 round, 2 wins, 0 draws, 86 events)\ncannot read the log /missing.json: no such file or directory\n",
            good.display()
        )
    );
    assert_eq!(err, "error: 1 of 2 files cannot be read\n");
    let (_, out, _) = replay(&["--json", "/missing.json"]);
    assert_eq!(
        out,
        "{\"file\":\"/missing.json\",\"error\":\"cannot read the log /missing.json: no such file or directory\"}\n"
    );
}

#[test]
fn replay_err_malformed_logs_name_round_entry_and_element() {
    let dir = tempfile::tempdir().unwrap();
    let json = std::fs::read_to_string(logs().join("double_ron.json"))
        .unwrap()
        .replacen("\"aka\":1", "\"aka\":300", 1);
    let a = dir.path().join("aka.json");
    std::fs::write(&a, json).unwrap();
    let (ok, _, err) = replay(&[a.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.ends_with(
            "aka.json: tenhou.net/6 log, rule.aka: 300 red fives per suit (expected 0 to 4)\n"
        ),
        "{err}"
    );
    let xml = std::fs::read_to_string(mjlog("2017040900gm-00a9-0000-af5434e3.mjlog")).unwrap();
    let b = dir.path().join("cut.mjlog");
    // Cut inside the root's start tag: no XML to read.
    std::fs::write(&b, &xml[..8]).unwrap();
    let (ok, _, err) = replay(&[b.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.ends_with("cut.mjlog: mjlog, the XML: the document does not have a root node\n"),
        "{err}"
    );
    // Cut after it, before the first whole element: empty, as a cut mjai
    // log is.
    std::fs::write(&b, &xml[..30]).unwrap();
    let (ok, out, err) = replay(&[b.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        out.ends_with("cut.mjlog: empty: no round (mjlog)\n"),
        "{out}"
    );
    assert_eq!(err, "error: 1 of 1 file holds no round\n");
}

/// A real east-south game (15 rounds) as tenhou.net/6 lines (one round
/// each) and as mjlog.
const GAME: &str = "2010081709gm-00a9-0000-fe3371ad";

#[test]
fn replay_ok_unfinished_logs_say_where_they_stop() {
    let dir = tempfile::tempdir().unwrap();
    let json = std::fs::read_to_string(logs().join(format!("{GAME}.json"))).unwrap();
    let xml = std::fs::read_to_string(mjlog(&format!("{GAME}.mjlog"))).unwrap();
    // The tenhou.net/6 file cut after four rounds; the mjlog cut in the
    // middle of an element 600 bytes into E3-0 (a download broken off); the
    // mjai lines cut 41 events into E3-0.
    let t6 = dir.path().join("four.json");
    std::fs::write(&t6, json.lines().take(4).collect::<Vec<_>>().join("\n")).unwrap();
    let fifth = xml.match_indices("<INIT").nth(4).unwrap().0;
    let ml = dir.path().join("cut.mjlog");
    std::fs::write(&ml, &xml[..fifth + 600]).unwrap();
    let mj = dir.path().join("cut.mjson");
    std::fs::write(&mj, crate::common::mjai_cut_in_e3()).unwrap();
    let files = [
        t6.to_str().unwrap(),
        ml.to_str().unwrap(),
        mj.to_str().unwrap(),
    ];
    let (ok, out, err) = replay(&files);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        format!(
            "{}: ok (unfinished: the log stops before E3-0; tenhou6, 4 rounds, 3 wins, 1 draw, 516 events)\n\
             {}: ok (unfinished: the log stops in E3-0; mjlog, 5 rounds, 3 wins, 1 draw, 568 events)\n\
             {}: ok (unfinished: the log stops in E3-0; mjai, 5 rounds, 3 wins, 1 draw, 557 events)\n",
            files[0], files[1], files[2]
        )
    );
    let (ok, out, _) = replay(&["--json", files[2]]);
    assert!(ok);
    assert_eq!(
        out,
        format!(
            "{{\"file\":\"{}\",\"format\":\"mjai\",\"rounds\":5,\"wins\":3,\"draws\":1,\"events\":557,\"extent\":{{\"kind\":\"unfinished_round\",\"round\":\"E3-0\"}},\"mismatches\":[]}}\n",
            files[2]
        )
    );
}

#[test]
fn replay_err_empty_logs_are_reported_as_empty() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("empty.mjlog");
    std::fs::write(
        &a,
        r#"<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/></mjloggm>"#,
    )
    .unwrap();
    let b = dir.path().join("empty.mjson");
    std::fs::write(
        &b,
        "{\"type\":\"start_game\",\"names\":[\"A\",\"B\",\"C\",\"D\"]}\n",
    )
    .unwrap();
    let good = logs().join("double_ron.json");
    let files = [
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        good.to_str().unwrap(),
    ];
    let (ok, out, err) = replay(&files);
    assert!(!ok);
    assert_eq!(
        out,
        format!(
            "{}: empty: no round (mjlog)\n{}: empty: no round (mjai)\n{}: ok (tenhou6, 1 round, 2 wins, 0 draws, 86 events)\n",
            files[0], files[1], files[2]
        )
    );
    assert_eq!(err, "error: 2 of 3 files hold no round\n");
    // One event: the game's start (event 0 of `suggest --log`), no round.
    let (ok, out, err) = replay(&["--json", files[0]]);
    assert!(!ok);
    assert_eq!(
        out,
        format!(
            "{{\"file\":\"{}\",\"format\":\"mjlog\",\"rounds\":0,\"wins\":0,\"draws\":0,\"events\":1,\"extent\":{{\"kind\":\"empty\"}},\"mismatches\":[]}}\n",
            files[0]
        )
    );
    assert_eq!(err, "error: 1 of 1 file holds no round\n");
}

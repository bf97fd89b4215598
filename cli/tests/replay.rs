//! `tenpai replay` end to end: summaries, mismatches with round and turn, the
//! exit status, mjai input.

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
            "{}: ok (tenhou6, 1 rounds, 2 wins, 0 draws, 85 events)\n{}: ok (tenhou6, 1 rounds, 0 wins, 1 draws, 6 events)\n",
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
            "{}: 1 mismatch (tenhou6, 1 rounds, 2 wins, 0 draws, 85 events)\n  S4-0 turn 40: seat 2 from 3: log deltas [0, 0, 3000, -3000], engine [0, 0, 2000, -2000]\n",
            f.display()
        )
    );
    assert_eq!(err, "error: 1 of 1 files do not replay (1 mismatches)\n");
}

#[test]
fn replay_ok_mjai_lines_and_err_illegal_event() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("game.mjson");
    let rep = tenpai::game::tenhou6::replay_file(logs().join("kyushukyuhai.json")).unwrap();
    let lines: String = rep.mjai.iter().map(|e| e.to_json() + "\n").collect();
    std::fs::write(&good, &lines).unwrap();
    let (ok, out, _) = replay(&[good.to_str().unwrap()]);
    assert!(ok);
    assert!(
        out.ends_with(": ok (mjai, 1 rounds, 0 wins, 1 draws, 7 events)\n"),
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

#[test]
fn replay_ok_east_only_mjai_log_with_length_and_err_without() {
    // mjai logs do not say how long the game is: an east-only self-play log
    // ends where the tenhou rules (east-south) would play on.
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
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
    let log = logs.join("game-000000.mjson");
    let (ok, out, _) = replay(&["--length", "east", log.to_str().unwrap()]);
    assert!(ok, "{out}");
    assert!(out.contains(": ok (mjai, "), "{out}");
    let (ok, out, err) = replay(&[log.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        out.contains("refused: illegal end_game: the game is not over by the rules"),
        "{out}"
    );
    assert_eq!(err, "error: 1 of 1 files do not replay (1 mismatches)\n");
    let (ok, _, err) = replay(&["--length", "north", log.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("--length \"north\": expected east or south"),
        "{err}"
    );
}

//! `tenpai play` left early (q, the end of input): what it says, and the
//! log it writes with `--log` — the rounds played and the actions so far of
//! the round left, no `end_game`: the finished game's log cut where the
//! person left, which `tenpai replay` and `tenpai review` read.

use crate::common;
use crate::play::{auto, scratch, SEED7};
use common::tenpai_in;

/// The log of the whole east-only game of seed 7 against baseline
/// opponents, every move the AI's.
fn whole_game_log() -> String {
    let dir = scratch();
    let log = dir.path().join("whole.mjson");
    let mut args = SEED7.to_vec();
    args.extend(["--log", log.to_str().unwrap()]);
    tenpai_in(&args, &auto(2000)).ok();
    std::fs::read_to_string(&log).unwrap()
}

/// `tenpai play` (seed 7, east only, baseline opponents) with `--log`,
/// given `input`; the run, the log's text and its path (in the directory
/// returned, removed when it is dropped).
fn play_and_leave(input: &str) -> (common::Run, String, String, tempfile::TempDir) {
    let dir = scratch();
    let log = dir.path().join("left.mjson");
    let mut args = SEED7.to_vec();
    args.extend(["--log", log.to_str().unwrap()]);
    let r = tenpai_in(&args, input);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    (r, text, log.display().to_string(), dir)
}

#[test]
fn play_ok_quit() {
    let r = tenpai_in(SEED7, "a\nq\n");
    assert!(r
        .ok()
        .ends_with("> q\nYou left the game in East 1, 0 honba (seed 7).\n"));
}

#[test]
fn play_ok_quit_writes_the_log_of_the_game_so_far() {
    let whole = whole_game_log();
    let whole: Vec<&str> = whole.lines().collect();
    // In East 1 (no round finished), and in East 2, 2 honba.
    for (moves, finished) in [(5, 0), (60, 2)] {
        let (r, log, path, _dir) = play_and_leave(&format!("{}q\n", auto(moves)));
        let out = r.ok();
        let rounds = match finished {
            1 => "1 round".to_string(),
            n => format!("{n} rounds"),
        };
        assert!(
            out.ends_with(&format!(
                "--log {path}: the game so far, unfinished ({rounds} finished, no end_game).\n\
                 Review it: tenpai review {path}\n"
            )),
            "{out}"
        );
        let lines: Vec<&str> = log.lines().collect();
        // The finished game's log cut where the person left: the same
        // events, the players named alike.
        assert!(lines.len() > 3 && lines.len() < whole.len(), "{log}");
        assert_eq!(lines[..], whole[..lines.len()], "{moves} moves");
        assert!(
            lines[0].contains(
                "\"names\":[\"You\",\"baseline-v1 (South)\",\"baseline-v1 (West)\",\"baseline-v1 (North)\"]"
            ),
            "{}",
            lines[0]
        );
        let count = |kind: &str| {
            let needle = format!("{{\"type\":\"{kind}\"");
            lines.iter().filter(|l| l.starts_with(&needle)).count()
        };
        assert_eq!(count("end_kyoku"), finished, "{log}");
        assert_eq!(count("start_kyoku"), finished + 1, "{log}");
        assert_eq!(count("end_game"), 0);
        // The person's last discard is in it.
        assert!(
            lines.iter().rev().any(|l| l.contains("\"actor\":0")),
            "{log}"
        );
    }
}

#[test]
fn play_ok_quit_log_is_read_by_replay_and_review() {
    let (r, log, path, _dir) = play_and_leave(&format!("{}q\n", auto(60)));
    r.ok();
    // East 2, 2 honba: two rounds finished, the third under way.
    let replay = tenpai_in(&["replay", &path, "--length", "east"], "");
    assert!(
        replay.ok().starts_with(&format!(
            "{path}: ok (unfinished: the log stops in E2-2; mjai, 3 rounds, "
        )),
        "{}",
        replay.out
    );
    let review = tenpai_in(&["review", &path, "--length", "east", "--samples", "8"], "");
    let out = review.ok();
    assert!(out.contains("You"), "{out}");
    assert!(out.contains("Unfinished log (it stops in E2-2)"), "{out}");
    assert!(log.lines().count() > 100);
}

#[test]
fn play_err_input_ending_mid_game_abandons_it_and_logs_it() {
    let (r, log, path, _dir) = play_and_leave(&auto(5));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: standard input ended in East 1, 0 honba (seed 7): the game is abandoned\n"
    );
    assert!(
        r.out.ends_with(&format!(
            "> \n--log {path}: the game so far, unfinished (0 rounds finished, no end_game).\n\
             Review it: tenpai review {path}\n"
        )),
        "{}",
        r.out
    );
    assert!(log.starts_with("{\"type\":\"start_game\""), "{log}");
}

#[test]
fn play_ok_log_replaces_an_existing_file_whole_when_left() {
    let dir = scratch();
    let log = dir.path().join("keep.txt");
    std::fs::write(&log, "precious\n").unwrap();
    let mut args = SEED7.to_vec();
    args.extend(["--log", log.to_str().unwrap()]);
    tenpai_in(&args, "a\nq\n").ok();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("{\"type\":\"start_game\""), "{text}");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["keep.txt"], "no temporary file is left behind");
    // --review writes nothing for a game left early, and says so.
    let page = dir.path().join("review.html");
    args.extend(["--review", page.to_str().unwrap()]);
    let out = tenpai_in(&args, "a\nq\n").ok().to_string();
    assert!(
        out.ends_with(&format!(
            "--review {}: no review written (the game did not finish).\n",
            page.display()
        )),
        "{out}"
    );
    assert!(!page.exists());
}

#[test]
fn play_err_log_path_refused_at_the_start_and_left_alone() {
    let dir = scratch();
    let r = tenpai_in(&["play", "--log", dir.path().to_str().unwrap()], "");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        format!("error: --log {}: is a directory\n", dir.path().display())
    );
    assert!(r.out.is_empty(), "{}", r.out);
    let r = tenpai_in(&["play", "--log", "/nonexistent/dir/game.mjson"], "");
    assert_eq!(
        r.err,
        "error: --log /nonexistent/dir/game.mjson: no directory /nonexistent/dir\n"
    );
    assert!(dir.path().is_dir());
}

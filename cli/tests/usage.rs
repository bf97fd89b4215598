//! The command line's conventions, across commands: outputs checked before
//! the work, exit status 2 for usage errors and 1 for failures at run time,
//! options that exclude each other refused.

use crate::common::{tenpai, tenpai_in, Run};

/// A real game log (tenhou.net/6 JSON), read from the CLI crate's directory.
const LOG: &str = "../tests/data/tenhou6/double_ron.json";

/// A closed hand's first turn for `suggest`.
const HAND: &[&str] = &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z"];

/// `args` after `prefix`.
fn with(prefix: &[&'static str], args: &[&'static str]) -> Vec<&'static str> {
    prefix.iter().chain(args).copied().collect()
}

/// A failed run's standard error, after checking that it exited with
/// `code` and printed nothing on standard output.
#[track_caller]
fn failed_with(r: &Run, code: i32, args: &[&str]) -> String {
    assert_eq!(r.code, code, "{args:?}: {}", r.err);
    assert_eq!(r.out, "", "{args:?}");
    assert!(r.err.starts_with("error: "), "{args:?}: {}", r.err);
    r.err.clone()
}

#[test]
fn outputs_are_checked_before_the_work_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let d = dir.path().to_str().unwrap();
    let f = file.to_str().unwrap();
    let under_file = format!("{f}/sub");
    // A typo higher up a path: its last folder would be made, not the rest.
    let typo = format!("{d}/typo/logs");
    let typo_log = format!("{d}/typo/game.mjson");
    let slash_log = format!("{d}/game.mjson/");
    // The log of `review` does not exist either: the output is named, so it
    // was checked first (before the log is read, and before the review).
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec![
                "review",
                "/nonexistent/game.json",
                "--html",
                "/nonexistent/x.html",
            ],
            "error: --html /nonexistent/x.html: no directory /nonexistent\n".into(),
        ),
        (
            vec!["review", "/nonexistent/game.json", "--html", d],
            format!("error: --html {d}: is a directory\n"),
        ),
        (
            vec!["tables", "export", "/nonexistent/x.bin"],
            "error: tables export /nonexistent/x.bin: no directory /nonexistent\n".into(),
        ),
        (
            vec!["tables", "export", d],
            format!("error: tables export {d}: is a directory\n"),
        ),
        // The game would start (and stop at the end of its empty input).
        (
            vec!["play", "--seed", "1", "--review", "/nonexistent/r.html"],
            "error: --review /nonexistent/r.html: no directory /nonexistent\n".into(),
        ),
        (
            vec!["play", "--seed", "1", "--decisions", "/nonexistent/d.csv"],
            "error: --decisions /nonexistent/d.csv: no directory /nonexistent\n".into(),
        ),
        (
            vec![
                "selfplay",
                "--games",
                "1",
                "--decisions",
                "/nonexistent/d.csv",
            ],
            "error: --decisions /nonexistent/d.csv: no directory /nonexistent\n".into(),
        ),
        (
            vec!["selfplay", "--games", "1", "--log-dir", f],
            format!("error: --log-dir {f}: not a directory (files are written into a directory)\n"),
        ),
        (
            vec!["selfplay", "--games", "1", "--log-dir", &under_file],
            format!("error: --log-dir {under_file}: {f} is not a directory\n"),
        ),
        // selfplay's and serve's --log-dir make only the last folder, as
        // play --log writes only into a folder that exists.
        (
            vec!["selfplay", "--games", "1", "--log-dir", &typo],
            format!(
                "error: --log-dir {typo}: no directory {d}/typo (only the last folder of the path is made)\n"
            ),
        ),
        (
            vec!["serve", "--port", "0", "--log-dir", &typo],
            format!(
                "error: --log-dir {typo}: no directory {d}/typo (only the last folder of the path is made)\n"
            ),
        ),
        (
            vec!["play", "--seed", "1", "--log", &typo_log],
            format!("error: --log {typo_log}: no directory {d}/typo\n"),
        ),
        // Folders that exist but cannot be written (/proc refuses new files
        // even to root): found before the game, not after it.
        (
            vec!["play", "--seed", "1", "--log", "/proc/self/x.mjson"],
            "error: --log /proc/self/x.mjson: cannot be written: no such file or directory\n"
                .into(),
        ),
        (
            vec!["play", "--seed", "1", "--review", "/proc/self/x.html"],
            "error: --review /proc/self/x.html: cannot be written: no such file or directory\n"
                .into(),
        ),
        (
            vec!["play", "--seed", "1", "--log", &slash_log],
            format!("error: --log {slash_log}: a file is expected, not a path ending in /\n"),
        ),
        (
            vec!["selfplay", "--games", "1", "--log-dir", "/proc/self"],
            "error: --log-dir /proc/self: files cannot be written into it: no such file or directory\n"
                .into(),
        ),
        (
            vec!["serve", "--port", "0", "--log-dir", "/proc/self"],
            "error: --log-dir /proc/self: files cannot be written into it: no such file or directory\n"
                .into(),
        ),
    ];
    for (args, expected) in cases {
        let r = tenpai(&args);
        assert_eq!(failed_with(&r, 1, &args), expected, "{args:?}");
    }
    // Nothing was written anywhere.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["a-file"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn log_dir_makes_only_its_last_folder() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    let args = [
        "selfplay",
        "--games=1",
        "--length=east",
        "--players=random,random,random,random",
        "--log-dir",
        logs.to_str().unwrap(),
    ];
    let r = tenpai(&args);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(logs.join("game-000000.mjson").is_file());
    // Again, into the folder now there.
    assert_eq!(tenpai(&args).code, 0);
}

#[test]
fn tables_export_names_the_file_it_cannot_write() {
    let r = tenpai(&["tables", "export", "/nonexistent/x.bin"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: tables export /nonexistent/x.bin: no directory /nonexistent\n"
    );
    // A good path still works, and says what it wrote.
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.bin");
    let out = tenpai(&["tables", "export", p.to_str().unwrap()]);
    assert!(out.ok().starts_with("wrote "), "{}", out.out);
    assert!(out.out.trim_end().ends_with(p.to_str().unwrap()));
}

#[test]
fn usage_errors_exit_2_naming_the_option() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["shanten", "--nope", "1m"], "--nope"),
        (vec!["frobnicate"], "frobnicate"),
        (
            vec!["review", LOG, "--length", "west"],
            "'--length <east|south>'",
        ),
        (vec!["play", "--length", "west"], "'--length <east|south>'"),
        (
            vec!["selfplay", "--length", "west"],
            "'--length <east|south>'",
        ),
        (
            vec!["replay", LOG, "--length", "west"],
            "'--length <east|south>'",
        ),
        (with(HAND, &["--length", "west"]), "'--length <east|south>'"),
        (
            vec!["play", "--seat", "X"],
            "'--seat <SEAT>': seat \"X\": expected 0 to 3, or E, S, W or N",
        ),
        (
            vec!["review", LOG, "--seat", "4"],
            "invalid value '4' for '--seat <SEAT>': seat 4: expected 0 to 3",
        ),
        (
            with(HAND, &["--seat", "7"]),
            "invalid value '7' for '--seat <SEAT>': seat 7: expected 0 to 3",
        ),
        (
            vec!["mjai", "--seat", "4"],
            "invalid value '4' for '--seat <SEAT>': seat 4: expected 0 to 3",
        ),
        (vec!["review", LOG, "--samples", "0"], "--samples must be 1 or more, got 0\n"),
        (vec!["play", "--samples", "0"], "--samples must be 1 or more, got 0\n"),
        (vec!["selfplay", "--samples", "0"], "--samples must be 1 or more, got 0\n"),
        (vec!["mjai", "--samples", "0"], "--samples must be 1 or more, got 0\n"),
        (with(HAND, &["--samples", "0"]), "--samples must be 1 or more, got 0\n"),
        (
            vec!["review", LOG, "--samples", "many"],
            "--samples must be a whole number 1 or more, got \"many\"\n",
        ),
        (
            vec!["review", LOG, "--threshold=-1"],
            "'--threshold <RANKS>': \"-1\": expected a loss of 0 or more",
        ),
        (vec!["review", LOG, "--threads", "0"], "--threads must be between 1 and 256, got 0\n"),
        (
            vec!["selfplay", "--players", "mc"],
            "'--players <A,B,C,D>': expected four players, got 1",
        ),
        (
            vec!["selfplay", "--players", "mc,genius,random,random"],
            "unknown player \"genius\"",
        ),
        (vec!["mjai", "--ai", "genius"], "'--ai <KIND>'"),
        (
            vec!["mjai", "--protocol", "words"],
            "'--protocol <PROTOCOL>'",
        ),
        (with(HAND, &["--event", "3"]), "--event <N>"),
        // suggest's situation flags, read by the library's parsers.
        (
            with(HAND, &["--round", "X9"]),
            "invalid value 'X9' for '--round <ROUND>': expected E1 to N4, optionally with -N honba (S2-1)\n",
        ),
        (
            with(HAND, &["--scores", "25000,25000,x,25000"]),
            "invalid value '25000,25000,x,25000' for '--scores <A,B,C,D>': \"x\": invalid digit found in string\n",
        ),
        (
            with(HAND, &["--scores", "1,2"]),
            "invalid value '1,2' for '--scores <A,B,C,D>': expected four comma-separated numbers, got 2\n",
        ),
        (
            with(HAND, &["--rivers", "1m,2m"]),
            "invalid value '1m,2m' for '--rivers <R0,R1,R2,R3>': expected four comma-separated lists (seats 0-3), got 2\n",
        ),
        (
            with(HAND, &["--rivers", "1m,,8z,"]),
            "invalid value '1m,,8z,' for '--rivers <R0,R1,R2,R3>': seat 2: \"8z\": no tile 8z (at position 1)\n",
        ),
        (
            with(HAND, &["--melds", "2[555z]"]),
            "invalid value '2[555z]' for '--melds <SEAT=MELDS>': expected SEAT=MELDS, e.g. 2=[555z]\n",
        ),
        (
            with(HAND, &["--melds", "5=[555z]"]),
            "invalid value '5=[555z]' for '--melds <SEAT=MELDS>': seat 5: expected 0 to 3\n",
        ),
        (
            with(HAND, &["--melds", "2=55z"]),
            "invalid value '2=55z' for '--melds <SEAT=MELDS>': \"55z\": only melds, in brackets\n",
        ),
        (
            with(HAND, &["--riichi", "1@x"]),
            "invalid value '1@x' for '--riichi <SEAT[@N]>': discard \"x\": invalid digit found in string\n",
        ),
        (
            with(HAND, &["--riichi", "4"]),
            "invalid value '4' for '--riichi <SEAT[@N]>': seat 4: expected 0 to 3\n",
        ),
        (
            vec!["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z5z"],
            "invalid value '4z5z' for '--drawn <TILE>': expected one tile, e.g. 4z\n",
        ),
        (
            vec!["suggest", "--hand", "123m456p789s11234z", "--drawn", "8z"],
            "invalid value '8z' for '--drawn <TILE>': \"8z\": no tile 8z (at position 1)\n",
        ),
        (vec!["suggest", "--event", "3"], "--log <FILE>"),
        (vec!["play", "--think", "fast"], "'--think <TIME>'"),
        (vec!["selfplay", "--games", "0"], "--games must be 1 or more, got 0\n"),
    ];
    for (args, needle) in cases {
        let r = tenpai(&args);
        let err = failed_with(&r, 2, &args);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Every whole-number option says its range in words, naming itself, with
/// the usage lines: never clap's range syntax (`1..=4294967295`).
#[test]
fn whole_number_options_say_their_range_in_words() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["selfplay", "--games", "0"],
            "--games must be 1 or more, got 0",
        ),
        (
            vec!["selfplay", "--games=-3"],
            "--games must be 1 or more, got -3",
        ),
        (
            vec!["selfplay", "--seed", "x"],
            "--seed must be a whole number 0 or more, got \"x\"",
        ),
        (
            vec!["selfplay", "--samples", "4294967296"],
            "--samples must be between 1 and 4,294,967,295, got 4294967296",
        ),
        (
            with(HAND, &["--left", "71"]),
            "--left must be between 0 and 70, got 71",
        ),
        (
            with(HAND, &["--honba", "256"]),
            "--honba must be between 0 and 255, got 256",
        ),
        (
            with(HAND, &["--event", "x"]),
            "--event must be a whole number 0 or more, got \"x\"",
        ),
        (
            vec!["serve", "--port", "65536"],
            "--port must be between 0 and 65,535, got 65536",
        ),
        (
            vec!["serve", "--max-messages-per-second", "0"],
            "--max-messages-per-second must be 1 or more, got 0",
        ),
        (
            vec!["serve", "--max-tables=-1"],
            "--max-tables must be 0 or more, got -1",
        ),
        (
            vec!["score", "11z", "--win", "1z", "--kyoutaku=-1"],
            "--kyoutaku must be between 0 and 1,000, got -1",
        ),
        (
            vec!["play", "--delay", "soon"],
            "--delay must be a whole number 0 or more, got \"soon\"",
        ),
        (
            vec!["mjai", "--seed", "1.5"],
            "--seed must be a whole number 0 or more, got \"1.5\"",
        ),
        (
            vec!["learn", LOG, "--out", "m.json", "--folds=-1"],
            "--folds must be 0 or more, got -1",
        ),
        // A negative number after a space is the option's value, refused
        // in the option's words (not clap's "unexpected argument").
        (
            vec!["selfplay", "--games", "-1"],
            "--games must be 1 or more, got -1",
        ),
        (
            vec!["selfplay", "--seed", "-5"],
            "--seed must be 0 or more, got -5",
        ),
        (
            with(HAND, &["--honba", "-2"]),
            "--honba must be 0 or more, got -2",
        ),
        // The library's most honba and riichi sticks (MAX_COUNTER).
        (
            vec!["score", "11z", "--win", "1z", "--honba", "1001"],
            "--honba must be between 0 and 1,000, got 1001",
        ),
        (
            vec!["score", "11z", "--win", "1z", "--kyoutaku", "1001"],
            "--kyoutaku must be between 0 and 1,000, got 1001",
        ),
        (
            with(HAND, &["--kyoutaku", "4294967295"]),
            "--kyoutaku must be between 0 and 1,000, got 4294967295",
        ),
        (
            vec!["learn", LOG, "--out", "m.json", "--ridge", "nan"],
            "--ridge must be a number between 0 and 1,000,000, got \"nan\"",
        ),
        (
            vec!["learn", LOG, "--out", "m.json", "--ridge", "inf"],
            "--ridge must be a number between 0 and 1,000,000, got \"inf\"",
        ),
        (
            vec!["learn", LOG, "--out", "m.json", "--ridge", "-1"],
            "--ridge must be a number between 0 and 1,000,000, got \"-1\"",
        ),
        (
            vec!["learn", LOG, "--out", "m.json", "--ridge", "1e308"],
            "--ridge must be a number between 0 and 1,000,000, got \"1e308\"",
        ),
        (
            vec!["learn", LOG, "--out", "m.json", "--folds", "1"],
            "--folds must be 0 (none) or 2 or more, got 1 (one fold leaves no game to train on)",
        ),
        (
            vec!["selfplay", "--games", "2", "--shard", "1/3"],
            "--shard: shard 1/3: 2 games cannot be cut into 3 shards (at most 2, each with at \
             least one)",
        ),
        (
            vec!["selfplay", "--games", "8", "--duplicate", "--shard", "3/3"],
            "--shard: shard 3/3: 2 sets of four games cannot be cut into 3 shards (at most 2, \
             each with at least one)",
        ),
    ];
    for (args, message) in cases {
        let r = tenpai(&args);
        let err = failed_with(&r, 2, &args);
        assert!(
            err.starts_with(&format!("error: {message}\n\nUsage: tenpai ")),
            "{args:?}: {err}"
        );
        assert!(
            !err.lines().next().unwrap().contains(".."),
            "{args:?}: {err}"
        );
    }
}

/// Every `--threads` takes 1 to 256 (`MAX_THREADS`): a larger number would
/// start that many threads before any work (0: `cli.rs`).
#[test]
fn threads_are_bounded_by_every_command() {
    // (serve reads --threads as play does, through the same options.)
    let commands: Vec<Vec<&str>> = vec![
        vec!["play"],
        vec!["selfplay"],
        vec!["review", LOG],
        vec!["agreement", LOG],
        vec!["mjai"],
        HAND.to_vec(),
    ];
    for c in commands {
        for (n, message) in [
            ("257", "--threads must be between 1 and 256, got 257"),
            (
                "18446744073709551615",
                "--threads must be between 1 and 256, got 18446744073709551615",
            ),
        ] {
            let args = with(&c, &["--threads", n]);
            let r = tenpai_in(&args, "");
            let err = failed_with(&r, 2, &args);
            assert!(
                err.starts_with(&format!("error: {message}\n\nUsage: tenpai ")),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn failures_at_run_time_exit_1() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["shanten", "123m8z"], "no tile 8z"),
        (vec!["waits", "123m"], "HAND \"123m\""),
        (
            vec!["review", "/nonexistent/game.json"],
            "/nonexistent/game.json",
        ),
        (
            vec!["replay", "/nonexistent/game.json"],
            "/nonexistent/game.json",
        ),
        (
            vec!["score", "--batch", "/nonexistent/cases.jsonl"],
            "--batch",
        ),
        (
            vec!["play", "--rules", "/nonexistent/rules.toml"],
            "--rules",
        ),
        (
            vec![
                "suggest",
                "--log",
                "/nonexistent/game.mjson",
                "--event",
                "3",
            ],
            "cannot read the log /nonexistent/game.mjson",
        ),
        (
            vec!["tables", "info", "/nonexistent/t.bin"],
            "/nonexistent/t.bin",
        ),
    ];
    for (args, needle) in cases {
        let r = tenpai_in(&args, "");
        let err = failed_with(&r, 1, &args);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn samples_with_think_is_refused_by_every_command() {
    let commands: Vec<Vec<&str>> = vec![
        vec!["play"],
        vec!["selfplay"],
        vec!["review", LOG],
        vec!["mjai"],
        HAND.to_vec(),
    ];
    for c in commands {
        let args = with(&c, &["--samples", "100", "--think", "1s"]);
        let r = tenpai(&args);
        let err = failed_with(&r, 2, &args);
        assert!(
            err.contains("the argument '--samples <N>' cannot be used with '--think <TIME>'"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn help_documents_the_exit_status() {
    let help = tenpai(&["--help"]);
    let text = help.ok();
    for needle in [
        "Exit status (every command):",
        "  1    a failure at run time",
        "  2    a usage error, found before any work",
        "(--samples with --think)",
    ] {
        assert!(text.contains(needle), "--help lacks {needle:?}");
    }
}

#[test]
fn option_values_that_no_run_can_use_exit_2_and_contradictions_exit_1() {
    // Usage errors: refused before any work, with clap's usage lines.
    let usage: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["play", "--opponents", "mc,mc"],
            "error: --opponents: expected one player for all AI seats or 3 (S, W, N), got 2\n\nUsage: tenpai play [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["play", "--watch", "--opponents", "mc,mc,mc"],
            "error: --opponents: expected one player for all AI seats or 4 (E, S, W, N), got 3\n\nUsage: tenpai play [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            with(HAND, &["--dora", "9x"]),
            "error: invalid value '9x' for '--dora <TILES>': ",
        ),
        (
            with(HAND, &["--left", "71"]),
            "error: --left must be between 0 and 70, got 71\n",
        ),
    ];
    for (args, start) in usage {
        let r = tenpai_in(&args, "");
        let err = failed_with(&r, 2, &args);
        assert!(err.starts_with(start), "{args:?}: {err}");
    }
    // Well-formed, but more tiles than this position leaves: a failure of
    // the position at run time, as a bad hand is.
    let args = with(HAND, &["--left", "70"]);
    let err = failed_with(&tenpai_in(&args, ""), 1, &args);
    assert!(err.starts_with("error: "), "{err}");
}

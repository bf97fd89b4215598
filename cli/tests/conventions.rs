//! Conventions every command shares, each from one place: a seat of the
//! table is read by one parser (0 to 3 or E, S, W, N), `--threads` says its
//! range from the library's constant, a file that cannot be read or written
//! is named with what was being done and why in words, and a log's events
//! are counted alike by `replay` and `suggest`.

use crate::common::{tenpai, tenpai_in, SUGGEST_OPEN_HAND_JSON};
use clap::CommandFactory;

/// A real game log (tenhou.net/6 JSON), read from the CLI crate's directory.
const LOG: &str = "../tests/data/tenhou6/double_ron.json";

/// The commands whose `--seat` is a seat of the table (not a seat wind, as
/// `score --seat` is).
const TABLE_SEAT: [&str; 5] = ["play", "serve", "review", "suggest", "mjai"];

#[test]
fn seat_help_says_numbers_and_winds_for_every_table_seat() {
    let cli = tenpai_cli::Cli::command();
    for name in TABLE_SEAT {
        let sub = cli.find_subcommand(name).unwrap();
        let seat = sub
            .get_arguments()
            .find(|a| a.get_id() == "seat")
            .unwrap_or_else(|| panic!("{name} has no --seat"));
        let help = seat.get_help().map(ToString::to_string).unwrap_or_default();
        for needle in ["0 to 3", "E, S, W or N", "0 = E, the first dealer"] {
            assert!(
                help.contains(needle),
                "{name} --seat: {help:?} lacks {needle:?}"
            );
        }
    }
}

#[test]
fn seat_err_is_the_same_refusal_in_every_command() {
    let base: [&[&str]; 5] = [
        &["play"],
        &["serve"],
        &["review", LOG],
        &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z"],
        &["mjai"],
    ];
    for (name, args) in TABLE_SEAT.iter().zip(base) {
        let args: Vec<&str> = args.iter().copied().chain(["--seat", "X"]).collect();
        let r = tenpai(&args);
        assert_eq!(r.code, 2, "{name}: {}", r.err);
        assert!(
            r.err.starts_with(
                "error: invalid value 'X' for '--seat <SEAT>': seat \"X\": expected 0 to 3, or E, \
                 S, W or N\n"
            ),
            "{name}: {}",
            r.err
        );
    }
}

#[test]
fn seat_ok_a_wind_and_its_number_are_the_same_seat() {
    // play: the same game from seat W and from seat 2 (the banner and the
    // first table are the same).
    let play = |seat: &str| {
        let r = tenpai_in(
            &[
                "play",
                "--opponents",
                "baseline",
                "--seed",
                "7",
                "--seat",
                seat,
            ],
            "q\n",
        );
        r.ok().to_string()
    };
    let west = play("W");
    assert_eq!(west, play("2"));
    assert!(west.contains("you: seat W,"), "{west}");
    // suggest: the deciding seat.
    let suggest = |seat: &str| {
        let args: Vec<&str> = SUGGEST_OPEN_HAND_JSON
            .iter()
            .map(|&a| if a == "2" { seat } else { a })
            .collect();
        let mut doc: serde_json::Value = serde_json::from_str(tenpai(&args).ok()).unwrap();
        // The time taken is the one thing that may differ.
        doc.as_object_mut().unwrap().remove("micros");
        doc
    };
    assert_eq!(suggest("W"), suggest("2"));
}

#[test]
fn threads_help_says_its_range_from_the_library() {
    let range = format!("1 to {}", tenpai::arena::MAX_THREADS);
    let cli = tenpai_cli::Cli::command();
    let mut commands = Vec::new();
    for sub in cli.get_subcommands() {
        if let Some(a) = sub.get_arguments().find(|a| a.get_id() == "threads") {
            let help = a.get_help().map(ToString::to_string).unwrap_or_default();
            assert!(
                help.contains(&range),
                "{} --threads: {help:?}",
                sub.get_name()
            );
            commands.push(sub.get_name().to_string());
        }
    }
    assert_eq!(
        commands,
        [
            "play",
            "serve",
            "review",
            "agreement",
            "suggest",
            "mjai",
            "selfplay"
        ]
    );
    let help = tenpai(&["play", "--help"]).ok().to_string();
    assert!(help.contains(&range), "{help}");
}

#[test]
fn path_errors_name_the_file_what_was_done_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let cases: [(Vec<&str>, String); 4] = [
        (
            vec!["replay", d],
            format!("error: cannot read the log {d}: it is a directory\n"),
        ),
        (
            vec!["suggest", "--log", d, "--event", "3"],
            format!("error: cannot read the log {d}: it is a directory\n"),
        ),
        (
            vec!["score", "--batch", "/nonexistent/cases.jsonl"],
            "error: cannot read the --batch file /nonexistent/cases.jsonl: no such file or \
             directory\n"
                .into(),
        ),
        (
            vec!["agreement", LOG, "--ai", "baseline", "--model", d],
            format!("error: cannot read the --model file {d}: it is a directory\n"),
        ),
    ];
    for (args, want) in cases {
        let r = tenpai(&args);
        assert_eq!((r.code, r.err.as_str()), (1, want.as_str()), "{args:?}");
    }
}

#[test]
fn replay_and_suggest_count_a_logs_events_alike() {
    // 85 events in the round, and the start_game: event 0 of suggest.
    let replay = tenpai(&["replay", LOG]);
    assert!(
        replay
            .ok()
            .ends_with(": ok (tenhou6, 1 round, 2 wins, 0 draws, 86 events)\n"),
        "{}",
        replay.out
    );
    let suggest = tenpai(&["suggest", "--log", LOG, "--event", "87"]);
    assert!(
        suggest
            .failed()
            .starts_with("error: --event 87: the log has 86 events, so N is 0 to 86; "),
        "{}",
        suggest.err
    );
}

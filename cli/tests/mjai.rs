//! `tenpai mjai`: the bot on standard input and output, in both protocols,
//! and its errors (line and problem named, exit status 1).

use crate::common;

use common::tenpai_in;

/// Seat 1's game: the dealer discards 9m; seat 1 draws N ready on 1s-4s,
/// declares riichi, and seat 2 deals in 1s.
const START: &str = r#"{"type":"start_game","id":1,"names":["a","b","c","d"]}"#;
const KYOKU: &str = r#"{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"6m","scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1m","2m","3m","4p","5p","6p","7s","8s","9s","2s","3s","E","E"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#;
const DEALER: &str = r#"{"type":"tsumo","actor":0,"pai":"?"},{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true}"#;
const DRAW: &str = r#"{"type":"tsumo","actor":1,"pai":"N"}"#;
const REACH: &str = r#"{"type":"reach","actor":1}"#;
const DEAL_IN: &str = r#"{"type":"dahai","actor":1,"pai":"N","tsumogiri":true},{"type":"reach_accepted","actor":1},{"type":"tsumo","actor":2,"pai":"?"},{"type":"dahai","actor":2,"pai":"1s","tsumogiri":false}"#;

const NONE: &str = r#"{"type":"none"}"#;
const RIICHI: &str = r#"{"type":"reach","actor":1}"#;
const DISCARD: &str = r#"{"type":"dahai","actor":1,"pai":"N","tsumogiri":true}"#;
const RON: &str = r#"{"type":"hora","actor":1,"target":2,"pai":"1s"}"#;

/// The game as mjai.app lines: JSON arrays.
fn batch() -> String {
    [START, &format!("{KYOKU},{DEALER}"), DRAW, REACH, DEAL_IN]
        .iter()
        .map(|l| format!("[{l}]\n"))
        .collect()
}

/// The game one event a line.
fn lines() -> String {
    [START, KYOKU, DEALER, DRAW, REACH, DEAL_IN]
        .join(",")
        .replace("},{", "}\n{")
        + "\n"
}

#[test]
fn mjai_ok_batch_answers_every_line_riichi_in_two_steps_then_ron() {
    let out = tenpai_in(&["mjai", "--ai", "baseline"], &batch());
    assert_eq!(
        out.ok(),
        [NONE, NONE, RIICHI, DISCARD, RON]
            .map(|a| format!("{a}\n"))
            .concat()
    );
}

#[test]
fn mjai_ok_seat_is_its_id_or_its_first_round_wind() {
    let want = [NONE, NONE, RIICHI, DISCARD, RON]
        .map(|a| format!("{a}\n"))
        .concat();
    for seat in ["1", "S", "south"] {
        let out = tenpai_in(&["mjai", "--ai", "baseline", "--seat", seat], &batch());
        assert_eq!(out.ok(), want, "--seat {seat}");
    }
}

#[test]
fn mjai_ok_seat_flag_and_monte_carlo_answer_the_same_decisions() {
    let out = tenpai_in(&["mjai", "--seat", "1", "--samples", "30"], &batch());
    let answers: Vec<&str> = out.ok().lines().collect();
    assert_eq!(answers.len(), 5);
    assert_eq!((answers[0], answers[1], answers[4]), (NONE, NONE, RON));
    // On the draw: riichi or a discard of a held tile; a reach is answered
    // by its discard when asked again.
    assert!(
        answers[2] == RIICHI || answers[2].starts_with(r#"{"type":"dahai","actor":1,"#),
        "{answers:?}"
    );
}

#[test]
fn mjai_ok_every_kind_of_the_library_plays() {
    // Each version the library has, by the name selfplay and play take
    // (`mjai --ai mc-v1` was refused before session 12).
    for kind in tenpai::ai::PLAYER_NAMES {
        let out = tenpai_in(&["mjai", "--ai", kind, "--samples", "30"], &batch());
        let answers: Vec<&str> = out.ok().lines().collect();
        assert_eq!(answers.len(), 5, "--ai {kind}");
        assert_eq!((answers[0], answers[1]), (NONE, NONE), "--ai {kind}");
        assert!(
            answers[2] == RIICHI || answers[2].starts_with(r#"{"type":"dahai","actor":1,"#),
            "--ai {kind}: {answers:?}"
        );
    }
    // The searches and the baselines keep the wait and win on it.
    for kind in ["mc-v1", "mc-v3", "baseline-v1", "baseline-learned"] {
        let out = tenpai_in(&["mjai", "--ai", kind, "--samples", "30"], &batch());
        assert_eq!(out.ok().lines().last(), Some(RON), "--ai {kind}");
    }
}

#[test]
fn mjai_ok_lines_answers_only_decisions() {
    let out = tenpai_in(
        &["mjai", "--ai", "baseline", "--protocol", "lines"],
        &lines(),
    );
    assert_eq!(
        out.ok(),
        [RIICHI, DISCARD, RON].map(|a| format!("{a}\n")).concat()
    );
    // An event that carries "can_act": false is not answered.
    let quiet = lines().replace(
        r#""pai":"1s","tsumogiri":false}"#,
        r#""pai":"1s","tsumogiri":false,"can_act":false}"#,
    );
    let out = tenpai_in(&["mjai", "--ai", "baseline", "--protocol", "lines"], &quiet);
    assert_eq!(
        out.ok(),
        [RIICHI, DISCARD].map(|a| format!("{a}\n")).concat()
    );
}

#[test]
fn mjai_err_names_the_line_and_the_problem() {
    let base = batch();
    let cases: [(String, &str, usize); 6] = [
        (format!("{base}not json\n"), "error: line 6: not an mjai message: expected ident at line 1 column 2\n", 5),
        // Scores no game reaches: the event and its field named.
        (
            base.replace("[25000,25000,25000,25000]", "[25000,25000,25000]"),
            "error: line 2: event 0 (start_kyoku): scores: expected 4 numbers, one a seat, got 3\n",
            1,
        ),
        (
            base.replace("[25000,25000,25000,25000]", "[45000,25000,35000,-5000]"),
            "error: line 2: event 0 (start_kyoku): illegal start_kyoku scores [45000, 25000, 35000, -5000]: \
             seat 3 has -5000 points, but the rules end the game when a seat goes below 0\n",
            1,
        ),
        (
            base.replace(r#"{"type":"tsumo","actor":1,"pai":"N"}"#, r#"{"type":"tsumo","actor":1,"pai":"?"}"#),
            "error: line 3: event 0 (tsumo): illegal tsumo by seat 1: this seat's own tile must be named, not ?\n",
            2,
        ),
        (
            base.replace(r#""pai":"N","tsumogiri":true},{"type":"reach_accepted""#, r#""pai":"9p","tsumogiri":false},{"type":"reach_accepted""#),
            "error: line 5: event 0 (dahai): seat 1 has no 9p for dahai\n",
            4,
        ),
        (
            base.replace(r#""honba":0,"#, ""),
            "error: line 2: event 0 (start_kyoku): missing field `honba`\n",
            1,
        ),
    ];
    for (input, want, answered) in cases {
        let run = tenpai_in(&["mjai", "--ai", "baseline"], &input);
        assert_ne!(run.code, 0, "{want}");
        assert_eq!(run.err, want);
        assert_eq!(run.out.lines().count(), answered, "{want}");
    }
}

#[test]
fn mjai_err_overlong_and_binary_lines_are_named_never_kept() {
    let base = batch();
    let long = format!("{base}[{}]\n", " ".repeat(70_000));
    let run = tenpai_in(&["mjai", "--ai", "baseline"], &long);
    assert_eq!(
        run.failed(),
        "error: line 6: 70003 bytes, over the limit of 65536\n"
    );
    assert_eq!(run.out.lines().count(), 5);
    let mut input = base.into_bytes();
    input.extend_from_slice(b"[\xff]\n");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["mjai", "--ai", "baseline"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &input).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        "error: line 6: not UTF-8 text\n"
    );
}

#[test]
fn mjai_err_bad_options() {
    // Usage errors: clap's message and exit status 2.
    let run = tenpai_in(&["mjai", "--ai", "smart"], "");
    assert_eq!(run.code, 2);
    assert!(run.err.starts_with(
        "error: invalid value 'smart' for '--ai <KIND>': unknown player \"smart\" (known: random, \
         baseline, baseline-v1, baseline-v2, baseline-v3, baseline-learned, mc, mc-v1, mc-v2, \
         mc-v3, mc-learned, cmd:COMMAND)\n"
    ));
    // The bot is tenpai's own AI: it does not pass the lines on to another.
    let run = tenpai_in(&["mjai", "--ai", "cmd:cat"], "");
    assert_eq!(run.code, 2);
    assert!(run.err.starts_with(
        "error: invalid value 'cmd:cat' for '--ai <KIND>': cmd:cat: an external bot is played \
         by play and selfplay; this option takes tenpai's own AIs: random, baseline, "
    ));
    let run = tenpai_in(&["mjai", "--protocol", "http"], "");
    assert_eq!(run.code, 2);
    assert!(run.err.starts_with(
        "error: invalid value 'http' for '--protocol <PROTOCOL>'\n  [possible values: batch, lines]\n"
    ));
    let run = tenpai_in(&["mjai"], "[{\"type\":\"start_game\"}]\n");
    assert_eq!(
        run.failed(),
        "error: line 1: start_game has no id and no seat was given\n"
    );
}

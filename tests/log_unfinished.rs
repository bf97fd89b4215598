//! Logs that hold less than a game: cut in the middle of a round, cut
//! between rounds, or empty, in each of the three formats. Replay and review
//! take every finished round and the recorded actions of the unfinished one,
//! and say how much of the game the log holds ([`Extent`]).

use crate::common;
use tenpai::game::SeatIndex;

use tenpai::ai::mc::Budget;
use tenpai::game::Action;
use tenpai::log::{self, ImportedGame, LogFormat};
use tenpai::replay::{replay, Extent, ReplayReport};
use tenpai::review::{find_decisions, review, ReviewOptions};

/// A real east-south game (15 rounds), one tenhou.net/6 document per round,
/// and its mjlog twin.
const GAME: &str = "2010081709gm-00a9-0000-fe3371ad";

fn tenhou6_lines() -> Vec<String> {
    let path = common::testdata("tenhou6").join(format!("{GAME}.json"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn mjlog_text() -> String {
    std::fs::read_to_string(common::testdata("mjlog").join(format!("{GAME}.mjlog"))).unwrap()
}

fn replayed(game: &ImportedGame) -> ReplayReport {
    replay(
        game,
        &game
            .rules_for(&tenpai::log::RulesAsked::default())
            .expect("rules")
            .rules,
    )
}

/// (rounds, wins, draws, events, mismatches) of a replay; the events are
/// the log's, its start_game first.
fn counts(r: &ReplayReport) -> (usize, usize, usize, usize, usize) {
    (r.rounds, r.wins, r.draws, r.events, r.mismatches.len())
}

fn stops_in(round: &str) -> Extent {
    Extent::UnfinishedRound {
        round: round.into(),
    }
}

fn stops_before(next: &str) -> Extent {
    Extent::UnfinishedGame { next: next.into() }
}

/// The game's first four rounds, and the fifth (E3-0) cut after five draws
/// and discards of each seat, with no result.
fn tenhou6_cut_in_e3() -> String {
    let mut lines = tenhou6_lines()[..5].to_vec();
    let mut doc: serde_json::Value = serde_json::from_str(&lines[4]).unwrap();
    let round = doc["log"][0].as_array_mut().unwrap();
    round.pop(); // the result
    for s in 0..4 {
        for list in [5 + 3 * s, 6 + 3 * s] {
            round[list].as_array_mut().unwrap().truncate(5);
        }
    }
    lines[4] = doc.to_string();
    lines.join("\n")
}

#[test]
fn unfinished_tenhou6_round_replays_its_recorded_actions() {
    let game = log::parse(&tenhou6_cut_in_e3()).unwrap();
    assert_eq!(game.rounds.len(), 5);
    assert!(game.end.is_none());
    let last = &game.rounds[4];
    assert!(!last.is_finished());
    // start_kyoku, then five draws and discards of each seat.
    assert_eq!(last.events.len(), 1 + 4 * 5 * 2);
    let rep = replayed(&game);
    assert_eq!(rep.extent, stops_in("E3-0"));
    assert_eq!(rep.extent.to_string(), "unfinished: the log stops in E3-0");
    assert_eq!(counts(&rep), (5, 3, 1, 557, 0));
}

#[test]
fn tenhou6_cut_between_rounds_says_the_game_goes_on() {
    let game = log::parse(&tenhou6_lines()[..4].join("\n")).unwrap();
    assert!(game.end.is_none());
    let rep = replayed(&game);
    assert_eq!(rep.extent, stops_before("E3-0"));
    assert_eq!(
        rep.extent.to_string(),
        "unfinished: the log stops before E3-0"
    );
    assert_eq!(counts(&rep), (4, 3, 1, 516, 0));
    // The whole game, without final scores: the rules say it is over.
    let whole = log::parse(&tenhou6_lines().join("\n")).unwrap();
    assert_eq!(replayed(&whole).extent, Extent::Whole);
}

#[test]
fn tenhou6_round_without_result_before_another_is_refused() {
    let mut lines = tenhou6_lines()[..2].to_vec();
    let mut doc: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    doc["log"][0].as_array_mut().unwrap().pop();
    lines[0] = doc.to_string();
    assert_eq!(
        log::parse(&lines.join("\n")).unwrap_err().to_string(),
        "tenhou.net/6 log, round 1 (E1-0), result: no result, and rounds follow"
    );
}

#[test]
fn unfinished_mjlog_cut_mid_round_is_read_to_its_last_whole_element() {
    let xml = mjlog_text();
    // Cut 600 bytes into the fifth round (E3-0), in the middle of an element.
    let fifth = xml.match_indices("<INIT").nth(4).unwrap().0;
    let game = log::parse(&xml[..fifth + 600]).unwrap();
    assert_eq!(game.format, LogFormat::Mjlog);
    assert_eq!(game.rounds.len(), 5);
    assert!(game.end.is_none());
    let rep = replayed(&game);
    assert_eq!(rep.extent, stops_in("E3-0"));
    assert_eq!(counts(&rep), (5, 3, 1, 568, 0));
    // The same rounds as the cut tenhou.net/6 file, as far as both go.
    let json = log::parse(&tenhou6_cut_in_e3()).unwrap();
    assert_eq!(game.rounds[..4], json.rounds[..4]);
    let n = json.rounds[4].events.len();
    assert_eq!(game.rounds[4].events.len(), 52);
    assert_eq!(game.rounds[4].events[..n], json.rounds[4].events);
}

#[test]
fn mjlog_cut_between_rounds_says_the_game_goes_on() {
    let xml = mjlog_text();
    let fifth = xml.match_indices("<INIT").nth(4).unwrap().0;
    let game = log::parse(&xml[..fifth]).unwrap();
    let rep = replayed(&game);
    assert_eq!(rep.extent, stops_before("E3-0"));
    assert_eq!(counts(&rep), (4, 3, 1, 516, 0));
    // The whole file: `owari` ends the game.
    assert_eq!(replayed(&log::parse(&xml).unwrap()).extent, Extent::Whole);
}

#[test]
fn mjlog_cut_before_any_whole_element_is_empty_as_a_cut_mjai_log_is() {
    let xml = mjlog_text();
    // Cut inside the first element, after the root's start tag: no round.
    let rep = replayed(&log::parse(&xml[..30]).unwrap());
    assert_eq!(rep.extent, Extent::Empty);
    assert_eq!(counts(&rep), (0, 0, 0, 1, 0));
    // Cut inside the first round's INIT: the elements before it are read.
    let init = xml.find("<INIT").unwrap();
    let rep = replayed(&log::parse(&xml[..init + 20]).unwrap());
    assert_eq!(rep.extent, Extent::Empty);
    // Cut inside the root's start tag: not XML to read.
    assert_eq!(
        log::parse(&xml[..8]).unwrap_err().to_string(),
        "mjlog, the XML: the document does not have a root node"
    );
}

#[test]
fn unfinished_mjai_cut_mid_round_and_between_rounds() {
    let json = log::parse(&tenhou6_lines().join("\n")).unwrap();
    let lines: Vec<String> = json.to_mjai().lines().map(str::to_string).collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("\"start_kyoku\""))
        .collect();
    // start_game, four rounds, and the fifth's first 41 events.
    let cut = lines[..starts[4] + 41].join("\n");
    let game = log::parse(&cut).unwrap();
    let rep = replayed(&game);
    assert_eq!(rep.extent, stops_in("E3-0"));
    assert_eq!(counts(&rep), (5, 3, 1, 557, 0));
    // Cut after a round's win, before its end_kyoku.
    let before_end = lines[..starts[4] - 1].join("\n");
    let rep = replayed(&log::parse(&before_end).unwrap());
    assert_eq!(rep.extent, stops_in("E2-2"));
    // Cut between rounds.
    let rep = replayed(&log::parse(&lines[..starts[4]].join("\n")).unwrap());
    assert_eq!(rep.extent, stops_before("E3-0"));
}

#[test]
fn mjai_round_without_result_before_another_is_refused() {
    let json = log::parse(&tenhou6_lines()[..2].join("\n")).unwrap();
    let lines: Vec<String> = json
        .to_mjai()
        .lines()
        .filter(|l| !l.contains("\"hora\"") && !l.contains("\"end_kyoku\""))
        .map(str::to_string)
        .collect();
    let at = lines
        .iter()
        .rposition(|l| l.contains("\"start_kyoku\""))
        .unwrap();
    assert_eq!(
        log::parse(&lines.join("\n")).unwrap_err().to_string(),
        format!(
            "mjai log, line {}: a start_kyoku after round E1-0 ended with no hora or ryukyoku",
            at + 1
        )
    );
}

#[test]
fn empty_logs_of_every_format_are_empty() {
    let mjai = r#"{"type":"start_game","names":["A","B","C","D"]}"#;
    let tenhou6 = r#"{"name":["A","B","C","D"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[]}"#;
    let mjlog = r#"<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/></mjloggm>"#;
    for text in [mjai, tenhou6, mjlog] {
        let game = log::parse(text).unwrap();
        let rep = replayed(&game);
        assert_eq!(rep.extent, Extent::Empty, "{text}");
        assert_eq!(counts(&rep), (0, 0, 0, 1, 0));
        assert!(game.end.is_none());
    }
}

#[test]
fn review_finds_the_decisions_of_an_unfinished_round() {
    let game = log::parse(&tenhou6_cut_in_e3()).unwrap();
    let rules = game
        .rules_for(&tenpai::log::RulesAsked::default())
        .expect("rules")
        .rules;
    let found = find_decisions(&game, &rules, SeatIndex::ALL[0]);
    assert_eq!(found.extent, stops_in("E3-0"));
    assert!(found.refused.is_empty());
    // Seat 0's five discards in E3-0 (the last one's choice the log shows)
    // and a call it passed on before its fourth turn.
    let in_e3: Vec<(u32, bool)> = found
        .points
        .iter()
        .filter(|p| p.round == 4)
        .map(|p| (p.turn, p.played == Action::Pass))
        .collect();
    assert_eq!(
        in_e3,
        [
            (1, false),
            (2, false),
            (3, false),
            (4, true),
            (4, false),
            (5, false)
        ]
    );
    let options = ReviewOptions {
        budget: Budget::Samples(20),
        ..ReviewOptions::default()
    };
    let r = review(
        &game,
        &rules,
        tenpai::game::SeatIndex::ALL[0],
        &options,
        &|_| {},
    )
    .unwrap();
    assert_eq!(r.extent, stops_in("E3-0"));
    assert_eq!(r.rounds.last().map(String::as_str), Some("E3-0"));
}

#[test]
fn mjai_cut_inside_a_line_is_read_to_the_line_before() {
    let json = log::parse(&tenhou6_lines().join("\n")).unwrap();
    let lines: Vec<String> = json.to_mjai().lines().map(str::to_string).collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("\"start_kyoku\""))
        .collect();
    // The fifth round's first 41 events, then half of the 42nd.
    let whole = lines[..starts[4] + 41].join("\n");
    let next = &lines[starts[4] + 41];
    let cut = format!("{whole}\n{}", &next[..next.len() / 2]);
    let rep = replayed(&log::parse(&cut).unwrap());
    assert_eq!(rep.extent, stops_in("E3-0"));
    assert_eq!(counts(&rep), (5, 3, 1, 557, 0));
    // The same broken line followed by a newline is a bad line, not a cut.
    let e = log::parse(&format!("{cut}\n")).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!(
            "mjai log, line {}: EOF while parsing",
            starts[4] + 42
        )),
        "{e}"
    );
}

#[test]
fn tenhou6_cut_inside_a_document_is_read_to_the_document_before() {
    let lines = tenhou6_lines();
    let five = lines[..5].join("\n");
    let cut = format!("{five}\n{}", &lines[5][..lines[5].len() / 2]);
    let rep = replayed(&log::parse(&cut).unwrap());
    assert_eq!(rep.extent, stops_before(&rep_round_name(&lines[5])));
    assert_eq!(rep.rounds, 5);
    // A single document cut short is still refused (no whole round to read).
    let e = log::parse(&lines[0][..lines[0].len() / 2])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(
            "tenhou.net/6 log, document 1: the file is cut short inside its only document \
             (EOF while parsing"
        ),
        "{e}"
    );
}

/// The name (`E3-0`) of a tenhou.net/6 document's round.
fn rep_round_name(doc: &str) -> String {
    log::parse(doc).unwrap().rounds[0].name()
}

#[test]
fn a_file_cut_inside_a_character_is_read_to_the_character_before() {
    let dir = tempfile::tempdir().unwrap();
    let text = tenhou6_lines()[..5].join("\n") + "\n";
    // A sixth document that breaks off inside a three-byte character.
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice("{\"title\":[\"東".as_bytes());
    bytes.truncate(bytes.len() - 1);
    let path = dir.path().join("cut.json");
    std::fs::write(&path, &bytes).unwrap();
    let rep = replayed(&log::load(&path).unwrap());
    assert_eq!(rep.rounds, 5);
    // A byte that is no character's, before the end, is still refused.
    bytes.splice(10..10, [0xff]);
    std::fs::write(&path, &bytes).unwrap();
    let e = log::load(&path).unwrap_err().to_string();
    assert!(
        e.ends_with("not UTF-8 text (byte 10 is not part of a character)"),
        "{e}"
    );
}

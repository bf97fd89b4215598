//! Tenhou's XML logs (mjlog): each of the 16 shared games imports to exactly
//! the rounds, actions and results of its tenhou.net/6 twin, and replays with
//! no mismatch; malformed XML is refused with the element and the problem.

use crate::common;

use tenpai::log::{self, ImportedGame, LogFormat, LoggedResult};
use tenpai::replay::replay;

fn mjlogs() -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(common::testdata("mjlog"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

fn twin(mjlog: &std::path::Path) -> ImportedGame {
    let name = mjlog.file_stem().unwrap().to_string_lossy().to_string();
    log::load(common::testdata("tenhou6").join(name + ".json")).unwrap()
}

/// The results with fu kept only where Tenhou's JSON writes it (below
/// mangan): the XML states fu for every hand.
fn results_as_json_writes_them(game: &ImportedGame, json: &ImportedGame) -> Vec<Vec<LoggedResult>> {
    game.rounds
        .iter()
        .zip(&json.rounds)
        .map(|(r, j)| {
            r.results
                .iter()
                .zip(&j.results)
                .map(|(ours, theirs)| match (ours, theirs) {
                    (LoggedResult::Win(w), LoggedResult::Win(t)) => {
                        let mut w = w.clone();
                        if t.fu.is_none() {
                            w.fu = None;
                        }
                        LoggedResult::Win(w)
                    }
                    (o, _) => o.clone(),
                })
                .collect()
        })
        .collect()
}

#[test]
fn mjlog_imports_as_its_tenhou6_twin_event_for_event() {
    let files = mjlogs();
    assert_eq!(files.len(), 16);
    let (mut rounds, mut events) = (0, 0);
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let xml = log::load(f).unwrap_or_else(|e| panic!("{name}: {e}"));
        let json = twin(f);
        assert_eq!(xml.format, LogFormat::Mjlog);
        assert_eq!(xml.rules, json.rules, "{name}: rules");
        assert_eq!(xml.rounds.len(), json.rounds.len(), "{name}: rounds");
        for (k, (x, j)) in xml.rounds.iter().zip(&json.rounds).enumerate() {
            for (i, (a, b)) in x.events.iter().zip(&j.events).enumerate() {
                assert_eq!(a, b, "{name}: round {k} ({}), event {i}", j.name());
            }
            assert_eq!(
                x.events.len(),
                j.events.len(),
                "{name}: round {k} ({})",
                j.name()
            );
            rounds += 1;
            events += x.events.len();
        }
        let ours = results_as_json_writes_them(&xml, &json);
        let theirs: Vec<_> = json.rounds.iter().map(|r| r.results.clone()).collect();
        assert_eq!(ours, theirs, "{name}: results");
    }
    assert_eq!((rounds, events), (171, 17153));
}

#[test]
fn mjlog_replays_with_no_mismatch() {
    let (mut rounds, mut wins, mut draws) = (0, 0, 0);
    for f in mjlogs() {
        let game = log::load(&f).unwrap();
        let rep = replay(&game, game.rules.as_ref().unwrap());
        assert_eq!(rep.mismatches, [], "{}", f.display());
        (rounds, wins, draws) = (rounds + rep.rounds, wins + rep.wins, draws + rep.draws);
        // Every game ends with the final scores of `owari`, checked.
        assert!(game.end.as_ref().is_some_and(|e| e.scores.is_some()));
    }
    assert_eq!((rounds, wins, draws), (171, 141, 30));
}

#[test]
fn mjlog_names_are_url_decoded() {
    let game = log::load(common::testdata(
        "mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog",
    ))
    .unwrap();
    assert_eq!(
        game.names,
        ["反陽子さん", "ASAPIN", "でこじ", "デジタル仙人"]
    );
}

/// A small log: seat 0 draws and discards the red 5m, seat 1 draws, the
/// round ends in a draw, and the game with it.
const XML: &str = r#"<mjloggm ver="2.3"><GO type="169"/><UN n0="%41" n1="B" n2="C" n3="D"/>
<INIT seed="0,0,0,1,2,130" ten="250,250,250,250" oya="0" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>
<T52/><D52/><U53/>
<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" owari="250,0.0,250,0.0,250,0.0,250,0.0"/></mjloggm>"#;

fn error(from: &str, to: &str) -> String {
    assert!(XML.contains(from), "{from}");
    log::mjlog::parse(&XML.replacen(from, to, 1))
        .unwrap_err()
        .to_string()
}

#[test]
fn mjlog_ok_small_log() {
    let game = log::parse(XML).unwrap();
    assert_eq!(game.format, LogFormat::Mjlog);
    let lines: Vec<String> = game.rounds[0].events[1..]
        .iter()
        .map(|e| e.to_json())
        .collect();
    assert_eq!(
        lines,
        [
            r#"{"type":"tsumo","actor":0,"pai":"5pr"}"#,
            r#"{"type":"dahai","actor":0,"pai":"5pr","tsumogiri":true}"#,
            r#"{"type":"tsumo","actor":1,"pai":"5p"}"#,
            r#"{"type":"ryukyoku","reason":"nine_terminals"}"#,
            r#"{"type":"end_kyoku"}"#,
        ]
    );
    assert_eq!(game.end.unwrap().scores, Some([25000; 4]));
}

#[test]
fn mjlog_ok_truncated_file_to_its_last_whole_element() {
    // Cut in the draw's result: the round's actions up to U53 are kept.
    let cut = log::mjlog::parse(&XML[..XML.len() - 30]).unwrap();
    assert!(!cut.rounds[0].is_finished());
    assert_eq!(cut.rounds[0].events.len(), 4);
    assert!(cut.end.is_none());
    // Cut before the first whole element: a game with no round.
    let empty = log::mjlog::parse(&XML[..30]).unwrap();
    assert!(empty.rounds.is_empty() && empty.end.is_none());
}

#[test]
fn mjlog_err_unknown_meld_bits() {
    assert_eq!(
        error("<U53/>", "<U53/><N who=\"1\" m=\"32\"/>"),
        "mjlog, <N> at 3:19 (round E1-0): m=\"32\": a three-player North (nuki) is not supported"
    );
    assert_eq!(
        error("<U53/>", "<U53/><N who=\"1\" m=\"70000\"/>"),
        "mjlog, <N> at 3:19 (round E1-0): m=\"70000\": unknown meld bits above bit 15"
    );
}

#[test]
fn mjlog_err_tile_ids() {
    assert_eq!(
        error("<D52/>", "<D136/>"),
        "mjlog, <D136> at 3:7 (round E1-0): tile 136 (expected 0 to 135)"
    );
    assert_eq!(
        error("<U53/>", "<U52/>"),
        "mjlog, <U52> at 3:13 (round E1-0): tile 52 comes out of the wall twice"
    );
    assert_eq!(
        error("hai0=\"0,4,", "hai0=\"0,999,"),
        "mjlog, <INIT> at 2:1: tile 999 (expected 0 to 135)"
    );
}

#[test]
fn mjlog_err_attributes() {
    assert_eq!(
        error(" oya=\"0\"", ""),
        "mjlog, <INIT> at 2:1: missing attribute oya"
    );
    assert_eq!(
        error("ten=\"250,250,", "ten=\"250,x,"),
        "mjlog, <INIT> at 2:1: attribute ten=\"250,x,250,250\": \"x\" is not a number"
    );
    assert_eq!(
        error("<GO type=\"169\"/>", "<GO type=\"a9\"/>"),
        "mjlog, <GO> at 1:20: attribute type=\"a9\": not a number"
    );
    assert_eq!(
        error("hai1=\"1,5,", "hai1=\"5,"),
        "mjlog, <INIT> at 2:1: attribute hai1: 12 tiles (expected 13)"
    );
}

#[test]
fn mjlog_err_rooms_results_and_structure() {
    assert_eq!(
        error("<GO type=\"169\"/>", "<GO type=\"185\"/>"),
        "mjlog, <GO> at 1:20: type 185 is a three-player room (not supported)"
    );
    assert_eq!(
        error("type=\"yao9\"", "type=\"yao8\""),
        "mjlog, <RYUUKYOKU> at 4:1 (round E1-0): attribute type=\"yao8\": unknown draw (yao9, reach4, ron3, kaze4, kan4, nm)"
    );
    assert_eq!(
        error("<T52/>", "<X52/>"),
        "mjlog, <X52> at 3:1 (round E1-0): unknown element"
    );
    assert_eq!(
        error("<mjloggm ver=\"2.3\">", "<mjloggm ver=\"2.3\"><T1/>"),
        "mjlog, <T1> at 1:20: outside a round (before the first <INIT>)"
    );
    assert_eq!(
        error("</mjloggm>", "<T60/></mjloggm>"),
        "mjlog, <T60> at 4:103 (round E1-0): after the round's end (expected <INIT> or the end of the game)"
    );
    let no_end = XML.replace(
        "<RYUUKYOKU type=\"yao9\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" owari=\"250,0.0,250,0.0,250,0.0,250,0.0\"/>",
        "",
    );
    // The last round of a game still running: its actions are kept.
    let running = log::mjlog::parse(&no_end).unwrap();
    assert!(!running.rounds[0].is_finished());
    assert_eq!(running.rounds[0].events.len(), 4);
    // A round with no result is refused when another follows.
    let init = &XML[XML.find("<INIT").unwrap()..XML.find("<T52/>").unwrap()];
    assert_eq!(
        log::mjlog::parse(&no_end.replace("<U53/>", &format!("<U53/>{init}")))
            .unwrap_err()
            .to_string(),
        "mjlog, <INIT> at 3:19: round E1-0 has no <AGARI> or <RYUUKYOKU>"
    );
    assert_eq!(
        log::parse("<html><body/></html>").unwrap_err().to_string(),
        "not a tenhou.net/6, mjai or mjlog log: it starts with \"<html><body/></html>\""
    );
}

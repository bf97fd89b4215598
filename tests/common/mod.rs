//! Shared test fixtures.
#![allow(dead_code)]

pub mod eager;

use tenpai::{Hand, TileCounts};

/// Parses a hand fixture such as `hand("123m456p789s11z")`.
pub fn hand(s: &str) -> Hand {
    s.parse()
        .unwrap_or_else(|e| panic!("bad fixture {s:?}: {e}"))
}

/// Concealed counts of a fixture.
pub fn counts(s: &str) -> TileCounts {
    *hand(s).concealed()
}

/// Path of a file in `tests/data/`.
pub fn testdata(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// Every shared tenhou.net/6 log (`tests/data/tenhou6/*.json`), sorted.
pub fn tenhou6_logs() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(testdata("tenhou6"))
        .expect("testdata/tenhou6 exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// A scored win of `seat` from `from` (itself for tsumo) with no score
/// changes: a round's outcome where only who won matters.
pub fn win(seat: u8, from: u8) -> tenpai::game::Win {
    let sit = tenpai::score::Situation::new(hand("123m456p789s11z555z"), "5z".parse().unwrap());
    let score = tenpai::score::score(&sit, &tenpai::rules::Rules::tenhou()).expect("a yaku");
    tenpai::game::Win {
        seat,
        from,
        pai: None,
        ura: Vec::new(),
        pao: None,
        score: Some(score),
        deltas: [0; 4],
    }
}

/// An exhaustive draw with these seats tenpai and no score changes.
pub fn exhaustive(tenpai: [bool; 4]) -> tenpai::game::RoundOutcome {
    tenpai::game::RoundOutcome::Draw {
        reason: tenpai::game::DrawReason::Exhaustive,
        tenpai,
        nagashi: [false; 4],
        deltas: [0; 4],
    }
}

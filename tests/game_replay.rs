//! Every shared tenhou.net/6 log replays through the engine with no mismatch.

use crate::common;

use std::path::PathBuf;
use tenpai::log;
use tenpai::replay::{replay, ReplayReport};

fn replay_file(f: &std::path::Path) -> Result<ReplayReport, log::LogError> {
    tenpai::replay::replay_file(f, &log::RulesAsked::default())
}

fn dir() -> PathBuf {
    common::testdata("tenhou6")
}

#[test]
fn replay_all_tenhou6_logs_match() {
    let files = common::tenhou6_logs();
    let (mut rounds, mut wins, mut draws, mut bad) = (0, 0, 0, Vec::new());
    for f in &files {
        let rep = replay_file(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        rounds += rep.rounds;
        wins += rep.wins;
        draws += rep.draws;
        for m in rep.mismatches {
            bad.push(format!("{}: {m}", f.file_name().unwrap().to_string_lossy()));
        }
    }
    for b in &bad {
        eprintln!("{b}");
    }
    eprintln!(
        "{} files, {rounds} rounds, {wins} wins, {draws} draws, {} mismatches",
        files.len(),
        bad.len()
    );
    // Two hand-made edge-case logs (from mjai-reviewer's tests of call parsing)
    // contradict themselves in their results; see KNOWN_BAD_RESULTS.
    let unexpected: Vec<_> = bad
        .iter()
        .filter(|b| !KNOWN_BAD_RESULTS.contains(&b.as_str()))
        .collect();
    assert!(
        unexpected.is_empty(),
        "unexpected mismatches: {unexpected:#?}"
    );
    assert_eq!(bad.len(), KNOWN_BAD_RESULTS.len(), "{bad:#?}");
    assert_eq!((files.len(), rounds, wins, draws), (36, 194, 160, 35));
}

/// Results in the shared logs that cannot be right, each with the evidence:
///
/// - `confusing_nakis_1`: seat 2 declares riichi (`r11`) and discards again
///   (`60`), so its stick is on the table when seat 0 rons the 7p; the winner
///   takes the stick, as in every real log here (e.g. `suukantsu_1`, where the
///   yakuman ron pays 32,000 and the winner's delta is +33,000). The log pays
///   only the 1,600 (1,000 + 2 honba) and leaves the stick nowhere: the round's
///   deltas do not add up to the points on the table.
/// - `confusing_nakis_2`: the result names seat 1 as the winner (`[1,0,0]`, no
///   points text, no yaku) but pays seat 2 (`[-3200,0,3200,0]`); seat 1's hand
///   (three pons and 789p9p) cannot win on the 7m seat 0 discards, while seat 2
///   (riichi, 1234567m 555s 777z) does: riichi + chun, 2 han 50 fu = 3,200.
///   The log also deals four plain 5s with `"aka": 1`, so the replay plays it
///   without a red 5s.
const KNOWN_BAD_RESULTS: [&str; 2] = [
    "confusing_nakis_1.json: E2-2 turn 41: seat 0 from 2: log deltas [1600, 0, -1600, 0], engine [2600, 0, -1600, 0]",
    "confusing_nakis_2.json: E1-0 turn 17: {\"type\":\"hora\",\"actor\":1,\"target\":0,\"pai\":\"7m\"} refused: illegal hora by seat 1: furiten",
];

/// The mjai record of each replayed tenhou.net/6 log (with the log's deltas on
/// every `hora` and `ryukyoku`) replays through the mjai reader with the same
/// results.
#[test]
fn tenhou6_records_replay_as_mjai() {
    let files = common::tenhou6_logs();
    let (mut rounds, mut wins, mut draws, mut bad) = (0, 0, 0, Vec::new());
    for f in &files {
        let game = log::load(f).unwrap();
        let rules = game.rules.clone().unwrap();
        let again = replay(&log::parse(&game.to_mjai()).unwrap(), &rules);
        rounds += again.rounds;
        wins += again.wins;
        draws += again.draws;
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        bad.extend(again.mismatches.iter().map(|m| format!("{name}: {m}")));
    }
    // The same two results disagree, compared in the same place.
    assert_eq!(bad, KNOWN_BAD_RESULTS);
    assert_eq!((rounds, wins, draws), (194, 160, 35));
}

/// A damaged log is a mismatch or an error, never a panic: every number of a
/// log is replaced in turn by other values (tile codes, 0, 60, -1, 99, call
/// strings, a string, an array). 189 damaged copies still replay exactly
/// (252 before the typed import, which read text and arrays in the rule
/// block, round info, scores and deltas as 0, a pao of -1 as none and
/// `"aka": 53` as 53 red fives).
#[test]
fn damaged_logs_never_panic() {
    let text = std::fs::read_to_string(dir().join("double_kakan_then_chankan.json")).unwrap();
    let spots: Vec<(usize, usize)> = {
        let b = text.as_bytes();
        let mut v = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let j = (i..b.len())
                    .find(|&j| !b[j].is_ascii_digit())
                    .unwrap_or(b.len());
                v.push((i, j));
                i = j;
            } else {
                i += 1;
            }
        }
        v
    };
    let subs = [
        "0",
        "60",
        "-1",
        "99",
        "53",
        "47",
        "\"p1111\"",
        "\"1212p\"",
        "\"r60\"",
        "\"k\"",
        "\"x\"",
        "[]",
    ];
    let (mut ok, mut failed) = (0, 0);
    for &(i, j) in &spots {
        for sub in subs {
            let t = format!("{}{}{}", &text[..i], sub, &text[j..]);
            match log::parse(&t) {
                Ok(g)
                    if replay(
                        &g,
                        &g.rules_for(&tenpai::log::RulesAsked::default())
                            .expect("rules")
                            .rules,
                    )
                    .mismatches
                    .is_empty() =>
                {
                    ok += 1
                }
                _ => failed += 1,
            }
        }
    }
    // Four of the damaged logs deal a seat -1 points (each of the four
    // scores of the first start_kyoku): no deal under Tenhou's rules, which
    // end the game below zero.
    assert_eq!((spots.len(), ok, failed), (191, 185, 2107));
}

#[test]
fn load_err_oversized_file_refused_without_reading_it_whole() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    // Sparse: one byte over the limit costs no disk.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(log::MAX_LOG_BYTES + 1)
        .unwrap();
    let e = log::load(&big).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "cannot read the log {}: over 64 MiB, too large for a game's log",
            big.display()
        )
    );
    let binary = dir.path().join("binary.json");
    std::fs::write(&binary, b"{\"log\": \"\xff\"}").unwrap();
    assert_eq!(
        log::load(&binary).unwrap_err().to_string(),
        format!(
            "cannot read the log {}: not UTF-8 text (byte 9 is not part of a character)",
            binary.display()
        )
    );
}

/// An mjai log's `hora` `scores` (after the win) are checked as its
/// `deltas` are: a self-played game replays clean, and the same game with
/// one win's scores off by 100 replays with exactly that mismatch (and the
/// rest of the game still checked).
#[test]
fn replay_mjai_hora_scores_are_checked() {
    use tenpai::game::{Event, Game};
    let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false).unwrap();
    while let Some(a) = game.legal().first().cloned() {
        game.step(&a).unwrap();
    }
    let mut events: Vec<Event> = game.events().to_vec();
    let text = |events: &[Event]| -> String { events.iter().map(|e| e.to_json() + "\n").collect() };
    let rules = tenpai::rules::Rules::tenhou();
    let clean = replay(&log::parse(&text(&events)).unwrap(), &rules);
    assert!(clean.mismatches.is_empty(), "{:?}", clean.mismatches);
    let hora = events
        .iter_mut()
        .find(|e| {
            matches!(
                e,
                Event::Hora {
                    scores: Some(_),
                    ..
                }
            )
        })
        .expect("a win with its scores");
    let Event::Hora {
        actor,
        target,
        scores: Some(scores),
        ..
    } = hora
    else {
        unreachable!()
    };
    let (engine, who) = (*scores, format!("seat {actor} from {target}"));
    scores[0] += 100;
    let logged = *scores;
    let rep = replay(&log::parse(&text(&events)).unwrap(), &rules);
    let messages: Vec<&str> = rep.mismatches.iter().map(|m| m.message.as_str()).collect();
    assert_eq!(
        messages,
        [format!(
            "{who}: log scores after {logged:?}, engine {engine:?}"
        )]
    );
    assert_eq!((rep.rounds, rep.wins), (clean.rounds, clean.wins));
}

//! The Monte Carlo player picks a legal action at every decision point of
//! every shared tenhou.net/6 log (each seat, each time it may act: discards,
//! riichi, calls, kans, wins, passes), and never panics.

use std::path::PathBuf;
use tenpai::ai::mc::{Budget, McPlayer};
use tenpai::game::tenhou6::replay_file;
use tenpai::game::{legal_actions, Event, Observation, Player, State};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/testdata/tenhou6")
}

#[test]
fn mc_legal_at_every_decision_of_the_tenhou_logs() {
    let mut files: Vec<_> = std::fs::read_dir(dir())
        .expect("testdata/tenhou6 exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let (mut decisions, mut searched) = (0usize, 0usize);
    for f in &files {
        let rep = replay_file(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let mut mc = McPlayer::new(&rep.rules, Budget::Samples(6), 1);
        let mut state = State::new(rep.rules.clone());
        for e in &rep.mjai {
            for seat in 0..4u8 {
                let legal = legal_actions(&state, seat);
                if legal.is_empty() {
                    continue;
                }
                let obs = Observation::of(&state, seat);
                let a = mc.act(&obs, &legal);
                assert!(
                    legal.contains(&a),
                    "{}: {a:?} not in {legal:?}",
                    f.display()
                );
                decisions += 1;
                searched += mc.last_report().is_some_and(|r| !r.trivial) as usize;
            }
            if state.apply(e).is_err() {
                // A log the engine disagrees with (see game_replay.rs): start
                // afresh at its next round.
                state = State::new(rep.rules.clone());
                state
                    .apply(&Event::StartGame {
                        names: vec![],
                        seed: None,
                    })
                    .expect("a fresh state starts");
                if matches!(e, Event::StartKyoku { .. }) {
                    let _ = state.apply(e);
                }
            }
        }
    }
    eprintln!("{decisions} decisions, {searched} searched");
    assert!(decisions > 10_000, "{decisions}");
    assert!(searched > 5_000, "{searched}");
}

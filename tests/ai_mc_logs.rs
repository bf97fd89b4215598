//! The Monte Carlo player picks a legal action at every decision point of
//! every shared tenhou.net/6 log (each seat, each time it may act: discards,
//! riichi, calls, kans, wins, passes), and never panics.

use crate::common;

use std::path::PathBuf;
use tenpai::ai::mc::{Budget, McPlayer};
use tenpai::game::SeatIndex;
use tenpai::game::{legal_actions, Event, Observation, Player, State};
use tenpai::log;

fn dir() -> PathBuf {
    common::testdata("tenhou6")
}

#[test]
fn mc_legal_at_every_decision_of_the_tenhou_logs() {
    let files = common::tenhou6_logs();
    let (mut decisions, mut searched) = (0usize, 0usize);
    for f in &files {
        let game = log::load(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let rules = game
            .rules
            .clone()
            .expect("tenhou.net/6 logs name their rules");
        let mut mc = McPlayer::new(&rules, Budget::Samples(6), 1);
        let mut state = State::new(rules.clone());
        for e in &game.events().collect::<Vec<_>>() {
            for seat in SeatIndex::ALL {
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
                state = State::new(rules.clone());
                state
                    .apply(&Event::start_game(vec![], None, Default::default()))
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

/// A time budget is kept at decision points of the logs with kans (several
/// kans, replacement draws, robbed kans) and at the widest choices (every
/// discard, and riichi with most of them): on a clock that counts work
/// (25 ms at 25 µs a reading) no rollout starts after the deadline, and a
/// search that is not trivial uses the budget to its end.
#[test]
fn mc_time_budget_kept_in_kan_logs() {
    use std::time::Duration;
    use tenpai::ai::mc::{search_with_clock, Settings, StepClock};
    let (budget, step) = (Duration::from_millis(25), Duration::from_micros(25));
    let most = (budget.as_micros() / step.as_micros()) as u32;
    let settings = Settings {
        budget: Budget::Time(budget),
        threads: 1,
        ..Default::default()
    };
    let mut searched = 0;
    for name in [
        "suukantsu_0.json",
        "suukantsu_1.json",
        "rinshan.json",
        "double_kakan_then_chankan.json",
    ] {
        let game = log::load(dir().join(name)).unwrap();
        let rules = game
            .rules
            .clone()
            .expect("tenhou.net/6 logs name their rules");
        let mut state = State::new(rules.clone());
        for (i, e) in game.events().enumerate() {
            for seat in SeatIndex::ALL {
                let legal = legal_actions(&state, seat);
                let kans = legal.iter().any(|a| {
                    matches!(
                        a,
                        tenpai::game::Action::Ankan { .. }
                            | tenpai::game::Action::Kakan { .. }
                            | tenpai::game::Action::Daiminkan
                    )
                });
                if legal.len() < 2 || (i % 7 != 0 && !kans && legal.len() < 20) {
                    continue;
                }
                let obs = Observation::of(&state, seat);
                let clock = StepClock::new(step);
                let r = search_with_clock(&obs, &legal, &rules, settings, i as u64, &clock);
                assert!(legal.contains(&r.chosen));
                assert!(
                    r.samples <= most,
                    "{name} event {i}: {} rollouts",
                    r.samples
                );
                if !r.trivial {
                    assert!(r.elapsed >= budget, "{name} event {i}: {:?}", r.elapsed);
                    searched += 1;
                }
            }
            if state.apply(&e).is_err() {
                break;
            }
        }
    }
    assert!(searched > 30, "{searched} searched decisions");
}

//! Replay of mjai JSON-lines logs: every event is applied to a [`State`], so
//! every action must be legal in our engine (and offered by
//! [`super::legal_actions`]), and the score changes an event
//! carries (`hora`, `ryukyoku`, `reach_accepted` deltas) must be the engine's.
//!
//! ```
//! use tenpai::game::{mjai::replay_mjai_str, play_game, Player, RandomPlayer};
//! let rules = tenpai::rules::Rules::tenhou();
//! let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
//! let [a, b, c, d] = &mut p;
//! let mut players: [&mut dyn Player; 4] = [a, b, c, d];
//! let game = play_game(&rules, 3, &mut players, false)?;
//! let report = replay_mjai_str(&game.to_mjai(), &rules)?;
//! assert!(report.mismatches.is_empty());
//! assert_eq!(report.rounds as u32, game.rounds);
//! # Ok::<(), tenpai::game::GameError>(())
//! ```

use super::error::GameError;
use super::event::Event;
use super::state::State;
use super::tenhou6::{Mismatch, Report};
use crate::rules::Rules;

/// Replays mjai JSON lines (blank lines skipped) under `rules`. After a refused
/// event the rest of its round is skipped and the next round starts afresh.
///
/// # Errors
/// [`GameError::Log`] naming the line when a line is not an mjai event.
pub fn replay_mjai_str(text: &str, rules: &Rules) -> Result<Report, GameError> {
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let e: Event = serde_json::from_str(line)
            .map_err(|e| GameError::Log(format!("line {}: {e}", i + 1)))?;
        events.push(e);
    }
    Ok(replay_events(&events, rules))
}

/// Replays events under `rules`; see [`replay_mjai_str`].
pub fn replay_events(events: &[Event], rules: &Rules) -> Report {
    let mut rep = Report {
        rules: rules.clone(),
        ..Report::default()
    };
    let mut state = State::new(rules.clone());
    state.check = true;
    let mut skipping = false;
    let mut turn = 1;
    let mut round = String::from("-");
    for e in events {
        if let Event::StartKyoku {
            bakaze,
            kyoku,
            honba,
            ..
        } = e
        {
            round = format!("{bakaze}{kyoku}-{honba}");
            turn = 1;
            if skipping {
                state = State::new(rules.clone());
                state.check = true;
                state
                    .apply(&Event::StartGame {
                        names: vec![],
                        seed: None,
                    })
                    .expect("a fresh state starts");
                skipping = false;
            }
            rep.rounds += 1;
        }
        if skipping {
            continue;
        }
        let mut next = state.clone();
        let checked = next
            .apply(e)
            .and_then(|()| super::legal::check_offered(&state, e));
        if checked.is_ok() {
            state = next;
        }
        match checked {
            Ok(()) => {
                rep.events += 1;
                match e {
                    Event::Dahai { .. } => turn += 1,
                    Event::Hora { .. } => rep.wins += 1,
                    Event::Ryukyoku { .. } => rep.draws += 1,
                    _ => {}
                }
                rep.mjai.push(e.clone());
            }
            Err(err) => {
                rep.mismatches.push(Mismatch {
                    round: round.clone(),
                    turn,
                    message: format!("{} refused: {err}", e.to_json()),
                });
                skipping = true;
            }
        }
    }
    rep
}

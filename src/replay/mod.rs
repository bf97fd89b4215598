//! Replaying a game log against the engine: every event of an
//! [`ImportedGame`] is applied to a [`State`] (so every recorded action must
//! be legal and offered by [`legal_actions`](crate::game::legal_actions)), and
//! every round end is compared with the result the log records, the same way
//! for every format (`compare`): who won from whom, deltas, liability, han,
//! fu and points; draws with their payments; the game's end and final scores.
//!
//! ```
//! use tenpai::{log, replay::replay}; use tenpai::game::{ play_game, Player, RandomPlayer};
//! let rules = tenpai::rules::Rules::tenhou();
//! let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
//! let [a, b, c, d] = &mut p;
//! let mut players: [&mut dyn Player; 4] = [a, b, c, d];
//! let game = play_game(&rules, 3, &mut players, false)?;
//! let imported = log::parse(&game.to_mjai()).expect("mjai lines");
//! let report = replay(&imported, &rules);
//! assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
//! assert_eq!(report.rounds as u32, game.rounds);
//! # Ok::<(), tenpai::game::GameError>(())
//! ```

mod compare;
mod extent;
mod resume;

pub use extent::Extent;
pub use resume::{resume, ResumeError};

use crate::game::Event;
use crate::game::{RoundOutcome, State};
use crate::log::{ImportedGame, ImportedRound, LogError, LogFormat, LoggedResult, RulesAsked};
use crate::rules::Rules;
use std::fmt;
use std::path::Path;

/// One disagreement between the log and the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Mismatch {
    /// The round, e.g. `E1-0` (wind, dealer number, honba); `end` for the
    /// game's end.
    pub round: String,
    /// The turn: discards made in the round so far, plus one (0 at the end).
    pub turn: usize,
    /// What differs.
    pub message: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} turn {}: {}", self.round, self.turn, self.message)
    }
}

/// The result of replaying one log.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ReplayReport {
    /// The log's format.
    pub format: LogFormat,
    /// The rules it was replayed under.
    pub rules: Rules,
    /// Rounds replayed.
    pub rounds: usize,
    /// Wins checked (each winner of a double ron counts).
    pub wins: usize,
    /// Drawn rounds checked (exhaustive and abortive).
    pub draws: usize,
    /// The log's events, `start_game` to `end_game`
    /// ([`ImportedGame::event_count`]), replayed or not.
    pub events: usize,
    /// How much of a game the log holds: empty, the whole game, or
    /// unfinished (its last round without a result, or the game going on).
    pub extent: Extent,
    /// Every disagreement; empty when the log replays exactly.
    pub mismatches: Vec<Mismatch>,
    /// What the reader is told about the rules ([`crate::log::LogRules`]):
    /// e.g. a log that records no length but ends as an east-only game.
    pub warnings: Vec<String>,
}

/// Reads a log of any format and replays it under the rules it records,
/// else those `asked` gives ([`ImportedGame::rules_for`]), with their
/// warnings in [`ReplayReport::warnings`].
///
/// # Errors
/// The [`LogError`] of [`crate::log::load`], or of
/// [`ImportedGame::rules_for`] (an option the log contradicts);
/// disagreements with the engine are not errors but
/// [`ReplayReport::mismatches`].
///
/// ```
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tenhou6/double_ron.json");
/// let report = tenpai::replay::replay_file(path, &tenpai::log::RulesAsked::default())?;
/// assert_eq!((report.rounds, report.wins, report.mismatches.len()), (1, 2, 0));
/// # Ok::<(), tenpai::log::LogError>(())
/// ```
pub fn replay_file(path: impl AsRef<Path>, asked: &RulesAsked) -> Result<ReplayReport, LogError> {
    let game = crate::log::load(path)?;
    let read = game.rules_for(asked)?;
    let mut report = replay(&game, &read.rules);
    report.warnings = read.warnings;
    Ok(report)
}

/// Replays `game` under `rules`. After a refused event the rest of its round
/// is skipped and the next round starts afresh from its `start_kyoku`. The
/// recorded actions of an unfinished last round are replayed and checked
/// too ([`ReplayReport::extent`] says it is unfinished).
///
/// # Panics
/// Never.
pub fn replay(game: &ImportedGame, rules: &Rules) -> ReplayReport {
    let mut rep = ReplayReport {
        format: game.format,
        rules: rules.clone(),
        rounds: 0,
        wins: 0,
        draws: 0,
        events: game.event_count(),
        extent: Extent::Empty,
        mismatches: Vec::new(),
        warnings: Vec::new(),
    };
    let mut state = fresh(rules, game.names.clone());
    let mut broken = false;
    for round in &game.rounds {
        if broken {
            state = fresh(rules, Vec::new());
        }
        rep.rounds += 1;
        broken = !replay_round(&mut state, round, &mut rep);
    }
    if let (Some(end), false) = (&game.end, broken) {
        let e = Event::EndGame { scores: end.scores };
        if let Err(err) = state.apply(&e) {
            rep.mismatches.push(Mismatch {
                round: "end".into(),
                turn: 0,
                message: format!("{} refused: {err}", e.to_json()),
            });
        }
    }
    rep.extent = Extent::of(game, (!broken).then_some(&state));
    rep
}

/// A state after `start_game`, checking its invariants after every event.
fn fresh(rules: &Rules, names: Vec<String>) -> State {
    let mut state = State::new(rules.clone()).with_check(true);
    state
        .apply(&Event::start_game(names, None, Default::default()))
        .expect("a fresh state starts a game");
    state
}

/// Applies one round's events and compares its end with the log's; false when
/// an event was refused (the round stops there).
fn replay_round(state: &mut State, round: &ImportedRound, rep: &mut ReplayReport) -> bool {
    let name = round.name();
    let mut turn = 1;
    let mut dealer = 0;
    let mut results = round.results.iter();
    for e in &round.events {
        let mut next = state.clone();
        let checked = next
            .apply(e)
            .and_then(|()| crate::game::check_offered(state, e));
        let mut mismatch = |message: String| {
            rep.mismatches.push(Mismatch {
                round: name.clone(),
                turn,
                message,
            })
        };
        if let Err(err) = checked {
            mismatch(format!("{} refused: {err}", e.to_json()));
            return false;
        }
        *state = next;
        match (e, state.outcome(), results.clone().next()) {
            (Event::StartKyoku { dealer: d, .. }, ..) => dealer = *d,
            (Event::Dahai { .. }, ..) => turn += 1,
            (Event::Hora { .. }, Some(RoundOutcome::Wins(wins)), logged) => {
                rep.wins += 1;
                if let (Some(LoggedResult::Win(w)), Some(ours)) = (logged, wins.last()) {
                    compare::win(w, ours, dealer, state.scores())
                        .into_iter()
                        .for_each(&mut mismatch);
                }
                results.next();
            }
            (Event::Ryukyoku { .. }, Some(RoundOutcome::Draw { deltas, reason, .. }), logged) => {
                rep.draws += 1;
                // The reason as the engine read it (the log may give none).
                if let Some(LoggedResult::Draw(d)) = logged {
                    compare::draw(d, Some(*reason), deltas, state.scores())
                        .into_iter()
                        .for_each(&mut mismatch);
                }
                results.next();
            }
            _ => {}
        }
    }
    true
}

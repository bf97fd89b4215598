//! Finding a seat's decisions in a log: the log's events are applied to the
//! engine (as [`crate::replay`] does), and wherever the seat has a
//! choice — more than one of [`legal_actions`] — its view is kept with the
//! action the log shows it took ([`super::played`]).
//!
//! The moment of a decision is the table's (see [`crate::game::play_game`]):
//! after a draw, a discard, a call or a kan, and after the dora indicators
//! the table turns before it asks (a kan's new indicator), but before a
//! riichi declaration is accepted. A riichi is one decision: the declaration
//! with its discard ([`Action::Riichi`]).

use super::played::{seen, Seen};
use crate::game::{check_offered, legal_actions, Action, Event, Observation, SeatIndex, State};
use crate::log::ImportedGame;
use crate::replay::Extent;
use crate::rules::Rules;
use crate::view::SeatView;

/// A decision of the seat found in the log: its view, its choices and what
/// it chose.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct DecisionPoint {
    /// The round's index in the log (0 for the first).
    pub round: usize,
    /// The round's name, e.g. `E1-0` (wind, dealer number, honba).
    pub round_name: String,
    /// The seat's turn in the round: its discards so far, plus one.
    pub turn: u32,
    /// The position in the whole log's events ([`ImportedGame::events`],
    /// `start_game` being 0) of the first event after the decision:
    /// `tenpai suggest --log FILE --event N --seat S` asks about it.
    pub event: usize,
    /// The seat's view at the decision, as the AI takes it.
    pub obs: Observation,
    /// The same view as front ends draw it (the review's pages).
    pub view: SeatView,
    /// Its legal actions (two or more).
    pub legal: Vec<Action>,
    /// What it chose (one of `legal`).
    pub played: Action,
}

/// A decision whose choice the log does not show: the seat could call or win
/// on a discard, but another seat's call or win took the tile first.
#[derive(Clone, Debug, PartialEq)]
pub struct Overruled {
    /// The round's index in the log.
    pub round: usize,
    /// The round's name.
    pub round_name: String,
    /// The seat's turn in the round.
    pub turn: u32,
    /// The position in the log's events of the first event after it.
    pub event: usize,
    /// The seat's legal actions there.
    pub legal: Vec<Action>,
}

/// A round the engine refused to replay to its end: the decisions after the
/// refused event are not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedRound {
    /// The round's index in the log.
    pub round: usize,
    /// The round's name.
    pub round_name: String,
    /// The position in the log's events of the refused event.
    pub event: usize,
    /// The event and why it was refused.
    pub message: String,
}

/// Everything [`find_decisions`] found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    /// The seat's decisions, in the order of the game.
    pub points: Vec<DecisionPoint>,
    /// Its decisions the log does not show the choice of.
    pub overruled: Vec<Overruled>,
    /// Rounds cut short by an event the engine refused.
    pub refused: Vec<RefusedRound>,
    /// The scores after the last round replayed, in points, by seat; for a
    /// game over by the rules, its final scores (the engine's `end_game`:
    /// leftover riichi sticks settled).
    pub scores: [i32; 4],
    /// How much of the game the log holds (as [`crate::replay::replay`]
    /// says it): the decisions of an unfinished last round are found as far
    /// as its recorded actions go.
    pub extent: Extent,
}

/// The decisions of `seat` in `game` replayed under `rules`: every
/// point where the seat had more than one legal action and the log shows
/// what it chose. After an event the engine refuses, the rest of that round
/// is skipped (and listed in [`Found::refused`]) and the next round starts
/// afresh from its `start_kyoku`, as [`crate::replay::replay`] does.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{log, game::{Action}};
/// use tenpai::review::find_decisions;
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tenhou6/double_ron.json");
/// let game = log::load(path)?;
/// let seat = tenpai::game::SeatIndex::ALL[2];
/// let found = find_decisions(&game, &game.rules_for(&Default::default())?.rules, seat);
/// assert!(found.refused.is_empty());
/// let last = found.points.last().unwrap();
/// assert_eq!(last.played, Action::Ron); // seat 2 is one of the two winners
/// assert!(found.points.iter().all(|p| p.legal.len() > 1 && p.legal.contains(&p.played)));
/// # Ok::<(), tenpai::log::LogError>(())
/// ```
pub fn find_decisions(game: &ImportedGame, rules: &Rules, seat: SeatIndex) -> Found {
    let mut found = Found::default();
    let mut state = fresh(rules, game.names.clone());
    let mut broken = false;
    // `start_game` is event 0.
    let mut offset = 1;
    for (ri, round) in game.rounds.iter().enumerate() {
        if broken {
            state = fresh(rules, Vec::new());
        }
        let at = Place {
            round: ri,
            name: round.name(),
            offset,
        };
        broken = !find_in_round(&mut state, &round.events, seat, &at, &mut found);
        offset += round.events.len();
    }
    found.extent = Extent::of(game, (!broken).then_some(&state));
    if !broken {
        // The game's final scores are the engine's `end_game` (leftover
        // riichi sticks to the first when the rules say so), as `play` and
        // `replay` settle them; a game not over by the rules is refused
        // there and its scores stay as they are.
        let _not_over = state.apply(&Event::EndGame { scores: None });
    }
    found.scores = state.scores();
    found
}

/// Where in the log a round lies.
struct Place {
    round: usize,
    name: String,
    /// The position of the round's first event in the whole log.
    offset: usize,
}

/// A state after `start_game`.
fn fresh(rules: &Rules, names: Vec<String>) -> State {
    let mut state = State::new(rules.clone());
    state
        .apply(&Event::start_game(names, None, Default::default()))
        .expect("a fresh state starts a game");
    state
}

/// Whether an event moves the game to a point where someone may decide.
fn moves(e: &Event) -> bool {
    matches!(
        e,
        Event::Tsumo { .. }
            | Event::Dahai { .. }
            | Event::Chi { .. }
            | Event::Pon { .. }
            | Event::Daiminkan { .. }
            | Event::Ankan { .. }
            | Event::Kakan { .. }
    )
}

/// Applies one round's events, collecting the seat's decisions; false when
/// an event was refused (the round stops there).
fn find_in_round(
    state: &mut State,
    events: &[Event],
    seat: SeatIndex,
    at: &Place,
    found: &mut Found,
) -> bool {
    let mut pending = false;
    for (j, e) in events.iter().enumerate() {
        let mut next = state.clone();
        if let Err(err) = next.apply(e).and_then(|()| check_offered(state, e)) {
            found.refused.push(RefusedRound {
                round: at.round,
                round_name: at.name.clone(),
                event: at.offset + j,
                message: format!("{} refused: {err}", e.to_json()),
            });
            return false;
        }
        *state = next;
        pending |= moves(e);
        // A kan's indicator turned next is shown before anyone is asked.
        if pending && !matches!(events.get(j + 1), Some(Event::Dora { .. })) {
            pending = false;
            decide(state, seat, &events[j + 1..], at.offset + j + 1, at, found);
        }
    }
    true
}

/// Records the seat's decision at `state`, if it has one.
fn decide(
    state: &State,
    seat: SeatIndex,
    rest: &[Event],
    event: usize,
    at: &Place,
    found: &mut Found,
) {
    let legal = legal_actions(state, seat);
    if legal.len() < 2 {
        return;
    }
    let obs = Observation::of(state, seat);
    let turn = obs.rivers[seat.index()].len() as u32 + 1;
    match seen(state, seat.get(), &legal, rest) {
        Seen::Chose(played) => found.points.push(DecisionPoint {
            round: at.round,
            round_name: at.name.clone(),
            turn,
            event,
            obs,
            view: SeatView::of(state, seat),
            legal,
            played,
        }),
        Seen::Overruled => found.overruled.push(Overruled {
            round: at.round,
            round_name: at.name.clone(),
            turn,
            event,
            legal,
        }),
        // The replay refuses the event when it comes to it, or the log ends.
        Seen::NotOffered | Seen::Unknown => {}
    }
}

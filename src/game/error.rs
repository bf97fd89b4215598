//! Errors of the game engine.

use super::seat_index::SeatError;
use crate::score::ScoreError;
use thiserror::Error;

/// What is wrong with an event or a tile (a log that cannot be read is a
/// [`crate::log::LogError`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Text that is not a tile in mjai notation.
    #[error("{text:?} is not a tile (mjai notation: 1m..9s, E S W N P F C, 5mr, ?)")]
    BadTile {
        /// The text.
        text: String,
    },
    /// An event that the rules do not allow in the current state.
    #[error("illegal {event}{}: {reason}", by_seat(*.seat))]
    Illegal {
        /// The event type (`dahai`, `pon`, …).
        event: &'static str,
        /// The seat that acted (4 for events without an actor).
        seat: u8,
        /// What is wrong.
        reason: String,
    },
    /// A tile that is not where the event says it is.
    #[error("seat {seat} has no {tile} for {event}")]
    MissingTile {
        /// The event type.
        event: &'static str,
        /// The seat.
        seat: u8,
        /// The tile, in mjai notation.
        tile: String,
    },
    /// A tile that cannot come from the wall: all its copies are already seen.
    #[error("no {tile} is left in the wall")]
    NotInWall {
        /// The tile, in mjai notation.
        tile: String,
    },
    /// A win that does not score.
    #[error("seat {seat} cannot win: {error}")]
    Win {
        /// The seat.
        seat: u8,
        /// Why.
        error: ScoreError,
    },
    /// The event's own score changes differ from the engine's.
    #[error("{event}: the log says deltas {logged:?}, the engine computes {computed:?}")]
    Deltas {
        /// The event type.
        event: &'static str,
        /// Deltas in the event.
        logged: [i32; 4],
        /// Deltas the engine computed.
        computed: [i32; 4],
    },
    /// The scores after an event (`reach_accepted`, `hora`, `ryukyoku`), as
    /// the event gives them, differ from the engine's: the scores before
    /// it with its payments (for a `hora` of a multiple ron, those of the
    /// wins so far).
    #[error("{event}: the log says scores {logged:?} after it, the engine computes {computed:?}")]
    ScoresAfter {
        /// The event type.
        event: &'static str,
        /// Scores in the event.
        logged: [i32; 4],
        /// Scores the engine computed.
        computed: [i32; 4],
    },
    /// An event's `scores` that no game under the rules reaches: points on
    /// the table (scores and riichi sticks) other than the rules deal or
    /// than the game's so far, a seat below zero when that ends the game, or
    /// a score beyond [`crate::game::MAX_SCORE`] either way.
    #[error("illegal {event} scores {scores:?}: {problem}")]
    Scores {
        /// The event type (`start_kyoku`).
        event: &'static str,
        /// The scores given.
        scores: [i32; 4],
        /// What is impossible about them.
        problem: String,
    },
    /// An event naming a seat that is not 0 to 3.
    #[error("{event}: {source}")]
    Seat {
        /// The event type.
        event: &'static str,
        /// The seat number given.
        source: SeatError,
    },
    /// A seat in riichi whose concealed tiles before its draw are not
    /// ready: it was ready when it declared, and a kan in riichi keeps its
    /// waits ([`crate::game::State::from_observation`]).
    #[error("seat {seat}'s hand {hand}{} is {shanten}-shanten; a seat in riichi is ready", drawn_aside(.drawn.as_deref()))]
    RiichiNotReady {
        /// The seat.
        seat: u8,
        /// Its hand without the drawn tile, in mpsz (melds in brackets).
        hand: String,
        /// The tile it just drew, in mpsz (`None`: it answers another
        /// seat's tile).
        drawn: Option<String>,
        /// The hand's shanten number (1 or more).
        shanten: i8,
    },
    /// An invariant of the state does not hold (a bug in the engine).
    #[error("invariant broken: {0}")]
    Invariant(String),
}

impl GameError {
    pub(crate) fn illegal(event: &'static str, seat: u8, reason: impl Into<String>) -> GameError {
        GameError::Illegal {
            event,
            seat,
            reason: reason.into(),
        }
    }
}

/// ` (without the drawn 4z)`, or nothing when no tile was drawn.
fn drawn_aside(drawn: Option<&str>) -> String {
    drawn.map_or_else(String::new, |d| format!(" (without the drawn {d})"))
}

/// ` by seat N`, or nothing for the events without an actor (seat 4).
fn by_seat(seat: u8) -> String {
    if seat < 4 {
        format!(" by seat {seat}")
    } else {
        String::new()
    }
}

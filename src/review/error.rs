//! Why a review cannot be made.

use crate::game::SeatError;
use thiserror::Error;

/// A review asked of a seat or player the log does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReviewError {
    /// A seat number out of range.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// No seat of the log has this name.
    #[error("no player named {name:?} in the log (its players: {names})")]
    UnknownPlayer {
        /// The name asked for.
        name: String,
        /// The log's names, comma-separated (`none` when it names nobody).
        names: String,
    },
    /// Several seats have this name.
    #[error("{count} players are named {name:?}: give the seat")]
    AmbiguousPlayer {
        /// The name asked for.
        name: String,
        /// How many seats have it.
        count: usize,
    },
}

//! [`BatchError`]: why a batch of games refused a setting, a buffer or an
//! action.

use crate::game::GameError;
use thiserror::Error;

/// Why a [`super::VecGame`] refused its settings, an output buffer or an
/// action. A refused step changes no game.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BatchError {
    /// Settings that cannot be played: no game, no seat left to the caller,
    /// an external bot at a seat.
    #[error("{0}")]
    Settings(String),
    /// An output buffer of the wrong length.
    #[error("buffer {name}: expected {expected} values, got {got}")]
    Buffer {
        /// The buffer (`seat`, `tiles`, ...).
        name: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it has.
        got: usize,
    },
    /// Not one action per game.
    #[error("actions: expected one per game ({expected}), got {got}")]
    Actions {
        /// The number of games.
        expected: usize,
        /// The number of actions.
        got: usize,
    },
    /// An action that is not a legal action index of the game's seat to act.
    #[error("game {game}: action {action}: {reason}")]
    Action {
        /// The game (its row).
        game: usize,
        /// The action as given.
        action: i64,
        /// Why it is refused, with the seat and its legal actions.
        reason: String,
    },
    /// The engine failed inside a game (a bug of the engine or of a
    /// built-in player).
    #[error("game {game}: {source}")]
    Game {
        /// The game (its row).
        game: usize,
        /// What went wrong.
        source: GameError,
    },
}

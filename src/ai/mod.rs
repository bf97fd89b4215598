//! Players for the game engine (see [`crate::game::Player`]): the rule-based
//! baseline. The random player lives with the engine
//! ([`crate::game::RandomPlayer`]); the Monte Carlo player will join here.

mod baseline;

pub use baseline::{BaselinePlayer, LATE_WALL, RIICHI_MIN_WAITS};

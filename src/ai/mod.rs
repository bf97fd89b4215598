//! Players for the game engine (see [`crate::game::Player`]): the rule-based
//! baseline and the Monte Carlo player ([`mc::McPlayer`]). The random player
//! lives with the engine ([`crate::game::RandomPlayer`]).

mod baseline;
pub mod learned;
pub mod mc;

pub use baseline::BaselinePlayer;
pub(crate) use baseline::RIICHI_MIN_WAITS;
pub use mc::McPlayer;

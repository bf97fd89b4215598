//! Furiten, written once for the engine and the Monte Carlo rollouts.
//!
//! Source: riichi.wiki "Furiten": a player may not ron while one of its
//! waits is among its own discards, nor after passing a winning tile — until
//! its next discard, or for the rest of the round when in riichi (the
//! engine and the rollouts keep that flag; this function reads it).

use crate::tile::TileSet;

/// Whether a seat with these `waits` and its own `discarded` kinds (called
/// ones too) is furiten, `passed` telling whether it has passed a winning
/// tile (since its last discard, or at any time once in riichi).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::is_furiten;
/// use tenpai::TileSet;
/// let set = |s: &[&str]| s.iter().map(|t| t.parse().unwrap()).collect::<TileSet>();
/// assert!(is_furiten(set(&["1m", "4m"]), set(&["4m", "9p"]), false));
/// assert!(!is_furiten(set(&["1m", "4m"]), set(&["9p"]), false));
/// assert!(is_furiten(set(&["1m", "4m"]), TileSet::EMPTY, true));
/// ```
#[inline]
pub fn is_furiten(waits: TileSet, discarded: TileSet, passed: bool) -> bool {
    passed || waits.bits() & discarded.bits() != 0
}

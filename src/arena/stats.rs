//! The statistics a run reports, computed at the end from a
//! [`super::Tally`]: means with 95 % intervals per player.

use super::PlayerKind;
use serde::{Deserialize, Serialize};

/// A mean with its 95 % confidence interval (normal approximation:
/// `1.96 · s / √n`, `s` the sample standard deviation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95 % interval: the mean is in `mean ± ci95`.
    pub ci95: f64,
    /// Number of samples.
    pub n: u64,
}

/// One player's results over the games of a tally.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// The player's number (its place in [`super::Config::players`]).
    pub player: usize,
    /// Its kind.
    pub kind: PlayerKind,
    /// Final rank, 1–4 (ties by seat order), per game.
    pub rank: Estimate,
    /// Rounds won, per round played (0–1).
    pub win_rate: Estimate,
    /// Rounds lost by dealing in (ron on its discard), per round (0–1).
    pub deal_in_rate: Estimate,
    /// Rounds with a riichi declaration, per round (0–1).
    pub riichi_rate: Estimate,
    /// Rounds with at least one call (chi, pon, open kan), per round (0–1).
    pub call_rate: Estimate,
    /// Final points (in 1s), per game.
    pub points: Estimate,
}

//! The rules that tell the baseline's versions apart, each a lever that
//! self-play measured on its own (`docs/strength.md`): [`Style::V1`] is the
//! first baseline's play, [`Style::V2`] the second's.

use crate::tile::TileCounts;

/// Which of the baseline's rules are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    /// Declare riichi on any wait with an unseen winning tile (else only on
    /// [`super::RIICHI_MIN_WAITS`] or more, or late in the wall).
    pub riichi_any_wait: bool,
    /// Rank tiles against riichi by [`super::danger::safety_v2`] (tiles
    /// passed after the riichi, kabe, one-chance) instead of
    /// [`super::danger::safety`].
    pub danger_v2: bool,
    /// Weight of a tile's keep value (dora, yakuhai pair, honors) against
    /// one tile of acceptance (0: the keep value only breaks ties).
    pub keep_weight: i64,
    /// A red five that is the hand's only copy of its five keeps as a dora.
    pub red_keep: bool,
    /// One from ready against a riichi with this many dora and red fives
    /// or more, before the late wall: push with the safest tile that keeps
    /// the shanten and half the acceptance (0: always fold).
    pub push_one_shanten_dora: u32,
}

impl Style {
    /// The first baseline.
    pub const V1: Style = Style {
        riichi_any_wait: false,
        danger_v2: false,
        keep_weight: 0,
        red_keep: false,
        push_one_shanten_dora: 0,
    };

    /// The second baseline.
    pub const V2: Style = Style {
        riichi_any_wait: true,
        danger_v2: true,
        keep_weight: 2,
        red_keep: true,
        push_one_shanten_dora: 1,
    };
}

impl Style {
    /// Whether a ready hand with `waits` unseen winning tiles declares
    /// riichi: with one or more under [`Style::riichi_any_wait`] (none
    /// against another seat's riichi), else with
    /// [`super::RIICHI_MIN_WAITS`] or more, or with any before
    /// [`super::LATE_WALL`] tiles are left unless another seat is in
    /// riichi. Shared with the Monte Carlo rollouts.
    pub(crate) fn declares_riichi(&self, waits: u32, threatened: bool, live_left: u8) -> bool {
        let min = if self.riichi_any_wait && !threatened {
            1
        } else {
            super::RIICHI_MIN_WAITS
        };
        waits > 0 && (waits >= min || (!threatened && live_left < super::LATE_WALL))
    }

    /// Whether a hand one from ready, against a riichi, pushes instead of
    /// folding: it holds [`Style::push_one_shanten_dora`] dora and red
    /// fives or more (`held`, [`held_dora`]) and [`super::LATE_WALL`] tiles
    /// or more are left. Shared with the Monte Carlo rollouts.
    pub(crate) fn pushes_one_from_ready(&self, held: u32, live_left: u8) -> bool {
        self.push_one_shanten_dora > 0
            && held >= self.push_one_shanten_dora
            && live_left >= super::LATE_WALL
    }
}

/// Dora (by `dora`, the count of indicators showing each kind) and red
/// fives among the concealed tiles.
pub(crate) fn held_dora(counts: &TileCounts, red: [u8; 3], dora: &TileCounts) -> u32 {
    (0..counts.len())
        .map(|i| u32::from(counts[i]) * u32::from(dora[i]))
        .sum::<u32>()
        + red.iter().map(|&r| u32::from(r)).sum::<u32>()
}

/// The tile a hand one from ready pushes with
/// ([`Style::pushes_one_from_ready`]): among `keeping`, the discards that
/// keep it one from ready, each with its acceptance and a ranking key
/// (safety first), those with at least half the best acceptance, the one of
/// greatest key. Shared with the Monte Carlo rollouts.
pub(crate) fn push_pick<T, K: Ord>(
    keeping: impl Iterator<Item = (T, u32, K)> + Clone,
) -> Option<T> {
    let most = keeping.clone().map(|(_, n, _)| n).max().unwrap_or(0);
    let enough = most.div_ceil(2).max(1);
    keeping
        .filter(|&(_, n, _)| n >= enough)
        .max_by(|a, b| a.2.cmp(&b.2))
        .map(|(t, _, _)| t)
}

//! The rules that tell the baseline's versions apart, each a lever that
//! self-play measured on its own (`docs/strength.md`): [`Style::V1`] is the
//! first baseline's play, [`Style::V2`] the second's.

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

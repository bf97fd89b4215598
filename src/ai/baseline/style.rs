//! The rules that tell the baseline's versions apart, each a lever that
//! self-play measured on its own (`docs/strength.md`): [`Style::V1`] is the
//! first baseline's play, [`Style::V2`] the second's.

/// Which of the baseline's rules are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    /// Declare riichi on any wait with an unseen winning tile (else only on
    /// [`super::RIICHI_MIN_WAITS`] or more, or late in the wall).
    pub riichi_any_wait: bool,
    /// With another seat in riichi, declare riichi back on this many unseen
    /// winning tiles or more (the first baseline: [`super::RIICHI_MIN_WAITS`]).
    pub chase_min_waits: u32,
    /// Rank tiles against riichi by [`super::danger::safety_v2`] (tiles
    /// passed after the riichi, kabe, one-chance) instead of
    /// [`super::danger::safety`].
    pub danger_v2: bool,
    /// Ready against a riichi: throw the safest tile that keeps the hand
    /// ready on at least half the best wait (else the most efficient tile).
    pub tenpai_safest: bool,
    /// Ready against a riichi on this many unseen winning tiles or fewer,
    /// with no riichi of its own: fold (0: never fold a ready hand).
    pub fold_tenpai_waits: u32,
    /// Weight of a tile's keep value (dora, yakuhai pair, honors) against
    /// one tile of acceptance (0: the keep value only breaks ties).
    pub keep_weight: i64,
    /// A yakuhai pair in the hand with a copy unseen counts as a yaku for
    /// calls that lower the shanten.
    pub yakuhai_pair_calls: bool,
    /// Open tanyao calls with one terminal or honor left in the hand (else
    /// none).
    pub tanyao_one_off: bool,
    /// With this many tiles or fewer left in the live wall, call to get
    /// ready for the exhaustive draw with no yaku (0: never).
    pub keiten_wall: u8,
    /// One from ready against a riichi with this many dora and red fives
    /// or more, early in the wall: keep pushing with the safest tile that
    /// keeps the shanten (0: always fold).
    pub push_one_shanten_dora: u32,
    /// In the game's last round, leading by this many points or more: fold
    /// against a riichi even when ready (0: never).
    pub top_fold_lead: i32,
    /// A seat with three melds or more counts as a threat: fold when this
    /// many from ready or more (0: only riichi threatens).
    pub open_threat_shanten: i8,
    /// A red five that is the hand's only copy of its five is kept as a
    /// dora (its keep value).
    pub red_keep: bool,
}

impl Style {
    /// The first baseline.
    pub const V1: Style = Style {
        riichi_any_wait: false,
        chase_min_waits: super::RIICHI_MIN_WAITS,
        danger_v2: false,
        tenpai_safest: false,
        fold_tenpai_waits: 0,
        keep_weight: 0,
        yakuhai_pair_calls: false,
        tanyao_one_off: false,
        keiten_wall: 0,
        push_one_shanten_dora: 0,
        top_fold_lead: 0,
        open_threat_shanten: 0,
        red_keep: false,
    };

    /// The second baseline.
    pub const V2: Style = Style {
        riichi_any_wait: true,
        chase_min_waits: super::RIICHI_MIN_WAITS,
        danger_v2: true,
        tenpai_safest: true,
        fold_tenpai_waits: 0,
        keep_weight: 0,
        yakuhai_pair_calls: true,
        tanyao_one_off: true,
        keiten_wall: 8,
        push_one_shanten_dora: 0,
        top_fold_lead: 0,
        open_threat_shanten: 0,
        red_keep: false,
    };

    /// [`Style::V2`] with the levers of `TENPAI_STYLE` (`name=value`,
    /// comma-separated) set: for tuning runs only.
    pub fn tuned() -> Style {
        let mut s = Style::V2;
        let Ok(spec) = std::env::var("TENPAI_STYLE") else {
            return s;
        };
        for kv in spec.split(',').filter(|x| !x.is_empty()) {
            let (k, v) = kv.split_once('=').expect("name=value");
            let n: i64 = v.parse().expect("a number");
            match k {
                "riichi_any_wait" => s.riichi_any_wait = n != 0,
                "chase_min_waits" => s.chase_min_waits = n as u32,
                "danger_v2" => s.danger_v2 = n != 0,
                "tenpai_safest" => s.tenpai_safest = n != 0,
                "fold_tenpai_waits" => s.fold_tenpai_waits = n as u32,
                "keep_weight" => s.keep_weight = n,
                "yakuhai_pair_calls" => s.yakuhai_pair_calls = n != 0,
                "tanyao_one_off" => s.tanyao_one_off = n != 0,
                "keiten_wall" => s.keiten_wall = n as u8,
                "push_one_shanten_dora" => s.push_one_shanten_dora = n as u32,
                "top_fold_lead" => s.top_fold_lead = n as i32,
                "open_threat_shanten" => s.open_threat_shanten = n as i8,
                "red_keep" => s.red_keep = n != 0,
                _ => panic!("unknown lever {k}"),
            }
        }
        s
    }
}

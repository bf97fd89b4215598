//! Payments: basic points, limits, dealer and non-dealer shares, honba.
//!
//! All amounts are in points (1s). Basic points are fu × 2^(2 + han), capped at
//! mangan (2,000); limit hands pay haneman 3,000 (6–7 han), baiman 4,000 (8–10),
//! sanbaiman 6,000 (11–12), kazoe yakuman 8,000 (13+, or sanbaiman by option) and
//! 8,000 per yakuman. A ron pays basic × 6 (dealer) or × 4, a tsumo basic × 2 from
//! the dealer and basic × 1 from each non-dealer (× 2 from everyone when the
//! dealer wins), each rounded up to 100. Honba add 300 to a ron and 100 to each
//! tsumo share.

use crate::rules::ScoringRules;
use std::fmt;

/// The payment limit a hand reached.
///
/// ```
/// use tenpai::score::{limit_basic, Limit};
/// assert_eq!((Limit::Haneman.name(), limit_basic(Limit::Haneman)), ("haneman".to_string(), 3000));
/// assert_eq!(limit_basic(Limit::Yakuman(2)), 16000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    /// No limit: fu × 2^(2 + han) basic points.
    None,
    /// Mangan: 2,000 basic points (5 han, or fewer han that reach it).
    Mangan,
    /// Haneman: 3,000 basic points (6–7 han).
    Haneman,
    /// Baiman: 4,000 basic points (8–10 han).
    Baiman,
    /// Sanbaiman: 6,000 basic points (11–12 han, or 13+ without kazoe yakuman).
    Sanbaiman,
    /// Kazoe yakuman: 13+ han from ordinary yaku, 8,000 basic points.
    KazoeYakuman,
    /// Yakuman of the given multiple (2 = double yakuman …), 8,000 basic points each.
    Yakuman(u32),
}

impl Limit {
    /// The usual name: `mangan`, `haneman`, …, `double yakuman`; empty for none.
    pub fn name(self) -> String {
        match self {
            Limit::None => String::new(),
            Limit::Mangan => "mangan".into(),
            Limit::Haneman => "haneman".into(),
            Limit::Baiman => "baiman".into(),
            Limit::Sanbaiman => "sanbaiman".into(),
            Limit::KazoeYakuman => "kazoe yakuman".into(),
            Limit::Yakuman(1) => "yakuman".into(),
            Limit::Yakuman(2) => "double yakuman".into(),
            Limit::Yakuman(3) => "triple yakuman".into(),
            Limit::Yakuman(n) => format!("{n}x yakuman"),
        }
    }
}

impl fmt::Display for Limit {
    /// As [`Limit::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Who pays the winner what, honba included, riichi sticks excluded (points).
///
/// ```
/// use tenpai::score::{payment, Payment};
/// // A dealer's mangan by tsumo: 4,000 from each player.
/// assert_eq!(payment(2000, true, true, 0), (Payment::Tsumo { dealer: 0, non_dealer: 4000 }, 12000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payment {
    /// The discarder pays it all.
    Ron {
        /// Points from the discarder.
        discarder: u32,
    },
    /// Every other player pays a share.
    Tsumo {
        /// Points from the dealer; 0 when the winner is the dealer.
        dealer: u32,
        /// Points from each non-dealer.
        non_dealer: u32,
    },
}

/// Basic points and the limit for `han` and `fu` (ordinary yaku) under `rules`.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::score::{basic_points, Limit};
/// use tenpai::rules::Rules;
/// let r = Rules::tenhou().scoring;
/// assert_eq!(basic_points(3, 30, &r), (960, Limit::None));
/// assert_eq!(basic_points(4, 30, &r), (1920, Limit::None));
/// assert_eq!(basic_points(4, 40, &r), (2000, Limit::Mangan));
/// assert_eq!(basic_points(13, 30, &r), (8000, Limit::KazoeYakuman));
/// ```
pub fn basic_points(han: u32, fu: u32, rules: &ScoringRules) -> (u32, Limit) {
    let limit = match han {
        0..=4 => {
            let basic = fu << (2 + han);
            if basic >= 2000 || (rules.kiriage_mangan && basic >= 1920) {
                Limit::Mangan
            } else {
                return (basic, Limit::None);
            }
        }
        5 => Limit::Mangan,
        6 | 7 => Limit::Haneman,
        8..=10 => Limit::Baiman,
        11 | 12 => Limit::Sanbaiman,
        _ if rules.kazoe_yakuman => Limit::KazoeYakuman,
        _ => Limit::Sanbaiman,
    };
    (limit_basic(limit), limit)
}

/// Basic points of a limit (0 for [`Limit::None`]).
///
/// # Panics
/// Never.
///
/// ```
/// assert_eq!(tenpai::score::limit_basic(tenpai::score::Limit::Baiman), 4000);
/// ```
pub const fn limit_basic(limit: Limit) -> u32 {
    match limit {
        Limit::None => 0,
        Limit::Mangan => 2000,
        Limit::Haneman => 3000,
        Limit::Baiman => 4000,
        Limit::Sanbaiman => 6000,
        Limit::KazoeYakuman => 8000,
        Limit::Yakuman(n) => 8000 * n,
    }
}

#[inline]
const fn round_up_100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// A riichi stick (kyoutaku), in points: what a declaration puts on the
/// table and what each stick on the table pays its winner.
pub const RIICHI_STICK: u32 = 1000;

/// What one honba adds to a win, in points: all of it from the discarder of
/// a ron, a third from each payer of a tsumo.
pub const HONBA_POINTS: u32 = 300;

/// The payment for `basic` points and the total the winner receives (riichi
/// sticks excluded).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::score::{payment, Payment};
/// // 30 fu 3 han, non-dealer tsumo, 1 honba: 1,100 / 2,100.
/// assert_eq!(payment(960, false, true, 1), (Payment::Tsumo { dealer: 2100, non_dealer: 1100 }, 4300));
/// // the same by ron from the dealer seat: 5,800 + 300.
/// assert_eq!(payment(960, true, false, 1), (Payment::Ron { discarder: 6100 }, 6100));
/// ```
pub fn payment(basic: u32, dealer: bool, tsumo: bool, honba: u32) -> (Payment, u32) {
    match (tsumo, dealer) {
        (false, _) => {
            let p = round_up_100(basic * if dealer { 6 } else { 4 }) + HONBA_POINTS * honba;
            (Payment::Ron { discarder: p }, p)
        }
        (true, true) => {
            let each = round_up_100(basic * 2) + HONBA_POINTS / 3 * honba;
            (
                Payment::Tsumo {
                    dealer: 0,
                    non_dealer: each,
                },
                3 * each,
            )
        }
        (true, false) => {
            let d = round_up_100(basic * 2) + HONBA_POINTS / 3 * honba;
            let k = round_up_100(basic) + HONBA_POINTS / 3 * honba;
            (
                Payment::Tsumo {
                    dealer: d,
                    non_dealer: k,
                },
                d + 2 * k,
            )
        }
    }
}

//! The output of scoring.

use super::fu::{FuBreakdown, Reading};
use super::points::{Limit, Payment};
use super::yaku::YakuList;

/// A scored win: yaku, han, fu with their breakdown, limit and payments. Points
/// are in 1s.
///
/// ```
/// use tenpai::score::{score, Payment, Situation, Yaku};
/// use tenpai::Wind;
/// use tenpai::rules::Rules;
/// let mut s = Situation::new("345m345m66p234567s".parse()?, "7s".parse()?);
/// s.seat_wind = Wind::South;
/// s.dora_indicators = vec!["5p".parse()?];
/// s.honba = 1;
/// s.kyoutaku = 2;
/// let sc = score(&s, &Rules::tenhou())?;
/// // pinfu, tanyao, iipeikou, dora 2: 5 han, mangan by ron from a non-dealer.
/// assert_eq!(sc.yaku.iter().collect::<Vec<_>>(),
///     [(Yaku::Pinfu, 1), (Yaku::Tanyao, 1), (Yaku::Iipeikou, 1), (Yaku::Dora, 2)]);
/// assert_eq!((sc.han, sc.fu, sc.limit.name().as_str()), (5, 30, "mangan"));
/// assert_eq!(sc.payment, Payment::Ron { discarder: 8300 });
/// assert_eq!((sc.total, sc.kyoutaku_points, sc.total_with_kyoutaku()), (8300, 2000, 10300));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// Total han, dora included; 13 × `yakuman` for a yakuman hand.
    pub han: u32,
    /// Fu after rounding; 0 for a yakuman hand.
    pub fu: u32,
    /// The yaku with their han (open values on an open hand) and dora with their
    /// counts; only the yakuman in a yakuman hand.
    pub yaku: YakuList,
    /// The yakuman multiple (0 when none; 2 for a double yakuman or two yakuman).
    /// A kazoe yakuman is 0 here, its [`Score::limit`] says it.
    pub yakuman: u32,
    /// Where the fu came from; empty for a yakuman hand.
    pub fu_breakdown: FuBreakdown,
    /// The limit reached, if any.
    pub limit: Limit,
    /// Basic points (fu × 2^(2 + han), or the limit's).
    pub basic_points: u32,
    /// Who pays what, honba included, riichi sticks excluded.
    pub payment: Payment,
    /// Points the winner receives from the payments (honba included, riichi
    /// sticks excluded).
    pub total: u32,
    /// Points (in 1s) of the riichi sticks on the table, 1,000 a stick, which
    /// all go to the winner. ([`super::Situation::kyoutaku`] is their
    /// count.)
    pub kyoutaku_points: u32,
    /// The reading of the hand that was scored (melds, pair and wait).
    pub reading: Reading,
    /// Yakuman of this hand for which the rules make a player liable (pao) and
    /// that include a called meld, with their han: the game decides who pays.
    pub pao: YakuList,
}

impl Score {
    /// What the winner receives in all: payments plus riichi sticks (points).
    pub fn total_with_kyoutaku(&self) -> u32 {
        self.total + self.kyoutaku_points
    }
}

//! Who pays what: the per-seat score changes of one agari, with liability
//! (pao), honba and riichi sticks, and the tenpai payments of an exhaustive
//! draw.
//!
//! Sources: tenhou.net/man (包: a liable tsumo is paid by the liable player
//! alone, a liable ron half by the discarder and half by the liable player);
//! riichi.wiki "Sekinin barai", "Point exchanges" (the liable player pays the
//! honba); RiichiEnv `docs/RULES.md` and `riichienv-core/tests/settlement_oracle.rs`
//! (what the liable player pays when the hand holds another yakuman, Tenhou
//! and Mahjong Soul).

use crate::rules::{PaoScope, ScoringRules};
use crate::score::{limit_basic, payment, Limit, Payment, Score, HONBA_POINTS};

/// The seats of a win: who won, who dealt in, the dealer and the seat liable
/// (pao) for one of the winner's yakuman, if any. Seats are 0–3.
///
/// ```
/// let p = tenpai::game::WinSeats { winner: 1, from: 0, dealer: 0, liable: Some(3) };
/// assert!(!p.is_tsumo());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinSeats {
    /// The winner.
    pub winner: u8,
    /// Who dealt in; the winner for a tsumo.
    pub from: u8,
    /// The dealer of the round.
    pub dealer: u8,
    /// The seat that fed the meld that made a liable yakuman certain.
    pub liable: Option<u8>,
}

impl WinSeats {
    /// The win is a tsumo (the winner dealt in to himself).
    pub fn is_tsumo(&self) -> bool {
        self.winner == self.from
    }
}

/// The score change of every seat, in points, for the win `score` (scored with
/// `honba` honba; its riichi sticks all go to the winner), and the liable seat
/// when it paid.
///
/// Without liability the discarder pays a ron, and a tsumo is shared as
/// [`Score::payment`] says. When `seats.liable` is set and `score.pao` names a
/// liable yakuman (and the liable seat is not the discarder), the liable part —
/// the whole hand, or only the liable yakuman under
/// [`PaoScope::PaoYakuman`] — is paid as a ron would pay it: all of it by the
/// liable seat on a tsumo, half by each of the discarder and the liable seat on
/// a ron; the liable seat also pays all the honba; the rest of the hand is paid
/// as usual.
///
/// # Panics
/// Never (seats above 3 are taken modulo 4).
///
/// ```
/// use tenpai::game::{win_deltas, WinSeats};
/// use tenpai::rules::Rules;
/// use tenpai::score::{score, Situation};
/// // Daisangen by ron from seat 0, one honba, the third dragon fed by seat 3.
/// let mut s = Situation::new("123m55p [555z] [666z] [777z]".parse()?, "5p".parse()?);
/// s.seat_wind = tenpai::Wind::South;
/// s.honba = 1;
/// let sc = score(&s, &Rules::tenhou())?;
/// let seats = WinSeats { winner: 1, from: 0, dealer: 0, liable: Some(3) };
/// let (deltas, liable) = win_deltas(&sc, &seats, 1, &Rules::tenhou().scoring);
/// assert_eq!((deltas, liable), ([-16000, 32300, 0, -16300], Some(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn win_deltas(
    score: &Score,
    seats: &WinSeats,
    honba: u32,
    rules: &ScoringRules,
) -> ([i32; 4], Option<u8>) {
    let (winner, from) = ((seats.winner % 4) as usize, (seats.from % 4) as usize);
    let tsumo = seats.is_tsumo();
    let liable = seats
        .liable
        .map(|l| l % 4)
        .filter(|&l| !score.pao.is_empty() && (tsumo || l as usize != from));
    let mut d = [0i32; 4];
    match liable {
        None => pay(&mut d, score.payment, winner, from, seats.dealer),
        Some(l) => {
            let dealer_win = seats.winner == seats.dealer;
            let liable_basic = match rules.pao.scope {
                PaoScope::WholeHand => score.basic_points,
                PaoScope::PaoYakuman => {
                    let n = score.pao.iter().map(|(_, han)| han as u32).sum::<u32>() / 13;
                    limit_basic(Limit::Yakuman(n)).min(score.basic_points)
                }
            };
            let as_ron = |basic: u32| match payment(basic, dealer_win, false, 0).0 {
                Payment::Ron { discarder } => discarder as i32,
                Payment::Tsumo { .. } => unreachable!("a ron payment"),
            };
            let part = as_ron(liable_basic);
            let honba_points = (HONBA_POINTS * honba) as i32;
            let rest = score.basic_points - liable_basic;
            if tsumo {
                d[l as usize] -= part + honba_points;
                if rest > 0 {
                    let rest_payment = payment(rest, dealer_win, true, 0).0;
                    pay(&mut d, rest_payment, winner, from, seats.dealer);
                }
            } else {
                d[from] -= part / 2 + if rest > 0 { as_ron(rest) } else { 0 };
                d[l as usize] -= part - part / 2 + honba_points;
            }
        }
    }
    // The winner gets what the others pay (the score's total), and the sticks.
    d[winner] -= d.iter().sum::<i32>();
    d[winner] += score.kyoutaku_points as i32;
    (d, liable)
}

/// Adds the ordinary payment of a win to `d`: the discarder pays a ron, every
/// other seat its share of a tsumo.
fn pay(d: &mut [i32; 4], payment: Payment, winner: usize, from: usize, dealer: u8) {
    match payment {
        Payment::Ron { discarder } => d[from] -= discarder as i32,
        Payment::Tsumo {
            dealer: by_dealer,
            non_dealer,
        } => {
            for (o, delta) in d.iter_mut().enumerate().filter(|(o, _)| *o != winner) {
                *delta -= if o == dealer as usize {
                    by_dealer
                } else {
                    non_dealer
                } as i32;
            }
        }
    }
}

/// The tenpai payments of an exhaustive draw (noten bappu), by seat in
/// points: 3,000 points from the seats not ready (`tenpai` false) to the
/// ready ones, each side sharing its part evenly; nothing when all or none
/// are ready (riichi.wiki "Ryuukyoku").
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::tenpai_payments;
/// assert_eq!(tenpai_payments(&[true, false, false, false]), [3000, -1000, -1000, -1000]);
/// assert_eq!(tenpai_payments(&[true, true, false, true]), [1000, 1000, -3000, 1000]);
/// assert_eq!(tenpai_payments(&[false; 4]), [0; 4]);
/// ```
pub fn tenpai_payments(tenpai: &[bool; 4]) -> [i32; 4] {
    const POOL: i32 = 3000;
    let n = tenpai.iter().filter(|&&t| t).count() as i32;
    if n == 0 || n == 4 {
        return [0; 4];
    }
    tenpai.map(|t| if t { POOL / n } else { -POOL / (4 - n) })
}

/// The most points a seat's score may hold either way (below zero too)
/// where scores enter a game ([`crate::game::Event::StartKyoku`], a
/// position from an [`crate::game::Observation`]): 100,000,000, far beyond
/// any game, and small enough that no payment after it overflows an `i32`.
pub const MAX_SCORE: i32 = 100_000_000;

/// What is wrong with `scores` beyond [`MAX_SCORE`], naming the first such
/// seat; `None` when every score is within it.
pub(crate) fn score_beyond_max(scores: [i32; 4]) -> Option<String> {
    (0..4)
        .find(|&s| scores[s].unsigned_abs() > MAX_SCORE.unsigned_abs())
        .map(|s| {
            format!(
                "seat {s} has {} points, beyond the most a score holds ({MAX_SCORE} either way)",
                scores[s]
            )
        })
}

/// Pays a round's result: each seat's point change in `deltas` added to its
/// score in `scores` (a draw's payments; see [`pay_win`] for a win).
///
/// # Panics
/// Never.
///
/// ```
/// let mut scores = [25000; 4];
/// tenpai::game::pay_deltas(&mut scores, [3000, -1000, -1000, -1000]);
/// assert_eq!(scores, [28000, 24000, 24000, 24000]);
/// ```
#[inline]
pub fn pay_deltas(scores: &mut [i32; 4], deltas: [i32; 4]) {
    for (score, delta) in scores.iter_mut().zip(deltas) {
        *score += delta;
    }
}

/// Pays a win: its `deltas` (from [`win_deltas`], the riichi sticks
/// included for the winner who takes them) added to `scores`, and the
/// `sticks` on the table taken (none are left for a later winner of the same
/// discard).
///
/// # Panics
/// Never.
///
/// ```
/// let (mut scores, mut sticks) = ([24000, 25000, 25000, 25000], 1);
/// tenpai::game::pay_win(&mut scores, &mut sticks, [-3900, 4900, 0, 0]);
/// assert_eq!((scores, sticks), ([20100, 29900, 25000, 25000], 0));
/// ```
#[inline]
pub fn pay_win(scores: &mut [i32; 4], kyoutaku: &mut u32, deltas: [i32; 4]) {
    pay_deltas(scores, deltas);
    *kyoutaku = 0;
}

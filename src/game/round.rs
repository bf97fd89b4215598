//! Between rounds: which round is played ([`RoundId`]), how it ended
//! ([`RoundOutcome`], [`Win`]), who deals next, the honba and sticks carried
//! over, when the game ends (length, extension, bust, the last dealer's
//! stop) — [`next_round`] — and the final ranking with uma and oka.

use super::error::GameError;
use super::event::DrawReason;
use super::pai::Pai;
use super::seat_index::SeatIndex;
use crate::rules::GameRules;
use crate::score::Score;
use crate::Wind;
use std::fmt;

/// A round as it is dealt: the round wind, the dealer (whose seat number is
/// the round's number within the wind less one: East 1 is dealt by seat 0),
/// the honba and the riichi sticks (kyoutaku) carried into it — what mjai's
/// `start_kyoku` names.
///
/// ```
/// use tenpai::game::{RoundId, SeatIndex};
/// use tenpai::Wind;
/// let r = RoundId::new(Wind::South, SeatIndex::new(2)?, 1, 3);
/// assert_eq!((r.round_wind(), r.kyoku(), r.dealer().get(), r.honba(), r.kyoutaku()), (Wind::South, 3, 2, 1, 3));
/// assert_eq!(r.to_string(), "S3-1 (3 sticks)");
/// # Ok::<(), tenpai::game::SeatError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundId {
    round_wind: Wind,
    dealer: u8,
    honba: u8,
    kyoutaku: u32,
}

impl RoundId {
    /// East 1, no honba, no riichi sticks: the first round of a game.
    pub const FIRST: RoundId = RoundId {
        round_wind: Wind::East,
        dealer: 0,
        honba: 0,
        kyoutaku: 0,
    };

    /// The round of `round_wind` dealt by seat `dealer` with `honba` and
    /// `kyoutaku` riichi sticks (counts) on the table.
    pub fn new(round_wind: Wind, dealer: SeatIndex, honba: u8, kyoutaku: u32) -> RoundId {
        RoundId {
            round_wind,
            dealer: dealer.get(),
            honba,
            kyoutaku,
        }
    }

    /// The round an mjai `start_kyoku` names: its `bakaze` (`round_wind`),
    /// `kyoku` 1–4, `honba`, `kyotaku` (`kyoutaku`) and `oya` (`dealer`, the
    /// seat `kyoku` − 1).
    ///
    /// # Errors
    /// [`GameError::Illegal`] (event `start_kyoku`) naming the fields: a
    /// `kyoku` and `oya` that do not fit, or a `kyotaku` over
    /// [`MAX_COUNTER`](crate::score::MAX_COUNTER) (no payment may overflow).
    /// (A `bakaze` that is not a wind is refused when the event is read, as
    /// [`Wind`] reads it.)
    ///
    /// ```
    /// use tenpai::game::RoundId;
    /// use tenpai::Wind;
    /// let r = RoundId::from_mjai(Wind::South, 2, 0, 1, 1)?;
    /// assert_eq!(r.to_string(), "S2-0 (1 stick)");
    /// assert!(RoundId::from_mjai(Wind::East, 2, 0, 0, 0).is_err());
    /// assert!(RoundId::from_mjai(Wind::East, 1, 0, 3_000_000, 0).is_err());
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn from_mjai(
        round_wind: Wind,
        kyoku: u8,
        honba: u8,
        kyoutaku: u32,
        dealer: u8,
    ) -> Result<RoundId, GameError> {
        if !(1..=4).contains(&kyoku) || dealer > 3 || (kyoku - 1) != dealer {
            return Err(GameError::illegal(
                "start_kyoku",
                4,
                format!("kyoku {kyoku} and oya {dealer} do not fit (oya = kyoku - 1)"),
            ));
        }
        if kyoutaku > crate::score::MAX_COUNTER {
            return Err(GameError::illegal(
                "start_kyoku",
                4,
                format!(
                    "kyotaku {kyoutaku}: at most {} riichi sticks",
                    crate::score::MAX_COUNTER
                ),
            ));
        }
        Ok(RoundId {
            round_wind,
            dealer,
            honba,
            kyoutaku,
        })
    }

    /// The round wind.
    #[inline]
    pub fn round_wind(self) -> Wind {
        self.round_wind
    }

    /// The dealer's seat.
    #[inline]
    pub fn dealer(self) -> SeatIndex {
        SeatIndex::engine(self.dealer)
    }

    /// The round's number within its wind, 1–4 (the dealer's seat + 1).
    #[inline]
    pub fn kyoku(self) -> u8 {
        self.dealer + 1
    }

    /// Honba (repeat counters).
    #[inline]
    pub fn honba(self) -> u8 {
        self.honba
    }

    /// Riichi sticks (kyoutaku) on the table when the round is dealt (a
    /// count; 1,000 points each).
    #[inline]
    pub fn kyoutaku(self) -> u32 {
        self.kyoutaku
    }

    /// Rounds played before this one with no dealer repeat: East 1 is 0,
    /// East 4 is 3, South 1 is 4 … North 4 is 15.
    #[inline]
    pub fn index(self) -> usize {
        self.round_wind as usize * 4 + self.dealer as usize
    }
}

impl fmt::Display for RoundId {
    /// `E1-0 (0 sticks)`: wind, number and honba as Tenhou names rounds, then
    /// the sticks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.kyoutaku == 1 { "" } else { "s" };
        write!(
            f,
            "{}{}-{} ({} stick{s})",
            self.round_wind,
            self.kyoku(),
            self.honba,
            self.kyoutaku
        )
    }
}

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RoundOutcome {
    /// One win (one entry per winner in a multiple ron).
    Wins(Vec<Win>),
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
        /// Seats that were tenpai (exhaustive draws only; in a seat's view a
        /// hidden hand counts as tenpai when the deltas paid it, and as not
        /// tenpai when they give no sign).
        tenpai: [bool; 4],
        /// Seats paid nagashi mangan.
        nagashi: [bool; 4],
        /// Score changes, in points, by seat (tenpai payments or nagashi mangan).
        deltas: [i32; 4],
    },
}

/// One scored win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The winner.
    pub seat: u8,
    /// Who dealt in (the winner for tsumo).
    pub from: u8,
    /// The winning tile (the drawn tile of a tsumo, the discard or the added
    /// kan's tile of a ron); `None` in a seat's view of a hidden hand's
    /// tsumo whose `hora` event did not name it.
    pub pai: Option<Pai>,
    /// The ura-dora indicators turned for this win: one per dora indicator
    /// when the winner was in riichi, none otherwise (in a seat's view of a
    /// hidden hand's win, those its `hora` event gave).
    pub ura: Vec<Pai>,
    /// The liable seat (pao), if one paid (`None` too when the winner's
    /// hand is hidden from this view).
    pub pao: Option<u8>,
    /// The scorer's result; `None` in a seat's view when the winner's hand
    /// is hidden from it.
    pub score: Option<Score>,
    /// Score changes, in points, by seat (sticks included); in a seat's view
    /// of a hidden hand's win, those the `hora` event gave, or all zero when
    /// it gave none ([`State::scores_known`](super::State::scores_known) is then false).
    pub deltas: [i32; 4],
}

/// Seats ranked by score, highest first; ties go to the seat nearer the first
/// dealer (seat 0).
///
/// ```
/// assert_eq!(tenpai::game::ranking(&[25000, 30000, 25000, 20000]), [1, 0, 2, 3]);
/// ```
pub fn ranking(scores: &[i32; 4]) -> [u8; 4] {
    let mut r = [0u8, 1, 2, 3];
    r.sort_by_key(|&s| (-scores[s as usize], s));
    r
}

/// Each seat's place, 1 to 4, by seat: [`ranking`] turned around.
///
/// ```
/// assert_eq!(tenpai::game::places(&[25000, 30000, 25000, 20000]), [2, 1, 3, 4]);
/// ```
pub fn places(scores: &[i32; 4]) -> [u8; 4] {
    let mut p = [0u8; 4];
    for (place, &s) in (1..).zip(ranking(scores).iter()) {
        p[s as usize] = place;
    }
    p
}

/// Final scores in points: score − target + uma by rank, with the oka
/// ((target − start) × 4) to the first; they add up to 0 when the uma does.
///
/// ```
/// let rules = tenpai::rules::GameRules::default(); // uma 20000/10000, 25000 start, 30000 target
/// let f = tenpai::game::final_scores(&[40000, 30000, 20000, 10000], &rules);
/// assert_eq!(f, [50000, 10000, -20000, -40000]);
/// ```
pub fn final_scores(scores: &[i32; 4], rules: &GameRules) -> [i32; 4] {
    let mut out = [0; 4];
    for (rank, &s) in ranking(scores).iter().enumerate() {
        let s = s as usize;
        out[s] = scores[s] - rules.target_points + rules.uma[rank];
        if rank == 0 {
            out[s] += 4 * (rules.target_points - rules.start_points);
        }
    }
    out
}

/// The round after `round` ended with `outcome`, or `None` when the game is
/// over. `scores`: every seat's points after the round's payments;
/// `kyoutaku`: the riichi sticks left on the table (a count).
///
/// The rule (Tenhou's, as `rules` sets it; see riichi.wiki's pages
/// <https://riichi.wiki/Renchan>, <https://riichi.wiki/Ryuukyoku> and
/// <https://riichi.wiki/Honba>):
/// - The dealer keeps the deal (renchan) when they win (one of the winners
///   of a multiple ron is enough), when they are tenpai at an exhaustive draw,
///   and after every abortive draw; otherwise the deal passes to the next
///   seat, and after seat 3 to the next wind.
/// - Honba: one more after a dealer repeat or any draw; back to 0 when a
///   non-dealer wins alone (or with other non-dealers).
/// - The sticks stay on the table for the next round.
/// - The game is over when `bust_ends` and a seat is below 0 (exactly 0
///   plays on); when the deal passes past the game's length (East 4 for
///   east-only, South 4 for east-south) and a seat has the target's points —
///   in the extension too, where the first round that passes the deal with
///   someone at the target ends it (sudden death); when the deal passes past
///   the extension (one more wind when `extension`, none otherwise: West 4
///   for east-south, South 4 for east-only); or, with `last_dealer_stop`,
///   when the dealer of the last round (or of a round of the extension)
///   repeats by a win or by tenpai and is first (ties to the seat nearer seat
///   0) with the target's points.
/// - A dealer who keeps the deal plays the next hand otherwise, in the
///   extension too: even when another seat has reached the target and the
///   dealer is not first (Tenhou; RiichiEnv PR #232 "Preserve dealer renchan
///   during extension rounds", checked on 20,000 Mahjong Soul games; mahjax
///   PR #93, "the dealer's renchan comes first"), and in West 4.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{next_round, RoundId, RoundOutcome};
/// use tenpai::game::DrawReason;
/// use tenpai::Wind;
/// let rules = tenpai::rules::GameRules::default();
/// // East 2, dealer (seat 1) noten at the exhaustive draw: on to East 3, honba 1.
/// let draw = RoundOutcome::Draw {
///     reason: DrawReason::Exhaustive,
///     tenpai: [true, false, false, false],
///     nagashi: [false; 4],
///     deltas: [3000, -1000, -1000, -1000],
/// };
/// let [_, s1, s2, _] = tenpai::game::SeatIndex::ALL;
/// let e2 = RoundId::new(Wind::East, s1, 0, 0);
/// let next = next_round(e2, &draw, &[28000, 24000, 24000, 24000], 0, &rules);
/// assert_eq!(next, Some(RoundId::new(Wind::East, s2, 1, 0)));
/// ```
pub fn next_round(
    round: RoundId,
    outcome: &RoundOutcome,
    scores: &[i32; 4],
    kyoutaku: u32,
    rules: &GameRules,
) -> Option<RoundId> {
    next_round_after(
        round,
        RoundEnd::of(outcome, round.dealer()),
        scores,
        kyoutaku,
        rules,
    )
}

/// What of a round's outcome the next-round rule reads ([`next_round`]):
/// whether the dealer keeps the deal, whether the round was a draw, and
/// whether the dealer kept it by a win or by tenpai (only then may the last
/// dealer stop the game).
///
/// ```
/// use tenpai::game::RoundEnd;
/// assert_eq!(RoundEnd::win(true), RoundEnd { dealer_keeps: true, draw: false, dealer_may_stop: true });
/// assert_eq!(RoundEnd::exhaustive(false), RoundEnd { dealer_keeps: false, draw: true, dealer_may_stop: false });
/// assert_eq!(RoundEnd::ABORTIVE, RoundEnd { dealer_keeps: true, draw: true, dealer_may_stop: false });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    /// The dealer keeps the deal (renchan).
    pub dealer_keeps: bool,
    /// The round ended in a draw, exhaustive or abortive.
    pub draw: bool,
    /// The dealer keeps the deal by a win or by tenpai.
    pub dealer_may_stop: bool,
}

impl RoundEnd {
    /// An abortive draw: the dealer keeps the deal, and may not stop.
    pub const ABORTIVE: RoundEnd = RoundEnd {
        dealer_keeps: true,
        draw: true,
        dealer_may_stop: false,
    };

    /// One or more wins, the dealer among the winners or not.
    pub const fn win(dealer_won: bool) -> RoundEnd {
        RoundEnd {
            dealer_keeps: dealer_won,
            draw: false,
            dealer_may_stop: dealer_won,
        }
    }

    /// The exhaustive draw, the dealer tenpai or not.
    pub const fn exhaustive(dealer_tenpai: bool) -> RoundEnd {
        RoundEnd {
            dealer_keeps: dealer_tenpai,
            draw: true,
            dealer_may_stop: dealer_tenpai,
        }
    }

    /// The end of a round dealt by seat `dealer` that ended with `outcome`.
    pub fn of(outcome: &RoundOutcome, dealer: SeatIndex) -> RoundEnd {
        match outcome {
            RoundOutcome::Wins(w) => RoundEnd::win(w.iter().any(|w| w.seat == dealer.get())),
            RoundOutcome::Draw {
                reason: DrawReason::Exhaustive,
                tenpai,
                ..
            } => RoundEnd::exhaustive(tenpai[dealer.index()]),
            RoundOutcome::Draw { .. } => RoundEnd::ABORTIVE,
        }
    }
}

/// [`next_round`] from the part of the outcome it reads (for callers that
/// know the ending without a [`RoundOutcome`], such as the Monte Carlo
/// rollouts).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{next_round_after, RoundEnd, RoundId};
/// use tenpai::Wind;
/// let rules = tenpai::rules::GameRules::default(); // east-south, target 30,000
/// let s4 = RoundId::new(Wind::South, tenpai::game::SeatIndex::ALL[3], 0, 0);
/// // The last dealer wins and leads with 31,000: the game is over.
/// assert_eq!(next_round_after(s4, RoundEnd::win(true), &[20000, 25000, 24000, 31000], 0, &rules), None);
/// // Second instead: one more round.
/// assert_eq!(next_round_after(s4, RoundEnd::win(true), &[32000, 25000, 12000, 31000], 0, &rules),
///            Some(RoundId::new(Wind::South, s4.dealer(), 1, 0)));
/// ```
pub fn next_round_after(
    round: RoundId,
    end: RoundEnd,
    scores: &[i32; 4],
    kyoutaku: u32,
    rules: &GameRules,
) -> Option<RoundId> {
    let dealer = round.dealer;
    let RoundEnd {
        dealer_keeps,
        draw,
        dealer_may_stop: may_stop,
    } = end;
    let honba = if dealer_keeps || draw {
        round.honba.saturating_add(1)
    } else {
        0
    };
    let idx = round.index();
    let next_idx = if dealer_keeps { idx } else { idx + 1 };
    let length = rules.length.rounds();
    let top = *scores.iter().max().expect("four");
    let over = (rules.bust_ends && scores.iter().any(|&s| s < 0))
        || (!dealer_keeps && next_idx >= length && top >= rules.target_points)
        || next_idx >= length + if rules.extension { 4 } else { 0 }
        || (rules.last_dealer_stop
            && may_stop
            && idx + 1 >= length
            && ranking(scores)[0] == dealer
            && scores[dealer as usize] >= rules.target_points);
    if over {
        return None;
    }
    Some(RoundId {
        round_wind: *Wind::ALL.get(next_idx / 4)?,
        dealer: (next_idx % 4) as u8,
        honba,
        kyoutaku,
    })
}

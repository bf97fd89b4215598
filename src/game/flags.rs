//! A seat's riichi, ippatsu and furiten flags, and how a round's events
//! change them, written once for the engine ([`crate::game::State`]) and the
//! Monte Carlo rollouts' compact world ([`crate::ai::mc::World`]):
//!
//! - riichi declared, double on the seat's first go-around
//!   ([`SeatFlags::declare_riichi`], [`first_go_around`]), and accepted when
//!   its discard passes: the stick goes on the table and ippatsu begins
//!   ([`SeatFlags::accept_riichi`]);
//! - a seat's own discard ends its temporary furiten and its ippatsu, and
//!   makes it furiten for good when it throws a winning tile in riichi
//!   ([`SeatFlags::discarded`]);
//! - the seats that could win on a discard or a kan's tile
//!   ([`could_ron`]) are furiten once it passes — at the next draw or call
//!   ([`settle_passes`]) —, for the rest of the round when in riichi
//!   ([`SeatFlags::passed_winning_tile`]);
//! - a call ends the first go-around and everyone's ippatsu ([`call_made`]);
//!   a kan of one's own turn ends the first go-around at once
//!   ([`kan_declared`]) and ippatsu at its replacement draw ([`drew`]).
//!
//! Sources: riichi.wiki "Riichi", "Double riichi", "Ippatsu" (broken by any
//! call, closed kans included), "Furiten" (temporary, and permanent in
//! riichi), tenhou.net/man.

use super::state::RiichiState;
use crate::score::{Riichi, RIICHI_STICK};

/// One seat's riichi, ippatsu and furiten: the part of a seat that the
/// turn's rules change.
///
/// ```
/// use tenpai::game::{RiichiState, SeatFlags};
/// let mut f = SeatFlags::default();
/// f.declare_riichi(false, 0); // its first discard, nothing called yet
/// assert_eq!(f.riichi, RiichiState::Declared { double: true });
/// let (mut score, mut sticks) = (25000, 0);
/// assert!(f.accept_riichi(&mut score, &mut sticks));
/// assert_eq!((f.riichi, f.ippatsu, score, sticks), (RiichiState::Accepted { double: true }, true, 24000, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatFlags {
    /// Riichi: none, declared (its discard not passed yet) or accepted.
    pub riichi: RiichiState,
    /// Ippatsu is still possible (in riichi, no call and no own discard since).
    pub ippatsu: bool,
    /// Temporary furiten: it passed a winning tile since its last discard.
    pub furiten_temp: bool,
    /// Permanent furiten: it passed a winning tile while in riichi.
    pub furiten_riichi: bool,
}

impl SeatFlags {
    /// In riichi or having declared it.
    #[inline]
    pub fn in_riichi(&self) -> bool {
        self.riichi != RiichiState::None
    }

    /// In riichi with the stick on the table.
    #[inline]
    pub fn riichi_accepted(&self) -> bool {
        matches!(self.riichi, RiichiState::Accepted { .. })
    }

    /// It passed a winning tile (since its last discard, or at any time in
    /// riichi): the `passed` of [`crate::game::is_furiten`].
    #[inline]
    pub fn passed(&self) -> bool {
        self.furiten_temp || self.furiten_riichi
    }

    /// The riichi the scorer counts: accepted riichi only, double when
    /// declared on the first go-around.
    #[inline]
    pub fn scored_riichi(&self) -> Riichi {
        match self.riichi {
            RiichiState::Accepted { double: true } => Riichi::Double,
            RiichiState::Accepted { double: false } => Riichi::Declared,
            _ => Riichi::None,
        }
    }

    /// The seat declares riichi, having made `own_discards` discards, with a
    /// call or kan made this round or not (`any_call`): a double riichi on
    /// its first go-around ([`first_go_around`]).
    #[inline]
    pub fn declare_riichi(&mut self, any_call: bool, own_discards: usize) {
        self.riichi = RiichiState::Declared {
            double: first_go_around(any_call, own_discards),
        };
    }

    /// The seat's riichi discard passed with no win: the riichi is accepted,
    /// its stick ([`RIICHI_STICK`] points) goes from its `score` to the
    /// table's `sticks`, and ippatsu begins. `false`, and nothing changes,
    /// when no riichi was declared.
    #[inline]
    pub fn accept_riichi(&mut self, score: &mut i32, kyoutaku: &mut u32) -> bool {
        let RiichiState::Declared { double } = self.riichi else {
            return false;
        };
        self.riichi = RiichiState::Accepted { double };
        self.ippatsu = true;
        *score -= RIICHI_STICK as i32;
        *kyoutaku = kyoutaku.saturating_add(1);
        true
    }

    /// The seat discarded: its temporary furiten ends; its ippatsu too,
    /// unless this is the riichi discard (`riichi_now`); a seat in riichi
    /// that throws a tile it could have won on by tsumo (`missed_tsumo`) is
    /// furiten for the rest of the round.
    #[inline]
    pub fn discarded(&mut self, riichi_now: bool, missed_tsumo: bool) {
        self.furiten_temp = false;
        if missed_tsumo {
            self.furiten_riichi = true;
        }
        if !riichi_now {
            self.ippatsu = false;
        }
    }

    /// The seat let a tile it could have won on pass: furiten until its
    /// next discard, or for the rest of the round when in riichi.
    #[inline]
    pub fn passed_winning_tile(&mut self) {
        if self.riichi_accepted() {
            self.furiten_riichi = true;
        } else {
            self.furiten_temp = true;
        }
    }
}

/// Whether a seat that has made `own_discards` discards is on its first
/// go-around: no call or kan (closed ones too) yet this round (`any_call`)
/// and no discard of its own. What double riichi, tenhou, chiihou, renhou and
/// nine terminals ask.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::first_go_around;
/// assert!(first_go_around(false, 0));
/// assert!(!first_go_around(true, 0));
/// assert!(!first_go_around(false, 1));
/// ```
#[inline]
pub fn first_go_around(any_call: bool, own_discards: usize) -> bool {
    !any_call && own_discards == 0
}

/// The seats that could win on a tile discarded or added to a kan by seat
/// `by`: every other seat for which `waits_on(seat)` holds. They are furiten
/// if the tile passes ([`settle_passes`]).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::could_ron;
/// assert_eq!(could_ron(1, |s| s != 2), [true, false, false, true]);
/// ```
#[inline]
pub fn could_ron(by: usize, mut waits_on: impl FnMut(usize) -> bool) -> [bool; 4] {
    std::array::from_fn(|o| o != by && waits_on(o))
}

/// The last discard or kan passed without a win (the next draw or call is
/// made): each seat marked in `could_ron` passed a winning tile
/// ([`SeatFlags::passed_winning_tile`]); the marks are cleared.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{settle_passes, SeatFlags};
/// let mut flags = [SeatFlags::default(); 4];
/// let mut marks = [false, true, false, false];
/// settle_passes(&mut flags, &mut marks);
/// assert!(flags[1].furiten_temp && !flags[0].furiten_temp);
/// assert_eq!(marks, [false; 4]);
/// ```
#[inline]
pub fn settle_passes<'a>(
    flags: impl IntoIterator<Item = &'a mut SeatFlags>,
    could_ron: &mut [bool; 4],
) {
    for (f, c) in flags.into_iter().zip(could_ron.iter_mut()) {
        settle(f, c);
    }
}

/// One seat's part of [`settle_passes`].
#[inline(always)]
fn settle(f: &mut SeatFlags, could_ron: &mut bool) {
    if std::mem::take(could_ron) {
        f.passed_winning_tile();
    }
}

/// A draw is made: the passes are settled ([`settle_passes`]), and after an
/// added or closed kan (`after_kan`: its replacement draw, once nobody robbed
/// it) everyone's ippatsu ends.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{drew, SeatFlags};
/// let mut flags = [SeatFlags { ippatsu: true, ..SeatFlags::default() }; 4];
/// drew(&mut flags, &mut [false; 4], false);
/// assert!(flags[0].ippatsu);
/// drew(&mut flags, &mut [false; 4], true);
/// assert!(flags.iter().all(|f| !f.ippatsu));
/// ```
#[inline]
pub fn drew<'a>(
    flags: impl IntoIterator<Item = &'a mut SeatFlags>,
    could_ron: &mut [bool; 4],
    after_kan: bool,
) {
    for (f, c) in flags.into_iter().zip(could_ron.iter_mut()) {
        settle(f, c);
        if after_kan {
            f.ippatsu = false;
        }
    }
}

/// A chi, pon or open kan on a discard is made: the passes are settled
/// ([`settle_passes`]), everyone's ippatsu ends, and so does the first
/// go-around (`any_call`).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{call_made, SeatFlags};
/// let mut flags = [SeatFlags { ippatsu: true, ..SeatFlags::default() }; 4];
/// let mut any_call = false;
/// call_made(&mut flags, &mut [false, false, true, false], &mut any_call);
/// assert!(any_call && flags.iter().all(|f| !f.ippatsu) && flags[2].furiten_temp);
/// ```
#[inline]
pub fn call_made<'a>(
    flags: impl IntoIterator<Item = &'a mut SeatFlags>,
    could_ron: &mut [bool; 4],
    any_call: &mut bool,
) {
    for (f, c) in flags.into_iter().zip(could_ron.iter_mut()) {
        settle(f, c);
        f.ippatsu = false;
    }
    *any_call = true;
}

/// A kan of one's own turn (added or closed) is declared: the first
/// go-around ends now (`any_call`); everyone's ippatsu at its replacement
/// draw ([`drew`]), since a riichi seat may still rob it with ippatsu.
///
/// # Panics
/// Never.
///
/// ```
/// let mut any_call = false;
/// tenpai::game::kan_declared(&mut any_call);
/// assert!(any_call);
/// ```
#[inline]
pub fn kan_declared(any_call: &mut bool) {
    *any_call = true;
}

//! The state changes of a round on a [`World`], each made by the engine's own
//! rule functions (those [`crate::game::State`] calls): a draw
//! ([`crate::game::drew`]: the passes settled, ippatsu ended by a kan), a
//! discard ([`crate::game::SeatFlags::discarded`], [`crate::game::could_ron`]),
//! riichi declared on the first go-around or not and accepted with its stick
//! ([`crate::game::SeatFlags::declare_riichi`], `accept_riichi`), chi, pon
//! and open kan ([`crate::game::call_made`]), the kans of one's own turn
//! ([`crate::game::kan_declared`]), a meld's tiles ([`crate::Meld`]), and the
//! payments of a win or a draw ([`crate::game::pay_win`],
//! [`crate::game::pay_deltas`], [`crate::game::tenpai_payments`]).
//!
//! The rollouts make every change through these methods, and the
//! differential test (`differential.rs`) steps them beside the engine through
//! recorded and self-play games, comparing the two after every event.

use super::{kind, SimMeld, World, RED};
use crate::game::{
    call_made, could_ron, drew, is_kokushi_tenpai, kan_declared, pay_deltas, pay_win,
    tenpai_payments, RiichiState,
};
use crate::meld::{Meld, MeldKind};
use crate::tile::Tile;

impl World {
    /// Seat `s` draws the next tile of the live wall, or the replacement tile
    /// of a kan (`rinshan`: the dead wall's last tile, the live wall one
    /// shorter); the passes of the last discard or kan are settled. The
    /// tile's code, or `None` (nothing changes) when the live wall is empty.
    pub(crate) fn draw(&mut self, s: usize, rinshan: bool) -> Option<u8> {
        if self.live_left() == 0 {
            return None;
        }
        let code = if rinshan && self.dead_len > 5 {
            self.dead_len -= 1;
            self.live_end -= 1;
            self.dead[self.dead_len as usize]
        } else {
            self.pos += 1;
            self.wall[self.pos as usize - 1]
        };
        drew(&mut self.flags, &mut self.could_ron, rinshan);
        self.add(s, code);
        Some(code)
    }

    /// Seat `s` declares riichi: double on its first go-around.
    pub(crate) fn declare_riichi(&mut self, s: usize) {
        self.flags[s].declare_riichi(self.any_call, self.turns[s] as usize);
    }

    /// Seat `s` discards `code`, already taken from its hand (the riichi
    /// discard when it has just declared riichi; `missed_tsumo`: in riichi,
    /// the tile is its own winning draw): its furiten and ippatsu flags,
    /// its river's kinds (safe against it, and against every seat in riichi),
    /// the tile seen by all, and the seats that could win on it.
    pub(crate) fn discard(&mut self, s: usize, code: u8, missed_tsumo: bool) {
        let riichi_now = matches!(self.flags[s].riichi, RiichiState::Declared { .. });
        let k = kind(code);
        let bit = 1u64 << k;
        self.discarded[s] |= bit;
        self.safe[s] |= bit;
        for r in 0..4 {
            if r != s && self.flags[r].in_riichi() {
                self.safe[r] |= bit;
            }
        }
        self.see_kind(k, 1);
        self.flags[s].discarded(riichi_now, missed_tsumo);
        self.turns[s] = self.turns[s].saturating_add(1);
        let waits = self.waits;
        self.could_ron = could_ron(s, |o| waits[o] >> k & 1 == 1);
    }

    /// Seat `s`'s discard passed with no win: a riichi declared with it is
    /// accepted, its stick paid to the table.
    pub(crate) fn discard_passed(&mut self, s: usize) {
        self.flags[s].accept_riichi(&mut self.scores[s], &mut self.kyoutaku);
    }

    /// The tile `code` of seat `from` that the deciding seat answers (a
    /// discard, or a kan's tile when `kan`): the seats that could win on it
    /// (on a closed kan only a thirteen-orphans hand, when the rules let it
    /// rob one: `robs_closed`), as when it was played.
    pub(crate) fn note_could_ron(&mut self, from: usize, code: u8, kan: bool, robs_closed: bool) {
        let k = kind(code);
        let closed = kan
            && self.melds[from][..self.meld_len[from] as usize]
                .last()
                .is_some_and(|m| m.kind() == MeldKind::ClosedKan);
        let (waits, hands, meld_len) = (self.waits, &self.hands, self.meld_len);
        self.could_ron = could_ron(from, |o| {
            waits[o] >> k & 1 == 1
                && (!closed || (robs_closed && is_kokushi_tenpai(&hands[o], meld_len[o] as usize)))
        });
    }

    /// Takes the tile `code` from seat `s`'s hand, or when it is a plain tile
    /// the seat does not hold, a red five of its kind; the code taken.
    fn take_like(&mut self, s: usize, code: u8) -> Option<u8> {
        if self.take_code(s, code) {
            Some(code)
        } else if code & RED == 0 {
            self.take_kind(s, kind(code))
        } else {
            None
        }
    }

    /// Seat `o` calls `code` discarded by `from` into a chi, pon or open kan
    /// (`meld`) with the `consumed` tiles of its hand (codes; a plain five
    /// not held is taken red, a tile not held is skipped): the meld's tiles
    /// are seen by all, the passes settled, and the first go-around and
    /// everyone's ippatsu end. The seat's waits are those of the hand left
    /// after an open kan, none after a chi or pon (it discards next).
    pub(crate) fn call(
        &mut self,
        o: usize,
        meld: MeldKind,
        from: usize,
        code: u8,
        consumed: &[u8],
    ) {
        let mut red = u8::from(code & RED != 0);
        let mut low = kind(code);
        for &c in consumed {
            if let Some(c) = self.take_like(o, c) {
                red += u8::from(c & RED != 0);
                low = low.min(kind(c));
                self.see_kind(kind(c), 1);
            }
        }
        self.add_meld(o, meld, low, red, Some(from as u8));
        call_made(&mut self.flags, &mut self.could_ron, &mut self.any_call);
        self.waits[o] = if meld == MeldKind::Kan {
            self.compute_waits(o)
        } else {
            0
        };
    }

    /// Seat `s` makes a closed kan of kind `k` (the tiles it holds of it):
    /// the first go-around ends, and a thirteen-orphans hand waiting on `k`
    /// could rob it when the rules say so (`robs_closed`).
    pub(crate) fn ankan(&mut self, s: usize, k: usize, robs_closed: bool) {
        let mut red = 0;
        for _ in 0..4 {
            match self.take_kind(s, k) {
                Some(c) => red += u8::from(c & RED != 0),
                None => break,
            }
        }
        self.add_meld(s, MeldKind::ClosedKan, k, red, None);
        self.see_kind(k, 4);
        kan_declared(&mut self.any_call);
        let (waits, hands, meld_len) = (self.waits, &self.hands, self.meld_len);
        self.could_ron = could_ron(s, |o| {
            robs_closed
                && waits[o] >> k & 1 == 1
                && is_kokushi_tenpai(&hands[o], meld_len[o] as usize)
        });
        self.waits[s] = self.compute_waits(s);
    }

    /// Seat `s` adds `code` from its hand to its pon of that kind; `false`
    /// (nothing changes) when it does not hold the tile. The first go-around
    /// ends, and the seats waiting on it could rob it.
    pub(crate) fn kakan(&mut self, s: usize, code: u8) -> bool {
        if !self.take_code(s, code) {
            return false;
        }
        let k = kind(code);
        for x in &mut self.melds[s][..self.meld_len[s] as usize] {
            if x.kind() == MeldKind::Pon && x.tile() as usize == k {
                let red = x.meld.red_fives() + u8::from(code & RED != 0);
                if let Ok(kan) = Meld::new(MeldKind::Kan, x.meld.tile(), red) {
                    x.meld = kan;
                }
            }
        }
        self.see_kind(k, 1);
        kan_declared(&mut self.any_call);
        let waits = self.waits;
        self.could_ron = could_ron(s, |o| waits[o] >> k & 1 == 1);
        self.waits[s] = self.compute_waits(s);
        true
    }

    /// Turns a new dora indicator from the dead wall's end (the live wall
    /// gives the dead wall a tile at the replacement draw); its code, or
    /// `None` when the dead wall has none to turn or five are turned.
    pub(crate) fn kan_dora(&mut self) -> Option<u8> {
        if self.dead_len <= 5 || self.dora_len >= 5 {
            return None;
        }
        self.dead_len -= 1;
        let c = self.dead[self.dead_len as usize];
        self.dora[self.dora_len as usize] = c;
        self.dora_len += 1;
        self.see_kind(kind(c), 1);
        Some(c)
    }

    /// A win paid: its `deltas` added to the scores, the sticks taken.
    pub(crate) fn pay_win(&mut self, deltas: [i32; 4]) {
        pay_win(&mut self.scores, &mut self.kyoutaku, deltas);
    }

    /// The exhaustive draw paid: the tenpai payments of the seats ready
    /// now ([`World::tenpai`]: a wait, or karaten on its own kan or pon);
    /// the payments.
    pub(crate) fn pay_draw(&mut self) -> [i32; 4] {
        let d = tenpai_payments(&self.tenpai());
        pay_deltas(&mut self.scores, d);
        d
    }

    /// Adds a meld of `kind` whose lowest kind is `low` (with `red` red
    /// fives) to seat `s`, called `from` a seat (none for a closed kan), and
    /// updates what the policies read of melds. A meld that cannot be (a chi
    /// past 7) is not added.
    fn add_meld(&mut self, s: usize, kind: MeldKind, low: usize, red: u8, from: Option<u8>) {
        let Some(meld) = Tile::new(low as u8).and_then(|t| Meld::new(kind, t, red).ok()) else {
            return;
        };
        let m = SimMeld { meld, from };
        if (self.meld_len[s] as usize) < 4 {
            self.melds[s][self.meld_len[s] as usize] = m;
            self.meld_len[s] += 1;
        }
        self.open[s] |= kind != MeldKind::ClosedKan;
        self.simple_melds[s] &= m.is_simple();
        self.yakuhai_meld[s] |= kind != MeldKind::Chi && self.is_yakuhai(s, low);
    }

    /// `n` more copies of kind `k` seen by every seat.
    #[inline]
    fn see_kind(&mut self, k: usize, n: u8) {
        if let Some(x) = self.seen.get_mut(k) {
            *x = x.saturating_add(n);
        }
    }
}

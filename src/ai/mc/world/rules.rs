//! The rules as the rollouts call them on a [`World`]: yakuhai, dora, waits,
//! furiten and the payment of a win, each the library's one function
//! ([`crate::score::is_yakuhai`], [`crate::Tile::dora_of_indicator`],
//! [`crate::waits()`], [`crate::is_tenpai`], [`crate::game::is_furiten`], [`crate::game::win_deltas`]
//! with [`crate::game::WinFacts`] and [`crate::game::liable_seat`]) read from
//! the world's compact arrays.

use super::{kind, World, RED};
use crate::game::{
    first_go_around, is_furiten, liable_seat, win_deltas, WinFacts, WinMoment, WinSeats,
};
use crate::meld::Meld;
use crate::rules::Rules;
use crate::score::{is_yakuhai, score, Indicator};
use crate::tile::{Tile, TileCounts, TileSet, KINDS};
use crate::waits::{concealed_waits, without_held_fours};
use crate::Wind;

impl World {
    /// The seat's wind.
    #[inline]
    pub(crate) fn seat_wind(&self, s: usize) -> Wind {
        Wind::of_seat(s as u8, self.dealer)
    }

    /// The round wind.
    #[inline]
    pub(crate) fn round_wind(&self) -> Wind {
        Wind::ALL[self.round_wind as usize % 4]
    }

    /// A triplet of kind `k` is a yakuhai for seat `s` ([`is_yakuhai`]).
    #[inline]
    pub(crate) fn is_yakuhai(&self, s: usize, k: usize) -> bool {
        Tile::new(k as u8).is_some_and(|t| is_yakuhai(t, self.seat_wind(s), self.round_wind()))
    }

    /// Kinds that are dora now.
    pub(crate) fn dora_mask(&self) -> u64 {
        let mut m = 0u64;
        for &d in &self.dora[..self.dora_len as usize] {
            if let Some(t) = Tile::new(kind(d) as u8) {
                m |= 1 << t.dora_of_indicator().index();
            }
        }
        m
    }

    /// How many indicators show each kind as dora now.
    pub(crate) fn dora_counts(&self) -> TileCounts {
        let mut d = [0u8; KINDS];
        for &c in &self.dora[..self.dora_len as usize] {
            if let Some(t) = Tile::new(kind(c) as u8) {
                d[t.dora_of_indicator().index()] += 1;
            }
        }
        d
    }

    /// Waits of the seat's 3n+1 concealed tiles, as a kind bitset (0 when not
    /// tenpai): [`World::waits_for`] of its hand.
    pub(crate) fn compute_waits(&self, s: usize) -> u64 {
        self.waits_for(s, &self.hands[s])
    }

    /// Waits, as a kind bitset, of seat `s` holding the 3n+1 concealed
    /// `counts` beside its melds: [`crate::waits()`] (no wait on a kind whose
    /// four copies the seat holds).
    #[inline]
    pub(crate) fn waits_for(&self, s: usize, counts: &TileCounts) -> u64 {
        let w = concealed_waits(counts);
        if w.is_empty() || self.meld_len[s] == 0 {
            return w.bits();
        }
        let mut called = [0u8; KINDS];
        for m in &self.melds[s][..self.meld_len[s] as usize] {
            m.meld.add_to(&mut called);
        }
        without_held_fours(w, counts, &called).bits()
    }

    /// The seats that count as ready ([`crate::is_tenpai`]: a wait in one's
    /// own kan counts), at an exhaustive draw.
    pub(crate) fn tenpai(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.waits[s] != 0 || crate::is_tenpai(&self.hands[s]))
    }

    /// Furiten: a passed winning tile, or a wait among its own discards.
    #[inline]
    pub(crate) fn is_furiten(&self, s: usize) -> bool {
        let bits = TileSet::from_bits;
        is_furiten(
            bits(self.waits[s]),
            bits(self.discarded[s]),
            self.flags[s].passed(),
        )
    }

    /// Scores `seat` winning on `code` from `from` (tsumo when equal): every
    /// seat's point change as the engine settles it ([`crate::game::win_deltas`]:
    /// honba, riichi sticks, liability), or `None` when the hand is not
    /// complete or has no yaku. For a ron the tile is not yet in the hand;
    /// for a tsumo it is.
    pub(crate) fn win_deltas(
        &self,
        rules: &Rules,
        seat: usize,
        from: usize,
        code: u8,
        rinshan: bool,
        chankan: bool,
    ) -> Option<[i32; 4]> {
        let tsumo = seat == from;
        let k = kind(code);
        let mut counts = self.hands[seat];
        if !tsumo {
            if counts.get(k).copied().unwrap_or(4) >= 4 {
                return None;
            }
            counts[k] += 1;
        }
        // The table shape test first: it is far cheaper than scoring.
        if !crate::is_agari(&counts).unwrap_or(false) {
            return None;
        }
        let sit = self.win_facts(seat, code, tsumo, rinshan, chankan)?;
        let mut sc = score(&sit.clone().situation(rules.scoring.renhou).ok()?, rules);
        if sc.is_err() && chankan {
            // A chankan reading the sample cannot support: score it plainly.
            let plain = WinFacts {
                moment: WinMoment {
                    chankan: false,
                    ..sit.moment
                },
                ..sit
            };
            sc = score(&plain.situation(rules.scoring.renhou).ok()?, rules);
        }
        let seats = WinSeats {
            winner: seat as u8,
            from: from as u8,
            dealer: self.dealer,
            liable: liable_seat(
                self.melds[seat][..self.meld_len[seat] as usize]
                    .iter()
                    .map(|m| (m.kind(), m.meld.tile(), m.from)),
                rules,
            ),
        };
        Some(win_deltas(&sc.ok()?, &seats, self.honba as u32, &rules.scoring).0)
    }

    /// The facts of `seat` winning on `code` (by `tsumo` or not, on a
    /// replacement tile or a robbed kan) as the scorer reads them; `None`
    /// when a meld is not a valid one.
    fn win_facts(
        &self,
        seat: usize,
        code: u8,
        tsumo: bool,
        rinshan: bool,
        chankan: bool,
    ) -> Option<WinFacts> {
        let k = kind(code);
        let counts = self.hands[seat];
        let melds: Vec<Meld> = self.melds[seat][..self.meld_len[seat] as usize]
            .iter()
            .map(|m| m.meld)
            .collect();
        let red: [u8; 3] = std::array::from_fn(|x| self.red[seat][x].min(counts[x * 9 + 4]));
        let red_five = code & RED != 0 && k < 27;
        let ind = |c: &u8| Indicator {
            tile: Tile::of_kind(kind(*c)),
            red: c & RED != 0,
        };
        let ura = (self.dora_len as usize).min(self.dead_len as usize).min(5);
        Some(WinFacts {
            seat_wind: self.seat_wind(seat),
            round_wind: self.round_wind(),
            riichi: self.flags[seat].scored_riichi(),
            ippatsu: self.flags[seat].ippatsu,
            moment: WinMoment {
                rinshan,
                chankan,
                first_go_around: first_go_around(self.any_call, self.turns[seat] as usize),
                live_left: self.live_left(),
            },
            dora: self.dora[..self.dora_len as usize]
                .iter()
                .map(ind)
                .collect(),
            ura: self.dead[..ura].iter().map(ind).collect(),
            honba: self.honba as u32,
            kyoutaku: self.kyoutaku,
            // A red tile is only read as red when the hand holds a red five.
            ..WinFacts::new(
                counts,
                red,
                melds,
                Tile::new(k as u8)?,
                red_five && (red[k / 9] > 0 || !tsumo),
                tsumo,
            )
        })
    }
}

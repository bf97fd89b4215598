//! The compact round state the rollouts play on: plain arrays of tile counts,
//! bitsets and a fixed wall, copied per rollout (about 700 bytes) and changed
//! in place without allocating, except when a win is scored.
//!
//! A tile *code* is its kind 0–33 ([`crate::Tile`] index order) with bit
//! [`RED`] set for a red five. Kind bitsets (`u64`) have bit `k` for kind `k`.

#[cfg(test)]
mod differential;
mod observe;
mod rules;
mod step;

use crate::game::{Observation, Pai, SeatFlags, SeatIndex};
use crate::meld::{Meld, MeldKind};
use crate::tile::{Tile, TileCounts, KINDS};

/// Bit of a tile code marking a red five.
pub(crate) const RED: u8 = 0x80;

/// Tiles in a set.
pub(crate) const TILES: usize = 136;

/// The kind (0–33) of a tile code.
#[inline(always)]
pub(crate) fn kind(code: u8) -> usize {
    (code & !RED) as usize
}

/// The code of a [`Pai`] (`None` when hidden).
pub(crate) fn code_of(p: Pai) -> Option<u8> {
    p.tile()
        .map(|t| t.index() as u8 | if p.is_red() { RED } else { 0 })
}

/// The [`Pai`] of a tile code.
pub(crate) fn pai_of(code: u8) -> Pai {
    Pai::new(Tile::of_kind(kind(code)), code & RED != 0)
}

/// A called meld or closed kan, as the rollouts keep it: the meld of the
/// hand queries ([`Meld`]: kind, lowest tile, red fives) and the seat it was
/// called from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SimMeld {
    pub meld: Meld,
    /// The seat it was called from (none for a closed kan).
    pub from: Option<u8>,
}

impl SimMeld {
    /// Its kind.
    #[inline]
    pub fn kind(self) -> MeldKind {
        self.meld.kind()
    }

    /// Its lowest tile kind.
    #[inline]
    pub fn tile(self) -> u8 {
        self.meld.tile().index() as u8
    }

    /// All three (or four) tiles are 2–8 of a suit.
    pub fn is_simple(self) -> bool {
        let k = self.tile() as usize;
        let last = if self.kind() == MeldKind::Chi {
            k + 2
        } else {
            k
        };
        is_simple(k) && is_simple(last)
    }
}

/// A 2–8 of a numbered suit.
#[inline(always)]
pub(crate) fn is_simple(k: usize) -> bool {
    k < 27 && (1..=7).contains(&(k % 9))
}

/// Where the decision is taken: what the seat to decide is reacting to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// The seat holds 3n+2 tiles and acts (after a draw or a call).
    Turn,
    /// `from` discarded the tile `code`: the seat may ron, call or pass.
    Discard {
        /// The discarder.
        from: u8,
        /// The tile code.
        code: u8,
    },
    /// `from` added `code` to a pon or made a closed kan: the seat may rob it.
    Kan {
        /// The kan's owner.
        from: u8,
        /// The tile code.
        code: u8,
    },
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// `winner` won, by tsumo when `from == winner`.
    Win {
        /// The winner.
        winner: SeatIndex,
        /// Who paid (the discarder), or the winner for tsumo.
        from: SeatIndex,
    },
    /// The wall ran out.
    Exhaustive,
    /// Nine terminals (or a scoring failure on a declared win): nobody pays.
    Abort,
}

/// A whole round at one moment, every tile known (one determinized world),
/// with the seat that decides and where ([`World::decision`]).
///
/// Built by a [`super::Determinizer`], or by hand for tests and studies:
///
/// ```
/// use tenpai::ai::mc::{rollout, End, Spot, World};
/// use tenpai::game::{Action, Event, Observation, Pai, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut s = State::new(rules.clone());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let tiles = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<Pai>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), tiles("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              tiles("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), tiles("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "N".parse()? })?;
/// let mut w = World::from_observation(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]));
/// assert_eq!(w.decision(), (0, Spot::Turn));
/// // Seat 1 is ready on West or North and North is the next draw.
/// w.set_hand(tenpai::game::SeatIndex::ALL[1], &tiles("1p 2p 3p 4p 5p 6p 7p 8p 9p W W N N"));
/// w.set_walls(&tiles("N"), &[]);
/// let out = rollout(w, &Action::Discard { pai: "S".parse()?, tsumogiri: false }, &rules);
/// // North is its first draw and nobody has called: chiihou (yakuman),
/// // 16,000 from the dealer and 8,000 from each other seat.
/// let s1 = tenpai::game::SeatIndex::ALL[1];
/// assert_eq!(out.end, End::Win { winner: s1, from: s1 });
/// assert_eq!(out.deltas, [-16000, 32000, -8000, -8000]);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct World {
    pub(crate) hands: [TileCounts; 4],
    pub(crate) red: [[u8; 3]; 4],
    pub(crate) melds: [[SimMeld; 4]; 4],
    pub(crate) meld_len: [u8; 4],
    /// Has a meld called from another player.
    pub(crate) open: [bool; 4],
    /// Every meld is all simples (tanyao stays possible).
    pub(crate) simple_melds: [bool; 4],
    /// Has a yakuhai pon or kan.
    pub(crate) yakuhai_meld: [bool; 4],
    /// Riichi, ippatsu and furiten of each seat, changed by the engine's own
    /// rules ([`crate::game::SeatFlags`]).
    pub(crate) flags: [SeatFlags; 4],
    /// Seats that could win on the last discard or kan: furiten once it
    /// passes ([`crate::game::could_ron`]).
    pub(crate) could_ron: [bool; 4],
    /// Kinds each seat has discarded (called ones too): discard furiten.
    pub(crate) discarded: [u64; 4],
    /// Kinds known safe against each seat: its own discards and, once it is in
    /// riichi, everything discarded after its declaration.
    pub(crate) safe: [u64; 4],
    /// Waits of each 3n+1 hand (0 when not tenpai).
    pub(crate) waits: [u64; 4],
    /// Tiles every seat can see: rivers, melds, dora indicators.
    pub(crate) seen: TileCounts,
    /// Live wall in draw order: `wall[pos..live_end]`.
    pub(crate) wall: [u8; TILES],
    pub(crate) pos: u8,
    pub(crate) live_end: u8,
    /// Hidden dead wall: `dead[i]` for `i < 5` is the ura indicator under dora
    /// indicator `i`; the tiles after them are new kan dora and replacement
    /// tiles, taken from the end.
    pub(crate) dead: [u8; 14],
    pub(crate) dead_len: u8,
    pub(crate) dora: [u8; 5],
    pub(crate) dora_len: u8,
    pub(crate) scores: [i32; 4],
    pub(crate) honba: u8,
    pub(crate) kyoutaku: u32,
    pub(crate) dealer: u8,
    pub(crate) round_wind: u8,
    /// A call or kan happened this round (the first go-around is over).
    pub(crate) any_call: bool,
    /// Discards made per seat (for double riichi).
    pub(crate) turns: [u8; 4],
    /// The seat deciding, where, and the tile it just drew.
    pub(crate) me: u8,
    pub(crate) spot: Spot,
    pub(crate) drawn: Option<u8>,
}

impl World {
    /// A world from `obs` alone: its public part and the seat's own hand,
    /// with no other hand and no wall until [`World::set_hand`] and
    /// [`World::set_walls`] (or a [`super::Determinizer`]) fill them.
    ///
    /// # Panics
    /// Never.
    pub fn from_observation(obs: &Observation) -> World {
        World::observed(obs).0
    }

    /// Seat `seat`'s concealed tiles (mjai tiles, index order, red fives
    /// first among the fives).
    pub fn hand(&self, seat: SeatIndex) -> Vec<Pai> {
        let s = seat.index();
        Pai::list(&self.hands[s], self.red[s])
    }

    /// The live wall, next draw first.
    pub fn live_wall(&self) -> Vec<Pai> {
        self.wall[self.pos as usize..self.live_end as usize]
            .iter()
            .map(|&c| pai_of(c))
            .collect()
    }

    /// The hidden dead wall: the ura-dora indicators under dora indicators
    /// 1–5 first, then the tiles a kan takes from the end (new indicators and
    /// replacement draws).
    pub fn dead_wall(&self) -> Vec<Pai> {
        self.dead[..self.dead_len as usize]
            .iter()
            .map(|&c| pai_of(c))
            .collect()
    }

    /// Scores by seat, in points.
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// The seat deciding and where it decides.
    pub fn decision(&self) -> (u8, Spot) {
        (self.me, self.spot)
    }

    /// Replaces seat `seat`'s concealed tiles (hidden tiles are skipped, a
    /// fifth copy is dropped) and recomputes its waits.
    pub fn set_hand(&mut self, seat: SeatIndex, tiles: &[Pai]) {
        let s = seat.index();
        self.hands[s] = [0; KINDS];
        self.red[s] = [0; 3];
        for c in tiles.iter().filter_map(|&p| code_of(p)) {
            self.add(s, c);
        }
        self.waits[s] = if self.hands[s].iter().map(|&c| c as usize).sum::<usize>() % 3 == 1 {
            self.compute_waits(s)
        } else {
            0
        };
    }

    /// Replaces the live wall (next draw first, at most 136 tiles) and the
    /// hidden dead wall (laid out as [`World::dead_wall`] reads it, at most
    /// 14 tiles; extra tiles are dropped).
    pub fn set_walls(&mut self, live: &[Pai], dead: &[Pai]) {
        let live: Vec<u8> = live
            .iter()
            .filter_map(|&p| code_of(p))
            .take(TILES)
            .collect();
        self.wall[..live.len()].copy_from_slice(&live);
        self.pos = 0;
        self.live_end = live.len() as u8;
        let dead: Vec<u8> = dead.iter().filter_map(|&p| code_of(p)).take(14).collect();
        self.dead[..dead.len()].copy_from_slice(&dead);
        self.dead_len = dead.len() as u8;
    }

    /// Adds a tile code to a seat's concealed tiles (saturating at 4).
    #[inline]
    pub(crate) fn add(&mut self, s: usize, code: u8) {
        let k = kind(code);
        if k < KINDS && self.hands[s][k] < 4 {
            self.hands[s][k] += 1;
            if code & RED != 0 {
                self.red[s][k / 9] += 1;
            }
        }
    }

    /// Takes one tile of kind `k` from a seat's hand, a plain copy when there
    /// is one; returns its code, or `None` when the seat holds none.
    #[inline]
    pub(crate) fn take_kind(&mut self, s: usize, k: usize) -> Option<u8> {
        if k >= KINDS || self.hands[s][k] == 0 {
            return None;
        }
        let red = k < 27 && k % 9 == 4 && self.red[s][k / 9] > 0;
        let plain = self.hands[s][k] - if red { self.red[s][k / 9] } else { 0 };
        self.hands[s][k] -= 1;
        if plain == 0 {
            self.red[s][k / 9] -= 1;
            Some(k as u8 | RED)
        } else {
            Some(k as u8)
        }
    }

    /// Takes this exact tile code; `false` (nothing changed) when not held.
    pub(crate) fn take_code(&mut self, s: usize, code: u8) -> bool {
        let k = kind(code);
        if k >= KINDS || self.hands[s][k] == 0 {
            return false;
        }
        if code & RED != 0 {
            if self.red[s][k / 9] == 0 {
                return false;
            }
            self.red[s][k / 9] -= 1;
        } else if k < 27 && k % 9 == 4 && self.hands[s][k] == self.red[s][k / 9] {
            return false;
        }
        self.hands[s][k] -= 1;
        true
    }

    /// Tiles left in the live wall.
    #[inline]
    pub(crate) fn live_left(&self) -> u8 {
        self.live_end.saturating_sub(self.pos)
    }
}

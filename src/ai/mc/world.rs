//! The compact round state the rollouts play on: plain arrays of tile counts,
//! bitsets and a fixed wall, copied per rollout (about 700 bytes) and changed
//! in place without allocating, except when a win is scored.
//!
//! A tile *code* is its kind 0–33 ([`crate::Tile`] index order) with bit
//! [`RED`] set for a red five. Kind bitsets (`u64`) have bit `k` for kind `k`.

use crate::efficiency::{concealed_waits, without_held_fours};
use crate::game::{
    is_furiten, liable_seat, win_deltas, Observation, Pai, TableMeld, WinFacts, WinMoment, WinSeats,
};
use crate::meld::{Meld, MeldKind};
use crate::rules::Rules;
use crate::score::{is_yakuhai, score, Indicator, Riichi};
use crate::tile::{Tile, TileCounts, TileSet, KINDS};
use crate::Wind;

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
    Pai::new(
        Tile::new(kind(code) as u8).unwrap_or(Tile::new(0).expect("0 is a tile")),
        code & RED != 0,
    )
}

/// A called meld or closed kan, as the rollouts keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SimMeld {
    pub kind: MeldKind,
    /// Lowest tile kind.
    pub tile: u8,
    /// Red fives in it.
    pub red: u8,
    /// The seat it was called from (none for a closed kan).
    pub from: Option<u8>,
}

impl SimMeld {
    fn of(m: &TableMeld) -> SimMeld {
        SimMeld {
            kind: m.kind,
            tile: m.tile().index() as u8,
            red: m.tiles.iter().filter(|p| p.is_red()).count() as u8,
            from: m.from,
        }
    }

    /// All three (or four) tiles are 2–8 of a suit.
    pub fn is_simple(self) -> bool {
        let k = self.tile as usize;
        let last = if self.kind == MeldKind::Chi { k + 2 } else { k };
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
pub enum End {
    /// `winner` won, by tsumo when `from == winner`.
    Win {
        /// The winner.
        winner: u8,
        /// Who paid (the discarder), or the winner for tsumo.
        from: u8,
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
/// s.apply(&Event::StartGame { names: vec![], seed: None })?;
/// let tiles = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<Pai>>();
/// s.apply(&Event::StartKyoku {
///     bakaze: "E".parse()?, kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), tiles("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              tiles("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), tiles("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "N".parse()? })?;
/// let mut w = World::from_observation(&Observation::of(&s, 0));
/// assert_eq!(w.decision(), (0, Spot::Turn));
/// // Seat 1 is ready on West or North and North is the next draw.
/// w.set_hand(1, &tiles("1p 2p 3p 4p 5p 6p 7p 8p 9p W W N N"));
/// w.set_walls(&tiles("N"), &[]);
/// let out = rollout(w, &Action::Discard { pai: "S".parse()?, tsumogiri: false }, &rules);
/// // Menzen tsumo, ittsu, honitsu: 6 han, haneman: 6,000 from the dealer, 3,000 from the others.
/// assert_eq!(out.end, End::Win { winner: 1, from: 1 });
/// assert_eq!(out.deltas, [-6000, 12000, -3000, -3000]);
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
    /// 0 none, 1 riichi, 2 double riichi.
    pub(crate) riichi: [u8; 4],
    pub(crate) ippatsu: [bool; 4],
    /// Kinds each seat has discarded (called ones too): discard furiten.
    pub(crate) discarded: [u64; 4],
    /// Kinds known safe against each seat: its own discards and, once it is in
    /// riichi, everything discarded after its declaration.
    pub(crate) safe: [u64; 4],
    /// Passed a winning tile (temporary; permanent in riichi).
    pub(crate) furiten: [bool; 4],
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
    pub(crate) kyotaku: u8,
    pub(crate) oya: u8,
    pub(crate) bakaze: u8,
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
    /// The public part of `obs` and the seat's own hand; other hands and the
    /// wall are empty until a determinization fills them. Also the decision
    /// spot. Inconsistent observations never panic: impossible tiles are
    /// skipped.
    pub(crate) fn observed(obs: &Observation) -> (World, Spot) {
        let me = (obs.seat % 4) as usize;
        let mut w = World {
            hands: [[0; KINDS]; 4],
            red: [[0; 3]; 4],
            melds: [[SimMeld {
                kind: MeldKind::Pon,
                tile: 0,
                red: 0,
                from: None,
            }; 4]; 4],
            meld_len: [0; 4],
            open: [false; 4],
            simple_melds: [true; 4],
            yakuhai_meld: [false; 4],
            riichi: [0; 4],
            ippatsu: [false; 4],
            discarded: [0; 4],
            safe: [0; 4],
            furiten: [false; 4],
            waits: [0; 4],
            seen: [0; KINDS],
            wall: [0; TILES],
            pos: 0,
            live_end: 0,
            dead: [0; 14],
            dead_len: 0,
            dora: [0; 5],
            dora_len: 0,
            scores: obs.scores,
            honba: obs.honba,
            kyotaku: obs.kyotaku,
            oya: obs.oya % 4,
            bakaze: obs.bakaze % 4,
            any_call: obs.melds.iter().any(|m| !m.is_empty()),
            turns: [0; 4],
            me: me as u8,
            spot: Spot::Turn,
            drawn: obs.drawn.and_then(code_of),
        };
        for p in &obs.hand {
            if let Some(c) = code_of(*p) {
                w.add(me, c);
            }
        }
        let see = |w: &mut World, p: &Pai| {
            if let Some(t) = p.tile() {
                let s = &mut w.seen[t.index()];
                *s = s.saturating_add(1);
            }
        };
        for s in 0..4 {
            // A meld of hidden tiles only (no real table has one) is skipped.
            for m in obs.melds[s]
                .iter()
                .filter(|m| m.tiles.iter().any(|p| p.tile().is_some()))
            {
                let sm = SimMeld::of(m);
                if (w.meld_len[s] as usize) < 4 {
                    w.melds[s][w.meld_len[s] as usize] = sm;
                    w.meld_len[s] += 1;
                }
                w.open[s] |= m.kind != MeldKind::ClosedKan;
                w.simple_melds[s] &= sm.is_simple();
                w.yakuhai_meld[s] |= sm.kind != MeldKind::Chi && w.is_yakuhai(s, sm.tile as usize);
                m.tiles.iter().for_each(|p| see(&mut w, p));
            }
            for r in &obs.rivers[s] {
                if let Some(t) = r.pai.tile() {
                    w.discarded[s] |= 1 << t.index();
                }
                if !r.called {
                    see(&mut w, &r.pai);
                }
            }
            w.turns[s] = obs.rivers[s].len().min(255) as u8;
            w.safe[s] = w.discarded[s];
        }
        for s in 0..4 {
            if !obs.riichi[s] {
                continue;
            }
            let at = obs.rivers[s].iter().position(|r| r.riichi);
            w.riichi[s] = if at == Some(0) && !w.any_call { 2 } else { 1 };
            let at = at.unwrap_or(0);
            w.ippatsu[s] = at + 1 == obs.rivers[s].len();
            // Discard k of seat t came after the riichi discard when its turn
            // number (k rounds of four, from the dealer) is later.
            let order = |x: usize| (x + 4 - w.oya as usize) % 4;
            let when = at * 4 + order(s);
            for t in 0..4 {
                for (k, r) in obs.rivers[t].iter().enumerate() {
                    if k * 4 + order(t) > when {
                        if let Some(x) = r.pai.tile() {
                            w.safe[s] |= 1 << x.index();
                        }
                    }
                }
            }
        }
        for p in obs.dora_indicators.iter().take(5) {
            if let Some(c) = code_of(*p) {
                w.dora[w.dora_len as usize] = c;
                w.dora_len += 1;
            }
            see(&mut w, p);
        }
        w.spot = match obs.last_tile.and_then(|(s, p)| Some((s % 4, code_of(p)?))) {
            None => Spot::Turn,
            Some((from, code)) => match obs.rivers[from as usize].last() {
                Some(r) if !r.called && code_of(r.pai) == Some(code) => {
                    Spot::Discard { from, code }
                }
                _ => Spot::Kan { from, code },
            },
        };
        let spot = w.spot;
        (w, spot)
    }

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
    pub fn hand(&self, seat: u8) -> Vec<Pai> {
        let s = (seat % 4) as usize;
        let mut v = Vec::with_capacity(14);
        for k in 0..KINDS {
            let red = if k < 27 && k % 9 == 4 {
                self.red[s][k / 9]
            } else {
                0
            };
            for i in 0..self.hands[s][k] {
                v.push(pai_of(k as u8 | if i < red { RED } else { 0 }));
            }
        }
        v
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
    pub fn set_hand(&mut self, seat: u8, tiles: &[Pai]) {
        let s = (seat % 4) as usize;
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

    /// The seat's wind.
    #[inline]
    pub(crate) fn seat_wind(&self, s: usize) -> Wind {
        Wind::of_seat(s as u8, self.oya)
    }

    /// A triplet of kind `k` is a yakuhai for seat `s` ([`is_yakuhai`]).
    #[inline]
    pub(crate) fn is_yakuhai(&self, s: usize, k: usize) -> bool {
        Tile::new(k as u8)
            .is_some_and(|t| is_yakuhai(t, self.seat_wind(s), Wind::ALL[self.bakaze as usize % 4]))
    }

    /// Kinds that are dora now.
    pub(crate) fn dora_mask(&self) -> u64 {
        let mut m = 0u64;
        for &d in &self.dora[..self.dora_len as usize] {
            if let Some(t) = Tile::new(kind(d) as u8) {
                m |= 1 << crate::score::dora_of(t).index();
            }
        }
        m
    }

    /// Waits of the seat's 3n+1 concealed tiles, as a kind bitset (0 when not
    /// tenpai): [`World::waits_for`] of its hand.
    pub(crate) fn compute_waits(&self, s: usize) -> u64 {
        self.waits_for(s, &self.hands[s])
    }

    /// Waits, as a kind bitset, of seat `s` holding the 3n+1 concealed
    /// `counts` beside its melds: [`crate::waits`] (no wait on a kind whose
    /// four copies the seat holds).
    #[inline]
    pub(crate) fn waits_for(&self, s: usize, counts: &TileCounts) -> u64 {
        let w = concealed_waits(counts);
        if w.is_empty() || self.meld_len[s] == 0 {
            return w.bits();
        }
        let mut called = [0u8; KINDS];
        for m in &self.melds[s][..self.meld_len[s] as usize] {
            let k = m.tile as usize;
            match m.kind {
                MeldKind::Chi => (k..(k + 3).min(KINDS)).for_each(|x| called[x] += 1),
                MeldKind::Pon => called[k] += 3,
                MeldKind::Kan | MeldKind::ClosedKan => called[k] += 4,
            }
        }
        without_held_fours(w, counts, &called).bits()
    }

    /// Furiten: a passed winning tile, or a wait among its own discards.
    #[inline]
    pub(crate) fn is_furiten(&self, s: usize) -> bool {
        let bits = TileSet::from_bits;
        is_furiten(
            bits(self.waits[s]),
            bits(self.discarded[s]),
            self.furiten[s],
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
            dealer: self.oya,
            liable: liable_seat(
                self.melds[seat][..self.meld_len[seat] as usize]
                    .iter()
                    .filter_map(|m| Some((m.kind, Tile::new(m.tile)?, m.from))),
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
            .filter_map(|m| Meld::new(m.kind, Tile::new(m.tile)?, m.red).ok())
            .collect();
        let red: [u8; 3] = std::array::from_fn(|x| self.red[seat][x].min(counts[x * 9 + 4]));
        let red_five = code & RED != 0 && k < 27;
        let ind = |c: &u8| Indicator {
            tile: Tile::new(kind(*c) as u8).unwrap_or(Tile::new(0).expect("0 is a tile")),
            red: c & RED != 0,
        };
        let riichi = self.riichi[seat] & 3;
        let ura = (self.dora_len as usize).min(self.dead_len as usize).min(5);
        Some(WinFacts {
            seat_wind: self.seat_wind(seat),
            round_wind: Wind::ALL[self.bakaze as usize % 4],
            riichi: match riichi {
                0 => Riichi::None,
                1 => Riichi::Declared,
                _ => Riichi::Double,
            },
            ippatsu: self.ippatsu[seat],
            moment: WinMoment {
                rinshan,
                chankan,
                first_go_around: !self.any_call && self.turns[seat] == 0,
                live_left: self.live_left(),
            },
            dora: self.dora[..self.dora_len as usize]
                .iter()
                .map(ind)
                .collect(),
            ura: self.dead[..ura].iter().map(ind).collect(),
            honba: self.honba as u32,
            sticks: self.kyotaku as u32,
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

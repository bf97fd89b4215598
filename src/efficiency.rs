//! Waits, ukeire (tile acceptance) and per-discard analysis.
//!
//! A tile is *useful* to a 3n+1 hand when drawing it lowers the shanten number;
//! when the hand is tenpai the useful tiles are its waits. For the standard form
//! the tables hold, per pattern and target, the tiles that lower its replacement
//! number ("necessary tiles", as in tomohxx's ukeire extension); a tile is useful
//! to the hand exactly when it is necessary to one pattern for some optimal split
//! of melds and pair among the four patterns. Seven pairs and thirteen orphans
//! add theirs when they reach the same shanten. A tile held four times is never
//! useful. Copies left = 4 − held − visible (never below 0).

use crate::error::HandError;
use crate::hand::Hand;
use crate::shanten::{
    chiitoitsu_of, combine, held_masks, join, kokushi_of, scan_sized, TILES_3N1, TILES_3N2,
    YAOCHU_MASK,
};
use crate::tables::encoding::{honor_rank, suit_rank};
use crate::tables::format::{ClassCosts, ClassNeeds};
use crate::tables::Tables;
use crate::tile::{Tile, TileCounts, TileSet, KINDS};

/// Tile acceptance of a 3n+1 hand.
///
/// ```
/// let h: tenpai::Hand = "123m456p789s1112z".parse()?;
/// let u = tenpai::ukeire(h.concealed(), None)?;
/// assert_eq!(u.shanten, 0);
/// assert_eq!(u.tiles.to_string(), "2z"); // 111z + 2z tanki; a fourth 1z completes nothing
/// assert_eq!(u.count, 3);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ukeire {
    /// Shanten number of the hand (-1 never: the hand is 3n+1).
    pub shanten: i8,
    /// Tiles that lower it (the waits when `shanten == 0`).
    pub tiles: TileSet,
    /// Copies of those tiles still unseen, in all, less those of
    /// [`Ukeire::no_yaku`].
    pub count: u32,
    /// Waits that complete the hand only without a yaku, marked by
    /// [`crate::score::mark_yakuless_waits`] (empty until then, and always
    /// for a hand that is not tenpai): still listed in `tiles`, not counted
    /// in `count`.
    pub no_yaku: TileSet,
    left: [u8; KINDS],
}

impl Ukeire {
    /// Moves `tiles` (some of [`Ukeire::tiles`]) to [`Ukeire::no_yaku`]:
    /// their copies leave `count`.
    pub(crate) fn mark_no_yaku(&mut self, tiles: TileSet) {
        let new = TileSet::from_bits(tiles.bits() & self.tiles.bits() & !self.no_yaku.bits());
        for t in new.iter() {
            self.count -= u32::from(self.left[t.index()]);
        }
        self.no_yaku = TileSet::from_bits(self.no_yaku.bits() | new.bits());
    }

    /// Copies left of the tiles that count: [`Ukeire::tiles`] less
    /// [`Ukeire::no_yaku`], in index order.
    pub fn counted(&self) -> impl Iterator<Item = (Tile, u8)> + '_ {
        self.iter().filter(|(t, _)| !self.no_yaku.contains(*t))
    }

    /// Unseen copies of `tile` (0 when it is not useful).
    pub fn left(&self, tile: Tile) -> u8 {
        self.left[tile.index()]
    }

    /// Useful tiles with their unseen copies, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, u8)> + '_ {
        self.tiles.iter().map(|t| (t, self.left[t.index()]))
    }
}

/// One discard of a 3n+2 hand and what the remaining 3n+1 tiles accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The tile discarded.
    pub tile: Tile,
    /// The copy discarded is a red five: every copy of `tile` in the hand is
    /// red (a plain five goes before a red one). Always `false` from
    /// [`Tables::analyze`], which sees counts only.
    pub red: bool,
    /// Shanten after the discard and its tile acceptance.
    pub ukeire: Ukeire,
}

impl Discard {
    /// The discarded tile in mpsz notation, `0m`/`0p`/`0s` for a red five.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "12345m0677889p66z".parse()?; // the only 5p is red
    /// let names: Vec<String> = t.analyze_with_melds(&h, None)?.iter().map(|d| d.notation()).collect();
    /// assert!(names.contains(&"0p".to_string()) && !names.contains(&"5p".to_string()));
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn notation(&self) -> String {
        self.tile.mpsz(self.red)
    }
}

/// Standard-form useful tiles: the union, over every optimal split of `k` melds
/// and the pair among the four patterns, of each pattern's necessary tiles.
/// `v` are the patterns' vectors, `rest[s]` the other three combined, `r` the
/// hand's replacement number.
#[inline(always)]
fn useful_mask(
    v: [&ClassCosts; 4],
    rest: [&ClassCosts; 4],
    n: [&ClassNeeds; 4],
    r: u8,
    k: usize,
) -> u64 {
    let mut mask = 0u64;
    for s in 0..4 {
        let mut m = 0u16;
        for p in 0..2 {
            for melds in 0..=k {
                if v[s][p * 8 + melds].saturating_add(rest[s][(1 - p) * 8 + k - melds]) == r {
                    m |= n[s][p * 5 + melds];
                }
            }
        }
        mask |= (m as u64) << (s * 9);
    }
    mask
}

/// Standard-form replacement number and useful tiles from computed vectors.
fn standard_useful(v: [&ClassCosts; 4], n: [&ClassNeeds; 4], k: usize) -> (u8, u64) {
    let x = combine(v[0], v[1]);
    let y = combine(v[2], v[3]);
    let r = join(&x, &y, k);
    let rest = [
        combine(v[1], &y),
        combine(v[0], &y),
        combine(&x, v[3]),
        combine(&x, v[2]),
    ];
    (
        r,
        useful_mask(v, [&rest[0], &rest[1], &rest[2], &rest[3]], n, r, k),
    )
}

/// Useful tiles and shanten of a checked 3n+1 hand from its standard-form
/// replacement number and useful tiles.
fn useful(counts: &TileCounts, len: usize, (r, mut mask): (u8, u64)) -> (i8, u64) {
    let mut shanten = r as i8 - 1;
    if len == 13 {
        let (ones, twos) = held_masks(counts);
        let c = chiitoitsu_of(ones, twos);
        let k = kokushi_of(ones, twos);
        let best = shanten.min(c).min(k);
        if shanten > best {
            mask = 0;
        }
        let all = (1u64 << KINDS) - 1;
        let singles = ones & !twos;
        if c == best {
            // A single becomes a pair; with fewer than 7 kinds, a new kind helps too.
            mask |= singles
                | if ones.count_ones() < 7 {
                    all & !ones
                } else {
                    0
                };
        }
        if k == best {
            // A missing terminal or honor; without a pair, a second copy of one.
            mask |= YAOCHU_MASK & !ones
                | if twos & YAOCHU_MASK == 0 {
                    YAOCHU_MASK & singles
                } else {
                    0
                };
        }
        shanten = best;
    }
    (shanten, mask)
}

fn make_ukeire(shanten: i8, mask: u64, seen: &TileCounts) -> Ukeire {
    let tiles = TileSet::from_bits(mask);
    let mut left = [0u8; KINDS];
    let mut count = 0;
    for t in tiles.iter() {
        let l = 4u8.saturating_sub(seen[t.index()]);
        left[t.index()] = l;
        count += l as u32;
    }
    Ukeire {
        shanten,
        tiles,
        count,
        no_yaku: TileSet::EMPTY,
        left,
    }
}

/// Lower shanten first, then more copies (those that count), more kinds,
/// index order.
pub(crate) fn sort_best_first(discards: &mut [Discard]) {
    discards.sort_by_key(|d| {
        (
            d.ukeire.shanten,
            std::cmp::Reverse(d.ukeire.count),
            std::cmp::Reverse(d.ukeire.tiles.len()),
            d.tile,
        )
    });
}

/// Checks counts of a 3n+1 hand (each at most 4, 1 to 13 tiles) and returns
/// the number of tiles.
pub(crate) fn check_13(counts: &TileCounts) -> Result<usize, HandError> {
    Ok(scan_sized(counts, 1, TILES_3N1)?.len)
}

/// Checks counts of a 3n+2 hand (each at most 4, 2 to 14 tiles) and returns
/// the number of tiles.
fn check_14(counts: &TileCounts) -> Result<usize, HandError> {
    Ok(scan_sized(counts, 2, TILES_3N2)?.len)
}

fn add(a: &TileCounts, b: Option<&TileCounts>) -> TileCounts {
    let mut s = *a;
    if let Some(b) = b {
        for (x, y) in s.iter_mut().zip(b) {
            *x = x.saturating_add(*y);
        }
    }
    s
}

impl Tables<'_> {
    #[inline(always)]
    fn pattern_needs(&self, c: &TileCounts) -> [&ClassNeeds; 4] {
        [
            self.suits.needs(suit_rank(&c[0..9])),
            self.suits.needs(suit_rank(&c[9..18])),
            self.suits.needs(suit_rank(&c[18..27])),
            self.honors.needs(honor_rank(&c[27..34])),
        ]
    }

    /// Standard-form replacement number and useful tiles by lookups only: the
    /// optimal targets of each pattern, then its necessary tiles for them.
    #[inline(always)]
    fn standard_useful_lookup(&self, c: &TileCounts, k: usize) -> (u8, u64) {
        let ranks = [
            suit_rank(&c[0..9]),
            suit_rank(&c[9..18]),
            suit_rank(&c[18..27]),
            honor_rank(&c[27..34]),
        ];
        let classes = [
            self.suits.cost_class(ranks[0]),
            self.suits.cost_class(ranks[1]),
            self.suits.cost_class(ranks[2]),
            self.honors.cost_class(ranks[3]),
        ];
        let (r, optimal) = self.combined.optimal(classes, k);
        let mut mask = 0u64;
        for (s, &targets) in optimal.iter().enumerate() {
            let needs = if s < 3 {
                self.suits.needs(ranks[s])
            } else {
                self.honors.needs(ranks[s])
            };
            let mut bits = targets;
            let mut m = 0u16;
            while bits != 0 {
                m |= needs[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            mask |= (m as u64) << (9 * s);
        }
        (r, mask)
    }

    /// Tile acceptance of a 3n+1 hand: the tiles that lower its shanten (its
    /// waits when tenpai) and the copies of each not yet seen, where the hand and
    /// `visible` (rivers, melds, dora indicators: any tiles seen elsewhere) count
    /// as seen.
    ///
    /// # Errors
    /// As [`Tables::shanten`], and [`HandError::WrongTileCount`] unless 3n+1 tiles.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "1112345678999m".parse()?; // nine gates: every man tile
    /// let u = t.ukeire(h.concealed(), None)?;
    /// assert_eq!((u.shanten, u.tiles.len(), u.count), (0, 9, 23));
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn ukeire(
        &self,
        counts: &TileCounts,
        visible: Option<&TileCounts>,
    ) -> Result<Ukeire, HandError> {
        let (shanten, mask) = self.useful_tiles(counts)?;
        Ok(make_ukeire(shanten, mask, &add(counts, visible)))
    }

    /// The shanten number of a 3n+1 hand and the kinds that lower it (a
    /// kind bitmask): [`Tables::ukeire`] without the copies left, for
    /// callers that count copies their own way (the Monte Carlo rollouts).
    #[inline]
    pub(crate) fn useful_tiles(&self, counts: &TileCounts) -> Result<(i8, u64), HandError> {
        let len = check_13(counts)?;
        Ok(useful(
            counts,
            len,
            self.standard_useful_lookup(counts, len / 3),
        ))
    }

    /// Tile acceptance of a 3n+1 hand with its called melds taken into account
    /// (see [`Tables::shanten_with_melds`]); meld tiles also count as seen.
    ///
    /// # Errors
    /// As [`Tables::ukeire`].
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "1m [111m] [234p] [567s] [777z]".parse()?;
    /// // 1m tanki, but every 1m is in the hand or the pon: no wait at all.
    /// let u = t.ukeire_with_melds(&h, None)?;
    /// assert!(u.shanten > 0);
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn ukeire_with_melds(
        &self,
        hand: &Hand,
        visible: Option<&TileCounts>,
    ) -> Result<Ukeire, HandError> {
        let counts = hand.concealed();
        if hand.melds().is_empty() {
            return self.ukeire(counts, visible);
        }
        let len = check_13(counts)?;
        let called = hand.meld_counts();
        let costs = self.capped_costs(counts, &called);
        let table_needs = self.pattern_needs(counts);
        let mut needs = [[0u16; 12]; 4];
        for s in 0..4 {
            let range = s * 9..(s * 9 + if s == 3 { 7 } else { 9 });
            if called[range.clone()].iter().all(|&c| c == 0) {
                needs[s] = *table_needs[s];
                continue;
            }
            let caps: Vec<u8> = called[range.clone()]
                .iter()
                .map(|&c| 4 - c.min(4))
                .collect();
            let mut grown = counts[range.clone()].to_vec();
            for i in 0..grown.len() {
                if grown[i] >= caps[i] {
                    continue;
                }
                grown[i] += 1;
                let there = crate::capped::pattern_costs(&grown, &caps, s < 3);
                grown[i] -= 1;
                for p in 0..2 {
                    for m in 0..5 {
                        if there[p * 5 + m] < costs[s][p * 8 + m] {
                            needs[s][p * 5 + m] |= 1 << i;
                        }
                    }
                }
            }
        }
        let standard = standard_useful(
            [&costs[0], &costs[1], &costs[2], &costs[3]],
            [&needs[0], &needs[1], &needs[2], &needs[3]],
            len / 3,
        );
        let (shanten, mask) = useful(counts, len, standard);
        let seen = add(&add(counts, Some(&called)), visible);
        Ok(make_ukeire(shanten, mask, &seen))
    }

    /// Per-discard analysis of a 3n+2 hand, like Tenhou's tile-efficiency tool:
    /// for every distinct tile, the shanten after discarding it and the tile
    /// acceptance of what remains; best first (lower shanten, then more copies,
    /// then more kinds, then index order). Copies left count all 3n+2 tiles
    /// (the discard included) and `visible` as seen.
    ///
    /// # Errors
    /// As [`Tables::shanten`], and [`HandError::WrongTileCount`] unless 3n+2 tiles.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "123m456p789s11z234p".parse::<tenpai::Hand>()?;
    /// let best = &t.analyze(h.concealed(), None)?[0];
    /// assert_eq!(best.ukeire.shanten, 0);
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn analyze(
        &self,
        counts: &TileCounts,
        visible: Option<&TileCounts>,
    ) -> Result<Vec<Discard>, HandError> {
        let len = check_14(counts)?;
        let seen = add(counts, visible);
        let mut out = Vec::with_capacity(14);
        let mut rest = *counts;
        for t in Tile::all().filter(|t| counts[t.index()] > 0) {
            rest[t.index()] -= 1;
            let (shanten, mask) = useful(
                &rest,
                len - 1,
                self.standard_useful_lookup(&rest, (len - 1) / 3),
            );
            rest[t.index()] += 1;
            out.push(Discard {
                tile: t,
                red: false,
                ukeire: make_ukeire(shanten, mask, &seen),
            });
        }
        sort_best_first(&mut out);
        Ok(out)
    }

    /// Per-discard analysis of a 3n+2 hand with its called melds taken into
    /// account (see [`Tables::ukeire_with_melds`]); copies left count the whole
    /// hand, its melds and `visible` as seen. Sorted as [`Tables::analyze`].
    /// Knowing the hand's red fives, it marks a discard [`Discard::red`] when
    /// every copy of that five is red. A hand without melds is answered by
    /// [`Tables::analyze`]'s lookups.
    ///
    /// # Errors
    /// As [`Tables::analyze`].
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "9m9p569s [999m] [999p] [999s]".parse::<tenpai::Hand>()?;
    /// // Seen alone, the concealed tiles are 1-shanten after discarding a 9.
    /// assert_eq!(t.analyze(h.concealed(), None)?[0].ukeire.shanten, 1);
    /// // But every 9m, 9p and 9s is used up: no pair can be made of them.
    /// let best = &t.analyze_with_melds(&h, None)?[0];
    /// assert_eq!((best.tile.to_string(), best.ukeire.shanten), ("9m".to_string(), 2));
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn analyze_with_melds(
        &self,
        hand: &Hand,
        visible: Option<&TileCounts>,
    ) -> Result<Vec<Discard>, HandError> {
        let counts = hand.concealed();
        let red_of = |t: Tile| {
            t.is_five() && {
                let r = hand.red_fives()[t.index() / 9];
                r > 0 && r >= counts[t.index()]
            }
        };
        if hand.melds().is_empty() {
            let mut out = self.analyze(counts, visible)?;
            for d in &mut out {
                d.red = red_of(d.tile);
            }
            return Ok(out);
        }
        check_14(counts)?;
        let mut out = Vec::with_capacity(14);
        for t in Tile::all().filter(|t| counts[t.index()] > 0) {
            let remainder = after_discard(hand, t)?;
            let mut seen = visible.copied().unwrap_or([0; KINDS]);
            seen[t.index()] += 1;
            out.push(Discard {
                tile: t,
                red: red_of(t),
                ukeire: self.ukeire_with_melds(&remainder, Some(&seen))?,
            });
        }
        sort_best_first(&mut out);
        Ok(out)
    }
}

/// `hand` without one `t` (held), its melds kept: a red five goes only
/// when no plain copy is left.
///
/// # Errors
/// As [`Hand::new`]'s.
pub(crate) fn after_discard(hand: &Hand, t: Tile) -> Result<Hand, HandError> {
    let mut rest = *hand.concealed();
    rest[t.index()] -= 1;
    let mut red = hand.red_fives();
    if t.is_five() {
        let s = t.index() / 9;
        red[s] = red[s].min(rest[t.index()]);
    }
    Hand::new(rest, red, hand.melds().to_vec())
}

/// Tile acceptance of a 3n+1 hand with the embedded tables; see [`Tables::ukeire`].
///
/// # Errors
/// As [`Tables::ukeire`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "23m456p789s11122z".parse()?; // 23m: an open wait on 1m and 4m
/// let u = tenpai::ukeire(h.concealed(), None)?;
/// assert_eq!(u.tiles.to_string(), "14m");
/// assert_eq!(u.count, 8);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn ukeire(counts: &TileCounts, visible: Option<&TileCounts>) -> Result<Ukeire, HandError> {
    Tables::embedded().ukeire(counts, visible)
}

/// Per-discard analysis with the embedded tables; see [`Tables::analyze`].
///
/// # Errors
/// As [`Tables::analyze`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "1123m456p789s1122z".parse()?;
/// let a = tenpai::analyze(h.concealed(), None)?;
/// // Discarding 1m leaves 123m and a wait on 1z or 2z (shanpon): 4 tiles.
/// assert_eq!(a[0].tile.to_string(), "1m");
/// assert_eq!((a[0].ukeire.shanten, a[0].ukeire.tiles.to_string(), a[0].ukeire.count), (0, "12z".to_string(), 4));
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn analyze(
    counts: &TileCounts,
    visible: Option<&TileCounts>,
) -> Result<Vec<Discard>, HandError> {
    Tables::embedded().analyze(counts, visible)
}

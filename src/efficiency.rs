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
use crate::shanten::{check_counts, chiitoitsu, combine, join, kokushi, YAOCHU};
use crate::tables::encoding::{honor_rank, suit_rank};
use crate::tables::format::{ClassCosts, ClassNeeds};
use crate::tables::generate;
use crate::tables::Tables;
use crate::tile::{Tile, TileCounts, TileSet, KINDS};

/// Tile acceptance of a 3n+1 hand.
///
/// ```
/// let h: tenpai::Hand = "123m456p789s1112z".parse()?;
/// let u = tenpai::ukeire(h.concealed(), None)?;
/// assert_eq!(u.shanten, 0);
/// assert_eq!(u.tiles.to_string(), "12z"); // waits: 1z (shanpon... ) and 2z (tanki)
/// assert_eq!(u.count, 1 + 3);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ukeire {
    /// Shanten number of the hand (-1 never: the hand is 3n+1).
    pub shanten: i8,
    /// Tiles that lower it (the waits when `shanten == 0`).
    pub tiles: TileSet,
    /// Copies of those tiles still unseen, in all.
    pub count: u32,
    left: [u8; KINDS],
}

impl Ukeire {
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
    /// Shanten after the discard and its tile acceptance.
    pub ukeire: Ukeire,
}

/// Standard-form useful tiles given the four patterns' vectors and necessary
/// masks: the union, over every optimal split, of each pattern's necessary tiles.
#[inline(always)]
fn standard_useful(v: [&ClassCosts; 4], n: [&ClassNeeds; 4], k: usize) -> (u8, u64) {
    let x = combine(v[0], v[1]);
    let y = combine(v[2], v[3]);
    let r = join(&x, &y, k);
    // For each pattern, the best of the other three.
    let rest = [combine(v[1], &y), combine(v[0], &y), combine(&x, v[3]), combine(&x, v[2])];
    let mut mask = 0u64;
    for s in 0..4 {
        let mut m = 0u16;
        for p in 0..2 {
            for melds in 0..=k {
                if v[s][p * 5 + melds] + rest[s][(1 - p) * 5 + k - melds] == r {
                    m |= n[s][p * 5 + melds];
                }
            }
        }
        mask |= (m as u64) << (s * 9);
    }
    (r, mask)
}

/// Useful tiles and shanten of a checked 3n+1 hand from its vectors and masks.
fn useful(counts: &TileCounts, len: usize, v: [&ClassCosts; 4], n: [&ClassNeeds; 4]) -> (i8, u64) {
    let (r, mut mask) = standard_useful(v, n, len / 3);
    let mut shanten = r as i8 - 1;
    if len == 13 {
        let c = chiitoitsu(counts);
        let k = kokushi(counts);
        let best = shanten.min(c).min(k);
        if shanten > best {
            mask = 0;
        }
        if c == best {
            let kinds = counts.iter().filter(|&&x| x > 0).count();
            for (i, &x) in counts.iter().enumerate() {
                if x == 1 || (x == 0 && kinds < 7) {
                    mask |= 1 << i;
                }
            }
        }
        if k == best {
            let pair = YAOCHU.iter().any(|&i| counts[i] >= 2);
            for i in YAOCHU {
                if counts[i] == 0 || (counts[i] == 1 && !pair) {
                    mask |= 1 << i;
                }
            }
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
    Ukeire { shanten, tiles, count, left }
}

fn check_13(counts: &TileCounts) -> Result<usize, HandError> {
    let len = check_counts(counts)?;
    if len % 3 != 1 {
        return Err(HandError::WrongTileCount { expected: "3n+1 tiles (1, 4, 7, 10 or 13)", count: len });
    }
    Ok(len)
}

fn check_14(counts: &TileCounts) -> Result<usize, HandError> {
    let len = check_counts(counts)?;
    if len % 3 != 2 {
        return Err(HandError::WrongTileCount { expected: "3n+2 tiles (2, 5, 8, 11 or 14)", count: len });
    }
    Ok(len)
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
    pub fn ukeire(&self, counts: &TileCounts, visible: Option<&TileCounts>) -> Result<Ukeire, HandError> {
        let len = check_13(counts)?;
        let (shanten, mask) = useful(counts, len, self.pattern_costs(counts), self.pattern_needs(counts));
        Ok(make_ukeire(shanten, mask, &add(counts, visible)))
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
    pub fn ukeire_with_melds(&self, hand: &Hand, visible: Option<&TileCounts>) -> Result<Ukeire, HandError> {
        let counts = hand.concealed();
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
            let caps: Vec<u8> = called[range.clone()].iter().map(|&c| 4 - c.min(4)).collect();
            let mut grown = counts[range.clone()].to_vec();
            for i in 0..grown.len() {
                if grown[i] >= caps[i] {
                    continue;
                }
                grown[i] += 1;
                let there = generate::pattern_costs(&grown, &caps, s < 3);
                grown[i] -= 1;
                for t in 0..generate::TARGETS {
                    if there[t] < costs[s][t] {
                        needs[s][t] |= 1 << i;
                    }
                }
            }
        }
        let (shanten, mask) = useful(
            counts,
            len,
            [&costs[0], &costs[1], &costs[2], &costs[3]],
            [&needs[0], &needs[1], &needs[2], &needs[3]],
        );
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
    pub fn analyze(&self, counts: &TileCounts, visible: Option<&TileCounts>) -> Result<Vec<Discard>, HandError> {
        let len = check_14(counts)?;
        let seen = add(counts, visible);
        let mut out = Vec::with_capacity(14);
        let mut rest = *counts;
        for t in Tile::all().filter(|t| counts[t.index()] > 0) {
            rest[t.index()] -= 1;
            let (shanten, mask) = useful(&rest, len - 1, self.pattern_costs(&rest), self.pattern_needs(&rest));
            rest[t.index()] += 1;
            out.push(Discard { tile: t, ukeire: make_ukeire(shanten, mask, &seen) });
        }
        out.sort_by(|a, b| {
            (a.ukeire.shanten, std::cmp::Reverse(a.ukeire.count), std::cmp::Reverse(a.ukeire.tiles.len()), a.tile)
                .cmp(&(b.ukeire.shanten, std::cmp::Reverse(b.ukeire.count), std::cmp::Reverse(b.ukeire.tiles.len()), b.tile))
        });
        Ok(out)
    }
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
/// let h: tenpai::Hand = "23m456p789s11122z".parse()?; // 14? no: 13 tiles, ryanmen
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
/// assert_eq!(a[0].tile.to_string(), "1m"); // keep 23m: 1m/4m ryanmen... or shanpon
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn analyze(counts: &TileCounts, visible: Option<&TileCounts>) -> Result<Vec<Discard>, HandError> {
    Tables::embedded().analyze(counts, visible)
}

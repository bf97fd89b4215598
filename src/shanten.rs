//! Shanten numbers: the standard form (melds and a pair), seven pairs
//! (chiitoitsu) and thirteen orphans (kokushi musou).
//!
//! Exact: no decomposition counts on a fifth copy of a tile. The standard form
//! is read from the tables: each suit's and the honors' pattern has a
//! replacement-number class (tomohxx, "\[麻雀\]シャンテン数計算アルゴリズム"; the
//! per-pattern vectors are documented in `tables/generate.rs`), and the
//! pairwise combinations of the classes are tabled as well, so a hand is four
//! class reads and three combination reads with no min-plus step at run time.
//! Only hands with called melds, whose copies cap a pattern's supply, combine
//! computed vectors by min-plus (`combine`, `join`). Seven pairs and
//! thirteen orphans are counted directly and apply only to 13 or 14 concealed
//! tiles.

use crate::error::HandError;
use crate::hand::Hand;
use crate::tables::encoding::{honor_rank, suit_rank};
use crate::tables::format::{class_costs, ClassCosts};
use crate::tables::generate::INF;
use crate::tables::Tables;
use crate::tile::{TileCounts, KINDS};

/// Shanten of each form; -1 = complete, 0 = tenpai.
///
/// ```
/// let s = tenpai::shanten_forms(&"19m19p19s1234567z".parse::<tenpai::Hand>()?.concealed())?;
/// assert_eq!((s.standard, s.chiitoitsu, s.kokushi), (8, Some(6), Some(0)));
/// assert_eq!(s.min(), 0);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shanten {
    /// Melds and a pair.
    pub standard: i8,
    /// Seven distinct pairs; `None` unless the hand has 13 or 14 concealed tiles.
    pub chiitoitsu: Option<i8>,
    /// Thirteen orphans; `None` unless the hand has 13 or 14 concealed tiles.
    pub kokushi: Option<i8>,
}

impl Shanten {
    /// The hand's shanten number: the least of the three forms.
    pub fn min(&self) -> i8 {
        let mut s = self.standard;
        if let Some(c) = self.chiitoitsu {
            s = s.min(c);
        }
        if let Some(k) = self.kokushi {
            s = s.min(k);
        }
        s
    }
}

/// One pass over 34 counts: the number of tiles and which tiles are held at
/// least once (`ones`) and at least twice (`twos`), bit `i` = tile `i`; `None`
/// when a count is above 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scan {
    pub len: usize,
    pub ones: u64,
    pub twos: u64,
}

/// Scans counts with SSE2 (part of every x86-64 CPU): three compares and a sum
/// of absolute differences per 16 counts.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn scan(c: &TileCounts) -> Option<Scan> {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline, so these intrinsics are
    // available on every CPU this code runs on; the two loads read bytes 0–15
    // and 16–31 of the 34-byte array.
    unsafe {
        let lo = _mm_loadu_si128(c.as_ptr() as *const __m128i);
        let hi = _mm_loadu_si128(c.as_ptr().add(16) as *const __m128i);
        let (zero, one, four) = (_mm_setzero_si128(), _mm_set1_epi8(1), _mm_set1_epi8(4));
        let small = |v| _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, four), four)) as u32;
        if small(lo) & small(hi) != 0xFFFF || c[32] > 4 || c[33] > 4 {
            return None;
        }
        let sums = _mm_add_epi64(_mm_sad_epu8(lo, zero), _mm_sad_epu8(hi, zero));
        let len = _mm_cvtsi128_si64(sums) as usize
            + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)) as usize
            + c[32] as usize
            + c[33] as usize;
        let above = |v, t| _mm_movemask_epi8(_mm_cmpgt_epi8(v, t)) as u32 as u64;
        let tail = |t: u8| ((c[32] > t) as u64) << 32 | ((c[33] > t) as u64) << 33;
        Some(Scan {
            len,
            ones: above(lo, zero) | above(hi, zero) << 16 | tail(0),
            twos: above(lo, one) | above(hi, one) << 16 | tail(1),
        })
    }
}

/// Scans counts where SSE2 is not available.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn scan(c: &TileCounts) -> Option<Scan> {
    scan_words(c)
}

/// Scans counts word by word (SWAR): the portable version of [`scan`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn scan_words(c: &TileCounts) -> Option<Scan> {
    const LO: u64 = 0x0101_0101_0101_0101;
    let word = |i: usize| u64::from_le_bytes(c[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    let w = [
        word(0),
        word(1),
        word(2),
        word(3),
        c[32] as u64 | (c[33] as u64) << 8,
    ];
    let mut above_four = 0u64;
    for x in w {
        // A byte above 4 either has its top bit set or gets it from adding 123.
        above_four |= (x | x.wrapping_add(123 * LO)) & (0x80 * LO);
    }
    if above_four != 0 {
        return None;
    }
    // Bytes are at most 4: each word's byte sum fits in its top byte, and bits
    // 0–2 of a byte say whether it is at least 1 or at least 2.
    let gather = |flags: u64| flags.wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let mut s = Scan {
        len: 0,
        ones: 0,
        twos: 0,
    };
    for (i, x) in w.into_iter().enumerate() {
        s.len += (x.wrapping_mul(LO) >> 56) as usize;
        s.ones |= gather((x | x >> 1 | x >> 2) & LO) << (8 * i);
        s.twos |= gather((x >> 1 | x >> 2) & LO) << (8 * i);
    }
    Some(s)
}

/// Which tiles are held at least once and at least twice (bit `i` = tile `i`),
/// for counts already checked to be at most 4.
#[inline(always)]
pub(crate) fn held_masks(counts: &TileCounts) -> (u64, u64) {
    let s = scan(counts).unwrap_or(Scan {
        len: 0,
        ones: 0,
        twos: 0,
    });
    (s.ones, s.twos)
}

/// Checks counts for a query: each at most 4, at most 14 in all, 3n+1 or 3n+2.
/// Returns the number of tiles.
#[inline(always)]
pub(crate) fn check_counts(counts: &TileCounts) -> Result<usize, HandError> {
    Ok(check_scan(counts)?.len)
}

/// As [`check_counts`], returning the whole [`Scan`].
#[inline(always)]
pub(crate) fn check_scan(counts: &TileCounts) -> Result<Scan, HandError> {
    match scan(counts) {
        Some(s) if s.len <= 14 && s.len % 3 != 0 => Ok(s),
        _ => Err(count_error(
            counts,
            "3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)",
        )),
    }
}

/// What a query of 3n+1 tiles takes, as its error says it.
pub(crate) const TILES_3N1: &str = "3n+1 tiles (1, 4, 7, 10 or 13)";

/// What a query of 3n+2 tiles takes, as its error says it.
pub(crate) const TILES_3N2: &str = "3n+2 tiles (2, 5, 8, 11 or 14)";

/// Checks counts of a 3n+2 hand and returns its [`Scan`].
#[inline(always)]
pub(crate) fn scan_complete_size(counts: &TileCounts) -> Result<Scan, HandError> {
    scan_sized(counts, 2, TILES_3N2)
}

/// Checks counts of a hand of 3n+`rem` tiles (at most 14) and returns its
/// [`Scan`]; any other count is an error that says `expected`, whatever
/// the count (a multiple of three included).
#[inline(always)]
pub(crate) fn scan_sized(
    counts: &TileCounts,
    rem: usize,
    expected: &'static str,
) -> Result<Scan, HandError> {
    match scan(counts) {
        Some(s) if s.len <= 14 && s.len % 3 == rem => Ok(s),
        _ => Err(count_error(counts, expected)),
    }
}

/// What is wrong with counts that failed a check: a fifth copy, too many tiles,
/// or a count other than `expected`.
#[cold]
#[inline(never)]
pub(crate) fn count_error(counts: &TileCounts, expected: &'static str) -> HandError {
    if let Some(i) = counts.iter().position(|&c| c > 4) {
        let tile = crate::Tile::new(i as u8).expect("index below 34");
        return HandError::TooManyCopies {
            tile,
            count: counts[i] as usize,
        };
    }
    let count = counts.iter().map(|&c| c as usize).sum();
    if count > 14 {
        HandError::TooManyTiles { count }
    } else {
        HandError::WrongTileCount { expected, count }
    }
}

/// Min-plus combination of two patterns' replacement numbers: entry `p * 8 + m`
/// is the fewest tiles to reach `m` melds and `p` pairs across both.
///
/// Written as whole-vector operations (shift `b` up by `ma` melds within each
/// half, add `a`'s entry, keep the minimum) so the compiler emits SIMD code.
#[inline(always)]
pub(crate) fn combine(a: &ClassCosts, b: &ClassCosts) -> ClassCosts {
    let mut c = [u8::MAX; 16];
    for ma in 0..5 {
        let mut shifted = [u8::MAX; 16];
        for half in [0, 8] {
            shifted[half + ma..half + 8].copy_from_slice(&b[half..half + 8 - ma]);
        }
        let (a0, a1) = (a[ma], a[8 + ma]);
        // No pair in `a`: pairs come from `b` (both halves).
        for i in 0..16 {
            c[i] = c[i].min(a0.saturating_add(shifted[i]));
        }
        // The pair in `a`: `b` has none (its low half lands in the high half).
        for i in 0..8 {
            c[8 + i] = c[8 + i].min(a1.saturating_add(shifted[i]));
        }
    }
    c
}

/// Replacement number of the target `k` melds and one pair, split between the
/// two halves `x` and `y`.
#[inline(always)]
pub(crate) fn join(x: &ClassCosts, y: &ClassCosts, k: usize) -> u8 {
    let mut r = u8::MAX;
    for m in 0..=k {
        r = r
            .min(x[m].saturating_add(y[8 + k - m]))
            .min(x[8 + m].saturating_add(y[k - m]));
    }
    r
}

/// Standard-form replacement number from the four patterns' vectors.
#[inline(always)]
pub(crate) fn standard_replacement(v: [&ClassCosts; 4], k: usize) -> u8 {
    join(&combine(v[0], v[1]), &combine(v[2], v[3]), k)
}

/// Seven-pairs shanten of 13 or 14 tiles: `6 - pairs + max(0, 7 - kinds)`; a
/// quad is one pair.
#[inline]
pub(crate) fn chiitoitsu(counts: &TileCounts) -> i8 {
    let (ones, twos) = held_masks(counts);
    chiitoitsu_of(ones, twos)
}

#[inline(always)]
pub(crate) fn chiitoitsu_of(ones: u64, twos: u64) -> i8 {
    let (pairs, kinds) = (twos.count_ones() as i8, ones.count_ones() as i8);
    6 - pairs + (7 - kinds).max(0)
}

/// Indices of the 13 terminals and honors.
pub(crate) const YAOCHU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
/// Bit `i` set for each terminal and honor `i`.
pub(crate) const YAOCHU_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < YAOCHU.len() {
        m |= 1 << YAOCHU[i];
        i += 1;
    }
    m
};

/// Thirteen-orphans shanten of 13 or 14 tiles: `13 - kinds - (1 if a pair)`
/// counting terminals and honors only.
#[inline]
pub(crate) fn kokushi(counts: &TileCounts) -> i8 {
    let (ones, twos) = held_masks(counts);
    kokushi_of(ones, twos)
}

#[inline(always)]
pub(crate) fn kokushi_of(ones: u64, twos: u64) -> i8 {
    13 - (ones & YAOCHU_MASK).count_ones() as i8 - (twos & YAOCHU_MASK != 0) as i8
}

impl Tables<'_> {
    /// The four patterns' replacement-number vectors (man, pin, sou, honors).
    #[inline(always)]
    pub(crate) fn pattern_costs(&self, c: &TileCounts) -> [&ClassCosts; 4] {
        [
            self.suits.costs(suit_rank(&c[0..9])),
            self.suits.costs(suit_rank(&c[9..18])),
            self.suits.costs(suit_rank(&c[18..27])),
            self.honors.costs(honor_rank(&c[27..34])),
        ]
    }

    /// Standard-form replacement number by table lookups only: the four
    /// patterns' cost classes, two pairwise combinations, one final entry.
    #[inline(always)]
    pub(crate) fn standard_lookup(&self, c: &TileCounts, k: usize) -> u8 {
        let classes = [
            self.suits.cost_class(suit_rank(&c[0..9])),
            self.suits.cost_class(suit_rank(&c[9..18])),
            self.suits.cost_class(suit_rank(&c[18..27])),
            self.honors.cost_class(honor_rank(&c[27..34])),
        ];
        self.combined.replacement(classes, k)
    }

    /// Shanten number of concealed tiles: the least over the standard form, seven
    /// pairs and thirteen orphans (-1 = complete, 0 = tenpai).
    ///
    /// `counts` is a [`TileCounts`] of 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles;
    /// fewer than 13 means melds were called (they are not counted, and the tiles
    /// they use are not known: see [`Tables::shanten_with_melds`]).
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`], [`HandError::TooManyTiles`] or
    /// [`HandError::WrongTileCount`] for counts that are not such a hand.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "1111m111122233z".parse()?;
    /// assert_eq!(t.shanten(h.concealed())?, 1);
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    #[inline]
    pub fn shanten(&self, counts: &TileCounts) -> Result<i8, HandError> {
        let len = check_counts(counts)?;
        let standard = self.standard_lookup(counts, len / 3) as i8 - 1;
        if len < 13 {
            return Ok(standard);
        }
        let (ones, twos) = held_masks(counts);
        Ok(standard
            .min(chiitoitsu_of(ones, twos))
            .min(kokushi_of(ones, twos)))
    }

    /// Shanten number of each form; see [`Shanten`].
    ///
    /// # Errors
    /// As [`Tables::shanten`].
    ///
    /// # Panics
    /// Never.
    pub fn shanten_forms(&self, counts: &TileCounts) -> Result<Shanten, HandError> {
        let len = check_counts(counts)?;
        let standard = self.standard_lookup(counts, len / 3) as i8 - 1;
        let full = len >= 13;
        Ok(Shanten {
            standard,
            chiitoitsu: full.then(|| chiitoitsu(counts)),
            kokushi: full.then(|| kokushi(counts)),
        })
    }

    /// Shanten number of a hand with its called melds taken into account: tiles
    /// used in the melds are not available to the concealed part.
    ///
    /// Public shanten libraries (and [`Tables::shanten`]) see only the concealed
    /// tiles, so they may count on a copy that sits in a meld: concealed `9m9p569s`
    /// with called `999m 999p 999s` is 1-shanten to them (pair of 9m), but every 9m
    /// is used up and the hand is really 2-shanten. Suits touched by a meld are
    /// computed by the same dynamic program as the tables, with the supply of each
    /// tile capped at `4 - copies in melds` (a few microseconds); other suits are
    /// looked up.
    ///
    /// # Errors
    /// [`HandError::WrongTileCount`] when the concealed tiles are not 3n+1 or 3n+2.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let t = tenpai::Tables::embedded();
    /// let h: tenpai::Hand = "9m9p569s [999m] [999p] [999s]".parse()?;
    /// assert_eq!(t.shanten(h.concealed())?, 1);
    /// assert_eq!(t.shanten_with_melds(&h)?.min(), 2);
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn shanten_with_melds(&self, hand: &Hand) -> Result<Shanten, HandError> {
        let counts = hand.concealed();
        let len = check_counts(counts)?;
        let called = hand.meld_counts();
        let vectors = self.capped_costs(counts, &called);
        let standard = standard_replacement(
            [&vectors[0], &vectors[1], &vectors[2], &vectors[3]],
            len / 3,
        );
        let full = len >= 13;
        Ok(Shanten {
            standard: standard as i8 - 1,
            chiitoitsu: full.then(|| chiitoitsu(counts)),
            kokushi: full.then(|| kokushi(counts)),
        })
    }

    /// Replacement-number vectors of the four patterns with each tile's supply
    /// capped at `4 - called`: looked up where nothing is called, computed where
    /// something is.
    pub(crate) fn capped_costs(&self, counts: &TileCounts, called: &TileCounts) -> [ClassCosts; 4] {
        let lookup = self.pattern_costs(counts);
        let mut out = [[INF; 16]; 4];
        for (s, o) in out.iter_mut().enumerate() {
            let range = s * 9..(s * 9 + if s == 3 { 7 } else { 9 });
            if called[range.clone()].iter().all(|&c| c == 0) {
                *o = *lookup[s];
            } else {
                let caps: Vec<u8> = called[range.clone()]
                    .iter()
                    .map(|&c| 4 - c.min(4))
                    .collect();
                let costs = crate::capped::pattern_costs(&counts[range], &caps, s < 3);
                *o = class_costs(&costs, INF);
            }
        }
        out
    }
}

const _: () = assert!(KINDS == 34 && INF < 64);

/// Shanten number of concealed tiles with the embedded tables; see
/// [`Tables::shanten`].
///
/// # Errors
/// As [`Tables::shanten`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "123m456p789s1122z".parse()?;
/// assert_eq!(tenpai::shanten(h.concealed())?, 0);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[inline]
pub fn shanten(counts: &TileCounts) -> Result<i8, HandError> {
    Tables::embedded().shanten(counts)
}

/// Shanten number of each form with the embedded tables; see [`Tables::shanten_forms`].
///
/// # Errors
/// As [`Tables::shanten`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "1111m22p33s44s55z66z".parse()?;
/// let s = tenpai::shanten_forms(h.concealed())?;
/// assert_eq!(s.chiitoitsu, Some(1)); // six pairs: a quad is not two pairs
/// assert_eq!(s.min(), 1);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn shanten_forms(counts: &TileCounts) -> Result<Shanten, HandError> {
    Tables::embedded().shanten_forms(counts)
}

/// Shanten number of a hand with its called melds taken into account; see
/// [`Tables::shanten_with_melds`].
///
/// # Errors
/// As [`Tables::shanten_with_melds`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "11567z [777z] [666z] [555z]".parse()?;
/// assert_eq!(tenpai::shanten_with_melds(&h)?.min(), 2);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn shanten_with_melds(hand: &Hand) -> Result<Shanten, HandError> {
    Tables::embedded().shanten_with_melds(hand)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The SSE2 and word-parallel scans agree, on valid and invalid counts.
    #[test]
    fn scan_versions_agree() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200_000 {
            let mut c = [0u8; 34];
            for _ in 0..rng.gen_range(0..16) {
                c[rng.gen_range(0..34)] += 1;
            }
            if rng.gen_bool(0.05) {
                c[rng.gen_range(0..34)] = rng.gen();
            }
            assert_eq!(scan(&c), scan_words(&c), "{c:?}");
        }
    }
}

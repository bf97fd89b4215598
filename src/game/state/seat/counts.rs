//! Counts of tiles by kind, compared and summed a word at a time: the
//! seat's hot paths (every draw and discard, every decision's features).

use crate::game::Pai;
use crate::tile::TileCounts;

/// `a == b`, as four word compares and one of two bytes (the slice compare
/// calls `memcmp`, which costs more than this on every draw and discard).
#[inline(always)]
pub(super) fn same_counts(a: &TileCounts, b: &TileCounts) -> bool {
    let word = |c: &TileCounts, i: usize| {
        u64::from_le_bytes(c[i * 8..i * 8 + 8].try_into().expect("eight counts"))
    };
    (0..4).all(|i| word(a, i) == word(b, i)) && a[32..] == b[32..]
}

/// `after` is `before` with one more of kind `k`, compared a word at a time
/// with the one added to `before`'s word (rather than `after` copied, the
/// one taken off in place and compared: a byte written just before the
/// words that hold it are read again stalls the read, on every draw).
/// `before` holds a hand's counts (at most 4 each), so the addition never
/// carries into the next count.
#[inline(always)]
pub(super) fn one_more_at(before: &TileCounts, after: &TileCounts, k: usize) -> bool {
    let word = |c: &TileCounts, i: usize| {
        u64::from_le_bytes(c[i * 8..i * 8 + 8].try_into().expect("eight counts"))
    };
    let one = |i: usize| if k / 8 == i { 1u64 << (8 * (k % 8)) } else { 0 };
    let tail = |c: &TileCounts| u16::from_le_bytes([c[32], c[33]]);
    let tail_one = if k >= 32 { 1u16 << (8 * (k - 32)) } else { 0 };
    (0..4).all(|i| word(before, i).wrapping_add(one(i)) == word(after, i))
        && tail(before).wrapping_add(tail_one) == tail(after)
}

/// The sum of 34 counts, any counts: four eight-count words added in
/// sixteen-bit lanes, the lanes summed by one multiplication (the features of
/// a batch of games ask the hand size of four seats at every decision).
#[inline]
pub(super) fn count_tiles(c: &TileCounts) -> usize {
    const LOW: u64 = 0x00ff_00ff_00ff_00ff;
    let mut lanes = 0u64;
    for i in 0..4 {
        let w = u64::from_le_bytes(c[i * 8..i * 8 + 8].try_into().expect("eight counts"));
        // Each lane at most 2 × 255 a word, 2,040 for the four.
        lanes += (w & LOW) + ((w >> 8) & LOW);
    }
    // The top lane of the product is the sum of the four (at most 8,160).
    let words = (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
    words + usize::from(c[32]) + usize::from(c[33])
}

/// Adds `tiles` to `counts` (a hidden tile adds nothing).
#[inline]
pub(super) fn add_counts(counts: &mut TileCounts, tiles: &[Pai]) {
    for t in tiles.iter().filter_map(|p| p.tile()) {
        counts[t.index()] += 1;
    }
}

//! Gap-free ranks of suit and honor patterns.
//!
//! A *pattern* is the tile counts (0–4) of one suit's 9 ranks, or of the 7 honors,
//! with at most 14 tiles. Patterns are numbered in lexicographic order of their
//! counts (rank 1 most significant), with no gaps: 405,350 suit patterns and 43,130
//! honor patterns. This is the "perfect hash by running tile count" of Cryolite's
//! Nyanten ("Theoretical Background of Nyanten"), split in two halves so that a
//! rank is two independent table reads:
//! `rank = LOW[key(c0..c4)] + HIGH[c0 + … + c4][key(c5..)]`, where `key` is the
//! base-5 number of the counts.
//!
//! This file is shared between `build.rs` (which generates the tables in rank
//! order) and the crate (which looks them up); it depends on nothing but `core`.

/// Most tiles a pattern can hold (a whole concealed hand).
pub const MAX_PATTERN_TILES: usize = 14;
/// Number of suit patterns: counts 0–4 of 9 ranks, at most 14 tiles.
pub const SUIT_PATTERNS: usize = 405_350;
/// Number of honor patterns: counts 0–4 of 7 honors, at most 14 tiles.
pub const HONOR_PATTERNS: usize = 43_130;

/// Positions handled by the low half of a rank.
const LOW: usize = 5;
/// `WAYS[n][b]`: count vectors of length `n`, entries 0..=4, summing to at most `b`.
const WAYS: [[u32; MAX_PATTERN_TILES + 1]; 10] = ways();

const fn ways() -> [[u32; MAX_PATTERN_TILES + 1]; 10] {
    let mut w = [[0u32; MAX_PATTERN_TILES + 1]; 10];
    let mut b = 0;
    while b <= MAX_PATTERN_TILES {
        w[0][b] = 1;
        b += 1;
    }
    let mut n = 1;
    while n < 10 {
        let mut b = 0;
        while b <= MAX_PATTERN_TILES {
            let mut c = 0;
            while c <= 4 && c <= b {
                w[n][b] += w[n - 1][b - c];
                c += 1;
            }
            b += 1;
        }
        n += 1;
    }
    w
}

/// Rank contribution of count `c` at position `i` of an `n`-position pattern
/// after `used` tiles: the number of patterns sharing the prefix and having a
/// smaller count at `i`.
const fn step(n: usize, i: usize, used: usize, c: usize) -> u32 {
    let mut sum = 0;
    let mut smaller = 0;
    while smaller < c {
        if used + smaller <= MAX_PATTERN_TILES {
            sum += WAYS[n - i - 1][MAX_PATTERN_TILES - used - smaller];
        }
        smaller += 1;
    }
    sum
}

/// `LOW[key]` for the first five positions of an `n`-position pattern.
const fn low_table(n: usize) -> [u32; 3125] {
    let mut t = [0u32; 3125];
    let mut key = 0;
    while key < 3125 {
        let mut rest = key;
        let mut used = 0;
        let mut rank = 0;
        let mut i = 0;
        while i < LOW {
            let c = rest % 5;
            rest /= 5;
            rank += step(n, i, used, c);
            used += c;
            i += 1;
        }
        t[key] = rank;
        key += 1;
    }
    t
}

/// `HIGH[used][key]` for positions 5.. of an `n`-position pattern (`K = 5^(n-5)`).
const fn high_table<const K: usize>(n: usize) -> [[u32; K]; MAX_PATTERN_TILES + 1] {
    let mut t = [[0u32; K]; MAX_PATTERN_TILES + 1];
    let mut start = 0;
    while start <= MAX_PATTERN_TILES {
        let mut key = 0;
        while key < K {
            let mut rest = key;
            let mut used = start;
            let mut rank = 0;
            let mut i = LOW;
            while i < n {
                let c = rest % 5;
                rest /= 5;
                rank += step(n, i, used, c);
                used += c;
                i += 1;
            }
            t[start][key] = rank;
            key += 1;
        }
        start += 1;
    }
    t
}

static SUIT_LOW: [u32; 3125] = low_table(9);
static SUIT_HIGH: [[u32; 625]; MAX_PATTERN_TILES + 1] = high_table::<625>(9);
static HONOR_LOW: [u32; 3125] = low_table(7);
static HONOR_HIGH: [[u32; 25]; MAX_PATTERN_TILES + 1] = high_table::<25>(7);

/// Base-5 key of five counts, the first one least significant.
#[inline(always)]
fn key5(c: &[u8]) -> usize {
    c[0] as usize
        + 5 * c[1] as usize
        + 25 * c[2] as usize
        + 125 * c[3] as usize
        + 625 * c[4] as usize
}

/// Rank of a suit pattern (9 counts, each ≤ 4, at most 14 tiles in all).
///
/// # Panics
/// Panics on an out-of-range index if a count exceeds 4 or the pattern holds more
/// than 14 tiles; callers pass validated counts.
#[inline(always)]
pub fn suit_rank(c: &[u8]) -> usize {
    let c = &c[..9];
    let used = (c[0] + c[1] + c[2] + c[3] + c[4]) as usize;
    let high = c[5] as usize + 5 * c[6] as usize + 25 * c[7] as usize + 125 * c[8] as usize;
    (SUIT_LOW[key5(c)] + SUIT_HIGH[used][high]) as usize
}

/// Rank of an honor pattern (7 counts, each ≤ 4, at most 14 tiles in all).
///
/// # Panics
/// As [`suit_rank`].
#[inline(always)]
pub fn honor_rank(c: &[u8]) -> usize {
    let c = &c[..7];
    let used = (c[0] + c[1] + c[2] + c[3] + c[4]) as usize;
    let high = c[5] as usize + 5 * c[6] as usize;
    (HONOR_LOW[key5(c)] + HONOR_HIGH[used][high]) as usize
}

/// Base-5 key of a suit pattern (9 counts, each at most 4): below 5^9.
#[inline(always)]
pub fn suit_key(c: &[u8]) -> usize {
    let c = &c[..9];
    let high = c[5] as usize + 5 * c[6] as usize + 25 * c[7] as usize + 125 * c[8] as usize;
    key5(c) + 3125 * high
}

/// Base-5 key of an honor pattern (7 counts, each at most 4): below 5^7.
#[inline(always)]
pub fn honor_key(c: &[u8]) -> usize {
    let c = &c[..7];
    key5(c) + 3125 * (c[5] as usize + 5 * c[6] as usize)
}

/// Number of base-5 keys of `n` counts: 5^n.
pub const fn key_space(n: usize) -> usize {
    5usize.pow(n as u32)
}

/// Base-5 key of a pattern (first count least significant); used by the
/// decomposition map.
#[inline]
pub fn base5_key(c: &[u8]) -> u32 {
    c.iter().rev().fold(0u32, |k, &x| k * 5 + x as u32)
}

/// Calls `f` on every pattern of `n` positions (at most 14 tiles) in rank order.
pub fn for_each_pattern(n: usize, mut f: impl FnMut(&[u8])) {
    fn go(h: &mut [u8], i: usize, left: usize, f: &mut impl FnMut(&[u8])) {
        if i == h.len() {
            f(h);
            return;
        }
        for c in 0..=left.min(4) {
            h[i] = c as u8;
            go(h, i + 1, left - c, f);
        }
        h[i] = 0;
    }
    let mut h = vec![0u8; n];
    go(&mut h, 0, MAX_PATTERN_TILES, &mut f);
}

/// Number of patterns of `n` positions (at most 14 tiles).
pub const fn pattern_count(n: usize) -> usize {
    WAYS[n][MAX_PATTERN_TILES] as usize
}

//! Table generation: exact per-pattern replacement numbers, necessary tiles,
//! complete flags and decompositions.
//!
//! Shared between `build.rs` (via `#[path]`) and the crate, where it computes the
//! same vectors at run time for suits whose tile supply is cut by called melds,
//! and where tests check the generated tables against it.
//!
//! # Algorithm
//! The *replacement number* of a pattern `h` for a target of `m` melds and `p`
//! pairs (tomohxx, "\[麻雀\]シャンテン数計算アルゴリズム"; the book 「麻雀アルゴリズム」) is
//! `min |w \ h|` over complete shapes `w` of that many melds and pairs with at most
//! `cap[i]` (normally 4) copies of each tile: the number of tiles that must be
//! drawn. It is computed by a dynamic program over the ranks: at each rank choose
//! a triplet (0/1), a pair (0/1) and how many sequences start there (0–4); the
//! state carries melds used, pair used and the sequences still open from the two
//! ranks before. A whole hand's replacement number is the min-plus combination of
//! its four patterns' vectors, and its shanten number is that minus one.

use super::encoding::{for_each_pattern, pattern_count, MAX_PATTERN_TILES};

/// "Unreachable" replacement number; small enough that four of them add up in a `u8`.
pub const INF: u8 = 40;
/// Targets per pattern: index `p * 5 + m` for `p` pairs (0–1) and `m` melds (0–4).
pub const TARGETS: usize = 10;
/// Replacement numbers of one pattern, indexed `p * 5 + m`.
pub type Costs = [u8; TARGETS];
/// Necessary-tile masks of one pattern (bit `i` = rank `i + 1`), indexed `p * 5 + m`.
pub type Needs = [u16; TARGETS];

const STATES: usize = 5 * 2 * 5 * 5;
type Dp = [u8; STATES];

#[inline]
const fn state(m: usize, p: usize, a: usize, b: usize) -> usize {
    ((m * 2 + p) * 5 + a) * 5 + b
}

fn start() -> Dp {
    let mut dp = [INF; STATES];
    dp[state(0, 0, 0, 0)] = 0;
    dp
}

/// One rank of the dynamic program: `held` copies in the hand, at most `cap` in
/// the target, sequences may start here when `open_sequences`.
fn step(dp: &Dp, held: u8, cap: u8, open_sequences: bool) -> Dp {
    let mut next = [INF; STATES];
    let max_s = if open_sequences { 4 } else { 0 };
    for m in 0..5 {
        for p in 0..2 {
            for a in 0..5 {
                for b in 0..5 {
                    let cost = dp[state(m, p, a, b)];
                    if cost >= INF {
                        continue;
                    }
                    for t in 0..2 {
                        for q in 0..(2 - p) {
                            for s in 0..=max_s {
                                let w = 3 * t + 2 * q + s + a + b;
                                let m2 = m + t + s;
                                if w > cap as usize || m2 > 4 {
                                    break;
                                }
                                let c2 = cost + (w as u8).saturating_sub(held);
                                let k = state(m2, p + q, s, a);
                                if c2 < next[k] {
                                    next[k] = c2;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    next
}

fn finish(dp: &Dp) -> Costs {
    let mut out = [INF; TARGETS];
    for p in 0..2 {
        for m in 0..5 {
            out[p * 5 + m] = dp[state(m, p, 0, 0)];
        }
    }
    out
}

/// Replacement numbers of one pattern whose target may hold at most `caps[i]`
/// copies of rank `i` (`sequences`: a suit, not honors).
///
/// `held` may hold more than 14 tiles. Unreachable targets get [`INF`].
pub fn pattern_costs(held: &[u8], caps: &[u8], sequences: bool) -> Costs {
    let n = held.len();
    let mut dp = start();
    for i in 0..n {
        dp = step(&dp, held[i], caps[i], sequences && i + 2 < n);
    }
    finish(&dp)
}

/// Replacement numbers of every pattern of `n` ranks (9: suit, 7: honors), in
/// rank order. Shares the dynamic program between patterns with a common prefix.
pub fn all_costs(n: usize, sequences: bool) -> Vec<Costs> {
    fn go(i: usize, n: usize, left: usize, dp: &Dp, seq: bool, out: &mut Vec<Costs>) {
        if i == n {
            out.push(finish(dp));
            return;
        }
        for c in 0..=left.min(4) {
            let next = step(dp, c as u8, 4, seq && i + 2 < n);
            go(i + 1, n, left - c, &next, seq, out);
        }
    }
    let mut out = Vec::with_capacity(pattern_count(n));
    go(0, n, MAX_PATTERN_TILES, &start(), sequences, &mut out);
    out
}

/// Min-plus combination of two vectors: the fewest tiles for `m` melds and `p`
/// pairs across both patterns (entry `p * 5 + m`).
pub fn combine(a: &Costs, b: &Costs) -> Costs {
    let mut c = [u8::MAX; TARGETS];
    for m in 0..5 {
        for ma in 0..=m {
            let mb = m - ma;
            c[m] = c[m].min(a[ma] + b[mb]);
            c[5 + m] = c[5 + m].min((a[5 + ma] + b[mb]).min(a[ma] + b[5 + mb]));
        }
    }
    c
}

/// Replacement number of `k` melds and one pair across two combined vectors.
pub fn join(x: &Costs, y: &Costs, k: usize) -> u8 {
    (0..=k)
        .map(|m| (x[m] + y[5 + k - m]).min(x[5 + m] + y[k - m]))
        .min()
        .expect("k >= 0")
}

/// Whether a pattern is complete on its own: melds only (size 3m) or melds and
/// one pair (size 3m + 2), judged from its replacement numbers.
pub fn is_complete(tiles: usize, costs: &Costs) -> bool {
    match tiles % 3 {
        0 => costs[tiles / 3] == 0,
        2 => costs[5 + (tiles - 2) / 3] == 0,
        _ => false,
    }
}

/// Necessary tiles of every pattern: bit `i` of target `t` is set when drawing
/// rank `i` lowers the replacement number for `t`. Patterns of 14 tiles get no
/// bits (no 3n+1 hand has one). `rank` maps a pattern to its index in `costs`.
pub fn all_needs(n: usize, costs: &[Costs], rank: impl Fn(&[u8]) -> usize) -> Vec<Needs> {
    let mut out = Vec::with_capacity(costs.len());
    let mut grown = vec![0u8; n];
    for_each_pattern(n, |h| {
        let here = &costs[out.len()];
        let mut needs = [0u16; TARGETS];
        let tiles: usize = h.iter().map(|&c| c as usize).sum();
        if tiles < MAX_PATTERN_TILES {
            grown.copy_from_slice(h);
            for i in 0..n {
                if h[i] == 4 {
                    continue;
                }
                grown[i] += 1;
                let there = &costs[rank(&grown)];
                grown[i] -= 1;
                for t in 0..TARGETS {
                    if there[t] < here[t] {
                        needs[t] |= 1 << i;
                    }
                }
            }
        }
        out.push(needs);
    });
    out
}

/// Decompositions of a complete pattern into melds and at most one pair, each
/// encoded by `encode_decomposition` with its melds sorted, without repeats.
/// Empty when the pattern is not complete.
pub fn decompositions(h: &[u8], sequences: bool) -> Vec<u32> {
    fn go(h: &mut [u8], seq: bool, pair: Option<u8>, melds: &mut Vec<u8>, out: &mut Vec<u32>) {
        let Some(i) = h.iter().position(|&c| c > 0) else {
            let mut sorted = melds.clone();
            sorted.sort_unstable();
            out.push(encode_decomposition(pair, &sorted));
            return;
        };
        if h[i] >= 3 {
            h[i] -= 3;
            melds.push(i as u8);
            go(h, seq, pair, melds, out);
            melds.pop();
            h[i] += 3;
        }
        if seq && i + 2 < h.len() && h[i + 1] > 0 && h[i + 2] > 0 {
            for d in 0..3 {
                h[i + d] -= 1;
            }
            melds.push(i as u8 | SEQUENCE_BIT);
            go(h, seq, pair, melds, out);
            melds.pop();
            for d in 0..3 {
                h[i + d] += 1;
            }
        }
        if pair.is_none() && h[i] >= 2 {
            h[i] -= 2;
            go(h, seq, Some(i as u8), melds, out);
            h[i] += 2;
        }
    }
    let mut h = h.to_vec();
    let mut out = Vec::new();
    go(
        &mut h,
        sequences,
        None,
        &mut Vec::with_capacity(4),
        &mut out,
    );
    // Taking the pair and a sequence from the same tile in either order finds the
    // same decomposition twice.
    out.sort_unstable();
    out.dedup();
    out
}

/// Flag on an encoded meld: a sequence starting at the rank in the low bits
/// (otherwise a triplet of that rank).
pub const SEQUENCE_BIT: u8 = 0x10;

/// Packs a decomposition of one pattern into a `u32`: bits 0–3 the pair's rank
/// plus one (0 = no pair), bits 4–6 the meld count, then 5 bits per meld (bit 4
/// [`SEQUENCE_BIT`], bits 0–3 the rank), melds in the order found.
pub fn encode_decomposition(pair: Option<u8>, melds: &[u8]) -> u32 {
    let mut code = pair.map_or(0, |r| r as u32 + 1) | (melds.len() as u32) << 4;
    for (j, &m) in melds.iter().enumerate() {
        code |= (m as u32) << (7 + 5 * j);
    }
    code
}

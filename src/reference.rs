//! The reference checker: plain recursive decomposition, obviously correct and
//! slow. It is the test oracle for the tables and the baseline of the benches.
//!
//! - Win detection takes the lowest tile and tries it as the pair, as a triplet
//!   and as the start of a sequence, recursively (the classic tutorial method).
//! - Standard-form shanten follows the definition of the replacement number
//!   (tomohxx): the fewest tiles to draw so that the hand contains a complete
//!   hand of `len / 3` melds and a pair, never using more than four copies of a
//!   tile (fewer when melds are called). The search takes the lowest tile left in
//!   the hand and either leaves it out or builds on it one block of the target —
//!   a pair, a triplet, or one of the three sequences through it — choosing which
//!   other hand tiles the block uses; blocks not started from a hand tile are
//!   bought whole (3 tiles a meld, 2 a pair). Results are memoized per state.
//! - Seven pairs and thirteen orphans are counted from their definitions.

use crate::error::HandError;
use crate::shanten::{check_counts, Shanten};
use crate::tile::{TileCounts, KINDS};
use std::collections::HashMap;

/// Whether a 3n+2 hand is complete (melds and a pair, seven pairs, thirteen
/// orphans), by recursive decomposition.
///
/// # Errors
/// As [`crate::is_agari`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "11122345678999m".parse()?;
/// assert!(tenpai::reference::is_agari(h.concealed())?);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn is_agari(counts: &TileCounts) -> Result<bool, HandError> {
    let len = check_counts(counts)?;
    if len % 3 != 2 {
        return Err(HandError::WrongTileCount { expected: "3n+2 tiles (2, 5, 8, 11 or 14)", count: len });
    }
    let mut c = *counts;
    Ok(standard_complete(&mut c, true) || (len == 14 && (chiitoitsu(counts) == -1 || kokushi(counts) == -1)))
}

fn standard_complete(c: &mut TileCounts, need_pair: bool) -> bool {
    let Some(i) = c.iter().position(|&x| x > 0) else {
        return !need_pair;
    };
    if need_pair && c[i] >= 2 {
        c[i] -= 2;
        let ok = standard_complete(c, false);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = standard_complete(c, need_pair);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = standard_complete(c, need_pair);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        return ok;
    }
    false
}

/// Shanten number (least of the three forms) by search; see the module docs.
///
/// # Errors
/// As [`crate::shanten`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "1111m111122233z".parse()?;
/// assert_eq!(tenpai::reference::shanten(h.concealed())?, 1);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn shanten(counts: &TileCounts) -> Result<i8, HandError> {
    Ok(shanten_forms(counts)?.min())
}

/// Shanten number of each form by search.
///
/// # Errors
/// As [`crate::shanten`].
///
/// # Panics
/// Never.
pub fn shanten_forms(counts: &TileCounts) -> Result<Shanten, HandError> {
    let len = check_counts(counts)?;
    let full = len >= 13;
    Ok(Shanten {
        standard: standard_shanten(counts, &[4; KINDS], len / 3),
        chiitoitsu: full.then(|| chiitoitsu(counts)),
        kokushi: full.then(|| kokushi(counts)),
    })
}

/// Standard-form shanten when at most `caps[i]` copies of tile `i` may be used
/// (4 minus the copies in called melds), for a target of `melds` melds and a pair.
///
/// # Errors
/// As [`crate::shanten`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "9m9p569s [999m] [999p] [999s]".parse()?;
/// let caps = h.meld_counts().map(|c| 4 - c);
/// assert_eq!(tenpai::reference::standard_shanten_capped(h.concealed(), &caps)?, 2);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn standard_shanten_capped(counts: &TileCounts, caps: &TileCounts) -> Result<i8, HandError> {
    let len = check_counts(counts)?;
    Ok(standard_shanten(counts, caps, len / 3))
}

/// Seven-pairs shanten from the definition: choose seven distinct kinds that
/// already hold the most tiles (at most two each); the rest must be drawn.
fn chiitoitsu(counts: &TileCounts) -> i8 {
    let mut held: Vec<u8> = counts.iter().map(|&c| c.min(2)).collect();
    held.sort_unstable_by(|a, b| b.cmp(a));
    let kept: i8 = held[..7].iter().map(|&c| c as i8).sum();
    14 - kept - 1
}

/// Thirteen-orphans shanten from the definition: one of each terminal and honor
/// plus one more of them.
fn kokushi(counts: &TileCounts) -> i8 {
    let yaochu = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let kinds = yaochu.iter().filter(|&&i| counts[i] > 0).count() as i8;
    let extra = yaochu.iter().any(|&i| counts[i] > 1) as i8;
    14 - kinds - extra - 1
}

struct Search<'a> {
    caps: &'a TileCounts,
    memo: HashMap<(TileCounts, TileCounts, u8, u8), u8>,
}

/// Tiles of the three sequences through tile `i`, if they exist.
fn sequences_through(i: usize) -> impl Iterator<Item = [usize; 3]> {
    (0..3).filter_map(move |back| {
        if i >= 27 || i % 9 < back {
            return None;
        }
        let start = i - back;
        (start % 9 <= 6).then_some([start, start + 1, start + 2])
    })
}

impl Search<'_> {
    /// Fewest tiles to buy so that `rest` plus the blocks already placed (`used`:
    /// target copies per tile) completes `melds` melds and `pairs` pairs.
    fn best(&mut self, rest: &mut TileCounts, used: &mut TileCounts, melds: u8, pairs: u8) -> u8 {
        let Some(i) = rest.iter().position(|&c| c > 0) else {
            return self.buy_whole(used, melds, pairs);
        };
        let key = (*rest, *used, melds, pairs);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        // Leave one copy of tile i out of the target.
        rest[i] -= 1;
        let mut best = self.best(rest, used, melds, pairs);
        rest[i] += 1;
        // A pair or a triplet of i using 1..=size copies from the hand.
        for (size, melds_after, pairs_after) in [(2u8, Some(melds), pairs.checked_sub(1)), (3, melds.checked_sub(1), Some(pairs))] {
            let (Some(m), Some(p)) = (melds_after, pairs_after) else { continue };
            if used[i] + size > self.caps[i] {
                continue;
            }
            for take in 1..=size.min(rest[i]) {
                rest[i] -= take;
                used[i] += size;
                best = best.min(size - take + self.best(rest, used, m, p));
                used[i] -= size;
                rest[i] += take;
            }
        }
        // A sequence through i: i from the hand, each tile above i from the hand or
        // bought, tiles below i bought (the hand has none left).
        if melds > 0 {
            for seq in sequences_through(i) {
                if seq.iter().any(|&t| used[t] + 1 > self.caps[t]) {
                    continue;
                }
                let above: Vec<usize> = seq.iter().copied().filter(|&t| t > i).collect();
                for choice in 0..(1u8 << above.len()) {
                    let take: Vec<usize> = above.iter().enumerate().filter(|(b, _)| choice >> b & 1 == 1).map(|(_, &t)| t).collect();
                    if take.iter().any(|&t| rest[t] == 0) {
                        continue;
                    }
                    rest[i] -= 1;
                    take.iter().for_each(|&t| rest[t] -= 1);
                    seq.iter().for_each(|&t| used[t] += 1);
                    let bought = 2 - take.len() as u8;
                    best = best.min(bought + self.best(rest, used, melds - 1, pairs));
                    seq.iter().for_each(|&t| used[t] -= 1);
                    take.iter().for_each(|&t| rest[t] += 1);
                    rest[i] += 1;
                }
            }
        }
        self.memo.insert(key, best);
        best
    }

    /// Buys the remaining melds and pair whole, each as a triplet or pair of a
    /// tile with room left.
    fn buy_whole(&self, used: &TileCounts, melds: u8, pairs: u8) -> u8 {
        let mut free: Vec<u8> = (0..KINDS).map(|t| self.caps[t].saturating_sub(used[t])).collect();
        let mut cost = 0;
        for size in std::iter::repeat_n(3u8, melds as usize).chain(std::iter::repeat_n(2u8, pairs as usize)) {
            match free.iter_mut().filter(|f| **f >= size).max() {
                Some(f) => {
                    *f -= size;
                    cost += size;
                }
                None => return generate_inf(),
            }
        }
        cost
    }
}

fn generate_inf() -> u8 {
    crate::tables::generate::INF
}

fn standard_shanten(counts: &TileCounts, caps: &TileCounts, melds: usize) -> i8 {
    let mut search = Search { caps, memo: HashMap::new() };
    let r = search.best(&mut counts.clone(), &mut [0; KINDS], melds as u8, 1);
    r as i8 - 1
}

//! The reference checker: plain recursive decomposition, obviously correct and
//! slow. It is the test oracle for the tables and the baseline of the benches.
//!
//! - Win detection takes the lowest tile and tries it as the pair, as a triplet
//!   and as the start of a sequence, recursively (the classic tutorial method).
//! - Standard-form shanten follows the definition of the replacement number
//!   (tomohxx): the fewest tiles to draw so that the hand contains a complete
//!   hand of `len / 3` melds and a pair, never using more than four copies of a
//!   tile (fewer when melds are called). The recursion walks the 34 tile kinds in
//!   order and, at each, tries every way the target's blocks can start there (a
//!   triplet, the pair, up to four sequences), adding the copies the hand lacks.
//!   It sees the whole hand at once, with no per-suit split, no ranks and no
//!   min-plus step, so it checks every one of those in the table path; answers
//!   for a (kind, melds left, pair left, open sequences) state are memoized.
//! - Seven pairs and thirteen orphans are counted from their definitions.

use crate::error::HandError;
use crate::shanten::{check_counts, scan_complete_size, Shanten};
use crate::tile::{TileCounts, KINDS};

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
    let len = scan_complete_size(counts)?.len;
    let mut c = *counts;
    Ok(standard_complete(&mut c, true)
        || (len == 14 && (chiitoitsu(counts) == -1 || kokushi(counts) == -1)))
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
/// As [`crate::shanten()`].
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
/// As [`crate::shanten()`].
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
/// As [`crate::shanten()`].
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

/// Replacement number: the fewest tiles to draw so that the hand contains
/// `melds` melds and `pairs` pairs (0 or 1) using at most `caps[i]` copies of
/// tile `i`. Any number of tiles up to 14; 40 when no such target exists.
///
/// # Errors
/// [`HandError::TooManyCopies`] or [`HandError::TooManyTiles`]; melds above 4 or
/// pairs above 1 give [`HandError::WrongTileCount`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "1m".parse()?;
/// assert_eq!(tenpai::reference::replacement_number(h.concealed(), &[4; 34], 1, 1)?, 4);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn replacement_number(
    counts: &TileCounts,
    caps: &TileCounts,
    melds: usize,
    pairs: usize,
) -> Result<u8, HandError> {
    if let Some(i) = (0..KINDS).find(|&i| counts[i] > 4) {
        let tile = crate::Tile::new(i as u8).expect("below 34");
        return Err(HandError::TooManyCopies {
            tile,
            count: counts[i] as usize,
        });
    }
    let len: usize = counts.iter().map(|&c| c as usize).sum();
    if len > 14 {
        return Err(HandError::TooManyTiles { count: len });
    }
    if melds > 4 || pairs > 1 {
        return Err(HandError::WrongTileCount {
            expected: "a target of at most 4 melds and 1 pair",
            count: 3 * melds + 2 * pairs,
        });
    }
    let mut search = Search {
        held: counts,
        caps,
        memo: vec![UNKNOWN; KINDS * 5 * 2 * 5 * 5],
    };
    Ok(search.best(0, melds, pairs, 0, 0))
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

/// The search over tile kinds. `memo[i][melds][pair][a][b]` caches the answer
/// for kind `i` with `melds` melds and `pair` pairs still to place, `a`
/// sequences started at `i - 1` and `b` at `i - 2` still open.
struct Search<'a> {
    held: &'a TileCounts,
    caps: &'a TileCounts,
    memo: Vec<u8>,
}

const UNKNOWN: u8 = u8::MAX;

impl Search<'_> {
    /// Fewest tiles the hand lacks for the rest of the target, choosing at kind
    /// `i` how many of the target's blocks start there: a triplet (0 or 1), the
    /// pair (0 or 1) and sequences `i, i+1, i+2` (0–4). The target then holds
    /// `w = 3·triplet + 2·pair + sequences through i` copies of `i` (at most
    /// `caps[i]`), of which `max(w − held, 0)` must be drawn.
    fn best(&mut self, i: usize, melds: usize, pair: usize, a: usize, b: usize) -> u8 {
        if i == KINDS {
            return if melds == 0 && pair == 0 && a == 0 && b == 0 {
                0
            } else {
                INF
            };
        }
        let slot = (((i * 5 + melds) * 2 + pair) * 5 + a) * 5 + b;
        if self.memo[slot] != UNKNOWN {
            return self.memo[slot];
        }
        let sequences_may_start = i < 27 && i % 9 <= 6;
        let mut best = INF;
        for triplet in 0..=melds.min(1) {
            for q in 0..=pair {
                let max_s = if sequences_may_start {
                    melds - triplet
                } else {
                    0
                };
                for s in 0..=max_s {
                    let w = 3 * triplet + 2 * q + s + a + b;
                    if w > self.caps[i] as usize {
                        break;
                    }
                    let missing = w.saturating_sub(self.held[i] as usize) as u8;
                    let rest = self.best(i + 1, melds - triplet - s, pair - q, s, a);
                    best = best.min(missing.saturating_add(rest));
                }
            }
        }
        self.memo[slot] = best;
        best
    }
}

const INF: u8 = crate::tables::generate::INF;

fn standard_shanten(counts: &TileCounts, caps: &TileCounts, melds: usize) -> i8 {
    let mut search = Search {
        held: counts,
        caps,
        memo: vec![UNKNOWN; KINDS * 5 * 2 * 5 * 5],
    };
    search.best(0, melds, 1, 0, 0) as i8 - 1
}

/// A decomposition as plain numbers: the pair's tile index and the melds as
/// `(lowest tile index, is_sequence)`, sorted.
pub type PlainDecomposition = (usize, Vec<(usize, bool)>);

/// Every decomposition of a complete 3n+2 hand into melds and a pair, by
/// recursive removal from the lowest tile (the classic method), as sorted
/// `(pair, melds)` with melds encoded as `(tile index, is_sequence)`; then seven
/// pairs and thirteen orphans are not included (see [`is_agari`]).
///
/// # Errors
/// As [`crate::is_agari`].
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "111222333m11p".parse()?;
/// assert_eq!(tenpai::reference::standard_decompositions(h.concealed())?.len(), 2);
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn standard_decompositions(counts: &TileCounts) -> Result<Vec<PlainDecomposition>, HandError> {
    scan_complete_size(counts)?;
    fn go(
        c: &mut TileCounts,
        pair: Option<usize>,
        melds: &mut Vec<(usize, bool)>,
        out: &mut Vec<PlainDecomposition>,
    ) {
        let Some(i) = c.iter().position(|&x| x > 0) else {
            if let Some(p) = pair {
                let mut m = melds.clone();
                m.sort();
                out.push((p, m));
            }
            return;
        };
        if pair.is_none() && c[i] >= 2 {
            c[i] -= 2;
            go(c, Some(i), melds, out);
            c[i] += 2;
        }
        if c[i] >= 3 {
            c[i] -= 3;
            melds.push((i, false));
            go(c, pair, melds, out);
            melds.pop();
            c[i] += 3;
        }
        if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
            for d in 0..3 {
                c[i + d] -= 1;
            }
            melds.push((i, true));
            go(c, pair, melds, out);
            melds.pop();
            for d in 0..3 {
                c[i + d] += 1;
            }
        }
    }
    let mut out = Vec::new();
    go(&mut counts.clone(), None, &mut Vec::new(), &mut out);
    out.sort();
    out.dedup();
    Ok(out)
}

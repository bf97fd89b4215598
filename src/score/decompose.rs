//! Standard decompositions of the concealed tiles, without allocation.
//!
//! The same readings as [`crate::decompositions`] (checked against it by the
//! tests), found by a depth-first search on the counts instead of collected into
//! vectors: scoring visits each one once and keeps only the best, so the visitor
//! form saves the allocations of the general function. The lowest tile left is
//! always used first, either in one triplet and then sequences, or in sequences
//! only, so each reading is produced exactly once.

use crate::agari::Mentsu;
use crate::tile::{Tile, TileCounts};

/// Calls `visit(pair, melds)` for each split of `counts` (3n+2 tiles) into a pair
/// and n melds.
#[inline]
pub(crate) fn for_each_standard<F: FnMut(Tile, &[Mentsu])>(counts: &TileCounts, visit: &mut F) {
    // Three of the four suits must hold 3m tiles and one 3m + 2 (the pair's).
    let mut pair_suit = None;
    for s in 0..4 {
        let end = if s == 3 { 34 } else { s * 9 + 9 };
        let sum: u8 = counts[s * 9..end].iter().sum();
        match sum % 3 {
            0 => {}
            2 if pair_suit.is_none() => pair_suit = Some(s),
            _ => return,
        }
    }
    let Some(ps) = pair_suit else { return };
    let mut c = *counts;
    let mut melds = [Mentsu::Triplet(Tile::new(0).expect("valid")); 4];
    let end = if ps == 3 { 34 } else { ps * 9 + 9 };
    for p in ps * 9..end {
        if c[p] >= 2 {
            c[p] -= 2;
            let pair = Tile::new(p as u8).expect("below 34");
            split(&mut c, 0, &mut melds, 0, pair, visit);
            c[p] += 2;
        }
    }
}

fn split<F: FnMut(Tile, &[Mentsu])>(
    c: &mut TileCounts,
    mut i: usize,
    melds: &mut [Mentsu; 4],
    n: usize,
    pair: Tile,
    visit: &mut F,
) {
    while i < 34 && c[i] == 0 {
        i += 1;
    }
    if i == 34 {
        visit(pair, &melds[..n]);
        return;
    }
    let count = c[i];
    let tile = Tile::new(i as u8).expect("below 34");
    for triplet in [true, false] {
        if triplet && count < 3 {
            continue;
        }
        let k = count - if triplet { 3 } else { 0 };
        if k > 0 && (i >= 27 || i % 9 > 6 || c[i + 1] < k || c[i + 2] < k) {
            continue;
        }
        if n + k as usize + triplet as usize > 4 {
            continue; // more melds than a hand holds (never for valid counts)
        }
        let mut m = n;
        if triplet {
            melds[m] = Mentsu::Triplet(tile);
            m += 1;
        }
        for _ in 0..k {
            melds[m] = Mentsu::Sequence(tile);
            m += 1;
        }
        c[i] = 0;
        if k > 0 {
            c[i + 1] -= k;
            c[i + 2] -= k;
        }
        split(c, i + 1, melds, m, pair, visit);
        c[i] = count;
        if k > 0 {
            c[i + 1] += k;
            c[i + 2] += k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agari::Decomposition;

    fn mine(counts: &TileCounts) -> Vec<(Tile, Vec<Mentsu>)> {
        let mut out = Vec::new();
        for_each_standard(counts, &mut |p, m: &[Mentsu]| {
            let mut m = m.to_vec();
            m.sort();
            out.push((p, m));
        });
        out.sort();
        out
    }

    fn theirs(counts: &TileCounts) -> Vec<(Tile, Vec<Mentsu>)> {
        let mut out: Vec<_> = crate::decompositions(counts)
            .unwrap()
            .into_iter()
            .filter_map(|d| match d {
                Decomposition::Standard { pair, melds } => Some((pair, melds)),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn standard_decompositions_match_core_on_tricky_hands() {
        for h in [
            "111222333m11p",
            "11122233344455m",
            "11112222333344m",
            "22334455667788p",
            "11123456789999m",
            "123m456p789s11122z",
            "55m",
            "55566677m",
            "111m",
            "11z",
            "1122z",
            "12m",
        ] {
            let hand: crate::Hand = h.parse().unwrap();
            if hand.len() % 3 != 2 {
                continue;
            }
            assert_eq!(mine(hand.concealed()), theirs(hand.concealed()), "{h}");
        }
    }

    #[test]
    fn standard_decompositions_match_core_on_random_complete_hands() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut checked = 0;
        for _ in 0..200_000 {
            // Random counts within one or two suits so that complete hands are common.
            let mut c = [0u8; 34];
            let suit = rng.gen_range(0..3) * 9;
            let size = [2, 5, 8, 11, 14][rng.gen_range(0..5)];
            let mut n = 0;
            while n < size {
                let i = suit + rng.gen_range(0..9);
                if c[i] < 4 {
                    c[i] += 1;
                    n += 1;
                }
            }
            let theirs = theirs(&c);
            assert_eq!(mine(&c), theirs, "{c:?}");
            checked += (!theirs.is_empty()) as usize;
        }
        assert!(checked > 1000, "only {checked} complete hands");
    }
}

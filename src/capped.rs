//! Replacement numbers of one suit or honor pattern whose tile supply is capped
//! by tiles already in called melds (`4 - called` copies of each rank are left).
//!
//! The tables assume four copies of every tile, so the meld-aware queries
//! ([`crate::Tables::shanten_with_melds`], `ukeire_with_melds`,
//! `analyze_with_melds`) run the generator's dynamic program for a pattern
//! whose suit has called tiles. Games ask about the same few patterns again
//! and again, so each thread memoizes the answers (at most
//! [`CACHE_ENTRIES`] of them, about 30 MiB, after which the memo starts afresh).

use crate::tables::generate::{self, Costs};
use std::cell::RefCell;

/// Most answers a thread keeps before its memo is cleared.
pub const CACHE_ENTRIES: usize = 1 << 20;

thread_local! {
    static MEMO: RefCell<rustc_hash::FxHashMap<u64, Costs>> = RefCell::default();
}

/// Key: `held` in base 5 (at most 9 ranks of 0–4 copies: < 2^21), the caps in 3
/// bits each from bit 21, and whether sequences count at bit 48.
fn key(held: &[u8], caps: &[u8], sequences: bool) -> Option<u64> {
    if held.len() > 9 || held.len() != caps.len() {
        return None;
    }
    let mut k = 0u64;
    let mut c = 0u64;
    for (i, (&h, &cap)) in held.iter().zip(caps).enumerate() {
        if h > 4 || cap > 4 {
            return None;
        }
        k = k * 5 + u64::from(h);
        c |= u64::from(cap) << (3 * i);
    }
    Some(k | c << 21 | u64::from(sequences) << 48 | (held.len() as u64) << 49)
}

/// [`generate::pattern_costs`] of `held` with `caps[i]` copies of rank `i`
/// available, memoized per thread (patterns that cannot be keyed, e.g. more than
/// four copies of a rank, are computed every time).
///
/// # Panics
/// Never.
pub(crate) fn pattern_costs(held: &[u8], caps: &[u8], sequences: bool) -> Costs {
    let Some(k) = key(held, caps, sequences) else {
        return generate::pattern_costs(held, caps, sequences);
    };
    if let Some(c) = MEMO.with(|m| m.borrow().get(&k).copied()) {
        return c;
    }
    let c = generate::pattern_costs(held, caps, sequences);
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= CACHE_ENTRIES {
            m.clear();
        }
        m.insert(k, c);
    });
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memoized_answer_equals_the_dynamic_program() {
        let held = [1, 1, 1, 0, 2, 0, 0, 0, 3];
        let caps = [4, 4, 4, 4, 1, 4, 4, 4, 3];
        let direct = generate::pattern_costs(&held, &caps, true);
        assert_eq!(pattern_costs(&held, &caps, true), direct);
        assert_eq!(pattern_costs(&held, &caps, true), direct);
        // Honors (no sequences) are a different key.
        assert_eq!(
            pattern_costs(&held[..7], &caps[..7], false),
            generate::pattern_costs(&held[..7], &caps[..7], false)
        );
    }

    #[test]
    fn keys_tell_caps_sequences_and_length_apart() {
        let h = [0u8; 9];
        let a = key(&h, &[4; 9], true);
        assert_ne!(a, key(&h, &[3, 4, 4, 4, 4, 4, 4, 4, 4], true));
        assert_ne!(a, key(&h, &[4; 9], false));
        assert_ne!(key(&h[..7], &[4; 7], false), key(&h[..7], &[4; 7], true));
        assert_eq!(key(&[5, 0], &[4, 4], true), None);
    }
}

//! Every entry of the embedded tables against the reference checker: replacement
//! numbers for all ten targets, necessary tiles and complete flags of all 405,350
//! suit and 43,130 honor patterns, and the decompositions of every complete suit
//! pattern, both from the generator and in the map embedded by `build.rs`.
//! About a minute in release mode on one core, so it runs in CI.
use tenpai::internals::{
    embedded_entry, embedded_suit_decomposition_count, embedded_suit_decompositions,
    for_each_pattern, honor_rank, pattern_decompositions, suit_rank,
};
use tenpai::reference;

fn check_side(n: usize) {
    let honors = n == 7;
    let offset = if honors { 27 } else { 0 };
    // Reference replacement numbers of every pattern, by rank.
    let mut patterns: Vec<Vec<u8>> = Vec::new();
    let mut reference_costs: Vec<[u8; 10]> = Vec::new();
    for_each_pattern(n, |h| {
        let mut c = [0u8; 34];
        c[offset..offset + n].copy_from_slice(h);
        let mut costs = [0u8; 10];
        for p in 0..2 {
            for m in 0..5 {
                costs[p * 5 + m] = reference::replacement_number(&c, &[4; 34], m, p).unwrap();
            }
        }
        patterns.push(h.to_vec());
        reference_costs.push(costs);
    });
    let rank = |h: &[u8]| if honors { honor_rank(h) } else { suit_rank(h) };
    let mut complete_suit_patterns = 0;
    for (r, h) in patterns.iter().enumerate() {
        assert_eq!(rank(h), r);
        let (costs, needs, complete) = embedded_entry(h);
        assert_eq!(costs, reference_costs[r], "costs of pattern {h:?}");
        let tiles: usize = h.iter().map(|&c| c as usize).sum();
        let expect_complete = match tiles % 3 {
            0 => reference_costs[r][tiles / 3] == 0,
            2 => reference_costs[r][5 + tiles / 3] == 0,
            _ => false,
        };
        assert_eq!(complete, expect_complete, "complete flag of {h:?}");
        let mut expect_needs = [0u16; 10];
        if tiles < 14 {
            for i in 0..n {
                if h[i] == 4 {
                    continue;
                }
                let mut g = h.clone();
                g[i] += 1;
                let there = reference_costs[rank(&g)];
                for t in 0..10 {
                    if there[t] < reference_costs[r][t] {
                        expect_needs[t] |= 1 << i;
                    }
                }
            }
        }
        assert_eq!(needs, expect_needs, "necessary tiles of {h:?}");
        if !honors {
            // The embedded map holds exactly the complete patterns, each with
            // the generator's decompositions in the generator's order.
            let generated = pattern_decompositions(h, true);
            let embedded = embedded_suit_decompositions(h);
            if generated.is_empty() {
                assert_eq!(embedded, None, "embedded decompositions of {h:?}");
            } else {
                assert_eq!(
                    embedded,
                    Some(&generated[..]),
                    "embedded decompositions of {h:?}"
                );
                complete_suit_patterns += 1;
            }
        }
        if !honors && complete {
            // Decompositions: add a pair of East when the pattern has none.
            let mut c = [0u8; 34];
            c[..9].copy_from_slice(h);
            if tiles % 3 == 0 {
                c[27] = 2;
            }
            let mut expected: Vec<String> = reference::standard_decompositions(&c)
                .unwrap()
                .iter()
                .map(|(pair, melds)| {
                    let pair = if *pair == 27 { None } else { Some(*pair) };
                    format!("{pair:?} {melds:?}")
                })
                .collect();
            expected.sort();
            let mut found: Vec<String> = pattern_decompositions(h, true)
                .iter()
                .map(|&code| {
                    let pair = match code & 0xF {
                        0 => None,
                        p => Some(p as usize - 1),
                    };
                    let count = (code >> 4 & 7) as usize;
                    let mut melds: Vec<(usize, bool)> = (0..count)
                        .map(|j| {
                            (
                                (code >> (7 + 5 * j) & 0xF) as usize,
                                code >> (7 + 5 * j) & 0x10 != 0,
                            )
                        })
                        .collect();
                    melds.sort();
                    format!("{pair:?} {melds:?}")
                })
                .collect();
            found.sort();
            assert_eq!(found, expected, "decompositions of {h:?}");
        }
    }
    if !honors {
        assert_eq!(embedded_suit_decomposition_count(), complete_suit_patterns);
    }
}

#[test]
fn full_suit_tables_match_reference() {
    check_side(9);
}

#[test]
fn full_honor_tables_match_reference() {
    check_side(7);
}

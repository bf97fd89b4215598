//! Property tests: the tables against the reference checker on seeded random
//! hands (100,000 per run over all hand sizes, plus hands biased to one suit and
//! to pairs and quads), and ukeire against its definition.
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenpai::{reference, Hand, TileCounts};

const SIZES: [usize; 10] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];

fn config(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A hand dealt from a shuffled 136-tile wall, size uniform over `SIZES`.
fn wall_hand() -> impl Strategy<Value = TileCounts> {
    (0..SIZES.len(), any::<u64>()).prop_map(|(s, seed)| {
        let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
        wall.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let mut c = [0u8; 34];
        for &t in &wall[..SIZES[s]] {
            c[t] += 1;
        }
        c
    })
}

/// Counts from a list of tile indices, or `None` past four copies.
fn from_tiles(tiles: &[usize]) -> Option<TileCounts> {
    let mut c = [0u8; 34];
    for &t in tiles {
        c[t] += 1;
        if c[t] > 4 {
            return None;
        }
    }
    Some(c)
}

/// A hand of one suit (or honors) only: the hard cases for decomposition.
fn one_suit_hand() -> impl Strategy<Value = TileCounts> {
    (0..4usize, 0..SIZES.len())
        .prop_flat_map(|(suit, s)| {
            let kinds: usize = if suit == 3 { 7 } else { 9 };
            prop::collection::vec(0..kinds, SIZES[s])
                .prop_map(move |v| v.iter().map(|&r| suit * 9 + r).collect::<Vec<_>>())
        })
        .prop_filter_map("at most four copies", |t| from_tiles(&t))
}

/// A hand made of pairs, triplets and quads of few kinds, cut to a valid size.
fn pairs_hand() -> impl Strategy<Value = TileCounts> {
    (
        prop::collection::vec((0..34usize, 2..=4usize), 1..8),
        0..SIZES.len(),
    )
        .prop_filter_map("valid", |(groups, s)| {
            let mut tiles: Vec<usize> = groups
                .iter()
                .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
                .collect();
            if tiles.len() < SIZES[s] {
                return None;
            }
            tiles.truncate(SIZES[s]);
            from_tiles(&tiles)
        })
}

fn len(c: &TileCounts) -> usize {
    c.iter().map(|&x| x as usize).sum()
}

/// Every query on `c` agrees with the reference (and ukeire with its definition).
fn check(c: &TileCounts) -> Result<(), TestCaseError> {
    let forms = tenpai::shanten_forms(c).unwrap();
    prop_assert_eq!(forms, reference::shanten_forms(c).unwrap());
    prop_assert_eq!(tenpai::shanten(c).unwrap(), forms.min());
    if len(c) % 3 == 2 {
        prop_assert_eq!(
            tenpai::is_agari(c).unwrap(),
            reference::is_agari(c).unwrap()
        );
        prop_assert_eq!(tenpai::is_agari(c).unwrap(), forms.min() == -1);
        let table: Vec<_> = tenpai::decompositions(c)
            .unwrap()
            .into_iter()
            .filter_map(|d| match d {
                tenpai::Decomposition::Standard { pair, melds } => {
                    let mut m: Vec<_> = melds
                        .iter()
                        .map(|m| (m.tile().index(), matches!(m, tenpai::Mentsu::Sequence(_))))
                        .collect();
                    m.sort();
                    Some((pair.index(), m))
                }
                _ => None,
            })
            .collect();
        let mut table = table;
        table.sort();
        prop_assert_eq!(table, reference::standard_decompositions(c).unwrap());
    } else {
        let u = tenpai::ukeire(c, None).unwrap();
        prop_assert_eq!(u.shanten, forms.min());
        for t in tenpai::Tile::all() {
            let mut d = *c;
            d[t.index()] += 1;
            let useful = c[t.index()] < 4 && tenpai::shanten(&d).unwrap() < forms.min();
            prop_assert_eq!(
                u.tiles.contains(t),
                useful,
                "tile {} of {:?}",
                t,
                Hand::from_counts(c).unwrap().to_string()
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(60_000, 0x7E4A1))]
    #[test]
    fn prop_wall_hands_match_reference(c in wall_hand()) {
        check(&c)?;
    }
}

proptest! {
    #![proptest_config(config(20_000, 0x7E4A2))]
    #[test]
    fn prop_one_suit_hands_match_reference(c in one_suit_hand()) {
        check(&c)?;
    }
}

proptest! {
    #![proptest_config(config(20_000, 0x7E4A3))]
    #[test]
    fn prop_pair_and_quad_hands_match_reference(c in pairs_hand()) {
        check(&c)?;
    }
}

/// Random called melds plus a concealed hand that fits beside them.
fn hand_with_melds() -> impl Strategy<Value = Hand> {
    (1..=4usize, any::<u64>()).prop_filter_map("valid", |(n, seed)| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut text = String::new();
        let mut melds = String::new();
        for _ in 0..n {
            let t = *[0usize, 1, 2].choose(&mut rng).unwrap();
            let kind = rand::Rng::gen_range(&mut rng, 0..34usize);
            let (suit, rank) = (kind / 9, kind % 9 + 1);
            let letter = ['m', 'p', 's', 'z'][suit];
            let meld = match t {
                0 if suit < 3 && rank <= 7 => format!("[{}{}{}{letter}]", rank, rank + 1, rank + 2),
                1 => format!("[{rank}{rank}{rank}{letter}]"),
                _ => format!("({rank}{rank}{rank}{rank}{letter})"),
            };
            melds.push_str(&meld);
        }
        // Concealed: draw from the tiles left.
        let probe: Hand = melds.parse().ok()?;
        let used = probe.meld_counts();
        let mut wall: Vec<usize> = (0..34)
            .flat_map(|t| std::iter::repeat_n(t, 4 - used[t] as usize))
            .collect();
        wall.shuffle(&mut rng);
        let size = 13 - 3 * n + rand::Rng::gen_range(&mut rng, 0..2usize);
        let mut c = [0u8; 34];
        for &t in &wall[..size] {
            c[t] += 1;
        }
        text.push_str(&Hand::from_counts(&c).ok()?.to_string());
        text.push(' ');
        text.push_str(&melds);
        text.parse().ok()
    })
}

proptest! {
    #![proptest_config(config(5_000, 0x7E4A4))]
    #[test]
    fn prop_meld_aware_shanten_matches_reference(h in hand_with_melds()) {
        let caps = h.meld_counts().map(|c| 4 - c);
        let aware = tenpai::shanten_with_melds(&h).unwrap();
        prop_assert_eq!(aware.standard, reference::standard_shanten_capped(h.concealed(), &caps).unwrap(), "{}", h);
        prop_assert!(aware.standard >= tenpai::shanten(h.concealed()).unwrap());
        if h.len() % 3 == 1 {
            let u = tenpai::Tables::embedded().ukeire_with_melds(&h, None).unwrap();
            for t in tenpai::Tile::all() {
                let mut d = *h.concealed();
                d[t.index()] += 1;
                let room = h.concealed()[t.index()] + h.meld_counts()[t.index()] < 4;
                let useful = room && reference::standard_shanten_capped(&d, &caps).unwrap() < aware.standard;
                prop_assert_eq!(u.tiles.contains(t), useful, "tile {} of {}", t, h);
            }
        }
    }
}

/// Shanten distribution of random 14-tile hands is close to the published one
/// (DESIGN.md: mean about 3.156 over 100 M hands).
#[test]
fn shanten_distribution_of_random_14_tile_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    let n = 200_000;
    let mut sum = 0i64;
    for _ in 0..n {
        wall.shuffle(&mut rng);
        let mut c = [0u8; 34];
        for &t in &wall[..14] {
            c[t] += 1;
        }
        sum += tenpai::shanten(&c).unwrap() as i64;
    }
    let mean = sum as f64 / n as f64;
    assert!((mean - 3.156).abs() < 0.01, "mean shanten {mean}");
}

//! Seats with counts no game produces: only this module can make them.

use super::*;

fn tiles(s: &str) -> Vec<Pai> {
    s.split(' ').map(|t| t.parse().expect("a tile")).collect()
}

#[test]
fn count_tiles_is_the_plain_sum_of_any_counts() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for round in 0..2000 {
        let mut c = [0u8; KINDS];
        for x in &mut c {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Hands (0-4) in most rounds, any byte in the others.
            *x = if round % 4 == 0 {
                rng as u8
            } else {
                (rng % 5) as u8
            };
        }
        let sum: usize = c.iter().map(|&x| usize::from(x)).sum();
        assert_eq!(count_tiles(&c), sum, "{c:?}");
    }
    assert_eq!(count_tiles(&[255; KINDS]), 255 * 34);
}

/// A seeded xorshift: each call a number below `m`.
fn xorshift(mut rng: u64) -> impl FnMut(u64) -> usize {
    move |m: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % m) as usize
    }
}

#[test]
fn one_more_at_is_one_more_of_that_kind_and_nothing_else() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let (mut same, mut differ) = (0, 0);
    for _ in 0..20_000 {
        let mut before = [0u8; KINDS];
        for x in &mut before {
            *x = next(5) as u8;
        }
        let k = next(KINDS as u64);
        let mut after = before;
        after[k] = after[k].wrapping_add(1);
        // Most rounds change one more count (or none), by -1 to +1.
        if next(3) > 0 {
            let j = next(KINDS as u64);
            after[j] = after[j].wrapping_add(next(3) as u8).wrapping_sub(1);
        }
        let plain = (0..KINDS).all(|i| {
            let want = before[i] + u8::from(i == k);
            after[i] == want
        });
        assert_eq!(
            one_more_at(&before, &after, k),
            plain,
            "{before:?} {after:?} {k}"
        );
        if plain {
            same += 1;
        } else {
            differ += 1;
        }
        // Any other kind: `after` never has one more of it alone (kind k
        // differs by 0 or 2, or by one with the other change elsewhere).
        let other = (k + 1 + next(KINDS as u64 - 1)) % KINDS;
        assert!(
            !one_more_at(&before, &after, other),
            "{before:?} {after:?} {other}"
        );
    }
    assert!(same > 5_000 && differ > 5_000, "{same} {differ}");
}

#[test]
fn seat_tiles_lists_every_copy_in_index_order_whatever_the_counts() {
    // A dealt hand, and counts no game produces (136 tiles): red fives first.
    for (hand, red) in [
        (tiles("1m 5m 5m 0m 9p 0s 7z 7z"), [1, 0, 1]),
        (Vec::new(), [1, 1, 1]),
    ] {
        let mut seat = Seat::default();
        if hand.is_empty() {
            seat.hand = [4; 34];
        } else {
            for p in &hand {
                seat.hand[p.index()] += 1;
            }
        }
        seat.red = red;
        let expected: Vec<Pai> = (0..34u8)
            .flat_map(|i| {
                let t = Tile::new(i).unwrap();
                let r = if t.is_five() {
                    seat.red[i as usize / 9]
                } else {
                    0
                };
                (0..seat.hand[i as usize]).map(move |k| Pai::new(t, k < r))
            })
            .collect();
        assert_eq!(seat.tiles(), expected);
        assert_eq!(seat.tiles().len(), seat.len());
    }
}

#[test]
fn riichi_and_tsumo_tests_from_the_memo_agree_with_the_full_ones() {
    // Seeded games of first legal actions (riichi and tsumo are listed
    // before the discards): at every turn after a draw, the answers that
    // read the memo are those of the full tests; and the memo is read.
    let rules = crate::rules::Rules::tenhou();
    let (mut turns, mut from_memo, mut riichi, mut agari) = (0, 0, 0, 0);
    for seed in 0..30 {
        let mut g = crate::game::Game::new(&rules, seed, false).expect("a game");
        while let Some(seat) = g.to_act() {
            let s = g.state().seat(seat);
            if s.drawn().is_some() {
                turns += 1;
                from_memo += usize::from(s.shanten_before_draw().is_some());
                let full = crate::game::riichi_possible(s.concealed());
                assert_eq!(s.riichi_possible(), full, "{:?}", s.tiles());
                let win = crate::is_agari(s.concealed()) == Ok(true);
                assert_eq!(s.is_agari(), win, "{:?}", s.tiles());
                (riichi, agari) = (riichi + usize::from(full), agari + usize::from(win));
            }
            g.step_legal(0).expect("a legal action");
        }
    }
    assert!(from_memo * 2 > turns, "{from_memo} of {turns} turns");
    assert!(riichi > 0 && agari > 0, "riichi {riichi}, agari {agari}");
}

#[test]
fn meld_counts_follow_calls_added_kans_closed_kans_and_replaced_melds() {
    let meld = |kind, t: &str| TableMeld {
        kind,
        tiles: tiles(t),
        called: None,
        from: None,
        added: false,
    };
    let mut seat = Seat::default();
    seat.push_meld(meld(MeldKind::Pon, "0m 5m 5m"));
    seat.push_meld(meld(MeldKind::Chi, "3p 4p 5p"));
    let mut want = [0u8; KINDS];
    want[4] = 3; // a red five counts as a five
    want[9 + 2..9 + 5].fill(1);
    assert_eq!(seat.meld_counts(), &want);
    assert!(seat.add_kan(0, tiles("5m")[0]));
    want[4] = 4;
    assert_eq!(seat.meld_counts(), &want);
    assert_eq!(seat.melds()[0].kind, MeldKind::Kan);
    assert!(!seat.add_kan(2, tiles("5m")[0]), "no third meld");
    seat.push_meld(meld(MeldKind::ClosedKan, "7z 7z 7z 7z"));
    want[33] = 4;
    assert_eq!(seat.meld_counts(), &want);
    seat.set_melds(vec![meld(MeldKind::Pon, "1s 1s 1s")]);
    let mut only = [0u8; KINDS];
    only[18] = 3;
    assert_eq!((seat.meld_counts(), seat.melds().len()), (&only, 1));
}

#[test]
fn a_draw_and_a_discard_leave_a_hand_at_most_one_closer_to_ready() {
    // What `Seat::note_discard` rests on: shanten(H + d − x) ≥ shanten(H) − 1
    // for 13-tile hands H, every drawn d and every discard x of H + d.
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let (mut hands, mut tight) = (0, 0);
    while hands < 3000 {
        let mut h = [0u8; KINDS];
        let mut n = 0;
        while n < 13 {
            let k = next(34);
            if h[k] < 4 {
                h[k] += 1;
                n += 1;
            }
        }
        let before = crate::shanten(&h).expect("13 tiles");
        let d = next(34);
        if h[d] == 4 {
            continue;
        }
        hands += 1;
        h[d] += 1;
        for x in (0..KINDS).filter(|&x| h[x] > 0) {
            let mut after = h;
            after[x] -= 1;
            let after = crate::shanten(&after).expect("13 tiles");
            assert!(after >= before - 1, "{h:?} less {x}: {after} from {before}");
            tight += usize::from(after == before - 1);
        }
    }
    assert!(tight > 0, "some draw and discard gained a step");
}

#[test]
fn the_memo_keeps_a_bound_after_discards_and_stays_right_in_checked_games() {
    // Seeded games of random legal actions with every invariant checked
    // after every event (the memo's waits equal, its number at most, a fresh
    // lookup's): discards from hands three or more from ready leave a bound.
    use rand::{Rng, SeedableRng};
    let rules = crate::rules::Rules::tenhou();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let (mut discards, mut bounds) = (0, 0);
    for seed in 0..6 {
        let mut g = crate::game::Game::new(&rules, seed, true).expect("a game");
        while let Some(seat) = g.to_act() {
            let before = g.state().seat(seat).shanten_before_draw();
            let i = rng.gen_range(0..g.legal().len());
            let discard = matches!(g.legal()[i], crate::game::Action::Discard { .. });
            g.step_legal(i).expect("a legal action");
            let s = g.state().seat(seat);
            if discard && s.drawn().is_none() {
                discards += 1;
                let memo = s.waits_cache.0.get();
                let bound =
                    memo.is_some_and(|(h, n, _)| same_counts(&h, s.concealed()) && n >= Some(1));
                bounds += usize::from(before.is_some_and(|n| n >= 3) && bound);
            }
        }
    }
    assert!(
        bounds * 4 > discards,
        "{bounds} bounds of {discards} discards"
    );
}

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

#[test]
fn one_more_at_is_one_more_of_that_kind_and_nothing_else() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |m: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % m) as usize
    };
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

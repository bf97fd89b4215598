//! The rollout turn under each baseline's rules: the same hand played by
//! the first baseline's rules and by the second's, where the second's
//! riichi, push and danger ranking change the choice.

use super::turn;
use crate::ai::baseline::style::Style;
use crate::ai::mc::world::World;
use crate::game::{Event, Observation, Pai, SeatIndex, State};
use crate::rules::Rules;

fn pais(text: &str) -> Vec<Pai> {
    text.split_whitespace()
        .map(|x| x.parse().expect("a tile"))
        .collect()
}

fn kind(text: &str) -> usize {
    let p: Pai = text.parse().expect("a tile");
    p.tile().expect("a visible tile").index()
}

/// Seat 0's world at its first turn of East 1 (dealer seat 0, dora
/// indicator `dora`), holding `hand` (14 tiles), the other seats holding
/// 13 unrelated tiles, nothing else seen, 60 tiles in the live wall.
fn world(hand: &str, dora: &str) -> World {
    let mut s = State::new(Rules::tenhou());
    let filler = [
        "1p 1p 1p 9p 9p 9p 1s 1s 1s 9s 9s 9s C",
        "1m 1m 1m 9m 9m 9m 2s 2s 2s 5s 5s 5s C",
        "P P P F F F S S S 6p 6p 6p C",
        "W W W N N N 2p 2p 2p 8m 8m 8m C",
    ];
    s.apply(&Event::start_game(vec![], None, Default::default()))
        .expect("a game");
    s.apply(&Event::StartKyoku {
        round_wind: "E".parse().expect("a wind"),
        kyoku: 1,
        honba: 0,
        kyoutaku: 0,
        dealer: 0,
        dora_marker: dora.parse().expect("a tile"),
        scores: [25000; 4],
        tehais: filler.map(pais),
    })
    .expect("a deal");
    let mut w = World::from_observation(&Observation::of(&s, SeatIndex::ALL[0]));
    w.set_hand(SeatIndex::ALL[0], &pais(hand));
    w.set_walls(&pais(&["1m"; 60].join(" ")), &pais("1m 1m 1m 1m 1m"));
    w
}

/// Seat 1 declares riichi with `tile` (now in its river), accepted.
fn riichi_of_seat_1(w: &mut World, tile: &str) {
    w.declare_riichi(1);
    w.discard(1, kind(tile) as u8, false);
    w.discard_passed(1);
}

#[test]
fn riichi_on_a_two_tile_wait_only_by_the_second_baselines_rules() {
    // Ready on the 5m kanchan once N goes, two of the four 5m seen.
    let mut w = world("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p 4m 6m N", "1s");
    w.seen[kind("5m")] = 2;
    let rules = Rules::tenhou().game;
    let v1 = turn(&w, 0, 0, &rules, &Style::V1);
    let v2 = turn(&w, 0, 0, &rules, &Style::V2);
    assert_eq!((v1.kind, v1.riichi), (kind("N"), false));
    assert_eq!((v2.kind, v2.riichi), (kind("N"), true));
    // With four unseen, both declare.
    w.seen[kind("5m")] = 0;
    assert!(turn(&w, 0, 0, &rules, &Style::V1).riichi);
}

#[test]
fn one_from_ready_with_a_dora_pushes_only_by_the_second_baselines_rules() {
    // One from ready (234m 567p 34s 67s 88m, E and W loose) holding the
    // dora 2m, against seat 1's riichi on 8m: the first folds with the
    // genbutsu 8m (two from ready), the second pushes the loose W (E is a
    // double yakuhai worth more).
    let mut w = world("2m 3m 4m 5p 6p 7p 3s 4s 6s 7s 8m 8m E W", "1m");
    riichi_of_seat_1(&mut w, "8m");
    let rules = Rules::tenhou().game;
    assert_eq!(turn(&w, 0, 0, &rules, &Style::V1).kind, kind("8m"));
    assert_eq!(turn(&w, 0, 0, &rules, &Style::V2).kind, kind("W"));
    // Without the dora (indicator 9s: 1s is dora) both fold.
    let mut w = world("2m 3m 4m 5p 6p 7p 3s 4s 6s 7s 8m 8m E W", "9s");
    riichi_of_seat_1(&mut w, "8m");
    assert_eq!(turn(&w, 0, 0, &rules, &Style::V2).kind, kind("8m"));
}

#[test]
fn the_second_baselines_fold_ranks_a_kabe_tile_safer() {
    // One from ready without dora against seat 1's riichi (on E): every
    // number held is neither genbutsu nor suji. The first baseline's rules
    // rank them alike (10) and throw the loose 8p (lowest keep value, then
    // lowest kind); the second's close 3s's only ryanmen side (45s) with
    // the four 4s seen (kabe) and throw it.
    let mut w = world("2m 3m 4m 6m 7m 2p 3p 4p 5p 8p 3s 6s 7s 8s", "9s");
    riichi_of_seat_1(&mut w, "E");
    w.seen[kind("4s")] = 4;
    let rules = Rules::tenhou().game;
    assert_eq!(turn(&w, 0, 0, &rules, &Style::V1).kind, kind("8p"));
    assert_eq!(turn(&w, 0, 0, &rules, &Style::V2).kind, kind("3s"));
}

/// The kinds whose draw lowers the shanten of `c`, by adding each kind in
/// turn: what the push's acceptance count asked before it read the
/// tables' useful tiles.
fn useful_by_adding(c: &crate::tile::TileCounts) -> (i8, u64) {
    let sh = super::shanten(c);
    let mut mask = 0;
    for x in 0..crate::tile::KINDS {
        let mut h = *c;
        h[x] += 1;
        if super::shanten(&h) < sh {
            mask |= 1 << x;
        }
    }
    (sh, mask)
}

#[test]
fn shanten_useful_is_the_kinds_that_lower_the_shanten_when_added() {
    // 123m 456p 789s 11z 23z: one from ready; a 1z, 2z or 3z makes it ready.
    let p: crate::Hand = "123m456p789s1123z".parse().expect("a hand");
    let (sh, mask) = super::shanten_useful(p.concealed());
    assert_eq!(sh, 1);
    let expected = [27, 28, 29].iter().fold(0u64, |m, k| m | 1 << k);
    assert_eq!(mask, expected);
    // Seeded random hands of 1 to 13 tiles (open hands hold fewer), with
    // quads, pairs and sets: the same kinds as adding each kind in turn.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let mut differ = 0;
    for i in 0..20_000 {
        let len = [1, 4, 7, 10, 13][i % 5];
        let mut c = [0u8; crate::tile::KINDS];
        let mut n = 0;
        while n < len {
            // Half the hands from one suit and the honors, for more shapes.
            let k = if i % 2 == 0 {
                rng.gen_range(0..34)
            } else {
                [rng.gen_range(0..9), rng.gen_range(27..34)][rng.gen_range(0..2)]
            };
            if c[k] < 4 {
                c[k] += 1;
                n += 1;
            }
        }
        if super::shanten_useful(&c) != useful_by_adding(&c) {
            differ += 1;
        }
    }
    assert_eq!(differ, 0);
    // Counts the tables refuse: no useful kind.
    assert_eq!(super::shanten_useful(&[5u8; 34]), (8, 0));
}

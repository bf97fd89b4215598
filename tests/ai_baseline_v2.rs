//! The second baseline's rules, each on a hand-made position where it plays
//! otherwise than the first: the tile it folds with, riichi on a thin wait,
//! the push one from ready with dora, the dora it keeps.
use crate::ai_baseline::{discards, east_only, pai, position, river};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{Action, Observation, Pai, Player, RiverTile};

fn plain(tile: &str) -> Action {
    Action::Discard {
        pai: pai(tile),
        tsumogiri: false,
    }
}

/// A river of `tiles`, in this order (one tile a string).
fn thrown(tiles: &[&str]) -> Vec<RiverTile> {
    tiles.iter().flat_map(|t| river(t)).collect()
}

/// A river of `tiles`, in this order, the last of them a riichi declaration.
fn riichi_river(tiles: &[&str]) -> Vec<RiverTile> {
    let mut r = thrown(tiles);
    r.last_mut().expect("a riichi tile").riichi = true;
    r
}

/// Both versions' answers on `obs`.
fn v1_v2(obs: &Observation, legal: &[Action]) -> (Action, Action) {
    let rules = east_only();
    (
        BaselinePlayer::v1(&rules).act(obs, legal),
        BaselinePlayer::v2(&rules).act(obs, legal),
    )
}

/// Seat 1 declared riichi with 9s (its river 1s 9s); seat 2 threw 5p after
/// it and seat 1 did not ron. Far from ready, the first baseline folds with
/// the East wind (one copy seen, 45), the second with the 5p the riichi let
/// pass (100).
#[test]
fn v2_folds_with_a_tile_passed_after_the_riichi() {
    let hand = "1359m24568p2468s1z";
    let mut obs = position(hand);
    obs.riichi[1] = true;
    obs.rivers[1] = riichi_river(&["1s", "9s"]);
    obs.rivers[2] = thrown(&["2z", "5p"]);
    obs.rivers[3] = river("3z");
    let (v1, v2) = v1_v2(&obs, &discards(hand));
    assert_eq!((v1, v2), (plain("1z"), plain("5p")));
}

/// As above, but seat 3 called seat 1's riichi tile, so seat 2's turn was
/// skipped: its 5p fell before the riichi, and is not taken as passed.
#[test]
fn v2_takes_no_tile_from_before_the_riichi_when_a_call_skipped_a_seat() {
    let hand = "1359m24568p2468s1z";
    let mut obs = position(hand);
    obs.riichi[1] = true;
    obs.rivers[1] = riichi_river(&["1s", "9s"]);
    obs.rivers[1][1].called = true;
    obs.rivers[2] = thrown(&["2z", "5p"]);
    obs.rivers[3] = thrown(&["3z", "7z"]);
    let (_, v2) = v1_v2(&obs, &discards(hand));
    assert_eq!(v2, plain("1z"));
}

/// Seat 1 in riichi on the East wind; two 7s in seat 2's river from before
/// the riichi and two in the hand make a wall: no ryanmen waits on 8s
/// (the 58 of a kabe 8), where the first baseline sees a bare 8 (10) and
/// folds with the 1m (an unguarded terminal, 25).
#[test]
fn v2_folds_with_a_tile_behind_a_wall_of_four() {
    let hand = "13456m3456p45778s";
    let mut obs = position(hand);
    obs.riichi[1] = true;
    obs.rivers[1] = riichi_river(&["1z"]);
    obs.rivers[2] = thrown(&["7s", "7s", "3z"]);
    let (v1, v2) = v1_v2(&obs, &discards(hand));
    assert_eq!((v1, v2), (plain("1m"), plain("8s")));
}

/// Ready on the penchan 12m after throwing 9p, no yaku, two of the four 3m
/// in seat 2's river: the first baseline stays dama on two winning tiles,
/// the second declares riichi.
#[test]
fn v2_declares_riichi_on_a_thin_wait() {
    let hand = "12m4569p345789s22z";
    let mut obs = position(hand);
    obs.drawn = Some(pai("9p"));
    obs.rivers[2] = river("3m3m");
    let mut legal = discards(hand);
    let riichi = Action::Riichi {
        pai: pai("9p"),
        tsumogiri: false,
    };
    legal.push(riichi.clone());
    let (v1, v2) = v1_v2(&obs, &legal);
    assert_eq!((v1, v2), (plain("9p"), riichi));
}

/// Seat 1 in riichi (its river 3z 6p); one from ready with two dora 5m
/// (indicator 4m) and 60 tiles left: the first baseline folds with the
/// genbutsu 6p, breaking its 456p; the second pushes with the safest tile
/// that keeps the shanten, the 9p (suji of the 6p: 60, against 45 for the
/// South wind).
#[test]
fn v2_pushes_one_from_ready_with_dora_against_a_riichi() {
    let hand = "23455m4569p1378s2z";
    let mut obs = position(hand);
    obs.dora_indicators = vec![pai("4m")];
    obs.riichi[1] = true;
    obs.rivers[1] = riichi_river(&["3z", "6p"]);
    let (v1, v2) = v1_v2(&obs, &discards(hand));
    assert_eq!((v1, v2), (plain("6p"), plain("9p")));
}

/// No threat, dora 2p (indicator 1p): its discard leaves 28 tiles of
/// acceptance, the 1m's 24. The first baseline throws the dora (the keep
/// value only breaks ties); the second keeps it (a point of keep value is
/// worth two tiles: 28 − 2·3 < 24 + 2·1 for the terminal).
#[test]
fn v2_keeps_a_dora_worth_more_than_four_tiles_of_acceptance() {
    let hand = "1346m2579p2468s11z";
    let mut obs = position(hand);
    obs.dora_indicators = vec![pai("1p")];
    let (v1, v2) = v1_v2(&obs, &discards(hand));
    assert_eq!((v1, v2), (plain("2p"), plain("1m")));
}

/// No threat, the hand's only 5p is red: its discard leaves 20 tiles of
/// acceptance, the 1m's 16. The first baseline throws the red five; the
/// second keeps it as a dora (20 − 2·3 < 16 + 2·1).
#[test]
fn v2_keeps_a_lone_red_five() {
    let hand = "1346m5789p2468s11z";
    let mut obs = position(hand);
    let red = Pai::new(pai("5p").tile().expect("a tile"), true);
    for p in obs.hand.iter_mut().filter(|p| **p == pai("5p")) {
        *p = red;
    }
    let mut legal: Vec<Action> = obs
        .hand
        .iter()
        .map(|&pai| Action::Discard {
            pai,
            tsumogiri: false,
        })
        .collect();
    legal.dedup();
    let (v1, v2) = v1_v2(&obs, &legal);
    let red_out = Action::Discard {
        pai: red,
        tsumogiri: false,
    };
    assert_eq!((v1, v2), (red_out, plain("1m")));
}

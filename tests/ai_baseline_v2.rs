//! The second baseline's rules, each on a hand-made position where it plays
//! otherwise than the first: the tile it folds with, riichi on a thin wait,
//! the calls it adds.
use crate::ai_baseline::{discards, east_only, pai, position, river};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{Action, Observation, Player, RiverTile, SeatIndex};

fn plain(tile: &str) -> Action {
    Action::Discard {
        pai: pai(tile),
        tsumogiri: false,
    }
}

/// `tiles` thrown by seat `seat`, the last of them its riichi declaration.
fn riichi_river(tiles: &str) -> Vec<RiverTile> {
    let mut r = river(tiles);
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
    obs.rivers[1] = riichi_river("1s9s");
    obs.rivers[2] = river("2z5p");
    obs.rivers[3] = river("3z");
    let (v1, v2) = v1_v2(&obs, &discards(hand));
    assert_eq!((v1, v2), (plain("1z"), plain("5p")));
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
    obs.rivers[1] = riichi_river("1z");
    obs.rivers[2] = river("7s7s3z");
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

/// Seat 0 offered seat 3's 3m for a chi onto 12m.
fn chi_offer(hand: &str) -> (Observation, Vec<Action>) {
    let mut obs = position(hand);
    obs.drawn = None;
    obs.last_tile = Some((SeatIndex::ALL[3], pai("3m")));
    let chi = Action::Chi {
        consumed: [pai("1m"), pai("2m")],
    };
    (obs, vec![chi, Action::Pass])
}

/// A pair of white dragons held (no copy seen) is a yaku in reach: the
/// second baseline calls the chi that makes the hand one from ready; the
/// first passes (no yaku secured).
#[test]
fn v2_calls_a_chi_with_a_yakuhai_pair_held() {
    let (obs, legal) = chi_offer("12m456p78s55z2469s");
    let (v1, v2) = v1_v2(&obs, &legal);
    assert_eq!((v1, v2), (Action::Pass, legal[0].clone()));
}

/// With six tiles left in the live wall, a pon that makes the hand ready
/// is worth the tenpai payment even without a yaku: the second baseline
/// calls it, the first passes.
#[test]
fn v2_calls_to_be_ready_at_the_end_of_the_wall() {
    let mut obs = position("123m11456p789s23z");
    obs.drawn = None;
    obs.live_left = 6;
    obs.last_tile = Some((SeatIndex::ALL[2], pai("1p")));
    let pon = Action::Pon {
        consumed: [pai("1p"), pai("1p")],
    };
    let legal = vec![pon.clone(), Action::Pass];
    let (v1, v2) = v1_v2(&obs, &legal);
    assert_eq!((v1, v2), (Action::Pass, pon));
}

//! When the game ends: busting at exactly 0, the last dealer's stop, the
//! extension into the West round and its end.
//!
//! Sources (cited in `data/rules/*.toml`, `bust_ends`, `last_dealer_stop`,
//! `extension`, `target_points`): tenhou.net/man and riichi.wiki "Tenhou.net
//! rules" (sudden death into West, ending at West 4 at the latest; the top
//! dealer stops the game in all-last; below 0 ends the game); riichi.wiki
//! "Mahjong Soul" (bankruptcy below 0, not at 0); RiichiEnv PR #232 and
//! mahjax PR #93 (a dealer who keeps the deal in the extension plays on, the
//! dealer's repeat before the sudden death).

use super::{deal, next_round, play, scores, Round, RoundTuple};
use tenpai::rules::Rules;

/// A pinfu ready on 1p-4p (no other yaku): a ron pays 1,000 to a non-dealer,
/// 1,500 to the dealer.
const PINFU: &str = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 3p 5s 5s";
/// A hand holding the 4p to throw, and nothing else of use.
const THROWER: &str = "4p 1s 1s 9s 9m 9m 1p 1p N N W W P";
const OTHER: &str = "2m 3m 4m 6m 7m 8m 3s 4s 6s 7s 8s 6p 8p";

/// Deals `round` with these scores; each seat from the dealer up to
/// `discarder` draws White and throws it, then `discarder` draws East and
/// throws 4p, and `winner` rons it (pinfu, 30 fu 1 han). Returns the next
/// round after `end_kyoku`, or None when the game is over.
fn ron_on_the_first_go(
    round: Round,
    scores_before: [i32; 4],
    winner: u8,
    discarder: u8,
) -> (Option<RoundTuple>, [i32; 4]) {
    let mut hands = [OTHER; 4];
    hands[winner as usize] = PINFU;
    hands[discarder as usize] = THROWER;
    let mut s = deal(Rules::tenhou(), round, scores_before, hands, "C");
    let dealer = round.kyoku - 1;
    let mut seat = dealer;
    while seat != discarder {
        play(
            &mut s,
            &format!(
                r#"{{"type":"tsumo","actor":{seat},"pai":"P"}}
                {{"type":"dahai","actor":{seat},"pai":"P","tsumogiri":true}}"#
            ),
        );
        seat = (seat + 1) % 4;
    }
    play(
        &mut s,
        &format!(
            r#"{{"type":"tsumo","actor":{discarder},"pai":"E"}}
            {{"type":"dahai","actor":{discarder},"pai":"4p","tsumogiri":false}}
            {{"type":"hora","actor":{winner},"target":{discarder}}}
            {{"type":"end_kyoku"}}"#
        ),
    );
    (next_round(&s), scores(&s))
}

fn round(wind: &'static str, kyoku: u8) -> Round {
    Round {
        wind,
        kyoku,
        honba: 0,
        kyoutaku: 0,
    }
}

#[test]
fn bust_at_exactly_zero_plays_on_below_zero_ends() {
    // Seat 0 (the dealer) deals a 1,000 ron in East 1.
    let (next, after) = ron_on_the_first_go(round("E", 1), [1000, 25000, 25000, 49000], 1, 0);
    assert_eq!((after[0], next), (0, Some(("E", 2, 0, 0))));
    let (next, after) = ron_on_the_first_go(round("E", 1), [900, 25000, 25000, 49100], 1, 0);
    assert_eq!((after[0], next), (-100, None));
}

#[test]
fn south_4_without_30000_goes_into_west() {
    // South 4, dealer seat 3; seat 1 wins 1,000 and stays below 30,000.
    let (next, _) = ron_on_the_first_go(round("S", 4), [29000, 28000, 22000, 21000], 1, 0);
    assert_eq!(next, Some(("W", 1, 0, 0)));
    // Reaching exactly 30,000 ends it.
    let (next, _) = ron_on_the_first_go(round("S", 4), [29000, 28000, 22000, 21000], 0, 1);
    assert_eq!(next, None);
}

#[test]
fn west_is_sudden_death_and_ends_at_west_4() {
    // West 2 (dealer seat 1): seat 0 reaches 30,000 from seat 2, the game ends.
    let (next, _) = ron_on_the_first_go(round("W", 2), [29000, 28000, 22000, 21000], 0, 2);
    assert_eq!(next, None);
    // West 2, nobody reaches it: West 3.
    let (next, _) = ron_on_the_first_go(round("W", 2), [28000, 28000, 23000, 21000], 0, 2);
    assert_eq!(next, Some(("W", 3, 0, 0)));
    // West 4 passes the deal with nobody at 30,000: no North round.
    let (next, _) = ron_on_the_first_go(round("W", 4), [28000, 28000, 23000, 21000], 0, 1);
    assert_eq!(next, None);
}

#[test]
fn west_1_dealer_and_seat_1_ready_at_the_draw_west_1_again() {
    // Issue 22: the dealer and seat 1 ready at West 1's exhaustive draw leave
    // seat 1 on 30,500 and the dealer on 29,500: the dealer keeps the deal.
    let w1 = round("W", 1);
    let hands = [
        super::ready::READY,
        "1s 2s 3s 3s 3s 4p 4p 4p 6p 6p 6p 8p 8p",
        super::ready::NOT_READY,
        super::ready::NOT_READY_EITHER,
    ];
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let mut s = deal(rules, w1, [28000, 29000, 21500, 21500], hands, "C");
        super::play_out_plain(&mut s, 0);
        play(
            &mut s,
            r#"{"type":"ryukyoku","deltas":[1500,1500,-1500,-1500]}
            {"type":"end_kyoku"}"#,
        );
        assert_eq!(scores(&s), [29500, 30500, 20000, 20000]);
        assert_eq!(next_round(&s), Some(("W", 1, 1, 0)));
    }
}

#[test]
fn last_dealer_stops_when_first_and_at_30000() {
    // South 4: the dealer (seat 3) wins 1,500 from seat 0.
    let (next, _) = ron_on_the_first_go(round("S", 4), [20000, 25000, 19000, 36000], 3, 0);
    assert_eq!(next, None);
    // Not first: the dealer repeats.
    let (next, _) = ron_on_the_first_go(round("S", 4), [35000, 25000, 20000, 20000], 3, 0);
    assert_eq!(next, Some(("S", 4, 1, 0)));
    // First but below 30,000 (29,500): the dealer repeats too.
    let (next, after) = ron_on_the_first_go(round("S", 4), [25500, 24000, 22500, 28000], 3, 0);
    assert_eq!((after[3], next), (29500, Some(("S", 4, 1, 0))));
}

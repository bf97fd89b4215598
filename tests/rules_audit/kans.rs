//! Kans: thirteen orphans robbing a closed kan, and when each kind of kan turns
//! its dora indicator.
//!
//! Sources (cited in `data/rules/*.toml`, `kokushi_robs_closed_kan`,
//! `open_kan_dora`): RiichiEnv `docs/RULES.md`
//! (`allows_ron_on_ankan_for_kokushi_musou`: Tenhou no, Mahjong Soul yes; kan
//! dora order in Tenhou and Mahjong Soul logs); riichi.wiki "Kan", "Kandora
//! timing"; tenhou.net/man (暗槓は即乗り、明槓は打牌後).

use super::{deal, play, refused, win_deltas, EAST_1};
use tenpai::game::SeatIndex;
use tenpai::game::{legal_actions, Action, State};
use tenpai::rules::{KanDoraTiming, Rules};

/// Seat 0 (dealer) draws the fourth 1m and makes a closed kan of it; seat 1
/// is a thirteen-orphans tenpai waiting on 1m, seat 2 an ordinary hand that
/// also waits on 1m.
fn closed_kan_of_1m(rules: Rules) -> State {
    let mut s = deal(
        rules,
        EAST_1,
        [25000; 4],
        [
            "1m 1m 1m 2p 3p 4p 5s 6s 7s 2m 3m 4m 5p",
            "9m 9m 1p 9p 1s 9s E S W N P F C",
            "2m 3m 6p 7p 8p 6m 7m 8m 2p 3p 4p 5s 5s",
            "2s 3s 4s 6p 7p 8p 6m 7m 8m 2p 3p 4p 6s",
        ],
        "C",
    );
    play(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"1m"}
        {"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]}"#,
    );
    s
}

#[test]
fn kokushi_may_not_rob_a_closed_kan_on_tenhou() {
    // Issue 12 (b): Tenhou offers no ron on an ankan.
    let mut s = closed_kan_of_1m(Rules::tenhou());
    assert!(legal_actions(&s, SeatIndex::ALL[1]).is_empty());
    assert!(legal_actions(&s, SeatIndex::ALL[2]).is_empty());
    assert_eq!(
        refused(&mut s, r#"{"type":"hora","actor":1,"target":0}"#),
        "illegal hora by seat 1: the rules let no one rob a closed kan"
    );
}

#[test]
fn kokushi_robs_a_closed_kan_on_mahjongsoul() {
    let mut s = closed_kan_of_1m(Rules::mahjongsoul());
    assert_eq!(
        legal_actions(&s, SeatIndex::ALL[1]),
        [Action::Ron, Action::Pass]
    );
    // Only thirteen orphans: seat 2's ordinary wait on 1m is not offered.
    assert!(legal_actions(&s, SeatIndex::ALL[2]).is_empty());
    assert_eq!(
        refused(&mut s, r#"{"type":"hora","actor":2,"target":0}"#),
        "illegal hora by seat 2: only thirteen orphans may rob a closed kan"
    );
    // Kokushi musou by a non-dealer from the dealer: 32,000.
    play(&mut s, r#"{"type":"hora","actor":1,"target":0}"#);
    assert_eq!(win_deltas(&s), [-32000, 32000, 0, 0]);
}

#[test]
fn closed_kan_turns_its_dora_before_the_replacement_draw() {
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let mut s = closed_kan_of_1m(rules);
        assert_eq!(
            refused(&mut s, r#"{"type":"tsumo","actor":0,"pai":"N"}"#),
            "illegal tsumo by seat 0: a kan dora must be turned first"
        );
        play(
            &mut s,
            r#"{"type":"dora","dora_marker":"3s"}
            {"type":"tsumo","actor":0,"pai":"N"}"#,
        );
        assert_eq!(s.dora().len(), 2);
    }
}

/// Seat 0 (dealer) throws 7p and seat 1 makes an open kan of it.
fn open_kan_of_7p(rules: Rules) -> State {
    let mut s = deal(
        rules,
        EAST_1,
        [25000; 4],
        [
            "7p 1m 2m 3m 4p 5p 6p 2s 3s 4s 9s 9s N",
            "7p 7p 7p 1p 2p 3p 5m 6m 7m 2s 3s 8s 8s",
            "2m 3m 4m 6s 7s 8s 6m 7m 8m 2p 3p 4p 5s",
            "3m 4m 5m 6s 7s 8s 6m 7m 8m 2p 3p 9p 9p",
        ],
        "C",
    );
    play(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"E"}
        {"type":"dahai","actor":0,"pai":"7p","tsumogiri":false}
        {"type":"daiminkan","actor":1,"target":0,"pai":"7p","consumed":["7p","7p","7p"]}"#,
    );
    s
}

#[test]
fn open_kan_turns_its_dora_after_the_replacement_draw_and_before_the_next_draw() {
    // Tenhou's order: daiminkan, replacement draw, discard, dora.
    let mut s = open_kan_of_7p(Rules::tenhou());
    play(
        &mut s,
        r#"{"type":"tsumo","actor":1,"pai":"9m"}
        {"type":"dahai","actor":1,"pai":"9m","tsumogiri":true}"#,
    );
    assert_eq!(
        refused(&mut s, r#"{"type":"tsumo","actor":2,"pai":"N"}"#),
        "illegal tsumo by seat 2: a kan dora must be turned first"
    );
    play(
        &mut s,
        r#"{"type":"dora","dora_marker":"S"}
        {"type":"tsumo","actor":2,"pai":"N"}"#,
    );
    // Mahjong Soul's logs turn it between the replacement draw and the discard.
    let mut s = open_kan_of_7p(Rules::mahjongsoul());
    play(
        &mut s,
        r#"{"type":"tsumo","actor":1,"pai":"9m"}
        {"type":"dora","dora_marker":"S"}
        {"type":"dahai","actor":1,"pai":"9m","tsumogiri":true}
        {"type":"tsumo","actor":2,"pai":"N"}"#,
    );
}

#[test]
fn open_kan_dora_immediate_option_turns_it_before_the_replacement_draw() {
    let mut rules = Rules::tenhou();
    rules.game.open_kan_dora = KanDoraTiming::Immediate;
    let mut s = open_kan_of_7p(rules);
    assert_eq!(
        refused(&mut s, r#"{"type":"tsumo","actor":1,"pai":"9m"}"#),
        "illegal tsumo by seat 1: a kan dora must be turned first"
    );
    play(
        &mut s,
        r#"{"type":"dora","dora_marker":"S"}
        {"type":"tsumo","actor":1,"pai":"9m"}"#,
    );
}

//! Double and triple ron: who gets the honba and the sticks, and whether three
//! rons abort the round.
//!
//! Sources (cited in `data/rules/*.toml`, `multiple_ron_honba`,
//! `triple_ron_abort`): tenhou.net/man and riichi.wiki "Tenhou.net rules"
//! (double ron: honba and sticks to the first winner; three rons abort);
//! riichi.wiki "Mahjong Soul" (no sanchahou); tensoul `convert.js` `parsehule`
//! after commit f6e60dd "fix honba bonus in headbump" (Mahjong Soul: the honba
//! and the sticks only to the first winner from the discarder, the head bump)
//! and RiichiEnv `riichienv-core/src/state/mod.rs` ("Only the first winner
//! (closest to discarder) gets honba", for both presets, checked against
//! Mahjong Soul game records); Mortal `libriichi/src/arena/board.rs`
//! `handle_hora` (Tenhou: honba and sticks to the first winner).

use super::{deal, next_round, play, refused, win_deltas, Round};
use tenpai::game::{DrawReason, RoundOutcome};
use tenpai::rules::Rules;

/// East 1 with two honba and one stick; the dealer (seat 0) throws 4m into
/// seat 1 (East, 1 han 40 fu: 1,300), seat 2 (West and two dora, 3 han 40 fu:
/// 5,200) and, when `triple`, seat 3 (Green, 1 han 40 fu: 1,300).
fn four_m_into(rules: Rules, triple: bool) -> tenpai::game::State {
    four_m_into_with(rules, triple, 2)
}

/// [`four_m_into`] with `honba` honba on the table.
fn four_m_into_with(rules: Rules, triple: bool, honba: u8) -> tenpai::game::State {
    let seat3 = if triple {
        "5m 6m 7p 8p 9p 2s 3s 4s F F F C C"
    } else {
        "6m 7m 8m 7p 8p 2s 3s 4s 5s 6s F F C"
    };
    let round = Round {
        wind: "E",
        kyoku: 1,
        honba,
        kyoutaku: 1,
    };
    let mut s = deal(
        rules,
        round,
        [25000, 25000, 25000, 24000],
        [
            "4m 1p 1p 1p 9p 9p 9p 1s 1s 1s 9s 9s N",
            "2m 3m 4p 5p 6p 7s 8s 9s E E E S S",
            "5m 6m 2p 3p 4p 2s 3s 4s W W W P P",
            seat3,
        ],
        "C",
    );
    play(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"N"}
        {"type":"dahai","actor":0,"pai":"4m","tsumogiri":false}"#,
    );
    s
}

const TWO_RONS: &str = r#"{"type":"hora","actor":1,"target":0}
    {"type":"hora","actor":2,"target":0}"#;

#[test]
fn double_ron_tenhou_honba_and_stick_to_the_first_winner() {
    let mut s = four_m_into(Rules::tenhou(), false);
    play(&mut s, TWO_RONS);
    // Seat 1: 1,300 + 600 honba + 1,000 stick; seat 2: 5,200 alone.
    assert_eq!(win_deltas(&s), [-7100, 2900, 5200, 0]);
}

#[test]
fn double_ron_mahjongsoul_honba_and_stick_to_the_first_winner() {
    let mut s = four_m_into(Rules::mahjongsoul(), false);
    play(&mut s, TWO_RONS);
    // As on Tenhou: seat 1 1,300 + 600 honba + 1,000 stick, seat 2 5,200.
    assert_eq!(win_deltas(&s), [-7100, 2900, 5200, 0]);
    play(&mut s, r#"{"type":"end_kyoku"}"#);
    // The dealer did not win: the deal passes, honba and sticks cleared.
    assert_eq!(next_round(&s), Some(("E", 2, 0, 0)));
}

#[test]
fn multiple_ron_one_honba_one_stick_each_winner_as_the_issue_gives_it() {
    // Issue 22: East 1, 1 honba, 1 stick; seat 0 deals into seats 1 and 2
    // (and 3). Seat 1 takes 1,300 + 300 + 1,000; the others their hand only.
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let mut s = four_m_into_with(rules, false, 1);
        play(&mut s, TWO_RONS);
        let Some(RoundOutcome::Wins(w)) = super::outcome(&s) else {
            panic!("two wins")
        };
        let each: Vec<[i32; 4]> = w.iter().map(|w| w.deltas).collect();
        assert_eq!(each, [[-1600, 2600, 0, 0], [-5200, 0, 5200, 0]]);
    }
    let mut s = four_m_into_with(Rules::mahjongsoul(), true, 1);
    play(
        &mut s,
        &format!("{TWO_RONS}\n{}", r#"{"type":"hora","actor":3,"target":0}"#),
    );
    let Some(RoundOutcome::Wins(w)) = super::outcome(&s) else {
        panic!("three wins")
    };
    let each: Vec<[i32; 4]> = w.iter().map(|w| w.deltas).collect();
    assert_eq!(
        each,
        [
            [-1600, 2600, 0, 0],
            [-5200, 0, 5200, 0],
            [-1300, 0, 0, 1300]
        ]
    );
}

#[test]
fn multiple_ron_each_winner_gets_the_honba_when_the_rules_say_each() {
    let mut rules = Rules::mahjongsoul();
    rules.game.multiple_ron_honba = tenpai::rules::MultiRonHonba::Each;
    let mut s = four_m_into(rules, false);
    play(&mut s, TWO_RONS);
    // Seat 2 takes 600 honba too; the stick stays with the first.
    assert_eq!(win_deltas(&s), [-7700, 2900, 5800, 0]);
}

#[test]
fn multiple_ron_goes_in_turn_order_from_the_discarder() {
    let mut s = four_m_into(Rules::tenhou(), false);
    play(&mut s, r#"{"type":"hora","actor":2,"target":0}"#);
    assert_eq!(
        refused(&mut s, r#"{"type":"hora","actor":1,"target":0}"#),
        "illegal hora by seat 1: multiple ron goes in turn order from the discarder"
    );
}

#[test]
fn triple_ron_tenhou_is_an_abortive_draw() {
    let mut s = four_m_into(Rules::tenhou(), true);
    play(&mut s, TWO_RONS);
    assert_eq!(
        refused(&mut s, r#"{"type":"hora","actor":3,"target":0}"#),
        "illegal hora by seat 3: three rons are an abortive draw"
    );
    let mut s = four_m_into(Rules::tenhou(), true);
    play(
        &mut s,
        r#"{"type":"ryukyoku","reason":"triple_ron","deltas":[0,0,0,0]}
        {"type":"end_kyoku"}"#,
    );
    // Abortive: the dealer repeats, one more honba, the stick stays.
    assert_eq!(next_round(&s), Some(("E", 1, 3, 1)));
}

#[test]
fn triple_ron_mahjongsoul_pays_all_three_winners() {
    // Issue 12: Mahjong Soul has no sanchahou.
    let mut s = four_m_into(Rules::mahjongsoul(), true);
    assert_eq!(
        refused(&mut s, r#"{"type":"ryukyoku","reason":"triple_ron"}"#),
        "illegal ryukyoku: three players cannot ron now"
    );
    play(
        &mut s,
        r#"{"type":"hora","actor":1,"target":0}
        {"type":"hora","actor":2,"target":0}
        {"type":"hora","actor":3,"target":0}"#,
    );
    // Honba and stick to seat 1, the first from the discarder.
    assert_eq!(win_deltas(&s), [-8400, 2900, 5200, 1300]);
    let Some(RoundOutcome::Wins(w)) = super::outcome(&s) else {
        panic!("three wins")
    };
    assert_eq!(w.len(), 3);
    play(&mut s, r#"{"type":"end_kyoku"}"#);
    assert_eq!(next_round(&s), Some(("E", 2, 0, 0)));
}

#[test]
fn triple_ron_reason_is_inferred_only_where_it_aborts() {
    let mut s = four_m_into(Rules::tenhou(), true);
    play(&mut s, r#"{"type":"ryukyoku"}"#);
    assert!(matches!(
        super::outcome(&s),
        Some(RoundOutcome::Draw {
            reason: DrawReason::TripleRon,
            ..
        })
    ));
}

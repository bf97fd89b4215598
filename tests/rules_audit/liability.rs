//! Liability (pao): daisangen fed by seat 3, in every combination of tsumo and
//! ron, honba and sticks, one yakuman or two, and a double ron.
//!
//! Sources (cited in `data/rules/*.toml`, `[scoring.pao]`): riichi.wiki
//! "Sekinin barai", "Point exchanges"; RiichiEnv `docs/RULES.md` and
//! `settlement_oracle.rs` (Tenhou and Mahjong Soul, checked against their logs).

use super::{deal, play, win_deltas, Round};
use tenpai::rules::Rules;

/// Seat 1 pons Red (from seat 0), Green (from seat 2) and White (from seat 3,
/// who becomes liable), discarding `discards`; its last four concealed tiles
/// then wait on one tile. Seat 2 is ready on 2p-5p (pinfu, tanyao).
fn pao_deal(rules: Rules, round: Round, seat1: &str, discards: [&str; 3]) -> tenpai::game::State {
    let mut s = deal(
        rules,
        round,
        [25000; 4],
        [
            "C 1p 2p 3p 4p 5s 6s 7s 8s 9m 9m 9m N",
            seat1,
            "F 4m 5m 6m 3p 4p 6p 7p 8p 2s 3s 4s 5s",
            "P 2m 3m 4m 6p 7p 8p 5m 6m 7m 1p 1p W",
        ],
        "1m",
    );
    let [a, b, c] = discards;
    play(
        &mut s,
        &format!(
            r#"{{"type":"tsumo","actor":0,"pai":"1s"}}
            {{"type":"dahai","actor":0,"pai":"C","tsumogiri":false}}
            {{"type":"pon","actor":1,"target":0,"pai":"C","consumed":["C","C"]}}
            {{"type":"dahai","actor":1,"pai":"{a}","tsumogiri":false}}
            {{"type":"tsumo","actor":2,"pai":"5s"}}
            {{"type":"dahai","actor":2,"pai":"F","tsumogiri":false}}
            {{"type":"pon","actor":1,"target":2,"pai":"F","consumed":["F","F"]}}
            {{"type":"dahai","actor":1,"pai":"{b}","tsumogiri":false}}
            {{"type":"tsumo","actor":2,"pai":"2s"}}
            {{"type":"dahai","actor":2,"pai":"2s","tsumogiri":true}}
            {{"type":"tsumo","actor":3,"pai":"3s"}}
            {{"type":"dahai","actor":3,"pai":"P","tsumogiri":false}}
            {{"type":"pon","actor":1,"target":3,"pai":"P","consumed":["P","P"]}}
            {{"type":"dahai","actor":1,"pai":"{c}","tsumogiri":false}}
            {{"type":"tsumo","actor":2,"pai":"4s"}}
            {{"type":"dahai","actor":2,"pai":"4s","tsumogiri":true}}"#
        ),
    );
    s
}

/// Daisangen alone: 123m 5p waiting on 5p.
const DAISANGEN: (&str, [&str; 3]) = ("P P F F C C 1m 2m 3m 5p 8s 9s 9s", ["8s", "9s", "9s"]);
/// Daisangen and tsuuiisou (a double yakuman): EEE S waiting on South.
const WITH_TSUUIISOU: (&str, [&str; 3]) = ("P P F F C C E E E S N N W", ["N", "N", "W"]);

fn east_1(honba: u8, kyoutaku: u32) -> Round {
    Round {
        wind: "E",
        kyoku: 1,
        honba,
        kyoutaku,
    }
}

/// Seat 3 passes its draw; seat 0 (dealer) discards `tile`.
fn dealer_discards(s: &mut tenpai::game::State, tile: &str) {
    play(
        s,
        &format!(
            r#"{{"type":"tsumo","actor":3,"pai":"6s"}}
            {{"type":"dahai","actor":3,"pai":"6s","tsumogiri":true}}
            {{"type":"tsumo","actor":0,"pai":"{tile}"}}
            {{"type":"dahai","actor":0,"pai":"{tile}","tsumogiri":true}}"#
        ),
    );
}

#[test]
fn pao_ron_with_honba_the_liable_player_pays_the_honba() {
    // Issue 12 (a): the discarder pays half, the liable player half and the honba.
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let (hand, discards) = DAISANGEN;
        let mut s = pao_deal(rules, east_1(1, 0), hand, discards);
        dealer_discards(&mut s, "5p");
        play(&mut s, r#"{"type":"hora","actor":1,"target":0}"#);
        assert_eq!(win_deltas(&s), [-16000, 32300, 0, -16300]);
    }
}

#[test]
fn pao_tsumo_with_honba_and_a_stick_the_liable_player_pays_all() {
    let (hand, discards) = DAISANGEN;
    let mut s = pao_deal(Rules::tenhou(), east_1(2, 1), hand, discards);
    play(
        &mut s,
        r#"{"type":"tsumo","actor":3,"pai":"6s"}
        {"type":"dahai","actor":3,"pai":"6s","tsumogiri":true}
        {"type":"tsumo","actor":0,"pai":"7m"}
        {"type":"dahai","actor":0,"pai":"7m","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"5p"}
        {"type":"hora","actor":1,"target":1}"#,
    );
    // 32,000 and 600 for two honba from seat 3; the stick (1,000) to the winner.
    assert_eq!(win_deltas(&s), [0, 33600, 0, -32600]);
}

#[test]
fn pao_ron_from_the_liable_player_is_an_ordinary_ron() {
    let (hand, discards) = DAISANGEN;
    let mut s = pao_deal(Rules::tenhou(), east_1(1, 1), hand, discards);
    play(
        &mut s,
        r#"{"type":"tsumo","actor":3,"pai":"5p"}
        {"type":"dahai","actor":3,"pai":"5p","tsumogiri":true}
        {"type":"hora","actor":1,"target":3}"#,
    );
    assert_eq!(win_deltas(&s), [0, 33300, 0, -32300]);
}

#[test]
fn pao_with_a_second_yakuman_ron_tenhou_splits_the_whole_hand() {
    let (hand, discards) = WITH_TSUUIISOU;
    let mut s = pao_deal(Rules::tenhou(), east_1(1, 0), hand, discards);
    dealer_discards(&mut s, "S");
    play(&mut s, r#"{"type":"hora","actor":1,"target":0}"#);
    // Double yakuman 64,000: half each, the honba (300) from the liable seat.
    assert_eq!(win_deltas(&s), [-32000, 64300, 0, -32300]);
}

#[test]
fn pao_with_a_second_yakuman_ron_mahjongsoul_splits_only_daisangen() {
    let (hand, discards) = WITH_TSUUIISOU;
    let mut s = pao_deal(Rules::mahjongsoul(), east_1(1, 0), hand, discards);
    dealer_discards(&mut s, "S");
    play(&mut s, r#"{"type":"hora","actor":1,"target":0}"#);
    // Daisangen 32,000 halved; tsuuiisou 32,000 from the discarder alone.
    assert_eq!(win_deltas(&s), [-48000, 64300, 0, -16300]);
}

#[test]
fn pao_with_a_second_yakuman_tsumo_per_preset() {
    let tsumo = r#"{"type":"tsumo","actor":3,"pai":"6s"}
        {"type":"dahai","actor":3,"pai":"6s","tsumogiri":true}
        {"type":"tsumo","actor":0,"pai":"7m"}
        {"type":"dahai","actor":0,"pai":"7m","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"S"}
        {"type":"hora","actor":1,"target":1}"#;
    let (hand, discards) = WITH_TSUUIISOU;
    // Tenhou: the liable seat pays the whole hand and the honba.
    let mut s = pao_deal(Rules::tenhou(), east_1(1, 0), hand, discards);
    play(&mut s, tsumo);
    assert_eq!(win_deltas(&s), [0, 64300, 0, -64300]);
    // Mahjong Soul: daisangen and the honba from the liable seat; tsuuiisou by
    // tsumo from everyone (16,000 from the dealer, 8,000 from the others).
    let mut s = pao_deal(Rules::mahjongsoul(), east_1(1, 0), hand, discards);
    play(&mut s, tsumo);
    assert_eq!(win_deltas(&s), [-16000, 64300, -8000, -40300]);
}

#[test]
fn pao_in_a_double_ron_honba_to_the_first_winner() {
    // Seat 0 throws 5p into seat 1's daisangen and seat 2's pinfu tanyao
    // (2 han 30 fu, 2,000), one honba and one stick on the table. Both
    // presets: honba and stick to seat 1 only (first from the discarder's
    // right), the honba paid by the liable seat.
    let expected = [-18000, 33300, 2000, -16300];
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let (hand, discards) = DAISANGEN;
        let mut s = pao_deal(rules, east_1(1, 1), hand, discards);
        dealer_discards(&mut s, "5p");
        assert_eq!(s.ron_candidates(), [1, 2]);
        play(
            &mut s,
            r#"{"type":"hora","actor":1,"target":0}
            {"type":"hora","actor":2,"target":0}"#,
        );
        assert_eq!(win_deltas(&s), expected);
    }
}

#[test]
fn pao_needs_the_third_dragon_fed_not_drawn() {
    // Without the pon from seat 3 no one is liable: a closed third dragon set.
    let mut s = deal(
        Rules::tenhou(),
        east_1(0, 0),
        [25000; 4],
        [
            "C 1p 2p 3p 4p 5s 6s 7s 8s 9m 9m 9m N",
            "P P P F F C C 1m 2m 3m 5p 9s 9s",
            "F 4m 5m 6m 3p 4p 6p 7p 8p 2s 3s 4s 5s",
            "2m 3m 4m 6p 7p 8p 5m 6m 7m 1p 1p W N",
        ],
        "1m",
    );
    play(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"1s"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":false}
        {"type":"pon","actor":1,"target":0,"pai":"C","consumed":["C","C"]}
        {"type":"dahai","actor":1,"pai":"9s","tsumogiri":false}
        {"type":"tsumo","actor":2,"pai":"5s"}
        {"type":"dahai","actor":2,"pai":"F","tsumogiri":false}
        {"type":"pon","actor":1,"target":2,"pai":"F","consumed":["F","F"]}
        {"type":"dahai","actor":1,"pai":"9s","tsumogiri":false}
        {"type":"tsumo","actor":2,"pai":"2s"}
        {"type":"dahai","actor":2,"pai":"2s","tsumogiri":true}
        {"type":"tsumo","actor":3,"pai":"6s"}
        {"type":"dahai","actor":3,"pai":"6s","tsumogiri":true}
        {"type":"tsumo","actor":0,"pai":"7m"}
        {"type":"dahai","actor":0,"pai":"7m","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"5p"}
        {"type":"hora","actor":1,"target":1}"#,
    );
    // An ordinary non-dealer yakuman tsumo: 16,000 / 8,000 / 8,000.
    assert_eq!(win_deltas(&s), [-16000, 32000, -8000, -8000]);
}

//! The scoring values of both presets: kiriage mangan, kazoe yakuman, which
//! yakuman count double, the double-wind pair, renhou.
//!
//! Sources (cited in `data/rules/*.toml`, `[scoring]`): tenhou.net/man
//! (no kiriage, kazoe yakuman, double-wind pair 4 fu, no double yakuman, no
//! renhou); riichi.wiki "Mahjong Soul" (the four double yakuman, no renhou);
//! RiichiEnv `docs/RULES.md` (double yakuman per platform).

use super::{deal, play, EAST_1};
use tenpai::game::SeatIndex;
use tenpai::game::{legal_actions, Action};
use tenpai::rules::Rules;
use tenpai::score::{score, Payment, Situation};
use tenpai::Wind;

/// A non-dealer's ron of `hand` on `win` under both presets: what the
/// discarder pays (Tenhou, Mahjong Soul).
fn ron(hand: &str, win: &str, setup: impl Fn(&mut Situation)) -> (u32, u32) {
    let pay = |rules: Rules| {
        let mut s = Situation::new(hand.parse().expect("a hand"), win.parse().expect("a tile"));
        s.seat_wind = Wind::South;
        setup(&mut s);
        match score(&s, &rules).expect("a win").payment {
            Payment::Ron { discarder } => discarder,
            Payment::Tsumo { .. } => unreachable!("a ron"),
        }
    };
    (pay(Rules::tenhou()), pay(Rules::mahjongsoul()))
}

#[test]
fn no_kiriage_mangan_4_han_30_fu_pays_7700() {
    // Pinfu, tanyao, sanshoku: 4 han 30 fu (basic 1,920).
    let paid = ron("234m234p234s567s88p", "5s", |_| {});
    assert_eq!(paid, (7700, 7700));
}

#[test]
fn kazoe_yakuman_13_han_pays_one_yakuman_on_both() {
    // Riichi, chinitsu, tanyao and more, and four dora: 13 han or more.
    let paid = ron("22334455667788m", "8m", |s| {
        s.riichi = tenpai::score::Riichi::Declared;
        s.dora_indicators = vec!["1m".parse().unwrap(), "4m".parse().unwrap()];
    });
    assert_eq!(paid, (32000, 32000));
}

#[test]
fn double_yakuman_only_on_mahjongsoul() {
    // Suuankou tanki (a ron on the pair).
    assert_eq!(ron("111m333p555s777s99p", "9p", |_| {}), (32000, 64000));
    // Kokushi on the 13-sided wait.
    assert_eq!(ron("19m19p19s12345677z", "7z", |_| {}), (32000, 64000));
    // Junsei chuuren poutou.
    assert_eq!(ron("11123455678999m", "5m", |_| {}), (32000, 64000));
    // Daisuushii.
    assert_eq!(ron("111222333z55m [444z]", "5m", |_| {}), (32000, 64000));
    // Two different yakuman add up on both: tsuuiisou and daisangen.
    assert_eq!(ron("111555666z22z [777z]", "2z", |_| {}), (64000, 64000));
}

#[test]
fn double_wind_pair_is_4_fu_on_both() {
    // The dealer's East pair in East: 20 + 10 (closed ron) + 8 (999m) + 8
    // (White) + 4 (the pair) + 2 (kanchan) = 52 -> 60 fu (50 with a 2-fu pair).
    let pay = |rules: Rules| {
        let mut s = Situation::new(
            "123m999m456p555z11z".parse().unwrap(),
            "2m".parse().unwrap(),
        );
        s.seat_wind = Wind::East;
        score(&s, &rules).unwrap().fu
    };
    assert_eq!((pay(Rules::tenhou()), pay(Rules::mahjongsoul())), (60, 60));
}

#[test]
fn renhou_is_not_a_yaku_on_either() {
    // Seat 1 is ready on 3p (kanchan) with no yaku: on the first go-around it
    // may ron only where renhou is a yaku.
    let mut with_renhou = Rules::tenhou();
    with_renhou.scoring.renhou = tenpai::rules::Renhou::Mangan;
    for (rules, offered) in [
        (Rules::tenhou(), false),
        (Rules::mahjongsoul(), false),
        (with_renhou, true),
    ] {
        let mut s = deal(
            rules,
            EAST_1,
            [25000; 4],
            [
                "3p 1s 1s 9s 9m 9m 1p 1p N N W W P",
                "1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 4p 9p 9p",
                "2m 3m 4m 6m 7m 8m 3s 4s 6s 7s 8s 6p 8p",
                "2m 3m 4m 6m 7m 8m 3s 4s 6s 7s 8s 6p 8p",
            ],
            "C",
        );
        play(
            &mut s,
            r#"{"type":"tsumo","actor":0,"pai":"E"}
            {"type":"dahai","actor":0,"pai":"3p","tsumogiri":false}"#,
        );
        assert_eq!(
            legal_actions(&s, SeatIndex::ALL[1]).contains(&Action::Ron),
            offered
        );
    }
}

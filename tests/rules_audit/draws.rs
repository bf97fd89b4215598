//! Draws: nagashi mangan and the dealer's repeat, and when four riichi abort.
//!
//! Sources (cited in `data/rules/*.toml`, `nagashi_mangan`, `four_riichi`):
//! riichi.wiki "Tenhou.net rules" (nagashi mangan replaces the tenpai payments,
//! the dealer repeats when tenpai; abortive draws repeat the deal); RiichiEnv
//! `settlement_oracle.rs` (`nagashi_mangan_is_win` false for Tenhou and Mahjong
//! Soul); riichi.wiki "Tochuu ryuukyoku", "Suucha riichi".

use super::{deal, next_round, outcome, play, refused, scores, win_deltas, Round};
use tenpai::game::{DrawReason, RoundOutcome, State};
use tenpai::rules::Rules;

/// East 1 with one honba and one stick; seat 1 is ready (on 1m-4m), the dealer
/// too when `dealer_ready` (on 5m-8m).
fn draw_deal(rules: Rules, dealer_ready: bool) -> State {
    let dealer = if dealer_ready {
        "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 7m 2p 2p"
    } else {
        "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 8m 2p 9p"
    };
    let round = Round {
        wind: "E",
        kyoku: 1,
        honba: 1,
        kyoutaku: 1,
    };
    deal(
        rules,
        round,
        [25000, 25000, 25000, 24000],
        [
            dealer,
            "2m 3m 4p 5p 6p 7s 8s 9s E E E S S",
            "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 8m 2p 8p",
            "1p 1p 2s 2s 3p 4p 6s 7s 8m 8p 9s 9s N",
        ],
        "C",
    )
}

#[test]
fn nagashi_mangan_the_dealer_repeats_only_when_ready() {
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        for dealer_ready in [false, true] {
            let mut s = draw_deal(rules.clone(), dealer_ready);
            super::play_out_to(&mut s, 0);
            // Seat 3's mangan replaces the tenpai payments; no honba is paid.
            play(
                &mut s,
                r#"{"type":"ryukyoku","deltas":[-4000,-2000,-2000,8000]}
                {"type":"end_kyoku"}"#,
            );
            let Some(RoundOutcome::Draw {
                nagashi, tenpai, ..
            }) = outcome(&s)
            else {
                panic!("a draw")
            };
            assert_eq!((nagashi[3], tenpai[0]), (true, dealer_ready));
            // A draw: one more honba, the stick stays; the deal passes unless
            // the dealer is ready.
            let kyoku = if dealer_ready { 1 } else { 2 };
            assert_eq!(next_round(&s), Some(("E", kyoku, 2, 1)));
        }
    }
}

#[test]
fn nagashi_mangan_off_pays_tenpai_instead() {
    let mut rules = Rules::tenhou();
    rules.game.nagashi_mangan = false;
    let mut s = draw_deal(rules, false);
    super::play_out_to(&mut s, 0);
    play(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[-1000,3000,-1000,-1000]}"#,
    );
}

/// Four riichi on the first go-around: each seat is ready on its own wind
/// (tanki) and declares riichi throwing the Red it drew; seat 3 throws
/// `last` instead.
fn four_riichi(last: &str) -> State {
    let mut s = deal(
        Rules::tenhou(),
        super::EAST_1,
        [25000; 4],
        [
            "1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 3p 4p E",
            "1p 2p 3p 4m 5m 6m 7p 8p 9p 2s 3s 4s S",
            "1s 2s 3s 4m 5m 6m 7m 8m 9m 6p 7p 8p W",
            "2m 3m 4m 5s 6s 7s 6s 7s 8s 2p 3p 4p N",
        ],
        "F",
    );
    for seat in 0..3 {
        play(
            &mut s,
            &format!(
                r#"{{"type":"tsumo","actor":{seat},"pai":"C"}}
                {{"type":"reach","actor":{seat}}}
                {{"type":"dahai","actor":{seat},"pai":"C","tsumogiri":true}}
                {{"type":"reach_accepted","actor":{seat}}}"#
            ),
        );
    }
    play(
        &mut s,
        &format!(
            r#"{{"type":"tsumo","actor":3,"pai":"{last}"}}
            {{"type":"reach","actor":3}}
            {{"type":"dahai","actor":3,"pai":"{last}","tsumogiri":true}}"#
        ),
    );
    s
}

#[test]
fn four_riichi_abort_once_the_fourth_stick_is_placed() {
    let mut s = four_riichi("C");
    assert_eq!(
        refused(&mut s, r#"{"type":"ryukyoku","reason":"four_riichi"}"#),
        "illegal ryukyoku: four riichi has not happened"
    );
    play(
        &mut s,
        r#"{"type":"reach_accepted","actor":3}
        {"type":"ryukyoku","reason":"four_riichi","deltas":[0,0,0,0]}
        {"type":"end_kyoku"}"#,
    );
    assert!(matches!(
        outcome(&s),
        Some(RoundOutcome::Draw {
            reason: DrawReason::FourRiichi,
            ..
        })
    ));
    // The four sticks stay on the table; the dealer repeats with one more honba.
    assert_eq!(scores(&s), [24000; 4]);
    assert_eq!(next_round(&s), Some(("E", 1, 1, 4)));
}

#[test]
fn four_riichi_a_ron_on_the_fourth_riichi_discard_wins_instead() {
    // Seat 3 throws East into the dealer's double riichi: its riichi never
    // stands, so it pays no stick.
    let mut s = four_riichi("E");
    play(
        &mut s,
        r#"{"type":"hora","actor":0,"target":3,"ura_markers":["9s"]}"#,
    );
    // Double riichi, ippatsu: 3 han; 20 + 10 closed ron + 2 tanki + 4 for an
    // East pair (seat and round wind) = 36 -> 40 fu: the dealer's 7,700, and
    // the three sticks on the table.
    assert_eq!(win_deltas(&s), [10700, 0, 0, -7700]);
}

//! What counts as ready (tenpai) at an exhaustive draw, for riichi and for
//! the dealer's repeat, against what a hand can win on.
//!
//! A wait whose four copies all lie in the player's own kan still counts as
//! ready (karaten): `12s 444p 666p 88p` with a closed kan of 3s is ready on
//! Tenhou and on Mahjong Soul. A wait held four times in the concealed hand
//! (`123456789m 1111p` on 1p) does not make the hand ready: it is no shape that
//! waits, there is no fifth copy.
//!
//! Sources (cited in `src/waits.rs`, [`tenpai::is_tenpai`]): riichi.wiki
//! "Karaten" ("considered tenpai for the purpose of ryuukyoku, except if all
//! four copies of the winning tile are in the player's own hand"; "On Tenhou
//! ... 12s44466688p with a kan of 3s, scored as in tenpai"; "Likewise ... in
//! Mahjong Soul", with a Mahjong Soul record); RiichiEnv
//! `riichienv-core/src/hand_evaluator.rs` `is_tenpai` (the concealed tiles
//! only, no fifth copy of a kind held four times in them; checked against
//! Tenhou and Mahjong Soul logs); Mortal `libriichi/src/arena/board.rs`
//! `exhaustive_ryukyoku` (tenpai by the shanten of the concealed tiles).

use super::{deal, next_round, next_tile, outcome, play, Round};
use tenpai::game::SeatIndex;
use tenpai::game::{legal_actions, Action, RoundOutcome, State};
use tenpai::rules::Rules;

/// Seat 1's concealed tiles before its kan: three 3s (the fourth is drawn).
pub const KAN_OF_3S: &str = "1s 2s 3s 3s 3s 4p 4p 4p 6p 6p 6p 8p 8p";
/// Ready on the 1p it holds four times: no wait at all.
const FOUR_1P: &str = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 1p";
/// Ready on 5m-8m.
pub const READY: &str = "2m 3m 4m 5p 6p 7p 4s 5s 6s 6m 7m 2p 2p";
/// One from ready.
pub const NOT_READY: &str = "2m 3m 4m 1s 1s 9s 6s 7s 8s 6m 8m 2p 9p";
pub const NOT_READY_EITHER: &str = "E E 2s 2s 3p 9p 7s 7s 8m 9m 9s 9s N";

/// Deals East `kyoku` (1: seat 0 deals and first draws and throws one tile;
/// 2: seat 1 deals) under `rules` with seat 1 holding `seat1`; seat 1 draws,
/// and when `kan` (holding three 3s) draws the fourth and makes a closed kan
/// first.
fn round(rules: Rules, kyoku: u8, seat1: &str, kan: bool) -> State {
    let round = Round {
        wind: "E",
        kyoku,
        honba: 0,
        kyoutaku: 0,
    };
    let mut s = deal(
        rules,
        round,
        [25000; 4],
        [NOT_READY, seat1, READY, NOT_READY_EITHER],
        "C",
    );
    if kyoku == 1 {
        let t = next_tile(&s, 0);
        play(
            &mut s,
            &format!(
                r#"{{"type":"tsumo","actor":0,"pai":"{t}"}}
                {{"type":"dahai","actor":0,"pai":"{t}","tsumogiri":true}}"#
            ),
        );
    }
    if kan {
        play(
            &mut s,
            r#"{"type":"tsumo","actor":1,"pai":"3s"}
            {"type":"ankan","actor":1,"consumed":["3s","3s","3s","3s"]}"#,
        );
        let d = next_tile(&s, 0);
        play(&mut s, &format!(r#"{{"type":"dora","dora_marker":"{d}"}}"#));
        let r = next_tile(&s, 0);
        play(
            &mut s,
            &format!(r#"{{"type":"tsumo","actor":1,"pai":"{r}"}}"#),
        );
    } else {
        let r = next_tile(&s, 0);
        play(
            &mut s,
            &format!(r#"{{"type":"tsumo","actor":1,"pai":"{r}"}}"#),
        );
    }
    s
}

/// Seat 1 throws its drawn tile, then every seat draws and throws plain
/// simples (no five, so no call, no win and no nagashi) until the wall is out.
fn play_out(s: &mut State) {
    let drawn = s.seat(SeatIndex::ALL[1]).drawn().expect("seat 1 drew");
    play(
        s,
        &format!(r#"{{"type":"dahai","actor":1,"pai":"{drawn}","tsumogiri":true}}"#),
    );
    super::play_out_plain(s, 2);
}

/// Who is ready at the exhaustive draw, and the payments.
fn draw_result(s: &State) -> ([bool; 4], [i32; 4]) {
    match outcome(s) {
        Some(RoundOutcome::Draw { tenpai, deltas, .. }) => (*tenpai, *deltas),
        o => panic!("an exhaustive draw, not {o:?}"),
    }
}

#[test]
fn ready_at_the_draw_with_the_wait_in_ones_own_closed_kan() {
    // Issue 22: 12s 444p 666p 88p with a closed kan of 3s waits on 3s, every
    // copy of which is in the kan; with seat 2 ready too, 1,500 each way.
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let mut s = round(rules, 1, KAN_OF_3S, true);
        play_out(&mut s);
        assert!(
            s.seat(SeatIndex::ALL[1]).waits().is_empty(),
            "nothing to win on"
        );
        assert!(s.seat(SeatIndex::ALL[1]).is_tenpai(), "but ready");
        play(
            &mut s,
            r#"{"type":"ryukyoku","deltas":[-1500,1500,1500,-1500]}"#,
        );
        assert_eq!(
            draw_result(&s),
            ([false, true, true, false], [-1500, 1500, 1500, -1500])
        );
    }
}

#[test]
fn not_ready_with_the_wait_held_four_times_in_the_concealed_hand() {
    let mut s = round(Rules::tenhou(), 1, FOUR_1P, false);
    play_out(&mut s);
    assert!(!s.seat(SeatIndex::ALL[1]).is_tenpai());
    play(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[-1000,-1000,3000,-1000]}"#,
    );
    assert_eq!(
        draw_result(&s),
        ([false, false, true, false], [-1000, -1000, 3000, -1000])
    );
}

#[test]
fn riichi_on_a_wait_in_ones_own_closed_kan_and_not_on_a_fifth_copy() {
    // After the kan and the replacement draw, throwing that tile leaves the
    // kan-wait hand: riichi is offered (ready), as at the draw.
    let s = round(Rules::tenhou(), 1, KAN_OF_3S, true);
    let drawn = s
        .seat(SeatIndex::ALL[1])
        .drawn()
        .expect("a replacement tile");
    let riichi = legal_actions(&s, SeatIndex::ALL[1])
        .into_iter()
        .filter_map(|a| match a {
            Action::Riichi { pai, .. } => Some(pai),
            _ => None,
        })
        .collect::<Vec<_>>();
    assert_eq!(riichi, [drawn]);
    // Holding 1p four times, throwing the drawn tile leaves 123456789m 1111p:
    // not ready, no riichi with it (throwing a 1p leaves 1233456789m 111p,
    // ready on 3m-6m-9m).
    let s = round(Rules::tenhou(), 1, FOUR_1P, false);
    let drawn = s.seat(SeatIndex::ALL[1]).drawn().expect("a tile");
    let riichi: Vec<_> = legal_actions(&s, SeatIndex::ALL[1])
        .into_iter()
        .filter_map(|a| match a {
            Action::Riichi { pai, .. } => Some(pai.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        (drawn.to_string(), riichi),
        ("3m".into(), vec!["1p".into()])
    );
}

#[test]
fn the_dealer_ready_on_a_wait_in_its_own_kan_keeps_the_deal() {
    // East 2, dealt by seat 1 holding the kan-wait hand; seat 2 ready too.
    let mut s = round(Rules::tenhou(), 2, KAN_OF_3S, true);
    play_out(&mut s);
    play(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[-1500,1500,1500,-1500]}
        {"type":"end_kyoku"}"#,
    );
    // The dealer is ready: East 2 again, one more honba.
    assert_eq!(next_round(&s), Some(("E", 2, 1, 0)));
}

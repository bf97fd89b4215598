//! The rules audit (issue 12): every rule value of the two presets, and every
//! rule the engine hard-codes, checked by a small mjai log replayed through the
//! engine or by a scoring situation, with exact payments. The source of each
//! value is cited in `data/rules/*.toml`; the tests say which one they check.
//!
//! Fixtures are inline mjai JSON lines; the deals are written out in full.

mod draws;
mod game_end;
mod kans;
mod liability;
mod multiple_ron;
mod ready;
mod riichi;
mod scoring;

use tenpai::game::{Event, RoundOutcome, State};
use tenpai::rules::Rules;

/// Tiles in mjai notation, space-separated.
pub fn tiles(s: &str) -> Vec<tenpai::game::Pai> {
    s.split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("tile {t:?}: {e}")))
        .collect()
}

/// The round a deal starts: wind (`"E"`…), kyoku 1–4, honba, riichi sticks.
#[derive(Clone, Copy)]
pub struct Round {
    pub wind: &'static str,
    pub kyoku: u8,
    pub honba: u8,
    pub kyoutaku: u32,
}

/// East 1, no honba, no sticks.
pub const EAST_1: Round = Round {
    wind: "E",
    kyoku: 1,
    honba: 0,
    kyoutaku: 0,
};

/// A state under `rules` after `start_game` and the deal of `round` (dealer
/// seat kyoku − 1) with these scores, hands and first dora indicator.
pub fn deal(rules: Rules, round: Round, scores: [i32; 4], hands: [&str; 4], dora: &str) -> State {
    let mut s = State::new(rules).with_check(true);
    s.apply(&Event::start_game(vec![], None, Default::default()))
        .expect("start_game");
    s.apply(&Event::StartKyoku {
        round_wind: round.wind.parse().expect("a wind"),
        kyoku: round.kyoku,
        honba: round.honba,
        kyoutaku: round.kyoutaku,
        dealer: round.kyoku - 1,
        dora_marker: dora.parse().expect("a tile"),
        scores,
        tehais: hands.map(tiles),
    })
    .expect("start_kyoku");
    s
}

fn ev(json: &str) -> Event {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Applies each mjai line; every one must be legal and offered to its actor.
pub fn play(s: &mut State, lines: &str) {
    for l in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let e = ev(l);
        tenpai::game::check_offered(s, &e).unwrap_or_else(|err| panic!("{l}: {err}"));
        s.apply(&e).unwrap_or_else(|err| panic!("{l}: {err}"));
    }
}

/// The line must be refused, leaving the state as it was; returns why.
pub fn refused(s: &mut State, line: &str) -> String {
    let before = format!("{s:?}");
    let e = s.apply(&ev(line)).expect_err(line).to_string();
    assert_eq!(
        format!("{s:?}"),
        before,
        "a refused event changed the state"
    );
    e
}

/// Every seat's score change over the wins of the round (a multiple ron adds up).
pub fn win_deltas(s: &State) -> [i32; 4] {
    let Some(RoundOutcome::Wins(w)) = outcome(s) else {
        panic!("the round did not end in a win: {:?}", outcome(s))
    };
    let mut d = [0; 4];
    for win in w {
        for (t, x) in d.iter_mut().zip(win.deltas) {
            *t += x;
        }
    }
    d
}

/// How the round ended.
pub fn outcome(s: &State) -> Option<&RoundOutcome> {
    s.outcome()
}

/// A round as (wind, kyoku, honba, sticks), e.g. `("E", 2, 0, 0)`.
pub type RoundTuple = (&'static str, u8, u8, u32);

/// The next round after `end_kyoku`, or None when the game is over.
pub fn next_round(s: &State) -> Option<RoundTuple> {
    let r = s.next_round()?;
    let wind = ["E", "S", "W", "N"][r.round_wind() as usize];
    Some((wind, r.kyoku(), r.honba(), r.kyoutaku()))
}

/// Scores now, by seat.
pub fn scores(s: &State) -> [i32; 4] {
    s.scores()
}

/// The tile the next draw takes in a played-out wall: terminals and honors for
/// seat 3, simples other than fives for the others (so nobody calls, and only
/// seat 3 can have nagashi mangan).
pub fn next_tile(s: &State, seat: u8) -> tenpai::game::Pai {
    let unseen = *s.unseen();
    let yao = |i: usize| i % 9 == 0 || i % 9 == 8 || i >= 27;
    let plain = |i: usize| unseen[i] > 0 && !(i < 27 && i % 9 == 4);
    let i = (0..34)
        .find(|&i| plain(i) && yao(i) == (seat == 3))
        .or_else(|| (0..34).find(|&i| plain(i)))
        .or_else(|| (0..34).find(|&i| unseen[i] > 0))
        .expect("a tile is left");
    tenpai::game::Pai::from(tenpai::Tile::new(i as u8).expect("a kind"))
}

/// Each seat from `seat` on draws and throws a plain simple (no five: no
/// call, no nagashi mangan) until the live wall is out.
pub fn play_out_plain(s: &mut State, mut seat: u8) {
    while s.live_left() > 0 {
        let t = next_tile(s, 0);
        play(
            s,
            &format!(
                r#"{{"type":"tsumo","actor":{seat},"pai":"{t}"}}
                {{"type":"dahai","actor":{seat},"pai":"{t}","tsumogiri":true}}"#
            ),
        );
        seat = (seat + 1) % 4;
    }
}

/// Draws and discards (tsumogiri) from seat 0 on, in a round without calls
/// dealt by seat 0, until `left` tiles are left in the live wall.
pub fn play_out_to(s: &mut State, left: u8) {
    while s.live_left() > left {
        let seat = (tenpai::game::LIVE_AFTER_DEAL as u8 - s.live_left()) % 4;
        let pai = next_tile(s, seat);
        play(
            s,
            &format!(
                r#"{{"type":"tsumo","actor":{seat},"pai":"{pai}"}}
                {{"type":"dahai","actor":{seat},"pai":"{pai}","tsumogiri":true}}"#
            ),
        );
    }
}

//! The engine's rules, scenario by scenario: each test deals fixed hands and
//! applies mjai events; illegal ones must be refused with the reason named.

use tenpai::game::SeatIndex;

use crate::game_end::mjai_round;
use tenpai::game::{legal_actions, Action, DrawReason, Event, RoundOutcome, State, Wall};
use tenpai::rules::Rules;

fn tiles(s: &str) -> Vec<tenpai::game::Pai> {
    s.split_whitespace()
        .map(|t| t.parse().expect("a tile"))
        .collect()
}

/// A state after the deal of East 1 (dealer seat 0) with the given hands.
fn deal(hands: [&str; 4], dora: &str, scores: [i32; 4]) -> State {
    let mut s = State::new(Rules::tenhou()).with_check(true);
    s.apply(&Event::start_game(vec![], None, Default::default()))
        .unwrap();
    s.apply(&Event::StartKyoku {
        round_wind: "E".parse().unwrap(),
        kyoku: 1,
        honba: 0,
        kyoutaku: 0,
        dealer: 0,
        dora_marker: dora.parse().unwrap(),
        scores,
        tehais: hands.map(tiles),
    })
    .unwrap();
    s
}

fn ev(json: &str) -> Event {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Applies each line; every one must be legal.
fn ok(s: &mut State, lines: &str) {
    for l in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
        s.apply(&ev(l)).unwrap_or_else(|e| panic!("{l}: {e}"));
    }
}

/// The line must be refused (leaving the state unchanged); returns why.
fn refused(s: &mut State, line: &str) -> String {
    let before = format!("{s:?}");
    let e = s.apply(&ev(line)).expect_err(line).to_string();
    assert_eq!(
        format!("{s:?}"),
        before,
        "a refused event changed the state"
    );
    e
}

const FURITEN_HANDS: [&str; 4] = [
    "1p 1p 1p 9p 9p 9p 1s 1s 1s 9s 9s N N",
    "2m 3m 4p 5p 6p 7s 8s 9s E E E S S",
    "1m 1m 4m 2p 3p 4p 2s 3s 4s W W W P",
    "6m 7m 8m 7p 8p 2s 3s 4s 5s 6s P P F",
];

#[test]
fn furiten_own_discard_blocks_ron() {
    let mut s = deal(FURITEN_HANDS, "C", [25000; 4]);
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"1m"}"#,
    );
    assert!(legal_actions(&s, SeatIndex::ALL[1]).contains(&Action::Tsumo));
    ok(
        &mut s,
        r#"{"type":"dahai","actor":1,"pai":"1m","tsumogiri":true}
        {"type":"tsumo","actor":2,"pai":"4m"}
        {"type":"dahai","actor":2,"pai":"4m","tsumogiri":true}"#,
    );
    assert!(!legal_actions(&s, SeatIndex::ALL[1]).contains(&Action::Ron));
    assert_eq!(
        refused(&mut s, r#"{"type":"hora","actor":1,"target":2}"#),
        "illegal hora by seat 1: furiten"
    );
}

#[test]
fn passed_ron_is_furiten_until_own_discard() {
    let mut s = deal(FURITEN_HANDS, "C", [25000; 4]);
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"1m"}
        {"type":"dahai","actor":0,"pai":"1m","tsumogiri":true}"#,
    );
    assert_eq!(
        legal_actions(&s, SeatIndex::ALL[1]),
        [
            Action::Ron,
            Action::Chi {
                consumed: tiles("2m 3m").try_into().unwrap()
            },
            Action::Pass
        ]
    );
    // Seat 1 passes; seat 2 pons and discards 4m, the other wait.
    ok(
        &mut s,
        r#"{"type":"pon","actor":2,"target":0,"pai":"1m","consumed":["1m","1m"]}
        {"type":"dahai","actor":2,"pai":"4m","tsumogiri":false}"#,
    );
    assert_eq!(
        refused(&mut s, r#"{"type":"hora","actor":1,"target":2}"#),
        "illegal hora by seat 1: furiten"
    );
    // After its own discard seat 1 may ron again.
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":3,"pai":"N"}
        {"type":"dahai","actor":3,"pai":"N","tsumogiri":true}
        {"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"C"}
        {"type":"dahai","actor":1,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":2,"pai":"9m"}
        {"type":"dahai","actor":2,"pai":"9m","tsumogiri":true}
        {"type":"tsumo","actor":3,"pai":"4m"}
        {"type":"dahai","actor":3,"pai":"4m","tsumogiri":true}"#,
    );
    assert_eq!(
        legal_actions(&s, SeatIndex::ALL[1]),
        [Action::Ron, Action::Pass]
    );
    // East (round wind) 1 han, 20 + 10 closed ron + 8 (EEE) + 2 (South pair,
    // seat wind) = 40 fu: 1,300.
    ok(
        &mut s,
        r#"{"type":"hora","actor":1,"target":3,"deltas":[0,1300,0,-1300]}"#,
    );
    let Some(RoundOutcome::Wins(w)) = s.outcome() else {
        panic!("a win")
    };
    let score = w[0].score.as_ref().expect("the referee scores every win");
    assert_eq!((score.han, score.fu), (1, 40));
}

#[test]
fn riichi_needs_points_and_a_closed_tenpai_hand() {
    let mut s = deal(FURITEN_HANDS, "C", [25000, 900, 37100, 37000]);
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"F"}"#,
    );
    assert_eq!(
        refused(&mut s, r#"{"type":"reach","actor":1}"#),
        "illegal reach by seat 1: 900 points, fewer than 1000"
    );
    assert!(!legal_actions(&s, SeatIndex::ALL[1])
        .iter()
        .any(|a| matches!(a, Action::Riichi { .. })));
    // Seat 3 (noten) may not declare either.
    ok(
        &mut s,
        r#"{"type":"dahai","actor":1,"pai":"F","tsumogiri":true}
        {"type":"tsumo","actor":2,"pai":"9m"}
        {"type":"dahai","actor":2,"pai":"9m","tsumogiri":true}
        {"type":"tsumo","actor":3,"pai":"N"}"#,
    );
    assert_eq!(
        refused(&mut s, r#"{"type":"reach","actor":3}"#),
        "illegal reach by seat 3: no discard leaves the hand tenpai"
    );
}

#[test]
fn riichi_stick_ippatsu_and_the_riichi_discard() {
    let mut s = deal(FURITEN_HANDS, "C", [25000; 4]);
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"F"}
        {"type":"reach","actor":1}"#,
    );
    // The riichi discard must keep the hand tenpai.
    assert_eq!(
        refused(
            &mut s,
            r#"{"type":"dahai","actor":1,"pai":"S","tsumogiri":false}"#
        ),
        "illegal dahai by seat 1: discarding S leaves the riichi hand not tenpai"
    );
    ok(
        &mut s,
        r#"{"type":"dahai","actor":1,"pai":"F","tsumogiri":true}
        {"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0]}
        {"type":"tsumo","actor":2,"pai":"9m"}
        {"type":"dahai","actor":2,"pai":"9m","tsumogiri":true}
        {"type":"tsumo","actor":3,"pai":"N"}
        {"type":"dahai","actor":3,"pai":"N","tsumogiri":true}
        {"type":"tsumo","actor":0,"pai":"8p"}
        {"type":"dahai","actor":0,"pai":"8p","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"1m"}"#,
    );
    assert_eq!((s.scores()[1], s.kyoutaku()), (24000, 1));
    // In riichi only the drawn tile may go.
    assert_eq!(
        refused(
            &mut s,
            r#"{"type":"dahai","actor":1,"pai":"S","tsumogiri":false}"#
        ),
        "illegal dahai by seat 1: in riichi only the drawn tile may be discarded"
    );
    // The riichi came on seat 1's first discard with no call before it: double
    // riichi (2), ippatsu, tsumo, East (round wind), and ura-dora indicator N
    // (dora East, held three times): 8 han baiman, 4,000/8,000 plus the stick.
    ok(
        &mut s,
        r#"{"type":"hora","actor":1,"target":1,"ura_markers":["N"],"deltas":[-8000,17000,-4000,-4000]}"#,
    );
    let Some(RoundOutcome::Wins(w)) = s.outcome() else {
        panic!("a win")
    };
    let yaku: Vec<_> = w[0]
        .score
        .as_ref()
        .expect("the referee scores every win")
        .yaku
        .iter()
        .map(|(y, h)| (format!("{y:?}"), h))
        .collect();
    assert_eq!(
        yaku,
        [
            ("Ippatsu", 1),
            ("MenzenTsumo", 1),
            ("RoundWind", 1),
            ("DoubleRiichi", 2),
            ("UraDora", 3)
        ]
        .map(|(y, h)| (y.to_string(), h))
    );
}

const CALL_HANDS: [&str; 4] = [
    "2m 2m 9p 9p 9p 1s 1s 1s 5s 6s 7s N N",
    "3m 4m 5m 6m 2m 7p 8p 9p 2s 3s 4s W W",
    "1m 3m 1p 2p 3p 4p 5p 6p 7m 8m 9m E E",
    "1m 1m 1m 8s 8s 8s 3p 3p 3p P P F F",
];

#[test]
fn chi_only_from_the_left_and_kuikae() {
    let mut s = deal(CALL_HANDS, "C", [25000; 4]);
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}"#,
    );
    assert_eq!(
        refused(
            &mut s,
            r#"{"type":"chi","actor":2,"target":0,"pai":"2m","consumed":["1m","3m"]}"#
        ),
        "illegal chi by seat 2: chi only from the player on the left"
    );
    ok(
        &mut s,
        r#"{"type":"chi","actor":1,"target":0,"pai":"2m","consumed":["3m","4m"]}"#,
    );
    for t in ["5m", "2m"] {
        let line = format!(r#"{{"type":"dahai","actor":1,"pai":"{t}","tsumogiri":false}}"#);
        assert_eq!(
            refused(&mut s, &line),
            format!("illegal dahai by seat 1: swap-calling (kuikae): {t} may not be discarded")
        );
    }
    ok(
        &mut s,
        r#"{"type":"dahai","actor":1,"pai":"6m","tsumogiri":false}
        {"type":"tsumo","actor":2,"pai":"9m"}
        {"type":"dahai","actor":2,"pai":"9m","tsumogiri":true}
        {"type":"tsumo","actor":3,"pai":"N"}
        {"type":"dahai","actor":3,"pai":"N","tsumogiri":true}
        {"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"W"}"#,
    );
    assert_eq!(
        refused(&mut s, r#"{"type":"reach","actor":1}"#),
        "illegal reach by seat 1: the hand is open"
    );
}

#[test]
fn four_winds_abort_and_the_dealer_keeps_the_deal() {
    let mut s = deal(
        [
            "E 1m 2m 3m 4p 5p 6p 7s 8s 9s 1p 1p 2p",
            "E 1m 2m 3m 4p 5p 6p 7s 8s 9s 1p 2p 3p",
            "E 1m 2m 3m 4p 5p 6p 7s 8s 9s 9p 9p 3p",
            "E 1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s",
        ],
        "C",
        [25000; 4],
    );
    for seat in SeatIndex::ALL {
        ok(
            &mut s,
            &format!(
                r#"{{"type":"tsumo","actor":{seat},"pai":"C"}}
                {{"type":"dahai","actor":{seat},"pai":"E","tsumogiri":false}}"#
            )
            .replace(
                r#""pai":"C"}"#,
                if seat == SeatIndex::ALL[3] {
                    r#""pai":"P"}"#
                } else {
                    r#""pai":"C"}"#
                },
            ),
        );
    }
    assert_eq!(s.forced_draw(), Some(DrawReason::FourWinds));
    assert_eq!(
        refused(&mut s, r#"{"type":"tsumo","actor":0,"pai":"P"}"#),
        "illegal tsumo by seat 0: the round must end: four winds"
    );
    ok(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[0,0,0,0]}
        {"type":"end_kyoku"}"#,
    );
    // Abortive draw: same dealer, one more honba.
    assert_eq!(mjai_round(s.next_round()), Some([0, 1, 1, 0, 0]));
}

/// Plays the wall out with tsumogiri: seat 3 draws terminals and honors when
/// `nagashi`, everyone else simples first.
fn play_out(s: &mut State, nagashi: bool) {
    play_out_from(s, nagashi, 0);
}

fn play_out_from(s: &mut State, nagashi: bool, first: u8) {
    let mut seat = first;
    while s.live_left() > 0 {
        let unseen = *s.unseen();
        let yao = |i: usize| i % 9 == 0 || i % 9 == 8 || i >= 27;
        let want_yao = nagashi && seat == 3;
        let i = (0..34)
            .find(|&i| unseen[i] > 0 && yao(i) == want_yao && !(i < 27 && i % 9 == 4))
            .or_else(|| (0..34).find(|&i| unseen[i] > 0 && !(i < 27 && i % 9 == 4)))
            .or_else(|| (0..34).find(|&i| unseen[i] > 0))
            .expect("a tile is left");
        let pai = tenpai::game::Pai::from(tenpai::Tile::new(i as u8).unwrap());
        ok(
            s,
            &format!(
                r#"{{"type":"tsumo","actor":{seat},"pai":"{pai}"}}
                {{"type":"dahai","actor":{seat},"pai":"{pai}","tsumogiri":true}}"#
            ),
        );
        seat = (seat + 1) % 4;
    }
}

const DRAW_HANDS: [&str; 4] = [
    "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 7m 2p 9p",
    "1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S",
    "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 8m 2p 8p",
    "1p 1p 2s 2s 3p 4p 6s 7s 8m 8p 9s 9s N",
];

#[test]
fn exhaustive_draw_pays_noten_and_rotates_the_dealer() {
    let mut s = deal(DRAW_HANDS, "C", [25000; 4]);
    play_out(&mut s, false);
    ok(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[-1000,3000,-1000,-1000]}"#,
    );
    assert_eq!(
        s.outcome(),
        Some(&RoundOutcome::Draw {
            reason: DrawReason::Exhaustive,
            tenpai: [false, true, false, false],
            nagashi: [false; 4],
            deltas: [-1000, 3000, -1000, -1000],
        })
    );
    ok(&mut s, r#"{"type":"end_kyoku"}"#);
    assert_eq!(mjai_round(s.next_round()), Some([0, 2, 1, 0, 1]));
    // Any other round is refused: here the honba is missing.
    let scores = s.scores();
    let e2 = Event::StartKyoku {
        round_wind: "E".parse().unwrap(),
        kyoku: 2,
        honba: 0,
        kyoutaku: 0,
        dealer: 1,
        dora_marker: "C".parse().unwrap(),
        scores,
        tehais: DRAW_HANDS.map(tiles),
    };
    assert_eq!(
        refused(&mut s, &e2.to_json()),
        "illegal start_kyoku: the rules make the next round E2-1 (0 sticks), not E2-0 (0 sticks)"
    );
}

#[test]
fn nagashi_mangan_replaces_the_noten_payments() {
    let mut s = deal(DRAW_HANDS, "C", [25000; 4]);
    play_out(&mut s, true);
    ok(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[-4000,-2000,-2000,8000]}"#,
    );
}

#[test]
fn wall_is_seeded_and_complete() {
    let w = Wall::shuffled(2026, [1, 1, 1]);
    assert_eq!(w, Wall::shuffled(2026, [1, 1, 1]));
    assert_ne!(w, Wall::shuffled(2027, [1, 1, 1]));
    // Everything but the first dora indicator is unseen, each id once.
    let mut ids = w.unseen_ids();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 135);
    let mut w = w;
    let first: Vec<String> = (0..5).map(|_| w.draw().unwrap().to_string()).collect();
    assert_eq!(first, ["6s", "N", "5s", "3p", "6m"]);
}

#[test]
fn any_call_breaks_ippatsu() {
    let mut s = deal(FURITEN_HANDS, "C", [25000; 4]);
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"F"}
        {"type":"reach","actor":1}
        {"type":"dahai","actor":1,"pai":"F","tsumogiri":true}
        {"type":"reach_accepted","actor":1}
        {"type":"tsumo","actor":2,"pai":"9m"}
        {"type":"dahai","actor":2,"pai":"P","tsumogiri":false}
        {"type":"pon","actor":3,"target":2,"pai":"P","consumed":["P","P"]}
        {"type":"dahai","actor":3,"pai":"F","tsumogiri":false}
        {"type":"tsumo","actor":0,"pai":"8p"}
        {"type":"dahai","actor":0,"pai":"8p","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"1m"}"#,
    );
    assert!(!s.seat(SeatIndex::ALL[1]).ippatsu());
    // Double riichi, tsumo, East: 4 han 40 fu, mangan 2,000/4,000 + the stick.
    ok(
        &mut s,
        r#"{"type":"hora","actor":1,"target":1,"ura_markers":["5m"],"deltas":[-4000,9000,-2000,-2000]}"#,
    );
    let Some(RoundOutcome::Wins(w)) = s.outcome() else {
        panic!("a win")
    };
    assert!(!w[0]
        .score
        .as_ref()
        .expect("the referee scores every win")
        .yaku
        .iter()
        .any(|(y, _)| format!("{y:?}") == "Ippatsu"));
}

/// Other hands for [`FURITEN_HANDS`] that play the same events in
/// `observations_do_not_depend_on_hidden_tiles` (seat 1 still tenpai for its
/// riichi, seat 2 still holding the Red it discards, seat 3 the Reds it pons
/// and the Green it discards), with other concealed tiles.
const OTHER_FURITEN_HANDS: [&str; 4] = [
    "1p 1p 1p 9p 9p 9p 1s 1s 1s 9s 9s 6p 6p",
    "2m 3m 4p 5p 6p 7s 8s 9s E E E 7m 7m",
    "1m 1m 4m 2p 3p 4p 2s 3s 4s 8s 8s 8s P",
    "6m 7m 8m 7p 8p 3m 3m 3m 6s 6s P P F",
];

#[test]
fn observations_do_not_depend_on_hidden_tiles() {
    // Mid-round: seat 2 has called, seat 1 is in riichi.
    let events = r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"F"}
        {"type":"reach","actor":1}
        {"type":"dahai","actor":1,"pai":"F","tsumogiri":true}
        {"type":"reach_accepted","actor":1}
        {"type":"tsumo","actor":2,"pai":"9m"}
        {"type":"dahai","actor":2,"pai":"P","tsumogiri":false}
        {"type":"pon","actor":3,"target":2,"pai":"P","consumed":["P","P"]}
        {"type":"dahai","actor":3,"pai":"F","tsumogiri":false}
        {"type":"tsumo","actor":0,"pai":"8p"}"#;
    let mut s = deal(FURITEN_HANDS, "C", [25000; 4]);
    ok(&mut s, events);
    for seat in SeatIndex::ALL {
        let before = tenpai::game::Observation::of(&s, seat);
        // The same events from a deal where every other seat's concealed
        // tiles differ (same count): the view of `seat` must not change.
        let hands = std::array::from_fn(|o| {
            if o == seat.index() {
                FURITEN_HANDS[o]
            } else {
                OTHER_FURITEN_HANDS[o]
            }
        });
        let mut other = deal(hands, "C", [25000; 4]);
        ok(&mut other, events);
        for o in SeatIndex::ALL.into_iter().filter(|&o| o != seat) {
            assert_ne!(other.seat(o).tiles(), s.seat(o).tiles(), "seat {o}");
        }
        let after = tenpai::game::Observation::of(&other, seat);
        assert_eq!(before, after, "seat {seat}");
        assert_eq!(before.hand, s.seat(seat).tiles());
    }
    let o = tenpai::game::Observation::of(&s, SeatIndex::ALL[0]);
    assert_eq!(o.hand_sizes, [14, 13, 13, 10]);
    assert_eq!(o.riichi, [false, true, false, false]);
    assert_eq!(o.drawn, Some("8p".parse().unwrap()));
    assert_eq!(o.live_left, 66);
}

#[test]
fn tanki_on_the_fourth_copy_beside_its_own_pon_counts_as_ready() {
    // Seat 1 pons 9s and keeps the fourth 9s as its only wait: it can win on
    // nothing, but on Tenhou called tiles are not in the hand, so the tanki
    // is ready at the draw (mj-news.net/?p=38310: "鳴いた牌は手牌に含まれない
    // ので、白をポンして白単騎でもテンパイ扱い"; riichi.wiki "Karaten").
    let mut s = deal(
        [
            "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 7m 2p 9s",
            "9s 9s 9s 1m 2m 3m 4p 5p 6p 7m 8m 9m W",
            "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 8m 2p 8p",
            "1p 1p 2s 2s 3p 4p 6s 7s 8m 8p 1s 1s N",
        ],
        "C",
        [25000; 4],
    );
    ok(
        &mut s,
        r#"{"type":"tsumo","actor":0,"pai":"C"}
        {"type":"dahai","actor":0,"pai":"9s","tsumogiri":false}
        {"type":"pon","actor":1,"target":0,"pai":"9s","consumed":["9s","9s"]}
        {"type":"dahai","actor":1,"pai":"W","tsumogiri":false}"#,
    );
    assert!(s.seat(SeatIndex::ALL[1]).waits().is_empty());
    assert!(s.seat(SeatIndex::ALL[1]).is_tenpai());
    play_out_from(&mut s, false, 2);
    ok(
        &mut s,
        r#"{"type":"ryukyoku","deltas":[-1000,3000,-1000,-1000]}"#,
    );
    let Some(RoundOutcome::Draw { tenpai, .. }) = s.outcome() else {
        panic!("a draw")
    };
    assert_eq!(*tenpai, [false, true, false, false]);
}

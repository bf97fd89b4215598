//! The seat view (`tenpai::view`): what each kind of view holds (a seat's
//! own view holds nothing the seat may not see, checked at every event of
//! seeded self-play against a view built from the seat's own state), its
//! choices and typed refusals, and the round's result with the hands shown.

use crate::common;
use tenpai::game::SeatIndex;

use common::eager::eager_game;
use serde_json::{json, Value};
use tenpai::game::{Action, DrawReason, Event, Pai, RoundOutcome, State};
use tenpai::rules::Rules;
use tenpai::view::{Perspective, Refusal, ResultKind, SeatView, ShowReason, Stage};

fn tiles(s: &str) -> Vec<Pai> {
    s.split_whitespace()
        .map(|t| t.parse().expect("a tile"))
        .collect()
}

fn pai(s: &str) -> Pai {
    s.parse().expect("a tile")
}

fn ev(json: &str) -> Event {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// A state after the deal of East 1 (dealer seat 0) with `rules`, the hands
/// and the scores, then the events of `lines` (one mjai event a line).
fn table(rules: Rules, hands: [&str; 4], scores: [i32; 4], lines: &str) -> State {
    let mut s = State::new(rules).with_check(true);
    s.apply(&Event::start_game(vec![], None, Default::default()))
        .unwrap();
    s.apply(&Event::StartKyoku {
        round_wind: tenpai::Wind::East,
        kyoku: 1,
        honba: 0,
        kyoutaku: 0,
        dealer: 0,
        dora_marker: pai("F"),
        scores,
        tehais: hands.map(tiles),
    })
    .unwrap();
    for l in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
        s.apply(&ev(l)).unwrap_or_else(|e| panic!("{l}: {e}"));
    }
    s
}

/// Hands where the others hold nothing seat 0 needs.
const OTHERS: [&str; 3] = [
    "1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p",
    "1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s",
    "9m 9m 9m 8m 8m 8m 7m 7m 7m 6m 6m 6m 5m",
];

/// The score changes the referee gave the result `e` just applied (as a host
/// writes them), so that a seat's own state knows every payment.
fn with_deltas(e: &Event, referee: &State) -> Event {
    let mut e = e.clone();
    match (&mut e, referee.outcome()) {
        (Event::Hora { actor, deltas, .. }, Some(RoundOutcome::Wins(wins))) => {
            *deltas = wins
                .iter()
                .rev()
                .find(|w| w.seat == *actor)
                .map(|w| w.deltas);
        }
        (Event::Ryukyoku { deltas, .. }, Some(RoundOutcome::Draw { deltas: d, .. })) => {
            *deltas = Some(*d);
        }
        _ => {}
    }
    e
}

/// The view as JSON without its result (which a seat's own state knows
/// less of: another seat's winning hand and its yaku) and its stage (a
/// seat's own state learns the game is over from `end_game`, the referee
/// at the last round's end).
fn json_without_result(v: &SeatView) -> Value {
    let mut j = serde_json::to_value(v).expect("a view serializes");
    let o = j.as_object_mut().expect("an object");
    o.remove("result");
    o.remove("stage");
    j
}

/// Follows `events` with the referee's state and every seat's own state,
/// checking after each event what every kind of view holds; the number of
/// views compared and of hands shown at round ends.
fn follow(rules: &Rules, events: &[Event], what: &str) -> (usize, usize) {
    let mut referee = State::new(rules.clone()).with_check(true);
    let mut own: [State; 4] = SeatIndex::ALL.map(|s| State::for_seat(rules.clone(), s));
    let (mut compared, mut shown) = (0, 0);
    for (i, e) in events.iter().enumerate() {
        referee
            .apply(e)
            .unwrap_or_else(|err| panic!("{what} event {i}: {err}"));
        let told = with_deltas(e, &referee);
        for (s, state) in SeatIndex::ALL.into_iter().zip(own.iter_mut()) {
            state
                .apply(&told.seen_by(s))
                .unwrap_or_else(|err| panic!("{what} event {i}: seat {s}: {err}"));
            let v = SeatView::of(&referee, s);
            // Built from all the referee knows, the seat's view equals the
            // one built from its own state, which holds no other hand.
            assert_eq!(
                json_without_result(&v),
                json_without_result(&SeatView::of(state, s)),
                "{what} event {i} {}: seat {s}",
                e.to_json()
            );
            compared += 1;
            let own_stage = SeatView::of(state, s).stage();
            assert!(
                v.stage() == own_stage
                    || (v.stage(), own_stage) == (Stage::GameOver, Stage::RoundOver),
                "{what} event {i}: seat {s}"
            );
            for o in SeatIndex::ALL {
                assert_eq!(v.seats()[o.index()].hand.is_some(), o == s);
            }
            // A round's end shows the winners and the hands ready at an
            // exhaustive draw, nothing else.
            if let Some(r) = v.result() {
                let allowed = |seat: SeatIndex, why: ShowReason| match (&r.kind, why) {
                    (ResultKind::Wins { wins }, ShowReason::Win) => {
                        wins.iter().any(|w| w.seat == seat)
                    }
                    (
                        ResultKind::Draw {
                            reason: DrawReason::Exhaustive,
                            tenpai,
                            ..
                        },
                        ShowReason::Tenpai,
                    ) => tenpai[seat.index()],
                    _ => false,
                };
                assert!(
                    r.shown.iter().all(|h| allowed(h.seat, h.why)),
                    "{what} event {i}"
                );
                assert_eq!(r.scores, referee.scores());
                shown += r.shown.len();
            }
        }
        let spectator = SeatView::spectator(&referee);
        assert!(spectator.seats().iter().all(|s| s.hand.is_none()));
        assert!(spectator.choices().is_none() && spectator.seat().is_none());
        let all = SeatView::all_hands(&referee, None);
        assert_eq!(all.perspective(), Perspective::AllHands);
        let dealt = all.seats().iter().filter(|s| s.hand.is_some()).count();
        assert!(
            dealt == 4 || all.stage() == Stage::BeforeGame,
            "{what} event {i}"
        );
    }
    (compared, shown)
}

#[test]
fn view_of_a_seat_holds_nothing_it_may_not_see_in_seeded_self_play() {
    let (mut compared, mut shown) = (0, 0);
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        for seed in 0..4 {
            let g = eager_game(&rules, seed);
            let (c, s) = follow(&rules, &g.events, &format!("seed {seed}"));
            compared += c;
            shown += s;
        }
    }
    assert!(compared > 20_000 && shown > 100, "{compared} {shown}");
}

#[test]
fn view_json_ok_names_every_part() {
    let s = ready_dealer(r#"{"type":"tsumo","actor":0,"pai":"E"}"#);
    let j = serde_json::to_value(SeatView::of(&s, SeatIndex::ALL[0])).unwrap();
    assert_eq!(j["perspective"], "seat");
    assert_eq!(j["stage"], "playing");
    assert_eq!(
        j["round"],
        json!({"round_wind": "E", "number": 1, "honba": 0, "kyoutaku": 0, "dealer": 0})
    );
    assert_eq!(
        j["seats"][0]["hand"],
        json!({"tiles": ["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","W"],
               "drawn": "E", "furiten": false})
    );
    assert_eq!(j["seats"][3]["wind"], "N");
    assert_eq!(j["seats"][1]["hand"], Value::Null);
    assert_eq!(j["seats"][1]["hand_size"], 13);
    assert_eq!(
        (j["dora_indicators"].clone(), j["dora"].clone()),
        (json!(["F"]), json!(["C"]))
    );
    assert_eq!(j["turn"], 0);
    let c = &j["choices"];
    assert_eq!(c["riichi_discards"], json!(["S", "W"]));
    assert_eq!(c["riichi_refusal"], Value::Null);
    assert_eq!(
        c["actions"][0],
        json!({"type": "riichi", "pai": "S", "tsumogiri": false})
    );
    assert_eq!(j["result"], Value::Null);
}

#[test]
fn refusal_ok_riichi_costs_come_from_the_preset() {
    let hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E W S";
    let draw = r#"{"type":"tsumo","actor":0,"pai":"E"}"#;
    // 900 points: fewer than the stick the preset asks.
    let s = table(
        Rules::tenhou(),
        [hand, OTHERS[0], OTHERS[1], OTHERS[2]],
        [900, 33000, 33100, 33000],
        draw,
    );
    let v = SeatView::of(&s, SeatIndex::ALL[0]);
    let r = v.discard(pai("S"), None, true).unwrap_err();
    assert_eq!(
        r.to_string(),
        "riichi is not possible: 900 points, fewer than 1000"
    );
    // A preset asking for more tiles left than the wall holds.
    let mut rules = Rules::tenhou();
    rules.game.riichi_min_wall = 80;
    let s = table(
        rules,
        [hand, OTHERS[0], OTHERS[1], OTHERS[2]],
        [25000; 4],
        draw,
    );
    let v = SeatView::of(&s, SeatIndex::ALL[0]);
    assert_eq!(
        serde_json::to_value(v.choices().unwrap().riichi_refusal).unwrap(),
        json!({"refusal": "wall", "left": 69, "need": 80})
    );
    assert_eq!(
        v.discard(pai("S"), None, true).unwrap_err().to_string(),
        "riichi is not possible: 69 tiles left in the wall, fewer than 80"
    );
    // Not tenpai after any discard.
    let s = table(
        Rules::tenhou(),
        [
            "1m 5m 9m 4p 5p 6p 7s 8s 9s E E W S",
            OTHERS[0],
            OTHERS[1],
            OTHERS[2],
        ],
        [25000; 4],
        draw,
    );
    assert_eq!(
        SeatView::of(&s, SeatIndex::ALL[0]).discard(pai("S"), None, true),
        Err(Refusal::Riichi {
            why: tenpai::game::RiichiRefusal::NotTenpai
        })
    );
}

/// The deal of East 1 where seat 0, the dealer, holds 123m 456p 789s EE W
/// S, then the events of `lines`.
fn ready_dealer(lines: &str) -> State {
    table(
        Rules::tenhou(),
        [
            "1m 2m 3m 4p 5p 6p 7s 8s 9s E E W S",
            OTHERS[0],
            OTHERS[1],
            OTHERS[2],
        ],
        [25000; 4],
        lines,
    )
}

/// Seat 0 (123m 456p 789s EE W S, the dealer) draws E and declares riichi
/// discarding W; then the events of `lines`.
fn after_riichi(lines: &str) -> State {
    let riichi = r#"{"type":"tsumo","actor":0,"pai":"E"}
           {"type":"reach","actor":0}
           {"type":"dahai","actor":0,"pai":"W","tsumogiri":false}
           {"type":"reach_accepted","actor":0}"#;
    ready_dealer(&format!("{riichi}\n{lines}"))
}

/// Seat 0 declared riichi discarding W (from 123m 456p 789s EE W S and a
/// drawn E) and has drawn 7p.
pub(crate) fn in_riichi() -> State {
    after_riichi(
        r#"{"type":"tsumo","actor":1,"pai":"6p"}
           {"type":"dahai","actor":1,"pai":"6p","tsumogiri":true}
           {"type":"tsumo","actor":2,"pai":"6s"}
           {"type":"dahai","actor":2,"pai":"6s","tsumogiri":true}
           {"type":"tsumo","actor":3,"pai":"4m"}
           {"type":"dahai","actor":3,"pai":"4m","tsumogiri":true}
           {"type":"tsumo","actor":0,"pai":"7p"}"#,
    )
}

/// Seat 1 called chi on seat 0's 6m with 5m 7m and still holds a 6m.
pub(crate) fn after_chi_on_6m() -> State {
    table(
        Rules::tenhou(),
        [
            "1p 1p 2p 2p 3p 3p 7s 7s 8s 8s 9s 9s N",
            "5m 7m 6m 1s 9s 1p 9p E S W N P F",
            OTHERS[1],
            "9m 9m 9m 8m 8m 8m 7p 7p 7p 8p 8p 8p C",
        ],
        [25000; 4],
        r#"{"type":"tsumo","actor":0,"pai":"6m"}
           {"type":"dahai","actor":0,"pai":"6m","tsumogiri":true}
           {"type":"chi","actor":1,"target":0,"pai":"6m","consumed":["5m","7m"]}"#,
    )
}

#[test]
fn refusal_ok_riichi_discards_in_riichi_and_positions() {
    let s = ready_dealer(r#"{"type":"tsumo","actor":0,"pai":"E"}"#);
    let v = SeatView::of(&s, SeatIndex::ALL[0]);
    assert_eq!(
        v.discard(pai("1m"), None, true).unwrap_err().to_string(),
        "discarding 1m leaves no wait; riichi is possible with 2z 3z"
    );
    assert_eq!(
        v.discard(pai("W"), None, true),
        Ok(Action::Riichi {
            pai: pai("W"),
            tsumogiri: false
        })
    );
    // The drawn E, or an E of the hand; no drawn 1m.
    assert_eq!(
        v.discard(pai("E"), Some(true), false),
        Ok(Action::Discard {
            pai: pai("E"),
            tsumogiri: true
        })
    );
    assert_eq!(
        v.discard(pai("1m"), Some(true), false),
        Err(Refusal::NotHeld { pai: pai("1m") })
    );
    assert_eq!(
        v.discard(pai("7z"), None, false).unwrap_err().to_string(),
        "you have no 7z"
    );
    // In riichi: only the drawn tile.
    let s = in_riichi();
    let v = SeatView::of(&s, SeatIndex::ALL[0]);
    assert_eq!(v.me().unwrap().riichi.map(|r| r.accepted), Some(true));
    assert_eq!(
        v.discard(pai("1m"), None, false).unwrap_err().to_string(),
        "in riichi you can only discard the drawn tile (7p)"
    );
    assert_eq!(
        v.discard(pai("1m"), None, true),
        Err(Refusal::Riichi {
            why: tenpai::game::RiichiRefusal::AlreadyInRiichi
        })
    );
    assert_eq!(v.round().kyoutaku, 1);
}

#[test]
fn refusal_ok_swap_calling_after_a_chi() {
    // Seat 1 calls chi on 6m with 5m 7m: 6m may not go right after.
    let s = after_chi_on_6m();
    let v = SeatView::of(&s, SeatIndex::ALL[1]);
    let c = v.choices().expect("a discard is due");
    assert_eq!(c.swap_forbidden, tiles("6m"));
    assert_eq!(
        serde_json::to_value(c.riichi_refusal).unwrap(),
        json!({"refusal": "open"})
    );
    assert_eq!(
        v.discard(pai("6m"), None, false).unwrap_err().to_string(),
        "6m may not be discarded right after that call (swap-calling forbids 6m)"
    );
    assert_eq!(
        v.discard(pai("6m"), Some(true), false),
        Err(Refusal::NoDrawnTile)
    );
    assert_eq!(
        v.discard(pai("E"), None, false),
        Ok(Action::Discard {
            pai: pai("E"),
            tsumogiri: false
        })
    );
    let meld = &v.seats()[1].melds[0];
    assert_eq!(
        serde_json::to_value(meld).unwrap(),
        json!({"type": "chi", "tiles": ["5m", "6m", "7m"], "called": "6m", "from": 0})
    );
    assert!(v.seats()[0].river[0].called && v.seats()[0].river[0].tsumogiri);
}

/// A dealer's hand of man tiles that does not win with any draw but 4m.
const MAN: &str = "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 4m 4m E";

/// Seat 1 holds 567m 234s 678s and the pairs `pair` and 4p; seat 2 lets a
/// `pair` tile go (seat 1 may pon it). With `furiten`, seat 1 first let a
/// 4p of its own go.
fn shanpon(pair: &str, furiten: bool) -> State {
    let seat1 = format!("5m 6m 7m 2s 3s 4s 6s 7s 8s {pair} {pair} 4p 4p");
    let seat2 = format!("{pair} 9m 9m 9m 8m 8m 8m 7s 7s 7s 6p 6p 6p");
    let own = if furiten { "4p" } else { "1m" };
    table(
        Rules::tenhou(),
        [MAN, &seat1, &seat2, "1s 1s 2s 3s 5s 5s 5s 9s 9s 9s S S W"],
        [25000; 4],
        &format!(
            r#"{{"type":"tsumo","actor":0,"pai":"9p"}}
               {{"type":"dahai","actor":0,"pai":"9p","tsumogiri":true}}
               {{"type":"tsumo","actor":1,"pai":"{own}"}}
               {{"type":"dahai","actor":1,"pai":"{own}","tsumogiri":true}}
               {{"type":"tsumo","actor":2,"pai":"W"}}
               {{"type":"dahai","actor":2,"pai":"{pair}","tsumogiri":false}}"#
        ),
    )
}

#[test]
fn refusal_ok_wins_say_why_not() {
    // Ron on White would win by yakuhai, but seat 1 let a 4p go: furiten.
    let v = SeatView::of(&shanpon("P", true), SeatIndex::ALL[1]);
    assert!(v.hand().unwrap().furiten);
    assert_eq!(
        v.choices().unwrap().actions,
        [
            Action::Pon {
                consumed: [pai("P"), pai("P")]
            },
            Action::Pass
        ]
    );
    assert_eq!(v.ron().unwrap_err().to_string(), "you are furiten: no ron");
    assert_eq!(v.tsumo(), Err(Refusal::NothingToWinOn));
    assert_eq!(v.discard(pai("P"), None, false), Err(Refusal::NoDiscardDue));
    // Ron on North: complete, but no yaku.
    let v = SeatView::of(&shanpon("N", false), SeatIndex::ALL[1]);
    assert!(!v.hand().unwrap().furiten);
    assert_eq!(v.ron(), Err(Refusal::NoYaku));
    // Seat 3 has nothing to decide; the dealer's hand before its draw does
    // not win.
    assert_eq!(
        SeatView::of(&shanpon("N", false), SeatIndex::ALL[3]).ron(),
        Err(Refusal::NoDecision)
    );
    let s = table(
        Rules::tenhou(),
        [MAN, OTHERS[0], OTHERS[1], OTHERS[2]],
        [25000; 4],
        r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
    );
    assert_eq!(
        SeatView::of(&s, SeatIndex::ALL[0]).tsumo(),
        Err(Refusal::NotComplete)
    );
}

#[test]
fn result_ok_a_riichi_ron_with_yaku_points_and_the_hand_shown() {
    let s = after_riichi(
        r#"{"type":"tsumo","actor":1,"pai":"S"}
           {"type":"dahai","actor":1,"pai":"S","tsumogiri":true}
           {"type":"hora","actor":0,"target":1,"pai":"S","ura_markers":["9p"]}"#,
    );
    // A double riichi (the dealer's first discard) ronned at once.
    let v = SeatView::of(&s, SeatIndex::ALL[2]);
    assert_eq!(v.stage(), Stage::RoundOver);
    let j = serde_json::to_value(v.result().expect("the round is over")).unwrap();
    let yaku: Vec<(String, u64)> = j["wins"][0]["score"]["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| {
            (
                y["yaku"].as_str().unwrap().to_string(),
                y["han"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        yaku,
        [
            ("ippatsu", 1),
            ("seat_wind", 1),
            ("round_wind", 1),
            ("double_riichi", 2)
        ]
        .map(|(y, h)| (y.to_string(), h))
    );
    let score = &j["wins"][0]["score"];
    assert_eq!(
        (
            score["han"].clone(),
            score["fu"].clone(),
            score["limit"].clone(),
            score["points"].clone()
        ),
        (json!(5), json!(40), json!("mangan"), json!(12000))
    );
    assert_eq!(score["payment"], json!({"ron": {"discarder": 12000}}));
    assert_eq!(j["kind"], "wins");
    assert_eq!(
        (
            j["wins"][0]["pai"].clone(),
            j["wins"][0]["ura_indicators"].clone()
        ),
        (json!("S"), json!(["9p"]))
    );
    assert_eq!(j["deltas"], json!([13000, -12000, 0, 0]));
    assert_eq!(j["riichi_deposits"], json!([-1000, 0, 0, 0]));
    assert_eq!(j["scores"], json!([37000, 13000, 25000, 25000]));
    assert_eq!(
        j["shown"],
        json!([{"seat": 0, "why": "win", "melds": [], "win_tile": "S",
                "tiles": ["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","E","S"]}])
    );
    // The other hands stay hidden after the round too.
    assert!(v.seats()[0].hand.is_none() && v.seats()[1].hand.is_none());
}

#[test]
fn result_ok_draws_named_and_ready_hands_shown_in_seeded_games() {
    let (mut exhaustive, mut abortive, mut tsumo) = (0, 0, 0);
    for seed in 0..6 {
        let rules = Rules::tenhou();
        let g = eager_game(&rules, seed);
        let mut s = State::new(rules);
        for e in &g.events {
            s.apply(e).unwrap();
            if !matches!(e, Event::EndKyoku) {
                continue;
            }
            let v = SeatView::spectator(&s);
            let r = v.result().expect("a round's end");
            let shown: Vec<SeatIndex> = r.shown.iter().map(|h| h.seat).collect();
            match &r.kind {
                ResultKind::Draw {
                    reason: DrawReason::Exhaustive,
                    tenpai,
                    abortive: false,
                    ..
                } => {
                    exhaustive += 1;
                    let ready: Vec<SeatIndex> = SeatIndex::ALL
                        .into_iter()
                        .filter(|s| tenpai[s.index()])
                        .collect();
                    assert_eq!(shown, ready);
                    assert_eq!(r.deltas, tenpai::game::tenpai_payments(tenpai));
                }
                ResultKind::Draw {
                    reason,
                    abortive: true,
                    tenpai,
                    ..
                } => {
                    abortive += 1;
                    assert_ne!(*reason, DrawReason::Exhaustive);
                    assert!(shown.is_empty() && *tenpai == [false; 4]);
                }
                ResultKind::Wins { wins } => {
                    let winners: Vec<SeatIndex> = wins.iter().map(|w| w.seat).collect();
                    assert_eq!(shown, winners);
                    for (w, h) in wins.iter().zip(&r.shown) {
                        assert_eq!(h.win_tile, w.pai);
                        let held = h.tiles.len() + 3 * h.melds.len();
                        assert_eq!(held, 13, "the winning tile apart");
                        tsumo += usize::from(w.tsumo);
                    }
                }
                _ => unreachable!("a draw is abortive or not"),
            }
            assert_eq!(
                r.scores.iter().sum::<i32>() + 1000 * v.round().kyoutaku as i32,
                100_000
            );
        }
    }
    assert!(
        exhaustive > 0 && abortive > 0 && tsumo > 0,
        "{exhaustive} {abortive} {tsumo}"
    );
}

//! Rollouts on hand-built worlds with exact results: chiihou on the first
//! draw, a deal-in with head bump, an exhaustive draw with a riichi stick,
//! tenpai payments.

use super::pais;
use tenpai::ai::mc::{rollout, End, World};
use tenpai::game::{Action, Event, Observation, Pai, SeatIndex, State};
use tenpai::rules::Rules;

/// A state after `start_kyoku` with these hands (dealer seat 0, East 1, dora
/// indicator `dora`), and seat 0's first draw.
fn dealt(hands: [&str; 4], dora: &str, draw: &str, honba: u8, kyoutaku: u8) -> State {
    let mut s = State::new(Rules::tenhou());
    s.apply(&Event::start_game(vec![], None, Default::default()))
        .unwrap();
    s.apply(&Event::StartKyoku {
        round_wind: "E".parse().unwrap(),
        kyoku: 1,
        honba,
        kyoutaku: u32::from(kyoutaku),
        dealer: 0,
        dora_marker: dora.parse().unwrap(),
        scores: [25000 - 250 * kyoutaku as i32; 4],
        tehais: hands.map(pais),
    })
    .unwrap();
    s.apply(&Event::Tsumo {
        actor: 0,
        pai: draw.parse().unwrap(),
    })
    .unwrap();
    s
}

/// The world of seat 0 with every hand as dealt and the given walls.
fn world(s: &State, live: &str, dead: &str) -> (World, Observation) {
    let obs = Observation::of(s, SeatIndex::ALL[0]);
    let mut w = World::from_observation(&obs);
    for seat in SeatIndex::ALL.into_iter().skip(1) {
        w.set_hand(seat, &s.seat(seat).tiles());
    }
    w.set_walls(&pais(live), &pais(dead));
    (w, obs)
}

const SEAT1_READY: &str = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S";
const NOTHING_2: &str = "1p 4p 7p 2s 5s 8s 3m 6m 9m W W N P";
const NOTHING_3: &str = "2p 5p 8p 1s 4s 7s 4m 7m 1s F F C C";

#[test]
fn rollout_ok_tsumo_on_the_first_draw_is_chiihou_as_in_the_engine() {
    // Seat 0 throws 9p; seat 1 draws S on its first draw, no call made:
    // chiihou (yakuman), 16,000 from the dealer and 8,000 from each other
    // seat — the rollouts read the first go-around as the engine does.
    let s = dealt(
        [
            "1m 1m 9m 9m 1p 9p 1s 9s 3z 3z 4z 4z 9p",
            SEAT1_READY,
            NOTHING_2,
            NOTHING_3,
        ],
        "9s",
        "5z",
        0,
        0,
    );
    let (w, _) = world(&s, "S 6s 6s 6s", "2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p");
    let a = Action::Discard {
        pai: "9p".parse().unwrap(),
        tsumogiri: false,
    };
    let o = rollout(w, &a, &Rules::tenhou());
    let [s0, s1, _, _] = SeatIndex::ALL;
    assert_eq!(
        o.end,
        End::Win {
            winner: s1,
            from: s1
        }
    );
    assert_eq!(o.deltas, [-16000, 32000, -8000, -8000]);
    assert!(o.won(s1) && !o.dealt_in(s0) && o.tenpai[1]);
    // The engine, given the same draws, settles the win with these deltas
    // (a Hora's deltas are checked against its own).
    let mut s = s;
    let pai = |t: &str| t.parse::<Pai>().unwrap();
    for e in [
        Event::Dahai {
            actor: 0,
            pai: pai("9p"),
            tsumogiri: false,
        },
        Event::Tsumo {
            actor: 1,
            pai: pai("S"),
        },
        Event::Hora {
            actor: 1,
            target: 1,
            pai: Some(pai("S")),
            ura_markers: None,
            deltas: Some(o.deltas),
            scores: None,
        },
    ] {
        s.apply(&e).unwrap();
    }
}

#[test]
fn rollout_ok_deal_in_and_head_bump() {
    // Seat 0 throws E. Seat 1 (South) waits on E or S and seat 3 on E (haku
    // tanki); seat 1 is first from the discarder and takes it: round-wind
    // East, 20 + 10 closed ron + 4 (an East triplet made by ron is open) +
    // 2 (South pair, its seat wind) = 36 -> 40 fu, 1 han: 1,300, + 300 for
    // the honba, + the stick on the table.
    let s = dealt(
        [
            "1m 1m 9m 9m 1p 9p 1s 9s 3z 3z 4z 6z E",
            SEAT1_READY,
            NOTHING_2,
            "1p 2p 3p 7s 8s 9s 7m 8m 9m 5z 5z 5z E",
        ],
        "9s",
        "7z",
        1,
        1,
    );
    let (w, _) = world(&s, "6s 6s 6s 6s", "2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p");
    let a = Action::Discard {
        pai: "E".parse().unwrap(),
        tsumogiri: false,
    };
    let o = rollout(w, &a, &Rules::tenhou());
    let [s0, s1, _, s3] = SeatIndex::ALL;
    assert_eq!(
        o.end,
        End::Win {
            winner: s1,
            from: s0
        }
    );
    assert!(o.dealt_in(s0) && o.won(s1) && !o.won(s3));
    assert_eq!(o.deltas, [-1600, 2600, 0, 0]);
}

#[test]
fn rollout_ok_exhaustive_draw_with_riichi_stick() {
    // Seat 0 declares riichi throwing 9p (waits 1m/4m); seats 1-3 draw the
    // last three 9p and fold with them; seat 0 draws 1z and throws it: the
    // wall is empty. Seat 0 alone is ready: +3,000 - 1,000 stick.
    let s = dealt(
        [
            "2m 3m 4p 5p 6p 7s 8s 9s 6m 7m 8m 5z 5z",
            NOTHING_2,
            NOTHING_3,
            "1m 4m 7m 2p 5p 8p 3s 6s 9s E E S S",
        ],
        "9s",
        "9p",
        0,
        0,
    );
    let (w, _) = world(&s, "9p 9p 9p 1z", "2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p");
    let a = Action::Riichi {
        pai: "9p".parse().unwrap(),
        tsumogiri: true,
    };
    let o = rollout(w, &a, &Rules::tenhou());
    assert_eq!(o.end, End::Exhaustive);
    assert_eq!(o.tenpai, [true, false, false, false]);
    assert_eq!(o.deltas, [2000, -1000, -1000, -1000]);
}

#[test]
fn rollout_ok_tenpai_payments_split() {
    // The last tile was drawn: seat 0 throws it; seats 0 and 1 are ready.
    let s = dealt(
        [
            "2m 3m 4p 5p 6p 7s 8s 9s 6m 7m 8m 5z 5z",
            SEAT1_READY,
            NOTHING_2,
            NOTHING_3,
        ],
        "9s",
        "9p",
        0,
        0,
    );
    let (w, _) = world(&s, "", "2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p");
    let a = Action::Discard {
        pai: "9p".parse().unwrap(),
        tsumogiri: true,
    };
    let o = rollout(w, &a, &Rules::tenhou());
    assert_eq!(o.end, End::Exhaustive);
    assert_eq!(o.deltas, [1500, 1500, -1500, -1500]);
}

//! A seat's state built from one observation (`State::from_observation`, what
//! `tenpai suggest` builds from its flags) offers exactly what the engine
//! offers: the closed and added kans, nine terminals, riichi by the preset's
//! points and wall, and at every decision of seeded games the same legal
//! actions as the referee; and what does not fit is refused, named (a hand
//! in riichi that is not ready, a five beyond the set's, a hand's size).

use crate::common;

use common::eager::eager_game;
use tenpai::game::SeatIndex;
use tenpai::game::{
    legal_actions, live_wall_left, Action, Event, GameError, Observation, Pai, Phase, Position,
    PositionError, RiverTile, State, TableMeld,
};
use tenpai::rules::Rules;
use tenpai::MeldKind;

fn tiles(s: &str) -> Vec<Pai> {
    s.split(' ').map(|t| t.parse().expect("a tile")).collect()
}

/// Seat 0's own turn in East 1 holding `hand` (the drawn tile `drawn`
/// included), with one dora indicator and these rivers, the wall as the
/// tiles shown leave it.
fn turn(hand: &str, drawn: &str, rivers: [&str; 4]) -> Observation {
    let mut obs = Observation::of(&State::new(Rules::tenhou()), SeatIndex::ALL[0]);
    obs.hand = tiles(hand);
    obs.hand.sort();
    obs.drawn = Some(drawn.parse().expect("a tile"));
    obs.hand_sizes = [obs.hand.len() as u8, 13, 13, 13];
    obs.dora_indicators = tiles("9s");
    obs.rivers = rivers.map(|r| {
        if r.is_empty() {
            Vec::new()
        } else {
            tiles(r)
                .into_iter()
                .map(|pai| RiverTile {
                    pai,
                    tsumogiri: false,
                    riichi: false,
                    called: false,
                })
                .collect()
        }
    });
    obs.live_left = live_wall_left(&obs).expect("room in the wall");
    obs
}

fn legal(rules: Rules, obs: &Observation) -> Vec<Action> {
    let s = State::from_observation(rules, obs).expect("a position");
    assert_eq!(&Observation::of(&s, obs.seat), obs);
    legal_actions(&s, obs.seat)
}

#[test]
fn position_ok_offers_the_closed_kan() {
    // The case `tenpai suggest --hand 1111m234p567p789s1z --drawn 1z` missed.
    let obs = turn(
        "1m 1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s E",
        "E",
        ["", "", "", ""],
    );
    assert_eq!(obs.live_left, 69);
    let a = legal(Rules::tenhou(), &obs);
    assert!(
        a.contains(&Action::Ankan {
            tile: "1m".parse().unwrap()
        }),
        "{a:?}"
    );
}

#[test]
fn position_ok_offers_the_added_kan() {
    // A pon of 1m called from seat 3's river; the fourth 1m just drawn.
    let mut obs = turn("1m 5p 6p 7p 2s 3s 4s 6s 7s 8s W", "1m", ["", "", "", "1m"]);
    obs.melds[0] = vec![TableMeld {
        kind: MeldKind::Pon,
        tiles: tiles("1m 1m 1m"),
        called: Some("1m".parse().unwrap()),
        from: Some(3),
        added: false,
    }];
    obs.rivers[3][0].called = true;
    obs.live_left = live_wall_left(&obs).unwrap();
    let a = legal(Rules::tenhou(), &obs);
    assert!(
        a.contains(&Action::Kakan {
            pai: "1m".parse().unwrap()
        }),
        "{a:?}"
    );
    // An open hand: no riichi.
    assert!(!a.iter().any(|a| matches!(a, Action::Riichi { .. })));
}

#[test]
fn position_ok_offers_nine_terminals_on_the_first_draw() {
    let obs = turn(
        "1m 9m 1p 9p 1s 9s E S W N 2m 3m 4m 5m",
        "5m",
        ["", "", "", ""],
    );
    assert!(legal(Rules::tenhou(), &obs).contains(&Action::NineTerminals));
    // Not after a discard of one's own.
    let later = turn(
        "1m 9m 1p 9p 1s 9s E S W N 2m 3m 4m 5m",
        "5m",
        ["6m", "7m", "8m", "7p"],
    );
    assert!(!legal(Rules::tenhou(), &later).contains(&Action::NineTerminals));
}

/// A ready closed hand: riichi is offered by the preset's minimum points
/// and tiles left in the wall, read from the rules.
#[test]
fn position_ok_riichi_follows_the_presets_points_and_wall() {
    let ready = turn(
        "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 3z 3z 4z",
        "4z",
        ["", "", "", ""],
    );
    let riichi = |rules: Rules, obs: &Observation| {
        legal(rules, obs)
            .iter()
            .any(|a| matches!(a, Action::Riichi { .. }))
    };
    assert!(riichi(Rules::tenhou(), &ready));
    let mut poor = ready.clone();
    poor.scores = [900, 33100, 33000, 33000];
    assert!(!riichi(Rules::tenhou(), &poor));
    let mut generous = Rules::tenhou();
    generous.game.riichi_min_points = 500;
    assert!(riichi(generous, &poor));
    // Four tiles left: riichi; three: none (Tenhou); a preset may allow it.
    let mut late = ready.clone();
    late.live_left = 4;
    assert!(riichi(Rules::tenhou(), &late));
    late.live_left = 3;
    assert!(!riichi(Rules::tenhou(), &late));
    let mut loose = Rules::tenhou();
    loose.game.riichi_min_wall = 1;
    assert!(riichi(loose, &late));
}

#[test]
fn position_err_names_what_does_not_fit() {
    let five = turn(
        "1m 1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s E",
        "E",
        ["1m", "", "", ""],
    );
    let mut drawn_elsewhere = turn(
        "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 3z 3z 4z",
        "4z",
        ["", "", "", ""],
    );
    drawn_elsewhere.drawn = Some("5z".parse().unwrap());
    let mut crowded = turn(
        "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 3z 3z 4z",
        "4z",
        ["", "", "", ""],
    );
    crowded.live_left = 70;
    let mut waiting = turn(
        "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 3z 3z 4z",
        "4z",
        ["", "", "", ""],
    );
    waiting.hand.pop();
    waiting.drawn = None;
    let cases = [
        (five, "illegal position by seat 0: a fifth 1m"),
        (drawn_elsewhere, "illegal position by seat 0: the drawn tile P is not in the hand"),
        (crowded, "illegal position: 15 tiles in sight leave 121 of 136 unseen, fewer than the live wall (70), the hidden dead wall (13) and the hidden hands (39)"),
        (waiting, "illegal position by seat 0: 13 tiles in hand and no tile to answer: no decision of seat 0"),
    ];
    for (obs, message) in cases {
        let e: GameError = State::from_observation(Rules::tenhou(), &obs).unwrap_err();
        assert_eq!(e.to_string(), message);
    }
}

/// `obs` with seat 0 in riichi, declared with its first discard.
fn in_riichi(mut obs: Observation) -> Observation {
    obs.riichi[0] = true;
    obs.rivers[0][0].riichi = true;
    obs
}

#[test]
fn position_err_riichi_with_a_hand_that_is_not_ready() {
    // 134m: 1-shanten before the draw of 4z; a seat in riichi was ready.
    let not_ready = in_riichi(turn(
        "1m 3m 4m 4p 5p 6p 7s 8s 9s E E S S N",
        "N",
        ["E", "", "", ""],
    ));
    assert_eq!(
        State::from_observation(Rules::tenhou(), &not_ready).unwrap_err(),
        GameError::RiichiNotReady {
            seat: 0,
            hand: "134m456p789s1122z".into(),
            drawn: Some("4z".into()),
            shanten: 1,
        }
    );
    assert_eq!(
        State::from_observation(Rules::tenhou(), &not_ready)
            .unwrap_err()
            .to_string(),
        "seat 0's hand 134m456p789s1122z (without the drawn 4z) is 1-shanten; a seat in riichi is ready"
    );
    // Ready on E and S before drawing W: only the tsumogiri.
    let ready = in_riichi(turn(
        "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S W",
        "W",
        ["N", "", "", ""],
    ));
    assert_eq!(
        legal(Rules::tenhou(), &ready),
        [Action::Discard {
            pai: "W".parse().unwrap(),
            tsumogiri: true
        }]
    );
}

#[test]
fn position_err_a_five_beyond_the_sets_red_or_plain_copies() {
    // The preset has one red five a suit: a second is not "a fifth".
    let two_red = turn(
        "1m 2m 3m 4p 5pr 6p 7s 8s 9s E E S S W",
        "W",
        ["5pr", "", "", ""],
    );
    let four_plain = turn(
        "5p 5p 5p 5p 1m 2m 3m 7s 8s 9s E E S S",
        "S",
        ["", "", "", ""],
    );
    // Three plain fives beside the red: the second red is still a red too
    // many (it read "a fifth 5mr", in mjai's spelling).
    let second_red_beside_three_plain = turn(
        "5pr 5p 5p 5p 1m 2m 3m 7s 8s 9s E E S S",
        "S",
        ["5pr", "", "", ""],
    );
    for (obs, message) in [
        (
            second_red_beside_three_plain,
            "illegal position by seat 0: more red 5p than the rules' 1",
        ),
        (
            two_red,
            "illegal position by seat 0: more red 5p than the rules' 1",
        ),
        (
            four_plain,
            "illegal position by seat 0: more plain 5p than the rules' 3 (1 red)",
        ),
    ] {
        let e = State::from_observation(Rules::tenhou(), &obs).unwrap_err();
        assert_eq!(e.to_string(), message);
    }
}

#[test]
fn position_err_a_hand_of_3n_plus_2_tiles_but_not_14_with_its_melds() {
    // 11 tiles and no meld: refused by the builder, naming the count it
    // needs (the engine's "invariant broken: seat 0 holds 11 tiles" before).
    let s0 = SeatIndex::ALL[0];
    let build = |hand: &str, drawn: &str| {
        Position::new(s0, "E1".parse().unwrap())
            .hand(&hand.parse().unwrap(), Some(drawn.parse().unwrap()))
            .build(&Rules::tenhou())
            .unwrap_err()
    };
    let e = build("123m456p789s11z", "1z");
    assert_eq!(
        e,
        PositionError::HandSize {
            tiles: 11,
            melds: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "the seat's turn needs 14 concealed tiles with no meld, got 11"
    );
    let e = build("123m456p7z [789s]", "7z");
    assert_eq!(e, PositionError::HandSize { tiles: 7, melds: 1 });
    assert_eq!(
        e.to_string(),
        "the seat's turn needs 11 concealed tiles beside 1 meld (14 less 3 a meld), got 7"
    );
}

#[test]
fn position_ok_unlisted_discards_are_unseen_tiles_of_no_known_place() {
    // Forty tiles left and no river given: the tiles drawn and discarded
    // since are unseen, and riichi still reads the wall given.
    let mut obs = turn(
        "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 3z 3z 4z",
        "4z",
        ["", "", "", ""],
    );
    obs.live_left = 40;
    let s = State::from_observation(Rules::tenhou(), &obs).unwrap();
    assert_eq!(s.live_left(), 40);
    assert_eq!(s.unseen().iter().map(|&c| c as u32).sum::<u32>(), 136 - 15);
    assert!(s.check_invariants().is_ok());
}

/// At every decision of seeded games that an observation shows whole (not a
/// replacement draw, no passed winning tile, not a riichi declaration), the
/// position built from the seat's observation offers the referee's legal
/// actions, shows the same observation and counts the same unseen tiles as
/// the seat's own view.
#[test]
fn position_ok_offers_the_referees_actions_at_every_decision_of_seeded_games() {
    let mut compared = 0;
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        for seed in 0..4 {
            let g = eager_game(&rules, seed);
            let mut referee = State::new(rules.clone());
            let mut views: [State; 4] = SeatIndex::ALL.map(|s| State::for_seat(rules.clone(), s));
            for e in &g.events {
                referee.apply(e).unwrap();
                for (s, v) in SeatIndex::ALL.into_iter().zip(views.iter_mut()) {
                    v.apply(&e.seen_by(s)).unwrap();
                }
                for seat in SeatIndex::ALL {
                    let legal = legal_actions(&referee, seat);
                    if legal.is_empty() || !shown_whole(&referee, seat, e) {
                        continue;
                    }
                    let obs = Observation::of(&referee, seat);
                    let s = State::from_observation(rules.clone(), &obs)
                        .unwrap_or_else(|err| panic!("seed {seed} {}: {err}", e.to_json()));
                    assert_eq!(
                        legal_actions(&s, seat),
                        legal,
                        "seed {seed} {}",
                        e.to_json()
                    );
                    assert_eq!(Observation::of(&s, seat), obs);
                    assert_eq!(s.unseen(), views[seat.index()].unseen());
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 7596);
}

/// Whether `seat`'s decision after `last` is one an observation shows whole.
fn shown_whole(referee: &State, seat: SeatIndex, last: &Event) -> bool {
    let me = referee.seat(seat);
    match referee.phase() {
        Phase::Turn { rinshan, .. } => !rinshan && !matches!(last, Event::Reach { .. }),
        Phase::Discarded { .. } | Phase::Kan { .. } => !me.furiten_temp() && !me.furiten_riichi(),
        _ => false,
    }
}

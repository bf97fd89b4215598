//! A seat's view (`State::for_seat`) follows a game from what that seat is
//! shown — others' tiles `?`, results with or without their deltas, rounds
//! whose end it is not shown — and gives the seat the same legal actions and
//! the same observation as the referee's state, with its invariants and its
//! unseen-tile accounting holding after every event.

use crate::common;
use tenpai::game::SeatIndex;

use common::eager::eager_game;
use tenpai::rules::Rules;
use tenpai::{
    game::{
        legal_actions, Event, Features, GameError, Observation, Pai, Phase, RoundOutcome, State,
        PLANES, SCALARS,
    },
    log,
};

/// What a follow compared: decisions (a seat with legal actions) and
/// observations; the event the referee refused, where it stopped.
#[derive(Debug, Default, PartialEq, Eq)]
struct Compared {
    decisions: usize,
    views: usize,
    refused: Option<String>,
}

/// The score changes the referee gave the result `e` just applied (as a host
/// writes them into `hora` and `ryukyoku`).
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

/// The event without the score changes and scores it carries.
fn without_deltas(e: &Event) -> Event {
    let mut e = e.clone();
    match &mut e {
        Event::Hora { deltas, scores, .. }
        | Event::Ryukyoku { deltas, scores, .. }
        | Event::ReachAccepted { deltas, scores, .. } => {
            (*deltas, *scores) = (None, None);
        }
        _ => {}
    }
    e
}

/// Follows `events` with the referee's state and the four seats' views
/// (each given the event as it sees it; results with the referee's deltas
/// when `deltas`, without any otherwise), comparing after every event each
/// seat's legal actions and (while its scores are known) its observation,
/// until the referee refuses an event.
fn follow(rules: &Rules, events: &[Event], deltas: bool, what: &str) -> Compared {
    let mut referee = State::new(rules.clone()).with_check(true);
    let mut views: [State; 4] =
        SeatIndex::ALL.map(|s| State::for_seat(rules.clone(), s).with_check(true));
    let mut c = Compared::default();
    for (i, e) in events.iter().enumerate() {
        let e = without_deltas(e);
        if let Err(err) = referee.apply(&e) {
            c.refused = Some(format!("{what} event {i}: {err}"));
            return c;
        }
        let shown = if deltas { with_deltas(&e, &referee) } else { e };
        for (s, view) in SeatIndex::ALL.into_iter().zip(views.iter_mut()) {
            let seen = shown.seen_by(s);
            view.apply(&seen).unwrap_or_else(|err| {
                panic!("{what} event {i} {}: seat {s}: {err}", seen.to_json())
            });
            let legal = legal_actions(&referee, s);
            assert_eq!(legal_actions(view, s), legal, "{what} event {i}: seat {s}");
            c.decisions += usize::from(!legal.is_empty());
            assert!(view.scores_known() || !deltas, "{what} event {i}: seat {s}");
            if view.scores_known() {
                assert_eq!(
                    Observation::of(view, s),
                    Observation::of(&referee, s),
                    "{what} event {i}: seat {s}"
                );
                c.views += 1;
            }
            // Features read straight from the view (plane 18 from its unseen
            // counts) are those of its observation, for every seat.
            for o in SeatIndex::ALL {
                let (mut tiles, mut scalars) = ([7u8; PLANES * 34], [7i32; SCALARS]);
                Features::write_seen_by(view, o, &mut tiles, &mut scalars);
                let f = Features::of(&Observation::of(view, o));
                assert_eq!(
                    (tiles, scalars),
                    (f.tiles, f.scalars),
                    "{what} event {i}: seat {s}'s view, features of seat {o}"
                );
            }
            // The others' hands in a round: only their sizes.
            let dealt = !matches!(view.phase(), Phase::BeforeGame | Phase::BetweenRounds);
            for o in SeatIndex::ALL.into_iter().filter(|&o| o != s && dealt) {
                assert!(view.seat(o).is_hidden() && view.seat(o).tiles().is_empty());
                assert_eq!(view.seat(o).len(), referee.seat(o).len());
                assert!(legal_actions(view, o).is_empty());
            }
        }
    }
    c
}

#[test]
fn seat_views_agree_with_the_referee_on_every_shared_log() {
    let (mut decisions, mut views, mut refused) = (0, 0, Vec::new());
    for f in common::tenhou6_logs() {
        let game = log::load(&f).expect("a shared log");
        let rules = game
            .rules_for(&tenpai::log::RulesAsked::default())
            .expect("rules")
            .rules;
        let events: Vec<Event> = game.events().collect();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        for deltas in [true, false] {
            let c = follow(&rules, &events, deltas, &name);
            decisions += c.decisions;
            views += c.views;
            refused.extend(c.refused);
        }
    }
    // The one known-bad log (tests/data/README.md) stops where the referee's
    // replay does, with and without deltas.
    let bad = "confusing_nakis_2.json event 36: illegal hora by seat 1: furiten";
    assert_eq!(refused, vec![bad, bad]);
    // The tenhou.net/6 games hold no end_game since they record no final
    // scores (`sc`): the rules end them (see tests/log_unfinished.rs).
    assert_eq!((decisions, views), (23826, 154483));
}

#[test]
fn seat_views_agree_with_the_referee_in_seeded_games_of_both_presets() {
    let (mut decisions, mut views) = (0, 0);
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        for seed in 0..6 {
            let g = eager_game(&rules, seed);
            for deltas in [true, false] {
                let c = follow(&rules, &g.events, deltas, &format!("seed {seed}"));
                assert_eq!(c.refused, None);
                decisions += c.decisions;
                views += c.views;
            }
        }
    }
    assert_eq!((decisions, views), (22688, 148994));
}

/// The rounds of a recorded game as the mjai.app arena shows them to
/// `seat`: each round's events up to the seat's last decision in it, then
/// `end_kyoku` (the win or draw that ended it is not shown).
fn arena_stream(rules: &Rules, events: &[Event], seat: SeatIndex) -> Vec<Event> {
    let mut referee = State::new(rules.clone());
    let mut out = Vec::new();
    let mut round: Vec<Event> = Vec::new();
    let mut shown = 0;
    for e in events {
        referee.apply(e).expect("a recorded game");
        match e {
            Event::StartGame { .. } | Event::EndGame { .. } => out.push(e.seen_by(seat)),
            Event::EndKyoku => {
                out.extend(round.drain(..shown));
                out.push(Event::EndKyoku);
                round.clear();
                shown = 0;
            }
            _ => {
                round.push(e.seen_by(seat));
                if !legal_actions(&referee, seat).is_empty() {
                    shown = round.len();
                }
            }
        }
    }
    out
}

#[test]
fn seat_view_follows_the_arena_stream_that_hides_each_rounds_end() {
    let rules = Rules::tenhou();
    let g = eager_game(&rules, 3);
    let mut seen = Vec::new();
    for seat in SeatIndex::ALL {
        let stream = arena_stream(&rules, &g.events, seat);
        let mut view = State::for_seat(rules.clone(), seat).with_check(true);
        let (mut rounds, mut unseen_ends) = (0, 0);
        for e in &stream {
            view.apply(e)
                .unwrap_or_else(|err| panic!("seat {seat} {}: {err}", e.to_json()));
            match e {
                // The round ended out of sight: the scores wait for the deal.
                Event::EndKyoku => unseen_ends += usize::from(!view.scores_known()),
                Event::StartKyoku { scores, .. } => {
                    assert!(view.scores_known());
                    assert_eq!(view.scores(), *scores);
                    rounds += 1;
                }
                _ => {}
            }
        }
        seen.push((rounds, unseen_ends));
        assert!(view.game_over());
    }
    // Every round ends out of sight; a seat is dealt the rounds it acts in.
    assert_eq!(seen, vec![(10, 11), (11, 11), (10, 11), (10, 11)]);
}

/// East 1 as seat 1 sees it, after the dealer's draw.
fn dealt_to_seat_1() -> State {
    let mut s = State::for_seat(Rules::tenhou(), SeatIndex::ALL[1]).with_check(true);
    for line in [
        r#"{"type":"start_game","names":["a","b","c","d"]}"#,
        r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1p","1p","1p","2p","3p","4p","5p","6p","7p","8p","9p","9p","9p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
        r#"{"type":"tsumo","actor":0,"pai":"?"}"#,
    ] {
        s.apply(&serde_json::from_str(line).unwrap())
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    s
}

fn event(line: &str) -> Event {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn seat_view_counts_what_it_cannot_see_as_unseen() {
    let s = dealt_to_seat_1();
    // 136 - 13 own - 1 indicator; the dealer's 14 and the others' 26 are unseen.
    assert_eq!(s.unseen().iter().map(|&c| c as u32).sum::<u32>(), 122);
    assert_eq!(
        (
            s.seat(SeatIndex::ALL[0]).len(),
            s.seat(SeatIndex::ALL[2]).len(),
            s.live_left()
        ),
        (14, 13, 69)
    );
    assert_eq!(s.unseen()[9], 1); // 1p: three in hand
    assert_eq!(s.unseen()[17], 1); // 9p: three in hand
}

/// The ron pays what the engine computes; the `hora`'s own `scores` (after
/// its payments) are checked as its `deltas` are: a mismatch is refused
/// naming the event and both scores, and leaves the state as it was.
#[test]
fn seat_view_ok_pure_nine_gates_rons_a_hidden_discard() {
    let mut s = dealt_to_seat_1();
    s.apply(&event(
        r#"{"type":"dahai","actor":0,"pai":"5p","tsumogiri":false}"#,
    ))
    .unwrap();
    assert_eq!(s.unseen()[13], 2);
    let legal = legal_actions(&s, SeatIndex::ALL[1]);
    assert_eq!(legal.first(), Some(&tenpai::game::Action::Ron));
    let hora = |scores: &str| {
        event(&format!(
            r#"{{"type":"hora","actor":1,"target":0,"pai":"5p","deltas":[-32000,32000,0,0],"scores":{scores}}}"#
        ))
    };
    assert_eq!(
        s.apply(&hora("[-7000,57000,25000,24000]"))
            .unwrap_err()
            .to_string(),
        "hora: the log says scores [-7000, 57000, 25000, 24000] after it, the engine computes \
         [-7000, 57000, 25000, 25000]"
    );
    assert_eq!((s.scores(), s.outcome().is_none()), ([25000; 4], true));
    s.apply(&hora("[-7000,57000,25000,25000]")).unwrap();
    assert_eq!(s.scores(), [-7000, 57000, 25000, 25000]);
}

#[test]
fn seat_view_err_own_draw_must_be_named() {
    let mut s = dealt_to_seat_1();
    s.apply(&event(
        r#"{"type":"dahai","actor":0,"pai":"E","tsumogiri":false}"#,
    ))
    .unwrap();
    assert_eq!(
        s.apply(&event(r#"{"type":"tsumo","actor":1,"pai":"?"}"#))
            .unwrap_err()
            .to_string(),
        "illegal tsumo by seat 1: this seat's own tile must be named, not ?"
    );
}

#[test]
fn seat_view_err_hidden_hand_shows_a_tile_it_cannot_hold() {
    let mut s = dealt_to_seat_1();
    // Seat 1 holds three 9p and the indicator is 1m: a second 9p would be
    // the fifth, a ? is no discard.
    s.apply(&event(
        r#"{"type":"dahai","actor":0,"pai":"9p","tsumogiri":false}"#,
    ))
    .unwrap();
    s.apply(&event(r#"{"type":"tsumo","actor":1,"pai":"E"}"#))
        .unwrap();
    s.apply(&event(
        r#"{"type":"dahai","actor":1,"pai":"E","tsumogiri":true}"#,
    ))
    .unwrap();
    s.apply(&event(r#"{"type":"tsumo","actor":2,"pai":"?"}"#))
        .unwrap();
    let before = s.clone();
    for (line, message) in [
        (
            r#"{"type":"dahai","actor":2,"pai":"9p","tsumogiri":false}"#,
            "seat 2 has no 9p for dahai",
        ),
        (
            r#"{"type":"dahai","actor":2,"pai":"?","tsumogiri":false}"#,
            "seat 2 has no ? for dahai",
        ),
        (
            r#"{"type":"hora","actor":2,"target":2,"deltas":[-2000,-2000,3000,0]}"#,
            "illegal hora by seat 2: deltas [-2000, -2000, 3000, 0]: the winner must gain, and the sticks (0) are all the points added",
        ),
    ] {
        assert_eq!(s.apply(&event(line)).unwrap_err().to_string(), message);
        assert_eq!(s.unseen(), before.unseen());
        assert_eq!(s.seat(SeatIndex::ALL[2]).len(), 14);
    }
}

#[test]
fn seat_view_hidden_pon_shows_two_unseen_tiles() {
    let mut s = dealt_to_seat_1();
    s.apply(&event(
        r#"{"type":"dahai","actor":0,"pai":"1s","tsumogiri":false}"#,
    ))
    .unwrap();
    // Seat 2 pons the dealer's 1s with two of the three unseen; a chi after
    // it finds no discard.
    let pon = event(r#"{"type":"pon","actor":2,"target":0,"pai":"1s","consumed":["1s","1s"]}"#);
    s.apply(&pon).unwrap();
    assert_eq!((s.seat(SeatIndex::ALL[2]).len(), s.unseen()[18]), (11, 1));
    let chi = event(r#"{"type":"chi","actor":2,"target":0,"pai":"1s","consumed":["2s","3s"]}"#);
    assert!(matches!(
        s.clone().apply(&chi),
        Err(GameError::Illegal { event: "chi", .. })
    ));
}

#[test]
fn seat_view_hidden_win_without_deltas_leaves_scores_unsettled_until_the_deal() {
    let mut s = dealt_to_seat_1();
    s.apply(&event(r#"{"type":"hora","actor":0,"target":0}"#))
        .unwrap();
    assert!(!s.scores_known());
    let Some(RoundOutcome::Wins(w)) = s.outcome() else {
        panic!("a win")
    };
    assert_eq!((w[0].seat, w[0].score.is_none()), (0, true));
    s.apply(&Event::EndKyoku).unwrap();
    s.apply(&event(r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"2m","kyoku":1,"honba":1,"kyotaku":0,"oya":0,"scores":[73000,9000,9000,9000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1p","1p","1p","2p","3p","4p","5p","6p","7p","8p","9p","9p","9p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#))
        .unwrap();
    assert!(s.scores_known());
    assert_eq!(s.scores(), [73000, 9000, 9000, 9000]);
    // Points on the table are still the game's: 100,000.
    let bad = event(
        r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"2m","kyoku":1,"honba":1,"kyotaku":0,"oya":0,"scores":[73000,9000,9000,8000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1p","1p","1p","2p","3p","4p","5p","6p","7p","8p","9p","9p","9p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
    );
    assert_eq!(
        s.apply(&bad).unwrap_err().to_string(),
        "illegal start_kyoku scores [73000, 9000, 9000, 8000]: with 0 riichi sticks they make 99000 \
         points on the table, not the game's 100000"
    );
}

#[test]
fn seat_view_err_a_first_start_kyoku_with_millions_of_riichi_sticks_is_refused() {
    // No earlier round to compare with: the count itself is bounded, so that
    // no payment (1,000 points a stick) can overflow.
    let mut s = State::for_seat(Rules::tenhou(), SeatIndex::ALL[1]).with_check(true);
    s.apply(&event(r#"{"type":"start_game","names":["a","b","c","d"]}"#))
        .unwrap();
    let huge = event(
        r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"2m","kyoku":1,"honba":0,"kyotaku":3000000,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1p","1p","1p","2p","3p","4p","5p","6p","7p","8p","9p","9p","9p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
    );
    assert_eq!(
        s.apply(&huge).unwrap_err().to_string(),
        "illegal start_kyoku: kyotaku 3000000: at most 1000 riichi sticks"
    );
}

#[test]
fn seat_view_hidden_tiles_given_in_full_are_not_looked_at() {
    // A host that sends everything: the view still hides the others.
    let rules = Rules::tenhou();
    let mut view = State::for_seat(rules.clone(), SeatIndex::ALL[2]).with_check(true);
    let mut referee = State::new(rules.clone());
    let g = eager_game(&rules, 1);
    for e in g.events.iter().take(40) {
        view.apply(e).unwrap();
        referee.apply(e).unwrap();
        assert_eq!(
            Observation::of(&view, SeatIndex::ALL[2]),
            Observation::of(&referee, SeatIndex::ALL[2])
        );
    }
    assert!(view.seat(SeatIndex::ALL[0]).is_hidden() && !view.seat(SeatIndex::ALL[2]).is_hidden());
    let hidden: Vec<Pai> = view.seat(SeatIndex::ALL[0]).tiles();
    assert!(hidden.is_empty() && !referee.seat(SeatIndex::ALL[0]).tiles().is_empty());
}

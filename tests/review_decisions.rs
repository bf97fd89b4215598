//! The decisions a review finds in a log are the log's decision points, one
//! for one, and the played action is always among the searched candidates.

use crate::common;
use tenpai::game::SeatIndex;

use std::sync::{Arc, Mutex};
use tenpai::ai::mc::{same_play, Budget};
use tenpai::ai::BaselinePlayer;
use tenpai::review::{find_decisions, review, Found, ReviewOptions};
use tenpai::rules::{GameLength, Rules};
use tenpai::{
    game::{legal_actions, play_game, Action, Event, Observation, Player, RandomPlayer, State},
    log,
};

/// One time the table asked a seat with more than one legal action: the
/// seat, its view, its legal actions and its answer.
type Question = (SeatIndex, Observation, Vec<Action>, Action);

/// Every question the table asked.
type Asked = Arc<Mutex<Vec<Question>>>;

/// A player that records the questions it is asked.
struct Recorder<P> {
    inner: P,
    asked: Asked,
}

impl<P: Player> Player for Recorder<P> {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let a = self.inner.act(obs, legal);
        if legal.len() > 1 {
            let mut asked = self.asked.lock().unwrap();
            asked.push((obs.seat, obs.clone(), legal.to_vec(), a.clone()));
        }
        a
    }
}

/// A seeded east-only game between two random players (seats 0 and 2, who
/// call often) and two baselines, with every question recorded.
fn recorded_game(seed: u64) -> (log::ImportedGame, Rules, Vec<Question>) {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let asked: Asked = Arc::default();
    let rec = |p| Recorder {
        inner: p,
        asked: asked.clone(),
    };
    let (mut r0, mut r2) = (
        rec(RandomPlayer::new(seed)),
        rec(RandomPlayer::new(seed + 1)),
    );
    let mut b1 = Recorder {
        inner: BaselinePlayer::new(&rules),
        asked: asked.clone(),
    };
    let mut b3 = Recorder {
        inner: BaselinePlayer::new(&rules),
        asked: asked.clone(),
    };
    let mut players: [&mut dyn Player; 4] = [&mut r0, &mut b1, &mut r2, &mut b3];
    let record = play_game(&rules, seed, &mut players, true).expect("a legal game");
    let game = log::parse(&record.to_mjai()).expect("the table's log reads");
    let asked = asked.lock().unwrap().clone();
    (game, rules, asked)
}

#[test]
fn review_finds_exactly_the_questions_the_table_asked() {
    let (mut shown, mut overruled) = (0, 0);
    for seed in [3, 11, 12] {
        let (game, rules, asked) = recorded_game(seed);
        for seat in SeatIndex::ALL {
            let found = find_decisions(&game, &rules, seat);
            assert!(found.refused.is_empty(), "{:?}", found.refused);
            let mine: Vec<_> = asked.iter().filter(|a| a.0 == seat).collect();
            assert_eq!(
                found.points.len() + found.overruled.len(),
                mine.len(),
                "seed {seed} seat {seat}"
            );
            // Merge the two lists in the order of the game.
            let (mut p, mut o) = (
                found.points.iter().peekable(),
                found.overruled.iter().peekable(),
            );
            for (i, (_, obs, legal, chose)) in mine.iter().enumerate() {
                let take_point = match (p.peek(), o.peek()) {
                    (Some(a), Some(b)) => a.event < b.event,
                    (Some(_), None) => true,
                    _ => false,
                };
                let at = format!("seed {seed} seat {seat} question {i}");
                if take_point {
                    let d = p.next().unwrap();
                    assert_eq!(&d.obs, obs, "{at}");
                    assert_eq!(&d.legal, legal, "{at}");
                    assert_eq!(&d.played, chose, "{at}");
                    shown += 1;
                } else {
                    let d = o.next().unwrap();
                    assert_eq!(&d.legal, legal, "{at}");
                    assert_eq!(d.turn as usize, obs.rivers[seat.index()].len() + 1, "{at}");
                    // Overruled: a call or win on another seat's discard.
                    assert!(obs.last_tile.is_some(), "{at}");
                    overruled += 1;
                }
            }
        }
    }
    // Over the three games: 879 choices the log shows, 4 it cannot show.
    assert_eq!((shown, overruled), (879, 4));
}

/// The action a seat's event records (a riichi declaration with the discard
/// after it), or `None` for events that are no choice.
fn recorded(events: &[Event], i: usize) -> Option<(u8, Action)> {
    Some(match &events[i] {
        Event::Reach { actor } => match events.get(i + 1)? {
            Event::Dahai { pai, tsumogiri, .. } => (
                *actor,
                Action::Riichi {
                    pai: *pai,
                    tsumogiri: *tsumogiri,
                },
            ),
            _ => return None,
        },
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
        } if !matches!(
            i.checked_sub(1).map(|j| &events[j]),
            Some(Event::Reach { .. })
        ) =>
        {
            (
                *actor,
                Action::Discard {
                    pai: *pai,
                    tsumogiri: *tsumogiri,
                },
            )
        }
        Event::Chi {
            actor, consumed, ..
        } => (
            *actor,
            Action::Chi {
                consumed: [consumed[0], consumed[1]],
            },
        ),
        Event::Pon {
            actor, consumed, ..
        } => (
            *actor,
            Action::Pon {
                consumed: [consumed[0], consumed[1]],
            },
        ),
        Event::Daiminkan { actor, .. } => (*actor, Action::Daiminkan),
        Event::Ankan { actor, consumed } => (
            *actor,
            Action::Ankan {
                tile: consumed[0].tile()?,
            },
        ),
        Event::Kakan { actor, pai, .. } => (*actor, Action::Kakan { pai: *pai }),
        Event::Hora { actor, target, .. } if actor == target => (*actor, Action::Tsumo),
        Event::Hora { actor, .. } => (*actor, Action::Ron),
        Event::Ryukyoku {
            reason: Some(tenpai::game::DrawReason::NineTerminals),
            ..
        } => match events[..i].last()? {
            Event::Tsumo { actor, .. } => (*actor, Action::NineTerminals),
            _ => return None,
        },
        _ => return None,
    })
}

/// Whether two actions are the same choice (calls with their tiles in either
/// order).
fn same_choice(a: &Action, b: &Action) -> bool {
    let sorted = |c: &[tenpai::game::Pai; 2]| {
        let mut c = *c;
        c.sort();
        c
    };
    match (a, b) {
        (Action::Chi { consumed: x }, Action::Chi { consumed: y })
        | (Action::Pon { consumed: x }, Action::Pon { consumed: y }) => sorted(x) == sorted(y),
        _ => a == b,
    }
}

/// A fresh state after `start_game`.
fn fresh(rules: &Rules) -> State {
    let mut state = State::new(rules.clone());
    state
        .apply(&Event::start_game(vec![], None, Default::default()))
        .unwrap();
    state
}

/// Whether `seat` calls or wins in `events` before the next draw, discard or
/// round end.
fn acts(events: &[Event], seat: u8) -> bool {
    events
        .iter()
        .take_while(|e| {
            !matches!(
                e,
                Event::Tsumo { .. } | Event::Dahai { .. } | Event::EndKyoku
            )
        })
        .any(|e| {
            matches!(e, Event::Chi { actor, .. } | Event::Pon { actor, .. }
                | Event::Daiminkan { actor, .. } | Event::Hora { actor, .. } if *actor == seat)
        })
}

/// Checks one log and seat: the non-pass decisions are, in order, the
/// seat's recorded choices (on its own turn, those with more than one legal
/// action; every call and win); the passes and the overruled decisions are
/// the discards and kans of others it could call or win on and did not.
/// Returns the numbers of choices and passes.
fn check_seat(
    name: &str,
    game: &log::ImportedGame,
    rules: &Rules,
    seat: SeatIndex,
    found: &Found,
) -> (usize, usize) {
    let mut choices = Vec::new();
    let mut let_go = 0;
    let mut state = fresh(rules);
    'rounds: for round in &game.rounds {
        let events = &round.events;
        for (i, e) in events.iter().enumerate() {
            let choice = recorded(events, i).filter(|(actor, a)| {
                let response = matches!(
                    a,
                    Action::Ron | Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan
                );
                *actor == seat.get() && (response || legal_actions(&state, seat).len() > 1)
            });
            if state.apply(e).is_err() {
                // Known bad: the rest of the round is not replayed.
                state = fresh(rules);
                continue 'rounds;
            }
            choices.extend(choice.map(|(_, a)| a));
            let others = matches!(e, Event::Dahai { actor, .. } | Event::Kakan { actor, .. }
                | Event::Ankan { actor, .. } if *actor != seat.get());
            if others {
                // The indicators turned right after it are shown first.
                let mut at = state.clone();
                let mut k = i + 1;
                while let Some(d @ Event::Dora { .. }) = events.get(k) {
                    at.apply(d).unwrap();
                    k += 1;
                }
                if legal_actions(&at, seat).len() > 1 && !acts(&events[k..], seat.get()) {
                    let_go += 1;
                }
            }
        }
    }
    let passes = found
        .points
        .iter()
        .filter(|p| p.played == Action::Pass)
        .count();
    let played: Vec<&Action> = found
        .points
        .iter()
        .map(|p| &p.played)
        .filter(|a| **a != Action::Pass)
        .collect();
    assert_eq!(
        played.len(),
        choices.len(),
        "{name} seat {seat}: {played:?}\n{choices:?}"
    );
    for (k, (a, b)) in played.iter().zip(&choices).enumerate() {
        assert!(
            same_choice(a, b),
            "{name} seat {seat} choice {k}: found {a:?}, log {b:?}"
        );
    }
    assert_eq!(passes + found.overruled.len(), let_go, "{name} seat {seat}");
    (choices.len(), passes)
}

#[test]
fn review_finds_every_decision_of_every_seat_in_the_shared_logs() {
    let (mut choices, mut passes, mut overruled) = (0, 0, 0);
    let mut refused = Vec::new();
    for f in common::tenhou6_logs() {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let game = log::load(&f).unwrap();
        let rules = game
            .rules_for(&tenpai::log::RulesAsked::default())
            .expect("rules")
            .rules;
        for seat in SeatIndex::ALL {
            let found = find_decisions(&game, &rules, seat);
            for p in &found.points {
                assert!(
                    p.legal.len() > 1 && p.legal.contains(&p.played),
                    "{name}: {p:?}"
                );
            }
            let (c, s) = check_seat(&name, &game, &rules, seat, &found);
            choices += c;
            passes += s;
            overruled += found.overruled.len();
            refused.extend(
                found
                    .refused
                    .iter()
                    .map(|r| format!("{name} seat {seat}: {} {}", r.round_name, r.message)),
            );
        }
    }
    // The one log the engine refuses (see tests/game_replay.rs), once per seat.
    assert_eq!(refused.len(), 4, "{refused:#?}");
    assert!(refused
        .iter()
        .all(|r| r.starts_with("confusing_nakis_2.json")));
    // 9,304 choices on the seat's own turn or calls and wins, 1,867 passes,
    // 40 calls or wins another seat's took first.
    assert_eq!((choices, passes, overruled), (9304, 1867, 40));
}

#[test]
fn review_keeps_the_played_action_among_the_candidates_in_every_shared_log() {
    let options = ReviewOptions {
        budget: Budget::Samples(1),
        ..ReviewOptions::default()
    };
    let mut decisions = 0;
    for f in common::tenhou6_logs() {
        let game = log::load(&f).unwrap();
        let rules = game
            .rules_for(&tenpai::log::RulesAsked::default())
            .expect("rules")
            .rules;
        for seat in SeatIndex::ALL {
            let r = review(&game, &rules, seat, &options, &|_| {}).unwrap();
            for d in &r.decisions {
                assert!(
                    same_play(&d.played().action, &d.point.played),
                    "{}: {d:?}",
                    f.display()
                );
                let n = d
                    .candidates
                    .iter()
                    .filter(|c| same_play(&c.action, &d.point.played))
                    .count();
                assert_eq!(n, 1);
            }
            decisions += r.decisions.len();
        }
    }
    assert_eq!(decisions, 9304 + 1867);
}

/// A closed kan in riichi that keeps the wait: the kan's rollouts go on
/// with the hand tenpai (its waits are those of the hand left after the
/// kan), so the review does not call it a large mistake. Phoenix game
/// 2011020414, E4-0, seat 0 in riichi on 36p with 56799m45777p555z draws
/// the fourth 5z.
#[test]
fn review_riichi_closed_kan_keeps_the_hand_tenpai_in_the_rollouts() {
    use tenpai::ai::mc::{search_against, Settings, StepClock};
    let path = common::testdata("tenhou6").join("2011020414gm-00a9-0000-ef18f336.json");
    let game = log::load(&path).unwrap();
    let rules = game
        .rules_for(&tenpai::log::RulesAsked::default())
        .expect("rules")
        .rules;
    let found = find_decisions(&game, &rules, SeatIndex::ALL[0]);
    let p = found
        .points
        .iter()
        .find(|p| matches!(p.played, Action::Ankan { .. }))
        .expect("the seat's closed kan");
    assert_eq!((p.event, p.round_name.as_str()), (331, "E4-0"));
    assert!(p.obs.riichi[0]);
    let settings = Settings {
        budget: Budget::Samples(200),
        threads: 1,
        ..Default::default()
    };
    let clock = StepClock::new(std::time::Duration::from_millis(1));
    let r = search_against(&p.obs, &p.legal, &rules, settings, 7, &p.played, &clock);
    let kan = r
        .candidates
        .iter()
        .find(|c| same_play(&c.action, &p.played))
        .unwrap();
    assert_eq!(kan.tenpai, 1.0, "{kan:?}");
    assert!(kan.win > 0.3, "{kan:?}");
}

/// A review's final scores are the game's: leftover riichi sticks go to the
/// first, as the engine's `end_game` settles them when the game is played.
#[test]
fn review_final_scores_settle_leftover_sticks_as_the_game_does() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let mut with_sticks = Vec::new();
    for seed in 0..12 {
        let mut b: [BaselinePlayer; 4] = std::array::from_fn(|_| BaselinePlayer::new(&rules));
        let [b0, b1, b2, b3] = &mut b;
        let mut players: [&mut dyn Player; 4] = [b0, b1, b2, b3];
        let record = play_game(&rules, seed, &mut players, true).expect("a legal game");
        let game = log::parse(&record.to_mjai()).expect("the table's log reads");
        let found = find_decisions(&game, &rules, SeatIndex::ALL[0]);
        assert_eq!(found.scores, record.scores, "seed {seed}");
        assert_eq!(found.scores.iter().sum::<i32>(), 100_000, "seed {seed}");
        if record.scores != found_without_end(&game, &rules) {
            with_sticks.push(seed);
        }
    }
    // The games whose last round left sticks on the table (so this test
    // checks the settling, not only games that end with none).
    assert_eq!(with_sticks, vec![1, 3, 9, 10, 11]);
}

/// The scores after the last round, before `end_game` settles the sticks.
fn found_without_end(game: &log::ImportedGame, rules: &Rules) -> [i32; 4] {
    let mut state = fresh(rules);
    for e in game.rounds.iter().flat_map(|r| &r.events) {
        state.apply(e).expect("the table's events apply");
    }
    state.scores()
}

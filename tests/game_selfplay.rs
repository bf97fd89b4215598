//! Seeded games between random players: no panic, no lost tile, no lost point,
//! the same seed gives the same game, and the mjai record replays.

use crate::common;

use common::eager::eager_game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenpai::game::SeatIndex;
use tenpai::game::{
    play_game, Action, Event, GameRecord, Observation, Pai, Player, RandomPlayer, State,
};
use tenpai::rules::Rules;

fn game(rules: &Rules, seed: u64) -> GameRecord {
    let mut p: [RandomPlayer; 4] =
        std::array::from_fn(|i| RandomPlayer::new(seed.wrapping_mul(4).wrapping_add(i as u64)));
    let [a, b, c, d] = &mut p;
    let mut players: [&mut dyn Player; 4] = [a, b, c, d];
    play_game(rules, seed, &mut players, true).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

/// Replays a record through a fresh state, checking invariants and every
/// seat's observation after each event; returns (wins, draws).
fn replay(rules: &Rules, g: &GameRecord) -> (usize, usize) {
    let mut s = State::new(rules.clone()).with_check(true);
    let (mut wins, mut draws) = (0, 0);
    for e in &g.events {
        s.apply(e)
            .unwrap_or_else(|err| panic!("{}: {err}", e.to_json()));
        // Results carry their score changes (checked by `apply` against the
        // engine's) and the scores after them.
        let result = match e {
            Event::Hora { deltas, scores, .. } => {
                wins += 1;
                Some((deltas, scores))
            }
            Event::Ryukyoku { deltas, scores, .. } => {
                draws += 1;
                Some((deltas, scores))
            }
            Event::ReachAccepted { deltas, scores, .. } => Some((deltas, scores)),
            _ => None,
        };
        if let Some((deltas, scores)) = result {
            assert!(deltas.is_some(), "{}", e.to_json());
            assert_eq!(*scores, Some(s.scores()), "{}", e.to_json());
        }
        if matches!(
            e,
            Event::StartGame { .. } | Event::EndKyoku | Event::EndGame { .. }
        ) {
            continue;
        }
        let unseen: usize = s.unseen().iter().map(|&c| c as usize).sum();
        for seat in SeatIndex::ALL {
            let o = Observation::of(&s, seat);
            assert_eq!(o.hand, s.seat(seat).tiles());
            let others: usize = (0..4)
                .filter(|&i| i != seat.index())
                .map(|i| o.hand_sizes[i] as usize)
                .sum();
            // What the seat sees plus what it cannot see is the whole set.
            assert_eq!(
                o.visible_tiles().len() + others + unseen,
                136,
                "{}",
                e.to_json()
            );
        }
    }
    assert_eq!(s.scores(), g.scores);
    (wins, draws)
}

#[test]
fn random_games_keep_every_invariant() {
    let rules = Rules::tenhou();
    let (mut rounds, mut wins, mut draws, mut events) = (0, 0, 0, 0);
    for seed in 0..200 {
        let g = game(&rules, seed);
        assert_eq!(g.scores.iter().sum::<i32>(), 100_000, "seed {seed}");
        let (w, d) = replay(&rules, &g);
        rounds += g.rounds;
        wins += w;
        draws += d;
        events += g.events.len();
    }
    eprintln!("{rounds} rounds, {wins} wins, {draws} draws, {events} events");
    assert_eq!((rounds, wins, draws, events), (2391, 17, 2374, 373916));
}

#[test]
fn random_games_east_only_mahjongsoul() {
    let mut rules = Rules::mahjongsoul();
    rules.game.length = tenpai::rules::GameLength::East;
    let (mut rounds, mut wins) = (0, 0);
    for seed in 1000..1100 {
        let g = game(&rules, seed);
        rounds += g.rounds;
        wins += replay(&rules, &g).0;
    }
    eprintln!("{rounds} rounds, {wins} wins");
    assert_eq!((rounds, wins), (797, 6));
}

#[test]
fn eager_games_keep_every_invariant() {
    let rules = Rules::tenhou();
    let (mut rounds, mut wins, mut draws) = (0, 0, 0);
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..200 {
        let g = eager_game(&rules, seed);
        assert_eq!(g.scores.iter().sum::<i32>(), 100_000, "seed {seed}");
        let (w, d) = replay(&rules, &g);
        rounds += g.rounds;
        wins += w;
        draws += d;
        for e in &g.events {
            let k = serde_json::to_value(e).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string();
            *kinds.entry(k).or_insert(0u32) += 1;
            if let Event::Ryukyoku {
                reason: Some(r), ..
            } = e
            {
                *kinds.entry(format!("{r:?}")).or_insert(0u32) += 1;
            }
        }
    }
    eprintln!("{rounds} rounds, {wins} wins, {draws} draws, {kinds:?}");
    // Issue 22 changed six of these games: four hold an exhaustive draw with
    // a hand waiting on the copies of its own kan, now ready (seeds 51, 78,
    // 122, 182), two a west-round dealer who keeps the deal while another
    // seat has 30,000, now playing on (seeds 125, 149).
    assert_eq!((rounds, wins, draws), (2356, 1347, 1016));
    let k = |name: &str| kinds.get(name).copied().unwrap_or(0);
    assert_eq!(
        [
            k("NineTerminals"),
            k("ankan"),
            k("kakan"),
            k("daiminkan"),
            k("reach_accepted"),
            k("dora")
        ],
        [25, 235, 409, 131, 1166, 770]
    );
}

#[test]
fn same_seed_same_game_and_mjai_round_trip() {
    let rules = Rules::tenhou();
    let a = game(&rules, 7);
    let b = game(&rules, 7);
    assert_eq!(a, b);
    assert_ne!(a.events, game(&rules, 8).events);
    let text = a.to_mjai();
    let parsed: Vec<Event> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("an mjai line"))
        .collect();
    assert_eq!(parsed, a.events);
    assert!(matches!(parsed[0], Event::StartGame { seed: Some(7), .. }));
}

#[test]
#[ignore = "100,000 games: cargo test --release --test integration game_selfplay:: -- --ignored"]
fn hundred_thousand_random_games() {
    // Half random players, half eager ones; invariants checked after every event.
    let rules = Rules::tenhou();
    let mut wins = 0;
    for seed in 0..100_000u64 {
        let g = if seed % 2 == 0 {
            game(&rules, 1_000_000 + seed)
        } else {
            eager_game(&rules, 1_000_000 + seed)
        };
        assert_eq!(g.scores.iter().sum::<i32>(), 100_000, "seed {seed}");
        wins += g
            .events
            .iter()
            .filter(|e| matches!(e, Event::Hora { .. }))
            .count();
    }
    eprintln!("100000 games, {wins} wins");
}

/// Every action `legal_actions` offers is accepted by the state: at each point
/// of 40 recorded games where a player decides, each listed action of each
/// seat is applied to a copy of the state.
#[test]
fn every_listed_action_is_accepted() {
    use tenpai::game::{action_events, legal_actions, Phase, RiichiState};
    let rules = Rules::tenhou();
    let mut tried = 0usize;
    for seed in 0..40 {
        let g = eager_game(&rules, 500 + seed);
        let mut s = State::new(rules.clone());
        for e in &g.events {
            s.apply(e).unwrap();
            let deciding = s.pending_dora() == 0
                && matches!(
                    s.phase(),
                    Phase::Turn { .. }
                        | Phase::RiichiDiscard { .. }
                        | Phase::Discarded { .. }
                        | Phase::Kan { .. }
                )
                && !s.seats().iter().any(|x| {
                    matches!(x.riichi(), RiichiState::Declared { .. })
                        && !matches!(s.phase(), Phase::RiichiDiscard { .. })
                });
            if !deciding {
                continue;
            }
            // Ura-dora for riichi wins: any unseen tiles will do.
            let mut ura = Vec::new();
            let mut unseen = *s.unseen();
            for _ in 0..s.dora().len() {
                let i = (0..34)
                    .find(|&i| unseen[i] > 0 && !(i < 27 && i % 9 == 4))
                    .unwrap();
                unseen[i] -= 1;
                ura.push(Pai::from(tenpai::Tile::new(i as u8).unwrap()));
            }
            for seat in SeatIndex::ALL {
                for a in legal_actions(&s, seat) {
                    let mut c = s.clone();
                    for ev in action_events(&c.clone(), seat, &a, &ura).unwrap() {
                        c.apply(&ev).unwrap_or_else(|err| {
                            panic!("seed {seed}: {a:?} by {seat}: {}: {err}", ev.to_json())
                        });
                    }
                    tried += 1;
                }
            }
        }
    }
    assert_eq!(tried, 315852);
}

/// And the other way: an action the state accepts is listed. At each decision
/// point of 8 games, every discard, riichi, win, kan, nine terminals and every
/// chi or pon with tiles near the discard is tried on a copy of the state.
#[test]
fn every_accepted_action_is_listed() {
    use tenpai::game::{action_events, legal_actions, Phase, RiichiState};
    let rules = Rules::tenhou();
    let mut accepted = 0usize;
    for seed in 0..8 {
        let g = eager_game(&rules, 900 + seed);
        let mut s = State::new(rules.clone());
        for e in &g.events {
            s.apply(e).unwrap();
            let deciding = s.pending_dora() == 0
                && matches!(
                    s.phase(),
                    Phase::Turn { .. }
                        | Phase::RiichiDiscard { .. }
                        | Phase::Discarded { .. }
                        | Phase::Kan { .. }
                )
                && !s.seats().iter().any(|x| {
                    matches!(x.riichi(), RiichiState::Declared { .. })
                        && !matches!(s.phase(), Phase::RiichiDiscard { .. })
                });
            if !deciding {
                continue;
            }
            let last = match *s.phase() {
                Phase::Discarded { pai, .. } | Phase::Kan { pai, .. } => pai.tile(),
                _ => None,
            };
            for seat in SeatIndex::ALL {
                let legal = legal_actions(&s, seat);
                let hand = s.seat(seat).tiles();
                let mut cands = vec![
                    Action::Tsumo,
                    Action::Ron,
                    Action::NineTerminals,
                    Action::Daiminkan,
                ];
                for &p in &hand {
                    for t in [false, true] {
                        cands.push(Action::Discard {
                            pai: p,
                            tsumogiri: t,
                        });
                        cands.push(Action::Riichi {
                            pai: p,
                            tsumogiri: t,
                        });
                    }
                    cands.push(Action::Ankan {
                        tile: p.tile().unwrap(),
                    });
                    cands.push(Action::Kakan { pai: p });
                }
                if let Some(l) = last {
                    let near: Vec<Pai> = hand
                        .iter()
                        .copied()
                        .filter(|p| (p.index() as i32 - l.index() as i32).abs() <= 2)
                        .collect();
                    for (i, &a) in near.iter().enumerate() {
                        for &b in &near[i + 1..] {
                            cands.push(Action::Chi { consumed: [a, b] });
                            cands.push(Action::Pon { consumed: [a, b] });
                        }
                    }
                }
                for a in cands {
                    let Ok(evs) = action_events(&s, seat, &a, &[]) else {
                        continue;
                    };
                    let mut c = s.clone();
                    if evs.iter().all(|ev| c.apply(ev).is_ok()) {
                        accepted += 1;
                        assert!(
                            legal.contains(&a),
                            "seed {seed}: seat {seat} {a:?} accepted but not listed in {legal:?}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(accepted, 78321);
}

/// Garbage never panics: at every point of 6 recorded games, 20 random events
/// (any seat 0-4, any tile or `?`, any number of consumed tiles) are applied to
/// a copy of the state; each is accepted or refused, and a refused one leaves
/// the state as it was.
#[test]
fn random_events_never_panic() {
    use tenpai::game::DrawReason;
    let rules = Rules::tenhou();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let (mut refused, mut accepted) = (0usize, 0usize);
    for seed in 0..6 {
        let g = eager_game(&rules, 700 + seed);
        let mut s = State::new(rules.clone());
        for e in &g.events {
            s.apply(e).unwrap();
            for _ in 0..20 {
                let pai = |rng: &mut ChaCha8Rng| -> Pai {
                    let k = rng.gen_range(0..38u32);
                    if k == 37 {
                        Pai::HIDDEN
                    } else if k >= 34 {
                        Pai::new(tenpai::Tile::new(((k - 34) * 9 + 4) as u8).unwrap(), true)
                    } else {
                        Pai::from(tenpai::Tile::new(k as u8).unwrap())
                    }
                };
                let actor = rng.gen_range(0..5u32) as u8;
                let target = rng.gen_range(0..5u32) as u8;
                let p = pai(&mut rng);
                let n = rng.gen_range(0..5u32);
                let consumed: Vec<Pai> = (0..n).map(|_| pai(&mut rng)).collect();
                let ev = match rng.gen_range(0..13u32) {
                    0 => Event::Tsumo { actor, pai: p },
                    1 => Event::Dahai {
                        actor,
                        pai: p,
                        tsumogiri: rng.gen_range(0..2u32) == 0,
                    },
                    2 => Event::Chi {
                        actor,
                        target,
                        pai: p,
                        consumed,
                    },
                    3 => Event::Pon {
                        actor,
                        target,
                        pai: p,
                        consumed,
                    },
                    4 => Event::Daiminkan {
                        actor,
                        target,
                        pai: p,
                        consumed,
                    },
                    5 => Event::Kakan {
                        actor,
                        pai: p,
                        consumed,
                    },
                    6 => Event::Ankan { actor, consumed },
                    7 => Event::Dora { dora_marker: p },
                    8 => Event::Reach { actor },
                    9 => Event::ReachAccepted {
                        actor,
                        deltas: None,
                        scores: None,
                    },
                    10 => Event::Hora {
                        actor,
                        target,
                        pai: None,
                        ura_markers: Some(consumed),
                        deltas: None,
                        scores: None,
                    },
                    11 => Event::Ryukyoku {
                        reason: [
                            None,
                            Some(DrawReason::Exhaustive),
                            Some(DrawReason::NineTerminals),
                            Some(DrawReason::TripleRon),
                        ][rng.gen_range(0..4u32) as usize],
                        deltas: None,
                        scores: None,
                    },
                    _ => Event::EndKyoku,
                };
                let mut c = s.clone();
                match c.apply(&ev) {
                    Ok(()) => accepted += 1,
                    Err(_) => {
                        assert_eq!(format!("{c:?}"), format!("{s:?}"), "{}", ev.to_json());
                        refused += 1;
                    }
                }
            }
        }
    }
    // Game 705 plays on in the west round since issue 22 (W1-2: the dealer
    // keeps the deal while seat 3 has 30,700).
    assert_eq!((accepted, refused), (1848, 212512));
}

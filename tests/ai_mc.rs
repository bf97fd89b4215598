//! The Monte Carlo AI: determinization (tile conservation, seeds, riichi
//! constraints, odd observations), rollouts on hand-built worlds with exact
//! results, the search and the player (legal actions only, reproducible).

use std::time::Duration;
use tenpai::ai::mc::{
    rollout, same_play, search, search_with_clock, Budget, Determinizer, End, McPlayer, Settings,
    StepClock, Version, World,
};
use tenpai::ai::BaselinePlayer;
use tenpai::game::SeatIndex;
use tenpai::game::{play_game, Action, Event, Observation, Pai, Player, RandomPlayer, State};
use tenpai::rules::GameLength;
use tenpai::rules::Rules;

/// The determinizer's private tuning values these tests check
/// (`src/ai/mc/determinize.rs`: `GOOD_WAIT_TURNS`, `TWO_CALLS_READY[2]`);
/// change them together.
const GOOD_WAIT_TURNS: usize = 11;
const TWO_CALLS_READY_LATE: f64 = 0.65;

fn pais(text: &str) -> Vec<Pai> {
    text.split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect()
}

/// A player that records every view and legal action list, playing as the
/// baseline.
struct Recorder {
    inner: BaselinePlayer,
    seen: Vec<(Observation, Vec<Action>)>,
}

impl Player for Recorder {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        self.seen.push((obs.clone(), legal.to_vec()));
        self.inner.act(obs, legal)
    }
}

/// Decision points of a seeded game of four baselines (every seat's).
fn decision_points(seed: u64) -> Vec<(Observation, Vec<Action>)> {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let mut rec: Vec<Recorder> = (0..4)
        .map(|_| Recorder {
            inner: BaselinePlayer::v1(&rules),
            seen: Vec::new(),
        })
        .collect();
    {
        let [a, b, c, d] = &mut rec[..] else {
            unreachable!()
        };
        let mut players: [&mut dyn Player; 4] = [a, b, c, d];
        play_game(&rules, seed, &mut players, false).unwrap();
    }
    rec.into_iter().flat_map(|r| r.seen).collect()
}

/// Counts per kind and red fives of a tile list.
fn tally(tiles: &[Pai]) -> ([u8; 34], [u8; 3]) {
    let mut c = [0u8; 34];
    let mut r = [0u8; 3];
    for p in tiles {
        let t = p.tile().unwrap();
        c[t.index()] += 1;
        if p.is_red() {
            r[t.index() / 9] += 1;
        }
    }
    (c, r)
}

#[test]
fn determinize_conserves_every_tile() {
    let rules = Rules::tenhou();
    let mut checked = 0;
    for seed in [1, 2] {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate().step_by(7) {
            let d = Determinizer::new(obs, &rules);
            let w = d.sample(i as u64);
            let mut all = obs.visible_tiles();
            for s in SeatIndex::ALL {
                let h = w.hand(s);
                if s == obs.seat {
                    assert_eq!(h, obs.hand, "own hand kept");
                } else {
                    assert_eq!(h.len(), obs.hand_sizes[s.index()] as usize);
                    all.extend(h);
                }
            }
            assert_eq!(w.live_wall().len(), obs.live_left as usize);
            assert_eq!(w.dead_wall().len(), 14 - obs.dora_indicators.len());
            all.extend(w.live_wall());
            all.extend(w.dead_wall());
            let (c, r) = tally(&all);
            assert_eq!(c, [4; 34], "decision {i} of game {seed}");
            assert_eq!(r, [1, 1, 1]);
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn determinize_same_seed_same_world() {
    let rules = Rules::tenhou();
    let points = decision_points(3);
    let (obs, _) = &points[points.len() / 2];
    let d = Determinizer::new(obs, &rules);
    let a = d.sample(42);
    let b = d.sample(42);
    let c = d.sample(43);
    for s in SeatIndex::ALL {
        assert_eq!(a.hand(s), b.hand(s));
    }
    assert_eq!(a.live_wall(), b.live_wall());
    assert_eq!(a.dead_wall(), b.dead_wall());
    assert_ne!(
        (a.live_wall(), a.hand(obs.seat.next())),
        (c.live_wall(), c.hand(obs.seat.next()))
    );
}

#[test]
fn determinize_riichi_hands_are_ready_and_not_furiten() {
    let rules = Rules::tenhou();
    let (mut cases, mut ok) = (0, 0);
    for seed in 1..=6 {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate() {
            let Some(r) = (0..4).find(|&s| s != obs.seat.index() && obs.riichi[s]) else {
                continue;
            };
            if i % 3 != 0 {
                continue;
            }
            let d = Determinizer::new(obs, &rules);
            let river: Vec<usize> = obs.rivers[r]
                .iter()
                .map(|t| t.pai.tile().unwrap().index())
                .collect();
            for k in 0..4 {
                let w = d.sample(k);
                let (counts, _) = tally(&w.hand(SeatIndex::ALL[r]));
                cases += 1;
                if tenpai::shanten(&counts) == Ok(0) {
                    let waits = tenpai::ukeire(&counts, None).unwrap().tiles;
                    if waits.iter().all(|t| !river.contains(&t.index())) {
                        ok += 1;
                    }
                }
            }
        }
    }
    assert!(cases >= 40, "{cases}");
    assert!(ok * 100 >= cases * 97, "{ok} of {cases}");
}

#[test]
fn determinize_early_riichi_waits_on_four_tiles_or_more() {
    // The baseline declares riichi before its 12th discard only on a wait of
    // 4+ tiles it cannot see; the dealt hands must too (public tiles and the
    // hand itself counted as seen), unless they are seven pairs.
    let rules = Rules::tenhou();
    let (mut cases, mut ok) = (0, 0);
    for seed in 1..=8 {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate().step_by(3) {
            let Some(r) = (0..4).find(|&s| {
                s != obs.seat.index()
                    && obs.riichi[s]
                    && obs.rivers[s]
                        .iter()
                        .position(|t| t.riichi)
                        .is_some_and(|at| at < GOOD_WAIT_TURNS)
            }) else {
                continue;
            };
            let mut public = obs.visible_tiles();
            public.drain(..obs.hand.len());
            let (seen, _) = tally(&public);
            let d = Determinizer::new(obs, &rules);
            for k in 0..4 {
                let (counts, _) = tally(&d.sample(i as u64 * 10 + k).hand(SeatIndex::ALL[r]));
                let waits = tenpai::ukeire(&counts, None).unwrap();
                let live: u32 = waits
                    .tiles
                    .iter()
                    .map(|t| 4u32.saturating_sub((seen[t.index()] + counts[t.index()]) as u32))
                    .sum();
                // A seven-pairs wait (one tile, three copies at most) is
                // left as dealt: it cannot be improved one exchange at a time.
                let forms = tenpai::shanten_forms(&counts).unwrap();
                let pairs_only = forms.standard > 0 && forms.chiitoitsu == Some(0);
                cases += 1;
                ok += (waits.shanten == 0 && (live >= 4 || pairs_only)) as u32;
            }
        }
    }
    assert!(cases >= 40, "{cases}");
    // Growing gives up after MAX_STEPS exchanges in a few percent of deals
    // (the last hand is kept), as for any riichi hand.
    assert!(ok * 100 >= cases * 95, "{ok} of {cases}");
}

#[test]
fn determinize_two_call_opponents_are_ready_as_often_as_the_constant_says() {
    // Opponents with two calls after 12+ discards are dealt ready with
    // probability TWO_CALLS_READY[2] (0.65), else one step from ready.
    let rules = Rules::tenhou();
    let (mut cases, mut ready, mut one) = (0u32, 0u32, 0u32);
    for seed in 1..=30 {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate().step_by(5) {
            let Some(x) = (0..4).find(|&s| {
                s != obs.seat.index()
                    && obs.melds[s].iter().filter(|m| m.from.is_some()).count() == 2
                    && obs.rivers[s].len() >= 12
            }) else {
                continue;
            };
            let d = Determinizer::new(obs, &rules);
            for k in 0..10 {
                let (counts, _) = tally(&d.sample(i as u64 * 100 + k).hand(SeatIndex::ALL[x]));
                let sh = tenpai::shanten(&counts).unwrap();
                cases += 1;
                ready += (sh == 0) as u32;
                one += (sh == 1) as u32;
            }
        }
    }
    let p = TWO_CALLS_READY_LATE;
    let expected = p * cases as f64;
    let sd = (cases as f64 * p * (1.0 - p)).sqrt();
    assert!(cases >= 200, "{cases}");
    assert!(
        (ready as f64 - expected).abs() <= 4.0 * sd,
        "{ready} of {cases} ready"
    );
    assert_eq!(ready + one, cases, "the others are one step from ready");
}

#[test]
fn determinize_never_panics_on_odd_observations() {
    let rules = Rules::tenhou();
    let points = decision_points(4);
    let mut odd = Vec::new();
    for (obs, _) in points.iter().step_by(25) {
        let mut o = obs.clone();
        o.hand.extend(pais("1m 1m 1m 1m 1m 5mr 5mr ?"));
        odd.push(o);
        let mut o = obs.clone();
        o.hand_sizes = [200; 4];
        o.live_left = 250;
        odd.push(o);
        let mut o = obs.clone();
        o.hand.clear();
        o.hand_sizes = [0; 4];
        o.riichi = [true; 4];
        odd.push(o);
        let mut o = obs.clone();
        o.melds[o.seat.next().index()].push(tenpai::game::TableMeld {
            kind: tenpai::MeldKind::Pon,
            tiles: pais("? ? ?"),
            called: None,
            from: Some(o.seat.get()),
            added: false,
        });
        o.melds[o.seat.index()].push(tenpai::game::TableMeld {
            kind: tenpai::MeldKind::Chi,
            tiles: Vec::new(),
            called: None,
            from: None,
            added: false,
        });
        odd.push(o);
        let mut o = obs.clone();
        o.dora_indicators = pais("1m 1m 1m 1m 1m 1m 1m");
        odd.push(o);
    }
    for o in &odd {
        let d = Determinizer::new(o, &rules);
        for k in 0..3 {
            let w = d.sample(k);
            let _ = rollout(w, &Action::Pass, &rules);
        }
        let legal = [
            Action::Pass,
            Action::Tsumo,
            Action::Discard {
                pai: "1m".parse().unwrap(),
                tsumogiri: false,
            },
        ];
        let r = search(
            o,
            &legal,
            &rules,
            Settings {
                budget: Budget::Samples(30),
                threads: 1,
                ..Default::default()
            },
            1,
        );
        assert!(legal.contains(&r.chosen));
        // Naming the decision, as a decision log does, never panics either.
        assert!(!tenpai::ai::mc::action_label(&r.chosen).is_empty());
        tenpai::ai::mc::hand_text(o);
    }
}

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

#[test]
fn search_ok_deterministic_and_legal() {
    let rules = Rules::tenhou();
    let points = decision_points(5);
    let settings = Settings {
        budget: Budget::Samples(120),
        threads: 1,
        ..Default::default()
    };
    let mut searched = 0;
    for (obs, legal) in points.iter().step_by(11).take(30) {
        let a = search(obs, legal, &rules, settings, 9);
        let b = search(obs, legal, &rules, settings, 9);
        assert!(legal.contains(&a.chosen));
        assert_eq!(a.candidates, b.candidates);
        assert_eq!(a.chosen, b.chosen);
        if !a.trivial {
            searched += 1;
            assert_eq!(
                a.samples,
                a.candidates.iter().map(|c| c.samples).sum::<u32>()
            );
            assert!(a.samples <= 120 + a.candidates.len() as u32);
        }
    }
    assert!(searched > 5);
}

#[test]
fn search_starts_from_the_baseline_of_its_version() {
    // At every searched decision of a baseline game, the prior (the action
    // the search keeps unless another is clearly better) is the choice of
    // the baseline its settings name; the two baselines differ at some.
    let rules = Rules::tenhou();
    let points = decision_points(5);
    let (mut searched, mut differ) = (0, 0);
    for (obs, legal) in points.iter().step_by(3) {
        let search_of = |version| {
            let settings = Settings {
                budget: Budget::Samples(8),
                threads: 1,
                version,
            };
            search(obs, legal, &rules, settings, 9)
        };
        let (r1, r2) = (search_of(Version::V1), search_of(Version::V2));
        if r1.trivial {
            continue;
        }
        searched += 1;
        let b1 = BaselinePlayer::v1(&rules).act(obs, legal);
        let b2 = BaselinePlayer::v2(&rules).act(obs, legal);
        assert!(r1.prior.as_ref().is_some_and(|p| same_play(p, &b1)));
        assert!(r2.prior.as_ref().is_some_and(|p| same_play(p, &b2)));
        differ += usize::from(!same_play(&b1, &b2));
    }
    assert_eq!((searched, differ), (98, 18));
}

#[test]
fn search_ok_threads_give_the_same_result() {
    let rules = Rules::tenhou();
    let points = decision_points(6);
    for (obs, legal) in points.iter().step_by(17).take(8) {
        let one = search(
            obs,
            legal,
            &rules,
            Settings {
                budget: Budget::Samples(80),
                threads: 1,
                ..Default::default()
            },
            3,
        );
        let two = search(
            obs,
            legal,
            &rules,
            Settings {
                budget: Budget::Samples(80),
                threads: 2,
                ..Default::default()
            },
            3,
        );
        assert_eq!(one.candidates, two.candidates);
    }
}

/// A time budget on a clock that counts work: 20 ms at 20 µs a reading.
fn counted_budget() -> (Duration, Duration) {
    (Duration::from_millis(20), Duration::from_micros(20))
}

#[test]
fn search_ok_time_budget_is_kept() {
    // The search reads the clock before every rollout and stops at the
    // deadline: no rollout starts after it, so at most budget / step
    // rollouts are played, by one thread or two.
    let rules = Rules::tenhou();
    let points = decision_points(7);
    let (budget, step) = counted_budget();
    let most = (budget.as_micros() / step.as_micros()) as u32;
    for threads in [1, 2] {
        let settings = Settings {
            budget: Budget::Time(budget),
            threads,
            ..Default::default()
        };
        for (i, (obs, legal)) in points.iter().step_by(13).take(20).enumerate() {
            let clock = StepClock::new(step);
            let r = search_with_clock(obs, legal, &rules, settings, i as u64, &clock);
            assert!(legal.contains(&r.chosen));
            assert!(
                r.samples <= most,
                "{threads} threads: {} rollouts",
                r.samples
            );
        }
    }
}

#[test]
fn search_ok_time_budget_is_used_to_the_end_with_one_or_two_threads() {
    // The last halving round plays until the deadline: a search with two or
    // more candidates neither stops early (two threads once stopped at about
    // half the time: the schedule was fitted to a slow first batch) nor
    // overruns. On the counting clock nine in ten readings before the
    // deadline start a rollout (the others deal worlds and fit the schedule).
    let rules = Rules::tenhou();
    let points = decision_points(8);
    let (budget, step) = counted_budget();
    let most = (budget.as_micros() / step.as_micros()) as u32;
    for threads in [1, 2] {
        let settings = Settings {
            budget: Budget::Time(budget),
            threads,
            ..Default::default()
        };
        let mut searched = 0;
        for (i, (obs, legal)) in points.iter().step_by(11).take(12).enumerate() {
            let clock = StepClock::new(step);
            let r = search_with_clock(obs, legal, &rules, settings, i as u64, &clock);
            if r.trivial {
                continue;
            }
            searched += 1;
            assert!(r.elapsed >= budget, "{threads} threads: {:?}", r.elapsed);
            assert!(
                r.samples >= most * 9 / 10,
                "{threads} threads: {} rollouts of {most}",
                r.samples
            );
        }
        assert!(searched >= 4, "{searched} searched decisions");
    }
}

#[test]
fn mc_player_plays_legal_seeded_games() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    for seed in [11, 12] {
        let mut mc = McPlayer::new(&rules, Budget::Samples(24), seed);
        let mut b: [BaselinePlayer; 2] = std::array::from_fn(|_| BaselinePlayer::v1(&rules));
        let mut r = RandomPlayer::new(seed);
        let [b1, b2] = &mut b;
        let mut players: [&mut dyn Player; 4] = [&mut mc, b1, &mut r, b2];
        // `check` on: every invariant is verified after every event.
        let game = play_game(&rules, seed, &mut players, true).unwrap();
        assert_eq!(game.scores.iter().sum::<i32>(), 100_000);
    }
}

#[test]
fn mc_player_reproduces_a_game() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let play = || {
        let mut mc = McPlayer::new(&rules, Budget::Samples(30), 5);
        let mut b: [BaselinePlayer; 3] = std::array::from_fn(|_| BaselinePlayer::v1(&rules));
        let [b1, b2, b3] = &mut b;
        let mut players: [&mut dyn Player; 4] = [b1, &mut mc, b2, b3];
        play_game(&rules, 21, &mut players, false).unwrap()
    };
    assert_eq!(play().events, play().events);
}

#[test]
fn mc_player_legal_at_every_decision_of_recorded_games() {
    let rules = Rules::tenhou();
    let mut mc = McPlayer::new(&rules, Budget::Samples(8), 1);
    let mut n = 0;
    for seed in [8, 9] {
        for (obs, legal) in decision_points(seed) {
            let a = mc.act(&obs, &legal);
            assert!(legal.contains(&a), "{a:?} not in {legal:?}");
            n += 1;
        }
    }
    assert!(n > 300);
}

//! A batch of games (`tenpai::batch::VecGame`): each row plays exactly the
//! game a lone `Game` plays from the row's seed with the same actions, its
//! outputs are what that game shows, built-in seats play as the library's
//! players, rewards add up, and bad input changes nothing.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenpai::ai::BaselinePlayer;
use tenpai::arena::PlayerKind;
use tenpai::batch::{BatchError, Buffers, Reward, VecGame, MAX_GAMES, MAX_LEGAL, TILE_VALUES};
use tenpai::game::SeatIndex;
use tenpai::game::{Features, Game, Observation, Player, ACTION_SPACE, PLANES, SCALARS};
use tenpai::rules::{GameLength, Rules};

fn east() -> Rules {
    let mut r = Rules::tenhou();
    r.game.length = GameLength::East;
    r
}

fn caller_only() -> [Option<PlayerKind>; 4] {
    [None, None, None, None]
}

fn baseline_opponents() -> [Option<PlayerKind>; 4] {
    [
        None,
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
    ]
}

/// A uniformly random legal action of each row, from `rng`.
fn random_actions(out: &Buffers, rng: &mut ChaCha8Rng) -> Vec<i64> {
    (0..out.seat.len())
        .map(|i| {
            let legal: Vec<usize> = out.legal_of(i).collect();
            legal[rng.gen_range(0..legal.len())] as i64
        })
        .collect()
}

/// Row `i` of `out` shows what `game` waits for: seat, features, mask, list
/// and its length.
fn assert_row_shows(out: &Buffers, i: usize, game: &Game<'_>) {
    let seat = game.to_act().expect("a row waits for a seat");
    assert_eq!(out.seat[i], seat.get() as i8, "row {i}: seat");
    let f = Features::of(&Observation::of(game.state(), seat));
    assert_eq!(
        &out.tiles[i * TILE_VALUES..(i + 1) * TILE_VALUES],
        &f.tiles[..],
        "row {i}: tiles"
    );
    assert_eq!(
        &out.scalars[i * SCALARS..(i + 1) * SCALARS],
        &f.scalars[..],
        "row {i}: scalars"
    );
    let mut indices = Vec::new();
    game.legal_indices(&mut indices);
    indices.sort_unstable();
    indices.dedup();
    let mask: Vec<usize> = (0..ACTION_SPACE)
        .filter(|&a| out.mask[i * ACTION_SPACE + a])
        .collect();
    assert_eq!(mask, indices, "row {i}: mask");
    assert_eq!(
        out.legal_of(i).collect::<Vec<_>>(),
        indices,
        "row {i}: legal list"
    );
    assert_eq!(
        out.legal_count[i] as usize,
        indices.len(),
        "row {i}: legal count"
    );
    assert!(
        out.legal[i * MAX_LEGAL + indices.len()..(i + 1) * MAX_LEGAL]
            .iter()
            .all(|&a| a == -1)
    );
}

#[test]
fn every_row_is_the_lone_game_of_its_seed_step_by_step() {
    let rules = east();
    let n = 3;
    let mut games = VecGame::new(&rules, n, 40, caller_only(), Reward::Points).unwrap();
    let mut out = Buffers::new(n);
    games.observe(out.outputs()).unwrap();
    // The lone games, stepped with the same actions.
    let mut lone: Vec<Game<'static>> = (0..n)
        .map(|i| Game::new(&rules, 40 + i as u64, true).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut ended = 0;
    for _ in 0..4000 {
        for (i, g) in lone.iter().enumerate() {
            assert_row_shows(&out, i, g);
            assert_eq!(out.seed[i], games.seed(i).unwrap());
        }
        let actions = random_actions(&out, &mut rng);
        games.step(&actions, out.outputs()).unwrap();
        for (i, g) in lone.iter_mut().enumerate() {
            let a = g.action_of_index(actions[i] as usize).unwrap().clone();
            g.step(&a).unwrap();
            if out.done[i] {
                assert!(g.is_over());
                let finished = games.finished(i).unwrap();
                assert_eq!(
                    finished.events(),
                    g.events(),
                    "row {i}: the ended game's events"
                );
                assert_eq!(&out.final_scores[i * 4..i * 4 + 4], &g.state().scores());
                // The row's next game: seed + i + k·n.
                let next = g.events().first().map(|_| out.seed[i]).unwrap();
                assert_eq!((next - 40 - i as u64) % n as u64, 0);
                *g = Game::new(&rules, next, true).unwrap();
                ended += 1;
            } else {
                assert!(!g.is_over());
                assert_eq!(games.game(i).unwrap().events(), g.events());
            }
        }
    }
    assert!(ended >= 3, "{ended} games ended");
}

#[test]
fn points_rewards_add_up_to_each_games_final_score_change() {
    let rules = east();
    let n = 4;
    let mut games = VecGame::new(&rules, n, 7, caller_only(), Reward::Points).unwrap();
    let mut out = Buffers::new(n);
    games.observe(out.outputs()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut sums = vec![[0f64; 4]; n];
    let mut rounds = vec![0u32; n];
    let mut checked = 0;
    while checked < 8 {
        let actions = random_actions(&out, &mut rng);
        games.step(&actions, out.outputs()).unwrap();
        for i in 0..n {
            let r = &out.reward[i * 4..i * 4 + 4];
            if !out.round_over[i] {
                assert_eq!(r, &[0.0; 4], "row {i}: a reward without a round end");
            }
            rounds[i] += u32::from(out.round_over[i]);
            for s in 0..4 {
                sums[i][s] += f64::from(r[s]);
            }
            if out.done[i] {
                let finished = games.finished(i).unwrap();
                for s in 0..4 {
                    let change = f64::from(out.final_scores[i * 4 + s] - 25_000) / 1000.0;
                    assert!(
                        (sums[i][s] - change).abs() < 1e-3,
                        "row {i} seat {s}: {sums:?}"
                    );
                }
                assert_eq!(
                    rounds[i],
                    finished.rounds(),
                    "row {i}: one round end a round"
                );
                (sums[i], rounds[i]) = ([0.0; 4], 0);
                checked += 1;
            }
        }
    }
}

#[test]
fn rank_rewards_come_at_the_game_end_only() {
    let n = 2;
    let mut games = VecGame::new(&east(), n, 3, caller_only(), Reward::Rank).unwrap();
    let mut out = Buffers::new(n);
    games.observe(out.outputs()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut ends = 0;
    while ends < 4 {
        games
            .step(&random_actions(&out, &mut rng), out.outputs())
            .unwrap();
        for i in 0..n {
            let mut r = out.reward[i * 4..i * 4 + 4].to_vec();
            if out.done[i] {
                let scores: [i32; 4] = out.final_scores[i * 4..i * 4 + 4].try_into().unwrap();
                let first = tenpai::game::ranking(&scores)[0] as usize;
                assert_eq!(r[first], 1.0);
                r.sort_by(f32::total_cmp);
                assert_eq!(r, [-1.0, -1.0 / 3.0, 1.0 / 3.0, 1.0]);
                ends += 1;
            } else {
                assert_eq!(r, [0.0; 4]);
            }
        }
    }
}

/// Plays seat 0 from recorded actions and the others as the baseline.
struct Recorded {
    actions: Vec<usize>,
    next: usize,
}

#[test]
fn built_in_seats_play_as_the_librarys_players() {
    let rules = east();
    let n = 2;
    let mut games = VecGame::new(&rules, n, 11, baseline_opponents(), Reward::Points).unwrap();
    let mut out = Buffers::new(n);
    games.observe(out.outputs()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut taken: Vec<Recorded> = (0..n)
        .map(|_| Recorded {
            actions: Vec::new(),
            next: 0,
        })
        .collect();
    let mut compared = 0;
    while compared < 2 {
        assert!(
            out.seat.iter().all(|&s| s == 0),
            "only the caller's seat is asked"
        );
        let actions = random_actions(&out, &mut rng);
        let seeds: Vec<u64> = (0..n).map(|i| games.seed(i).unwrap()).collect();
        games.step(&actions, out.outputs()).unwrap();
        for i in 0..n {
            taken[i].actions.push(actions[i] as usize);
            if !out.done[i] {
                continue;
            }
            // The same game: seat 0 replays the row's actions, seats 1-3
            // are baseline players.
            let rec = std::mem::replace(
                &mut taken[i],
                Recorded {
                    actions: Vec::new(),
                    next: 0,
                },
            );
            let mut lone = Game::new(&rules, seeds[i], true).unwrap();
            let mut bots: Vec<BaselinePlayer> =
                (0..3).map(|_| BaselinePlayer::new(&rules)).collect();
            let mut rec = rec;
            while let Some(seat) = lone.to_act() {
                let a = if seat == SeatIndex::ALL[0] {
                    let a = lone.action_of_index(rec.actions[rec.next]).unwrap().clone();
                    rec.next += 1;
                    a
                } else {
                    let obs = Observation::of(lone.state(), seat);
                    bots[seat.index() - 1].act(&obs, lone.legal())
                };
                lone.step(&a).unwrap();
            }
            assert_eq!(rec.next, rec.actions.len(), "row {i}: every action used");
            assert_eq!(
                games.finished(i).unwrap().events(),
                lone.events(),
                "row {i}"
            );
            compared += 1;
        }
    }
}

#[test]
fn the_steps_on_all_cores_equal_the_steps_on_one() {
    let n = 300; // above the rows from which a step is spread over the cores
    let run = || {
        let mut games = VecGame::new(&east(), n, 5, caller_only(), Reward::Points).unwrap();
        let mut out = Buffers::new(n);
        games.observe(out.outputs()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..300 {
            games
                .step(&random_actions(&out, &mut rng), out.outputs())
                .unwrap();
        }
        out
    };
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    let one = pool(1).install(run);
    assert_eq!(pool(2).install(run), one, "two threads");
    assert_eq!(pool(4).install(run), one, "four threads");
}

#[test]
fn a_refused_action_names_the_game_and_moves_no_game() {
    let n = 3;
    let mut games = VecGame::new(&east(), n, 9, caller_only(), Reward::Points).unwrap();
    let mut out = Buffers::new(n);
    games.observe(out.outputs()).unwrap();
    let before = out.clone();
    let events: Vec<usize> = (0..n)
        .map(|i| games.game(i).unwrap().events().len())
        .collect();
    let good: Vec<i64> = (0..n)
        .map(|i| out.legal_of(i).next().unwrap() as i64)
        .collect();
    let not_legal = (0..ACTION_SPACE as i64)
        .find(|&a| !out.legal_of(1).any(|l| l as i64 == a))
        .unwrap();
    for (bad, needle) in [
        (-1, "outside the action space 0-228"),
        (ACTION_SPACE as i64, "outside the action space 0-228"),
        (i64::MAX, "outside the action space 0-228"),
        (not_legal, "is not a legal action of seat"),
    ] {
        let mut actions = good.clone();
        actions[1] = bad;
        let e = games.step(&actions, out.outputs()).unwrap_err();
        assert!(
            matches!(e, BatchError::Action { game: 1, action, .. } if action == bad),
            "{e}"
        );
        let text = e.to_string();
        assert!(
            text.starts_with(&format!("game 1: action {bad}: ")) && text.contains(needle),
            "{text}"
        );
        assert_eq!(out, before, "the outputs are untouched");
        for (i, &before) in events.iter().enumerate() {
            let now = games.game(i).unwrap().events().len();
            assert_eq!(now, before, "game {i} did not move");
        }
    }
    let e = games.step(&good[..2], out.outputs()).unwrap_err();
    assert_eq!(e.to_string(), "actions: expected one per game (3), got 2");
    let mut short = Buffers::new(2);
    let e = games.step(&good, short.outputs()).unwrap_err();
    assert_eq!(e.to_string(), "buffer seat: expected 3 values, got 2");
    // The good actions still play.
    games.step(&good, out.outputs()).unwrap();
}

#[test]
fn settings_that_cannot_be_played_are_refused() {
    let r = Rules::tenhou();
    let err = |n, seats| {
        VecGame::new(&r, n, 0, seats, Reward::Points)
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(err(0, caller_only()), "n: expected at least one game");
    let all = [
        Some(PlayerKind::Random),
        Some(PlayerKind::Random),
        Some(PlayerKind::Random),
        Some(PlayerKind::Random),
    ];
    assert!(err(1, all).starts_with("seats: every seat has a built-in player"));
    // A Monte Carlo seat on the clock: its choices would depend on the
    // machine's speed, so the row's games would not replay from their seeds.
    let timed = PlayerKind::Mc(tenpai::ai::mc::Settings {
        budget: tenpai::ai::mc::Budget::Time(std::time::Duration::from_millis(50)),
        ..Default::default()
    });
    assert_eq!(
        err(1, [None, Some(timed), None, None]),
        "seat 1: a Monte Carlo player on the clock (50 ms a decision) would make games \
         that do not replay from their seeds; give it a rollout count (samples)"
    );
    let counted = PlayerKind::Mc(tenpai::ai::mc::Settings {
        budget: tenpai::ai::mc::Budget::Samples(4),
        ..Default::default()
    });
    assert!(VecGame::new(&r, 1, 0, [None, Some(counted), None, None], Reward::Points).is_ok());
    let cmd = PlayerKind::Cmd {
        command: "bot".into(),
        timeout: std::time::Duration::from_secs(1),
    };
    assert!(err(1, [None, Some(cmd), None, None]).starts_with("seat 1: an external bot"));
    assert_eq!(
        err(usize::MAX, caller_only()),
        format!("n {}: expected at most 16384 games", usize::MAX)
    );
    assert_eq!(
        err(MAX_GAMES + 1, caller_only()),
        "n 16385: expected at most 16384 games"
    );
    let empty = PlayerKind::Mc(tenpai::ai::mc::Settings {
        budget: tenpai::ai::mc::Budget::Samples(0),
        ..Default::default()
    });
    assert_eq!(
        err(1, [None, None, Some(empty), None]),
        "seat 2: a Monte Carlo player needs at least 1 sample or 1 ms a decision"
    );
}

#[test]
fn reset_with_a_seed_deals_the_games_of_a_new_batch() {
    let n = 2;
    let mut games = VecGame::new(&east(), n, 21, caller_only(), Reward::Points).unwrap();
    let mut first = Buffers::new(n);
    games.observe(first.outputs()).unwrap();
    let mut out = Buffers::new(n);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    games.observe(out.outputs()).unwrap();
    for _ in 0..50 {
        games
            .step(&random_actions(&out, &mut rng), out.outputs())
            .unwrap();
    }
    games.reset(Some(21), out.outputs()).unwrap();
    assert_eq!(out, first);
    games.reset(None, out.outputs()).unwrap();
    assert_eq!(out.seed, [23, 24], "each row's next seed: + n");
    assert_eq!(out.tiles.len(), n * PLANES * 34);
}

#[test]
fn features_straight_from_the_state_equal_those_of_the_observation() {
    let rules = Rules::tenhou();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut checked = 0;
    for seed in 0..3 {
        let mut g = Game::new(&rules, seed, false).unwrap();
        while g.to_act().is_some() {
            for seat in SeatIndex::ALL {
                let (mut tiles, mut scalars) = ([7u8; PLANES * 34], [7i32; SCALARS]);
                Features::write_seen_by(g.state(), seat, &mut tiles, &mut scalars);
                let f = Features::of(&Observation::of(g.state(), seat));
                assert_eq!(
                    (tiles, scalars),
                    (f.tiles, f.scalars),
                    "seed {seed} seat {seat}"
                );
                checked += 1;
            }
            let i = rng.gen_range(0..g.legal().len());
            g.step_legal(i).unwrap();
        }
    }
    assert!(checked > 3 * 4 * 500, "{checked}");
}

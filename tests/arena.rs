//! Self-play statistics kept as they stream: the tally of a run equals the
//! statistics computed from its full records, exactly; tallies of parts of a
//! run merge into the run's, exactly, in any order and through JSON; an
//! observer's error stops the run.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use tenpai::ai::mc::{Budget, SearchReport, Settings};
use tenpai::arena::{
    play, play_one, ArenaError, BoxError, Config, Moments, Observer, Played, PlayerKind, Shard,
    Tally,
};
use tenpai::game::{Event, Observation};
use tenpai::rules::{GameLength, Rules};

const RANDOM: PlayerKind = PlayerKind::Random;
const BASELINE: PlayerKind = PlayerKind::Baseline;

fn east(games: u64, seed: u64, players: [PlayerKind; 4], duplicate: bool) -> Config {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    Config {
        rules,
        games,
        seed,
        players,
        duplicate,
    }
}

/// Keeps every finished game (what the library itself no longer does).
#[derive(Default)]
struct Keep(Mutex<Vec<Played>>);

impl Observer for Keep {
    fn game(&self, g: &Played) -> Result<(), BoxError> {
        self.0.lock().unwrap().push(g.clone());
        Ok(())
    }
}

/// The samples of one player, computed from whole records: per game its
/// rank and final points; per round whether it won, dealt in, declared
/// riichi, called.
#[derive(Default, Debug)]
struct Samples {
    rank: Vec<i64>,
    points: Vec<i64>,
    win: Vec<i64>,
    deal_in: Vec<i64>,
    riichi: Vec<i64>,
    call: Vec<i64>,
}

fn samples(games: &[Played], player: usize) -> Samples {
    let mut s = Samples::default();
    for g in games {
        let seat = g.players().iter().position(|&p| p == player).unwrap() as u8;
        let r = g.record();
        s.rank
            .push(r.ranking.iter().position(|&x| x == seat).unwrap() as i64 + 1);
        s.points.push(r.scores[seat as usize] as i64);
        // Rounds: the events from each start_kyoku to its end_kyoku.
        let starts = r
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::StartKyoku { .. }))
            .map(|(i, _)| i);
        for start in starts {
            let len = r.events[start..]
                .iter()
                .position(|e| matches!(e, Event::EndKyoku))
                .unwrap();
            let round = &r.events[start..start + len];
            let any = |f: &dyn Fn(&Event) -> bool| round.iter().any(f) as i64;
            s.win.push(any(
                &|e| matches!(e, Event::Hora { actor, .. } if *actor == seat),
            ));
            s.deal_in.push(any(
                &|e| matches!(e, Event::Hora { actor, target, .. } if *target == seat && *actor != seat),
            ));
            s.riichi.push(any(
                &|e| matches!(e, Event::Reach { actor } if *actor == seat),
            ));
            s.call.push(any(&|e| {
                matches!(e, Event::Chi { actor, .. } | Event::Pon { actor, .. }
                    | Event::Daiminkan { actor, .. } if *actor == seat)
            }));
        }
    }
    s
}

fn moments(xs: &[i64]) -> Moments {
    Moments {
        n: xs.len() as u64,
        sum: xs.iter().map(|&x| x as i128).sum(),
        sum_sq: xs.iter().map(|&x| (x as i128 * x as i128) as u128).sum(),
    }
}

/// Mean and 95 % half-width computed the textbook way (two passes).
fn two_pass(xs: &[i64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().map(|&x| x as f64).sum::<f64>() / n;
    let var = xs.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[test]
fn streamed_tally_equals_statistics_of_the_full_records() {
    let config = east(24, 300, [BASELINE, RANDOM, RANDOM, BASELINE], true);
    let keep = Keep::default();
    let tally = play(&config, 0..24, &keep).unwrap();
    let mut games = keep.0.into_inner().unwrap();
    games.sort_by_key(|g| g.game());
    assert_eq!(games.len(), 24);
    assert!(tally.is_complete());
    let stats = tally.stats();
    for (p, (t, st)) in tally.players().iter().zip(&stats).enumerate() {
        let s = samples(&games, p);
        let pairs = [
            (&t.rank, &s.rank),
            (&t.points, &s.points),
            (&t.win, &s.win),
            (&t.deal_in, &s.deal_in),
            (&t.riichi, &s.riichi),
            (&t.call, &s.call),
        ];
        for (i, (got, want)) in pairs.into_iter().enumerate() {
            assert_eq!(*got, moments(want), "player {p}, measure {i}");
        }
        let e = [
            (st.rank, &s.rank),
            (st.points, &s.points),
            (st.win_rate, &s.win),
            (st.deal_in_rate, &s.deal_in),
            (st.riichi_rate, &s.riichi),
            (st.call_rate, &s.call),
        ];
        for (i, (est, xs)) in e.into_iter().enumerate() {
            let (mean, ci95) = two_pass(xs);
            // The means are sums of integers over a count: exact.
            assert_eq!((est.n, est.mean), (xs.len() as u64, mean), "{p} {i}");
            assert!((est.ci95 - ci95).abs() <= 1e-12 * ci95.max(1.0), "{p} {i}");
        }
    }
    // The baselines win rounds, the random players hardly ever.
    assert!(stats[0].win_rate.mean > 0.2 && stats[1].win_rate.mean < 0.05);
    // Counting the kept records one by one, last first, gives the same tally.
    let mut again = Tally::new(config.clone());
    for g in games.iter().rev() {
        again.add(g).unwrap();
    }
    assert_eq!(again, tally);
    assert_eq!(again.add(&games[3]), Err(ArenaError::CountedTwice(3)));
}

#[test]
fn shards_merge_into_the_whole_run_exactly_in_any_order() {
    let config = east(40, 77, [BASELINE, RANDOM, RANDOM, RANDOM], false);
    let whole = play(&config, 0..40, &()).unwrap();
    for n in [1, 3, 7] {
        let parts: Vec<Tally> = (1..=n)
            .map(|k| play(&config, Shard::new(k, n).unwrap().games(&config), &()).unwrap())
            .collect();
        for order in [
            (0..n as usize).collect::<Vec<_>>(),
            (0..n as usize).rev().collect(),
        ] {
            let mut merged = Tally::new(config.clone());
            for &i in &order {
                let json = parts[i].to_json();
                merged.merge(&Tally::from_json(&json).unwrap()).unwrap();
            }
            assert_eq!(merged, whole, "{n} shards in order {order:?}");
            assert_eq!(merged.stats(), whole.stats());
        }
    }
    assert_eq!(Tally::from_json(&whole.to_json()).unwrap(), whole);
}

#[test]
fn duplicate_shards_keep_whole_sets_and_merge_exactly() {
    let config = east(24, 9, [BASELINE, RANDOM, RANDOM, RANDOM], true);
    let ranges: Vec<_> = (1..=4)
        .map(|k| Shard::new(k, 4).unwrap().games(&config))
        .collect();
    assert_eq!(ranges, [0..4, 4..12, 12..16, 16..24]);
    let mut merged = Tally::new(config.clone());
    for r in ranges {
        merged.merge(&play(&config, r, &()).unwrap()).unwrap();
    }
    assert_eq!(merged, play(&config, 0..24, &()).unwrap());
}

#[test]
fn merge_err_other_runs_and_overlaps_leave_the_tally_unchanged() {
    let config = east(8, 1, [RANDOM; 4], false);
    let mut a = play(&config, 0..4, &()).unwrap();
    let before = a.clone();
    let overlap = play(&config, 2..6, &()).unwrap();
    assert_eq!(a.merge(&overlap), Err(ArenaError::CountedTwice(2)));
    let other_seed = play(&east(8, 2, [RANDOM; 4], false), 4..8, &()).unwrap();
    assert_eq!(
        a.merge(&other_seed).unwrap_err().to_string(),
        "the runs differ in their seed"
    );
    let other_players = play(&east(8, 1, [BASELINE; 4], false), 4..8, &()).unwrap();
    assert_eq!(
        a.merge(&other_players),
        Err(ArenaError::Mismatch("players"))
    );
    let mut south = config.clone();
    south.rules.game.length = GameLength::South;
    let other_rules = play(&south, 4..8, &()).unwrap();
    assert_eq!(a.merge(&other_rules), Err(ArenaError::Mismatch("length")));
    let mut red = config.clone();
    red.rules.game.bust_ends = !red.rules.game.bust_ends;
    let other_rules = play(&red, 4..8, &()).unwrap();
    assert_eq!(
        a.merge(&other_rules),
        Err(ArenaError::Mismatch("game rules"))
    );
    assert_eq!(a, before);
    // Monte Carlo players: the threads may differ between shards, the budget
    // may not.
    let mc = |samples, threads| {
        let kind = PlayerKind::Mc(Settings {
            budget: Budget::Samples(samples),
            threads,
            ..Default::default()
        });
        Tally::new(east(8, 1, [kind, RANDOM, RANDOM, RANDOM], false))
    };
    assert_eq!(mc(100, 1).merge(&mc(100, 2)), Ok(()));
    assert_eq!(
        mc(100, 1).merge(&mc(200, 1)),
        Err(ArenaError::Mismatch("players"))
    );
    assert_eq!(
        play(&config, 6..9, &()).unwrap_err().to_string(),
        "games 6..9 are outside the run's 0..8"
    );
}

#[test]
fn tally_json_err_names_what_does_not_hold_together() {
    let config = east(8, 1, [RANDOM; 4], false);
    let json = play(&config, 0..4, &()).unwrap().to_json();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let bad = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut w = v.clone();
        f(&mut w);
        Tally::from_json(&w.to_string()).unwrap_err().to_string()
    };
    assert_eq!(
        bad(&|w| w["games"] = serde_json::json!([[0, 3]])),
        "inconsistent tally: player 0 has 4 ranks and 4 point totals for 3 games"
    );
    assert!(bad(&|w| w["games"] = serde_json::json!([[0, 2], [1, 4]])).contains("sorted"));
    assert!(
        bad(&|w| w["games"] = serde_json::json!([[0, 9]]))
            == "games 0..9 are outside the run's 0..8"
    );
    assert!(bad(&|w| w["players"][1]["rank"]["sum"] = 5.into()).contains("ranks sum to"));
    // Totals kept but a player's ranks impossible: player 0's moved to
    // player 3 (the tester's shard, merged as "avg rank 1.00"), or squares
    // below the sum.
    let sum0 = v["players"][0]["rank"]["sum"].as_i64().unwrap();
    let sum3 = v["players"][3]["rank"]["sum"].as_i64().unwrap();
    let sq0 = v["players"][0]["rank"]["sum_sq"].as_i64().unwrap();
    assert_eq!(
        bad(&|w| {
            w["players"][0]["rank"]["sum"] = 0.into();
            w["players"][3]["rank"]["sum"] = (sum0 + sum3).into();
        }),
        format!("inconsistent tally: player 0's ranks sum to 0 (squares {sq0}) over 4 games, which ranks 1 to 4 cannot")
    );
    assert_eq!(
        bad(&|w| w["players"][0]["rank"]["sum_sq"] = 1.into()),
        format!("inconsistent tally: player 0's ranks sum to {sum0} (squares 1) over 4 games, which ranks 1 to 4 cannot")
    );
    assert!(bad(&|w| w["players"][2]["win"]["sum"] = 1_000_000.into()).contains("player 2's win"));
    assert!(
        bad(&|w| w["config"]["players"][0] = serde_json::json!({"kind": "strong"}))
            .contains("unknown player \"strong\"")
    );
    assert!(bad(
        &|w| w["config"]["players"][0] = serde_json::json!({"kind": "random", "samples": 5})
    )
    .contains("settings do not fit"));
}

#[test]
fn player_kind_ok_think_ms_is_read_as_think_ns_in_milliseconds() {
    // The library's error, without serde_json's position after it.
    let read = |json: &str| {
        serde_json::from_str::<PlayerKind>(json)
            .map_err(|e| e.to_string().split(" at line ").next().unwrap().to_string())
    };
    let mc = |t: Budget| {
        Ok(PlayerKind::Mc(Settings {
            budget: t,
            threads: 1,
            ..Settings::default()
        }))
    };
    let fifty = Budget::Time(std::time::Duration::from_millis(50));
    assert_eq!(read(r#"{"kind": "mc", "think_ms": 50}"#), mc(fifty));
    assert_eq!(read(r#"{"kind": "mc", "think_ns": 50000000}"#), mc(fifty));
    // Written in nanoseconds, as every tally before it.
    let ms = read(r#"{"kind": "mc-v2", "think_ms": 7, "threads": 2}"#).unwrap();
    assert_eq!(
        serde_json::to_string(&ms).unwrap(),
        r#"{"kind":"mc-v2","think_ns":7000000,"threads":2}"#
    );
    let misfit = |kind: &str| {
        Err(format!(
            "player {kind:?}: settings do not fit (mc takes one of samples, think_ms or think_ns, and threads; cmd a command and timeout_ms; the others nothing)"
        ))
    };
    for (json, kind) in [
        (
            r#"{"kind": "mc", "think_ms": 50, "think_ns": 50000000}"#,
            "mc",
        ),
        (r#"{"kind": "mc", "think_ms": 50, "samples": 10}"#, "mc"),
        (r#"{"kind": "baseline", "think_ms": 50}"#, "baseline"),
        (
            r#"{"kind": "cmd", "command": "x", "timeout_ms": 9, "think_ms": 50}"#,
            "cmd",
        ),
    ] {
        assert_eq!(read(json), misfit(kind), "{json}");
    }
}

/// Counts finished games; fails the decision `fail_at` (1-based) of any
/// game with a full disk.
struct FailingLog {
    decisions: AtomicU64,
    games: AtomicU64,
    fail_at: u64,
}

impl Observer for FailingLog {
    fn game(&self, _g: &Played) -> Result<(), BoxError> {
        self.games.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    fn decision(&self, game: u64, obs: &Observation, _r: &SearchReport) -> Result<(), BoxError> {
        let n = self.decisions.fetch_add(1, Ordering::Relaxed) + 1;
        assert!(game < 200 && obs.seat.get() < 4);
        if n == self.fail_at {
            return Err(format!("decision {n}: no space left on device").into());
        }
        Ok(())
    }
}

#[test]
fn observer_error_stops_the_run_with_that_error() {
    let mc = PlayerKind::Mc(Settings {
        budget: Budget::Samples(8),
        threads: 1,
        ..Default::default()
    });
    let config = east(200, 5, [mc, BASELINE, BASELINE, BASELINE], false);
    let log = FailingLog {
        decisions: AtomicU64::new(0),
        games: AtomicU64::new(0),
        fail_at: 30,
    };
    let e = play(&config, 0..200, &log).unwrap_err();
    assert!(
        matches!(&e, ArenaError::Observer { source, .. } if source.to_string() == "decision 30: no space left on device"),
        "{e}"
    );
    // No new game starts after the failure; the games being played end at
    // once. About 100 decisions a game: a handful of games at most.
    let (games, decisions) = (log.games.into_inner(), log.decisions.into_inner());
    assert!(
        games < 8 && decisions < 1000,
        "{games} games, {decisions} decisions"
    );
}

#[test]
fn play_one_is_the_game_the_run_counts() {
    let config = east(6, 11, [BASELINE, RANDOM, BASELINE, RANDOM], true);
    let keep = Keep::default();
    play(&config, 0..6, &keep).unwrap();
    let mut kept = keep.0.into_inner().unwrap();
    kept.sort_by_key(|g| g.game());
    let one: Vec<Played> = (0..6).map(|g| play_one(&config, g).unwrap()).collect();
    assert_eq!(kept, one);
    // Duplicate seating: wall seed 11 + g / 4, players rotated g % 4.
    assert_eq!((one[5].seed(), *one[5].players()), (12, [1, 2, 3, 0]));
}

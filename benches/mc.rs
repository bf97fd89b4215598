//! Monte Carlo rollouts per second on one core, from determinized worlds of
//! seeded baseline games with the baseline's choice as the candidate: whole
//! rounds (from the dealer's first discard) and the rest of a round (from
//! every 25th decision point). Worlds are dealt outside the timed loop;
//! dealing them is measured apart. Run with `cargo bench --bench mc`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::ai::mc::{rollout, Determinizer, World};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{play_game, Action, Observation, Player};
use tenpai::rules::GameLength;
use tenpai::rules::Rules;

struct Recorder {
    inner: BaselinePlayer,
    seen: Vec<(Observation, Action)>,
}

impl Player for Recorder {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let a = self.inner.act(obs, legal);
        self.seen.push((obs.clone(), a.clone()));
        a
    }
}

/// Decision points with the baseline's action, from seeded east-only games.
fn points(rules: &Rules, seeds: std::ops::RangeInclusive<u64>) -> Vec<(Observation, Action)> {
    let mut out = Vec::new();
    for seed in seeds {
        let mut rec: Vec<Recorder> = (0..4)
            .map(|_| Recorder {
                inner: BaselinePlayer::new(rules),
                seen: Vec::new(),
            })
            .collect();
        {
            let [a, b, c, d] = &mut rec[..] else {
                unreachable!()
            };
            let mut players: [&mut dyn Player; 4] = [a, b, c, d];
            play_game(rules, seed, &mut players, false).expect("legal self-play");
        }
        out.extend(rec.into_iter().flat_map(|r| r.seen));
    }
    out
}

/// Dealt worlds of the decision points, with the action to roll out.
fn worlds(rules: &Rules, points: &[(Observation, Action)]) -> Vec<(World, Action)> {
    points
        .iter()
        .enumerate()
        .map(|(i, (o, a))| (Determinizer::new(o, rules).sample(i as u64), a.clone()))
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let all = points(&rules, 1..=12);
    let points: Vec<_> = all.iter().step_by(25).cloned().collect();
    // The dealer's first discard of each round: whole rounds.
    let starts: Vec<_> = all
        .iter()
        .filter(|(o, _)| {
            o.seat == o.dealer && o.rivers.iter().all(|r| r.is_empty()) && o.hand.len() == 14
        })
        .cloned()
        .collect();
    let dets: Vec<Determinizer> = points
        .iter()
        .map(|(o, _)| Determinizer::new(o, &rules))
        .collect();
    let mut g = c.benchmark_group("mc");
    for (name, set) in [
        ("rollouts_full_round", &starts),
        ("rollouts_mid_round", &points),
    ] {
        let worlds = worlds(&rules, set);
        g.throughput(Throughput::Elements(worlds.len() as u64));
        g.bench_function(name, |b| {
            b.iter(|| {
                for (w, a) in &worlds {
                    criterion::black_box(rollout(w.clone(), a, &rules));
                }
            })
        });
    }
    g.throughput(Throughput::Elements(dets.len() as u64));
    g.bench_function("determinize", |b| {
        b.iter(|| {
            for (i, d) in dets.iter().enumerate() {
                criterion::black_box(d.sample(i as u64 + 1000));
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = mc;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(mc);

//! Monte Carlo rollouts per second on one core, from determinized worlds of
//! seeded baseline games with the baseline's choice as the candidate: whole
//! rounds (from the dealer's first discard) and the rest of a round (from
//! every 25th decision point). Worlds are dealt outside the timed loop;
//! dealing them is measured apart. Run with `cargo bench --bench mc`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::ai::mc::{rollout, Determinizer, World};
use tenpai::game::{Action, Observation};
use tenpai::rules::GameLength;
use tenpai::rules::Rules;

/// Decision points with the baseline's action, from seeded east-only games.
fn points(rules: &Rules, seeds: std::ops::RangeInclusive<u64>) -> Vec<(Observation, Action)> {
    common::points(rules, seeds)
        .into_iter()
        .map(|p| (p.obs, p.played))
        .collect()
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

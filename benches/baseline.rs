//! The baseline's cost per decision, its two versions on the same decision
//! points (every decision of four first-version baselines in 12 seeded
//! east-only games: own turns, calls offered, wins), so that the ratio of
//! the two is measured in one run. Run with `cargo bench --bench baseline`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::ai::BaselinePlayer;
use tenpai::game::Player;
use tenpai::rules::{GameLength, Rules};

fn benches(c: &mut Criterion) {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let points = common::points(&rules, 1..=12);
    let mut g = c.benchmark_group("baseline_decisions");
    g.throughput(Throughput::Elements(points.len() as u64));
    for (name, make) in [
        ("v1", BaselinePlayer::v1 as fn(&Rules) -> BaselinePlayer),
        ("v2", BaselinePlayer::v2),
    ] {
        let mut p = make(&rules);
        g.bench_function(name, |b| {
            b.iter(|| {
                for point in &points {
                    criterion::black_box(p.act(&point.obs, &point.legal));
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = baseline;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(baseline);

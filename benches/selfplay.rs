//! Self-play throughput: whole east-south games per second on one core, with
//! four random players and with four baseline players (seeded walls; the
//! invariant checks off, as in `tenpai selfplay`). Run with
//! `cargo bench --bench selfplay`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::arena::{play_one, Config, PlayerKind};

fn config(kind: PlayerKind, games: u64) -> Config {
    Config {
        rules: tenpai::rules::Rules::tenhou(),
        games,
        seed: 1,
        players: std::array::from_fn(|_| kind.clone()),
        duplicate: false,
    }
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("selfplay_east_south");
    for (name, kind, games) in [
        ("random", PlayerKind::Random, 20u64),
        ("baseline", PlayerKind::Baseline, 4),
    ] {
        let cfg = config(kind, games);
        g.throughput(Throughput::Elements(games));
        // New games on every iteration (game numbers run on), so that no
        // per-thread memo (the meld-aware shanten keeps) sees the same hands twice.
        let mut next = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..games {
                    criterion::black_box(play_one(&cfg, next).expect("legal self-play"));
                    next += 1;
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = selfplay;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(selfplay);

//! Core engine benches: table lookups against the reference checker, measured in
//! the same run on the same seeded hands (generated outside the timed loop).
//!
//! Hands are dealt from a shuffled 136-tile wall; for shanten their sizes are
//! uniform over {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}, the distribution public
//! shanten benchmarks use. Run with `cargo bench --bench core`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenpai::{reference, Tables, TileCounts};

const SIZES: [usize; 10] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];

fn deal(n: usize, sizes: &[usize], seed: u64) -> Vec<TileCounts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    (0..n)
        .map(|i| {
            wall.shuffle(&mut rng);
            let mut c = [0u8; 34];
            for &t in &wall[..sizes[i % sizes.len()]] {
                c[t] += 1;
            }
            c
        })
        .collect()
}

/// Complete 14-tile hands: four random melds and a pair (at most four copies).
fn complete_hands(n: usize, seed: u64) -> Vec<TileCounts> {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut c = [0u8; 34];
        c[rng.gen_range(0..34)] += 2;
        for _ in 0..4 {
            let t = rng.gen_range(0..34);
            if t < 27 && t % 9 <= 6 && rng.gen_bool(0.6) {
                (0..3).for_each(|d| c[t + d] += 1);
            } else {
                c[t] += 3;
            }
        }
        if c.iter().all(|&x| x <= 4) {
            out.push(c);
        }
    }
    out
}

fn group<R, S>(
    c: &mut Criterion,
    name: &str,
    hands: &[TileCounts],
    reference_hands: usize,
    fast: impl Fn(&TileCounts) -> R,
    slow: impl Fn(&TileCounts) -> S,
) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("tables", |b| {
        b.iter(|| {
            for h in hands {
                black_box(fast(black_box(h)));
            }
        })
    });
    let few = &hands[..reference_hands];
    g.throughput(Throughput::Elements(few.len() as u64));
    g.bench_function("reference", |b| {
        b.iter(|| {
            for h in few {
                black_box(slow(black_box(h)));
            }
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let t = Tables::embedded();
    let mixed = deal(10_000, &SIZES, 1);
    group(
        c,
        "shanten",
        &mixed,
        200,
        |h| t.shanten(h).unwrap(),
        |h| reference::shanten(h).unwrap(),
    );
    let h14 = deal(10_000, &[14], 2);
    let complete = complete_hands(10_000, 4);
    group(
        c,
        "agari14_complete",
        &complete,
        1_000,
        |h| t.is_agari(h).unwrap(),
        |h| reference::is_agari(h).unwrap(),
    );
    group(
        c,
        "agari14",
        &h14,
        1_000,
        |h| t.is_agari(h).unwrap(),
        |h| reference::is_agari(h).unwrap(),
    );
    let h13 = deal(10_000, &[13], 3);
    // Reference ukeire: shanten of the hand and of each of the 34 draws.
    let reference_ukeire = |h: &TileCounts| {
        let s = reference::shanten(h).unwrap();
        tenpai::Tile::all()
            .filter(|x| {
                let mut d = *h;
                d[x.index()] += 1;
                h[x.index()] < 4 && reference::shanten(&d).unwrap() < s
            })
            .count()
    };
    group(
        c,
        "ukeire13",
        &h13,
        20,
        |h| t.ukeire(h, None).unwrap().count,
        reference_ukeire,
    );
    let reference_analyze = |h: &TileCounts| {
        tenpai::Tile::all()
            .filter(|x| h[x.index()] > 0)
            .map(|x| {
                let mut d = *h;
                d[x.index()] -= 1;
                reference_ukeire(&d)
            })
            .max()
    };
    group(
        c,
        "analyze14",
        &h14[..1_000],
        5,
        |h| t.analyze(h, None).unwrap().len(),
        reference_analyze,
    );
}

criterion_group! {
    name = core;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(core);

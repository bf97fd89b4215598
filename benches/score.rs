//! Scoring bench: every situation of `tests/data/score/cases.jsonl`
//! (3,000 wins, 45 of them without a yaku), parsed outside the timed loop, scored
//! with the Mahjong Soul preset. Throughput is in situations per second.
//!
//! - `score/validate+score`: [`tenpai::score::score`], the public entry (checks the
//!   situation, then scores).
//! - `score/score_unchecked`: the scoring alone, on situations checked beforehand.
//! - `score/core_decompositions`: baseline in the same run, the core library's
//!   allocating [`tenpai::decompositions`] on the same concealed tiles (only the
//!   decomposition step, which scoring does in place instead).
//!
//! Run with `cargo bench --bench score`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tenpai::rules::Rules;
use tenpai::score::{score, score_unchecked, Situation};

fn situations() -> Vec<Situation> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/score/cases.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| Situation::from_json(l).expect("cases parse"))
        .collect()
}

fn benches(c: &mut Criterion) {
    let cases = situations();
    let rules = Rules::mahjongsoul();
    for s in &cases {
        s.validate(&rules).expect("cases are valid");
    }
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("validate+score", |b| {
        b.iter(|| {
            for s in &cases {
                let _ = black_box(score(black_box(s), &rules));
            }
        })
    });
    g.bench_function("score_unchecked", |b| {
        b.iter(|| {
            for s in &cases {
                let _ = black_box(score_unchecked(black_box(s), &rules));
            }
        })
    });
    g.bench_function("core_decompositions", |b| {
        b.iter(|| {
            for s in &cases {
                let _ = black_box(tenpai::decompositions(black_box(s.hand.concealed())));
            }
        })
    });
    g.finish();
}

criterion_group!(score_benches, benches);
criterion_main!(score_benches);

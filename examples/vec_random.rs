//! A fixed, seeded run of a batch of games with random legal actions: the
//! workload `benches/learning_speed.py` times from Python, without Python,
//! for instruction counts (`valgrind --tool=callgrind`) and profiles that do
//! not depend on the machine's load.
//!
//! `cargo run --release --example vec_random -- [n] [steps] [threads] [check]`
//! (defaults 64, 2000, 1, 0): `n` east-south games with red fives, every seat
//! the caller's, `steps` steps, each row's action drawn uniformly from its
//! legal list (a seeded ChaCha8); `threads` rayon threads. Prints the
//! decisions, games finished, with `check` 1 a checksum of every output
//! written (the same run gives the same checksum, before and after any speed
//! change; it costs as much as the steps, so it is off when timing) and the
//! decisions per second.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenpai::batch::{Buffers, Reward, VecGame, MAX_LEGAL};
use tenpai::rules::Rules;

fn arg(i: usize, default: usize) -> usize {
    std::env::args()
        .nth(i)
        .map_or(default, |a| a.parse().expect("a number"))
}

/// FNV-1a over bytes.
fn fnv(h: &mut u64, bytes: impl IntoIterator<Item = u8>) {
    for b in bytes {
        *h = (*h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (n, steps, threads, check) = (arg(1, 64), arg(2, 2000), arg(3, 1), arg(4, 0) == 1);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()?;
    let mut games = VecGame::new(&Rules::tenhou(), n, 1, [const { None }; 4], Reward::Points)?;
    let mut out = Buffers::new(n);
    games.observe(out.outputs())?;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut actions = vec![0i64; n];
    let (mut games_done, mut sum) = (0u64, 0xcbf2_9ce4_8422_2325u64);
    let start = std::time::Instant::now();
    for _ in 0..steps {
        for (i, a) in actions.iter_mut().enumerate() {
            let count = usize::try_from(out.legal_count[i]).expect("a count");
            *a = out.legal[i * MAX_LEGAL + rng.gen_range(0..count)].into();
        }
        games.step(&actions, out.outputs())?;
        games_done += out.done.iter().filter(|&&d| d).count() as u64;
        if !check {
            continue;
        }
        fnv(&mut sum, out.tiles.iter().copied());
        fnv(&mut sum, out.scalars.iter().flat_map(|s| s.to_le_bytes()));
        fnv(&mut sum, out.mask.iter().map(|&m| u8::from(m)));
        fnv(&mut sum, out.legal.iter().flat_map(|a| a.to_le_bytes()));
        fnv(&mut sum, out.reward.iter().flat_map(|r| r.to_le_bytes()));
        fnv(&mut sum, out.seat.iter().map(|&s| s as u8));
    }
    let secs = start.elapsed().as_secs_f64();
    let decisions = (n * steps) as f64;
    println!(
        "n {n} steps {steps} threads {threads}: {decisions} decisions, {games_done} games, checksum {sum:016x}, {:.0} decisions/s",
        decisions / secs
    );
    Ok(())
}

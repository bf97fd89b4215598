//! Strength of the Monte Carlo player in duplicate self-play (east-only
//! games, each wall played four times with the players rotated).
//!
//! Against three random players it wins nearly every game (a quick test);
//! against three baselines the comparison takes minutes and is `#[ignore]`d:
//! `cargo test --release --test integration ai_mc_strength:: -- --ignored` (the full
//! 1,000-game measurement is in docs/strength.md).

use std::sync::atomic::{AtomicU64, Ordering};
use tenpai::ai::mc::{Budget, Settings};
use tenpai::arena::{play, BoxError, Config, Observer, Played, PlayerKind};
use tenpai::rules::GameLength;

fn config(samples: u32, games: u64, seed: u64, others: PlayerKind) -> Config {
    let mut rules = tenpai::rules::Rules::tenhou();
    rules.game.length = GameLength::East;
    let mc = PlayerKind::Mc(Settings {
        budget: Budget::Samples(samples),
        threads: 1,
        ..Default::default()
    });
    Config {
        rules,
        games,
        seed,
        players: [mc, others.clone(), others.clone(), others],
        duplicate: true,
    }
}

/// Counts the games player 0 finished first.
struct Firsts(AtomicU64);

impl Observer for Firsts {
    fn game(&self, g: &Played) -> Result<(), BoxError> {
        let seat = g.players().iter().position(|&p| p == 0).unwrap();
        if g.record().ranking[0] as usize == seat {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    }
}

#[test]
fn mc_wins_nearly_every_game_against_random_players() {
    let c = config(200, 8, 1, PlayerKind::Random);
    let firsts = Firsts(AtomicU64::new(0));
    let stats = play(&c, 0..8, &firsts).unwrap().stats();
    let first = firsts.0.into_inner();
    assert!(first >= 7, "first in {first} of 8");
    assert!(stats[0].rank.mean < 1.2, "{:?}", stats[0].rank);
}

#[test]
#[ignore = "minutes: 80 duplicate games at 1,500 rollouts a decision"]
fn mc_beats_the_baseline() {
    let c = config(1500, 80, 500, PlayerKind::BaselineV1);
    let stats = play(&c, 0..80, &()).unwrap().stats();
    for s in &stats {
        eprintln!(
            "{} {}: rank {:.2} ± {:.2}, win {:.3}, deal-in {:.3}, points {:.0}",
            s.player,
            s.kind,
            s.rank.mean,
            s.rank.ci95,
            s.win_rate.mean,
            s.deal_in_rate.mean,
            s.points.mean
        );
    }
    let baseline_rank = (1..4).map(|p| stats[p].rank.mean).sum::<f64>() / 3.0;
    assert!(stats[0].rank.mean < baseline_rank, "{stats:?}");
    assert!(stats[0].rank.mean < 2.5, "{:?}", stats[0].rank);
}

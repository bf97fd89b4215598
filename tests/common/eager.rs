//! A test player that makes riichi, kans, calls and every kind of win and
//! draw happen often, and seeded games between four of them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenpai::game::{play_game, Action, GameRecord, Observation, Pai, Player};
use tenpai::rules::Rules;

/// A test player that plays toward a win so that riichi, kans, calls and every
/// kind of win and draw happen often: it wins whenever it can, declares
/// riichi and kans when offered, calls a third of the time, and otherwise
/// discards a tile that leaves the lowest shanten (ties at random).
pub struct Eager {
    /// Its choices' seeded RNG.
    pub rng: ChaCha8Rng,
}

impl Player for Eager {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let pick = |f: fn(&Action) -> bool| legal.iter().find(|a| f(a)).cloned();
        if let Some(a) = pick(|a| matches!(a, Action::Tsumo | Action::Ron | Action::NineTerminals))
        {
            return a;
        }
        if let Some(a) = pick(|a| matches!(a, Action::Ankan { .. } | Action::Kakan { .. })) {
            return a;
        }
        let calls: Vec<_> = legal
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan
                )
            })
            .collect();
        if !calls.is_empty() {
            if self.rng.gen_range(0..3u32) == 0 {
                return calls[self.rng.gen_range(0..calls.len() as u32) as usize].clone();
            }
            return Action::Pass;
        }
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        let riichi: Vec<_> = legal
            .iter()
            .filter(|a| matches!(a, Action::Riichi { .. }))
            .collect();
        if !riichi.is_empty() {
            return riichi[self.rng.gen_range(0..riichi.len() as u32) as usize].clone();
        }
        let shanten_after = |p: Pai| {
            let mut c = [0u8; 34];
            for t in &obs.hand {
                c[t.index()] += 1;
            }
            c[p.index()] -= 1;
            tenpai::shanten(&c).unwrap_or(8)
        };
        let discards: Vec<(i8, &Action)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard { pai, .. } => Some((shanten_after(*pai), a)),
                _ => None,
            })
            .collect();
        if let Some(best) = discards.iter().map(|d| d.0).min() {
            let ties: Vec<_> = discards.iter().filter(|d| d.0 == best).collect();
            return ties[self.rng.gen_range(0..ties.len() as u32) as usize]
                .1
                .clone();
        }
        legal[self.rng.gen_range(0..legal.len() as u32) as usize].clone()
    }
}

/// A whole game of four [`Eager`] players from `seed`, invariants checked.
pub fn eager_game(rules: &Rules, seed: u64) -> GameRecord {
    let mut p: [Eager; 4] = std::array::from_fn(|i| Eager {
        rng: ChaCha8Rng::seed_from_u64(seed * 4 + i as u64),
    });
    let [a, b, c, d] = &mut p;
    let mut players: [&mut dyn Player; 4] = [a, b, c, d];
    play_game(rules, seed, &mut players, true).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

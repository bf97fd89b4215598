//! The Monte Carlo AI, by concept: determinization (tile conservation,
//! seeds, riichi constraints, odd observations), rollouts on hand-built
//! worlds with exact results, the search (deterministic, threads, time
//! budget), the baseline each version builds on, and the player (legal
//! actions only, reproducible).

mod determinize;
mod player;
mod rollout;
mod search;
mod version;

use tenpai::ai::BaselinePlayer;
use tenpai::game::{play_game, Action, Observation, Pai, Player};
use tenpai::rules::GameLength;
use tenpai::rules::Rules;

pub(crate) fn pais(text: &str) -> Vec<Pai> {
    text.split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect()
}

/// A player that records every view and legal action list, playing as the
/// baseline.
struct Recorder {
    inner: BaselinePlayer,
    seen: Vec<(Observation, Vec<Action>)>,
}

impl Player for Recorder {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        self.seen.push((obs.clone(), legal.to_vec()));
        self.inner.act(obs, legal)
    }
}

/// Decision points of a seeded game of four baselines (every seat's).
pub(crate) fn decision_points(seed: u64) -> Vec<(Observation, Vec<Action>)> {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let mut rec: Vec<Recorder> = (0..4)
        .map(|_| Recorder {
            inner: BaselinePlayer::v1(&rules),
            seen: Vec::new(),
        })
        .collect();
    {
        let [a, b, c, d] = &mut rec[..] else {
            unreachable!()
        };
        let mut players: [&mut dyn Player; 4] = [a, b, c, d];
        play_game(&rules, seed, &mut players, false).unwrap();
    }
    rec.into_iter().flat_map(|r| r.seen).collect()
}

//! What the benches share: the decision points of seeded games between four
//! first-version baselines. Each bench reads only part of it.
#![allow(dead_code)]

use tenpai::ai::BaselinePlayer;
use tenpai::game::{play_game, Action, Observation, Player};
use tenpai::rules::Rules;

/// One decision: what the seat saw, its legal actions, what it played.
pub struct Point {
    pub obs: Observation,
    pub legal: Vec<Action>,
    pub played: Action,
}

/// Plays as the first baseline and keeps every decision point.
struct Recorder {
    inner: BaselinePlayer,
    seen: Vec<Point>,
}

impl Player for Recorder {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let played = self.inner.act(obs, legal);
        self.seen.push(Point {
            obs: obs.clone(),
            legal: legal.to_vec(),
            played: played.clone(),
        });
        played
    }
}

/// Every decision of the games of `seeds` between four
/// [`BaselinePlayer::v1`], seat by seat in each game.
pub fn points(rules: &Rules, seeds: std::ops::RangeInclusive<u64>) -> Vec<Point> {
    let mut out = Vec::new();
    for seed in seeds {
        let mut rec: Vec<Recorder> = (0..4)
            .map(|_| Recorder {
                inner: BaselinePlayer::v1(rules),
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

//! The library's players, callable from Python: each picks an action index
//! for the seat a `tenpai.Game` asks.

use crate::convert::{value_error, whole, whole_or_none};
use crate::game::{game_rules, index_of, Game};
use pyo3::prelude::*;
use std::sync::Mutex;
use std::time::Duration;
use tenpai::ai::mc::{Budget, McPlayer};
use tenpai::ai::BaselinePlayer as LibBaseline;
use tenpai::game::{Action, Observation, Player, RandomPlayer as LibRandom};

/// The seat asked, its view and its legal actions.
fn question(game: &Game) -> PyResult<(Observation, Vec<Action>)> {
    let g = game.lib();
    let seat = g
        .to_act()
        .ok_or_else(|| value_error("the game is over: no seat to act"))?;
    Ok((Observation::of(g.state(), seat), g.legal().to_vec()))
}

/// The rule-based baseline AI.
#[pyclass(module = "tenpai")]
pub struct BaselinePlayer {
    player: LibBaseline,
}

#[pymethods]
impl BaselinePlayer {
    /// BaselinePlayer(rules="tenhou", version=2)
    ///
    /// `version` 2 is today's baseline (the default), 1 the first
    /// (`baseline-v1` in self-play, docs/strength.md), 3 the second's rules
    /// with the shipped learned model choosing the discards (`baseline-v3`);
    /// another version raises ValueError naming it.
    #[new]
    #[pyo3(signature = (rules="tenhou", version=2))]
    fn new(rules: &str, version: i64) -> PyResult<BaselinePlayer> {
        let rules = game_rules(rules, None)?;
        let player = match version {
            1 => LibBaseline::v1(&rules),
            2 => LibBaseline::v2(&rules),
            3 => LibBaseline::v3(&rules),
            v => {
                return Err(value_error(format!(
                    "baseline version {v}: expected 1, 2 or 3"
                )))
            }
        };
        Ok(BaselinePlayer { player })
    }

    /// act(game) -> int
    ///
    /// The action index this player picks for the seat `game` asks now
    /// (pass it to `game.step`). Raises ValueError when the game is over.
    fn act(&mut self, game: &Game) -> PyResult<usize> {
        let (obs, legal) = question(game)?;
        let a = self.player.act(&obs, &legal);
        index_of(game.lib(), &a)
    }
}

/// The Monte Carlo AI: each decision samples the hidden tiles and plays the
/// round out (see docs/monte-carlo.md).
#[pyclass(module = "tenpai")]
pub struct MonteCarloPlayer {
    // A lock makes the class shareable between Python threads (the search
    // holds `Send`-only state); one decision at a time.
    player: Mutex<McPlayer>,
}

#[pymethods]
impl MonteCarloPlayer {
    /// MonteCarloPlayer(samples=None, think_ms=50, seed=0, rules="tenhou")
    ///
    /// `samples`: rollouts per decision (deterministic for a seed); otherwise
    /// `think_ms` milliseconds per decision. The search runs without the GIL.
    #[new]
    #[pyo3(signature = (samples=None, think_ms=50, seed=0, rules="tenhou"))]
    fn new(
        #[pyo3(from_py_with = whole_or_none::<u32>)] samples: Option<u32>,
        #[pyo3(from_py_with = whole::<u64>)] think_ms: u64,
        #[pyo3(from_py_with = whole::<u64>)] seed: u64,
        rules: &str,
    ) -> PyResult<MonteCarloPlayer> {
        let budget = match samples {
            Some(0) => return Err(value_error("samples: expected at least 1")),
            Some(n) => Budget::Samples(n),
            None if think_ms == 0 => return Err(value_error("think_ms: expected at least 1")),
            None => Budget::Time(Duration::from_millis(think_ms)),
        };
        Ok(MonteCarloPlayer {
            player: Mutex::new(McPlayer::new(&game_rules(rules, None)?, budget, seed)),
        })
    }

    /// act(game) -> int
    ///
    /// The action index this player picks for the seat `game` asks now.
    fn act(&mut self, py: Python<'_>, game: &Game) -> PyResult<usize> {
        let (obs, legal) = question(game)?;
        let player = &self.player;
        let a = py.detach(|| {
            // Nothing panics while the lock is held, so a poisoned lock still
            // holds a whole player.
            let mut p = player.lock().unwrap_or_else(|e| e.into_inner());
            p.act(&obs, &legal)
        });
        index_of(game.lib(), &a)
    }
}

/// Random legal actions from its own seed; it wins whenever it can.
#[pyclass(module = "tenpai")]
pub struct RandomPlayer {
    player: LibRandom,
}

#[pymethods]
impl RandomPlayer {
    /// RandomPlayer(seed=0)
    #[new]
    #[pyo3(signature = (seed=0))]
    fn new(#[pyo3(from_py_with = whole::<u64>)] seed: u64) -> RandomPlayer {
        RandomPlayer {
            player: LibRandom::new(seed),
        }
    }

    /// act(game) -> int
    ///
    /// The action index this player picks for the seat `game` asks now.
    fn act(&mut self, game: &Game) -> PyResult<usize> {
        let (obs, legal) = question(game)?;
        let a = self.player.act(&obs, &legal);
        index_of(game.lib(), &a)
    }
}

/// Registers the players.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BaselinePlayer>()?;
    m.add_class::<MonteCarloPlayer>()?;
    m.add_class::<RandomPlayer>()?;
    Ok(())
}

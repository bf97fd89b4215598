//! The library's players, callable from Python: each picks an action index
//! for the seat a `tenpai.Game` asks.

use crate::args as arg;
use crate::convert::value_error;
use crate::game::{game_rules, index_of, Game};
use crate::selfplay::player_of;
use pyo3::prelude::*;
use std::sync::Mutex;
use std::time::Duration;
use tenpai::ai::mc::{Budget, McPlayer, Settings};
use tenpai::ai::BaselinePlayer as LibBaseline;
use tenpai::arena::PlayerKind;
use tenpai::game::{Action, Observation, Player as _, RandomPlayer as LibRandom};

/// The seat asked, its view and its legal actions.
fn question(game: &Game) -> PyResult<(Observation, Vec<Action>)> {
    let g = game.lib();
    let seat = g
        .to_act()
        .ok_or_else(|| value_error("the game is over: no seat to act"))?;
    Ok((Observation::of(g.state(), seat), g.legal().to_vec()))
}

/// A library player a Python object holds.
type Lent = Box<dyn tenpai::game::Player + Send>;

/// The action index `player` picks for the seat `game` asks now, decided
/// without the GIL.
///
/// # Errors
/// `ValueError` when the game is over.
fn act_without_gil(py: Python<'_>, player: &Mutex<Lent>, game: &Game) -> PyResult<usize> {
    let (obs, legal) = question(game)?;
    let a = py.detach(|| {
        // Nothing panics while the lock is held, so a poisoned lock still
        // holds a whole player.
        let mut p = player.lock().unwrap_or_else(|e| e.into_inner());
        p.act(&obs, &legal)
    });
    index_of(game.lib(), &a)
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
    #[pyo3(signature = (rules=String::from("tenhou"), version=2))]
    fn new(
        #[pyo3(from_py_with = arg::rules::text)] rules: String,
        version: i64,
    ) -> PyResult<BaselinePlayer> {
        let rules = game_rules(&rules, None)?;
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
    player: Mutex<Lent>,
}

#[pymethods]
impl MonteCarloPlayer {
    /// MonteCarloPlayer(samples=None, think_ms=50, seed=0, rules="tenhou")
    ///
    /// `samples`: rollouts per decision (deterministic for a seed); otherwise
    /// `think_ms` milliseconds per decision. The search runs without the GIL.
    #[new]
    #[pyo3(signature = (samples=None, think_ms=50, seed=0, rules=String::from("tenhou")))]
    fn new(
        #[pyo3(from_py_with = arg::samples::whole_or_none::<u32>)] samples: Option<u32>,
        #[pyo3(from_py_with = arg::think_ms::whole::<u64>)] think_ms: u64,
        #[pyo3(from_py_with = arg::seed::whole::<u64>)] seed: u64,
        #[pyo3(from_py_with = arg::rules::text)] rules: String,
    ) -> PyResult<MonteCarloPlayer> {
        let budget = match samples {
            Some(n) => Budget::Samples(n),
            None => Budget::Time(Duration::from_millis(think_ms)),
        };
        // The library's check of every Monte Carlo player (self-play's, the
        // vector game's).
        PlayerKind::Mc(Settings {
            budget,
            ..Settings::default()
        })
        .check()
        .map_err(value_error)?;
        Ok(MonteCarloPlayer {
            player: Mutex::new(Box::new(McPlayer::new(
                &game_rules(&rules, None)?,
                budget,
                seed,
            ))),
        })
    }

    /// act(game) -> int
    ///
    /// The action index this player picks for the seat `game` asks now.
    fn act(&mut self, py: Python<'_>, game: &Game) -> PyResult<usize> {
        act_without_gil(py, &self.player, game)
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
    fn new(#[pyo3(from_py_with = arg::seed::whole::<u64>)] seed: u64) -> RandomPlayer {
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

/// A built-in player of any kind the library parses (`baseline-learned`,
/// `mc-v2`, ...), made by the library ([`PlayerKind::player`]).
#[pyclass(module = "tenpai")]
pub struct Player {
    kind: String,
    // A lock makes the class shareable between Python threads.
    player: Mutex<Lent>,
}

#[pymethods]
impl Player {
    /// Player(kind, seed=0, rules="tenhou", mc_samples=None)
    ///
    /// The player `kind` (a name such as `baseline-learned` or `mc-v2`, or
    /// a dict such as {"kind": "mc", "samples": 200}) with its own `seed`;
    /// `mc_samples`: rollouts a decision of a Monte Carlo kind (None: its
    /// own budget). Raises ValueError with the library's message for an
    /// unknown kind (naming the known ones), a Monte Carlo budget of 0, or
    /// an external bot (`cmd:...`), which cannot play a Python game.
    #[new]
    #[pyo3(signature = (kind, seed=0, rules=String::from("tenhou"), mc_samples=None))]
    fn new(
        kind: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = arg::seed::whole::<u64>)] seed: u64,
        #[pyo3(from_py_with = arg::rules::text)] rules: String,
        #[pyo3(from_py_with = arg::mc_samples::whole_or_none::<u32>)] mc_samples: Option<u32>,
    ) -> PyResult<Player> {
        let mut k = arg::read(kind, "kind", player_of)?;
        if let (PlayerKind::Mc(s), Some(n)) = (&mut k, mc_samples) {
            s.budget = Budget::Samples(n);
        }
        k.check()
            .map_err(|e| value_error(format!("player {k}: {e}")))?;
        let player = k.player(&game_rules(&rules, None)?, seed).ok_or_else(|| {
            value_error(format!(
                "player {k}: an external bot cannot play a Python game (use tenpai.selfplay)"
            ))
        })?;
        Ok(Player {
            kind: k.to_string(),
            player: Mutex::new(player),
        })
    }

    /// The player's kind, as the library names it.
    #[getter]
    fn kind(&self) -> &str {
        &self.kind
    }

    /// act(game) -> int
    ///
    /// The action index this player picks for the seat `game` asks now
    /// (without the GIL).
    fn act(&self, py: Python<'_>, game: &Game) -> PyResult<usize> {
        act_without_gil(py, &self.player, game)
    }

    fn __repr__(&self) -> String {
        format!("Player({:?})", self.kind)
    }
}

/// Registers the players.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Player>()?;
    m.add_class::<BaselinePlayer>()?;
    m.add_class::<MonteCarloPlayer>()?;
    m.add_class::<RandomPlayer>()?;
    Ok(())
}

//! Self-play statistics: a run's settings checked once ([`Config`], as
//! JSON, so that every shard of a distributed run plays the same), a run or
//! shard played by the library's arena into a mergeable [`Tally`], and
//! tallies merged with [`Tally::merge`]. Results travel to Python as the
//! JSON of `tenpai selfplay --json` ([`Summary`]).

use crate::convert::{value_error, whole, whole_or_none};
use crate::game::game_rules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::time::Instant;
use tenpai::arena::{play, Config, PlayerKind, Shard, Summary, Tally};

/// A player from a name (`random`, `baseline`, `mc`) or a dict in the JSON
/// form of the tally (`{"kind": "mc", "samples": 200, "threads": 1}`).
pub fn player_of(obj: &Bound<'_, PyAny>) -> PyResult<PlayerKind> {
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse::<PlayerKind>().map_err(value_error);
    }
    // Numbers are read as every integer argument is (a negative one named
    // here, not as a position in the JSON the user never wrote).
    if let Ok(dict) = obj.cast::<pyo3::types::PyDict>() {
        for (key, value) in dict.iter() {
            if value.is_instance_of::<pyo3::types::PyInt>()
                && !value.is_instance_of::<pyo3::types::PyBool>()
            {
                whole::<u64>(&value)
                    .map_err(|e| value_error(format!("player {key}: {}", e.value(obj.py()))))?;
            }
        }
    }
    let py = obj.py();
    let text: String = py
        .import("json")?
        .call_method1("dumps", (obj,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| value_error(format!("player {text}: {e}")))
}

/// `config` if it can be played ([`Config::check`]).
fn checked(config: Config) -> PyResult<Config> {
    match config.check() {
        Ok(()) => Ok(config),
        Err(e) => Err(value_error(format!("games {}: {e}", config.games))),
    }
}

/// _run_config(games, seed, players, duplicate=False, rules="tenhou", length=None) -> str
///
/// The run's settings, checked, as JSON (a tally's `config`).
#[pyfunction]
#[pyo3(signature = (games, seed, players, duplicate=false, rules="tenhou", length=None))]
fn _run_config(
    #[pyo3(from_py_with = whole::<u64>)] games: u64,
    #[pyo3(from_py_with = whole::<u64>)] seed: u64,
    players: Vec<Bound<'_, PyAny>>,
    duplicate: bool,
    rules: &str,
    length: Option<&str>,
) -> PyResult<String> {
    let kinds: Vec<PlayerKind> = players.iter().map(player_of).collect::<PyResult<_>>()?;
    let players: [PlayerKind; 4] = kinds.try_into().map_err(|v: Vec<PlayerKind>| {
        value_error(format!("players: expected 4, got {}", v.len()))
    })?;
    let config = checked(Config {
        rules: game_rules(rules, length)?,
        games,
        seed,
        duplicate,
        players,
    })?;
    serde_json::to_string(&config).map_err(value_error)
}

/// A shard `(k, n)` of whole numbers, or `None`.
///
/// # Errors
/// `ValueError` for anything else.
fn shard_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<(u64, u64)>> {
    if obj.is_none() {
        return Ok(None);
    }
    let bad = || value_error("shard: expected (k, n), two whole numbers");
    let items: Vec<Bound<'_, PyAny>> = obj.extract().map_err(|_| bad())?;
    match items.as_slice() {
        [k, n] => Ok(Some((whole(k)?, whole(n)?))),
        _ => Err(bad()),
    }
}

/// _play_json(config, shard=None, threads=None) -> str
///
/// Plays the run of `config` (JSON), or its shard `(k, n)` (k from 1),
/// without the GIL on `threads` threads (None: one per core); returns the
/// JSON of `tenpai selfplay --json`.
#[pyfunction]
#[pyo3(signature = (config, shard=None, threads=None))]
fn _play_json(
    py: Python<'_>,
    config: &str,
    #[pyo3(from_py_with = shard_of)] shard: Option<(u64, u64)>,
    #[pyo3(from_py_with = whole_or_none::<usize>)] threads: Option<usize>,
) -> PyResult<String> {
    let config: Config =
        serde_json::from_str(config).map_err(|e| value_error(format!("run settings: {e}")))?;
    let config = checked(config)?;
    let games = match shard {
        Some((k, n)) => Shard::new(k, n).map_err(value_error)?.games(&config),
        None => 0..config.games,
    };
    let pool = match threads {
        Some(0) => return Err(value_error("threads: expected at least 1")),
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(value_error)?,
        ),
        None => None,
    };
    let start = Instant::now();
    let run = || play(&config, games, &());
    let tally = py
        .detach(|| match &pool {
            Some(p) => p.install(run),
            None => run(),
        })
        .map_err(value_error)?;
    Ok(Summary::new(&tally, start.elapsed().as_secs_f64()).to_json())
}

/// _merge_json(tallies: list[str], seconds: float) -> str
///
/// Merges the tallies (JSON) exactly and returns the JSON of
/// `tenpai selfplay --json` for the merge.
#[pyfunction]
fn _merge_json(tallies: Vec<String>, seconds: f64) -> PyResult<String> {
    let mut it = tallies.iter();
    let first = it
        .next()
        .ok_or_else(|| value_error("merge: no results to merge"))?;
    let mut tally = Tally::from_json(first).map_err(value_error)?;
    for t in it {
        tally
            .merge(&Tally::from_json(t).map_err(value_error)?)
            .map_err(value_error)?;
    }
    Ok(Summary::new(&tally, seconds).to_json())
}

/// Registers the self-play functions (wrapped by `tenpai.arena`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_run_config, m)?)?;
    m.add_function(wrap_pyfunction!(_play_json, m)?)?;
    m.add_function(wrap_pyfunction!(_merge_json, m)?)?;
    Ok(())
}

//! Self-play statistics: a run's settings checked once ([`Config`], as
//! JSON, so that every shard of a distributed run plays the same), a run or
//! shard played by the library's arena into a mergeable [`Tally`], and
//! tallies merged with [`Tally::merge`]. Results travel to Python as the
//! JSON of `tenpai selfplay --json` ([`Summary`]).

use crate::args as arg;
use crate::convert::{value_error, whole};
use crate::game::game_rules;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::Mutex;
use std::time::Instant;
use tenpai::arena::{
    play, BoxError, Config, Observer, Played, PlayerKind, Shard, Summary, Tally, MAX_THREADS,
};
use tenpai::bot::KEPT_FAULTS;

/// A player from a name (`random`, `baseline`, `mc`, ... as the library
/// parses them) or a dict in the JSON form of the tally (`{"kind": "mc",
/// "samples": 200, "threads": 1}`).
///
/// # Errors
/// `ValueError` with the library's message for an unknown name or a bad
/// dict; `TypeError` for anything but a text or a dict.
pub fn player_of(obj: &Bound<'_, PyAny>) -> PyResult<PlayerKind> {
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse::<PlayerKind>().map_err(value_error);
    }
    if !obj.is_instance_of::<PyDict>() {
        let kind = obj
            .get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!(
            "expected a player name (random, baseline, mc, ...) or a dict such as \
             {{\"kind\": \"mc\", \"samples\": 200}}, got {} ({kind})",
            obj.str().map_or_else(|_| "?".into(), |t| t.to_string())
        )));
    }
    // Numbers are read as every integer argument is (a negative one named
    // here, not as a position in the JSON the user never wrote).
    if let Ok(dict) = obj.cast::<pyo3::types::PyDict>() {
        for (key, value) in dict.iter() {
            if value.is_instance_of::<pyo3::types::PyInt>()
                && !value.is_instance_of::<pyo3::types::PyBool>()
            {
                whole::<u64>(&value)
                    .map_err(|e| value_error(format!("{key}: {}", e.value(obj.py()))))?;
            }
        }
    }
    let py = obj.py();
    let text: String = py
        .import("json")?
        .call_method1("dumps", (obj,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| value_error(format!("{text}: {e}")))
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
#[pyo3(signature = (games, seed, players, duplicate=false, rules=String::from("tenhou"), length=None))]
fn _run_config(
    #[pyo3(from_py_with = arg::games::whole::<u64>)] games: u64,
    #[pyo3(from_py_with = arg::seed::whole::<u64>)] seed: u64,
    players: Vec<Bound<'_, PyAny>>,
    duplicate: bool,
    #[pyo3(from_py_with = arg::rules::text)] rules: String,
    #[pyo3(from_py_with = arg::length::text_or_none)] length: Option<String>,
) -> PyResult<String> {
    let kinds: Vec<PlayerKind> = (players.iter().enumerate())
        .map(|(p, obj)| arg::read(obj, &format!("player {p}"), player_of))
        .collect::<PyResult<_>>()?;
    let players: [PlayerKind; 4] = kinds.try_into().map_err(|v: Vec<PlayerKind>| {
        value_error(format!("players: expected 4, got {}", v.len()))
    })?;
    let config = checked(Config {
        rules: game_rules(&rules, length.as_deref())?,
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
        [k, n] => Ok(Some((
            arg::read(k, "shard", whole)?,
            arg::read(n, "shard", whole)?,
        ))),
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
    #[pyo3(from_py_with = arg::threads::whole_or_none::<usize>)] threads: Option<usize>,
) -> PyResult<String> {
    let config: Config =
        serde_json::from_str(config).map_err(|e| value_error(format!("run settings: {e}")))?;
    let config = checked(config)?;
    let games = match shard {
        Some((k, n)) => {
            let shard = Shard::new(k, n).map_err(value_error)?;
            shard.check(&config).map_err(value_error)?;
            shard.games(&config)
        }
        None => 0..config.games,
    };
    let pool = match threads {
        Some(n) if n == 0 || n > MAX_THREADS => {
            return Err(value_error(format!(
                "threads: expected 1 to {MAX_THREADS}, got {n}"
            )))
        }
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(value_error)?,
        ),
        None => None,
    };
    let start = Instant::now();
    let faults = BotFaults::default();
    let run = || play(&config, games, &faults);
    let tally = py
        .detach(|| match &pool {
            Some(p) => p.install(run),
            None => run(),
        })
        .map_err(value_error)?;
    let summary = Summary::new(&tally, start.elapsed().as_secs_f64());
    faults.into_json(&summary)
}

/// External bots' faults in a run, by player (its place in
/// [`Config::players`]): the count and the first [`KEPT_FAULTS`] messages
/// (each after its game), read from each game's [`Played::faults`] as
/// `tenpai selfplay --json` reads them.
#[derive(Default)]
struct BotFaults(Mutex<[(u64, Vec<String>); 4]>);

impl Observer for BotFaults {
    fn game(&self, played: &Played) -> Result<(), BoxError> {
        // Nothing panics while the lock is held.
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for (f, &player) in played.faults().iter().zip(played.players()) {
            let (count, first) = &mut all[player];
            *count += u64::from(f.count);
            let room = KEPT_FAULTS.saturating_sub(first.len());
            first.extend(
                (f.first.iter().take(room)).map(|m| format!("game {}: {m}", played.game())),
            );
        }
        Ok(())
    }
}

impl BotFaults {
    /// The JSON of `summary` with `"faults": {"count": n, "first": [...]}`
    /// in the entry of each external bot ([`PlayerKind::Cmd`]).
    fn into_json(self, summary: &Summary<'_>) -> PyResult<String> {
        let all = self.0.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut v = serde_json::to_value(summary).map_err(value_error)?;
        let kinds = &summary.tally.config().players;
        if let Some(players) = v.get_mut("players").and_then(|p| p.as_array_mut()) {
            for ((entry, kind), (count, first)) in players.iter_mut().zip(kinds).zip(&all) {
                if let PlayerKind::Cmd { .. } = kind {
                    entry["faults"] = serde_json::json!({ "count": count, "first": first });
                }
            }
        }
        Ok(v.to_string())
    }
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

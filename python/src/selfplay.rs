//! Self-play statistics: the library's arena plays a run (or one shard of
//! it) into a mergeable `Tally`; results travel to Python as the JSON of
//! `tenpai selfplay --json` (statistics and tally), and tallies of shards
//! merge with the library's `Tally::merge`.

use crate::convert::value_error;
use crate::game::game_rules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde::Serialize;
use std::time::Instant;
use tenpai::arena::{play, Config, Estimate, PlayerKind, PlayerStats, Shard, Tally};

/// One player's statistics, as `tenpai selfplay --json` writes them.
#[derive(Serialize)]
struct PlayerOut {
    player: usize,
    kind: String,
    rank: Estimate,
    win_rate: Estimate,
    deal_in_rate: Estimate,
    riichi_rate: Estimate,
    call_rate: Estimate,
    points: Estimate,
}

impl From<&PlayerStats> for PlayerOut {
    fn from(p: &PlayerStats) -> PlayerOut {
        PlayerOut {
            player: p.player,
            kind: p.kind.to_string(),
            rank: p.rank,
            win_rate: p.win_rate,
            deal_in_rate: p.deal_in_rate,
            riichi_rate: p.riichi_rate,
            call_rate: p.call_rate,
            points: p.points,
        }
    }
}

/// The output of a run, a shard or a merge: the fields of
/// `tenpai selfplay --json`.
#[derive(Serialize)]
struct Output<'a> {
    games: u64,
    duplicate: bool,
    seconds: f64,
    players: Vec<PlayerOut>,
    tally: &'a Tally,
}

fn output_json(tally: &Tally, seconds: f64) -> PyResult<String> {
    let out = Output {
        games: tally.games().len(),
        duplicate: tally.config().duplicate,
        seconds,
        players: tally.stats().iter().map(PlayerOut::from).collect(),
        tally,
    };
    serde_json::to_string(&out).map_err(value_error)
}

/// A player from a name (`random`, `baseline`, `mc`) or a dict in the JSON
/// form of the tally (`{"kind": "mc", "samples": 200, "threads": 1}`).
fn player_of(obj: &Bound<'_, PyAny>) -> PyResult<PlayerKind> {
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse::<PlayerKind>().map_err(value_error);
    }
    let py = obj.py();
    let text: String = py.import("json")?.call_method1("dumps", (obj,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| value_error(format!("player {text}: {e}")))
}

/// _selfplay_json(games, seed, players, duplicate, rules, length, shard) -> str
///
/// Plays a run (or shard `(k, n)` of it, k from 1) on all cores without the
/// GIL; returns the JSON of `tenpai selfplay --json`.
#[pyfunction]
#[pyo3(signature = (games, seed, players, duplicate=false, rules="tenhou", length=None, shard=None))]
#[allow(clippy::too_many_arguments)]
fn _selfplay_json(
    py: Python<'_>,
    games: u64,
    seed: u64,
    players: Vec<Bound<'_, PyAny>>,
    duplicate: bool,
    rules: &str,
    length: Option<&str>,
    shard: Option<(u64, u64)>,
) -> PyResult<String> {
    let kinds: Vec<PlayerKind> = players.iter().map(player_of).collect::<PyResult<_>>()?;
    let players: [PlayerKind; 4] = kinds
        .try_into()
        .map_err(|v: Vec<PlayerKind>| value_error(format!("players: expected 4, got {}", v.len())))?;
    let config = Config {
        rules: game_rules(rules, length)?,
        games,
        seed,
        duplicate,
        players,
    };
    let range = match shard {
        Some((k, n)) => Shard::new(k, n).map_err(value_error)?.games(&config),
        None => 0..games,
    };
    let start = Instant::now();
    let tally = py
        .detach(|| play(&config, range, &()))
        .map_err(value_error)?;
    output_json(&tally, start.elapsed().as_secs_f64())
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
    output_json(&tally, seconds)
}

/// Registers the self-play functions (wrapped by `tenpai.selfplay` and
/// `tenpai.merge`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_selfplay_json, m)?)?;
    m.add_function(wrap_pyfunction!(_merge_json, m)?)?;
    Ok(())
}

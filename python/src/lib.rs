//! `tenpai._tenpai`: the compiled part of the `tenpai` Python package.
//!
//! Every function here converts Python values to the library's types, calls
//! the library, and converts the answer back; no rule of the game is written
//! here. Library errors become Python exceptions carrying the library's
//! message (`ValueError` for bad hands, situations and actions).
//!
//! - `hand.rs`: hand queries (shanten, waits, ukeire, analysis, agari,
//!   decompositions) and `shanten_batch` over a numpy array.
//! - `score.rs`: scoring a win.
//! - `game.rs`: the game, one decision at a time (action indices,
//!   observations, features, mjai events); `players.rs`: the library's
//!   players (baseline, Monte Carlo, random) picking actions for a game.
//! - `vec_game.rs`: many games stepped together (`VecGame`), its outputs in
//!   NumPy arrays allocated once.
//! - `selfplay.rs`: self-play runs and shards into the arena's mergeable
//!   tally, and merges.
//! - `convert.rs`: reading hands, tiles, whole numbers and rules from
//!   Python values; `args.rs`: those readers naming their argument in the
//!   error; `tiles.rs`: the mpsz and mjai notations converted.

use pyo3::prelude::*;

mod args;
mod convert;
mod game;
mod hand;
mod players;
mod score;
mod selfplay;
mod tiles;
mod vec_game;

/// The compiled module; `tenpai/__init__.py` re-exports its contents.
#[pymodule]
fn _tenpai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    hand::register(m)?;
    score::register(m)?;
    game::register(m)?;
    players::register(m)?;
    selfplay::register(m)?;
    tiles::register(m)?;
    vec_game::register(m)?;
    Ok(())
}

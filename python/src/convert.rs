//! Reading the library's values from Python ones: hands, tile lists, rules.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use tenpai::rules::Rules;
use tenpai::{Hand, HandError, Tile, TileCounts, KINDS};

/// A `ValueError` carrying the library's message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// 34 counts from a Python sequence (list, tuple, numpy array) of integers,
/// each 0–255; `what` names the argument in errors.
fn counts_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<TileCounts> {
    let values: Vec<i64> = obj.extract().map_err(|_| {
        value_error(format!(
            "{what}: expected mpsz text or a sequence of 34 tile counts"
        ))
    })?;
    if values.len() != KINDS {
        return Err(value_error(format!(
            "{what}: expected 34 tile counts (1m..9m, 1p..9p, 1s..9s, 1z..7z), got {}",
            values.len()
        )));
    }
    let mut counts = [0u8; KINDS];
    for (i, (&v, c)) in values.iter().zip(counts.iter_mut()).enumerate() {
        let tile = Tile::new(i as u8).expect("below 34");
        *c = u8::try_from(v)
            .map_err(|_| value_error(format!("{what}: tile {tile} has count {v} (max 4)")))?;
    }
    Ok(counts)
}

/// A hand from mpsz text (called melds in brackets, `0` = red five) or 34
/// concealed tile counts.
///
/// # Errors
/// `ValueError` with the library's message for a bad hand.
pub fn hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if let Ok(text) = obj.cast::<PyString>() {
        return text.to_cow()?.parse::<Hand>().map_err(value_error);
    }
    Hand::from_counts(&counts_of(obj, "hand")?).map_err(value_error)
}

/// Tiles seen elsewhere: `None`, mpsz text of any length, or 34 counts.
///
/// # Errors
/// `ValueError` for unreadable text or a count above 4.
pub fn visible_of(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<TileCounts>> {
    let Some(obj) = obj else { return Ok(None) };
    if obj.is_none() {
        return Ok(None);
    }
    let counts = if let Ok(text) = obj.cast::<PyString>() {
        Tile::parse_counts(&text.to_cow()?).map_err(|e| value_error(format!("visible: {e}")))?
    } else {
        counts_of(obj, "visible")?
    };
    if let Some(tile) = Tile::all().find(|t| counts[t.index()] > 4) {
        let count = counts[tile.index()] as usize;
        return Err(value_error(format!(
            "visible: {}",
            HandError::TooManyCopies { tile, count }
        )));
    }
    Ok(Some(counts))
}

/// The rules of a preset name (`tenhou`, `mahjongsoul`) or a TOML file;
/// presets are read once per process.
///
/// # Errors
/// `ValueError` with the library's message for an unknown preset or a bad file.
pub fn rules_of(name_or_path: &str) -> PyResult<Rules> {
    static PRESETS: OnceLock<Mutex<HashMap<String, Rules>>> = OnceLock::new();
    // Nothing panics while the lock is held, so a poisoned lock still holds
    // whole entries.
    let cache = || {
        PRESETS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    };
    if let Some(r) = cache().get(name_or_path) {
        return Ok(r.clone());
    }
    if let Ok(r) = Rules::preset(name_or_path) {
        cache().insert(name_or_path.to_string(), r.clone());
        return Ok(r);
    }
    Rules::load(name_or_path).map_err(|e| value_error(format!("rules {name_or_path:?}: {e}")))
}

/// The 34 tile names in index order, `1m` … `7z`.
pub fn tile_names() -> Vec<String> {
    Tile::all().map(|t| t.to_string()).collect()
}

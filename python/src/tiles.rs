//! The two tile notations of the Python API, converted: mpsz (`"123m0p11z"`,
//! what hands are written in) and mjai tile names (`"5pr"`, `"E"`, what
//! observations and events hold). Every hand function reads both; these
//! convert explicitly.

use crate::convert::{hand_of, tiles_of};
use pyo3::prelude::*;

/// to_mpsz(tiles) -> str
///
/// The mpsz text of a hand's concealed tiles (sorted, `0` = red five): from
/// mjai tile names, as a list (`["1m", "5mr", "E"]`, e.g. an observation's
/// `hand`) or one text of names separated by spaces (`"1m 5mr E"`), from
/// mpsz text (written back canonically) or from 34 counts. At most 14
/// tiles.
///
/// >>> tenpai.to_mpsz(["5mr", "5m", "E", "C", "1p"])
/// '055m1p17z'
///
/// Raises ValueError for a name that is not a tile, a tile more than four
/// times, more than 14 tiles.
#[pyfunction]
fn to_mpsz(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(hand_of(tiles)?.to_string())
}

/// to_mjai(tiles) -> list[str]
///
/// mjai tile names (`1m`…`9s`, `5mr` = red five, `E S W N P F C`), in the
/// order written, of mpsz text of any length (`"19m0p4z"`, no melds) or of
/// a list of tile names in either notation.
///
/// >>> tenpai.to_mjai("19m0p4z")
/// ['1m', '9m', '5pr', 'N']
///
/// Raises ValueError for text in neither notation or a name that is not a
/// tile.
#[pyfunction]
fn to_mjai(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    Ok(tiles_of(tiles, "tiles")?
        .iter()
        .map(|p| p.to_string())
        .collect())
}

/// Registers the converters.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(to_mpsz, m)?)?;
    m.add_function(wrap_pyfunction!(to_mjai, m)?)?;
    Ok(())
}

//! Reading the library's values from Python ones: hands and tile lists (mpsz
//! text, mjai tile names or counts), whole numbers, rules.

use numpy::{PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use tenpai::game::{Pai, SeatIndex};
use tenpai::rules::Rules;
use tenpai::{Hand, HandError, Tile, TileCounts, Wind, KINDS};

/// A `ValueError` carrying the library's message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// 34 counts from a Python sequence (list, tuple, numpy array) of integers,
/// each 0–255; `what` names the argument in errors.
fn counts_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<TileCounts> {
    let expected = || {
        value_error(format!(
            "{what}: expected mpsz text, mjai tile names or a sequence of 34 tile counts"
        ))
    };
    // Each count a whole number: bools and floats are refused, not read as
    // 1/0 or rounded (a NumPy array of bools is not a hand).
    let items: Vec<Bound<'_, PyAny>> = obj.extract().map_err(|_| expected())?;
    let values: Vec<i64> = items
        .iter()
        .map(|item| match whole_number(item) {
            Ok(n) => Ok(i64::try_from(n).unwrap_or(i64::MAX)),
            Err(e) => Err(value_error(format!("{what}: {}", e.value(obj.py())))),
        })
        .collect::<PyResult<_>>()?;
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

/// The tiles of mjai tile names (`5m`, `5mr` = red five, `E S W N P F C`;
/// the mpsz names `0m` and `1z`…`7z` too), or `None` when some name is not a
/// tile (the hidden `?` is not).
fn pais_of_names<S: AsRef<str>>(names: &[S]) -> Option<Vec<Pai>> {
    names
        .iter()
        .map(|n| n.as_ref().parse::<Pai>().ok().filter(|p| !p.is_hidden()))
        .collect()
}

/// The tiles of a text of mjai tile names separated by spaces or commas
/// (`"1m 5mr E"`), or `None` when it is not one.
fn pais_of_words(text: &str) -> Option<Vec<Pai>> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return None;
    }
    pais_of_names(&words)
}

/// Tiles from a list of tile names (mjai or mpsz, one tile each); `what`
/// names the argument in errors. `None` when `obj` is not a list of strings.
fn pais_of_list(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<Vec<Pai>>> {
    if obj.is_instance_of::<PyString>() {
        return Ok(None);
    }
    let Ok(names) = obj.extract::<Vec<String>>() else {
        return Ok(None);
    };
    for (i, n) in names.iter().enumerate() {
        if pais_of_names(std::slice::from_ref(n)).is_none() {
            return Err(value_error(format!(
                "{what}: tile {} {n:?} is not a tile name (mjai: 5m, 5mr, E S W N P F C; \
                 mpsz: 5m, 0m, 1z-7z)",
                i + 1
            )));
        }
    }
    Ok(pais_of_names(&names))
}

/// The concealed hand of `tiles`.
///
/// # Errors
/// `ValueError` with the library's message: more than 14 tiles, a tile more
/// than four times.
fn hand_of_pais(tiles: &[Pai]) -> PyResult<Hand> {
    if tiles.len() > 14 {
        return Err(value_error(HandError::TooManyTiles { count: tiles.len() }));
    }
    let (counts, red) = Pai::counts(tiles);
    Hand::new(counts, red, Vec::new())
        .and_then(Hand::within_preset_red_fives)
        .map_err(value_error)
}

/// A hand from mpsz text (called melds in brackets, `0` = red five), mjai
/// tile names (a list such as `["1m", "5mr", "E"]`, or one text of names
/// separated by spaces: `"1m 5mr E"`; concealed tiles only) or 34 concealed
/// tile counts.
///
/// # Errors
/// `ValueError` with the library's message for a bad hand (for text that is
/// neither notation, the mpsz parser's message).
pub fn hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return match text.parse::<Hand>() {
            Ok(h) => Ok(h),
            Err(e) => match pais_of_words(&text) {
                Some(tiles) => hand_of_pais(&tiles),
                None => Err(value_error(e)),
            },
        };
    }
    if let Some(tiles) = pais_of_list(obj, "hand")? {
        return hand_of_pais(&tiles);
    }
    Hand::from_counts(&counts_of(obj, "hand")?).map_err(value_error)
}

/// A list of tiles in order, each with whether it is red: mpsz text of any
/// length (`"19m0p"`), mjai names in one text (`"1m 9m 5pr"`) or a list of
/// names (mjai or mpsz); `what` names the argument in errors.
///
/// # Errors
/// `ValueError`: text in neither notation (the mpsz parser's message), a
/// name that is not a tile, anything else.
pub fn tiles_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Pai>> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return match Tile::parse_list(&text) {
            Ok(list) => Ok(list.into_iter().map(|(t, red)| Pai::new(t, red)).collect()),
            Err(e) => pais_of_words(&text).ok_or_else(|| value_error(format!("{what}: {e}"))),
        };
    }
    pais_of_list(obj, what)?.ok_or_else(|| {
        value_error(format!(
            "{what}: expected mpsz text, mjai tile names or a list of tile names"
        ))
    })
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
    let counts = if obj.is_instance_of::<PyString>() {
        names_to_counts(&tiles_of(obj, "visible")?)
    } else if let Some(tiles) = pais_of_list(obj, "visible")? {
        names_to_counts(&tiles)
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

/// The counts of `tiles`, saturating at 255 (more than 4 is refused after).
fn names_to_counts(tiles: &[Pai]) -> TileCounts {
    let mut counts = [0u8; KINDS];
    for t in tiles.iter().filter_map(|p| p.tile()) {
        counts[t.index()] = counts[t.index()].saturating_add(1);
    }
    counts
}

/// A whole number from a Python int, a NumPy integer scalar or a NumPy array
/// holding one integer (0-d or one element). Floats (`3.7`), bools and
/// anything else are refused, never rounded.
///
/// # Errors
/// `ValueError` naming what was given.
fn whole_number(obj: &Bound<'_, PyAny>) -> PyResult<i128> {
    let refuse = |o: &Bound<'_, PyAny>| {
        let kind = o
            .get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string());
        value_error(format!(
            "expected a whole number, got {} ({kind})",
            shown(o)
        ))
    };
    if obj.is_instance_of::<PyBool>() {
        return Err(refuse(obj));
    }
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        if array.len() != 1 {
            return Err(value_error(format!(
                "expected a whole number, got an array of {} values",
                array.len()
            )));
        }
        let item = obj.call_method0("item")?;
        if item.is_instance_of::<PyBool>() || !item.is_instance_of::<PyInt>() {
            return Err(refuse(obj));
        }
        return whole_number(&item);
    }
    // `operator.index`: ints and NumPy integer scalars, never floats.
    let index = if obj.is_instance_of::<PyInt>() {
        obj.clone()
    } else {
        let index = obj.py().import("operator")?.getattr("index")?.call1((obj,));
        match index {
            Ok(i) => i,
            Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => return Err(refuse(obj)),
            Err(e) => return Err(e),
        }
    };
    if let Ok(n) = index.extract::<i64>() {
        return Ok(i128::from(n));
    }
    index
        .extract::<u64>()
        .map(i128::from)
        .map_err(|_| value_error(format!("expected a whole number, got {index}: too large")))
}

/// An unsigned integer type an argument is read into.
pub trait Whole: TryFrom<i128> {
    /// Its largest value.
    const MAX: i128;
}

macro_rules! whole {
    ($($t:ty),*) => {$(impl Whole for $t { const MAX: i128 = <$t>::MAX as i128; })*};
}
whole!(u8, u16, u32, u64, usize);

/// A whole number of 0 to `T::MAX` ([`whole_number`]'s forms): the
/// `from_py_with` reader of every integer argument, so that a negative, too
/// large or fractional number raises `ValueError` (Python names the argument
/// in the exception's note).
///
/// # Errors
/// `ValueError` with the number and the range.
pub fn whole<T: Whole>(obj: &Bound<'_, PyAny>) -> PyResult<T> {
    let n = whole_number(obj)?;
    T::try_from(n).map_err(|_| {
        value_error(if n < 0 {
            format!("expected a whole number of 0 or more, got {n}")
        } else {
            format!("expected a whole number of at most {}, got {n}", T::MAX)
        })
    })
}

/// Warns `DeprecationWarning`: `old` is an old name of `new`, still read
/// for one release.
///
/// # Errors
/// The warning raised as an error (`-W error::DeprecationWarning`).
pub fn deprecated(py: Python<'_>, old: &str, new: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(format!("{old} is deprecated: use {new}"))
        .expect("names have no NUL");
    PyErr::warn(
        py,
        &py.get_type::<pyo3::exceptions::PyDeprecationWarning>(),
        &message,
        1,
    )
}

/// A seat argument: a whole number (as [`whole`] reads it) that is a seat,
/// read through the library's [`SeatIndex`] so that every function refuses
/// a bad seat alike.
///
/// # Errors
/// `ValueError`: `seat: expected a whole number, got 2.0 (float)`, or
/// `seat 7: expected 0 to 3`.
pub fn seat(obj: &Bound<'_, PyAny>) -> PyResult<SeatIndex> {
    let n = whole_number(obj).map_err(|e| value_error(format!("seat: {}", e.value(obj.py()))))?;
    match u64::try_from(n) {
        Ok(n) => SeatIndex::try_from(n).map_err(value_error),
        Err(_) => Err(value_error(format!("seat {n}: expected 0 to 3"))),
    }
}

/// [`seat`], or `None` for Python's `None`.
///
/// # Errors
/// As [`seat`].
pub fn seat_or_none(obj: &Bound<'_, PyAny>) -> PyResult<Option<SeatIndex>> {
    if obj.is_none() {
        Ok(None)
    } else {
        seat(obj).map(Some)
    }
}

/// [`whole`], or `None` for Python's `None`.
///
/// # Errors
/// As [`whole`].
pub fn whole_or_none<T: Whole>(obj: &Bound<'_, PyAny>) -> PyResult<Option<T>> {
    if obj.is_none() {
        Ok(None)
    } else {
        whole(obj).map(Some)
    }
}

/// A wind given as its letter (`E`, `S`, `W`, `N`, checked by the library)
/// or as a number 0–3 (0 = East); `what` names the argument in errors.
///
/// # Errors
/// `ValueError` for anything else (a number past 3, a float, a bool).
pub fn wind_text(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    let n = whole_number(obj).map_err(|e| {
        value_error(format!(
            "{what}: a wind (E, S, W, N or 0-3): {}",
            e.value(obj.py())
        ))
    })?;
    match n {
        0..=3 => Ok(Wind::ALL[n as usize].to_string()),
        _ => Err(value_error(format!(
            "{what}: a wind (E, S, W, N or 0-3), got {n}"
        ))),
    }
}

/// A yes/no argument: `True`/`False` or a NumPy bool, never a number or a
/// text read as true.
///
/// # Errors
/// `ValueError` naming what was given.
pub fn flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    let kind = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string());
    if kind == "bool" || kind == "bool_" {
        return obj.is_truthy();
    }
    Err(value_error(format!(
        "expected True or False, got {} ({kind})",
        shown(obj)
    )))
}

/// A value as an error shows it: a text quoted (`'7'`), anything else as
/// `str()` writes it (`3.7`, `[3.]`).
fn shown(obj: &Bound<'_, PyAny>) -> String {
    let text = if obj.is_instance_of::<PyString>() {
        obj.repr()
    } else {
        obj.str()
    };
    text.map_or_else(|_| "?".into(), |t| t.to_string())
}

//! Hand queries: shanten (each form, called melds counted), a numpy batch,
//! waits, ukeire, per-discard analysis, agari and decompositions.

use crate::convert::{hand_of, tile_names, value_error, visible_of};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use tenpai::{Decomposition, Hand, HandError, Tables, TileCounts, KINDS};

/// Shanten of each form of a hand (-1 = complete, 0 = tenpai).
#[pyclass(frozen, get_all, eq, module = "tenpai")]
#[derive(Clone, PartialEq)]
pub struct Shanten {
    /// Melds and a pair.
    standard: i8,
    /// Seven pairs; None unless the hand has 13 or 14 concealed tiles.
    chiitoitsu: Option<i8>,
    /// Thirteen orphans; None unless the hand has 13 or 14 concealed tiles.
    kokushi: Option<i8>,
}

#[pymethods]
impl Shanten {
    /// The hand's shanten number: the least of the forms.
    #[getter]
    fn min(&self) -> i8 {
        self.lib().min()
    }

    fn __repr__(&self) -> String {
        let opt = |x: Option<i8>| x.map_or("None".to_string(), |v| v.to_string());
        format!(
            "Shanten(standard={}, chiitoitsu={}, kokushi={})",
            self.standard,
            opt(self.chiitoitsu),
            opt(self.kokushi)
        )
    }
}

impl Shanten {
    fn lib(&self) -> tenpai::Shanten {
        tenpai::Shanten {
            standard: self.standard,
            chiitoitsu: self.chiitoitsu,
            kokushi: self.kokushi,
        }
    }
}

impl From<tenpai::Shanten> for Shanten {
    fn from(s: tenpai::Shanten) -> Shanten {
        Shanten {
            standard: s.standard,
            chiitoitsu: s.chiitoitsu,
            kokushi: s.kokushi,
        }
    }
}

/// Tile acceptance of a 3n+1 hand: the tiles that lower its shanten (its
/// waits when tenpai) and the copies of each not yet seen.
#[pyclass(frozen, get_all, module = "tenpai")]
#[derive(Clone)]
pub struct Ukeire {
    /// Shanten of the hand (0 = tenpai).
    shanten: i8,
    /// The useful tiles (mpsz, index order).
    tiles: Vec<String>,
    /// Unseen copies of the useful tiles, in all.
    count: u32,
    /// Unseen copies of each useful tile.
    left: BTreeMap<String, u8>,
}

#[pymethods]
impl Ukeire {
    fn __repr__(&self) -> String {
        format!(
            "Ukeire(shanten={}, tiles={}, count={})",
            self.shanten,
            py_list(&self.tiles),
            self.count
        )
    }
}

impl From<&tenpai::Ukeire> for Ukeire {
    fn from(u: &tenpai::Ukeire) -> Ukeire {
        Ukeire {
            shanten: u.shanten,
            tiles: u.tiles.iter().map(|t| t.to_string()).collect(),
            count: u.count,
            left: u.iter().map(|(t, n)| (t.to_string(), n)).collect(),
        }
    }
}

/// One discard of a 3n+2 hand and what the remaining tiles accept.
#[pyclass(frozen, get_all, module = "tenpai")]
pub struct Discard {
    /// The tile discarded (mpsz).
    tile: String,
    /// Shanten after the discard.
    shanten: i8,
    /// Tile acceptance of the remaining 3n+1 tiles.
    ukeire: Py<Ukeire>,
}

#[pymethods]
impl Discard {
    fn __repr__(&self) -> String {
        let u = self.ukeire.get();
        format!(
            "Discard(tile='{}', shanten={}, tiles={}, count={})",
            self.tile,
            self.shanten,
            py_list(&u.tiles),
            u.count
        )
    }
}

/// One way to read a complete hand.
#[pyclass(frozen, get_all, name = "Decomposition", module = "tenpai")]
pub struct PyDecomposition {
    /// `standard` (melds and a pair), `chiitoitsu` or `kokushi`.
    kind: &'static str,
    /// The pair (the terminal or honor held twice for kokushi); None for
    /// chiitoitsu.
    pair: Option<String>,
    /// The concealed melds (`123m`, `555z`) of a standard reading, or the
    /// seven pairs (`11m`) of chiitoitsu; empty for kokushi.
    groups: Vec<String>,
    text: String,
}

#[pymethods]
impl PyDecomposition {
    fn __repr__(&self) -> String {
        format!("Decomposition('{}')", self.text)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

impl From<&Decomposition> for PyDecomposition {
    fn from(d: &Decomposition) -> PyDecomposition {
        let pair_text = |t: tenpai::Tile| format!("{0}{0}{1}", t.number(), t.suit().letter());
        let (kind, pair, groups) = match d {
            Decomposition::Standard { pair, melds } => (
                "standard",
                Some(pair.to_string()),
                melds.iter().map(|m| m.to_string()).collect(),
            ),
            Decomposition::Chiitoitsu { pairs } => (
                "chiitoitsu",
                None,
                pairs.iter().map(|&t| pair_text(t)).collect(),
            ),
            Decomposition::Kokushi { pair } => ("kokushi", Some(pair.to_string()), Vec::new()),
        };
        PyDecomposition {
            kind,
            pair,
            groups,
            text: d.to_string(),
        }
    }
}

/// Tile names as a Python list literal: `['1m', '4m']`.
fn py_list(tiles: &[String]) -> String {
    let quoted: Vec<String> = tiles.iter().map(|t| format!("'{t}'")).collect();
    format!("[{}]", quoted.join(", "))
}

/// Shanten of the hand, called melds taken into account when written.
fn forms(hand: &Hand) -> Result<tenpai::Shanten, HandError> {
    let t = Tables::embedded();
    if hand.melds().is_empty() {
        t.shanten_forms(hand.concealed())
    } else {
        t.shanten_with_melds(hand)
    }
}

/// shanten(hand) -> int
///
/// The shanten number of a hand (-1 = complete, 0 = tenpai): the least over
/// the standard form, seven pairs and thirteen orphans. `hand` is mpsz text
/// (`"123m456p789s1122z"`, red fives as `0`, called melds in brackets:
/// `"11567z [777z] [666z] [555z]"`, whose used-up tiles are then not counted
/// on), mjai tile names (`["1m", "5mr", "E"]` or `"1m 5mr E"`, as
/// observations hold them; concealed tiles) or 34 concealed tile counts.
/// Every hand function reads these forms.
///
/// Raises ValueError for a bad hand (the message names the tile or position).
#[pyfunction]
fn shanten(hand: &Bound<'_, PyAny>) -> PyResult<i8> {
    let h = hand_of(hand)?;
    if h.melds().is_empty() {
        tenpai::shanten(h.concealed()).map_err(value_error)
    } else {
        Ok(forms(&h).map_err(value_error)?.min())
    }
}

/// shanten_forms(hand) -> Shanten
///
/// The shanten number of each form (standard, chiitoitsu, kokushi); see
/// `shanten` for `hand`.
#[pyfunction]
fn shanten_forms(hand: &Bound<'_, PyAny>) -> PyResult<Shanten> {
    Ok(forms(&hand_of(hand)?).map_err(value_error)?.into())
}

/// Writes the shanten of every row of `flat` (34 counts a row) into `out`,
/// or returns the first bad row's index and error.
fn batch(flat: &[u8], out: &mut [i8]) -> Result<(), (usize, HandError)> {
    let t = Tables::embedded();
    for (i, (row, o)) in flat.chunks_exact(KINDS).zip(out.iter_mut()).enumerate() {
        let counts: &TileCounts = row.try_into().map_err(|_| (i, HandError::Empty))?;
        *o = t.shanten(counts).map_err(|e| (i, e))?;
    }
    Ok(())
}

/// The rows of `counts` (an (N, 34) array of integers of any dtype, in any
/// memory layout: C, Fortran, strided, reversed) as N × 34 counts in row
/// order, copied once (34 bytes a row: far less than a row's shanten) so
/// that the shanten are computed without the GIL.
///
/// # Errors
/// `ValueError`: not an array of integers, not 2-D with 34 columns, a count
/// outside 0..=255 (naming the row and tile).
fn batch_rows(counts: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let py = counts.py();
    let array = match counts.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => py
            .import("numpy")?
            .getattr("asarray")?
            .call1((counts,))?
            .cast_into::<PyUntypedArray>()
            .map_err(|_| value_error("counts: expected an (N, 34) array of tile counts"))?,
    };
    let shape = array.shape().to_vec();
    if shape.len() != 2 || shape[1] != KINDS {
        let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
        let comma = if dims.len() == 1 { "," } else { "" };
        return Err(value_error(format!(
            "counts: expected shape (N, 34), got ({}{comma})",
            dims.join(", ")
        )));
    }
    let kind = array.dtype().kind();
    if kind != b'u' && kind != b'i' {
        return Err(value_error(format!(
            "counts: expected integer tile counts, got dtype {}",
            array.dtype()
        )));
    }
    if let Ok(a) = array.cast::<PyArray2<u8>>() {
        let a = a.try_readonly().map_err(value_error)?;
        // `as_slice` also succeeds on Fortran memory, whose order is not
        // the rows': only C order is read as one slice.
        if a.is_c_contiguous() {
            if let Ok(flat) = a.as_slice() {
                return Ok(flat.to_vec());
            }
        }
        return Ok(a.as_array().iter().copied().collect());
    }
    // Any other integer dtype (or byte order): as int64, checked.
    let wide = array.call_method1("astype", ("int64",))?;
    let wide = wide
        .cast::<PyArray2<i64>>()
        .map_err(|_| value_error("counts: expected integer tile counts"))?
        .try_readonly()
        .map_err(value_error)?;
    let mut out = Vec::with_capacity(shape[0] * KINDS);
    for ((row, col), &v) in wide.as_array().indexed_iter() {
        let c = u8::try_from(v).map_err(|_| {
            let tile = tenpai::Tile::new(col as u8).expect("below 34");
            value_error(format!("row {row}: tile {tile} has count {v} (max 4)"))
        })?;
        out.push(c);
    }
    Ok(out)
}

/// shanten_batch(counts: numpy.ndarray[(N, 34), integer]) -> numpy.ndarray[(N,), int8]
///
/// The shanten number of each row of tile counts (concealed tiles only), as
/// `shanten` computes it. `counts` is any 2-D array of integers (uint8 is
/// read fastest) in any memory layout (C or Fortran order, strided,
/// reversed, a transpose) or a nested list; N may be 0. Runs without the
/// GIL; one core.
///
/// Raises ValueError for a row that is not a hand (naming the row), an array
/// that is not (N, 34) integers, a count below 0.
#[pyfunction]
fn shanten_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let flat = batch_rows(counts)?;
    let mut dest = vec![0i8; flat.len() / KINDS];
    py.detach(|| batch(&flat, &mut dest))
        .map_err(|(row, e)| value_error(format!("row {row}: {e}")))?;
    Ok(PyArray1::from_vec(py, dest))
}

/// ukeire(hand, visible=None) -> Ukeire
///
/// Tile acceptance of a 3n+1 hand: the tiles that lower its shanten and the
/// copies of each not yet seen (4 minus the hand, its melds and `visible`:
/// mpsz text of any length or 34 counts).
#[pyfunction]
#[pyo3(signature = (hand, visible=None))]
fn ukeire(hand: &Bound<'_, PyAny>, visible: Option<&Bound<'_, PyAny>>) -> PyResult<Ukeire> {
    let h = hand_of(hand)?;
    let v = visible_of(visible)?;
    let t = Tables::embedded();
    let u = if h.melds().is_empty() {
        t.ukeire(h.concealed(), v.as_ref())
    } else {
        t.ukeire_with_melds(&h, v.as_ref())
    };
    Ok(Ukeire::from(&u.map_err(value_error)?))
}

/// waits(hand, visible=None) -> list[str]
///
/// The tiles that complete a 3n+1 hand (mpsz, index order), empty when the
/// hand is not tenpai. A tile the hand holds four times is never a wait;
/// a wait whose copies are all seen is still listed (see `ukeire` for the
/// copies left).
#[pyfunction]
#[pyo3(signature = (hand, visible=None))]
fn waits(hand: &Bound<'_, PyAny>, visible: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let h = hand_of(hand)?;
    // `visible` does not change the waits; it is still checked, as `ukeire` does.
    visible_of(visible)?;
    let w = tenpai::waits(h.concealed(), Some(&h.meld_counts())).map_err(value_error)?;
    Ok(w.iter().map(|t| t.to_string()).collect())
}

/// analyze(hand, visible=None) -> list[Discard]
///
/// Per-discard analysis of a 3n+2 hand, like Tenhou's tile-efficiency tool:
/// each distinct tile's discard with the shanten and ukeire left, best first
/// (lower shanten, then more copies, then more kinds).
#[pyfunction]
#[pyo3(signature = (hand, visible=None))]
fn analyze(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    visible: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Discard>> {
    let h = hand_of(hand)?;
    let v = visible_of(visible)?;
    let t = Tables::embedded();
    let rows = if h.melds().is_empty() {
        t.analyze(h.concealed(), v.as_ref())
    } else {
        t.analyze_with_melds(&h, v.as_ref())
    }
    .map_err(value_error)?;
    rows.iter()
        .map(|d| {
            Ok(Discard {
                tile: d.tile.to_string(),
                shanten: d.ukeire.shanten,
                ukeire: Py::new(py, Ukeire::from(&d.ukeire))?,
            })
        })
        .collect()
}

/// is_agari(hand) -> bool
///
/// Whether the concealed tiles (3n+2) form a complete hand: melds and a
/// pair, seven pairs or thirteen orphans. Yaku are not considered.
#[pyfunction]
fn is_agari(hand: &Bound<'_, PyAny>) -> PyResult<bool> {
    tenpai::is_agari(hand_of(hand)?.concealed()).map_err(value_error)
}

/// decompositions(hand) -> list[Decomposition]
///
/// Every way to read the concealed tiles (3n+2) as a complete hand: each
/// split into melds and a pair, then seven pairs, then thirteen orphans.
/// Empty when the hand is not complete.
#[pyfunction]
fn decompositions(hand: &Bound<'_, PyAny>) -> PyResult<Vec<PyDecomposition>> {
    let d = tenpai::decompositions(hand_of(hand)?.concealed()).map_err(value_error)?;
    Ok(d.iter().map(PyDecomposition::from).collect())
}

/// counts(hand) -> numpy.ndarray[(34,), uint8]
///
/// The concealed tile counts of a hand (mpsz text), index order 1m..9m,
/// 1p..9p, 1s..9s, 1z..7z; the row format of `shanten_batch`.
#[pyfunction]
fn counts<'py>(py: Python<'py>, hand: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray1<u8>>> {
    Ok(PyArray1::from_slice(py, hand_of(hand)?.concealed()))
}

/// Registers the hand queries and the tile names.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Shanten>()?;
    m.add_class::<Ukeire>()?;
    m.add_class::<Discard>()?;
    m.add_class::<PyDecomposition>()?;
    m.add("TILES", tile_names())?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_forms, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(ukeire, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(is_agari, m)?)?;
    m.add_function(wrap_pyfunction!(decompositions, m)?)?;
    m.add_function(wrap_pyfunction!(counts, m)?)?;
    Ok(())
}

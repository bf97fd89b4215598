//! `tenpai.VecGame`: the library's batch of games (`tenpai::batch::VecGame`)
//! behind NumPy arrays that it allocates once and rewrites at every call.
//! Every argument is checked here or by the library before any game moves;
//! the stepping runs without the GIL.

use crate::args as arg;
use crate::convert::{seat, value_error};
use crate::game::{event_dicts, game_rules, mjai_lines, FeatureArrays};
use crate::selfplay::player_of;
use numpy::{
    dtype, Element, PyArray1, PyArray2, PyArray3, PyArrayDescrMethods, PyArrayMethods,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use std::sync::{Mutex, MutexGuard};
use tenpai::arena::PlayerKind;
use tenpai::batch::{Outputs, Reward, VecGame as LibVecGame, MAX_GAMES, MAX_LEGAL};
use tenpai::game::{Features, Game as LibGame, SeatIndex, ACTION_SPACE, PLANES, SCALARS};

/// The output arrays, C-ordered, allocated once.
struct Arrays {
    seat: Py<PyArray1<i8>>,
    tiles: Py<PyArray3<u8>>,
    scalars: Py<PyArray2<i32>>,
    mask: Py<PyArray2<bool>>,
    legal: Py<PyArray2<i16>>,
    legal_count: Py<PyArray1<i16>>,
    reward: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    round_over: Py<PyArray1<bool>>,
    seed: Py<PyArray1<u64>>,
    final_scores: Py<PyArray2<i32>>,
}

impl Arrays {
    fn new(py: Python<'_>, n: usize) -> Arrays {
        Arrays {
            seat: PyArray1::zeros(py, n, false).unbind(),
            tiles: PyArray3::zeros(py, [n, PLANES, 34], false).unbind(),
            scalars: PyArray2::zeros(py, [n, SCALARS], false).unbind(),
            mask: PyArray2::zeros(py, [n, ACTION_SPACE], false).unbind(),
            legal: PyArray2::zeros(py, [n, MAX_LEGAL], false).unbind(),
            legal_count: PyArray1::zeros(py, n, false).unbind(),
            reward: PyArray2::zeros(py, [n, 4], false).unbind(),
            done: PyArray1::zeros(py, n, false).unbind(),
            round_over: PyArray1::zeros(py, n, false).unbind(),
            seed: PyArray1::zeros(py, n, false).unbind(),
            final_scores: PyArray2::zeros(py, [n, 4], false).unbind(),
        }
    }
}

/// Runs `f` with the arrays lent as the library's [`Outputs`], without the
/// GIL. An array made read-only from Python is refused (`ValueError`).
fn with_outputs<R: Send>(
    py: Python<'_>,
    a: &Arrays,
    f: impl FnOnce(Outputs<'_>) -> R + Send,
) -> PyResult<R> {
    let mut seat = a.seat.bind(py).try_readwrite().map_err(value_error)?;
    let mut tiles = a.tiles.bind(py).try_readwrite().map_err(value_error)?;
    let mut scalars = a.scalars.bind(py).try_readwrite().map_err(value_error)?;
    let mut mask = a.mask.bind(py).try_readwrite().map_err(value_error)?;
    let mut legal = a.legal.bind(py).try_readwrite().map_err(value_error)?;
    let mut legal_count = a
        .legal_count
        .bind(py)
        .try_readwrite()
        .map_err(value_error)?;
    let mut reward = a.reward.bind(py).try_readwrite().map_err(value_error)?;
    let mut done = a.done.bind(py).try_readwrite().map_err(value_error)?;
    let mut round_over = a.round_over.bind(py).try_readwrite().map_err(value_error)?;
    let mut seed = a.seed.bind(py).try_readwrite().map_err(value_error)?;
    let mut final_scores = a
        .final_scores
        .bind(py)
        .try_readwrite()
        .map_err(value_error)?;
    let out = Outputs {
        seat: seat.as_slice_mut().map_err(value_error)?,
        tiles: tiles.as_slice_mut().map_err(value_error)?,
        scalars: scalars.as_slice_mut().map_err(value_error)?,
        mask: mask.as_slice_mut().map_err(value_error)?,
        legal: legal.as_slice_mut().map_err(value_error)?,
        legal_count: legal_count.as_slice_mut().map_err(value_error)?,
        reward: reward.as_slice_mut().map_err(value_error)?,
        done: done.as_slice_mut().map_err(value_error)?,
        round_over: round_over.as_slice_mut().map_err(value_error)?,
        seed: seed.as_slice_mut().map_err(value_error)?,
        final_scores: final_scores.as_slice_mut().map_err(value_error)?,
    };
    Ok(py.detach(|| f(out)))
}

/// Reads the actions into `into` (one per game, as i64): a one-dimensional
/// NumPy array (or anything `numpy.asarray` turns into one) of any integer
/// type, in any memory layout (strided, reversed).
fn read_actions(obj: &Bound<'_, PyAny>, n: usize, into: &mut Vec<i64>) -> PyResult<()> {
    let py = obj.py();
    let arr = match obj.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => {
            let a = py.import("numpy")?.call_method1("asarray", (obj,))?;
            a.cast_into::<PyUntypedArray>()
                .map_err(|_| value_error("actions: expected a one-dimensional integer array"))?
        }
    };
    let shape = arr.shape().to_vec();
    if shape != [n] {
        return Err(value_error(format!(
            "actions: expected shape ({n},), one action per game, got {shape:?}"
        )));
    }
    into.clear();
    let dt = arr.dtype();
    /// The actions of an array of `T`, if it is one; a value that is no
    /// i64 (a uint64 above i64::MAX) is refused here with its own value
    /// (the library's check would see a clipped one).
    fn take<T: Element + Copy + TryInto<i64> + std::fmt::Display>(
        arr: &Bound<'_, PyUntypedArray>,
        into: &mut Vec<i64>,
    ) -> PyResult<bool> {
        if !arr.dtype().is_equiv_to(&dtype::<T>(arr.py())) {
            return Ok(false);
        }
        let a = arr
            .cast::<PyArray1<T>>()?
            .try_readonly()
            .map_err(value_error)?;
        for (i, &v) in a.as_array().iter().enumerate() {
            into.push(v.try_into().map_err(|_| {
                value_error(format!(
                    "game {i}: action {v}: outside the action space 0-{}",
                    ACTION_SPACE - 1
                ))
            })?);
        }
        Ok(true)
    }
    let read = take::<i64>(&arr, into)?
        || take::<i32>(&arr, into)?
        || take::<i16>(&arr, into)?
        || take::<i8>(&arr, into)?
        || take::<u8>(&arr, into)?
        || take::<u16>(&arr, into)?
        || take::<u32>(&arr, into)?
        || take::<u64>(&arr, into)?;
    if !read && matches!(dt.kind(), b'i' | b'u') && dt.is_native_byteorder() == Some(false) {
        // The same integers in this machine's byte order (a big-endian
        // `>i4` on x86), then read as above.
        let native = arr.call_method1("astype", (dt.call_method1("newbyteorder", ("=",))?,))?;
        return read_actions(&native, n, into);
    }
    if !read {
        return Err(value_error(format!(
            "actions: expected an integer array, got dtype {}",
            dt.str()?
        )));
    }
    Ok(())
}

/// The `seats` argument: a sequence of four seats (a str or a dict is one
/// seat, not a sequence).
///
/// # Errors
/// `TypeError` naming `seats` and the type given.
fn seats_of<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let refuse = || {
        let kind = obj
            .get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string());
        PyTypeError::new_err(format!(
            "seats: expected a list of 4 seats (None or \"agent\" for yours, a player name or dict), got {kind}"
        ))
    };
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyDict>() {
        return Err(refuse());
    }
    obj.try_iter()
        .map_err(|_| refuse())?
        .collect::<PyResult<Vec<_>>>()
}

/// A seat's player: None or "agent" for the caller's, else a built-in one.
fn seat_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<PlayerKind>> {
    if obj.is_none() {
        return Ok(None);
    }
    if let Ok(s) = obj.extract::<String>() {
        if s == "agent" {
            return Ok(None);
        }
    }
    player_of(obj).map(Some)
}

/// Many games stepped together in Rust, for learning agents.
#[pyclass(module = "tenpai")]
pub struct VecGame {
    // A lock makes the class shareable between Python threads (the games
    // hold `Send`-only state); pyo3 already lets one call at a time borrow
    // it mutably, so the lock is never contended.
    inner: Mutex<LibVecGame>,
    arrays: Arrays,
    actions: Vec<i64>,
    length: Option<String>,
    rules: String,
}

impl VecGame {
    /// The games (nothing panics while the lock is held, so a poisoned
    /// lock still holds whole games).
    fn lib(&self) -> MutexGuard<'_, LibVecGame> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` with game `i` (with `finished`: the last game that ended in
    /// row `i`).
    fn with_game<R>(
        &self,
        i: usize,
        finished: bool,
        f: impl FnOnce(&LibGame<'static>) -> PyResult<R>,
    ) -> PyResult<R> {
        let lib = self.lib();
        let n = lib.len();
        if i >= n {
            return Err(value_error(format!("game {i}: expected 0-{}", n - 1)));
        }
        let g = if finished {
            lib.finished(i)
        } else {
            lib.game(i)
        };
        f(g.ok_or_else(|| value_error(format!("game {i}: no game has ended in this row yet")))?)
    }

    /// The arrays `step` and `reset` return.
    fn returned<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let a = &self.arrays;
        PyTuple::new(
            py,
            [
                a.seat.bind(py).as_any(),
                a.tiles.bind(py).as_any(),
                a.scalars.bind(py).as_any(),
                a.mask.bind(py).as_any(),
                a.reward.bind(py).as_any(),
                a.done.bind(py).as_any(),
            ],
        )
    }
}

#[pymethods]
impl VecGame {
    /// VecGame(n, seed=0, seats=None, rules="tenhou", length=None, reward="points")
    ///
    /// `n` games (1 to MAX_GAMES); game `i` starts from wall seed `seed + i`, and its k-th
    /// game (auto-reset) from `seed + i + k*n`. `seats`: four entries, None
    /// or "agent" for a seat the caller plays, else a built-in player
    /// ("random", "baseline", "mc" or a dict such as {"kind": "mc",
    /// "samples": 200}) played inside Rust; default: the caller plays all
    /// four. `reward`: "points" (score change at each round end, in
    /// thousands of points) or "rank" (1, 1/3, -1/3, -1 at the game end).
    #[new]
    #[pyo3(signature = (n, seed=0, seats=None, rules=String::from("tenhou"), length=None,
        reward=String::from("points")))]
    fn new(
        py: Python<'_>,
        #[pyo3(from_py_with = arg::n::whole::<usize>)] n: usize,
        #[pyo3(from_py_with = arg::seed::whole::<u64>)] seed: u64,
        seats: Option<Bound<'_, PyAny>>,
        #[pyo3(from_py_with = arg::rules::text)] rules: String,
        #[pyo3(from_py_with = arg::length::text_or_none)] length: Option<String>,
        #[pyo3(from_py_with = arg::reward::text)] reward: String,
    ) -> PyResult<VecGame> {
        let kinds: [Option<PlayerKind>; 4] = match seats.filter(|s| !s.is_none()) {
            None => [None, None, None, None],
            Some(v) => {
                let v = seats_of(&v)?;
                let k: Vec<Option<PlayerKind>> = (v.iter().enumerate())
                    .map(|(s, obj)| arg::read(obj, &format!("seat {s}"), seat_of))
                    .collect::<PyResult<_>>()?;
                k.try_into().map_err(|v: Vec<_>| {
                    value_error(format!("seats: expected 4, got {}", v.len()))
                })?
            }
        };
        let r = game_rules(&rules, length.as_deref())?;
        let reward: Reward = reward.parse().map_err(value_error)?;
        let inner = py
            .detach(|| LibVecGame::new(&r, n, seed, kinds, reward))
            .map_err(value_error)?;
        let arrays = Arrays::new(py, n);
        let mut v = VecGame {
            inner: Mutex::new(inner),
            arrays,
            actions: Vec::with_capacity(n),
            length,
            rules,
        };
        let VecGame { inner, arrays, .. } = &mut v;
        let inner = inner.get_mut().unwrap_or_else(|e| e.into_inner());
        with_outputs(py, arrays, |out| inner.observe(out))?.map_err(value_error)?;
        Ok(v)
    }

    /// The number of games.
    #[getter]
    fn n(&self) -> usize {
        self.lib().len()
    }

    fn __len__(&self) -> usize {
        self.lib().len()
    }

    /// Each seat's player: None for the caller's, else its name.
    #[getter]
    fn seats(&self) -> Vec<Option<String>> {
        self.lib()
            .seats()
            .iter()
            .map(|k| k.as_ref().map(|k| k.to_string()))
            .collect()
    }

    /// The rules preset or file the games are played by.
    #[getter]
    fn rules(&self) -> &str {
        &self.rules
    }

    /// The game length given (`east`, `south`), or None for the rules'.
    #[getter]
    fn length(&self) -> Option<&str> {
        self.length.as_deref()
    }

    /// int8 (n,): the seat (0-3) each game waits for.
    #[getter]
    fn seat<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.arrays.seat.bind(py).clone()
    }

    /// uint8 (n, PLANES, 34): the features of that seat's view (the planes
    /// of `Game.features`).
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<u8>> {
        self.arrays.tiles.bind(py).clone()
    }

    /// int32 (n, SCALARS): the scalar features of that seat's view.
    #[getter]
    fn scalars<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.arrays.scalars.bind(py).clone()
    }

    /// bool (n, ACTION_SPACE): True at that seat's legal action indices.
    #[getter]
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.arrays.mask.bind(py).clone()
    }

    /// int16 (n, MAX_LEGAL): that seat's legal action indices ascending,
    /// padded with -1.
    #[getter]
    fn legal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i16>> {
        self.arrays.legal.bind(py).clone()
    }

    /// int16 (n,): how many legal actions that seat has (the entries of
    /// `legal` before its -1s).
    #[getter]
    fn legal_count<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i16>> {
        self.arrays.legal_count.bind(py).clone()
    }

    /// float32 (n, 4): by seat, what the last step's round and game ends gave.
    #[getter]
    fn reward<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.reward.bind(py).clone()
    }

    /// bool (n,): the game ended in the last step (the row now holds the next game).
    #[getter]
    fn done<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.arrays.done.bind(py).clone()
    }

    /// bool (n,): a round ended in the last step.
    #[getter]
    fn round_over<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.arrays.round_over.bind(py).clone()
    }

    /// uint64 (n,): the wall seed of the game now in each row
    /// (`tenpai.Game(seed=...)` replays it alone).
    #[getter]
    fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        self.arrays.seed.bind(py).clone()
    }

    /// int32 (n, 4): where `done`, the ended game's final scores by seat
    /// (leftover riichi sticks to the first); else 0.
    #[getter]
    fn final_scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.arrays.final_scores.bind(py).clone()
    }

    /// step(actions) -> (seat, tiles, scalars, mask, reward, done)
    ///
    /// Plays `actions[i]` (an action index) for the seat game `i` waits
    /// for, runs every game on to the next decision of a seat the caller
    /// plays, starts the next game of each row whose game ended, and
    /// rewrites the arrays (the same objects at every call: copy what you
    /// keep). `actions`: shape (n,), any integer dtype and memory layout.
    /// Every action is checked first: a ValueError names the first game
    /// whose action is not legal, and no game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.lib().len();
        read_actions(actions, n, &mut self.actions)?;
        let VecGame {
            inner,
            arrays,
            actions,
            ..
        } = self;
        let inner = inner.get_mut().unwrap_or_else(|e| e.into_inner());
        with_outputs(py, arrays, |out| inner.step(actions, out))?.map_err(value_error)?;
        self.returned(py)
    }

    /// reset(seed=None) -> (seat, tiles, scalars, mask, reward, done)
    ///
    /// Starts every game again: with `seed`, game `i` from wall seed
    /// `seed + i` (as a new VecGame); without, each row its next game.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::seed::whole_or_none::<u64>)] seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let VecGame { inner, arrays, .. } = self;
        let inner = inner.get_mut().unwrap_or_else(|e| e.into_inner());
        with_outputs(py, arrays, |out| inner.reset(seed, out))?.map_err(value_error)?;
        self.returned(py)
    }

    /// events(i, finished=False) -> list[dict]
    ///
    /// The mjai events of game `i` so far (with `finished`: of the last
    /// game that ended in row `i`, whole).
    #[pyo3(signature = (i, finished=false))]
    fn events<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::i::whole::<usize>)] i: usize,
        finished: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        self.with_game(i, finished, |g| event_dicts(py, g.events()))
    }

    /// mjai(i, finished=False) -> str
    ///
    /// The same as mjai JSON lines (one event a line, newline-terminated).
    #[pyo3(signature = (i, finished=false))]
    fn mjai(
        &self,
        #[pyo3(from_py_with = arg::i::whole::<usize>)] i: usize,
        finished: bool,
    ) -> PyResult<String> {
        self.with_game(i, finished, |g| Ok(mjai_lines(g.events())))
    }

    /// features(i, seat, finished=False) -> tuple[numpy.ndarray[(PLANES, 34), uint8], numpy.ndarray[(SCALARS,), int32]]
    ///
    /// What `seat` (0-3, any seat, not only the one asked) sees of game `i`
    /// now, as `Game.features` encodes it (with `finished`: at the end of
    /// the last game that ended in row `i`).
    #[pyo3(signature = (i, seat, finished=false))]
    fn features<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::i::whole::<usize>)] i: usize,
        #[pyo3(from_py_with = seat)] seat: SeatIndex,
        finished: bool,
    ) -> PyResult<FeatureArrays<'py>> {
        let (mut tiles, mut scalars) = ([0u8; PLANES * 34], [0i32; SCALARS]);
        self.with_game(i, finished, |g| {
            Features::write_seen_by(g.state(), seat, &mut tiles, &mut scalars);
            Ok(())
        })?;
        let t = PyArray1::from_slice(py, &tiles).reshape([PLANES, 34])?;
        Ok((t, PyArray1::from_slice(py, &scalars)))
    }

    /// game_seed(i, finished=False) -> int
    ///
    /// The wall seed of game `i` (with `finished`: of the last game that
    /// ended in row `i`).
    #[pyo3(signature = (i, finished=false))]
    fn game_seed(
        &self,
        #[pyo3(from_py_with = arg::i::whole::<usize>)] i: usize,
        finished: bool,
    ) -> PyResult<u64> {
        self.with_game(i, finished, |g| match g.events().first() {
            Some(tenpai::game::Event::StartGame { seed: Some(s), .. }) => Ok(*s),
            _ => Err(value_error(format!("game {i}: no recorded seed"))),
        })
    }

    fn __repr__(&self) -> String {
        let n = self.lib().len();
        let seats: Vec<String> = (self.seats().iter())
            .map(|s| {
                s.as_ref()
                    .map_or_else(|| "None".into(), |k| format!("'{k}'"))
            })
            .collect();
        format!("VecGame(n={n}, seats=[{}])", seats.join(", "))
    }
}

/// Registers the batch of games.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecGame>()?;
    m.add("MAX_LEGAL", MAX_LEGAL)?;
    m.add("MAX_GAMES", MAX_GAMES)?;
    Ok(())
}

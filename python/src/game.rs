//! The game: `tenpai.Game` drives the library's `game::Game` one decision at
//! a time; actions are the library's fixed action indices, observations its
//! `Observation` (as a dict) and `Features` (as numpy arrays).

use crate::args as arg;
use crate::convert::{rules_of, seat as seat_of, seat_or_none, value_error};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Deserialize;
use tenpai::game::{
    action_index, action_name, Action, Event, Features, Game as LibGame, Observation, Pai,
    SeatIndex, ACTION_SPACE, PLANES, SCALARS,
};
use tenpai::rules::{GameLength, Rules};

/// The rules of a preset or file, with the game length when given.
pub fn game_rules(rules: &str, length: Option<&str>) -> PyResult<Rules> {
    let mut r = rules_of(rules)?;
    if let Some(l) = length {
        let d = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(l);
        r.game.length =
            GameLength::deserialize(d).map_err(|e| value_error(format!("length {l:?}: {e}")))?;
    }
    Ok(r)
}

/// The numpy arrays of `Game.features`: planes (PLANES, 34) and scalars.
pub type FeatureArrays<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<i32>>);

/// A whole seeded game, played one decision at a time from Python.
#[pyclass(unsendable, module = "tenpai")]
pub struct Game {
    game: LibGame<'static>,
    seed: u64,
    /// The legal indices of the seat asked, kept in step with `game.legal()`.
    indices: Vec<usize>,
    /// The same, ascending and without repeats (what `legal_actions` gives).
    sorted: Vec<usize>,
}

impl Game {
    fn refresh(&mut self) {
        self.game.legal_indices(&mut self.indices);
        self.sorted.clone_from(&self.indices);
        self.sorted.sort_unstable();
        self.sorted.dedup();
    }

    /// The library's game (for the players).
    pub fn lib(&self) -> &LibGame<'static> {
        &self.game
    }
}

/// The fixed index of a legal action the library's players chose.
pub fn index_of(game: &LibGame<'_>, a: &Action) -> PyResult<usize> {
    let called = match *game.state().phase() {
        tenpai::game::Phase::Discarded { pai, .. } | tenpai::game::Phase::Kan { pai, .. } => {
            Some(pai)
        }
        _ => None,
    };
    action_index(a, called).ok_or_else(|| value_error(format!("{a:?} has no action index")))
}

#[pymethods]
impl Game {
    /// Game(seed=0, rules="tenhou", length=None, check=False)
    ///
    /// A new game from `seed` (seat 0 deals first), stopped at its first
    /// decision. `rules`: a preset (`tenhou`, `mahjongsoul`) or a TOML file;
    /// `length`: `east` or `south` (default: the rules'); `check`: check the
    /// engine's invariants after every event (slower).
    #[new]
    #[pyo3(signature = (seed=0, rules=String::from("tenhou"), length=None, check=false))]
    fn new(
        #[pyo3(from_py_with = arg::seed::whole::<u64>)] seed: u64,
        #[pyo3(from_py_with = arg::rules::text)] rules: String,
        #[pyo3(from_py_with = arg::length::text_or_none)] length: Option<String>,
        check: bool,
    ) -> PyResult<Game> {
        let r = game_rules(&rules, length.as_deref())?;
        let game = LibGame::new(&r, seed, check).map_err(value_error)?;
        let mut g = Game {
            game,
            seed,
            indices: Vec::with_capacity(32),
            sorted: Vec::with_capacity(32),
        };
        g.refresh();
        Ok(g)
    }

    /// The wall seed the game was made from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The seat (0-3) that must choose now, or None once the game is over.
    #[getter]
    fn seat(&self) -> Option<u8> {
        self.game.to_act().map(SeatIndex::get)
    }

    /// The game is over.
    #[getter]
    fn done(&self) -> bool {
        self.game.is_over()
    }

    /// Scores by seat, in points.
    #[getter]
    fn scores(&self) -> [i32; 4] {
        self.game.state().scores()
    }

    /// Rounds dealt so far.
    #[getter]
    fn rounds(&self) -> u32 {
        self.game.rounds()
    }

    /// None while the game goes on; then a dict: `scores` (points by seat,
    /// leftover riichi sticks to the first), `ranking` (seats from first to
    /// last, ties by seat order), `ranks` (each seat's rank 1-4), `rounds`.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        if !self.game.is_over() {
            return Ok(None);
        }
        let scores = self.game.state().scores();
        let ranking = tenpai::game::ranking(&scores);
        let mut ranks = [0u8; 4];
        for (r, &s) in ranking.iter().enumerate() {
            ranks[s as usize] = r as u8 + 1;
        }
        let d = PyDict::new(py);
        d.set_item("scores", scores)?;
        // As lists of ints (a `[u8; 4]` would become `bytes`).
        d.set_item("ranking", ranking.map(u32::from))?;
        d.set_item("ranks", ranks.map(u32::from))?;
        d.set_item("rounds", self.game.rounds())?;
        Ok(Some(d))
    }

    /// legal_actions(seat=None) -> list[int]
    ///
    /// The action indices (0 .. ACTION_SPACE-1, see `action_name`) the seat
    /// may choose now, ascending. Only the seat asked (`seat`, the default)
    /// has any: another seat gets an empty list, and so does every seat once
    /// the game is over.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(
        &self,
        #[pyo3(from_py_with = seat_or_none)] seat: Option<SeatIndex>,
    ) -> PyResult<Vec<usize>> {
        // The seat was checked when read (`seat_or_none`).
        if self.game.is_over() || seat.is_some_and(|s| Some(s) != self.game.to_act()) {
            Ok(Vec::new())
        } else {
            Ok(self.sorted.clone())
        }
    }

    /// action_mask(seat=None) -> numpy.ndarray[(ACTION_SPACE,), bool]
    ///
    /// True at the indices of `legal_actions(seat)`.
    #[pyo3(signature = (seat=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = seat_or_none)] seat: Option<SeatIndex>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut mask = vec![false; ACTION_SPACE];
        for i in self.legal_actions(seat)? {
            mask[i] = true;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// is_legal(action, seat=None) -> bool
    ///
    /// Whether `action` is among `legal_actions(seat)`. `action` as `step`
    /// takes it; an index past ACTION_SPACE is not legal. Raises ValueError
    /// for an action that is not a whole number of 0 or more, a bad seat.
    #[pyo3(signature = (action, seat=None))]
    fn is_legal(
        &self,
        #[pyo3(from_py_with = arg::action::whole::<usize>)] action: usize,
        #[pyo3(from_py_with = seat_or_none)] seat: Option<SeatIndex>,
    ) -> PyResult<bool> {
        Ok(self.legal_actions(seat)?.binary_search(&action).is_ok())
    }

    /// step(action: int) -> None
    ///
    /// The seat asked takes the legal action with this index; the game runs
    /// on to the next decision (or its end). `action` is an int, a NumPy
    /// integer or a NumPy array of one integer (0-d or one element). Raises
    /// ValueError for an index that is not legal now (the game is then
    /// unchanged), and for anything but a whole number of 0 or more (`3.7`
    /// is refused, not rounded).
    fn step(
        &mut self,
        #[pyo3(from_py_with = arg::action::whole::<usize>)] action: usize,
    ) -> PyResult<()> {
        if action >= ACTION_SPACE {
            return Err(outside_action_space(action));
        }
        let Some(pos) = self.indices.iter().position(|&i| i == action) else {
            let seat = self.game.to_act();
            let name = action_name(action).unwrap_or_else(|| format!("index {action}"));
            return Err(value_error(match seat {
                None => "the game is over".to_string(),
                Some(s) => format!("{name} ({action}) is not a legal action of seat {s} now"),
            }));
        };
        self.game.step_legal(pos).map_err(value_error)?;
        self.refresh();
        Ok(())
    }

    /// observation(seat) -> dict
    ///
    /// What `seat` may know now (tiles in mjai notation: `5mr` = red five):
    /// `seat`, `round_wind` (0 East .. 3 North), `kyoku` (1-4), `honba`,
    /// `kyoutaku` (riichi sticks on the table), `dealer` (the dealer's seat), `scores`
    /// (points by seat), `hand` (own concealed tiles), `drawn` (the tile just
    /// drawn or None), `hand_sizes`, `melds` (per seat: dicts `type`,
    /// `tiles`, `called`, `from`), `rivers` (per seat: dicts `pai`,
    /// `tsumogiri`, `riichi`, `called`), `riichi` (per seat), `dora_indicators`,
    /// `live_left` (tiles left in the live wall), `last_tile` (the tile that
    /// may be called now and its seat, or None). The dict is a
    /// `tenpai._deprecated.Observation`: the old keys `bakaze`, `kyotaku` and
    /// `oya` still read, warning `DeprecationWarning`.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = seat_of)] seat: SeatIndex,
    ) -> PyResult<Bound<'py, PyAny>> {
        let d = observation_dict(py, &Observation::of(self.game.state(), seat))?;
        py.import("tenpai._deprecated")?
            .getattr("Observation")?
            .call1((d,))
    }

    /// features(seat) -> tuple[numpy.ndarray[(PLANES, 34), uint8], numpy.ndarray[(SCALARS,), int32]]
    ///
    /// The observation of `seat` as numbers: PLANES rows of 34 values (one per
    /// tile kind) and SCALARS integers; the meaning of each row and scalar is
    /// in the package's type stubs and docs/guide/python.md.
    fn features<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = seat_of)] seat: SeatIndex,
    ) -> PyResult<FeatureArrays<'py>> {
        let f = Features::of(&Observation::of(self.game.state(), seat));
        let tiles = PyArray1::from_slice(py, &f.tiles).reshape([PLANES, 34])?;
        Ok((tiles, PyArray1::from_slice(py, &f.scalars)))
    }

    /// events_json(start=0) -> list[str]
    ///
    /// The events from number `start` on, one mjai JSON object each.
    #[pyo3(signature = (start=0))]
    fn events_json(
        &self,
        #[pyo3(from_py_with = arg::start::whole::<usize>)] start: usize,
    ) -> Vec<String> {
        let e = self.game.events();
        e[start.min(e.len())..]
            .iter()
            .map(|e| e.to_json())
            .collect()
    }

    /// events(start=0) -> list[dict]
    ///
    /// The events from number `start` on, as mjai dicts (`start_game`,
    /// `start_kyoku`, `tsumo`, `dahai`, ... `end_game`).
    #[pyo3(signature = (start=0))]
    fn events<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::start::whole::<usize>)] start: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let e = self.game.events();
        event_dicts(py, &e[start.min(e.len())..])
    }

    /// mjai() -> str
    ///
    /// The game so far as mjai JSON lines (one event a line, newline-terminated).
    fn mjai(&self) -> String {
        mjai_lines(self.game.events())
    }

    /// The number of events so far.
    #[getter]
    fn event_count(&self) -> usize {
        self.game.events().len()
    }

    fn __repr__(&self) -> String {
        let seat = self.game.to_act().map_or("None".into(), |s| s.to_string());
        let done = if self.game.is_over() { "True" } else { "False" };
        format!(
            "Game(seed={}, seat={seat}, done={done}, scores={:?})",
            self.seed,
            self.game.state().scores()
        )
    }
}

/// Events as a list of mjai dicts.
pub fn event_dicts<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Bound<'py, PyList>> {
    let loads = py.import("json")?.getattr("loads")?;
    let out = PyList::empty(py);
    for e in events {
        out.append(loads.call1((e.to_json(),))?)?;
    }
    Ok(out)
}

/// Events as mjai JSON lines (one event a line, newline-terminated).
pub fn mjai_lines(events: &[Event]) -> String {
    let mut s = String::new();
    for e in events {
        s.push_str(&e.to_json());
        s.push('\n');
    }
    s
}

fn pai_list(v: impl IntoIterator<Item = Pai>) -> Vec<String> {
    v.into_iter().map(|p| p.to_string()).collect()
}

/// An observation as a Python dict (see `Game.observation`).
fn observation_dict<'py>(py: Python<'py>, o: &Observation) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", o.seat.get())?;
    d.set_item("round_wind", o.round_wind as u8)?;
    d.set_item("kyoku", o.kyoku)?;
    d.set_item("honba", o.honba)?;
    d.set_item("kyoutaku", o.kyoutaku)?;
    d.set_item("dealer", o.dealer.get())?;
    d.set_item("scores", o.scores)?;
    d.set_item("hand", pai_list(o.hand.iter().copied()))?;
    d.set_item("drawn", o.drawn.map(|p| p.to_string()))?;
    d.set_item("hand_sizes", o.hand_sizes.map(u32::from))?;
    let melds = PyList::empty(py);
    for seat in &o.melds {
        let l = PyList::empty(py);
        for m in seat {
            let md = PyDict::new(py);
            let kind = match (m.kind, m.added) {
                (tenpai::MeldKind::Chi, _) => "chi",
                (tenpai::MeldKind::Pon, _) => "pon",
                (tenpai::MeldKind::Kan, false) => "daiminkan",
                (tenpai::MeldKind::Kan, true) => "kakan",
                (tenpai::MeldKind::ClosedKan, _) => "ankan",
            };
            md.set_item("type", kind)?;
            md.set_item("tiles", pai_list(m.tiles.iter().copied()))?;
            md.set_item("called", m.called.map(|p| p.to_string()))?;
            md.set_item("from", m.from)?;
            l.append(md)?;
        }
        melds.append(l)?;
    }
    d.set_item("melds", melds)?;
    let rivers = PyList::empty(py);
    for seat in &o.rivers {
        let l = PyList::empty(py);
        for t in seat {
            let td = PyDict::new(py);
            td.set_item("pai", t.pai.to_string())?;
            td.set_item("tsumogiri", t.tsumogiri)?;
            td.set_item("riichi", t.riichi)?;
            td.set_item("called", t.called)?;
            l.append(td)?;
        }
        rivers.append(l)?;
    }
    d.set_item("rivers", rivers)?;
    d.set_item("riichi", o.riichi)?;
    d.set_item(
        "dora_indicators",
        pai_list(o.dora_indicators.iter().copied()),
    )?;
    d.set_item("live_left", o.live_left)?;
    d.set_item(
        "last_tile",
        o.last_tile.map(|(s, p)| (s.get(), p.to_string())),
    )?;
    Ok(d)
}

/// action_name(index: int) -> str
///
/// A short English name of an action index (`discard 5m`, `riichi 0p
/// (tsumogiri)`, `chi (called tile lowest)`, `pass`, ...). Raises ValueError
/// past ACTION_SPACE.
#[pyfunction(name = "action_name")]
fn py_action_name(
    #[pyo3(from_py_with = arg::index::whole::<usize>)] index: usize,
) -> PyResult<String> {
    action_name(index).ok_or_else(|| outside_action_space(index))
}

/// seat_index(seat: int) -> int
///
/// `seat` checked as the library checks every seat argument (a whole number
/// 0-3, a NumPy integer too): raises ValueError `seat 7: expected 0 to 3`
/// otherwise. The environments check their `seat` with it.
#[pyfunction]
fn seat_index(#[pyo3(from_py_with = seat_of)] seat: SeatIndex) -> u8 {
    seat.get()
}

/// The error of an action index past the action space (`Game.step`,
/// `action_name`, the environments).
fn outside_action_space(index: usize) -> PyErr {
    value_error(format!(
        "action {index}: outside the action space 0-{}",
        ACTION_SPACE - 1
    ))
}

/// Registers the game.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add("ACTION_SPACE", ACTION_SPACE)?;
    m.add("PLANES", PLANES)?;
    m.add("SCALARS", SCALARS)?;
    m.add_function(wrap_pyfunction!(py_action_name, m)?)?;
    m.add_function(wrap_pyfunction!(seat_index, m)?)?;
    Ok(())
}

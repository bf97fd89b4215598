//! Scoring a win: the situation is built exactly as `tenpai score` builds it
//! from its flags (a `SituationRecord`), checked and scored by the library.

use crate::args as arg;
use crate::convert::{deprecated, hand_of, rules_of, tiles_of, value_error, wind_text};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use tenpai::score::json::SituationRecord;
use tenpai::score::{Limit, Payment as LibPayment, Score as LibScore};

/// Who pays the winner what (points, honba included, riichi sticks excluded).
#[pyclass(frozen, get_all, eq, module = "tenpai")]
#[derive(Clone, PartialEq)]
pub struct Payment {
    /// `ron` or `tsumo`.
    kind: &'static str,
    /// Ron: points from the discarder; None on tsumo.
    discarder: Option<u32>,
    /// Tsumo: points from the dealer (0 when the winner is the dealer); None on ron.
    dealer: Option<u32>,
    /// Tsumo: points from each non-dealer; None on ron.
    non_dealer: Option<u32>,
}

#[pymethods]
impl Payment {
    fn __repr__(&self) -> String {
        match self.kind {
            "ron" => format!("Payment(ron: {})", self.discarder.unwrap_or(0)),
            _ => format!(
                "Payment(tsumo: dealer {}, non-dealer {})",
                self.dealer.unwrap_or(0),
                self.non_dealer.unwrap_or(0)
            ),
        }
    }
}

impl From<LibPayment> for Payment {
    fn from(p: LibPayment) -> Payment {
        match p {
            LibPayment::Ron { discarder } => Payment {
                kind: "ron",
                discarder: Some(discarder),
                dealer: None,
                non_dealer: None,
            },
            LibPayment::Tsumo { dealer, non_dealer } => Payment {
                kind: "tsumo",
                discarder: None,
                dealer: Some(dealer),
                non_dealer: Some(non_dealer),
            },
        }
    }
}

/// A scored win. Points are in 1s.
#[pyclass(frozen, module = "tenpai")]
pub struct Score {
    score: LibScore,
}

#[pymethods]
impl Score {
    /// Total han, dora included (13 per yakuman for a yakuman hand).
    #[getter]
    fn han(&self) -> u32 {
        self.score.han
    }

    /// Fu after rounding (0 for a yakuman hand).
    #[getter]
    fn fu(&self) -> u32 {
        self.score.fu
    }

    /// The yaku with their han, in the library's order, dora (`dora`,
    /// `aka_dora`, `ura_dora`) with their counts: `{"riichi": 1, ...}`.
    #[getter]
    fn yaku<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (y, han) in self.score.yaku.iter() {
            d.set_item(y.name(), han)?;
        }
        Ok(d)
    }

    /// The yakuman multiple (0 when none; a kazoe yakuman is 0 here and
    /// `limit` says it).
    #[getter]
    fn yakuman(&self) -> u32 {
        self.score.yakuman
    }

    /// `mangan`, `haneman`, `baiman`, `sanbaiman`, `kazoe yakuman`,
    /// `yakuman`, `double yakuman`, …, or None.
    #[getter]
    fn limit(&self) -> Option<String> {
        (self.score.limit != Limit::None).then(|| self.score.limit.name())
    }

    /// Basic points: fu × 2^(2 + han), or the limit's.
    #[getter]
    fn basic_points(&self) -> u32 {
        self.score.basic_points
    }

    /// Who pays what (honba included, riichi sticks excluded).
    #[getter]
    fn payment(&self) -> Payment {
        self.score.payment.into()
    }

    /// Points the winner receives from the payments (honba included, riichi
    /// sticks excluded).
    #[getter]
    fn total(&self) -> u32 {
        self.score.total
    }

    /// Points of the riichi sticks (kyoutaku) on the table (1,000 a stick),
    /// all to the winner.
    #[getter]
    fn kyoutaku_points(&self) -> u32 {
        self.score.kyoutaku_points
    }

    /// `total` plus `kyoutaku_points`.
    #[getter]
    fn total_with_kyoutaku(&self) -> u32 {
        self.score.total_with_kyoutaku()
    }

    /// Deprecated name of `kyoutaku_points` (warns `DeprecationWarning`).
    #[getter]
    fn stick_points(&self, py: Python<'_>) -> PyResult<u32> {
        deprecated(py, "Score.stick_points", "Score.kyoutaku_points")?;
        Ok(self.score.kyoutaku_points)
    }

    /// Deprecated name of `total_with_kyoutaku` (warns `DeprecationWarning`).
    #[getter]
    fn total_with_sticks(&self, py: Python<'_>) -> PyResult<u32> {
        deprecated(py, "Score.total_with_sticks", "Score.total_with_kyoutaku")?;
        Ok(self.score.total_with_kyoutaku())
    }

    /// Where the fu came from: `[("base", 20), ("closed ron", 10), ...]`;
    /// empty for a yakuman hand.
    #[getter]
    fn fu_breakdown(&self) -> Vec<(String, u8)> {
        self.score
            .fu_breakdown
            .iter()
            .map(|i| (i.source.to_string(), i.fu))
            .collect()
    }

    /// The reading that was scored, e.g. `11z 123m 456p 789s 555z (tanki wait)`.
    #[getter]
    fn reading(&self) -> String {
        self.score.reading.to_string()
    }

    /// Yakuman for which the rules make the feeder of a meld liable (pao).
    #[getter]
    fn pao(&self) -> Vec<&'static str> {
        self.score.pao.iter().map(|(y, _)| y.name()).collect()
    }

    fn __repr__(&self) -> String {
        let s = &self.score;
        let yaku: Vec<String> = s
            .yaku
            .iter()
            .map(|(y, h)| format!("{} {h}", y.name()))
            .collect();
        format!(
            "Score(han={}, fu={}, yaku=[{}], limit='{}', total={})",
            s.han,
            s.fu,
            yaku.join(", "),
            s.limit.name(),
            s.total
        )
    }
}

/// Tiles (mpsz text, mjai names, a list of names) as mpsz text, one tile a
/// word (`"0m 1z"`), as the situation reads them; text in neither notation
/// as given, for the situation's own message (`bad dora indicators: ...`).
fn mpsz_tiles(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    match tiles_of(obj, what) {
        Ok(tiles) => Ok(tiles.iter().map(|p| p.mpsz()).collect::<Vec<_>>().join(" ")),
        Err(e) => match obj.cast::<PyString>() {
            Ok(text) => Ok(text.to_cow()?.into_owned()),
            Err(_) => Err(e),
        },
    }
}

/// The hand as mpsz text: mpsz text as given (melds in brackets), mjai tile
/// names (a list or a text of names: concealed tiles) as their mpsz.
fn hand_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        if text.parse::<tenpai::Hand>().is_ok() {
            return Ok(text.into_owned());
        }
    }
    Ok(hand_of(obj)?.to_string())
}

/// The seat wind argument of [`score`].
fn seat_wind(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    wind_text(obj, "seat")
}

/// The round wind argument of [`score`].
fn round_wind(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    wind_text(obj, "round")
}

/// score(hand, win_tile, *, tsumo=False, riichi=False, double_riichi=False,
/// ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False,
/// tenhou=False, chiihou=False, renhou=False, dora="", ura="", seat="E",
/// round="E", honba=0, kyoutaku=0, rules="tenhou") -> Score
///
/// Scores a winning hand: `hand` holds the concealed tiles, winning tile
/// included, then the called melds (`[789s]` chi, `[555p]` pon, `[5555p]`
/// open kan, `(1111z)` closed kan) or mjai tile names (a list or a text of
/// names: concealed tiles only); `win_tile` is one tile (`0p` or `5pr` = red
/// five).
/// The default is a ron by the East seat (the dealer) in the East round.
/// `dora`/`ura` are indicator tiles (mpsz text, or names in either
/// notation: `["3m", "C"]`), `seat`/`round` winds (E, S, W, N or 0-3,
/// 0 = East),
/// `honba` repeat counters (300 points each), `kyoutaku` riichi sticks
/// (1,000 points each, to the winner; the old name `sticks` is read too and
/// warns `DeprecationWarning`), `rules` a preset (`tenhou`, `mahjongsoul`)
/// or a TOML rules file.
///
/// Raises ValueError with the library's message for a bad hand or tile, a
/// situation that cannot happen, a hand that is not complete ("not a winning
/// hand") or has no yaku ("no yaku").
#[pyfunction]
#[pyo3(signature = (hand, win_tile, *, tsumo=false, riichi=false, double_riichi=false,
    ippatsu=false, haitei=false, houtei=false, rinshan=false, chankan=false, tenhou=false,
    chiihou=false, renhou=false, dora=None, ura=None, seat=String::from("E"), round=String::from("E"), honba=0, kyoutaku=0,
    rules=String::from("tenhou"), sticks=None))]
#[allow(clippy::too_many_arguments)]
fn score(
    hand: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = arg::tsumo::flag)] tsumo: bool,
    #[pyo3(from_py_with = arg::riichi::flag)] riichi: bool,
    #[pyo3(from_py_with = arg::double_riichi::flag)] double_riichi: bool,
    #[pyo3(from_py_with = arg::ippatsu::flag)] ippatsu: bool,
    #[pyo3(from_py_with = arg::haitei::flag)] haitei: bool,
    #[pyo3(from_py_with = arg::houtei::flag)] houtei: bool,
    #[pyo3(from_py_with = arg::rinshan::flag)] rinshan: bool,
    #[pyo3(from_py_with = arg::chankan::flag)] chankan: bool,
    #[pyo3(from_py_with = arg::tenhou::flag)] tenhou: bool,
    #[pyo3(from_py_with = arg::chiihou::flag)] chiihou: bool,
    #[pyo3(from_py_with = arg::renhou::flag)] renhou: bool,
    dora: Option<&Bound<'_, PyAny>>,
    ura: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = seat_wind)] seat: String,
    #[pyo3(from_py_with = round_wind)] round: String,
    #[pyo3(from_py_with = arg::honba::whole::<u32>)] honba: u32,
    #[pyo3(from_py_with = arg::kyoutaku::whole::<u32>)] kyoutaku: u32,
    #[pyo3(from_py_with = arg::rules::text)] rules: String,
    #[pyo3(from_py_with = arg::sticks::whole_or_none::<u32>)] sticks: Option<u32>,
) -> PyResult<Score> {
    let kyoutaku = match sticks {
        Some(n) if kyoutaku != 0 => {
            return Err(value_error(format!(
                "kyoutaku={kyoutaku} and sticks={n}: give kyoutaku alone (sticks is its old name)"
            )))
        }
        Some(n) => {
            deprecated(win_tile.py(), "score(sticks=...)", "score(kyoutaku=...)")?;
            n
        }
        None => kyoutaku,
    };
    let text =
        |o: Option<&Bound<'_, PyAny>>, what| o.map_or(Ok(String::new()), |o| mpsz_tiles(o, what));
    let win = tiles_of(win_tile, "win_tile")?;
    let [win] = win.as_slice() else {
        return Err(value_error(format!(
            "win_tile: expected one tile, got {}",
            win.len()
        )));
    };
    let record = SituationRecord {
        hand: hand_text(hand)?,
        melds: Vec::new(),
        win_tile: win.mpsz(),
        tsumo,
        riichi: riichi || double_riichi,
        double_riichi,
        ippatsu,
        haitei,
        houtei,
        rinshan,
        chankan,
        tenhou,
        chiihou,
        renhou,
        seat_wind: seat,
        round_wind: round,
        dealer: None,
        dora_indicators: text(dora, "dora")?,
        ura_indicators: text(ura, "ura")?,
        honba,
        kyoutaku,
        expected: None,
    };
    let rules = rules_of(&rules)?;
    let situation = record.to_situation().map_err(value_error)?;
    let score = tenpai::score::score(&situation, &rules).map_err(value_error)?;
    Ok(Score { score })
}

/// Registers `score` and its result types.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Payment>()?;
    m.add_class::<Score>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    Ok(())
}

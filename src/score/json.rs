//! The JSON form of situations and results: the line format of the shared test
//! vectors (`tests/data/score/cases.jsonl`), used by `tenpai score --batch`.
//!
//! A situation line:
//! `{"hand": "34088p", "melds": [{"type": "chi", "tiles": "678p"}], "win_tile": "8p",
//! "tsumo": true, "riichi": false, "double_riichi": false, "ippatsu": false,
//! "haitei": false, "houtei": false, "rinshan": false, "chankan": false,
//! "tenhou": false, "chiihou": false, "seat_wind": "W", "round_wind": "S",
//! "dealer": false, "dora_indicators": "9m9p2z", "ura_indicators": "", "honba": 0,
//! "kyoutaku": 1}`. Meld types are `chi`, `pon`, `minkan` (open kan called
//! from a discard), `kakan` (open kan added to a pon) and `ankan` (closed kan).
//! On input only `hand` and `win_tile` are required (flags default to false,
//! winds to East, counts to 0, `dealer` to "seat wind is East"), `renhou` is
//! accepted too, and so are the names of `tenpai score`'s flags: `win` for
//! `win_tile`, `seat` for `seat_wind`, `round` for `round_wind`, `dora` for
//! `dora_indicators` and `ura` for `ura_indicators`; the old names
//! `riichi_sticks` and `sticks` are read as `kyoutaku`. The vectors' `expected` field is read and ignored; any
//! other field is refused (`unknown field`), so that a misspelt flag is an
//! error, not a silently different situation.
//!
//! A result (the `expected` field of the vectors): `{"han": 5, "fu": 90, "yaku":
//! {"yakuhai_haku": 1, "honitsu": 2, "aka_dora": 1}, "yakuman": 0, "payment":
//! {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}, "total": 8000}`, with
//! `{"ron": n}` for a ron, or `{"error": "no yaku"}` (any [`ScoreError`] message).
//!
//! ```
//! use tenpai::score::json;
//! use tenpai::rules::Rules;
//! let line = r#"{"hand":"123m456p789s11z555z","win_tile":"5z","tsumo":true}"#;
//! assert_eq!(json::score_line(line, &Rules::tenhou()),
//!     r#"{"han":2,"fu":40,"yaku":{"menzen_tsumo":1,"yakuhai_haku":1},"yakuman":0,"payment":{"tsumo_dealer":0,"tsumo_non_dealer":1300},"total":3900}"#);
//! ```

use super::error::{InvalidSituation, ScoreError};
use super::points::Payment;
use super::result::Score;
use super::situation::{Indicator, MeldOrigin, Riichi, Situation, Timing};
use super::yaku::YakuList;
use crate::error::HandError;
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::rules::Rules;
use crate::tile::Tile;
use crate::wind::Wind;
use serde::{Deserialize, Serialize};

/// A situation as one JSON line of the test vectors (field for field).
///
/// ```
/// use tenpai::score::json::SituationRecord;
/// let r: SituationRecord = serde_json::from_str(r#"{"hand":"123m456p789s234m99s","win_tile":"4m","tsumo":true}"#)?;
/// let s = r.to_situation()?;
/// assert!(s.tsumo && s.is_dealer());
/// assert_eq!(SituationRecord::from(&s).dealer, Some(true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SituationRecord {
    /// Concealed tiles, winning tile included, mpsz (`0` = red five).
    pub hand: String,
    /// Called melds and closed kans.
    #[serde(default)]
    pub melds: Vec<MeldRecord>,
    /// The winning tile (one tile, mpsz); also read as `win`.
    #[serde(alias = "win")]
    pub win_tile: String,
    /// Self-draw.
    #[serde(default)]
    pub tsumo: bool,
    /// Riichi (also true with double riichi).
    #[serde(default)]
    pub riichi: bool,
    /// Double riichi.
    #[serde(default)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[serde(default)]
    pub ippatsu: bool,
    /// Tsumo on the last tile.
    #[serde(default)]
    pub haitei: bool,
    /// Ron on the last discard.
    #[serde(default)]
    pub houtei: bool,
    /// Tsumo on a kan replacement tile.
    #[serde(default)]
    pub rinshan: bool,
    /// Ron on a tile added to a pon.
    #[serde(default)]
    pub chankan: bool,
    /// The dealer's win on the initial hand.
    #[serde(default)]
    pub tenhou: bool,
    /// A non-dealer's win on the first draw.
    #[serde(default)]
    pub chiihou: bool,
    /// A non-dealer's ron before the first draw (not in the vectors; written only when true).
    #[serde(default, skip_serializing_if = "is_false")]
    pub renhou: bool,
    /// `E`, `S`, `W` or `N`; also read as `seat`.
    #[serde(default = "east", alias = "seat")]
    pub seat_wind: String,
    /// `E`, `S`, `W` or `N`; also read as `round`.
    #[serde(default = "east", alias = "round")]
    pub round_wind: String,
    /// Whether the winner is the dealer; must agree with the seat wind.
    #[serde(default)]
    pub dealer: Option<bool>,
    /// Dora indicators, mpsz, in order (`""` for none); also read as `dora`.
    #[serde(default, alias = "dora")]
    pub dora_indicators: String,
    /// Ura-dora indicators, mpsz (`""` for none); also read as `ura`.
    #[serde(default, alias = "ura")]
    pub ura_indicators: String,
    /// Honba.
    #[serde(default)]
    pub honba: u32,
    /// Riichi sticks (kyoutaku, a count) on the table; also read by their
    /// old names `riichi_sticks` and `sticks`.
    #[serde(default, alias = "riichi_sticks", alias = "sticks")]
    pub kyoutaku: u32,
    /// The test vectors' expected result: read (any JSON) and ignored, never written.
    #[serde(default, skip_serializing)]
    pub expected: Option<serde::de::IgnoredAny>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn east() -> String {
    "E".to_string()
}

/// A meld in a [`SituationRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldRecord {
    /// `chi`, `pon`, `minkan`, `kakan` or `ankan`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its tiles, mpsz, e.g. `406m` or `7777z`.
    pub tiles: String,
}

/// A result in the `expected` format of the test vectors.
///
/// ```
/// use tenpai::rules::Rules;
/// use tenpai::score::{json::{PaymentRecord, ScoreRecord}, score, Situation};
/// let s = Situation::new("123m456p789s234m99s".parse()?, "4m".parse()?);
/// let r = ScoreRecord::from(&score(&s, &Rules::tenhou())?);
/// assert_eq!((r.han, r.fu, r.payment), (1, 30, PaymentRecord::Ron { ron: 1500 }));
/// assert_eq!(serde_json::to_string(&r)?,
///     r#"{"han":1,"fu":30,"yaku":{"pinfu":1},"yakuman":0,"payment":{"ron":1500},"total":1500}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRecord {
    /// Total han (13 × yakuman for a yakuman hand).
    pub han: u32,
    /// Fu after rounding (0 for a yakuman hand).
    pub fu: u32,
    /// `{name: han}`; dora with their counts.
    pub yaku: YakuList,
    /// Yakuman multiple.
    pub yakuman: u32,
    /// Who pays what.
    pub payment: PaymentRecord,
    /// What the winner receives, riichi sticks excluded.
    pub total: u32,
}

/// A payment in the `expected` format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PaymentRecord {
    /// `{"ron": n}`.
    Ron {
        /// Points from the discarder.
        ron: u32,
    },
    /// `{"tsumo_dealer": d, "tsumo_non_dealer": k}`.
    Tsumo {
        /// Points from the dealer (0 when the winner is the dealer).
        tsumo_dealer: u32,
        /// Points from each non-dealer.
        tsumo_non_dealer: u32,
    },
}

/// A result or an error, as a batch writes it.
///
/// ```
/// use tenpai::score::{json::ResultRecord, ScoreError};
/// let o = ResultRecord::from(&Err(ScoreError::NoYaku));
/// assert_eq!(serde_json::to_string(&o)?, r#"{"error":"no yaku"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ResultRecord {
    /// A scored hand.
    Score(ScoreRecord),
    /// `{"error": "..."}`.
    Error {
        /// The error's message, e.g. `no yaku`.
        error: String,
    },
}

impl From<&Score> for ScoreRecord {
    fn from(s: &Score) -> ScoreRecord {
        ScoreRecord {
            han: s.han,
            fu: s.fu,
            yaku: s.yaku,
            yakuman: s.yakuman,
            payment: match s.payment {
                Payment::Ron { discarder } => PaymentRecord::Ron { ron: discarder },
                Payment::Tsumo { dealer, non_dealer } => PaymentRecord::Tsumo {
                    tsumo_dealer: dealer,
                    tsumo_non_dealer: non_dealer,
                },
            },
            total: s.total,
        }
    }
}

impl From<&Result<Score, ScoreError>> for ResultRecord {
    fn from(r: &Result<Score, ScoreError>) -> ResultRecord {
        match r {
            Ok(s) => ResultRecord::Score(s.into()),
            Err(e) => ResultRecord::Error {
                error: e.to_string(),
            },
        }
    }
}

fn notation(what: &'static str) -> impl Fn(HandError) -> ScoreError {
    move |e| match e {
        HandError::TooManyCopies { tile, count } => {
            InvalidSituation::TooManyCopies { tile, count }.into()
        }
        error => ScoreError::Notation { what, error },
    }
}

/// Tiles of an mpsz string in the order written (`""` for none), read by
/// the one tile-list parser ([`Tile::parse_list`]).
fn tiles_in_order(s: &str, what: &'static str) -> Result<Vec<Indicator>, ScoreError> {
    let list = Tile::parse_list(s).map_err(notation(what))?;
    Ok(list
        .into_iter()
        .map(|(tile, red)| Indicator { tile, red })
        .collect())
}

fn indicators_text(list: &[Indicator]) -> String {
    let mut s = String::new();
    for (j, i) in list.iter().enumerate() {
        s.push(if i.red {
            '0'
        } else {
            char::from(b'0' + i.tile.number())
        });
        if list
            .get(j + 1)
            .is_none_or(|n| n.tile.suit() != i.tile.suit())
        {
            s.push(i.tile.suit().letter());
        }
    }
    s
}

fn meld_of(m: &MeldRecord) -> Result<(Meld, MeldOrigin), ScoreError> {
    let bad = |reason| InvalidSituation::BadMeld {
        kind: m.kind.clone(),
        tiles: m.tiles.clone(),
        reason,
    };
    let h = Hand::parse_with_red_fives(&m.tiles, [4; 3]).map_err(notation("meld"))?;
    if !h.melds().is_empty() {
        return Err(bad("write the tiles without brackets").into());
    }
    let tiles: Vec<Tile> = h.tiles().collect();
    let red: u8 = h.red_fives().iter().sum();
    let same = tiles.windows(2).all(|w| w[0] == w[1]);
    let (kind, added, n) = match m.kind.as_str() {
        "chi" => (MeldKind::Chi, false, 3),
        "pon" => (MeldKind::Pon, false, 3),
        "minkan" | "daiminkan" => (MeldKind::Kan, false, 4),
        "kakan" | "shouminkan" => (MeldKind::Kan, true, 4),
        "ankan" => (MeldKind::ClosedKan, false, 4),
        _ => return Err(bad("unknown type (chi, pon, minkan, kakan or ankan)").into()),
    };
    if tiles.len() != n {
        return Err(bad(if n == 3 {
            "needs 3 tiles"
        } else {
            "a kan needs 4 tiles"
        })
        .into());
    }
    if kind == MeldKind::Chi {
        let run = tiles.windows(2).all(|w| w[1].index() == w[0].index() + 1)
            && tiles[0].suit() == tiles[2].suit()
            && !tiles[0].is_honor();
        if !run {
            return Err(bad("not three consecutive tiles of one suit").into());
        }
    } else if !same {
        return Err(bad("not all the same tile").into());
    }
    let meld = Meld::new(kind, tiles[0], red).map_err(notation("meld"))?;
    Ok((meld, MeldOrigin { added, from: None }))
}

impl SituationRecord {
    /// The situation this record describes, checked for everything the format
    /// says (the rest is checked when scoring).
    ///
    /// # Errors
    /// [`ScoreError::Notation`] for unreadable tiles, [`ScoreError::BadWind`],
    /// [`ScoreError::Invalid`] for a bad meld, double riichi without riichi, two
    /// timings at once, a dealer flag that disagrees with the seat wind, or a
    /// fifth copy.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::score::json::SituationRecord;
    /// let r: SituationRecord = serde_json::from_str(r#"{"hand":"123m","win_tile":"1m","haitei":true,"houtei":true}"#)?;
    /// assert_eq!(r.to_situation().unwrap_err().to_string(), "invalid situation: haitei and houtei cannot both apply");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn to_situation(&self) -> Result<Situation, ScoreError> {
        // The situation checks the red fives against its rules (indicators
        // too): the notation only against what any set can hold.
        let concealed = Hand::parse_with_red_fives(&self.hand, [4; 3]).map_err(notation("hand"))?;
        let mut melds: Vec<Meld> = concealed.melds().to_vec();
        let mut origins: Vec<MeldOrigin> = vec![MeldOrigin::default(); melds.len()];
        for m in &self.melds {
            let (meld, origin) = meld_of(m)?;
            melds.push(meld);
            origins.push(origin);
        }
        let hand = Hand::new(*concealed.concealed(), concealed.red_fives(), melds)
            .map_err(notation("hand"))?;
        let (win_tile, win_tile_red) =
            Tile::parse_with_red(&self.win_tile).map_err(notation("win tile"))?;
        let riichi = match (self.riichi, self.double_riichi) {
            (false, false) => Riichi::None,
            (true, false) => Riichi::Declared,
            (true, true) => Riichi::Double,
            (false, true) => return Err(InvalidSituation::DoubleRiichiWithoutRiichi.into()),
        };
        let mut timing = Timing::Normal;
        for (flag, t) in [
            (self.haitei, Timing::Haitei),
            (self.houtei, Timing::Houtei),
            (self.rinshan, Timing::Rinshan),
            (self.chankan, Timing::Chankan),
            (self.tenhou, Timing::Tenhou),
            (self.chiihou, Timing::Chiihou),
            (self.renhou, Timing::Renhou),
        ] {
            if flag {
                if timing != Timing::Normal {
                    return Err(InvalidSituation::ConflictingTiming {
                        a: timing.name(),
                        b: t.name(),
                    }
                    .into());
                }
                timing = t;
            }
        }
        let wind = |text: &str| {
            text.parse::<Wind>().map_err(|_| ScoreError::BadWind {
                text: text.to_string(),
            })
        };
        let seat_wind = wind(&self.seat_wind)?;
        let round_wind = wind(&self.round_wind)?;
        if let Some(dealer) = self.dealer {
            if dealer != (seat_wind == Wind::East) {
                return Err(InvalidSituation::DealerMismatch {
                    dealer,
                    seat: seat_wind,
                }
                .into());
            }
        }
        let has_origins = origins.iter().any(|o| o.added);
        Ok(Situation {
            hand,
            meld_origins: if has_origins { origins } else { Vec::new() },
            win_tile,
            win_tile_red,
            tsumo: self.tsumo,
            seat_wind,
            round_wind,
            riichi,
            ippatsu: self.ippatsu,
            timing,
            dora_indicators: tiles_in_order(&self.dora_indicators, "dora indicators")?,
            ura_indicators: tiles_in_order(&self.ura_indicators, "ura indicators")?,
            honba: self.honba,
            kyoutaku: self.kyoutaku,
        })
    }
}

impl From<&Situation> for SituationRecord {
    fn from(s: &Situation) -> SituationRecord {
        let melds = s
            .hand
            .melds()
            .iter()
            .enumerate()
            .map(|(j, m)| {
                let added = s.meld_origins.get(j).is_some_and(|o| o.added);
                let kind = match m.kind() {
                    MeldKind::Chi => "chi",
                    MeldKind::Pon => "pon",
                    MeldKind::Kan if added => "kakan",
                    MeldKind::Kan => "minkan",
                    MeldKind::ClosedKan => "ankan",
                };
                let text = m.to_string();
                MeldRecord {
                    kind: kind.to_string(),
                    tiles: text[1..text.len() - 1].to_string(),
                }
            })
            .collect();
        let win_tile = if s.win_tile_red {
            format!("0{}", s.win_tile.suit().letter())
        } else {
            s.win_tile.to_string()
        };
        SituationRecord {
            hand: crate::notation::counts_to_mpsz(s.hand.concealed(), s.hand.red_fives()),
            melds,
            win_tile,
            tsumo: s.tsumo,
            riichi: s.riichi.is_declared(),
            double_riichi: s.riichi == Riichi::Double,
            ippatsu: s.ippatsu,
            haitei: s.timing == Timing::Haitei,
            houtei: s.timing == Timing::Houtei,
            rinshan: s.timing == Timing::Rinshan,
            chankan: s.timing == Timing::Chankan,
            tenhou: s.timing == Timing::Tenhou,
            chiihou: s.timing == Timing::Chiihou,
            renhou: s.timing == Timing::Renhou,
            seat_wind: s.seat_wind.to_string(),
            round_wind: s.round_wind.to_string(),
            dealer: Some(s.is_dealer()),
            dora_indicators: indicators_text(&s.dora_indicators),
            ura_indicators: indicators_text(&s.ura_indicators),
            honba: s.honba,
            kyoutaku: s.kyoutaku,
            expected: None,
        }
    }
}

impl Situation {
    /// Reads a situation from one JSON line (see the [module docs](self)).
    ///
    /// # Errors
    /// [`ScoreError::Json`] for bad JSON or a missing field, else as
    /// [`SituationRecord::to_situation`].
    ///
    /// ```
    /// let s = tenpai::score::Situation::from_json(r#"{"hand":"123m456p789s11z555z","win_tile":"5z","seat_wind":"S"}"#)?;
    /// assert!(!s.is_dealer());
    /// # Ok::<(), tenpai::score::ScoreError>(())
    /// ```
    pub fn from_json(line: &str) -> Result<Situation, ScoreError> {
        let r: SituationRecord = serde_json::from_str(line).map_err(|e| {
            let message = match serde_json::from_str::<serde_json::Value>(line) {
                // JSON, but not an object: serde would name the record type
                // and its field count.
                Ok(v) if !v.is_object() => {
                    let shown: String = v.to_string().chars().take(40).collect();
                    format!("expected an object such as {{\"hand\":\"…\",\"win_tile\":\"…\"}}, got {shown}")
                }
                _ => e.to_string(),
            };
            ScoreError::Json { message }
        })?;
        r.to_situation()
    }

    /// The situation as one JSON line in the format of the test vectors.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let line = r#"{"hand":"123m456p789s11z555z","win_tile":"5z"}"#;
    /// let s = tenpai::score::Situation::from_json(line)?;
    /// assert!(s.to_json().starts_with(r#"{"hand":"123m456p789s11555z","melds":[],"win_tile":"5z","tsumo":false,"#));
    /// assert_eq!(tenpai::score::Situation::from_json(&s.to_json())?, s);
    /// # Ok::<(), tenpai::score::ScoreError>(())
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(&SituationRecord::from(self)).expect("records serialize")
    }
}

impl Score {
    /// The result as JSON in the `expected` format of the test vectors.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::score::{score, Situation};
    /// use tenpai::rules::Rules;
    /// let s = Situation::new("123m456p789s234m99s".parse()?, "4m".parse()?);
    /// assert!(score(&s, &Rules::tenhou())?.to_json().starts_with(r#"{"han":1,"fu":30,"#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(&ScoreRecord::from(self)).expect("records serialize")
    }
}

/// Scores one JSON situation line and returns the JSON result line (the
/// `expected` format, or `{"error": "..."}`): what `tenpai score --batch` writes.
///
/// # Panics
/// Never.
///
/// ```
/// let out = tenpai::score::json::score_line(r#"{"hand":"234m567p88s","melds":[{"type":"chi","tiles":"789s"},{"type":"pon","tiles":"111p"}],"win_tile":"8s"}"#,
///     &tenpai::rules::Rules::tenhou());
/// assert_eq!(out, r#"{"error":"no yaku"}"#);
/// ```
pub fn score_line(line: &str, rules: &Rules) -> String {
    let result = Situation::from_json(line).and_then(|s| super::score(&s, rules));
    serde_json::to_string(&ResultRecord::from(&result)).expect("records serialize")
}

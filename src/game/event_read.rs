//! Reading an [`Event`] so that a bad field is named: `kyotaku: invalid
//! value: integer -1, expected a whole number 0 to 4294967295`, `scores:
//! invalid length 3, expected an array of length 4`, `tehais[2][0]: "5x" is
//! not a tile`.
//!
//! serde's internally tagged enums (`{"type":"dahai",…}`) buffer the object
//! before they read the variant's fields, so no path tracker can see which
//! field failed. Here `type` is read first, and the rest of the object is
//! read as the body of that variant through [`Body`], serde's `remote`
//! mirror of [`Event`] (the compiler checks that the two agree field by
//! field); a body that fails is read again with its path tracked
//! (`serde_path_to_error`) for the message. Cost: an mjai log's events
//! read in about 1.6 times the instructions of serde's own internally
//! tagged reading (callgrind, `tenpai replay` of 20 self-played games:
//! 309 M against 197 M of 1,115 M in all).
//!
//! ```
//! use tenpai::game::Event;
//! let e = serde_json::from_str::<Event>(r#"{"type":"reach","actor":"x"}"#).unwrap_err();
//! assert!(e.to_string().starts_with("actor: invalid type: string \"x\", expected a whole number 0 to 255"), "{e}");
//! ```

use super::event::{DrawReason, Event};
use super::logged_rules::LoggedRules;
use super::pai::Pai;
use crate::Wind;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

impl<'de> Deserialize<'de> for Event {
    /// An mjai event object: its `type`, then the fields of that type, the
    /// first bad one named in the error (`kyotaku: …`, `scores[3]: …`,
    /// `type: unknown variant …`). Fields the event does not have are
    /// ignored.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Event, D::Error> {
        let mut fields = Map::deserialize(d)?;
        let kind = match fields.remove("type") {
            Some(Value::String(kind)) => kind,
            Some(other) => {
                return Err(D::Error::custom(format!(
                    "type: expected the event's name, a string, not {other}"
                )))
            }
            None => return Err(D::Error::missing_field("type")),
        };
        // `{"dahai": {…the other fields…}}`: the externally tagged form
        // that `Body` reads; read again with its path tracked only when it
        // fails (the tracking costs as much as the reading).
        let tagged = Value::Object(Map::from_iter([(kind, Value::Object(fields))]));
        match Body::deserialize(&tagged) {
            Ok(e) => Ok(e),
            Err(_) => match tracked::<Tagged>(tagged) {
                Ok(t) => Ok(t.0),
                Err(problem) => Err(D::Error::custom(problem)),
            },
        }
    }
}

/// An event read from its externally tagged form by [`Body`].
struct Tagged(Event);

impl<'de> Deserialize<'de> for Tagged {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tagged, D::Error> {
        Body::deserialize(d).map(Tagged)
    }
}

/// `value` read by `read` with the path tracked: the message of a failure
/// starts with the path of the field that failed (`scores[3]: …`), less the
/// variant's own name; `type: ` when the variant itself is unknown.
fn tracked<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    use serde_path_to_error::Segment;
    let mut track = serde_path_to_error::Track::new();
    let read = T::deserialize(serde_path_to_error::Deserializer::new(value, &mut track));
    read.map_err(|e| {
        let path = track.path();
        let mut segments = path.iter().peekable();
        // No segment: the variant was not read (an unknown `type`).
        if segments.peek().is_none() {
            return format!("type: {}", plain_types(&e.to_string()));
        }
        let mut at = String::new();
        for s in segments.skip_while(|s| matches!(s, Segment::Enum { .. })) {
            match s {
                Segment::Seq { index } => at.push_str(&format!("[{index}]")),
                s => {
                    if !at.is_empty() {
                        at.push('.');
                    }
                    at.push_str(&s.to_string());
                }
            }
        }
        let problem = plain_types(&e.to_string());
        if at.is_empty() {
            problem
        } else {
            format!("{at}: {problem}")
        }
    })
}

/// A flattened part of an event (`start_game`'s rules) read with its field
/// named, as [`tracked`] names the others: serde hands a flattened field
/// the leftover fields without their path.
fn flattened<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<T, D::Error> {
    let fields = Map::deserialize(d)?;
    tracked(Value::Object(fields)).map_err(D::Error::custom)
}

/// Four seats' points (`scores`, `deltas`), refused in words: `expected 4
/// numbers, one a seat, got 3`.
fn points<'de, D: Deserializer<'de>>(d: D) -> Result<[i32; 4], D::Error> {
    let v = Value::deserialize(d)?;
    let whole = |x: &Value| x.as_i64().and_then(|n| i32::try_from(n).ok());
    match &v {
        Value::Array(a) if a.len() != 4 => Err(D::Error::custom(format!(
            "expected 4 numbers, one a seat, got {}",
            a.len()
        ))),
        Value::Array(a) => match a.iter().map(whole).collect::<Option<Vec<i32>>>() {
            Some(p) => Ok([p[0], p[1], p[2], p[3]]),
            None => Err(D::Error::custom(format!(
                "expected 4 whole numbers of points, one a seat, got {v}"
            ))),
        },
        _ => Err(D::Error::custom(format!(
            "expected 4 whole numbers of points, one a seat, got {v}"
        ))),
    }
}

/// [`points`] when given (`null` or absent: `None`).
fn some_points<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[i32; 4]>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => points(v).map(Some).map_err(D::Error::custom),
    }
}

/// `problem` with serde's Rust type names said in words (`expected u8` →
/// `expected a whole number 0 to 255`).
fn plain_types(problem: &str) -> String {
    [
        ("expected u8", "expected a whole number 0 to 255"),
        ("expected u16", "expected a whole number 0 to 65535"),
        ("expected u32", "expected a whole number 0 to 4294967295"),
        ("expected u64", "expected a whole number 0 or more"),
    ]
    .iter()
    .fold(problem.to_string(), |p, (rust, words)| {
        p.replace(rust, words)
    })
}

/// [`Event`] as serde reads it externally tagged (`{"dahai": {…}}`), field
/// for field: see the module's documentation.
#[derive(Deserialize)]
#[serde(remote = "Event", rename_all = "snake_case")]
#[allow(dead_code)] // Only serde's generated code reads the fields.
enum Body {
    StartGame {
        #[serde(default)]
        names: Vec<String>,
        #[serde(default, rename = "wall_seed")]
        seed: Option<u64>,
        #[serde(flatten, deserialize_with = "flattened")]
        rules: LoggedRules,
    },
    StartKyoku {
        #[serde(rename = "bakaze")]
        round_wind: Wind,
        kyoku: u8,
        honba: u8,
        #[serde(rename = "kyotaku")]
        kyoutaku: u32,
        #[serde(rename = "oya")]
        dealer: u8,
        dora_marker: Pai,
        #[serde(deserialize_with = "points")]
        scores: [i32; 4],
        tehais: [Vec<Pai>; 4],
    },
    Tsumo {
        actor: u8,
        pai: Pai,
    },
    Dahai {
        actor: u8,
        pai: Pai,
        tsumogiri: bool,
    },
    Chi {
        actor: u8,
        target: u8,
        pai: Pai,
        consumed: Vec<Pai>,
    },
    Pon {
        actor: u8,
        target: u8,
        pai: Pai,
        consumed: Vec<Pai>,
    },
    Daiminkan {
        actor: u8,
        target: u8,
        pai: Pai,
        consumed: Vec<Pai>,
    },
    Kakan {
        actor: u8,
        pai: Pai,
        consumed: Vec<Pai>,
    },
    Ankan {
        actor: u8,
        consumed: Vec<Pai>,
    },
    Dora {
        dora_marker: Pai,
    },
    Reach {
        actor: u8,
    },
    ReachAccepted {
        actor: u8,
        #[serde(default, deserialize_with = "some_points")]
        deltas: Option<[i32; 4]>,
        #[serde(default, deserialize_with = "some_points")]
        scores: Option<[i32; 4]>,
    },
    Hora {
        actor: u8,
        target: u8,
        #[serde(default)]
        pai: Option<Pai>,
        #[serde(default)]
        ura_markers: Option<Vec<Pai>>,
        #[serde(default, deserialize_with = "some_points")]
        deltas: Option<[i32; 4]>,
        #[serde(default, deserialize_with = "some_points")]
        scores: Option<[i32; 4]>,
    },
    Ryukyoku {
        #[serde(default)]
        reason: Option<DrawReason>,
        #[serde(default, deserialize_with = "some_points")]
        deltas: Option<[i32; 4]>,
        #[serde(default, deserialize_with = "some_points")]
        scores: Option<[i32; 4]>,
    },
    // Braced, so that it reads the (empty, or ignored) rest of the object;
    // `Event::EndKyoku {}` is the unit variant.
    EndKyoku {},
    EndGame {
        #[serde(default, deserialize_with = "some_points")]
        scores: Option<[i32; 4]>,
    },
}

//! Reading an [`Event`] so that a bad field is named: `kyotaku: invalid
//! value: integer -1, expected a whole number 0 to 4294967295`, `scores:
//! expected 4 numbers, one a seat, got 3`, `tehais[2][0]: "5x" is not a
//! tile`.
//!
//! serde's internally tagged enums (`{"type":"dahai",…}`) buffer the object
//! before they read the variant's fields, so no path tracker can see which
//! field failed. Here `type` is read first (every mjai writer puts it
//! first), and the rest of the object is streamed as the body of that
//! variant with its path tracked (`serde_path_to_error`), through [`Body`],
//! serde's `remote` mirror of [`Event`] (the compiler checks that the two
//! agree field by field); an object whose `type` comes later is gathered
//! first. Cost: an mjai log's events read in about 1.26 times the
//! instructions of serde's own internally tagged reading (callgrind,
//! `tenpai replay` of 20 self-played games, 38,343 lines: 248 M against
//! 197 M, of 1,059 M against 1,003 M in all).
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
use serde::de::{
    DeserializeOwned, DeserializeSeed, EnumAccess, Error as _, IgnoredAny, IntoDeserializer,
    MapAccess, VariantAccess, Visitor,
};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

impl<'de> Deserialize<'de> for Event {
    /// An mjai event object: its `type`, then the fields of that type, the
    /// first bad one named in the error (`kyotaku: …`, `scores[3]: …`,
    /// `type: unknown variant …`). Fields the event does not have are
    /// ignored.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Event, D::Error> {
        d.deserialize_map(EventVisitor)
    }
}

/// Reads an event object: with `type` first (as every mjai writer puts
/// it), the rest streamed as that variant's fields, the path tracked; an
/// object whose `type` comes later is gathered first ([`from_fields`]).
struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = Event;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an mjai event, a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Event, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return Err(A::Error::missing_field("type"));
        };
        if first != "type" {
            let mut fields = Map::new();
            fields.insert(first, map.next_value()?);
            while let Some((k, v)) = map.next_entry::<String, Value>()? {
                fields.insert(k, v);
            }
            return from_fields(fields).map_err(A::Error::custom);
        }
        let kind = type_name(map.next_value()?).map_err(A::Error::custom)?;
        let mut track = serde_path_to_error::Track::new();
        let rest = serde_path_to_error::Deserializer::new(TagFirst { kind, rest: map }, &mut track);
        Body::deserialize(rest).map_err(|e| A::Error::custom(worded(&track.path(), &e.to_string())))
    }
}

/// The event's name from its `type` value.
fn type_name(v: Value) -> Result<String, String> {
    match v {
        Value::String(kind) => Ok(kind),
        other => Err(format!(
            "type: expected the event's name, a string, not {other}"
        )),
    }
}

/// An event from its fields gathered (`type` among them): read as `Body`
/// reads the externally tagged form `{"dahai": {…the other fields…}}`, read
/// again with its path tracked only when it fails.
fn from_fields(mut fields: Map<String, Value>) -> Result<Event, String> {
    let kind = match fields.remove("type") {
        Some(v) => type_name(v)?,
        None => return Err("missing field `type`".into()),
    };
    let tagged = Value::Object(Map::from_iter([(kind, Value::Object(fields))]));
    match Body::deserialize(&tagged) {
        Ok(e) => Ok(e),
        Err(_) => tracked::<Tagged>(tagged).map(|t| t.0),
    }
}

/// The rest of an event object after its `type`, as serde reads an
/// externally tagged enum: the variant `kind`, its fields the rest.
struct TagFirst<A> {
    kind: String,
    rest: A,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for TagFirst<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for TagFirst<A> {
    type Error = A::Error;
    type Variant = Rest<A>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Rest<A>), A::Error> {
        let name = IntoDeserializer::<'de, A::Error>::into_deserializer(self.kind);
        Ok((seed.deserialize(name)?, Rest(self.rest)))
    }
}

/// The fields after `type`, read as a struct variant's.
struct Rest<A>(A);

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Rest<A> {
    type Error = A::Error;

    fn unit_variant(mut self) -> Result<(), A::Error> {
        while self.0.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    /// serde reads a struct variant with a flattened field (`start_game`'s
    /// rules) as a newtype variant of a map.
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        seed.deserialize(serde::de::value::MapAccessDeserializer::new(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, A::Error> {
        Err(A::Error::custom("an event's fields are named"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }
}

/// An event read from its externally tagged form by [`Body`].
struct Tagged(Event);

impl<'de> Deserialize<'de> for Tagged {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tagged, D::Error> {
        Body::deserialize(d).map(Tagged)
    }
}

/// `value` read with the path tracked: the message of a failure names the
/// field that failed ([`worded`]).
fn tracked<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    let mut track = serde_path_to_error::Track::new();
    let read = T::deserialize(serde_path_to_error::Deserializer::new(value, &mut track));
    read.map_err(|e| worded(&track.path(), &e.to_string()))
}

/// `problem` after the path of the field that failed (`scores[3]: …`, less
/// the variant's own name; `type: ` when the variant itself is unknown),
/// without a position in the text (` at line 1 column 57`: the reader of
/// the whole event says where it is), its Rust types in words.
fn worded(path: &serde_path_to_error::Path, problem: &str) -> String {
    use serde_path_to_error::Segment;
    let problem = plain_types(without_position(problem));
    let mut segments = path.iter().peekable();
    // No segment: the variant was not read (an unknown `type`).
    if segments.peek().is_none() {
        return format!("type: {problem}");
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
    if at.is_empty() {
        problem
    } else {
        format!("{at}: {problem}")
    }
}

/// `problem` without serde_json's ` at line L column C` at its end.
fn without_position(problem: &str) -> &str {
    let Some(i) = problem.rfind(" at line ") else {
        return problem;
    };
    let place = &problem[i + " at line ".len()..];
    let numbers = place.split_once(" column ").is_some_and(|(l, c)| {
        [l, c]
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    });
    if numbers {
        &problem[..i]
    } else {
        problem
    }
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

//! The mjai wire format a bot reads: a line of JSON holding the events since
//! its last answer (mjai.app: a JSON array) or one event (akochan's pipe
//! mode), each with the fields a bot needs beside the [`Event`] itself.

use super::BotError;
use crate::game::Event;
use serde::Deserialize;
use serde_json::Value;

/// How a bot is spoken to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// mjai.app: every line is a JSON array of the events since the last
    /// answer, and every line gets exactly one answer (`{"type":"none"}`
    /// when there is nothing to do).
    #[default]
    Batch,
    /// One event per line; an answer only when the event lets the seat act
    /// (and it does not carry `"can_act": false`), as in akochan's pipe mode.
    Lines,
}

/// One event as a host sent it, with the mjai fields the engine's [`Event`]
/// does not keep.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Incoming {
    /// The event.
    pub event: Event,
    /// `start_game`'s `id`: the seat the bot plays.
    pub id: Option<u8>,
    /// `start_game`'s `kyoku_first`: 0 for an east-south game, 4 for
    /// east only.
    pub kyoku_first: Option<u8>,
    /// `start_game`'s `aka_flag`: whether the game has red fives.
    pub aka_flag: Option<bool>,
    /// `false` when the event carries `"can_act": false` (no answer wanted).
    pub can_act: bool,
}

/// The events of one input line: a JSON array of events ([`Protocol::Batch`])
/// or one event object ([`Protocol::Lines`]). Fields the engine does not know
/// are ignored.
///
/// # Errors
/// [`BotError::Json`] when the line is not JSON of that shape,
/// [`BotError::Event`] naming the event (0-based within the line) and its
/// problem: no `type`, an unknown type, a missing or malformed field.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::bot::{parse_line, Protocol};
/// let line = r#"[{"type":"start_game","id":2,"names":["a","b","c","d"],"kyoku_first":4}]"#;
/// let events = parse_line(line, Protocol::Batch)?;
/// assert_eq!((events[0].id, events[0].kyoku_first), (Some(2), Some(4)));
/// let err = parse_line(r#"{"type":"dahai","actor":0}"#, Protocol::Lines).unwrap_err();
/// assert!(err.to_string().starts_with("event 0 (dahai): "), "{err}");
/// # Ok::<(), tenpai::bot::BotError>(())
/// ```
pub fn parse_line(line: &str, protocol: Protocol) -> Result<Vec<Incoming>, BotError> {
    let value: Value = serde_json::from_str(line).map_err(|e| BotError::Json {
        problem: e.to_string(),
    })?;
    let values = match (protocol, value) {
        (Protocol::Batch, Value::Array(v)) => v,
        (Protocol::Lines, v @ Value::Object(_)) => vec![v],
        (Protocol::Batch, _) => {
            return Err(BotError::Json {
                problem: "expected a JSON array of events".into(),
            })
        }
        (Protocol::Lines, _) => {
            return Err(BotError::Json {
                problem: "expected one event, a JSON object".into(),
            })
        }
    };
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| incoming(i, v))
        .collect()
}

/// One event value read into an [`Incoming`].
fn incoming(index: usize, value: Value) -> Result<Incoming, BotError> {
    let bad = |kind: &str, problem: String| BotError::Event {
        index,
        kind: kind.to_string(),
        problem,
    };
    let Value::Object(map) = &value else {
        return Err(bad("?", "an event is a JSON object".into()));
    };
    let kind = match map.get("type") {
        Some(Value::String(t)) => t.clone(),
        _ => return Err(bad("?", "no \"type\"".into())),
    };
    let small = |field: &str, max: u64| -> Result<Option<u8>, BotError> {
        match map.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .filter(|&n| n <= max)
                .map(|n| Some(n as u8))
                .ok_or_else(|| bad(&kind, format!("{field} {v} is not a number 0 to {max}"))),
        }
    };
    let flag = |field: &str| -> Result<Option<bool>, BotError> {
        match map.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(bad(&kind, format!("{field} {v} is not true or false"))),
        }
    };
    let start = kind == "start_game";
    let id = if start { small("id", 3)? } else { None };
    let kyoku_first = if start {
        small("kyoku_first", 255)?
    } else {
        None
    };
    let aka_flag = if start { flag("aka_flag")? } else { None };
    let can_act = flag("can_act")?.unwrap_or(true);
    // The event reader names the bad field itself (`kyotaku: …`).
    let event = Event::deserialize(value).map_err(|e| bad(&kind, e.to_string()))?;
    Ok(Incoming {
        event,
        id,
        kyoku_first,
        aka_flag,
        can_act,
    })
}

/// A bot's answer as one line of mjai JSON: the event it asks for, or
/// `{"type":"none"}`.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{bot::answer_json, game::{Event}};
/// assert_eq!(answer_json(None), r#"{"type":"none"}"#);
/// assert_eq!(answer_json(Some(&Event::Reach { actor: 1 })), r#"{"type":"reach","actor":1}"#);
/// ```
pub fn answer_json(answer: Option<&Event>) -> String {
    match answer {
        None => r#"{"type":"none"}"#.to_string(),
        Some(e) => e.to_json(),
    }
}

//! How a scripted person reads the server's messages, three ways:
//!
//! - [`Reading::Lean`] (the default): parses each message without building
//!   the view, and keeps of it only what the person needs to answer: the
//!   open decision and which of its choices to play. Every table's and
//!   update's `seq` is checked (the one after the last: none missed, none
//!   twice, in order), and each update's event is read (to count moves).
//! - [`Reading::Patches`]: keeps the whole view as a `serde_json::Value`
//!   and applies every update's patch to it with the `json-patch` crate,
//!   as the page does (the bench's client before the lean one).
//! - [`Reading::Full`]: asks for the views in full (no patches) and parses
//!   only the ones that open a decision.

use serde::Deserialize;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// How the client reads the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    Lean,
    Patches,
    Full,
}

/// A message, as the lean client reads it: only its type, `seq`, its
/// event's type, and what it says of the decision; the rest skipped.
#[derive(Deserialize)]
struct Lean<'a> {
    #[serde(rename = "type", borrow)]
    ty: Cow<'a, str>,
    seq: Option<u64>,
    #[serde(borrow)]
    event: Option<EventType<'a>>,
    #[serde(borrow)]
    view: Option<&'a RawValue>,
    #[serde(borrow)]
    patch: Option<Vec<Op<'a>>>,
    #[serde(borrow)]
    updates: Option<Vec<Lean<'a>>>,
}

#[derive(Deserialize)]
struct EventType<'a> {
    #[serde(rename = "type", borrow)]
    ty: Cow<'a, str>,
}

/// A patch operation, its value unparsed.
#[derive(Deserialize)]
struct Op<'a> {
    #[serde(borrow)]
    op: Cow<'a, str>,
    #[serde(borrow)]
    path: Cow<'a, str>,
    #[serde(borrow)]
    value: Option<&'a RawValue>,
}

/// A view's decision and choices, the rest skipped.
#[derive(Deserialize)]
struct Decision<'a> {
    decision: Option<u64>,
    #[serde(borrow)]
    choices: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct Choices<'a> {
    #[serde(borrow)]
    actions: Vec<EventType<'a>>,
}

/// A message with the table in full.
#[derive(Deserialize)]
struct FullTable {
    seq: u64,
    view: serde_json::Value,
}

/// An update, to apply.
#[derive(Deserialize)]
struct Update {
    seq: u64,
    patch: json_patch::Patch,
}

/// Several updates.
#[derive(Deserialize)]
struct Updates<'a> {
    #[serde(borrow)]
    updates: Vec<&'a RawValue>,
}

/// What a message was, for the client's loop.
pub enum Read {
    /// A table or updates: the decision may have opened.
    Table,
    GameEnd,
    Other,
}

/// The client's reading of the table so far.
pub struct Reader {
    reading: Reading,
    /// The `seq` the next table or update must carry.
    seq: u64,
    /// The open decision and the choice to play (lean).
    open: Option<(u64, usize)>,
    /// Lean: the decision opened, its choices not read yet.
    decision: Option<u64>,
    choice: Option<usize>,
    /// Patches or full: the view.
    view: serde_json::Value,
}

impl Reader {
    pub fn new(reading: Reading) -> Reader {
        Reader {
            reading,
            seq: 0,
            open: None,
            decision: None,
            choice: None,
            view: serde_json::Value::Null,
        }
    }

    /// Reads message `t`; `event` is told each update's or table's event
    /// type.
    ///
    /// # Panics
    /// A message that is not the protocol's, an `error`, a `seq` out of
    /// order, a patch that does not apply.
    pub fn read(&mut self, t: &str, event: &mut impl FnMut(&str)) -> Read {
        match self.reading {
            Reading::Lean => self.lean(t, event),
            Reading::Patches | Reading::Full => self.tree(t, event),
        }
    }

    /// The open decision and the choice to play: a win if offered, else
    /// the first.
    pub fn open(&self) -> Option<(u64, usize)> {
        self.open
    }

    fn next_seq(&mut self, seq: Option<u64>) {
        assert_eq!(seq, Some(self.seq), "the tables and updates in order");
        self.seq += 1;
    }

    fn lean(&mut self, t: &str, event: &mut impl FnMut(&str)) -> Read {
        let m: Lean = serde_json::from_str(t).expect("a message of the protocol");
        match &*m.ty {
            "table" | "update" | "updates" => {
                self.lean_table(m, event);
                self.open = self.decision.zip(self.choice);
                Read::Table
            }
            "game_end" => Read::GameEnd,
            "error" => panic!("the server refused the client: {t}"),
            _ => Read::Other,
        }
    }

    fn lean_table(&mut self, m: Lean, event: &mut impl FnMut(&str)) {
        if let Some(updates) = m.updates {
            for u in updates {
                self.lean_table(u, event);
            }
            return;
        }
        self.next_seq(m.seq);
        if let Some(e) = &m.event {
            event(&e.ty);
        }
        if let Some(view) = m.view {
            let d: Decision = serde_json::from_str(view.get()).expect("a view");
            self.decision = d.decision;
            self.set_choices(d.choices);
        }
        for op in m.patch.iter().flatten() {
            match (&*op.path, &*op.op) {
                ("/decision", "remove") => self.decision = None,
                ("/decision", _) => {
                    let v = op.value.expect("a decision's value").get();
                    self.decision = Some(v.parse().expect("a decision number"));
                }
                ("/choices", _) => self.set_choices(op.value),
                (p, _) if p.starts_with("/choices/") => panic!("choices patched in part: {p}"),
                _ => {}
            }
        }
    }

    fn set_choices(&mut self, choices: Option<&RawValue>) {
        self.choice = choices.filter(|c| c.get() != "null").map(|c| {
            let c: Choices = serde_json::from_str(c.get()).expect("choices");
            c.actions
                .iter()
                .position(|a| a.ty == "tsumo" || a.ty == "ron")
                .unwrap_or(0)
        });
    }

    fn tree(&mut self, t: &str, event: &mut impl FnMut(&str)) -> Read {
        let (ty, seq, e) = head(t).expect("a message of the protocol");
        match ty {
            "table" => {
                if let Some(e) = e {
                    event(e);
                }
                if self.reading == Reading::Full && !t.contains(r#""decision":"#) {
                    self.next_seq(seq);
                    self.view = serde_json::Value::Null;
                } else {
                    let m: FullTable = serde_json::from_str(t).expect("JSON");
                    self.next_seq(Some(m.seq));
                    self.view = m.view;
                }
            }
            "update" => self.patch(t, e, event),
            "updates" => {
                let u: Updates = serde_json::from_str(t).expect("JSON");
                for one in u.updates {
                    let (_, _, e) = head(one.get()).expect("an update");
                    self.patch(one.get(), e, event);
                }
            }
            "game_end" => return Read::GameEnd,
            "error" => panic!("the server refused the client: {t}"),
            _ => return Read::Other,
        }
        self.open = self.view["decision"].as_u64().and_then(|d| {
            let choices = self.view["choices"]["actions"].as_array()?;
            let i = choices
                .iter()
                .position(|c| c["type"] == "tsumo" || c["type"] == "ron")
                .unwrap_or(0);
            Some((d, i))
        });
        Read::Table
    }

    fn patch(&mut self, t: &str, e: Option<&str>, event: &mut impl FnMut(&str)) {
        if let Some(e) = e {
            event(e);
        }
        let u: Update = serde_json::from_str(t).expect("JSON");
        self.next_seq(Some(u.seq));
        json_patch::patch(&mut self.view, &u.patch).expect("the patch applies");
    }
}

/// The type of a message, its `seq` and its event's type, read from its
/// start (the server writes `{"type":"table","seq":12,"event":{"type":"dahai",…`).
fn head(t: &str) -> Option<(&str, Option<u64>, Option<&str>)> {
    let (ty, mut rest) = t.strip_prefix(r#"{"type":""#)?.split_once('"')?;
    let mut seq = None;
    if let Some(r) = rest.strip_prefix(r#","seq":"#) {
        let end = r.find(|c: char| !c.is_ascii_digit())?;
        seq = Some(r[..end].parse().ok()?);
        rest = &r[end..];
    }
    let event = rest
        .strip_prefix(r#","event":{"type":""#)
        .and_then(|r| r.split_once('"'))
        .map(|(e, _)| e);
    Some((ty, seq, event))
}

//! What a client gets of the table: the library's view of its seat
//! ([`tenpai::view::SeatView`]), with what only the server knows beside it
//! (the seat drawn at the bottom, the open decision, the seat asked).
//!
//! The view is made by the library for the client's own seat
//! ([`SeatView::of`]: its own concealed tiles and choices, never another
//! seat's concealed tiles or the wall), or with every hand
//! ([`SeatView::all_hands`]) for a watcher of four AI players and for the
//! log viewer, who may see them all. This module decides nothing.

use crate::patch::Op;
use crate::table::Role;
use serde::Serialize;
use tenpai::game::{SeatIndex, State};
use tenpai::view::SeatView;

/// The table as one client sees it. Serialized flat: the view's fields
/// (`perspective`, `seat`, `stage`, `round`, `seats`, `dora_indicators`,
/// `dora`, `tiles_left`, `turn`, `claimable`, `choices`, `result`, see
/// [`tenpai::view`]) beside `bottom`, `decision`, `asked` and `clock`.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The seat drawn at the bottom.
    pub bottom: u8,
    /// The decision the client may answer now
    /// ([`crate::protocol::ClientMsg::Act`], with the position of an action
    /// in the view's `choices.actions`); absent when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<u64>,
    /// The seat asked now (to discard, call or pass), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked: Option<SeatIndex>,
    /// With `decision`, at a table with a turn time limit: the time left
    /// to answer it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::protocol::TurnClock>,
    /// The library's view.
    #[serde(flatten)]
    pub view: SeatView,
}

impl TableView {
    /// The table of `state` as `seat` sees it (`None`: every hand open,
    /// seat 0 at the bottom), with its choices only when `decision` is open
    /// for it.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::Game;
    /// use tenpai_web::view::TableView;
    /// let game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let t = TableView::of(game.state(), Some(tenpai::game::SeatIndex::ALL[2]), None, Some(tenpai::game::SeatIndex::ALL[0]));
    /// let json = serde_json::to_value(&t)?;
    /// assert_eq!(json["bottom"], 2);
    /// assert_eq!(json["seats"][0]["hand"], serde_json::Value::Null, "seat 0's tiles are not seat 2's");
    /// assert_eq!(json["seats"][2]["hand"]["tiles"].as_array().unwrap().len(), 13);
    /// assert_eq!(json["choices"], serde_json::Value::Null);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(
        state: &State,
        seat: Option<SeatIndex>,
        decision: Option<u64>,
        asked: Option<SeatIndex>,
    ) -> TableView {
        // The choices' legal actions are worked out only for an open
        // decision (most views are sent between decisions).
        let view = match seat {
            Some(s) if decision.is_some() => SeatView::of(state, s),
            Some(s) => SeatView::of_without_choices(state, s),
            None => SeatView::all_hands(state, None),
        };
        TableView {
            bottom: seat.map_or(0, SeatIndex::get),
            decision,
            asked,
            clock: None,
            view,
        }
    }

    /// The table of `state` as a client of `role` sees it: its seat's view,
    /// a spectator's ([`SeatView::spectator`]: no concealed tile, seat 0 at
    /// the bottom) or every hand for a watcher of four AI players; choices
    /// only when `decision` is open for it.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::Game;
    /// use tenpai_web::table::Role;
    /// use tenpai_web::view::TableView;
    /// let game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let t = TableView::for_role(game.state(), Role::Spectator, None, Some(tenpai::game::SeatIndex::ALL[0]));
    /// let json = serde_json::to_value(&t)?;
    /// assert_eq!(json["perspective"], "spectator");
    /// assert!((0..4).all(|s| json["seats"][s]["hand"].is_null()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_role(
        state: &State,
        role: Role,
        decision: Option<u64>,
        asked: Option<SeatIndex>,
    ) -> TableView {
        match role {
            Role::Seat(s) => TableView::of(state, Some(s), decision, asked),
            Role::Watcher => TableView::of(state, None, decision, asked),
            Role::Spectator => TableView {
                bottom: 0,
                decision: None,
                asked,
                clock: None,
                view: SeatView::spectator(state),
            },
        }
    }
}

impl TableView {
    /// This view made again in place from `state`, with no decision open
    /// for it and `asked` the seat asked: what [`TableView::for_role`]
    /// makes of `state` for the role it was made for, with no decision
    /// (its buffers reused: [`SeatView::refresh_without_choices`]).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// use tenpai_web::{table::Role, view::TableView};
    /// let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let east = Role::Seat(SeatIndex::ALL[0]);
    /// let mut view = TableView::for_role(game.state(), east, Some(1), game.to_act());
    /// let a = game.legal()[0].clone();
    /// game.step(&a)?;
    /// view.refresh(game.state(), game.to_act());
    /// let made = TableView::for_role(game.state(), east, None, game.to_act());
    /// assert_eq!(serde_json::to_value(&view)?, serde_json::to_value(&made)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refresh(&mut self, state: &State, asked: Option<SeatIndex>) {
        self.decision = None;
        self.asked = asked;
        self.clock = None;
        self.view.refresh_without_choices(state);
    }
}

/// A view sent to a client, kept as the base of the next patch (and the
/// one before it, whose buffers the next view reuses).
#[derive(Clone, Debug)]
pub struct Sent {
    view: TableView,
    spare: Option<TableView>,
}

impl Sent {
    /// `view`, sent in full.
    pub fn new(view: TableView) -> Sent {
        Sent { view, spare: None }
    }

    /// The view sent before the last one, if any: to be made the next
    /// view in place ([`TableView::refresh`]), its buffers reused.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// use tenpai_web::view::{Sent, TableView};
    /// let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let east = Some(SeatIndex::ALL[0]);
    /// let mut sent = Sent::new(TableView::of(game.state(), east, None, east));
    /// assert!(sent.take_spare().is_none(), "one view sent");
    /// let a = game.legal()[0].clone();
    /// game.step(&a)?;
    /// sent.write_update(TableView::of(game.state(), east, None, game.to_act()), &mut Vec::new())?;
    /// let mut next = sent.take_spare().expect("the first view, sent before the last");
    /// next.refresh(game.state(), game.to_act());
    /// assert!(sent.take_spare().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_spare(&mut self) -> Option<TableView> {
        self.spare.take()
    }

    /// The patch (RFC 6902, [`crate::patch`]) from the JSON of the view
    /// sent to that of `next`, which becomes the view sent. The two views
    /// are compared field by field, each seat's field by field (a river
    /// that grew: its new tiles added at its end); only what differs is
    /// written as JSON.
    ///
    /// # Errors
    /// A part could not be written as JSON (a bug); the view sent is then
    /// unknown, and the next should go in full.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// use tenpai_web::view::{Sent, TableView};
    /// let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let east = Some(SeatIndex::ALL[0]);
    /// let first = TableView::of(game.state(), east, None, east);
    /// let mut client = serde_json::to_value(&first)?;
    /// let mut sent = Sent::new(first);
    /// let discard = game.legal()[0].clone();
    /// game.step(&discard)?;
    /// let next = TableView::of(game.state(), east, None, game.to_act());
    /// let ops = sent.update(next.clone())?;
    /// assert!(ops.iter().any(|op| op.path() == "/seats/0/river/-"), "{ops:?}");
    /// // As a client applies it (here with the `json-patch` crate).
    /// let ops: json_patch::Patch = serde_json::from_value(serde_json::to_value(&ops)?)?;
    /// json_patch::patch(&mut client, &ops)?;
    /// assert_eq!(client, serde_json::to_value(&next)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update(&mut self, next: TableView) -> Result<Vec<Op>, serde_json::Error> {
        let mut ops = Vec::new();
        diff(&self.view, &next, &mut ops)?;
        self.spare = Some(std::mem::replace(&mut self.view, next));
        Ok(ops)
    }

    /// [`Sent::update`]'s patch written as its JSON array at the end of
    /// `out`, without building the operations or their values (the
    /// server's way: a client's update costs no JSON tree). The same
    /// operations in the same order; a value's object keys in the order
    /// of its fields.
    ///
    /// # Errors
    /// As [`Sent::update`]'s; `out` then holds a part of the array.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// use tenpai_web::view::{Sent, TableView};
    /// let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let east = Some(SeatIndex::ALL[0]);
    /// let first = TableView::of(game.state(), east, None, east);
    /// let (mut kept, mut written) = (Sent::new(first.clone()), Sent::new(first));
    /// let discard = game.legal()[0].clone();
    /// game.step(&discard)?;
    /// let next = TableView::of(game.state(), east, None, game.to_act());
    /// let mut json = Vec::new();
    /// written.write_update(next.clone(), &mut json)?;
    /// let ops = kept.update(next)?;
    /// let as_json: serde_json::Value = serde_json::from_slice(&json)?;
    /// assert_eq!(as_json, serde_json::to_value(&ops)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_update(
        &mut self,
        next: TableView,
        out: &mut Vec<u8>,
    ) -> Result<(), serde_json::Error> {
        out.push(b'[');
        let mut ops = Written { out, first: true };
        diff(&self.view, &next, &mut ops)?;
        out.push(b']');
        self.spare = Some(std::mem::replace(&mut self.view, next));
        Ok(())
    }
}

/// An operation's kind (RFC 6902's `op`).
#[derive(Clone, Copy)]
enum Kind {
    Add,
    Remove,
    Replace,
}

/// A path of the view: `/field`, or `/seats/i/field` of seat `i`.
#[derive(Clone, Copy)]
struct Path<'a> {
    seat: Option<usize>,
    field: &'a str,
}

impl std::fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.seat {
            Some(i) => write!(f, "/seats/{i}/{}", self.field),
            None => write!(f, "/{}", self.field),
        }
    }
}

/// Where a patch's operations go: kept as [`Op`]s, or written as JSON
/// ([`Written`]).
trait Ops {
    /// One operation (`value` unused by a remove).
    fn op<T: Serialize + ?Sized>(
        &mut self,
        kind: Kind,
        path: Path,
        value: &T,
    ) -> Result<(), serde_json::Error>;
}

impl Ops for Vec<Op> {
    fn op<T: Serialize + ?Sized>(
        &mut self,
        kind: Kind,
        path: Path,
        value: &T,
    ) -> Result<(), serde_json::Error> {
        let path = path.to_string();
        self.push(match kind {
            Kind::Remove => Op::Remove { path },
            Kind::Add => Op::Add {
                path,
                value: serde_json::to_value(value)?,
            },
            Kind::Replace => Op::Replace {
                path,
                value: serde_json::to_value(value)?,
            },
        });
        Ok(())
    }
}

/// Operations written as the elements of a JSON array, as [`Op`]
/// serializes them (`{"op":…,"path":…,"value":…}`).
struct Written<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl Ops for Written<'_> {
    fn op<T: Serialize + ?Sized>(
        &mut self,
        kind: Kind,
        path: Path,
        value: &T,
    ) -> Result<(), serde_json::Error> {
        if !std::mem::take(&mut self.first) {
            self.out.push(b',');
        }
        let op: &[u8] = match kind {
            Kind::Add => br#"{"op":"add","path":""#,
            Kind::Remove => br#"{"op":"remove","path":""#,
            Kind::Replace => br#"{"op":"replace","path":""#,
        };
        self.out.extend_from_slice(op);
        // A path holds no character JSON escapes (field names, a seat's
        // number: 0 to 3, one digit).
        if let Some(i) = path.seat {
            self.out.extend_from_slice(b"/seats/");
            self.out.push(b'0' + i as u8);
        }
        self.out.push(b'/');
        self.out.extend_from_slice(path.field.as_bytes());
        self.out.push(b'"');
        if !matches!(kind, Kind::Remove) {
            self.out.extend_from_slice(br#","value":"#);
            serde_json::to_writer(&mut *self.out, value)?;
        }
        self.out.push(b'}');
        Ok(())
    }
}

/// The operations that turn view `a` into `b`, in the view's order.
fn diff(a: &TableView, b: &TableView, ops: &mut impl Ops) -> Result<(), serde_json::Error> {
    let top = |field| Path { seat: None, field };
    // The fields left out when absent.
    optional(ops, top("decision"), &a.decision, &b.decision)?;
    optional(ops, top("asked"), &a.asked, &b.asked)?;
    optional(ops, top("clock"), &a.clock, &b.clock)?;
    part(ops, top("bottom"), &a.bottom, &b.bottom)?;
    let (v, w) = (&a.view, &b.view);
    part(ops, top("perspective"), &v.perspective(), &w.perspective())?;
    part(ops, top("seat"), &v.seat(), &w.seat())?;
    part(ops, top("stage"), &v.stage(), &w.stage())?;
    part(ops, top("round"), &v.round(), &w.round())?;
    part(
        ops,
        top("dora_indicators"),
        v.dora_indicators(),
        w.dora_indicators(),
    )?;
    part(ops, top("dora"), v.dora(), w.dora())?;
    part(ops, top("tiles_left"), &v.tiles_left(), &w.tiles_left())?;
    part(ops, top("turn"), &v.turn(), &w.turn())?;
    part(ops, top("claimable"), &v.claimable(), &w.claimable())?;
    part(ops, top("choices"), &v.choices(), &w.choices())?;
    part(ops, top("result"), &v.result(), &w.result())?;
    for (i, (s, t)) in v.seats().iter().zip(w.seats()).enumerate() {
        if s == t {
            continue;
        }
        let at = |field| Path {
            seat: Some(i),
            field,
        };
        part(ops, at("seat"), &s.seat, &t.seat)?;
        part(ops, at("wind"), &s.wind, &t.wind)?;
        part(ops, at("score"), &s.score, &t.score)?;
        part(ops, at("dealer"), &s.dealer, &t.dealer)?;
        part(ops, at("riichi"), &s.riichi, &t.riichi)?;
        let (r, q) = (&s.river, &t.river);
        if q.len() >= r.len() && q[..r.len()] == r[..] {
            for entry in &q[r.len()..] {
                ops.op(Kind::Add, at("river/-"), entry)?;
            }
        } else {
            part(ops, at("river"), r, q)?;
        }
        part(ops, at("melds"), &s.melds, &t.melds)?;
        part(ops, at("hand_size"), &s.hand_size, &t.hand_size)?;
        part(ops, at("hand"), &s.hand, &t.hand)?;
    }
    Ok(())
}

/// The operation that turns the view's part at `path` from `a` into `b`
/// (none when equal).
fn part<T: Serialize + PartialEq + ?Sized>(
    ops: &mut impl Ops,
    path: Path,
    a: &T,
    b: &T,
) -> Result<(), serde_json::Error> {
    if a == b {
        return Ok(());
    }
    ops.op(Kind::Replace, path, b)
}

/// [`part`] for a part left out of the view when `None`: removed, added
/// or replaced.
fn optional<T: Serialize + PartialEq>(
    ops: &mut impl Ops,
    path: Path,
    a: &Option<T>,
    b: &Option<T>,
) -> Result<(), serde_json::Error> {
    match (a, b) {
        _ if a == b => Ok(()),
        (_, None) => ops.op(Kind::Remove, path, &()),
        (None, Some(v)) => ops.op(Kind::Add, path, v),
        (Some(_), Some(v)) => ops.op(Kind::Replace, path, v),
    }
}

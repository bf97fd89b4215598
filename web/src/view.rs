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
        let view = match seat {
            Some(s) => SeatView::of(state, s),
            None => SeatView::all_hands(state, None),
        };
        TableView {
            bottom: seat.map_or(0, SeatIndex::get),
            decision,
            asked,
            clock: None,
            view: if decision.is_some() {
                view
            } else {
                view.without_choices()
            },
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

/// A view sent to a client, kept as the base of the next patch.
#[derive(Clone, Debug)]
pub struct Sent {
    view: TableView,
}

impl Sent {
    /// `view`, sent in full.
    pub fn new(view: TableView) -> Sent {
        Sent { view }
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
        let (a, b) = (&self.view, &next);
        // The fields left out when absent.
        part(&mut ops, "/decision", &a.decision, &b.decision, true)?;
        part(&mut ops, "/asked", &a.asked, &b.asked, true)?;
        part(&mut ops, "/clock", &a.clock, &b.clock, true)?;
        part(&mut ops, "/bottom", &a.bottom, &b.bottom, false)?;
        let (v, w) = (&a.view, &b.view);
        part(
            &mut ops,
            "/perspective",
            &v.perspective(),
            &w.perspective(),
            false,
        )?;
        part(&mut ops, "/seat", &v.seat(), &w.seat(), false)?;
        part(&mut ops, "/stage", &v.stage(), &w.stage(), false)?;
        part(&mut ops, "/round", &v.round(), &w.round(), false)?;
        part(
            &mut ops,
            "/dora_indicators",
            &v.dora_indicators(),
            &w.dora_indicators(),
            false,
        )?;
        part(&mut ops, "/dora", &v.dora(), &w.dora(), false)?;
        part(
            &mut ops,
            "/tiles_left",
            &v.tiles_left(),
            &w.tiles_left(),
            false,
        )?;
        part(&mut ops, "/turn", &v.turn(), &w.turn(), false)?;
        part(
            &mut ops,
            "/claimable",
            &v.claimable(),
            &w.claimable(),
            false,
        )?;
        part(&mut ops, "/choices", &v.choices(), &w.choices(), false)?;
        part(&mut ops, "/result", &v.result(), &w.result(), false)?;
        for (i, (s, t)) in v.seats().iter().zip(w.seats()).enumerate() {
            if s == t {
                continue;
            }
            let at = |field: &str| format!("/seats/{i}/{field}");
            part(&mut ops, &at("seat"), &s.seat, &t.seat, false)?;
            part(&mut ops, &at("wind"), &s.wind, &t.wind, false)?;
            part(&mut ops, &at("score"), &s.score, &t.score, false)?;
            part(&mut ops, &at("dealer"), &s.dealer, &t.dealer, false)?;
            part(&mut ops, &at("riichi"), &s.riichi, &t.riichi, false)?;
            let (r, q) = (&s.river, &t.river);
            if q.len() >= r.len() && q[..r.len()] == r[..] {
                for entry in &q[r.len()..] {
                    let value = serde_json::to_value(entry)?;
                    ops.push(Op::Add {
                        path: at("river/-"),
                        value,
                    });
                }
            } else {
                part(&mut ops, &at("river"), r, q, false)?;
            }
            part(&mut ops, &at("melds"), &s.melds, &t.melds, false)?;
            part(
                &mut ops,
                &at("hand_size"),
                &s.hand_size,
                &t.hand_size,
                false,
            )?;
            part(&mut ops, &at("hand"), &s.hand, &t.hand, false)?;
        }
        self.view = next;
        Ok(ops)
    }
}

/// The operation that turns the view's part at `path` from `a` into `b`
/// (none when equal); `skipped`: the part is left out of the view when
/// `None` (JSON null).
fn part<T: Serialize + PartialEq + ?Sized>(
    ops: &mut Vec<Op>,
    path: &str,
    a: &T,
    b: &T,
    skipped: bool,
) -> Result<(), serde_json::Error> {
    if a == b {
        return Ok(());
    }
    let path = path.to_string();
    let value = serde_json::to_value(b)?;
    let was = skipped && serde_json::to_value(a)?.is_null();
    ops.push(match (skipped && value.is_null(), was) {
        (true, _) => Op::Remove { path },
        (false, true) => Op::Add { path, value },
        (false, false) => Op::Replace { path, value },
    });
    Ok(())
}

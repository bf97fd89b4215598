//! What a client gets of the table: the library's view of its seat
//! ([`tenpai::view::SeatView`]), with what only the server knows beside it
//! (the seat drawn at the bottom, the open decision, the seat asked).
//!
//! The view is made by the library for the client's own seat
//! ([`SeatView::of`]: its own concealed tiles and choices, never another
//! seat's concealed tiles or the wall), or with every hand
//! ([`SeatView::all_hands`]) for a watcher of four AI players and for the
//! log viewer, who may see them all. This module decides nothing.

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

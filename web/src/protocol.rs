//! The messages between the page and the server, one JSON object per
//! WebSocket text frame, told apart by `"type"` (documented with an example
//! each in `docs/web-protocol.md`).
//!
//! The page sends intents ([`ClientMsg`]); the server owns the game, checks
//! each intent against the legal actions it offered and answers with what
//! the client's seat may see ([`ServerMsg`]). An intent that cannot be read
//! or is not allowed now is answered with [`ServerMsg::Error`] and changes
//! nothing.
//!
//! ```
//! use tenpai_web::protocol::ClientMsg;
//! let m: ClientMsg = serde_json::from_str(r#"{"type":"act","decision":7,"choice":2}"#)?;
//! assert_eq!(m, ClientMsg::Act { decision: 7, choice: 2 });
//! # Ok::<(), serde_json::Error>(())
//! ```

use crate::thinking::Thinking;
use crate::view::TableView;
use serde::{Deserialize, Serialize};
use tenpai::game::SeatIndex;

/// The protocol's version, sent in [`ServerMsg::Welcome`]: 2 since the
/// view's keys `round.round_wind`, `round.kyoutaku` and `kyoutaku_points`
/// (were `round.wind`, `round.sticks`, `stick_points`), the decision's
/// `clock` and the `update` patches (asked for with `patches`); 3 since
/// the tables' `seq` and the updates sent together as one `updates`
/// message ([`ServerMsg::Update`]).
pub const VERSION: u32 = 3;

/// The largest message a client may send, in bytes; a longer one closes its
/// connection (logs for the viewer are uploaded over HTTP instead).
pub const MAX_CLIENT_MESSAGE: usize = 16 * 1024;

/// The close code of a connection whose seat a newer connection took (the
/// seat's link opened in another tab or on another device: the newer one
/// plays the seat), of the range RFC 6455 §7.4.2 leaves to applications
/// (4000–4999); the page then stops reconnecting. Its reason is
/// [`REPLACED_REASON`].
pub const CLOSE_REPLACED: u16 = 4001;

/// The reason of the close frame [`CLOSE_REPLACED`].
///
/// ```
/// use tenpai_web::protocol::REPLACED_REASON;
/// assert!(REPLACED_REASON.len() <= 123, "a close frame's reason is at most 123 bytes");
/// ```
pub const REPLACED_REASON: &str =
    "replaced: a newer connection took this seat (its link opened in another tab or on another device)";

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Take choice number `choice` (0-based, into the view's choices) at
    /// decision number `decision` (the view's `decision`); refused when the
    /// decision is no longer open.
    Act {
        /// The decision it answers.
        decision: u64,
        /// The choice's position in the view's choices.
        choice: usize,
    },
    /// Show or hide the thinking panel; while no client shows it, the
    /// advisor does not search.
    Panel {
        /// Shown.
        on: bool,
    },
    /// Start a new game at this table (only once the game is over).
    NewGame,
    /// Send the table's updates as patches (`on`: [`ServerMsg::Update`],
    /// each the difference from the view sent before it) or in full
    /// (`off`, the default: [`ServerMsg::Table`]). The next update after
    /// either is sent in full, and so is any update after one the client
    /// missed (its queue full).
    Patches {
        /// As patches.
        on: bool,
    },
    /// Review seat `seat` of log `log` (by default the seat named `You`,
    /// the person's at this server's tables) with the Monte Carlo AI:
    /// progress arrives as [`ServerMsg::ReviewProgress`], the result as
    /// [`ServerMsg::Review`].
    Review {
        /// The log's id.
        log: u64,
        /// The seat reviewed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatIndex>,
    },
    /// Show step `step` of log `log` in the viewer: the position after that
    /// many of its events, every hand open (`seat` absent) or as `seat` saw it.
    Frame {
        /// The log's id ([`ServerMsg::GameEnd`] or the upload's answer).
        log: u64,
        /// Events applied, 0 to the log's length.
        step: usize,
        /// One seat's view only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatIndex>,
    },
}

/// A message to the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The first message on a connection.
    Welcome {
        /// [`VERSION`].
        version: u32,
        /// The client's seat; absent when it watches (four AI players, or
        /// as a spectator).
        #[serde(skip_serializing_if = "Option::is_none")]
        seat: Option<SeatIndex>,
        /// The client is a spectator: no concealed hand, no thinking.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        spectator: bool,
        /// The players' names by seat.
        names: [String; 4],
        /// How long the AI's moves are shown before the next, in ms.
        ai_delay_ms: u64,
        /// The advisor behind the thinking panel: `mc` or `baseline`.
        advisor: String,
    },
    /// The table as the client may see it, after `event` (absent when the
    /// client joins or a new game is dealt).
    Table {
        /// The number of this table among the tables and updates sent on
        /// this connection, from 0: a client can check that it missed
        /// none.
        seq: u64,
        /// The event just applied, as the client's seat sees it (mjai).
        #[serde(skip_serializing_if = "Option::is_none")]
        event: Option<tenpai::game::Event>,
        /// The table.
        view: Box<TableView>,
    },
    /// The table after `event` as a patch of the view sent to this client
    /// just before (to a client that asked for patches:
    /// [`ClientMsg::Patches`]): applied to it (RFC 6902), it gives the
    /// view the server would have sent in full.
    ///
    /// The updates a table makes at once (a person's act and the quick AI
    /// players' moves after it, up to the person's next decision) go out
    /// together as one message, `{"type":"updates","updates":[U1,U2,…]}`,
    /// each `Ui` an `update` message as it would have been sent alone, in
    /// order ([`crate::table::Out::batch`]); a single one goes alone.
    Update {
        /// The number of this update among the tables and updates sent on
        /// this connection ([`ServerMsg::Table`]'s `seq`).
        seq: u64,
        /// The event just applied, as the client's seat sees it (mjai);
        /// absent when only the decision or its clock changed.
        #[serde(skip_serializing_if = "Option::is_none")]
        event: Option<tenpai::game::Event>,
        /// The difference from the view before (RFC 6902).
        patch: Vec<crate::patch::Op>,
    },
    /// What the advisor (or, when watching, the AI on its turn) thinks of
    /// decision `decision`; sent again as a search goes on.
    Thinking(Box<Thinking>),
    /// The game is over.
    GameEnd(Box<GameEnd>),
    /// A review is under way: `done` of `total` decisions searched.
    ReviewProgress {
        /// Decisions searched.
        done: usize,
        /// Decisions in all.
        total: usize,
    },
    /// A finished review, for the viewer.
    Review {
        /// The log reviewed.
        log: u64,
        /// The review.
        review: Box<crate::review::ReviewDoc>,
    },
    /// A step of a log in the viewer.
    Frame(Box<crate::viewer::Frame>),
    /// Who sits where at a table where people play: sent when a person
    /// comes or goes.
    Seats {
        /// Each seat's status.
        seats: [SeatStatus; 4],
        /// The game has started (every person's seat was taken).
        started: bool,
    },
    /// A person left a started game, an AI took their seat over, they
    /// came back, or their time to decide ran out (sent to every client
    /// of the table).
    Notice {
        /// The person's seat.
        seat: SeatIndex,
        /// What happened.
        kind: NoticeKind,
        /// With `left`: how long the seat waits before an AI plays it, in
        /// ms.
        #[serde(skip_serializing_if = "Option::is_none")]
        grace_ms: Option<u64>,
        /// The same in English (`South left: an AI plays their seat in
        /// 20 s unless they come back`).
        message: String,
    },
    /// The server is shutting down (SIGTERM, Ctrl-C): the game stops
    /// where it stands (its log, with `--log-dir`, synced to the disk) and
    /// the connection closes after this message.
    Closing {
        /// Why, in English.
        message: String,
    },
    /// The last message could not be done; nothing changed.
    Error {
        /// What was wrong, in English.
        message: String,
    },
}

/// What a [`ServerMsg::Notice`] tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// The person left; their seat waits for the grace period.
    Left,
    /// The grace period ended: an AI plays the seat.
    Covered,
    /// The person is back.
    Back,
    /// The person's time to decide ran out (the turn time limit): the
    /// server played tsumogiri, a pass, or the hand's rightmost tile for
    /// them ([`tenpai::game::timeout_action`]).
    TimedOut,
}

/// The time a person has left to answer their open decision, at a table
/// with a turn time limit: first `base_ms`, then `bank_ms` (what is left of
/// the seat's bank for the game), in milliseconds from when the message was
/// sent; after a round's result the clock starts `starts_in_ms` later
/// (the result pause, [`crate::table::RESULT_PAUSE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TurnClock {
    /// What is left of the decision's base time.
    pub base_ms: u64,
    /// What is left of the seat's bank, spent once the base is gone.
    pub bank_ms: u64,
    /// In how long the clock starts to run (absent: it runs).
    #[serde(skip_serializing_if = "is_zero")]
    pub starts_in_ms: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A seat at a table where people play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    /// An AI player's seat.
    Ai,
    /// A person's seat nobody has taken yet (the game waits).
    Open,
    /// Its person is connected.
    Here,
    /// Its person has left (the game waits for them, for the grace
    /// period at a lobby table).
    Away,
    /// Its person has left and an AI plays the seat until they come back.
    Covered,
}

/// The end of a game.
#[derive(Clone, Debug, Serialize)]
pub struct GameEnd {
    /// Final scores, in points, by seat.
    pub scores: [i32; 4],
    /// Points with uma and oka, by seat.
    pub points: [i32; 4],
    /// Seats by final rank.
    pub ranking: [u8; 4],
    /// The game's log in the viewer (its id for [`ClientMsg::Frame`]; 0, no
    /// log, if the server could not keep it, which it prints).
    pub log: u64,
    /// Where the mjai log was written (with `--log-dir`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_file: Option<String>,
    /// The game can be reviewed (a person played it).
    pub reviewable: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_msg_ok_each_kind() {
        let read = |s: &str| serde_json::from_str::<ClientMsg>(s).unwrap();
        assert_eq!(read(r#"{"type":"new_game"}"#), ClientMsg::NewGame);
        assert_eq!(
            read(r#"{"type":"panel","on":false}"#),
            ClientMsg::Panel { on: false }
        );
        assert_eq!(
            read(r#"{"type":"frame","log":1,"step":40,"seat":2}"#),
            ClientMsg::Frame {
                log: 1,
                step: 40,
                seat: Some(SeatIndex::ALL[2])
            }
        );
    }

    #[test]
    fn client_msg_err_unknown_type_or_field_named() {
        let e = serde_json::from_str::<ClientMsg>(r#"{"type":"cheat"}"#).unwrap_err();
        assert!(e.to_string().contains("unknown variant `cheat`"), "{e}");
        let e =
            serde_json::from_str::<ClientMsg>(r#"{"type":"act","decision":1,"choice":0,"x":1}"#)
                .unwrap_err();
        assert!(e.to_string().contains("unknown field `x`"), "{e}");
    }
}

//! Protocol tests: the server driven through real WebSockets
//! (tokio-tungstenite) on loopback.
//!
//! - a whole seeded game played through the protocol gives the same log as
//!   the same game played in process, and no message to the person holds
//!   another seat's concealed tile;
//! - bad input (garbage, truncated JSON, unknown messages, illegal and
//!   out-of-turn actions, huge frames) is answered or refused without
//!   changing the game or stalling another client;
//! - a fuzzer at a table of two people: no panic, no stuck table, the
//!   other person unaffected;
//! - a closed tab resumes; the viewer's logs and frames;
//! - watching four AI players: every hand, each one's thinking;
//! - the lobby's tables: seats by link, spectators, privacy over whole
//!   games with two people and a spectator;
//! - finished games in the viewer only to their own table, as each may see.
//! - a person who leaves: the grace period, the AI playing their seat, their return.
//! - the log written as the game is played; a finished table reopened
//!   after a restart starts no bot.
//! - the turn time limit: each decision's clock, the lobby's fields.
//! - the `Origin` check of WebSocket upgrades; the checks of a request's
//!   head (`Sec-WebSocket-Key`, one `Host`, at most one `Origin`).
//! - the close frames: 1001 on shutdown, 4001 to a seat's older
//!   connection when a newer one takes the seat.
//! - the table's updates as patches: the views they give are the full ones.
//! - the limits: messages per second, connections per address, tables in
//!   all and per address.

mod access;
mod closes;
mod common;
mod faults;
mod fuzz;
mod game;
mod handshake;
mod journal;
mod limits;
mod origin;
mod patch;
mod privacy;
mod reopen;
mod rooms;
mod takeover;
mod turn;
mod viewer;
mod watch;

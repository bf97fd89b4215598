//! The game engine: a rules-complete riichi mahjong state machine driven by
//! mjai events.
//!
//! - [`Wall`]: 136 tiles shuffled from a seed, dead wall, dora, replacement draws.
//! - [`Event`]: the mjai event set, as JSON lines; [`Pai`]: a tile in mjai notation;
//!   [`LoggedRules`]: the rules a log's `start_game` records.
//! - [`State`]: the event-sourced state, read through its accessors; it changes
//!   only by [`State::apply`], which refuses illegal events, and checks its
//!   invariants after each event in debug builds (and whenever
//!   [`State::with_check`] turns the checks on). [`Seat`]: one seat's part of it.
//! - [`legal_actions`]: what a seat may do now; [`action_events()`] turns a choice
//!   into events.
//! - Above the engine (they are I/O): [`crate::log`], game logs (tenhou.net/6
//!   JSON, mjai JSON lines, Tenhou's XML) read into one shape; [`crate::replay`]:
//!   a log's events applied to the engine and
//!   its results compared.
//! - [`GameRules`](crate::rules::GameRules): the `[game]` table of the rule presets (`data/rules/*.toml`).
//! - [`Game`]: a whole seeded game stopped at each decision (who acts, their
//!   legal actions, [`Game::step`]); it deals, settles competing calls, turns
//!   dora and records every event.
//! - [`Observation`]: one seat's view; [`Player`]: the trait players implement;
//!   [`play_game`]: a whole seeded game with four players, recorded as mjai events;
//!   [`RandomPlayer`]: random legal actions.
//! - [`WinFacts`]: a win's scoring situation from the table, with its timing
//!   ([`win_timing`]); [`win_deltas`]: who pays a win what (liability, honba,
//!   sticks); [`tenpai_payments`] at an exhaustive draw; [`pay_deltas`], [`pay_win`]:
//!   the scores and sticks after them.
//! - Riichi: [`riichi_allowed`], [`riichi_possible`]; [`is_furiten`].
//! - [`SeatFlags`]: a seat's riichi, ippatsu and furiten, and the changes a
//!   round's events make to them ([`drew`], [`call_made`], [`kan_declared`],
//!   [`could_ron`], [`settle_passes`], [`first_go_around`]), written once for
//!   the engine and the Monte Carlo rollouts.
//! - The rules of calls: [`kuikae_forbidden`], [`kuikae_leaves_discard`],
//!   [`liable_seat`] (pao).
//! - [`RoundId`]: a round as dealt (wind, dealer, honba, sticks; `E1`,
//!   `S2-1` as text); [`Position`]: a position described as one seat sees
//!   it, built into a state by the rules;
//!   [`next_round`]: the rule for the round after it, or the end of the game.
//! - [`ranking`], [`places`], [`final_scores`]: the end of a game.
//! - [`timeout_action`]: what is played for a seat whose time to decide ran
//!   out (tsumogiri, pass, or the hand's rightmost tile, as on Tenhou).
//! - [`crate::bot`] (above the engine): tenpai as an mjai bot, one seat's game followed from a host's
//!   events.
//! - [`action_index`], [`ACTION_SPACE`]: a fixed numbering of the actions, and
//!   [`Features`]: an observation as fixed-size numeric arrays, for learning
//!   agents.

mod action_events;
mod action_space;
mod builder;
mod calls;
mod driver;
mod error;
mod event;
mod event_read;
mod features;
mod flags;
mod furiten;
mod legal;
mod logged_rules;
mod observation;
mod pai;
mod riichi;
mod round;
mod seat_index;
mod settle;
mod situation;
mod state;
mod table;
mod timeout;

mod wall;

pub use action_events::{action_events, action_events_into};
pub use action_space::{action_index, action_name, ACTION_SPACE};
pub use builder::{Position, PositionError};
pub(crate) use calls::is_kokushi_tenpai;
pub use calls::{kuikae_forbidden, kuikae_leaves_discard, liable_seat};
pub use driver::{Game, Spectator};
pub use error::GameError;
pub use event::{DrawReason, Event};
pub use features::{Features, PLANES, SCALARS};
pub use flags::{
    call_made, could_ron, drew, first_go_around, kan_declared, settle_passes, SeatFlags,
};
pub use furiten::is_furiten;
pub use legal::{check_offered, legal_actions, legal_actions_into, Action};
pub use logged_rules::{kyoku_first, LoggedRules};
pub use observation::{hand_of, Observation};
pub use pai::Pai;
pub use riichi::{riichi_allowed, riichi_possible, RiichiRefusal};
pub use round::{
    final_scores, next_round, next_round_after, places, ranking, RoundEnd, RoundId, RoundOutcome,
    Win,
};
pub use seat_index::{SeatError, SeatIndex, SeatParseError};
pub use settle::{pay_deltas, pay_win, tenpai_payments, win_deltas, WinSeats, MAX_SCORE};
pub use situation::{win_timing, WinFacts, WinMoment};
pub use state::{live_wall_left, Phase, RiichiState, RiverTile, Seat, State, TableMeld};
pub use table::{play_game, play_game_watched, GameRecord, Player, RandomPlayer};
pub use timeout::timeout_action;
pub use wall::{physical_pai, Wall, DEAD_WALL, LIVE_AFTER_DEAL, TILES};

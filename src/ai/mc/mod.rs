//! The Monte Carlo player: sample what the seat cannot see, play each sampled
//! world to the end of the round with fast table-driven policies for every
//! seat, and pick the action with the best expected final rank.
//!
//! - [`Determinizer`] (`determinize.rs`): the unseen tiles dealt at random,
//!   riichi hands ready on a non-furiten wait, heavy callers near ready,
//!   early discards unwanted.
//! - [`World`] (`world.rs`): a compact round state for rollouts; [`rollout`]
//!   (`rollout.rs`) plays it out with the policies of `policy.rs` and scores
//!   the ending with the real scorer.
//! - [`search`] (`search.rs`): the same worlds for every candidate (common
//!   random numbers), successive halving, a sample or time [`Budget`].
//! - `value.rs`: an ending's worth, the seat's expected final rank with the
//!   rounds left modelled as noise ([`PAIR_SD`]).
//! - [`McPlayer`] (`player.rs`): the search behind [`crate::game::Player`].
//! - `explain.rs`: the ranking as a table, as JSON, or as a CSV row.
//!
//! Method after Mizukami & Tsuruoka, "Building a computer Mahjong player
//! based on Monte Carlo simulation and opponent models" (IEEE CIG 2015).

mod clock;
mod determinize;
mod explain;
mod player;
mod policy;
mod rollout;
mod search;
mod value;
mod world;

pub use clock::{Clock, StepClock, SystemClock};
pub use determinize::{
    Determinizer, CLOSED_PACE_PERCENT, GOOD_WAIT_TURNS, MAX_STEPS, REDEALS, TWO_CALLS_READY,
};
pub use explain::{action_label, csv_header, csv_row, hand_text, report_json, report_table};
pub use player::{DecisionHook, McPlayer};
pub use rollout::{rollout, RolloutResult};
pub use search::{
    candidates, is_last_round, search, search_with_clock, Budget, Candidate, SearchReport,
    Settings, PRIOR_Z,
};
pub use value::PAIR_SD;
pub use world::{End, Spot, World};

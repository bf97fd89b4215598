//! The Monte Carlo player: sample what the seat cannot see, play each sampled
//! world to the end of the round with fast table-driven policies for every
//! seat, and pick the action with the best expected final rank.
//!
//! - [`Determinizer`] (`determinize.rs`): the unseen tiles dealt at random,
//!   riichi hands ready on a non-furiten wait, heavy callers near ready,
//!   early discards unwanted.
//! - [`World`] (`world.rs`): a compact round state for rollouts; [`rollout()`]
//!   (`rollout.rs`) plays it out with the policies of `policy.rs` and scores
//!   the ending with the real scorer.
//! - [`search()`] (`search.rs`): the same worlds for every candidate (common
//!   random numbers), successive halving, a sample or time [`Budget`];
//!   [`search_against`] (`against.rs`) measures every candidate against a
//!   reference action with a [`PairedDiff`] (`paired.rs`), for reviews of
//!   played games.
//! - `value.rs`: an ending's worth, the seat's expected final rank with the
//!   rounds left modelled as noise (8,000 points of standard deviation in
//!   the difference of two seats' scores per round left).
//! - [`McPlayer`] (`player.rs`): the search behind [`crate::game::Player`].
//! - [`Version`] (`version.rs`): the baseline the search is built on (its
//!   prior and its rollout rules): the first, the second, or the learned
//!   one as the prior with the second's rules in the rollouts.
//! - `label.rs`: short names of actions and hands ([`action_label`],
//!   [`hand_text`]); the CLI prints reports as tables, JSON and CSV.
//!
//! The tuning values (the determinizer's probabilities and step limits, the
//! prior's margin, the noise of the rounds left) are private constants,
//! documented where they are defined; `docs/monte-carlo.md` and
//! `docs/model-check.md` tell how they were fitted.
//!
//! Method after Mizukami & Tsuruoka, "Building a computer Mahjong player
//! based on Monte Carlo simulation and opponent models" (IEEE CIG 2015).

mod acc;
mod against;
mod clock;
mod determinize;
mod halving;
mod label;
mod paired;
mod player;
mod policy;
mod rollout;
mod search;
mod value;
mod version;
mod world;

pub use against::search_against;
pub use clock::{Clock, StepClock, SystemClock};
pub use determinize::Determinizer;
pub use label::{action_label, hand_text};
pub use paired::PairedDiff;
pub use player::{DecisionHook, McPlayer};
pub use rollout::{rollout, RolloutResult};
pub(crate) use search::mix;
pub use search::{
    candidates, is_last_round, same_play, search, search_with_clock, Budget, Candidate,
    SearchReport, Settings, Watch,
};
pub use version::Version;
pub use world::{End, Spot, World};

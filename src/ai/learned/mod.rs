//! Learned parts of the AI: small models fitted on the choices of strong
//! players, with Rust inference and no run-time dependency.
//!
//! - [`Logit`] (`logit.rs`): a conditional logit (a softmax over the
//!   alternatives of a choice of a linear score of their features), fitted
//!   by Newton's method.
//! - [`LearnedModel`] (`model.rs`): the three parts' weights fitted by
//!   `tenpai learn` (`data/ai/model.json`), and their choices.
//! - The features each part weighs: of a candidate discard
//!   ([`DISCARD_FEATURES`], `discard.rs`), of a riichi or a plain discard
//!   where a riichi is legal ([`RIICHI_FEATURES`], `riichi.rs`), of a call
//!   of another seat's discard against the pass ([`CALL_FEATURES`],
//!   `call.rs`).

mod call;
mod discard;
mod logit;
mod model;
mod riichi;

pub use call::{call_alternatives, call_choice, CALL_FEATURES};
pub use discard::{discard_candidates, discard_choice, DISCARD_FEATURES};
pub use logit::{Choice, Logit};
pub use model::{LearnedModel, ModelError};
pub use riichi::{riichi_alternatives, riichi_choice, RIICHI_FEATURES};

//! Learned parts of the AI: small models fitted on the choices of strong
//! players, with Rust inference and no run-time dependency.
//!
//! - [`Logit`] (`logit.rs`): a conditional logit (a softmax over the
//!   alternatives of a choice of a linear score of their features), fitted
//!   by Newton's method.
//! - [`DiscardModel`] (`discard.rs`): the features of a candidate discard
//!   ([`DISCARD_FEATURES`]) and the weights fitted by `tenpai learn`
//!   (`data/ai/discard.json`).

mod discard;
mod logit;

pub use discard::{discard_candidates, discard_choice, DiscardModel, ModelError, DISCARD_FEATURES};
pub use logit::{Choice, Logit};

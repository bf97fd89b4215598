//! The learned model as its file holds it: the weights of its three parts
//! (which tile to discard, riichi or dama and with which tile, call or
//! pass), each a conditional logit over hand-made features, and the command
//! that made it. The program ships `data/ai/model.json`.

use super::call::{call_alternatives, CALL_FEATURES};
use super::discard::{discard_candidates, DISCARD_FEATURES};
use super::logit::Logit;
use super::riichi::{riichi_alternatives, RIICHI_FEATURES};
use crate::game::{Action, Observation};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
use thiserror::Error;

/// A weights file that is not a learned model of this program.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// Not JSON of the expected shape.
    #[error("not a learned model: {0}")]
    Format(String),
    /// A part's features differ from this program's.
    #[error("the {part} model's features are {found} but this program's are {expected}")]
    Features {
        /// The part: `discard`, `riichi` or `call`.
        part: &'static str,
        /// This program's features, comma-separated.
        expected: String,
        /// The file's.
        found: String,
    },
    /// A weight is missing or not finite.
    #[error(
        "the {part} model has {weights} weights for {features} features, or one is not finite"
    )]
    Weights {
        /// The part: `discard`, `riichi` or `call`.
        part: &'static str,
        /// Weights in the file.
        weights: usize,
        /// Features.
        features: usize,
    },
}

/// The learned model: a discard part, and riichi and call parts that, when
/// absent, leave those decisions to the baseline's rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnedModel {
    /// The command that made it.
    pub command: String,
    /// Decisions it was fitted on, all parts together.
    pub choices: usize,
    /// Which tile to discard, over [`DISCARD_FEATURES`].
    pub discard: Logit,
    /// Riichi or dama, and with which tile, over [`RIICHI_FEATURES`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub riichi: Option<Logit>,
    /// Call or pass an offered discard, over [`CALL_FEATURES`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<Logit>,
}

/// Checks that `logit` weighs `features`, each weight finite.
fn check(part: &'static str, logit: &Logit, features: &[&str]) -> Result<(), ModelError> {
    if logit.features != features {
        return Err(ModelError::Features {
            part,
            expected: features.join(", "),
            found: logit.features.join(", "),
        });
    }
    if logit.weights.len() != features.len() || !logit.weights.iter().all(|w| w.is_finite()) {
        return Err(ModelError::Weights {
            part,
            weights: logit.weights.len(),
            features: features.len(),
        });
    }
    Ok(())
}

impl LearnedModel {
    /// Reads a model from its JSON text, checking that each part's features
    /// are this program's.
    ///
    /// # Errors
    /// [`ModelError`]: bad JSON, other features, a missing or non-finite
    /// weight.
    ///
    /// ```
    /// use tenpai::ai::learned::LearnedModel;
    /// let m = LearnedModel::embedded();
    /// let again = LearnedModel::from_json(&serde_json::to_string(m).unwrap())?;
    /// assert_eq!(&again, m);
    /// assert!(LearnedModel::from_json("{}").is_err());
    /// # Ok::<(), tenpai::ai::learned::ModelError>(())
    /// ```
    pub fn from_json(text: &str) -> Result<LearnedModel, ModelError> {
        let m: LearnedModel =
            serde_json::from_str(text).map_err(|e| ModelError::Format(e.to_string()))?;
        check("discard", &m.discard, &DISCARD_FEATURES)?;
        if let Some(r) = &m.riichi {
            check("riichi", r, &RIICHI_FEATURES)?;
        }
        if let Some(c) = &m.call {
            check("call", c, &CALL_FEATURES)?;
        }
        Ok(m)
    }

    /// The model the program ships (`data/ai/model.json`).
    ///
    /// # Panics
    /// Never: the file is checked by the tests.
    pub fn embedded() -> &'static LearnedModel {
        static MODEL: OnceLock<LearnedModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            LearnedModel::from_json(include_str!("../../../data/ai/model.json"))
                .expect("data/ai/model.json is a model of this program (tested)")
        })
    }

    /// The shipped model ([`LearnedModel::embedded`]), shared.
    ///
    /// # Panics
    /// Never: the file is checked by the tests.
    pub fn shipped() -> Arc<LearnedModel> {
        static MODEL: OnceLock<Arc<LearnedModel>> = OnceLock::new();
        Arc::clone(MODEL.get_or_init(|| Arc::new(LearnedModel::embedded().clone())))
    }

    /// The discard part of the shipped model alone (its riichi and call
    /// parts left out, so that a baseline using it keeps its own rules for
    /// those), shared.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::ai::learned::LearnedModel;
    /// let d = LearnedModel::shipped_discard();
    /// assert!(d.riichi.is_none() && d.call.is_none());
    /// assert_eq!(d.discard, LearnedModel::shipped().discard);
    /// ```
    pub fn shipped_discard() -> Arc<LearnedModel> {
        static MODEL: OnceLock<Arc<LearnedModel>> = OnceLock::new();
        Arc::clone(MODEL.get_or_init(|| {
            Arc::new(LearnedModel {
                riichi: None,
                call: None,
                ..LearnedModel::embedded().clone()
            })
        }))
    }

    /// The discard part's choice among the discards of `legal` (plain and
    /// riichi discards alike, by tile): the discard with the highest score,
    /// as a plain [`Action::Discard`] when one is legal; `None` when `legal`
    /// holds no discard.
    ///
    /// # Panics
    /// Never.
    pub fn choose_discard(&self, obs: &Observation, legal: &[Action]) -> Option<Action> {
        let cands = discard_candidates(obs, legal);
        let best = self
            .discard
            .best(&cands.iter().map(|c| c.1.clone()).collect::<Vec<_>>())?;
        let pai = cands[best].0;
        legal
            .iter()
            .find(|a| matches!(a, Action::Discard { pai: p, .. } if *p == pai))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::Riichi { pai: p, .. } if *p == pai))
            })
            .cloned()
    }

    /// The riichi part's choice when `legal` offers a riichi: a riichi or a
    /// plain discard, with its tile; `None` without a riichi part or a
    /// riichi in `legal`.
    ///
    /// # Panics
    /// Never.
    pub fn choose_riichi(&self, obs: &Observation, legal: &[Action]) -> Option<Action> {
        let logit = self.riichi.as_ref()?;
        let alts = riichi_alternatives(obs, legal, &self.discard);
        let best = logit.best(&alts.iter().map(|c| c.1.clone()).collect::<Vec<_>>())?;
        Some(alts[best].0.clone())
    }

    /// The call part's choice when `legal` offers another seat's discard
    /// (a pass and a chi, pon or open kan): the call or the pass; `None`
    /// without a call part or such an offer.
    ///
    /// # Panics
    /// Never.
    pub fn choose_call(&self, obs: &Observation, legal: &[Action]) -> Option<Action> {
        let logit = self.call.as_ref()?;
        let alts = call_alternatives(obs, legal);
        let best = logit.best(&alts.iter().map(|c| c.1.clone()).collect::<Vec<_>>())?;
        Some(alts[best].0.clone())
    }
}

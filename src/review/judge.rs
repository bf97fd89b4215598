//! One decision judged: the search's ranking, where the played action
//! stands in it, what it cost and whether that is a mistake.

use super::category::Category;
use super::find::DecisionPoint;
use crate::ai::mc::{same_play, Candidate, PairedDiff, SearchReport};
use crate::game::Action;

/// A decision with the search's verdict.
///
/// The AI's choice ([`SearchReport::chosen`], the first choice of `suggest`)
/// is the best. When the played action is not it, the two are compared
/// again on fresh worlds (a second search between the two alone, the
/// check): the search picked its choice because it looked best on its own
/// worlds, so its lead there is biased upwards (the winner's curse), while
/// on fresh worlds it is not. The loss is the played action's expected
/// final rank minus the best's, the mean of their paired difference in the
/// check ([`PairedDiff`]); 0 when they agree, and 0 when the played action
/// measured better. A mistake is a loss above the threshold whose paired
/// 95 % interval excludes zero, so noise is never called a mistake.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ReviewedDecision {
    /// The decision as found in the log.
    pub point: DecisionPoint,
    /// The candidates, the AI's choice first, then in the search's order
    /// (survivors of the halving by rank, then those dropped earlier, on
    /// fewer worlds). The played action is always among them.
    pub candidates: Vec<Candidate>,
    /// The AI's choice.
    pub best: Action,
    /// The baseline AI's choice (the search's prior), when it was asked.
    pub baseline: Option<Action>,
    /// Rollouts played in all (the search's and the check's).
    pub samples: u32,
    /// The decision needed no search (one distinct action, or the played
    /// win outside the last round): it counts as agreement with no loss.
    pub trivial: bool,
    /// The played action's place among `candidates` (1 for the first).
    pub place: usize,
    /// The played action's expected final rank minus the best's, paired on
    /// the check's fresh worlds; `None` when they agree.
    pub gap: Option<PairedDiff>,
    /// The loss in expected final rank (0 or more; see above).
    pub loss: f64,
    /// The loss is above the threshold and its paired interval excludes zero.
    pub mistake: bool,
    /// What the decision was about.
    pub category: Category,
}

impl ReviewedDecision {
    /// Judges the search `report` of `point` (made against the played
    /// action, with [`crate::ai::mc::search_against`]) and `check`, the
    /// search between the AI's choice and the played action alone on other
    /// worlds (`None` when they agree): a mistake when the loss exceeds
    /// `threshold` (in expected final rank) and its paired interval
    /// excludes zero.
    ///
    /// # Panics
    /// Never. A report that lacks the played action (not one made against
    /// it) gets it added without samples, last; a disagreement without a
    /// check has no loss.
    pub fn judge(
        point: DecisionPoint,
        report: &SearchReport,
        check: Option<&SearchReport>,
        threshold: f64,
    ) -> ReviewedDecision {
        let best = report.chosen.clone();
        let mut candidates: Vec<Candidate> = Vec::with_capacity(report.candidates.len());
        let first = report
            .candidates
            .iter()
            .position(|c| same_play(&c.action, &best));
        candidates.extend(first.map(|i| report.candidates[i].clone()));
        candidates.extend(
            (0..report.candidates.len())
                .filter(|&i| Some(i) != first)
                .map(|i| report.candidates[i].clone()),
        );
        let played = &point.played;
        let place = match candidates.iter().position(|c| same_play(&c.action, played)) {
            Some(i) => i + 1,
            None => {
                candidates.push(unmeasured(played));
                candidates.len()
            }
        };
        let agrees = same_play(played, &best);
        // The check's best minus played, flipped.
        let gap = check
            .filter(|_| !agrees)
            .and_then(|c| c.candidates.iter().find(|c| same_play(&c.action, &best)))
            .and_then(|c| c.vs_reference)
            .map(|d| PairedDiff { mean: -d.mean, ..d });
        let loss = gap.map_or(0.0, |d| d.mean.max(0.0));
        let mistake = gap.is_some_and(|d| d.mean > threshold && d.excludes_zero());
        ReviewedDecision {
            category: Category::of(&point.obs, played, &best),
            candidates,
            best,
            baseline: report.prior.clone(),
            samples: report.samples + check.map_or(0, |c| c.samples),
            trivial: report.trivial,
            place,
            gap,
            loss,
            mistake,
            point,
        }
    }

    /// Whether the played action is the AI's choice.
    ///
    /// # Panics
    /// Never.
    pub fn agrees(&self) -> bool {
        same_play(&self.point.played, &self.best)
    }

    /// The played action's candidate.
    ///
    /// # Panics
    /// Never: the played action is always among the candidates.
    pub fn played(&self) -> &Candidate {
        &self.candidates[self.place - 1]
    }
}

/// A candidate the search did not play.
fn unmeasured(a: &Action) -> Candidate {
    Candidate {
        action: a.clone(),
        samples: 0,
        rank: f64::NAN,
        ci95: f64::INFINITY,
        points: f64::NAN,
        win: f64::NAN,
        deal_in: f64::NAN,
        tenpai: f64::NAN,
        vs_reference: None,
    }
}

//! A review in figures: agreement, loss, mistakes by category and by round,
//! the largest mistakes and the loss along the game.

use super::category::Category;
use super::judge::ReviewedDecision;

/// Largest mistakes kept in [`ReviewSummary::largest`].
pub const LARGEST: usize = 5;

/// Decisions, agreement, loss and mistakes of one group of decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Decisions reviewed.
    pub decisions: usize,
    /// Of those, where the played action was the AI's choice.
    pub agreed: usize,
    /// Mistakes flagged.
    pub mistakes: usize,
    /// Loss in all, in expected final rank.
    pub loss: f64,
}

impl Tally {
    fn add(&mut self, d: &ReviewedDecision) {
        self.decisions += 1;
        self.agreed += d.agrees() as usize;
        self.mistakes += d.mistake as usize;
        self.loss += d.loss;
    }
}

/// One round's tally.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundTally {
    /// The round's index in the log.
    pub round: usize,
    /// The round's name, e.g. `E2-1`.
    pub name: String,
    /// Its decisions' tally.
    pub tally: Tally,
}

/// The figures of a review.
///
/// ```
/// let s = tenpai::review::ReviewSummary::of(&[]);
/// assert_eq!((s.all.decisions, s.agreement(), s.average_loss()), (0, 0.0, 0.0));
/// assert_eq!(s.by_category.len(), 5);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ReviewSummary {
    /// Every decision.
    pub all: Tally,
    /// Per category, in the order of [`Category::ALL`].
    pub by_category: Vec<(Category, Tally)>,
    /// Per round with at least one decision, in the order of the game.
    pub by_round: Vec<RoundTally>,
    /// The largest mistakes, largest loss first (at most [`LARGEST`]):
    /// indices into the reviewed decisions.
    pub largest: Vec<usize>,
    /// The loss along the game: the loss added up after each decision.
    pub curve: Vec<f64>,
}

impl ReviewSummary {
    /// The summary of `decisions` (in the order of the game).
    ///
    /// # Panics
    /// Never.
    pub fn of(decisions: &[ReviewedDecision]) -> ReviewSummary {
        let mut all = Tally::default();
        let mut by_category: Vec<(Category, Tally)> = Category::ALL
            .iter()
            .map(|&c| (c, Tally::default()))
            .collect();
        let mut by_round: Vec<RoundTally> = Vec::new();
        let mut curve = Vec::with_capacity(decisions.len());
        for d in decisions {
            all.add(d);
            curve.push(all.loss);
            if let Some((_, t)) = by_category.iter_mut().find(|(c, _)| *c == d.category) {
                t.add(d);
            }
            if by_round.last().is_none_or(|r| r.round != d.point.round) {
                by_round.push(RoundTally {
                    round: d.point.round,
                    name: d.point.round_name.clone(),
                    tally: Tally::default(),
                });
            }
            if let Some(r) = by_round.last_mut() {
                r.tally.add(d);
            }
        }
        let mut largest: Vec<usize> = (0..decisions.len())
            .filter(|&i| decisions[i].mistake)
            .collect();
        largest.sort_by(|&a, &b| {
            decisions[b]
                .loss
                .total_cmp(&decisions[a].loss)
                .then(a.cmp(&b))
        });
        largest.truncate(LARGEST);
        ReviewSummary {
            all,
            by_category,
            by_round,
            largest,
            curve,
        }
    }

    /// Share of decisions where the played action was the AI's choice (0–1;
    /// 0 without decisions).
    pub fn agreement(&self) -> f64 {
        ratio(self.all.agreed as f64, self.all.decisions)
    }

    /// Loss per decision, in expected final rank (0 without decisions).
    pub fn average_loss(&self) -> f64 {
        ratio(self.all.loss, self.all.decisions)
    }
}

/// `x / n`, 0 when `n` is 0.
fn ratio(x: f64, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        x / n as f64
    }
}

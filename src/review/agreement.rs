//! Agreement of an AI's first choice with the choices of the players of
//! real games: how often it would have done what they did, overall and by
//! the kind of decision, with 95 % Wilson intervals.
//!
//! The kind of a decision ([`DecisionKind`]) is read from its legal actions
//! only, never from either choice, so that two AIs are counted over the
//! same decisions. The decisions are those of [`super::find_decisions`]
//! with more than one distinct play ([`crate::ai::mc::same_play`]: a drawn
//! tile and its copy in the hand are one discard).

use crate::ai::mc::same_play;
use crate::game::Action;
use std::fmt;

/// The z value of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// What a decision is about, from the actions the seat could take, by the
/// first rule that applies:
///
/// 1. [`DecisionKind::Win`]: a tsumo, ron or nine terminals is legal.
/// 2. [`DecisionKind::Riichi`]: a riichi declaration is legal (to declare
///    or stay dama, and with which tile).
/// 3. [`DecisionKind::Call`]: a chi, pon or kan (open, closed or added) is
///    legal: call or pass, kan or not.
/// 4. [`DecisionKind::Discard`]: any other choice (which tile to discard).
///
/// Not the review's [`super::Category`], which reads the two choices made
/// (a riichi offered but neither declared nor advised is a discard there)
/// and splits discards by threat: agreement counts two AIs over the same
/// decisions, so its kind may depend on neither choice.
///
/// ```
/// use tenpai::game::Action;
/// use tenpai::review::DecisionKind;
/// let d = |t: &str| Action::Discard { pai: t.parse().unwrap(), tsumogiri: false };
/// assert_eq!(DecisionKind::of(&[d("1m"), d("9p")]), DecisionKind::Discard);
/// let r = Action::Riichi { pai: "9p".parse().unwrap(), tsumogiri: false };
/// assert_eq!(DecisionKind::of(&[d("1m"), d("9p"), r]), DecisionKind::Riichi);
/// assert_eq!(DecisionKind::of(&[Action::Pass, Action::Ron]), DecisionKind::Win);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum DecisionKind {
    /// Which tile to discard.
    Discard,
    /// Riichi or not, and with which tile.
    Riichi,
    /// Call or pass; kan or not.
    Call,
    /// Win or not (and nine terminals).
    Win,
}

impl DecisionKind {
    /// Every kind, in the order of the outputs.
    pub const ALL: [DecisionKind; 4] = [
        DecisionKind::Discard,
        DecisionKind::Riichi,
        DecisionKind::Call,
        DecisionKind::Win,
    ];

    /// The kind of a decision whose legal actions are `legal` (see the rule
    /// above).
    ///
    /// # Panics
    /// Never.
    pub fn of(legal: &[Action]) -> DecisionKind {
        let any = |f: fn(&Action) -> bool| legal.iter().any(f);
        if any(|a| matches!(a, Action::Tsumo | Action::Ron | Action::NineTerminals)) {
            DecisionKind::Win
        } else if any(|a| matches!(a, Action::Riichi { .. })) {
            DecisionKind::Riichi
        } else if any(|a| {
            matches!(
                a,
                Action::Chi { .. }
                    | Action::Pon { .. }
                    | Action::Daiminkan
                    | Action::Ankan { .. }
                    | Action::Kakan { .. }
            )
        }) {
            DecisionKind::Call
        } else {
            DecisionKind::Discard
        }
    }

    /// The name used in the outputs: `discard`, `riichi`, `call`, `win`.
    ///
    /// ```
    /// assert_eq!(tenpai::review::DecisionKind::Call.name(), "call");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::Discard => "discard",
            DecisionKind::Riichi => "riichi",
            DecisionKind::Call => "call",
            DecisionKind::Win => "win",
        }
    }
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `legal` offers more than one distinct play (discards of the same
/// tile, drawn or from the hand, are one play).
///
/// ```
/// use tenpai::game::Action;
/// let p = "5m".parse().unwrap();
/// let both = [Action::Discard { pai: p, tsumogiri: true }, Action::Discard { pai: p, tsumogiri: false }];
/// assert!(!tenpai::review::is_choice(&both));
/// assert!(tenpai::review::is_choice(&[both[0].clone(), Action::Tsumo]));
/// ```
pub fn is_choice(legal: &[Action]) -> bool {
    legal.iter().any(|a| !same_play(a, &legal[0]))
}

/// Agreed decisions out of a number of decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Share {
    /// Decisions counted.
    pub decisions: usize,
    /// Of those, where the AI's first choice was the player's.
    pub agreed: usize,
}

impl Share {
    /// The share agreed, 0 to 1 (0 for no decision).
    ///
    /// ```
    /// let s = tenpai::review::Share { decisions: 8, agreed: 6 };
    /// assert_eq!(s.rate(), 0.75);
    /// ```
    pub fn rate(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.agreed as f64 / self.decisions as f64
        }
    }

    /// The 95 % interval of the rate (low, high), by Wilson's score method:
    /// unlike the normal approximation it stays within 0 to 1 and is sound
    /// for rates near 0 or 1 and few decisions. (0, 1) for no decision.
    ///
    /// Source: E. B. Wilson, "Probable inference, the law of succession,
    /// and statistical inference", JASA 22 (1927); with z = 1.96.
    ///
    /// ```
    /// let (lo, hi) = tenpai::review::Share { decisions: 100, agreed: 60 }.wilson95();
    /// assert_eq!((format!("{lo:.4}"), format!("{hi:.4}")), ("0.5020".into(), "0.6906".into()));
    /// ```
    pub fn wilson95(&self) -> (f64, f64) {
        if self.decisions == 0 {
            return (0.0, 1.0);
        }
        let n = self.decisions as f64;
        let p = self.rate();
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    fn add(&mut self, agreed: bool) {
        self.decisions += 1;
        self.agreed += usize::from(agreed);
    }
}

/// The agreement of an AI's first choices with the played ones: in all and
/// by [`DecisionKind`].
///
/// ```
/// use tenpai::game::Action;
/// use tenpai::review::{Agreement, DecisionKind};
/// let d = |t: &str| Action::Discard { pai: t.parse().unwrap(), tsumogiri: false };
/// let mut a = Agreement::default();
/// a.add(&[d("1m"), d("9p")], &d("1m"), &d("1m"));
/// a.add(&[d("1m"), d("9p")], &d("1m"), &d("9p"));
/// a.add(&[Action::Pass, Action::Ron], &Action::Ron, &Action::Ron);
/// assert_eq!((a.all.decisions, a.all.agreed), (3, 2));
/// assert_eq!(a.of(DecisionKind::Discard).rate(), 0.5);
/// assert_eq!(a.of(DecisionKind::Win).rate(), 1.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Every decision.
    pub all: Share,
    /// By kind, in the order of [`DecisionKind::ALL`].
    pub by_kind: [Share; 4],
}

impl Agreement {
    /// Counts one decision with the legal actions `legal` where `played`
    /// was played and the AI chose `chosen` (the same play by
    /// [`same_play`] agrees).
    ///
    /// # Panics
    /// Never.
    pub fn add(&mut self, legal: &[Action], played: &Action, chosen: &Action) {
        let agreed = same_play(played, chosen);
        self.all.add(agreed);
        self.by_kind[Self::slot(DecisionKind::of(legal))].add(agreed);
    }

    /// The share of one kind of decision.
    pub fn of(&self, kind: DecisionKind) -> Share {
        self.by_kind[Self::slot(kind)]
    }

    /// Adds the counts of `other` (for tallies made in parallel).
    pub fn merge(&mut self, other: &Agreement) {
        let sum = |a: &mut Share, b: &Share| {
            a.decisions += b.decisions;
            a.agreed += b.agreed;
        };
        sum(&mut self.all, &other.all);
        for (a, b) in self.by_kind.iter_mut().zip(&other.by_kind) {
            sum(a, b);
        }
    }

    fn slot(kind: DecisionKind) -> usize {
        DecisionKind::ALL
            .iter()
            .position(|&k| k == kind)
            .expect("every kind is in ALL")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discard(t: &str) -> Action {
        Action::Discard {
            pai: t.parse().unwrap(),
            tsumogiri: false,
        }
    }

    #[test]
    fn decision_kind_win_before_riichi_before_call() {
        let riichi = Action::Riichi {
            pai: "1m".parse().unwrap(),
            tsumogiri: true,
        };
        let ankan = Action::Ankan {
            tile: "1z".parse().unwrap(),
        };
        assert_eq!(
            DecisionKind::of(&[discard("1m"), riichi.clone(), Action::Tsumo]),
            DecisionKind::Win
        );
        assert_eq!(
            DecisionKind::of(&[discard("1m"), riichi, ankan.clone()]),
            DecisionKind::Riichi
        );
        assert_eq!(
            DecisionKind::of(&[discard("1m"), ankan]),
            DecisionKind::Call
        );
        let pon = Action::Pon {
            consumed: ["E".parse().unwrap(), "E".parse().unwrap()],
        };
        assert_eq!(DecisionKind::of(&[Action::Pass, pon]), DecisionKind::Call);
        assert_eq!(
            DecisionKind::of(&[Action::NineTerminals, discard("9m")]),
            DecisionKind::Win
        );
    }

    #[test]
    fn agreement_counts_a_drawn_tile_and_its_copy_as_one_play() {
        let p = "5m".parse().unwrap();
        let drawn = Action::Discard {
            pai: p,
            tsumogiri: true,
        };
        let mut a = Agreement::default();
        a.add(&[drawn.clone(), discard("1m")], &drawn, &discard("5m"));
        assert_eq!(
            a.of(DecisionKind::Discard),
            Share {
                decisions: 1,
                agreed: 1
            }
        );
    }

    #[test]
    fn wilson_stays_inside_zero_and_one() {
        assert_eq!(
            Share {
                decisions: 0,
                agreed: 0
            }
            .wilson95(),
            (0.0, 1.0)
        );
        let (lo, hi) = Share {
            decisions: 5,
            agreed: 5,
        }
        .wilson95();
        assert_eq!(format!("{lo:.4} {hi:.4}"), "0.5655 1.0000");
        let (lo, hi) = Share {
            decisions: 5,
            agreed: 0,
        }
        .wilson95();
        assert_eq!(format!("{lo:.4} {hi:.4}"), "0.0000 0.4345");
    }

    #[test]
    fn merge_adds_every_count() {
        let mut a = Agreement::default();
        a.add(
            &[discard("1m"), discard("2m")],
            &discard("1m"),
            &discard("1m"),
        );
        let mut b = Agreement::default();
        b.add(&[Action::Pass, Action::Ron], &Action::Ron, &Action::Pass);
        a.merge(&b);
        assert_eq!(
            a.all,
            Share {
                decisions: 2,
                agreed: 1
            }
        );
        assert_eq!(
            a.of(DecisionKind::Win),
            Share {
                decisions: 1,
                agreed: 0
            }
        );
        assert_eq!(
            a.of(DecisionKind::Discard),
            Share {
                decisions: 1,
                agreed: 1
            }
        );
    }
}

//! The kind of a decision, from what was played and what the AI chose.

use crate::game::{Action, Observation};
use std::fmt;

/// Open melds (kans included) from which an opponent counts as a threat.
pub const THREAT_CALLS: usize = 3;

/// What a decision was about, by the first rule that applies to the played
/// action and the AI's choice (the same action when they agree):
///
/// 1. [`Category::WinChoice`]: either is a win (tsumo, ron) or nine
///    terminals: whether to take the hand's end now.
/// 2. [`Category::Call`]: either is a chi, pon, kan (open, closed or added)
///    or a pass on another seat's discard.
/// 3. [`Category::Riichi`]: either declares riichi (to declare or stay
///    quiet, or which tile to declare with).
/// 4. [`Category::Defence`]: a discard while an opponent is in riichi or has
///    [`THREAT_CALLS`] or more open melds.
/// 5. [`Category::Efficiency`]: any other discard.
///
/// Not [`super::DecisionKind`], the kind agreement counts by: that one is
/// read from the legal actions alone, so that two AIs are compared over the
/// same decisions; a review's category says what the mistake was about.
///
/// ```
/// use tenpai::game::{Action, Observation, State};
/// use tenpai::review::Category;
/// let obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), tenpai::game::SeatIndex::ALL[0]);
/// let d = |t: &str| Action::Discard { pai: t.parse().unwrap(), tsumogiri: false };
/// let r = Action::Riichi { pai: "9p".parse().unwrap(), tsumogiri: false };
/// assert_eq!(Category::of(&obs, &d("1m"), &d("9p")), Category::Efficiency);
/// assert_eq!(Category::of(&obs, &d("9p"), &r), Category::Riichi);
/// assert_eq!(Category::of(&obs, &Action::Pass, &Action::Ron), Category::WinChoice);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Category {
    /// Which tile to discard, no opponent threatening.
    Efficiency,
    /// Riichi or not, and with which tile.
    Riichi,
    /// Call or pass; kan or not.
    Call,
    /// Which tile to discard against a threat.
    Defence,
    /// Win or not (and nine terminals).
    WinChoice,
}

impl Category {
    /// Every category, in the order of the rule's names.
    pub const ALL: [Category; 5] = [
        Category::Efficiency,
        Category::Riichi,
        Category::Call,
        Category::Defence,
        Category::WinChoice,
    ];

    /// The category of a decision at `obs` where `played` was played and
    /// `best` was the AI's choice (see the rule above).
    ///
    /// # Panics
    /// Never.
    pub fn of(obs: &Observation, played: &Action, best: &Action) -> Category {
        let either = |f: fn(&Action) -> bool| f(played) || f(best);
        if either(|a| matches!(a, Action::Tsumo | Action::Ron | Action::NineTerminals)) {
            Category::WinChoice
        } else if either(|a| {
            matches!(
                a,
                Action::Chi { .. }
                    | Action::Pon { .. }
                    | Action::Daiminkan
                    | Action::Ankan { .. }
                    | Action::Kakan { .. }
                    | Action::Pass
            )
        }) {
            Category::Call
        } else if either(|a| matches!(a, Action::Riichi { .. })) {
            Category::Riichi
        } else if threatened(obs) {
            Category::Defence
        } else {
            Category::Efficiency
        }
    }

    /// The name used in the outputs: `efficiency`, `riichi`, `call`,
    /// `defence`, `win`.
    ///
    /// ```
    /// assert_eq!(tenpai::review::Category::WinChoice.name(), "win");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Category::Efficiency => "efficiency",
            Category::Riichi => "riichi",
            Category::Call => "call",
            Category::Defence => "defence",
            Category::WinChoice => "win",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether an opponent of the seat of `obs` is in riichi or has
/// [`THREAT_CALLS`] open melds.
fn threatened(obs: &Observation) -> bool {
    let me = obs.seat.index();
    (0..4).filter(|&s| s != me).any(|s| {
        obs.riichi[s] || obs.melds[s].iter().filter(|m| m.from.is_some()).count() >= THREAT_CALLS
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Pai, State, TableMeld};
    use crate::MeldKind;

    fn obs() -> Observation {
        Observation::of(
            &State::new(crate::rules::Rules::tenhou()),
            crate::game::SeatIndex::ALL[0],
        )
    }

    fn discard(t: &str) -> Action {
        Action::Discard {
            pai: t.parse().unwrap(),
            tsumogiri: false,
        }
    }

    fn pon(t: &str, from: u8) -> TableMeld {
        let p: Pai = t.parse().unwrap();
        TableMeld {
            kind: MeldKind::Pon,
            tiles: vec![p; 3],
            called: Some(p),
            from: Some(from),
            added: false,
        }
    }

    #[test]
    fn category_defence_needs_a_riichi_or_three_calls() {
        let mut o = obs();
        assert_eq!(
            Category::of(&o, &discard("1m"), &discard("2m")),
            Category::Efficiency
        );
        o.riichi[2] = true;
        assert_eq!(
            Category::of(&o, &discard("1m"), &discard("2m")),
            Category::Defence
        );
        let mut o = obs();
        o.melds[3] = vec![pon("E", 0), pon("C", 1)];
        assert_eq!(
            Category::of(&o, &discard("1m"), &discard("2m")),
            Category::Efficiency
        );
        o.melds[3].push(pon("P", 2));
        assert_eq!(
            Category::of(&o, &discard("1m"), &discard("2m")),
            Category::Defence
        );
    }

    #[test]
    fn category_own_riichi_or_calls_do_not_threaten() {
        let mut o = obs();
        o.riichi[0] = true;
        o.melds[0] = vec![pon("E", 1), pon("S", 2), pon("W", 3)];
        assert_eq!(
            Category::of(&o, &discard("1m"), &discard("1m")),
            Category::Efficiency
        );
    }

    #[test]
    fn category_win_comes_before_call_and_call_before_riichi() {
        let o = obs();
        assert_eq!(
            Category::of(&o, &Action::Ron, &Action::Pass),
            Category::WinChoice
        );
        assert_eq!(
            Category::of(&o, &Action::NineTerminals, &discard("9m")),
            Category::WinChoice
        );
        let chi = Action::Chi {
            consumed: ["1m".parse().unwrap(), "2m".parse().unwrap()],
        };
        assert_eq!(Category::of(&o, &Action::Pass, &chi), Category::Call);
        let ankan = Action::Ankan {
            tile: "1z".parse().unwrap(),
        };
        let riichi = Action::Riichi {
            pai: "1m".parse().unwrap(),
            tsumogiri: false,
        };
        assert_eq!(Category::of(&o, &riichi, &ankan), Category::Call);
        assert_eq!(Category::of(&o, &riichi, &riichi), Category::Riichi);
    }
}

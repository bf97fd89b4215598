//! [`Version`]: which baseline the search is built on — the prior it keeps
//! unless another candidate is clearly better, and the rules its rollouts
//! play by.

use crate::ai::baseline::style::Style;
use crate::ai::BaselinePlayer;
use crate::rules::Rules;

/// Which baseline the Monte Carlo search is built on: its prior (the
/// baseline's own choice, kept unless another candidate clearly beats it)
/// and the rules the searching seat follows in its rollouts where the
/// baselines differ (riichi on any wait, the finer danger ranking against
/// riichi, the push one from ready with dora); the opponents of the
/// rollouts follow the first baseline's rules in every version.
///
/// ```
/// use tenpai::ai::mc::{Settings, Version};
/// assert_eq!(Settings::default().version, Version::Learned);
/// assert_eq!("mc-v2".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc-v2");
/// assert_eq!("mc-v3".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc-v3");
/// assert_eq!("mc-v1".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc-v1");
/// // The default version is written `mc`.
/// assert_eq!("mc-learned".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc");
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Version {
    /// The first baseline ([`BaselinePlayer::v1`]) as the prior and
    /// everywhere in the rollouts: the default up to issue 26 (`mc-v1`).
    V1,
    /// The second baseline ([`BaselinePlayer::v2`]).
    V2,
    /// The third baseline ([`BaselinePlayer::v3`]: the second's rules, the
    /// shipped model's discards) as the prior, the second baseline's rules
    /// for the searching seat in the rollouts.
    V3,
    /// The learned baseline ([`BaselinePlayer::learned`]: the shipped
    /// model's discards, riichi and calls) as the prior, the second
    /// baseline's rules for the searching seat in the rollouts (the model
    /// is far too slow for a rollout, and of the two rule sets the second
    /// is both the stronger and the closer to strong players' choices).
    /// The default: the closest to phoenix players' choices and stronger
    /// than the first version's search (`docs/strength.md`).
    #[default]
    Learned,
}

impl Version {
    /// The version's explicit name as a player: `mc-v1`, `mc-v2`, `mc-v3`
    /// or `mc-learned` — the default's too, which
    /// [`crate::arena::PlayerKind`] writes `mc`, so that a saved report
    /// says which search it was after the default changes.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::ai::mc::Version;
    /// assert_eq!(Version::default().name(), "mc-learned");
    /// assert_eq!(Version::V1.name(), "mc-v1");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Version::V1 => "mc-v1",
            Version::V2 => "mc-v2",
            Version::V3 => "mc-v3",
            Version::Learned => "mc-learned",
        }
    }

    /// The baseline player of this version.
    pub(crate) fn baseline(self, rules: &Rules) -> BaselinePlayer {
        match self {
            Version::V1 => BaselinePlayer::v1(rules),
            Version::V2 => BaselinePlayer::v2(rules),
            Version::V3 => BaselinePlayer::v3(rules),
            Version::Learned => BaselinePlayer::learned(rules),
        }
    }

    /// The baseline's rules each seat of the rollouts follows (by seat
    /// number), seen from the searching seat `me`: its own version's for
    /// `me`, the first baseline's for the opponents.
    ///
    /// Why the opponents follow the first baseline's rules in every
    /// version: the rollouts model the opponents, and the first rules were
    /// the truer model of searching opponents. The search on the second
    /// baseline with every seat on the second's rules was even with three
    /// of the first version's search (2.485 ± 0.11 over 400 duplicate
    /// east-only games at 1,000 rollouts a decision, seed 160000), with the
    /// opponents on the first's rules 2.450 on the same walls, and the
    /// learned prior with the opponents on the first's rules 2.447 ± 0.049
    /// over 2,000 fresh ones (seed 180000; `docs/strength.md`, "Opponents of
    /// the rollouts on the first rules"). The first rules are also the
    /// cheaper (a `v1` rollout takes 0.85 times the instructions of a `v2`
    /// one).
    pub(crate) fn styles(self, me: usize) -> [Style; 4] {
        let mut s = [Style::V1; 4];
        if let Some(own) = s.get_mut(me) {
            *own = self.style();
        }
        s
    }

    /// The baseline's rules the searching seat follows in the rollouts.
    pub(crate) fn style(self) -> Style {
        match self {
            Version::V1 => Style::V1,
            Version::V2 | Version::V3 | Version::Learned => Style::V2,
        }
    }
}

//! [`Version`]: which baseline the search is built on — the prior it keeps
//! unless another candidate is clearly better, and the rules its rollouts
//! play by.

use crate::ai::baseline::style::Style;
use crate::ai::BaselinePlayer;
use crate::rules::Rules;

/// Which baseline the Monte Carlo search is built on: its prior (the
/// baseline's own choice, kept unless another candidate clearly beats it)
/// and the rules of its rollout policy where the baselines differ (riichi
/// on any wait, the finer danger ranking against riichi, the push one from
/// ready with dora).
///
/// ```
/// use tenpai::ai::mc::{Settings, Version};
/// assert_eq!(Settings::default().version, Version::V1);
/// assert_eq!("mc-v2".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc-v2");
/// assert_eq!("mc-v3".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc-v3");
/// assert_eq!("mc-learned".parse::<tenpai::arena::PlayerKind>()?.to_string(), "mc-learned");
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Version {
    /// The first baseline ([`BaselinePlayer::v1`]), the default: the
    /// search on the second is not yet measured stronger
    /// (`docs/strength.md`).
    #[default]
    V1,
    /// The second baseline ([`BaselinePlayer::v2`]).
    V2,
    /// The third baseline ([`BaselinePlayer::v3`]: the second's rules, the
    /// shipped model's discards) as the prior, the second baseline's rules
    /// in the rollouts.
    V3,
    /// The learned baseline ([`BaselinePlayer::learned`]: the shipped
    /// model's discards, riichi and calls) as the prior, the second
    /// baseline's rules in the rollouts (the model is far too slow for a
    /// rollout, and of the two rule sets the second is both the stronger
    /// and the closer to strong players' choices).
    Learned,
}

impl Version {
    /// The baseline player of this version.
    pub(crate) fn baseline(self, rules: &Rules) -> BaselinePlayer {
        match self {
            Version::V1 => BaselinePlayer::v1(rules),
            Version::V2 => BaselinePlayer::v2(rules),
            Version::V3 => BaselinePlayer::v3(rules),
            Version::Learned => BaselinePlayer::learned(rules),
        }
    }

    /// The baseline's rules the rollouts follow.
    pub(crate) fn style(self) -> Style {
        match self {
            Version::V1 => Style::V1,
            Version::V2 | Version::V3 | Version::Learned => Style::V2,
        }
    }
}

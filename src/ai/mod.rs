//! Players for the game engine (see [`crate::game::Player`]): the rule-based
//! baseline and the Monte Carlo player ([`mc::McPlayer`]). The random player
//! lives with the engine ([`crate::game::RandomPlayer`]).

mod baseline;
pub mod learned;
pub mod mc;

pub use baseline::BaselinePlayer;

/// The names of tenpai's own AI players, as [`crate::arena::PlayerKind`]
/// reads them (its `FromStr`) and lists them when a name is unknown: the
/// random player, the baseline and its versions, the Monte Carlo search and
/// its versions ([`mc::Version::name`]). An external mjai bot,
/// `cmd:COMMAND`, comes beside them. The command line's help texts name
/// the kinds from this list, so a new version shows up in every one.
///
/// ```
/// use tenpai::arena::PlayerKind;
/// for name in tenpai::ai::PLAYER_NAMES {
///     assert!(name.parse::<PlayerKind>().is_ok(), "{name}");
/// }
/// assert_eq!(tenpai::ai::PLAYER_NAMES[7], tenpai::ai::mc::Version::V1.name());
/// ```
pub const PLAYER_NAMES: [&str; 11] = [
    "random",
    "baseline",
    "baseline-v1",
    "baseline-v2",
    "baseline-v3",
    "baseline-learned",
    "mc",
    "mc-v1",
    "mc-v2",
    "mc-v3",
    "mc-learned",
];
pub(crate) use baseline::RIICHI_MIN_WAITS;
pub use mc::McPlayer;

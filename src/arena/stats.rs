//! The statistics a run reports, computed at the end from a
//! [`super::Tally`]: means with 95 % intervals per player, and
//! [`Summary`], the form `tenpai selfplay --json` and the Python package
//! give them in.

use super::{PlayerKind, Tally};
use serde::{Deserialize, Serialize, Serializer};

/// A mean with its 95 % confidence interval (normal approximation:
/// `1.96 · s / √n`, `s` the sample standard deviation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95 % interval: the mean is in `mean ± ci95`.
    pub ci95: f64,
    /// Number of samples.
    pub n: u64,
}

/// One player's results over the games of a tally. In JSON: `{"player",
/// "kind", "rank", "win_rate", "deal_in_rate", "riichi_rate", "call_rate",
/// "points"}`, `kind` as its explicit name (`random`, `baseline-v2`,
/// `mc-learned`: [`PlayerKind::explicit_name`], the same player in every
/// build), each statistic an [`Estimate`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct PlayerStats {
    /// The player's number (its place in [`super::Config::players`]).
    pub player: usize,
    /// Its kind.
    #[serde(serialize_with = "kind_name")]
    pub kind: PlayerKind,
    /// Final rank, 1–4 (ties by seat order), per game.
    pub rank: Estimate,
    /// Rounds won, per round played (0–1).
    pub win_rate: Estimate,
    /// Rounds lost by dealing in (ron on its discard), per round (0–1).
    pub deal_in_rate: Estimate,
    /// Rounds with a riichi declaration, per round (0–1).
    pub riichi_rate: Estimate,
    /// Rounds with at least one call (chi, pon, open kan), per round (0–1).
    pub call_rate: Estimate,
    /// Final points (in 1s), per game.
    pub points: Estimate,
}

/// A player's kind by its explicit name (its settings are in the tally's
/// config).
fn kind_name<S: Serializer>(kind: &PlayerKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&kind.explicit_name())
}

/// The statistics of a run, a shard or a merge together with the tally they
/// come from: what `tenpai selfplay --json` prints and `tenpai.selfplay`
/// returns in Python. In JSON: `{"games", "duplicate", "seconds", "players":
/// [PlayerStats ×4], "tally"}`.
///
/// ```
/// use tenpai::arena::{play, Config, PlayerKind, Summary};
/// let mut rules = tenpai::rules::Rules::tenhou();
/// rules.game.length = tenpai::rules::GameLength::East;
/// let config = Config { rules, games: 4, seed: 1, duplicate: false,
///     players: std::array::from_fn(|_| PlayerKind::Random) };
/// let tally = play(&config, 0..4, &())?;
/// let json: serde_json::Value = serde_json::from_str(&Summary::new(&tally, 0.5).to_json())?;
/// assert_eq!(json["games"], 4);
/// assert_eq!(json["players"][2]["kind"], "random");
/// assert_eq!(json["players"][2]["rank"]["n"], 4);
/// assert_eq!(json["tally"]["config"]["seed"], 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Summary<'a> {
    /// Games counted.
    pub games: u64,
    /// Whether the run is in duplicate mode.
    pub duplicate: bool,
    /// Wall-clock seconds of play (of all the parts, for a merge).
    pub seconds: f64,
    /// Each player's statistics ([`Tally::stats`]).
    pub players: [PlayerStats; 4],
    /// The tally, mergeable with others of the same run.
    pub tally: &'a Tally,
}

impl<'a> Summary<'a> {
    /// The summary of `tally`, whose games took `seconds`.
    pub fn new(tally: &'a Tally, seconds: f64) -> Summary<'a> {
        Summary {
            games: tally.games().len(),
            duplicate: tally.config().duplicate,
            seconds,
            players: tally.stats(),
            tally,
        }
    }

    /// One line of JSON.
    ///
    /// # Panics
    /// Never.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a summary serializes")
    }
}

//! What a self-play run plays: the players, the rules, the games and their
//! seeds, and how a run is cut into shards.

use super::ArenaError;
use crate::ai::mc::{Budget, Settings, Version};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::time::Duration;

/// Which AI plays a seat.
///
/// In JSON (inside a [`super::Tally`]): `{"kind": "random"}`,
/// `{"kind": "baseline"}`, or `{"kind": "mc", "samples": 200, "threads": 1}`
/// (a rollout budget) or `{"kind": "mc", "think_ns": 50000000, "threads": 1}`
/// (a time budget, in nanoseconds; read also as `"think_ms": 50`, in
/// milliseconds, the unit of `tenpai.MonteCarloPlayer(think_ms=…)`, and
/// written in nanoseconds), or `{"kind": "cmd", "command": "python3
/// bot.py {seat}", "timeout_ms": 10000}` (an external mjai bot).
///
/// ```
/// use tenpai::arena::PlayerKind;
/// let ms: PlayerKind = serde_json::from_str(r#"{"kind": "mc", "think_ms": 50}"#)?;
/// let ns: PlayerKind = serde_json::from_str(r#"{"kind": "mc", "think_ns": 50000000}"#)?;
/// assert_eq!(ms, ns);
/// assert_eq!(serde_json::to_string(&ms)?, r#"{"kind":"mc","think_ns":50000000,"threads":1}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "KindRepr", try_from = "KindRepr")]
pub enum PlayerKind {
    /// Uniformly random legal actions (wins whenever it can).
    Random,
    /// The rule-based baseline ([`crate::ai::BaselinePlayer::new`]), in
    /// its default version.
    Baseline,
    /// The first version of the baseline ([`crate::ai::BaselinePlayer::v1`]).
    BaselineV1,
    /// The second version of the baseline ([`crate::ai::BaselinePlayer::v2`]).
    BaselineV2,
    /// The third version of the baseline: the second's rules with the
    /// shipped learned model choosing its discards
    /// ([`crate::ai::BaselinePlayer::v3`]).
    BaselineV3,
    /// The baseline with the shipped learned model choosing its discards,
    /// riichi and calls ([`crate::ai::BaselinePlayer::learned`]).
    BaselineLearned,
    /// The Monte Carlo player ([`crate::ai::mc::McPlayer`]) with these
    /// settings; its seed is the game's wall seed × 4 + its seat.
    Mc(Settings),
    /// An external mjai bot ([`crate::bot::ExternalBot`]): `command`
    /// run by `sh -c` with `{seat}` replaced by the seat, its faults played
    /// by the baseline.
    Cmd {
        /// The shell command.
        command: String,
        /// How long an answer may take.
        timeout: Duration,
    },
}

/// The seed of the player at `seat` in the game of wall seed `seed`: a
/// random or Monte Carlo player's own seed follows the seat, so that in
/// duplicate play the seat's random choices stay the same whoever sits
/// there. Self-play, `tenpai play` and `tenpai mjai` all seed their players
/// with it.
///
/// ```
/// assert_eq!(tenpai::arena::seat_seed(7, 2), 30);
/// ```
///
/// # Panics
/// Never (the arithmetic wraps).
pub fn seat_seed(seed: u64, seat: u8) -> u64 {
    seed.wrapping_mul(4).wrapping_add(u64::from(seat))
}

/// How long an external bot's answer may take unless told otherwise.
pub const BOT_TIMEOUT: Duration = Duration::from_secs(10);

/// The most threads a run or a search takes (the CLI's `--threads`, the
/// Python `selfplay(threads=…)`): far more than the cores of any machine
/// this runs on (more threads than cores only share the same cores, each
/// with its own stack and search), and few enough that starting them all is
/// quick.
///
/// ```
/// assert_eq!(tenpai::arena::MAX_THREADS, 256);
/// ```
pub const MAX_THREADS: usize = 256;

impl PlayerKind {
    /// The baseline player of a baseline kind (`baseline`, `baseline-v1`,
    /// `-v2`, `-v3`, `-learned`) for these rules; `None` for the others.
    /// Self-play, the vector game, `tenpai play` and the web table all make
    /// their baseline seats with it.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::arena::PlayerKind;
    /// let rules = tenpai::rules::Rules::tenhou();
    /// assert!(PlayerKind::BaselineV3.baseline_player(&rules).is_some());
    /// assert!(PlayerKind::Random.baseline_player(&rules).is_none());
    /// ```
    pub fn baseline_player(
        &self,
        rules: &crate::rules::Rules,
    ) -> Option<crate::ai::BaselinePlayer> {
        use crate::ai::BaselinePlayer;
        match self {
            PlayerKind::Baseline => Some(BaselinePlayer::new(rules)),
            PlayerKind::BaselineV1 => Some(BaselinePlayer::v1(rules)),
            PlayerKind::BaselineV2 => Some(BaselinePlayer::v2(rules)),
            PlayerKind::BaselineV3 => Some(BaselinePlayer::v3(rules)),
            PlayerKind::BaselineLearned => Some(BaselinePlayer::learned(rules)),
            PlayerKind::Random | PlayerKind::Mc(_) | PlayerKind::Cmd { .. } => None,
        }
    }
}

impl PlayerKind {
    /// Checks that this player can play: a Monte Carlo player needs a budget
    /// of at least 1 sample or 1 ms a decision, and at most [`MAX_THREADS`]
    /// threads. [`Config::check`], the
    /// vector game and the Python package's players check every player with it.
    ///
    /// # Errors
    /// [`ArenaError::BadRun`]: `a Monte Carlo player needs at least 1 sample
    /// or 1 ms a decision`, `a Monte Carlo player takes at most 256 threads
    /// (MAX_THREADS)`.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::ai::mc::{Budget, Settings};
    /// use tenpai::arena::PlayerKind;
    /// assert!(PlayerKind::Baseline.check().is_ok());
    /// let empty = PlayerKind::Mc(Settings { budget: Budget::Samples(0), ..Default::default() });
    /// assert!(empty.check().unwrap_err().to_string().starts_with("a Monte Carlo player needs"));
    /// let many = PlayerKind::Mc(Settings { threads: tenpai::arena::MAX_THREADS + 1, ..Default::default() });
    /// assert!(many.check().unwrap_err().to_string().contains("at most 256 threads"));
    /// ```
    pub fn check(&self) -> Result<(), ArenaError> {
        let empty = |b: &Budget| match b {
            Budget::Samples(n) => *n == 0,
            Budget::Time(d) => d.as_millis() == 0,
        };
        match self {
            PlayerKind::Mc(s) if empty(&s.budget) => Err(ArenaError::BadRun(
                "a Monte Carlo player needs at least 1 sample or 1 ms a decision",
            )),
            PlayerKind::Mc(s) if s.threads > MAX_THREADS => Err(ArenaError::BadRun(
                "a Monte Carlo player takes at most 256 threads (MAX_THREADS)",
            )),
            _ => Ok(()),
        }
    }

    /// The built-in player of this kind for these rules, seeded with `seed`
    /// (its own seed: self-play gives [`seat_seed`] of the game's); `None`
    /// for an external bot ([`PlayerKind::Cmd`]). The vector game and the
    /// Python package make their built-in players with it.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::arena::PlayerKind;
    /// let rules = tenpai::rules::Rules::tenhou();
    /// assert!("mc-v2".parse::<PlayerKind>()?.player(&rules, 1).is_some());
    /// assert!("cmd:false".parse::<PlayerKind>()?.player(&rules, 1).is_none());
    /// # Ok::<(), tenpai::arena::ArenaError>(())
    /// ```
    pub fn player(&self, rules: &Rules, seed: u64) -> Option<Box<dyn crate::game::Player + Send>> {
        Some(match self {
            PlayerKind::Random => Box::new(crate::game::RandomPlayer::new(seed)),
            k @ (PlayerKind::Baseline
            | PlayerKind::BaselineV1
            | PlayerKind::BaselineV2
            | PlayerKind::BaselineV3
            | PlayerKind::BaselineLearned) => Box::new(k.baseline_player(rules)?),
            PlayerKind::Mc(s) => Box::new(crate::ai::mc::McPlayer::with_settings(rules, *s, seed)),
            PlayerKind::Cmd { .. } => return None,
        })
    }
}

impl std::str::FromStr for PlayerKind {
    type Err = ArenaError;

    /// `random`, `baseline`, `baseline-v1`, `baseline-v2`, `baseline-v3`,
    /// `baseline-learned`, `mc` (default settings:
    /// 50 ms a decision, the default [`Version`]), `mc-v1`, `mc-v2`, `mc-v3`, `mc-learned` (the
    /// Monte Carlo player built on that baseline, [`Version`]) or `cmd:COMMAND` (an external bot,
    /// [`BOT_TIMEOUT`]).
    ///
    /// ```
    /// use tenpai::arena::PlayerKind;
    /// assert_eq!("baseline".parse::<PlayerKind>()?, PlayerKind::Baseline);
    /// assert_eq!(
    ///     "strong".parse::<PlayerKind>().unwrap_err().to_string(),
    ///     "unknown player \"strong\" (known: random, baseline, baseline-v1, baseline-v2, baseline-v3, baseline-learned, mc, mc-v1, mc-v2, mc-v3, mc-learned, cmd:COMMAND)"
    /// );
    /// # Ok::<(), tenpai::arena::ArenaError>(())
    /// ```
    fn from_str(s: &str) -> Result<PlayerKind, ArenaError> {
        match s {
            "random" => Ok(PlayerKind::Random),
            "baseline" => Ok(PlayerKind::Baseline),
            "baseline-v1" => Ok(PlayerKind::BaselineV1),
            "baseline-v2" => Ok(PlayerKind::BaselineV2),
            "baseline-v3" => Ok(PlayerKind::BaselineV3),
            "baseline-learned" => Ok(PlayerKind::BaselineLearned),
            "mc" => Ok(PlayerKind::Mc(Settings::default())),
            "mc-v1" => Ok(PlayerKind::Mc(Settings {
                version: Version::V1,
                ..Settings::default()
            })),
            "mc-v2" => Ok(PlayerKind::Mc(Settings {
                version: Version::V2,
                ..Settings::default()
            })),
            "mc-v3" => Ok(PlayerKind::Mc(Settings {
                version: Version::V3,
                ..Settings::default()
            })),
            "mc-learned" => Ok(PlayerKind::Mc(Settings {
                version: Version::Learned,
                ..Settings::default()
            })),
            cmd if cmd.starts_with("cmd:") && cmd.len() > 4 => Ok(PlayerKind::Cmd {
                command: cmd[4..].to_string(),
                timeout: BOT_TIMEOUT,
            }),
            other => Err(ArenaError::UnknownPlayer(other.to_string())),
        }
    }
}

impl fmt::Display for PlayerKind {
    /// `random`, `baseline`, `baseline-v1`, `baseline-v2`, `baseline-v3`,
    /// `baseline-learned`, `mc` (without the
    /// settings; `mc-v1`, `mc-v2`, `mc-v3` or `mc-learned` for a version other than the default) or `cmd:COMMAND`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Baseline => f.write_str("baseline"),
            PlayerKind::BaselineV1 => f.write_str("baseline-v1"),
            PlayerKind::BaselineV2 => f.write_str("baseline-v2"),
            PlayerKind::BaselineV3 => f.write_str("baseline-v3"),
            PlayerKind::BaselineLearned => f.write_str("baseline-learned"),
            PlayerKind::Mc(s) if s.version == Version::default() => f.write_str("mc"),
            PlayerKind::Mc(s) => match s.version {
                Version::V1 => f.write_str("mc-v1"),
                Version::V2 => f.write_str("mc-v2"),
                Version::V3 => f.write_str("mc-v3"),
                Version::Learned => f.write_str("mc-learned"),
            },
            PlayerKind::Cmd { command, .. } => write!(f, "cmd:{command}"),
        }
    }
}

/// The JSON form of a [`PlayerKind`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KindRepr {
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    samples: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    think_ns: Option<u64>,
    /// The time budget in milliseconds (read only: written as `think_ns`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    think_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    threads: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timeout_ms: Option<u64>,
}

impl From<PlayerKind> for KindRepr {
    fn from(k: PlayerKind) -> KindRepr {
        if let PlayerKind::Cmd { command, timeout } = k {
            return KindRepr {
                kind: "cmd".into(),
                samples: None,
                think_ns: None,
                think_ms: None,
                threads: None,
                command: Some(command),
                timeout_ms: Some(u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX)),
            };
        }
        let (samples, think_ns, threads) = match k {
            PlayerKind::Mc(Settings {
                budget, threads, ..
            }) => match budget {
                Budget::Samples(n) => (Some(n), None, Some(threads)),
                Budget::Time(d) => (
                    None,
                    Some(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)),
                    Some(threads),
                ),
            },
            _ => (None, None, None),
        };
        KindRepr {
            kind: k.to_string(),
            samples,
            think_ns,
            think_ms: None,
            threads,
            command: None,
            timeout_ms: None,
        }
    }
}

impl TryFrom<KindRepr> for PlayerKind {
    type Error = ArenaError;

    fn try_from(r: KindRepr) -> Result<PlayerKind, ArenaError> {
        let bad = || ArenaError::BadPlayer(r.kind.clone());
        // The one time budget given, in either unit; `Err` for both.
        let time = match (r.think_ns, r.think_ms) {
            (Some(ns), None) => Ok(Some(Duration::from_nanos(ns))),
            (None, Some(ms)) => Ok(Some(Duration::from_millis(ms))),
            (None, None) => Ok(None),
            (Some(_), Some(_)) => Err(bad()),
        }?;
        if r.kind == "cmd" {
            return match (r.command, r.timeout_ms, r.samples, time, r.threads) {
                (Some(command), Some(ms), None, None, None) => Ok(PlayerKind::Cmd {
                    command,
                    timeout: Duration::from_millis(ms),
                }),
                _ => Err(bad()),
            };
        }
        if r.command.is_some() || r.timeout_ms.is_some() {
            return Err(bad());
        }
        match r.kind.parse()? {
            PlayerKind::Mc(Settings { version, .. }) => {
                let budget = match (r.samples, time) {
                    (Some(n), None) => Budget::Samples(n),
                    (None, Some(t)) => Budget::Time(t),
                    _ => return Err(bad()),
                };
                Ok(PlayerKind::Mc(Settings {
                    budget,
                    threads: r.threads.unwrap_or(1),
                    version,
                }))
            }
            k if r.samples.is_none() && time.is_none() && r.threads.is_none() => Ok(k),
            _ => Err(bad()),
        }
    }
}

/// What to play.
///
/// Game `g` (0-based, `g < games`) is played on wall seed `seed + g`; in
/// duplicate mode on wall seed `seed + g / 4` with the players rotated `g % 4`
/// seats ([`Config::seating`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Rules (length, scoring...).
    pub rules: Rules,
    /// Number of games of the whole run (a shard plays some of them).
    pub games: u64,
    /// Wall seed of the first game.
    pub seed: u64,
    /// The four players; player `i` sits at seat `i` (rotated in duplicate mode).
    pub players: [PlayerKind; 4],
    /// Play each wall seed four times with the players rotated.
    pub duplicate: bool,
}

impl Config {
    /// Checks that the run can be played as set: at least one game, whole
    /// sets of four in duplicate mode, and a budget for every Monte Carlo
    /// player. The command line and the Python package check a run with it
    /// before playing any game.
    ///
    /// # Errors
    /// [`ArenaError::BadRun`]: `nothing to play` (no games), `duplicate
    /// play needs a multiple of 4`, or `a Monte Carlo player needs at least 1
    /// sample or 1 ms a decision` (a budget of 0 samples or 0 ms).
    ///
    /// ```
    /// use tenpai::arena::{Config, PlayerKind};
    /// let mut c = Config { rules: tenpai::rules::Rules::tenhou(), games: 6, seed: 1,
    ///     players: std::array::from_fn(|_| PlayerKind::Random), duplicate: false };
    /// assert!(c.check().is_ok());
    /// c.duplicate = true;
    /// assert_eq!(c.check().unwrap_err().to_string(), "duplicate play needs a multiple of 4");
    /// c.duplicate = false;
    /// c.players[0] = PlayerKind::Mc(tenpai::ai::mc::Settings {
    ///     budget: tenpai::ai::mc::Budget::Samples(0), threads: 1, ..Default::default() });
    /// assert!(c.check().unwrap_err().to_string().starts_with("a Monte Carlo player needs"));
    /// ```
    pub fn check(&self) -> Result<(), ArenaError> {
        if self.games == 0 {
            return Err(ArenaError::BadRun("nothing to play"));
        }
        if self.duplicate && self.games % 4 != 0 {
            return Err(ArenaError::BadRun("duplicate play needs a multiple of 4"));
        }
        self.players.iter().try_for_each(PlayerKind::check)
    }

    /// The wall seed of game `game` and who sits where: `players[s]` is the
    /// number of the player (its place in [`Config::players`]) at seat `s`.
    ///
    /// # Panics
    /// Never (seeds wrap around `u64`).
    ///
    /// ```
    /// use tenpai::arena::{Config, PlayerKind};
    /// let c = Config { rules: tenpai::rules::Rules::tenhou(), games: 8, seed: 10,
    ///     players: [PlayerKind::Baseline, PlayerKind::Random, PlayerKind::Random, PlayerKind::Random],
    ///     duplicate: true };
    /// assert_eq!(c.seating(6), (11, [2, 3, 0, 1]));
    /// ```
    pub fn seating(&self, game: u64) -> (u64, [usize; 4]) {
        let (seed, rotation) = if self.duplicate {
            (self.seed.wrapping_add(game / 4), (game % 4) as usize)
        } else {
            (self.seed.wrapping_add(game), 0)
        };
        (seed, std::array::from_fn(|s| (s + rotation) % 4))
    }

    /// Games played at once by one seat's decision threads: the most
    /// [`Settings::threads`] of any Monte Carlo player (1 without one).
    pub(crate) fn threads_per_game(&self) -> usize {
        self.players
            .iter()
            .map(|k| match k {
                PlayerKind::Mc(s) => s.threads.max(1),
                _ => 1,
            })
            .max()
            .unwrap_or(1)
    }
}

/// Shard `index` of `count` (1-based, as written `K/N`): a contiguous part
/// of a run's games, so that N machines (or the N tasks of a batch
/// scheduler's array job) play one run between them and their
/// [`super::Tally`]s merge into the run's.
///
/// The games are cut into N nearly equal parts (whole duplicate sets of four
/// in duplicate mode): shard K plays units `⌊U·(K−1)/N⌋..⌊U·K/N⌋` of the `U`
/// units (games, or sets of four).
///
/// ```
/// use tenpai::arena::{Config, PlayerKind, Shard};
/// let mut c = Config { rules: tenpai::rules::Rules::tenhou(), games: 10, seed: 1,
///     players: std::array::from_fn(|_| PlayerKind::Random), duplicate: false };
/// let shard: Shard = "2/3".parse()?;
/// assert_eq!(shard.games(&c), 3..6);
/// c.duplicate = true;
/// c.games = 40;
/// assert_eq!(shard.games(&c), 12..24);
/// assert_eq!("3/2".parse::<Shard>().unwrap_err().to_string(),
///     "shard \"3/2\": expected K/N with 1 <= K <= N");
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// Shard `index` of `count`, 1-based.
    ///
    /// # Errors
    /// [`ArenaError::BadShard`] unless `1 <= index <= count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ArenaError> {
        if index == 0 || index > count {
            return Err(ArenaError::BadShard(format!("{index}/{count}")));
        }
        Ok(Shard { index, count })
    }

    /// The shard's number, 1 to [`Shard::count`].
    pub fn index(&self) -> u64 {
        self.index
    }

    /// The number of shards.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Checks that every shard of `config`'s run has games: no more shards
    /// than games (sets of four in duplicate mode).
    ///
    /// # Errors
    /// [`ArenaError::ShardWithoutGames`].
    ///
    /// ```
    /// use tenpai::arena::{Config, PlayerKind, Shard};
    /// let c = Config { rules: tenpai::rules::Rules::tenhou(), games: 2, seed: 1,
    ///     players: std::array::from_fn(|_| PlayerKind::Random), duplicate: false };
    /// assert!(Shard::new(2, 2)?.check(&c).is_ok());
    /// assert_eq!(Shard::new(1, 3)?.check(&c).unwrap_err().to_string(),
    ///     "shard 1/3: 2 games cannot be cut into 3 shards (at most 2, each with at least one)");
    /// # Ok::<(), tenpai::arena::ArenaError>(())
    /// ```
    pub fn check(&self, config: &Config) -> Result<(), ArenaError> {
        let units = if config.duplicate {
            config.games / 4
        } else {
            config.games
        };
        if self.count <= units {
            return Ok(());
        }
        let unit = match (config.duplicate, units == 1) {
            (false, false) => "games",
            (false, true) => "game",
            (true, false) => "sets of four games",
            (true, true) => "set of four games",
        };
        Err(ArenaError::ShardWithoutGames {
            index: self.index,
            count: self.count,
            units,
            unit,
        })
    }

    /// The game numbers this shard plays of `config`'s run.
    ///
    /// # Panics
    /// Never.
    pub fn games(&self, config: &Config) -> Range<u64> {
        let unit = if config.duplicate { 4 } else { 1 };
        let units = u128::from(config.games / unit);
        let cut = |k: u64| (units * u128::from(k) / u128::from(self.count)) as u64 * unit;
        cut(self.index - 1)..cut(self.index)
    }
}

impl std::str::FromStr for Shard {
    type Err = ArenaError;

    /// `K/N`, e.g. `3/8`.
    fn from_str(s: &str) -> Result<Shard, ArenaError> {
        let bad = || ArenaError::BadShard(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n).map_err(|_| bad())
    }
}

impl fmt::Display for Shard {
    /// `K/N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

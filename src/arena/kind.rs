//! [`PlayerKind`]: which AI plays a seat, by name (`baseline`, `mc-v1`, …)
//! or as the JSON a run's settings and its tally hold.

use super::ArenaError;
use crate::ai::mc::{Budget, Settings, Version};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Which AI plays a seat.
///
/// In JSON (a run's [`super::Config`], inside a [`super::Tally`]):
/// `{"kind": "random"}`, `{"kind": "baseline-v2"}`, or `{"kind":
/// "mc-learned", "samples": 200, "threads": 1}` (a rollout budget) or
/// `{"kind": "mc-learned", "think_ns": 50000000, "threads": 1}` (a time
/// budget, in nanoseconds; read also as `"think_ms": 50`, in milliseconds,
/// the unit of `tenpai.MonteCarloPlayer(think_ms=…)`, and written in
/// nanoseconds), or `{"kind": "cmd", "command": "python3 bot.py {seat}",
/// "timeout_ms": 10000}` (an external mjai bot).
///
/// A kind is written by its explicit name ([`PlayerKind::explicit_name`]:
/// `baseline-v2`, `mc-learned`), never by `baseline` or `mc`, whose meaning
/// follows the default version and so changes between builds. Both are
/// read as this build's default (a seat given as `{"kind": "mc"}`), except
/// in a saved tally ([`super::Tally::from_json`] refuses them).
///
/// ```
/// use tenpai::arena::PlayerKind;
/// let ms: PlayerKind = serde_json::from_str(r#"{"kind": "mc", "think_ms": 50}"#)?;
/// let ns: PlayerKind = serde_json::from_str(r#"{"kind": "mc-learned", "think_ns": 50000000}"#)?;
/// assert_eq!(ms, ns);
/// assert_eq!(serde_json::to_string(&ms)?, r#"{"kind":"mc-learned","think_ns":50000000,"threads":1}"#);
/// assert_eq!(serde_json::to_string(&PlayerKind::Baseline)?, r#"{"kind":"baseline-v2"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "KindRepr", try_from = "KindRepr")]
pub enum PlayerKind {
    /// Uniformly random legal actions (wins whenever it can).
    Random,
    /// The rule-based baseline ([`crate::ai::BaselinePlayer::new`]), in
    /// its default version: the same player as [`PlayerKind::BaselineV2`]
    /// ([`PlayerKind::explicit`]), and written `baseline-v2` in JSON.
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

    /// The same player with its version named: [`PlayerKind::Baseline`] is
    /// [`PlayerKind::BaselineV2`] (the version
    /// [`crate::ai::BaselinePlayer::new`] plays); every other kind is
    /// already explicit (a Monte Carlo player's [`Settings::version`] is
    /// always set). A [`super::Tally`] holds its players this way, so that
    /// its JSON reads back equal.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::arena::PlayerKind;
    /// assert_eq!(PlayerKind::Baseline.explicit(), PlayerKind::BaselineV2);
    /// assert_eq!(PlayerKind::BaselineV1.explicit(), PlayerKind::BaselineV1);
    /// ```
    pub fn explicit(&self) -> PlayerKind {
        match self {
            PlayerKind::Baseline => PlayerKind::BaselineV2,
            k => k.clone(),
        }
    }

    /// The player's explicit name, the one JSON is written with: `random`,
    /// `baseline-v1`, `baseline-v2`, `baseline-v3`, `baseline-learned`,
    /// `mc-v1`, `mc-v2`, `mc-v3`, `mc-learned` (without the settings) or
    /// `cmd:COMMAND`. Unlike [`fmt::Display`] (`baseline`, `mc` for the
    /// default versions, for people), it names the same player in every
    /// build.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::arena::PlayerKind;
    /// let mc: PlayerKind = "mc".parse()?;
    /// assert_eq!((mc.to_string(), mc.explicit_name()), ("mc".into(), "mc-learned".into()));
    /// assert_eq!(PlayerKind::Baseline.explicit_name(), "baseline-v2");
    /// # Ok::<(), tenpai::arena::ArenaError>(())
    /// ```
    pub fn explicit_name(&self) -> String {
        match self.explicit() {
            PlayerKind::Random => "random".into(),
            PlayerKind::BaselineV1 => "baseline-v1".into(),
            PlayerKind::Baseline | PlayerKind::BaselineV2 => "baseline-v2".into(),
            PlayerKind::BaselineV3 => "baseline-v3".into(),
            PlayerKind::BaselineLearned => "baseline-learned".into(),
            PlayerKind::Mc(s) => s.version.name().into(),
            PlayerKind::Cmd { command, .. } => format!("cmd:{command}"),
        }
    }

    /// Whether this is the default version of its family, written `baseline`
    /// or `mc` for people ([`fmt::Display`]).
    fn is_default_version(&self) -> bool {
        match self {
            PlayerKind::Mc(s) => s.version == Version::default(),
            k => *k == PlayerKind::Baseline || *k == PlayerKind::Baseline.explicit(),
        }
    }
}

/// A name whose meaning followed the default version, and who it meant: the
/// names every build wrote in a tally's JSON before this one, which writes
/// explicit names only ([`PlayerKind::explicit_name`]). A closed history:
/// no later build writes an alias, so a later change of a default needs no
/// row here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Alias {
    /// The name: `mc` or `baseline`.
    pub name: &'static str,
    /// The explicit name it meant in the builds before `changed`.
    pub before: &'static str,
    /// The explicit name it meant from `changed` on.
    pub after: &'static str,
    /// When its meaning changed: the date and the commit.
    pub changed: &'static str,
}

/// Every [`Alias`]: `mc` meant the search on the first baseline until
/// commit 9325bd5 (2026-12-03 04:08 UTC) made the learned prior's the
/// default (before commit 4652422, 2026-12-02, it was the only search);
/// `baseline` meant the first baseline until commit 0766125 (2026-12-02
/// 12:14 UTC) made [`crate::ai::BaselinePlayer::new`] the second.
pub(crate) const ALIASES: [Alias; 2] = [
    Alias {
        name: "mc",
        before: "mc-v1",
        after: "mc-learned",
        changed: "2026-12-03, commit 9325bd5",
    },
    Alias {
        name: "baseline",
        before: "baseline-v1",
        after: "baseline-v2",
        changed: "2026-12-02, commit 0766125",
    },
];

impl PlayerKind {
    /// Checks that this player can play: a Monte Carlo player needs a budget
    /// of at least 1 sample or 1 ms a decision, and at most [`MAX_THREADS`]
    /// threads. [`super::Config::check`], the
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
    /// (its own seed: self-play gives [`super::seat_seed`] of the game's); `None`
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
    /// [`BOT_TIMEOUT`]). `baseline` and `mc` are this build's default
    /// versions (`baseline-v2`, `mc-learned`), as [`PlayerKind::explicit_name`]
    /// writes them.
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
            v if v.starts_with("mc-") => [Version::V1, Version::V2, Version::V3, Version::Learned]
                .into_iter()
                .find(|version| version.name() == v)
                .map(|version| {
                    PlayerKind::Mc(Settings {
                        version,
                        ..Settings::default()
                    })
                })
                .ok_or_else(|| ArenaError::UnknownPlayer(v.to_string())),
            cmd if cmd.starts_with("cmd:") && cmd.len() > 4 => Ok(PlayerKind::Cmd {
                command: cmd[4..].to_string(),
                timeout: BOT_TIMEOUT,
            }),
            other => Err(ArenaError::UnknownPlayer(other.to_string())),
        }
    }
}

impl fmt::Display for PlayerKind {
    /// For people: `baseline` and `mc` (without the settings) for the
    /// default versions ([`PlayerKind::Baseline`] and
    /// [`PlayerKind::BaselineV2`] alike, `mc-learned`), the explicit name
    /// for the others ([`PlayerKind::explicit_name`]: `baseline-v1`,
    /// `mc-v1`, `cmd:COMMAND`, …).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Mc(_) if self.is_default_version() => f.write_str("mc"),
            k if k.is_default_version() => f.write_str("baseline"),
            k => f.write_str(&k.explicit_name()),
        }
    }
}

/// The JSON form of a [`PlayerKind`]; a tally reads its players in this
/// form, to refuse an [`Alias`] before it is read as this build's default.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct KindRepr {
    /// The name ([`PlayerKind::explicit_name`] when written).
    pub kind: String,
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
            kind: k.explicit_name(),
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

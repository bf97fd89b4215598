//! [`ArenaError`]: why a self-play run, a shard or a merge failed.

use crate::game::GameError;
use thiserror::Error;

/// An error a caller's [`super::Observer`] returns to stop a run (a failed
/// write of a game log, say); any error type converts into it with `?` or
/// `.into()`.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Why a self-play run, a shard or a merge of tallies failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A game failed: a player picked an illegal action or an invariant
    /// broke (a bug of the engine or of a player).
    #[error("game {game}: {source}")]
    Game {
        /// The game number.
        game: u64,
        /// What went wrong.
        source: GameError,
    },
    /// An external bot's process could not be started.
    #[error("game {game}: seat {seat}: cannot start {command:?}: {source}")]
    Spawn {
        /// The game number.
        game: u64,
        /// The bot's seat.
        seat: u8,
        /// Its command.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The observer stopped the run (its own error, e.g. a failed write).
    #[error("game {game}: {source}")]
    Observer {
        /// The game being played or counted when it failed.
        game: u64,
        /// The observer's error.
        source: BoxError,
    },
    /// Games asked for outside the run's `0..games`.
    #[error("games {start}..{end} are outside the run's 0..{games}")]
    OutOfRange {
        /// First game asked for.
        start: u64,
        /// One past the last game asked for.
        end: u64,
        /// Games in the run.
        games: u64,
    },
    /// A player name other than `random`, `baseline`, `baseline-learned`,
    /// `mc` or `cmd:COMMAND`.
    #[error("unknown player {0:?} (known: random, baseline, baseline-v1, baseline-v2, baseline-v3, baseline-learned, mc, mc-v1, mc-v2, mc-v3, mc-learned, cmd:COMMAND)")]
    UnknownPlayer(String),
    /// A player's JSON settings that do not fit its kind (a budget for a
    /// random player, or a Monte Carlo player without exactly one budget).
    #[error("player {0:?}: settings do not fit (mc takes one of samples, think_ms or think_ns, and threads; cmd a command and timeout_ms; the others nothing)")]
    BadPlayer(String),
    /// A run that cannot be played as set ([`super::Config::check`]).
    #[error("{0}")]
    BadRun(&'static str),
    /// A shard that is not `K/N` with `1 <= K <= N`.
    #[error("shard {0:?}: expected K/N with 1 <= K <= N")]
    BadShard(String),
    /// More shards than the run has games (or sets of four in duplicate
    /// mode): some shards would play nothing ([`super::Shard::check`]).
    #[error("shard {index}/{count}: {units} {unit} cannot be cut into {count} shards (at most {units}, each with at least one)")]
    ShardWithoutGames {
        /// The shard's number.
        index: u64,
        /// The number of shards.
        count: u64,
        /// The run's games, or sets of four in duplicate mode.
        units: u64,
        /// `games`, `game`, `sets of four games` or `set of four games`.
        unit: &'static str,
    },
    /// A game counted twice (tallies that overlap, or the same game added
    /// again).
    #[error("game {0} is counted twice")]
    CountedTwice(u64),
    /// Tallies of runs with different settings.
    #[error("the runs differ in their {0}")]
    Mismatch(&'static str),
    /// A tally read from JSON whose game ranges are not sorted, disjoint and
    /// non-empty.
    #[error("game ranges must be sorted, disjoint, non-empty and not touching: {0}")]
    BadGames(String),
    /// A tally read from JSON that names a player `mc` or `baseline`: a name
    /// whose meaning followed the default version, written by a build
    /// before explicit names ([`super::PlayerKind::explicit_name`]), which
    /// cannot say which player played. Read as today's default, it would
    /// merge with shards of another player.
    #[error("player {player} is {alias:?}, a name whose meaning changed ({before} in builds before {changed}, {after} in later ones): write {before:?} or {after:?} in the tally if you know which build wrote it")]
    AmbiguousPlayer {
        /// The player's number (its place in [`super::Config::players`]).
        player: usize,
        /// The name it is given: `mc` or `baseline`.
        alias: &'static str,
        /// The explicit name the alias meant in the builds before `changed`.
        before: &'static str,
        /// The explicit name it meant from `changed` on.
        after: &'static str,
        /// When its meaning changed: the date and the commit.
        changed: &'static str,
    },
    /// A tally read from JSON whose counts do not fit together (named).
    #[error("inconsistent tally: {0}")]
    Inconsistent(String),
    /// A tally that is not valid JSON of the expected shape.
    #[error("tally JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl PartialEq for ArenaError {
    /// Equal kind and message (the boxed and game errors compared by their
    /// text), for tests.
    fn eq(&self, other: &ArenaError) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.to_string() == other.to_string()
    }
}

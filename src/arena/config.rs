//! What a self-play run plays: the players ([`PlayerKind`], in `kind.rs`),
//! the rules, the games and their seeds, and how a run is cut into shards.

use super::{ArenaError, PlayerKind};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;

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
    /// [`crate::ai::mc::Settings::threads`] of any Monte Carlo player (1 without one).
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

//! Self-play: many AI-only games on all cores (`rayon`), with per-player
//! statistics kept in mergeable form, in memory that does not grow with the
//! number of games.
//!
//! - `config.rs`: what to play ([`Config`]), which wall seed and seating
//!   each game gets ([`Config::seating`]), and a run cut into [`Shard`]s;
//!   `kind.rs`: who plays ([`PlayerKind`]), by name or as JSON.
//! - `play.rs`: [`play()`] plays a range of a run's games and returns their
//!   [`Tally`]; each finished game goes to an [`Observer`] (to write its
//!   log, say), is counted and dropped. [`play_one`] plays one game.
//! - `tally.rs`: [`Tally`], integer counts, sums and sums of squares per
//!   player and measure ([`Moments`]): exact, independent of the order of
//!   the games, mergeable across threads, shards and machines, and
//!   serializable (serde, [`Tally::to_json`]); `games.rs`: the game numbers a
//!   tally counts ([`GameSet`]), so that no game is counted twice.
//! - `stats.rs`: the means and 95 % intervals computed at the end
//!   ([`Tally::stats`]), and [`Summary`], their JSON form with the tally.
//!
//! In duplicate mode each wall seed is played four times with the players
//! rotated through the seats, so the luck of the deal cancels out.
//!
//! ```
//! use tenpai::arena::{play, Config, PlayerKind};
//! let mut rules = tenpai::rules::Rules::tenhou();
//! rules.game.length = tenpai::rules::GameLength::East;
//! let config = Config { rules, games: 8, seed: 1, duplicate: true,
//!     players: [PlayerKind::Baseline, PlayerKind::Random, PlayerKind::Random, PlayerKind::Random] };
//! let stats = play(&config, 0..config.games, &())?.stats();
//! assert!(stats[0].rank.mean < stats[1].rank.mean);
//! # Ok::<(), tenpai::arena::ArenaError>(())
//! ```

mod config;
mod error;
mod games;
mod kind;
mod play;
mod stats;
mod tally;

pub use config::{seat_seed, Config, Shard};
pub use error::{ArenaError, BoxError};
pub use games::GameSet;
pub use kind::{PlayerKind, BOT_TIMEOUT, MAX_THREADS};
pub use play::{play, play_one, Observer, Played};
pub use stats::{Estimate, PlayerStats, Summary};
pub use tally::{Moments, PlayerTally, Tally};

//! Many games at once, for learning agents: [`VecGame`] holds `n` seeded
//! games and steps them all with one call, one action per game, writing
//! what each game waits for next into flat output rows ([`Outputs`]) that
//! the caller reuses from call to call (the Python package's
//! `tenpai.VecGame` hands them over as NumPy arrays).
//!
//! - Each row always waits for a seat the caller plays: seats given to a
//!   built-in player ([`crate::arena::PlayerKind`]: random, baseline, Monte
//!   Carlo) are played inside the step.
//! - A game that ends is followed at once by the next game of its row
//!   (auto-reset): row `i`'s `k`-th game has wall seed `seed + i + k·n`
//!   (wrapping), the same game [`crate::game::Game::new`] deals from that
//!   seed; the ended game is kept until the row's next one ends
//!   ([`VecGame::finished`]).
//! - Rows are stepped on all cores when there are enough of them to pay for
//!   it: the calling thread and helper threads that stay awake between
//!   steps, each writing its own rows.
//!
//! - `outputs.rs`: [`Outputs`], [`Buffers`], [`MAX_LEGAL`];
//!   `slot.rs`: one row's game, built-in players and rewards;
//!   `helpers.rs`: the threads that step rows beside the caller's;
//!   `vec_game.rs`: [`VecGame`]; `error.rs`: [`BatchError`].
//!
//! ```
//! use tenpai::batch::{Buffers, Reward, VecGame};
//! use tenpai::rules::Rules;
//! // Four games, seat 0 the caller's, the others the baseline AI.
//! let seats = [None, Some("baseline".parse()?), Some("baseline".parse()?), Some("baseline".parse()?)];
//! let mut games = VecGame::new(&Rules::tenhou(), 4, 1, seats, Reward::Points)?;
//! let mut out = Buffers::new(games.len());
//! games.observe(out.outputs())?;
//! for _ in 0..100 {
//!     // The lowest legal action of each game (a real agent reads out.tiles, out.mask...).
//!     let actions: Vec<i64> = (0..4).map(|i| out.legal[i * tenpai::batch::MAX_LEGAL].into()).collect();
//!     games.step(&actions, out.outputs())?;
//!     assert!(out.seat.iter().all(|&s| s == 0));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod helpers;
mod outputs;
mod slot;
mod vec_game;

pub use error::BatchError;
pub use outputs::{Buffers, Outputs, MAX_LEGAL, TILE_VALUES};
pub use vec_game::{Reward, VecGame, MAX_GAMES};

//! Reviewing a played game: every decision of one seat searched by the Monte
//! Carlo AI from the position as that player saw it, the played action
//! measured against the AI's choice on the same sampled worlds.
//!
//! - [`find_decisions`] (`find.rs`): the log replayed through the engine;
//!   every point where the seat had more than one legal action, with the
//!   action the log shows it took (`played.rs` reads it from the events,
//!   passes included; a choice another seat's call or win overruled is not
//!   in the log and is listed apart).
//! - [`review`]: each decision searched with
//!   [`crate::ai::mc::search_against`] (the search of
//!   `suggest`, with the played action kept in and paired with every
//!   candidate), in parallel with rayon; where the played action is not the
//!   AI's choice, the two are compared again on fresh worlds (the check);
//!   [`ReviewedDecision`] (`judge.rs`): the played action's place, its loss
//!   and whether it is a mistake;
//!   [`Category`] (`category.rs`): what the decision was about.
//! - [`ReviewSummary`] (`summary.rs`): agreement, loss, mistakes by category
//!   and round, the largest mistakes, the loss along the game.
//! - [`Agreement`] (`agreement.rs`): how often an AI's first choice is the
//!   played one, by [`DecisionKind`] (read from the legal actions alone),
//!   with Wilson intervals: `tenpai agreement` over many games.
//!
//! The search's value is the seat's expected final rank (1–4, lower is
//! better), so a loss is in ranks: 0.05 is a twentieth of a place on
//! average, about what 1,000 points are worth early in a game.
//!
//! ```
//! use tenpai::ai::mc::Budget;
//! use tenpai::review::{review, ReviewOptions};
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tenhou6/double_ron.json");
//! let game = tenpai::log::load(path)?;
//! let rules = game.rules_for(&tenpai::log::RulesAsked::default())?.rules;
//! let options = ReviewOptions { budget: Budget::Samples(50), ..ReviewOptions::default() };
//! let r = review(&game, &rules, tenpai::game::SeatIndex::ALL[1], &options, &|_| {})?;
//! assert_eq!(r.summary.all.decisions, r.decisions.len());
//! assert!(r.decisions.iter().all(|d| tenpai::ai::mc::same_play(&d.played().action, &d.point.played)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod agreement;
mod category;
mod error;
mod find;
mod judge;
pub(crate) mod played;
mod summary;

pub use agreement::{is_choice, Agreement, DecisionKind, Share};
pub use category::{Category, THREAT_CALLS};
pub use error::ReviewError;
pub use find::{find_decisions, DecisionPoint, Found, Overruled, RefusedRound};
pub use judge::ReviewedDecision;
pub use summary::{ReviewSummary, RoundTally, Tally, LARGEST};

use crate::ai::mc::{mix, same_play, search_against, Budget, Settings, SystemClock};
use crate::game::SeatIndex;
use crate::log::{ImportedGame, LogFormat};
use crate::replay::Extent;
use crate::rules::Rules;
use rayon::prelude::*;

/// The name `tenpai play --log` gives the person's seat.
pub const PLAYER_NAME: &str = "You";

/// Rollouts per decision by default: a whole east-south game (about 120
/// decisions of one seat) is reviewed in under a minute on two cores, even
/// shared with other work (see docs/guide/review.md, "Time", for the
/// measurement).
pub const DEFAULT_SAMPLES: u32 = 4000;

/// Mixed into a decision's seed for the check of a disagreement.
const CHECK_SEED: u64 = 0x636865636b;

/// The smallest loss called a mistake by default, in expected final rank.
pub const DEFAULT_THRESHOLD: f64 = 0.05;

/// How a review searches and judges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewOptions {
    /// The search budget of each decision ([`Budget::Samples`] for a review
    /// that is the same on every machine).
    pub budget: Budget,
    /// The seed of the sampled worlds; decision `i` searches with a seed
    /// mixed from it and `i`.
    pub seed: u64,
    /// The smallest loss called a mistake, in expected final rank.
    pub threshold: f64,
}

impl ReviewOptions {
    /// The settings each decision is searched with: the budget, one thread
    /// (the decisions are searched in parallel), the default
    /// [`Version`](crate::ai::mc::Version) of the search, which the outputs
    /// name ([`Version::name`](crate::ai::mc::Version::name)).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let settings = tenpai::review::ReviewOptions::default().settings();
    /// assert_eq!(settings.version.name(), "mc-learned");
    /// ```
    pub fn settings(&self) -> Settings {
        Settings {
            budget: self.budget,
            threads: 1,
            ..Default::default()
        }
    }
}

impl Default for ReviewOptions {
    /// [`DEFAULT_SAMPLES`] rollouts, seed 1, [`DEFAULT_THRESHOLD`].
    fn default() -> ReviewOptions {
        ReviewOptions {
            budget: Budget::Samples(DEFAULT_SAMPLES),
            seed: 1,
            threshold: DEFAULT_THRESHOLD,
        }
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The seat reviewed.
    pub seat: SeatIndex,
    /// The players' names by seat (empty when the log has none).
    pub names: Vec<String>,
    /// The log's format.
    pub format: LogFormat,
    /// The rules it was replayed and searched under.
    pub rules: Rules,
    /// How it was reviewed.
    pub options: ReviewOptions,
    /// The names of the log's rounds, in order (`E1-0`…).
    pub rounds: Vec<String>,
    /// How much of the game the log holds: an unfinished last round's
    /// decisions are reviewed as far as its recorded actions go.
    pub extent: Extent,
    /// The seat's decisions, in the order of the game.
    pub decisions: Vec<ReviewedDecision>,
    /// Decisions whose choice the log does not show.
    pub overruled: Vec<Overruled>,
    /// Rounds cut short by an event the engine refused.
    pub refused: Vec<RefusedRound>,
    /// The scores at the end of the log, in points, by seat; for a game over
    /// by the rules, its final scores as the engine's `end_game` settles them
    /// (leftover riichi sticks to the first when the rules say so).
    pub scores: [i32; 4],
    /// The figures.
    pub summary: ReviewSummary,
}

/// Reviews the decisions of `seat` in `game` under `rules`: each one searched
/// against the played action (in parallel on rayon's current pool, one
/// thread per search), a disagreement checked by a second search of the
/// same budget between the AI's choice and the played action alone, and
/// judged ([`ReviewedDecision::judge`]).
/// `progress` is called once after each decision is judged (from the
/// worker threads, in no particular order).
///
/// Deterministic for a [`Budget::Samples`] budget and a seed, whatever the
/// number of threads.
///
/// # Errors
/// None today: the `Result` is kept for reviews that can fail (a seat is a
/// checked [`SeatIndex`]).
///
/// # Panics
/// Never (unless `progress` panics).
pub fn review(
    game: &ImportedGame,
    rules: &Rules,
    seat: SeatIndex,
    options: &ReviewOptions,
    progress: &(dyn Fn(&ReviewedDecision) + Sync),
) -> Result<Review, ReviewError> {
    let found = find_decisions(game, rules, seat);
    let settings = options.settings();
    let decisions: Vec<ReviewedDecision> = found
        .points
        .into_par_iter()
        .enumerate()
        .map(|(i, p)| {
            let clock = SystemClock::new();
            let seed = mix(options.seed, i as u64);
            let report = search_against(&p.obs, &p.legal, rules, settings, seed, &p.played, &clock);
            // A disagreement is measured again between the two alone, on
            // other worlds (see `ReviewedDecision`).
            let check = (!same_play(&report.chosen, &p.played)).then(|| {
                let pair = [report.chosen.clone(), p.played.clone()];
                let seed = mix(seed, CHECK_SEED);
                search_against(&p.obs, &pair, rules, settings, seed, &p.played, &clock)
            });
            let d = ReviewedDecision::judge(p, &report, check.as_ref(), options.threshold);
            progress(&d);
            d
        })
        .collect();
    Ok(Review {
        seat,
        names: game.names.clone(),
        format: game.format,
        rules: rules.clone(),
        options: *options,
        rounds: game.rounds.iter().map(|r| r.name()).collect(),
        extent: found.extent,
        summary: ReviewSummary::of(&decisions),
        decisions,
        overruled: found.overruled,
        refused: found.refused,
        scores: found.scores,
    })
}

/// The seat reviewed when none is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultSeat {
    /// The one seat named [`PLAYER_NAME`]: the person's seat in a log
    /// `tenpai play --log` wrote.
    Player(SeatIndex),
    /// Seat 0: no seat, or more than one, is named [`PLAYER_NAME`].
    First,
}

impl DefaultSeat {
    /// The default seat of `game`.
    ///
    /// ```
    /// use tenpai::review::DefaultSeat;
    /// let game = tenpai::log::parse(r#"{"type":"start_game","names":["mc","mc","You","mc"]}"#)?;
    /// let seat = tenpai::game::SeatIndex::new(2)?;
    /// assert_eq!(DefaultSeat::of(&game), DefaultSeat::Player(seat));
    /// assert_eq!(DefaultSeat::of(&game).seat(), seat);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(game: &ImportedGame) -> DefaultSeat {
        let you: Vec<usize> = (0..game.names.len().min(4))
            .filter(|&s| game.names[s] == PLAYER_NAME)
            .collect();
        match you[..] {
            [s] => DefaultSeat::Player(SeatIndex::ALL[s]),
            _ => DefaultSeat::First,
        }
    }

    /// The seat.
    pub fn seat(self) -> SeatIndex {
        match self {
            DefaultSeat::Player(s) => s,
            DefaultSeat::First => SeatIndex::ALL[0],
        }
    }
}

/// The seat of the player called `name` in `game` (names compared exactly).
///
/// # Errors
/// [`ReviewError::UnknownPlayer`] listing the log's names, or
/// [`ReviewError::AmbiguousPlayer`] when several seats have the name.
///
/// ```
/// use tenpai::review::{seat_of_player, ReviewError};
/// let game = tenpai::log::parse(r#"{"type":"start_game","names":["A","B","C","D"]}"#)?;
/// assert_eq!(seat_of_player(&game, "C"), Ok(tenpai::game::SeatIndex::new(2)?));
/// let e = seat_of_player(&game, "E").unwrap_err();
/// assert_eq!(e.to_string(), "no player named \"E\" in the log (its players: A, B, C, D)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn seat_of_player(game: &ImportedGame, name: &str) -> Result<SeatIndex, ReviewError> {
    let seats: Vec<usize> = (0..game.names.len().min(4))
        .filter(|&s| game.names[s] == name)
        .collect();
    match seats[..] {
        [s] => Ok(SeatIndex::ALL[s]),
        [] => Err(ReviewError::UnknownPlayer {
            name: name.to_string(),
            names: if game.names.is_empty() {
                "none".into()
            } else {
                game.names.join(", ")
            },
        }),
        _ => Err(ReviewError::AmbiguousPlayer {
            name: name.to_string(),
            count: seats.len(),
        }),
    }
}

//! Playing games: one ([`play_one`]), or a range of a run on all cores into a
//! [`Tally`] ([`play`]), each game handed to an [`Observer`] as it finishes
//! and then dropped.

use super::{ArenaError, BoxError, Config, PlayerKind, Tally};
use crate::ai::mc::{McPlayer, SearchReport};
use crate::ai::BaselinePlayer;
use crate::bot::{ExternalBot, Faults};
use crate::game::{play_game, Action, GameRecord, Observation, Player, RandomPlayer, SeatIndex};
use rayon::prelude::*;
use std::cell::RefCell;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// One finished game of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    game: u64,
    seed: u64,
    players: [usize; 4],
    record: GameRecord,
    faults: [Faults; 4],
}

impl Played {
    /// The game number (0-based, within the run).
    pub fn game(&self) -> u64 {
        self.game
    }

    /// The wall seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// `players()[s]`: the number of the player (its place in
    /// [`Config::players`]) that sat at seat `s`.
    pub fn players(&self) -> &[usize; 4] {
        &self.players
    }

    /// The game: every event, final scores and ranking.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The faults of the external bots ([`PlayerKind::Cmd`]), by seat
    /// (none for the other players): decisions the baseline played for them.
    pub fn faults(&self) -> &[Faults; 4] {
        &self.faults
    }

    /// The game, taking it.
    pub fn into_record(self) -> GameRecord {
        self.record
    }
}

/// What a caller sees of a run as it is played: every finished game and
/// every Monte Carlo decision. Both are called from the thread that plays
/// the game (games are played several at once, so calls of different games
/// interleave); an error stops the run: no new game starts, games being
/// played finish at once with quick moves, and [`play`] returns
/// [`ArenaError::Observer`] with the first error.
///
/// `()` observes nothing.
pub trait Observer: Sync {
    /// A game has finished (before it is counted and dropped).
    ///
    /// # Errors
    /// The caller's own (a failed write...): it stops the run.
    fn game(&self, _played: &Played) -> Result<(), BoxError> {
        Ok(())
    }

    /// A Monte Carlo player of game `game` has decided: its view (its seat is
    /// `obs.seat`) and the search report.
    ///
    /// # Errors
    /// The caller's own: it stops the run.
    fn decision(
        &self,
        _game: u64,
        _obs: &Observation,
        _report: &SearchReport,
    ) -> Result<(), BoxError> {
        Ok(())
    }
}

impl Observer for () {}

/// A Monte Carlo player whose decisions go to the observer; after a failed
/// call, or once the run is stopped, it plays the first legal action so that
/// the game ends at once.
struct Watched<'a> {
    inner: McPlayer,
    game: u64,
    observer: &'a dyn Observer,
    stop: &'a AtomicBool,
    failed: &'a RefCell<Option<BoxError>>,
}

impl Player for Watched<'_> {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        if self.stop.load(Ordering::Relaxed) || self.failed.borrow().is_some() {
            return legal.first().cloned().unwrap_or(Action::Pass);
        }
        let action = self.inner.act(obs, legal);
        if let Some(report) = self.inner.last_report() {
            if let Err(e) = self.observer.decision(self.game, obs, report) {
                *self.failed.borrow_mut() = Some(e);
            }
        }
        action
    }
}

/// Plays game number `game` of `config`, observed; `Ok(None)` when the run
/// was stopped while it was played (the game is then not to be counted).
// One function: the seats' players borrow the bots, the observer state and each
// other for the one game; split up, those borrows would have to cross functions.
fn play_observed(
    config: &Config,
    game: u64,
    observer: &dyn Observer,
    stop: &AtomicBool,
) -> Result<Option<Played>, ArenaError> {
    let (seed, players) = config.seating(game);
    let failed = RefCell::new(None);
    // External bots are kept apart, to read their faults after the game.
    let mut bots: Vec<Option<ExternalBot>> = Vec::new();
    for (seat, &p) in SeatIndex::ALL.into_iter().zip(players.iter()) {
        bots.push(match &config.players[p] {
            PlayerKind::Cmd { command, timeout } => {
                let fallback = Box::new(BaselinePlayer::new(&config.rules));
                let bot = ExternalBot::spawn(command, seat, &config.rules, *timeout, fallback)
                    .map_err(|source| ArenaError::Spawn {
                        game,
                        seat: seat.get(),
                        command: command.clone(),
                        source,
                    })?;
                Some(bot)
            }
            _ => None,
        });
    }
    // A player's own seed follows the seat (`seat_seed`).
    let mut boxes: Vec<Option<Box<dyn Player + '_>>> = players
        .iter()
        .enumerate()
        .map(|(seat, &p)| -> Option<Box<dyn Player + '_>> {
            let own = super::seat_seed(seed, seat as u8);
            Some(match &config.players[p] {
                PlayerKind::Random => Box::new(RandomPlayer::new(own)),
                k @ (PlayerKind::Baseline
                | PlayerKind::BaselineV1
                | PlayerKind::BaselineV2
                | PlayerKind::BaselineV3
                | PlayerKind::BaselineLearned) => Box::new(k.baseline_player(&config.rules)?),
                PlayerKind::Mc(settings) => Box::new(Watched {
                    inner: McPlayer::with_settings(&config.rules, *settings, own),
                    game,
                    observer,
                    stop,
                    failed: &failed,
                }),
                PlayerKind::Cmd { .. } => return None,
            })
        })
        .collect();
    let seats: Vec<&mut dyn Player> = boxes
        .iter_mut()
        .zip(bots.iter_mut())
        .map(|(b, x)| -> &mut dyn Player {
            match (b, x) {
                (Some(b), _) => b.as_mut(),
                (None, Some(x)) => x,
                (None, None) => unreachable!("every seat has a player"),
            }
        })
        .collect();
    let Ok(mut seats) = <[&mut dyn Player; 4]>::try_from(seats) else {
        unreachable!("four players")
    };
    let record = play_game(&config.rules, seed, &mut seats, false)
        .map_err(|source| ArenaError::Game { game, source })?;
    let faults = std::array::from_fn(|s| {
        bots[s]
            .as_ref()
            .map(|b| b.faults().clone())
            .unwrap_or_default()
    });
    // The processes end here, with the game.
    drop(bots);
    if let Some(source) = failed.take() {
        return Err(ArenaError::Observer { game, source });
    }
    if stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some(Played {
        game,
        seed,
        players,
        record,
        faults,
    }))
}

/// Plays game number `game` of `config` (on the calling thread).
///
/// # Errors
/// [`ArenaError::Game`] if a player picks an illegal action or an invariant
/// fails (a bug).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::arena::{play_one, Config, PlayerKind};
/// let config = Config { rules: tenpai::rules::Rules::tenhou(), games: 10, seed: 7,
///     players: std::array::from_fn(|_| PlayerKind::Random), duplicate: false };
/// let g = play_one(&config, 3)?;
/// assert_eq!((g.game(), g.seed(), *g.players()), (3, 10, [0, 1, 2, 3]));
/// assert_eq!(g.record().scores.iter().sum::<i32>(), 100_000);
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
pub fn play_one(config: &Config, game: u64) -> Result<Played, ArenaError> {
    let never = AtomicBool::new(false);
    let played = play_observed(config, game, &(), &never)?;
    Ok(played.expect("a run that is never stopped"))
}

/// Plays the games `games` of `config`'s run on all cores and returns their
/// [`Tally`]. Each finished game goes to `observer` and is then counted and
/// dropped, so memory does not grow with the number of games: a few games
/// per core. Monte Carlo players with more than one thread a decision
/// ([`crate::ai::mc::Settings::threads`]) share the cores: games are then
/// played `cores / threads` at a time (at least one).
///
/// The tally does not depend on the number of threads or on the order in
/// which games finish; the order of the observer's calls does.
///
/// # Errors
/// [`ArenaError::OutOfRange`] unless `games` lies within `0..config.games`;
/// the first [`ArenaError::Game`] (a bug) or [`ArenaError::Observer`] (the
/// observer's error), which stops the run.
///
/// # Panics
/// Never (unless the observer panics).
///
/// ```
/// use tenpai::arena::{play, BoxError, Config, Observer, Played, PlayerKind};
/// use std::sync::atomic::{AtomicU64, Ordering};
/// let mut rules = tenpai::rules::Rules::tenhou();
/// rules.game.length = tenpai::rules::GameLength::East;
/// let config = Config { rules, games: 8, seed: 1, duplicate: true,
///     players: [PlayerKind::Baseline, PlayerKind::Random, PlayerKind::Random, PlayerKind::Random] };
/// // An observer counting the events of each game as it finishes.
/// struct Events(AtomicU64);
/// impl Observer for Events {
///     fn game(&self, g: &Played) -> Result<(), BoxError> {
///         self.0.fetch_add(g.record().events.len() as u64, Ordering::Relaxed);
///         Ok(())
///     }
/// }
/// let events = Events(AtomicU64::new(0));
/// let tally = play(&config, 0..8, &events)?;
/// let stats = tally.stats();
/// assert!(stats[0].rank.mean < stats[1].rank.mean);
/// assert!(events.0.into_inner() > 8 * 100);
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
pub fn play(
    config: &Config,
    games: Range<u64>,
    observer: &dyn Observer,
) -> Result<Tally, ArenaError> {
    if games.start > games.end || games.end > config.games {
        return Err(ArenaError::OutOfRange {
            start: games.start,
            end: games.end,
            games: config.games,
        });
    }
    let first_error: Mutex<Option<ArenaError>> = Mutex::new(None);
    let stop = AtomicBool::new(false);
    let fail = |e: ArenaError| {
        let mut slot = first_error.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert(e);
        stop.store(true, Ordering::Relaxed);
    };
    // One game: played, observed, counted, dropped. `Err(())`: the run stops
    // (the error, if it is this game's, is in `first_error`).
    let one = |mut tally: Tally, g: u64| -> Result<Tally, ()> {
        if stop.load(Ordering::Relaxed) {
            return Err(());
        }
        let counted = play_observed(config, g, observer, &stop).and_then(|played| {
            let Some(played) = played else {
                return Ok(false);
            };
            observer
                .game(&played)
                .map_err(|source| ArenaError::Observer { game: g, source })?;
            tally.add(&played)?;
            Ok(true)
        });
        match counted {
            Ok(true) => Ok(tally),
            Ok(false) => Err(()),
            Err(e) => {
                fail(e);
                Err(())
            }
        }
    };
    let all = || {
        games
            .clone()
            .into_par_iter()
            .try_fold(|| Tally::new(config.clone()), one)
            .try_reduce(
                || Tally::new(config.clone()),
                |mut a, b| match a.merge(&b) {
                    Ok(()) => Ok(a),
                    Err(e) => {
                        fail(e);
                        Err(())
                    }
                },
            )
    };
    // Monte Carlo players with several threads per decision: fewer games at
    // once, so that the cores are not shared between decisions.
    let per_game = config.threads_per_game();
    let result = if per_game <= 1 {
        all()
    } else {
        let at_once = (rayon::current_num_threads() / per_game).max(1);
        match rayon::ThreadPoolBuilder::new().num_threads(at_once).build() {
            Ok(pool) => pool.install(all),
            Err(_) => all(),
        }
    };
    result.map_err(|()| {
        let slot = first_error.into_inner().unwrap_or_else(|p| p.into_inner());
        // The run stops only through `fail`, which keeps the error.
        slot.expect("a stopped run keeps its first error")
    })
}

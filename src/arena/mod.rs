//! Self-play: many AI-only games on all cores (`rayon`), and per-player
//! statistics with 95 % confidence intervals.
//!
//! In duplicate mode each wall seed is played four times with the players
//! rotated through the seats, so the luck of the deal cancels out.
//!
//! Monte Carlo players ([`PlayerKind::Mc`]) can log every decision as a CSV
//! row ([`play_all_logged`] with a [`DecisionSink`]).

use crate::ai::mc::{csv_row, McPlayer, Settings};
use crate::ai::BaselinePlayer;
use crate::game::{play_game, Event, GameError, GameRecord, Player, RandomPlayer};
use crate::rules::Rules;
use rayon::prelude::*;
use std::fmt;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Which AI plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// Uniformly random legal actions (wins whenever it can).
    Random,
    /// The rule-based baseline ([`BaselinePlayer`]).
    Baseline,
    /// The Monte Carlo player ([`McPlayer`]) with these settings; its seed
    /// is the game's wall seed × 4 + its seat.
    Mc(Settings),
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    /// `random`, `baseline` or `mc` (default settings: 50 ms a decision).
    fn from_str(s: &str) -> Result<PlayerKind, String> {
        match s {
            "random" => Ok(PlayerKind::Random),
            "baseline" => Ok(PlayerKind::Baseline),
            "mc" => Ok(PlayerKind::Mc(Settings::default())),
            other => Err(format!(
                "unknown player {other:?} (known: random, baseline, mc)"
            )),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayerKind::Random => "random",
            PlayerKind::Baseline => "baseline",
            PlayerKind::Mc(_) => "mc",
        })
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Config {
    /// Rules (length, scoring...).
    pub rules: Rules,
    /// Number of games.
    pub games: u64,
    /// Seed of the first game; game `g` uses `seed + g` (duplicate: `seed + g / 4`).
    pub seed: u64,
    /// The four players; player `i` sits at seat `i` (rotated in duplicate mode).
    pub players: [PlayerKind; 4],
    /// Play each wall seed four times with the players rotated.
    pub duplicate: bool,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Played {
    /// Game number (0-based).
    pub game: u64,
    /// The wall seed.
    pub seed: u64,
    /// `players[s]`: which player sat at seat `s`.
    pub players: [usize; 4],
    /// The game.
    pub record: GameRecord,
}

/// Where Monte Carlo players write one CSV row per decision
/// ([`crate::ai::mc::csv_row`]; the caller writes the header,
/// [`crate::ai::mc::csv_header`]). Rows of games played at once interleave
/// whole.
pub type DecisionSink = Arc<Mutex<dyn Write + Send>>;

fn make(
    kind: PlayerKind,
    rules: &Rules,
    seed: u64,
    game: u64,
    sink: Option<&DecisionSink>,
) -> Box<dyn Player> {
    match kind {
        PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
        PlayerKind::Baseline => Box::new(BaselinePlayer::new(rules)),
        PlayerKind::Mc(settings) => {
            let p = McPlayer::with_settings(rules, settings, seed);
            match sink {
                None => Box::new(p),
                Some(sink) => {
                    let sink = Arc::clone(sink);
                    Box::new(p.on_decision(Box::new(move |obs, report| {
                        let row = csv_row(game, obs, report);
                        if let Ok(mut w) = sink.lock() {
                            // A failed write must not stop the game; the
                            // caller's flush reports it.
                            let _ = writeln!(w, "{row}");
                        }
                    })))
                }
            }
        }
    }
}

/// Plays game number `game` of `config`.
///
/// # Errors
/// [`GameError`] if a player picks an illegal action or an invariant fails (a bug).
///
/// # Panics
/// Never.
pub fn play_one(config: &Config, game: u64) -> Result<Played, GameError> {
    play_one_logged(config, game, None)
}

/// [`play_one`], Monte Carlo players writing their decisions to `sink`.
///
/// # Errors
/// As [`play_one`].
///
/// # Panics
/// Never.
pub fn play_one_logged(
    config: &Config,
    game: u64,
    sink: Option<&DecisionSink>,
) -> Result<Played, GameError> {
    let (seed, rotation) = if config.duplicate {
        (config.seed.wrapping_add(game / 4), (game % 4) as usize)
    } else {
        (config.seed.wrapping_add(game), 0)
    };
    let players: [usize; 4] = std::array::from_fn(|s| (s + rotation) % 4);
    // A random player's own seed follows the seat, so that in duplicate play the
    // seat's random choices stay the same whoever sits there.
    let mut boxes: Vec<Box<dyn Player>> = players
        .iter()
        .enumerate()
        .map(|(seat, &p)| {
            make(
                config.players[p],
                &config.rules,
                seed.wrapping_mul(4).wrapping_add(seat as u64),
                game,
                sink,
            )
        })
        .collect();
    let [a, b, c, d] = &mut boxes[..] else {
        unreachable!("four players")
    };
    let mut seats: [&mut dyn Player; 4] = [a.as_mut(), b.as_mut(), c.as_mut(), d.as_mut()];
    let record = play_game(&config.rules, seed, &mut seats, false)?;
    Ok(Played {
        game,
        seed,
        players,
        record,
    })
}

/// Plays every game of `config` on all cores, calling `tick` after each one;
/// results in game order. Monte Carlo players with `threads` > 1 per
/// decision share the cores: games are then played `cores / threads` at a
/// time (at least one).
///
/// # Errors
/// The first [`GameError`] of any game.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::arena::{play_all, summarize, Config, PlayerKind};
/// let mut rules = tenpai::rules::Rules::tenhou();
/// rules.game.length = tenpai::rules::GameLength::East;
/// let config = Config {
///     rules,
///     games: 8,
///     seed: 1,
///     players: [PlayerKind::Baseline, PlayerKind::Random, PlayerKind::Random, PlayerKind::Random],
///     duplicate: true,
/// };
/// let games = play_all(&config, &|| {})?;
/// let stats = summarize(&config, &games);
/// assert!(stats[0].rank.mean < stats[1].rank.mean);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn play_all(config: &Config, tick: &(dyn Fn() + Sync)) -> Result<Vec<Played>, GameError> {
    play_all_logged(config, tick, None)
}

/// [`play_all`], Monte Carlo players writing their decisions to `sink`.
///
/// # Errors
/// As [`play_all`].
///
/// # Panics
/// Never.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use tenpai::ai::mc::{Budget, Settings};
/// use tenpai::arena::{play_all_logged, Config, DecisionSink, PlayerKind};
/// let mut rules = tenpai::rules::Rules::tenhou();
/// rules.game.length = tenpai::rules::GameLength::East;
/// let mc = PlayerKind::Mc(Settings { budget: Budget::Samples(20), threads: 1 });
/// let config = Config { rules, games: 1, seed: 3, players: [mc, PlayerKind::Baseline, PlayerKind::Baseline, PlayerKind::Baseline], duplicate: false };
/// let rows = Arc::new(Mutex::new(Vec::<u8>::new()));
/// let sink: DecisionSink = rows.clone();
/// play_all_logged(&config, &|| {}, Some(&sink))?;
/// let text = String::from_utf8(rows.lock().unwrap().clone()).unwrap();
/// assert!(text.lines().count() > 10 && text.lines().all(|l| l.starts_with("0,E")));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn play_all_logged(
    config: &Config,
    tick: &(dyn Fn() + Sync),
    sink: Option<&DecisionSink>,
) -> Result<Vec<Played>, GameError> {
    let all = || -> Result<Vec<Played>, GameError> {
        (0..config.games)
            .into_par_iter()
            .map(|g| {
                let r = play_one_logged(config, g, sink);
                tick();
                r
            })
            .collect()
    };
    // Monte Carlo players with several threads per decision: fewer games at
    // once, so that the cores are not shared between decisions.
    let per_game = config
        .players
        .iter()
        .map(|k| match k {
            PlayerKind::Mc(s) => s.threads.max(1),
            _ => 1,
        })
        .max()
        .unwrap_or(1);
    if per_game <= 1 {
        return all();
    }
    let at_once = (rayon::current_num_threads() / per_game).max(1);
    match rayon::ThreadPoolBuilder::new().num_threads(at_once).build() {
        Ok(pool) => pool.install(all),
        Err(_) => all(),
    }
}

/// A mean with its 95 % confidence interval (normal approximation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95 % interval: the mean is in `mean ± ci95`.
    pub ci95: f64,
    /// Number of samples.
    pub n: u64,
}

impl Estimate {
    fn of(samples: &[f64]) -> Estimate {
        let n = samples.len() as f64;
        if samples.is_empty() {
            return Estimate {
                mean: 0.0,
                ci95: 0.0,
                n: 0,
            };
        }
        let mean = samples.iter().sum::<f64>() / n;
        let var = if n > 1.0 {
            samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            ci95: 1.96 * (var / n).sqrt(),
            n: samples.len() as u64,
        }
    }
}

/// One player's results over all games.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// The player's number (its place in [`Config::players`]).
    pub player: usize,
    /// Its kind.
    pub kind: PlayerKind,
    /// Final rank, 1–4 (ties by seat order).
    pub rank: Estimate,
    /// Rounds won, per round played.
    pub win_rate: Estimate,
    /// Rounds lost by dealing in (ron on its discard), per round.
    pub deal_in_rate: Estimate,
    /// Rounds with a riichi declaration, per round.
    pub riichi_rate: Estimate,
    /// Rounds with at least one call (chi, pon, open kan), per round.
    pub call_rate: Estimate,
    /// Final points (in 1s).
    pub points: Estimate,
}

#[derive(Default)]
struct Rounds {
    wins: Vec<f64>,
    deal_ins: Vec<f64>,
    riichi: Vec<f64>,
    calls: Vec<f64>,
}

/// Statistics per player over `games` (played with `config`).
///
/// # Panics
/// Never.
pub fn summarize(config: &Config, games: &[Played]) -> Vec<PlayerStats> {
    (0..4)
        .map(|player| {
            let mut ranks = Vec::new();
            let mut points = Vec::new();
            let mut rounds = Rounds::default();
            for g in games {
                let seat = g
                    .players
                    .iter()
                    .position(|&p| p == player)
                    .expect("every player sits");
                let rank = g
                    .record
                    .ranking
                    .iter()
                    .position(|&s| s as usize == seat)
                    .expect("ranked");
                ranks.push(rank as f64 + 1.0);
                points.push(g.record.scores[seat] as f64);
                count_rounds(&g.record.events, seat as u8, &mut rounds);
            }
            PlayerStats {
                player,
                kind: config.players[player],
                rank: Estimate::of(&ranks),
                win_rate: Estimate::of(&rounds.wins),
                deal_in_rate: Estimate::of(&rounds.deal_ins),
                riichi_rate: Estimate::of(&rounds.riichi),
                call_rate: Estimate::of(&rounds.calls),
                points: Estimate::of(&points),
            }
        })
        .collect()
}

/// Adds one 0/1 sample per round of `events` for `seat`.
fn count_rounds(events: &[Event], seat: u8, out: &mut Rounds) {
    let (mut won, mut dealt_in, mut riichi, mut called, mut open) =
        (false, false, false, false, false);
    for e in events {
        match e {
            Event::StartKyoku { .. } => {
                (won, dealt_in, riichi, called) = (false, false, false, false);
                open = true;
            }
            Event::Hora { actor, target, .. } => {
                won |= *actor == seat;
                dealt_in |= *target == seat && *actor != seat;
            }
            Event::Reach { actor } => riichi |= *actor == seat,
            Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. } => called |= *actor == seat,
            Event::EndKyoku if open => {
                out.wins.push(won as u8 as f64);
                out.deal_ins.push(dealt_in as u8 as f64);
                out.riichi.push(riichi as u8 as f64);
                out.calls.push(called as u8 as f64);
                open = false;
            }
            _ => {}
        }
    }
}

//! `tenpai play`: a game of riichi mahjong in the terminal against three AI
//! players (or four AI players to watch).
//!
//! - [`session`] runs the engine in a worker thread and passes the front end
//!   only what the person may see: the library's [`tenpai::view::SeatView`];
//! - [`menu`] words the view's choices, [`parse`] reads commands against it
//!   (the library says what is legal and why not);
//! - [`text`] says the game in words ([`crate::render`] draws tiles and
//!   numbers); [`hint`] is the hint panel;
//! - [`plain`] is the line mode (scripts, pipes, tests); [`tui`] the
//!   full-screen view ([`screen`] draws it), a thin layer over the same
//!   modules and [`keys`];
//! - [`record`] writes the log (also of a game left early) and the review.

#[cfg(test)]
mod fixtures;
pub mod hint;
pub mod keys;
pub mod menu;
pub mod opponents;
pub mod parse;
pub mod plain;
pub mod record;
pub mod screen;
pub mod session;
pub mod text;
pub mod tui;

use crate::cmd::advice::{Advisor, AdvisorKind};
use crate::render::table::round_name;
use crate::render::TileMode;
use anyhow::{bail, Result};
use opponents::Opponents;
use session::{BotFaults, Decisions, Ending, Leave, Setup};
use std::hash::{BuildHasher, Hasher};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tenpai::ai::mc::{Budget, Settings};
use tenpai::arena::PlayerKind;
use tenpai::review::ReviewOptions;
use tenpai::rules::GameLength;
use tenpai::Wind;
use text::Names;

const LONG_ABOUT: &str = "\
Plays a game of riichi mahjong against three AI players: a full-screen view
when standard input and output are a terminal, otherwise (or with --plain) a
line mode that prints the table at each decision and reads one command per
line, so that a game can be scripted.

Keys (full screen): left/right or a position number to select a tile,
Enter or Space to discard it, d the drawn tile; t tsumo, r ron, i riichi (then
choose the discard), c chi, p pon, k kan, n pass, 9 nine terminals (when
offered; otherwise 9 selects position 9); a plays the recommended move; h
shows hints; q leaves (after a confirmation), Ctrl-C at once (exit status
130). At a call prompt pass is selected first: Enter or Space lets the tile
go.

Commands (line mode): a position (1-14) or a tile (5m, 0m = red five, 1z or
E S W N P F C: capitals are tiles, so N is North, n pass) discards it, d the
drawn tile; riichi 5m (or riichi, then the discard; an empty line, n or cancel
cancels it); t, r, c [n|tiles], p [n], k [n|tile], n, 9 or kyuushu (nine
terminals, when offered; otherwise 9 is position 9); at a call prompt a number
picks the option; a plays the recommended move; h hints; help; q quits.

Opponents: mc (the default) is the Monte Carlo AI, thinking --think per
decision (default 300ms) or --samples N rollouts; baseline is the rule-based
AI; random plays random legal moves; cmd:COMMAND is an external mjai bot (run
by sh -c, {seat} replaced by its seat, spoken to as on mjai.app with only what
its seat sees). One kind for all, or one per AI seat in seat order,
comma-separated (E, S, W, N without yours: --opponents
mc,baseline,\"cmd:bot {seat}\").
A bot's illegal action, bad line, crash or silence past --bot-timeout is a
fault: the baseline plays that decision, and the faults are listed on
standard error when the game ends; the bots' processes end with the game.
--decisions FILE writes one CSV row per Monte Carlo decision of the
opponents, in the columns of tenpai selfplay --decisions (game: the seed).

Hints and the a key: one advisor recommends one move, which the hints show
first and a plays. --advisor mc (the default against mc opponents) is the
Monte Carlo search (--samples N rollouts, else 1,000; its own seed): the hints
then also rank your choices by expected final rank, best first, the
recommendation marked >; the search keeps its starting choice (its baseline's) unless
another is clearly better, and a line says so when a candidate shows a better
rank on few rollouts. --advisor baseline (the default against baseline or
random opponents) is the rule-based AI, instantly. Waits that complete the
hand without a yaku are named apart and not counted.

Seats: E is the first dealer (seat 0), then S, W, N. Without --seed a random
seed is chosen and printed, so any game can be played again with --seed: the
same seed deals the same tiles, but with a time budget (--think) the Monte
Carlo AI's choices depend on the machine's speed, so the same game is played
again only with --samples (or with baseline or random opponents).
--log writes the game as mjai JSON lines (tenpai replay and tenpai review
read them; the game ends with the command that reviews it), when it ends or
when you leave it (q, Ctrl-C, the end of input): then the rounds played and
the moves so far of the round left, unfinished (no end_game). The file is
written whole at the end, never half. The log names the players: You, and
each AI player by kind and seat (mc (South)). --review FILE.html reviews your
decisions when the game ends (with --samples N rollouts per decision, else
tenpai review's default budget: up to a minute for an east-south game) and
writes the review as a web page.
Colours read on dark and light terminals; NO_COLOR keeps only bold and
underline. The full screen needs 80x24 or more.
Exit status: 0 when the game ends or you quit; 130 after Ctrl-C in the full
screen; 1 when standard input ends before the game does (the game is
abandoned) or on an error; 2 for a bad option (before the game starts).";

/// Play riichi mahjong against three AI players.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The game: rules, seed, your seat, the AI players (shared with
    /// `serve`).
    #[command(flatten)]
    pub game: crate::cmd::game_args::GameArgs,

    /// Write the game's mjai log (JSON lines) to FILE when it ends or you
    /// leave it (then unfinished: the rounds played and the moves so far).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,

    /// When the game ends, review your decisions with the Monte Carlo AI
    /// (as `tenpai review` does: its default budget, or --samples) and write
    /// the review as a web page to FILE.
    #[arg(long, value_name = "FILE")]
    pub review: Option<PathBuf>,

    /// Pause after each AI move, in milliseconds (default: 300 full screen,
    /// 0 in line mode).
    #[arg(long, value_name = "MS", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub delay: Option<u64>,

    /// Tiles as text (5m) or Unicode glyphs.
    #[arg(long, value_enum, default_value = "text")]
    pub tiles: TileMode,

    /// Line mode even on a terminal.
    #[arg(long)]
    pub plain: bool,

    /// Write one CSV row per Monte Carlo decision of the AI players to FILE
    /// (the columns of tenpai selfplay --decisions).
    #[arg(long, value_name = "FILE")]
    pub decisions: Option<PathBuf>,

    /// Show the hint panel from the start (h toggles it).
    #[arg(long)]
    pub hints: bool,
}

/// The players of `--opponents`, as given.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerKinds(pub Vec<PlayerKind>);

/// Parses `--opponents` ([`crate::cmd::parse_players`]).
///
/// # Errors
/// An unknown player, named.
pub fn parse_opponents(text: &str) -> Result<PlayerKinds, String> {
    crate::cmd::parse_players(text).map(PlayerKinds)
}

/// A seed from the process's random hasher keys, below 10^9 to be easy to type.
pub fn random_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    h.finish() % 1_000_000_000
}

/// The person left with Ctrl-C: the program exits with status 130, as a
/// program interrupted by SIGINT does.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted (Ctrl-C)")
    }
}

impl std::error::Error for Interrupted {}

/// Whether colours are wanted: `NO_COLOR` is unset or empty
/// (<https://no-color.org>).
pub fn no_color_unset() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Rollouts of the hint panel's Monte Carlo ranking without `--samples`.
const HINT_SAMPLES: u32 = 1000;

fn setup(args: &Args) -> Result<Setup> {
    let rules = crate::cmd::load_rules(&args.game.rules, args.game.length.as_deref())?;
    let budget = match args.game.samples {
        Some(0) => bail!("--samples 0: at least one rollout"),
        Some(n) => Budget::Samples(n),
        None => Budget::Time(args.game.think),
    };
    let seat = args.game.seat;
    let mc = Settings {
        budget,
        threads: args.game.threads,
        ..Default::default()
    };
    let kinds = crate::cmd::with_settings(&args.game.opponents.0, mc, args.game.bot_timeout);
    let opponents =
        Opponents::seat(&kinds, (!args.game.watch).then_some(seat.get())).map_err(|e| {
            crate::UsageError {
                command: "play",
                message: format!("--opponents: {e}"),
            }
        })?;
    Ok(Setup {
        rules,
        seed: args.game.seed.unwrap_or_else(random_seed),
        seat,
        watch: args.game.watch,
        opponents,
        budget,
        threads: args.game.threads,
        decisions: None,
    })
}

/// The advisor behind the hints and `a`: `--advisor`, by default the
/// opponents' kind (Monte Carlo when any opponent is mc, else the baseline;
/// its first version when every opponent is `baseline-v1`). The Monte
/// Carlo advisor thinks `--samples` rollouts (else [`HINT_SAMPLES`]) on its
/// own seed.
fn advisor(args: &Args, s: &Setup) -> Advisor {
    let kind = args.game.advisor.unwrap_or(if s.opponents.any_mc() {
        AdvisorKind::Mc
    } else {
        AdvisorKind::Baseline
    });
    match kind {
        AdvisorKind::Baseline if s.opponents.all_baseline_v1() => Advisor::BaselineV1,
        AdvisorKind::Baseline => Advisor::Baseline,
        AdvisorKind::Mc => {
            let budget = Budget::Samples(args.game.samples.unwrap_or(HINT_SAMPLES));
            let seed = tenpai::arena::seat_seed(s.seed, s.seat.get()) ^ 0x6869_6e74; // "hint"
            let settings = Settings {
                budget,
                threads: s.threads,
                ..Default::default()
            };
            Advisor::mc(&s.rules, settings, seed)
        }
    }
}

/// `seed 12, east-south, tenhou rules, you: E, opponents: mc 300ms`.
fn banner(args: &Args, s: &Setup) -> String {
    let length = match s.rules.game.length {
        GameLength::East => "east-only",
        GameLength::South => "east-south",
    };
    let who = if s.watch { "watching" } else { "you" };
    let think = if s.opponents.any_mc() {
        format!(" ({})", s.budget)
    } else {
        String::new()
    };
    format!(
        "tenpai play: seed {}, {length} game, {} rules, {who}: seat {}, opponents: {}{think}",
        s.seed,
        args.game.rules,
        Wind::ALL[s.seat.index()],
        s.opponents
    )
}

/// Lists the external bots' faults on standard error: one line per bot, with
/// the first messages.
fn report_faults(faults: &[BotFaults]) {
    for f in faults {
        eprintln!(
            "seat {} ({}): {} fault{} (the baseline played): {}",
            opponents::seat_letter(f.seat),
            f.player,
            f.faults.count,
            crate::cmd::plural(f.faults.count as usize),
            f.faults
                .first
                .iter()
                .map(|m| m.strip_prefix(&format!("seat {}: ", f.seat)).unwrap_or(m))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
}

/// Runs `tenpai play`: the full-screen view when standard input and output
/// are terminals and `--plain` is not given, else the line mode over `input`
/// and `out`.
///
/// # Errors
/// Bad options (named), an unwritable log file, standard input ending before
/// the game does, an I/O error of the terminal.
pub fn run<R: BufRead, W: Write>(args: &Args, input: R, mut out: W) -> Result<()> {
    let mut setup = setup(args)?;
    let mode = args.tiles;
    // Checked first, so that a bad path fails before the game rather than
    // after; nothing is written (nor truncated) until the game ends or the
    // person leaves it.
    for (option, p) in [("--log", &args.log), ("--review", &args.review)] {
        if let Some(p) = p {
            crate::cmd::check_output(option, p, crate::cmd::Output::File)?;
        }
    }
    let decisions = match &args.decisions {
        None => None,
        Some(p) => Some(Arc::new(crate::cmd::report::DecisionLog::create(p)?)),
    };
    setup.decisions = decisions.clone().map(Decisions);
    let names = Names {
        me: setup.seat.get(),
        watch: setup.watch,
    };
    let full_screen =
        !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let banner = banner(args, &setup);
    let (ending, faults) = if full_screen {
        let delay = Duration::from_millis(args.delay.unwrap_or(300));
        let advisor = advisor(args, &setup);
        let (ending, faults) = tui::run(&setup, names, mode, args.hints, advisor, delay, &banner)?;
        writeln!(out, "{banner}")?;
        if let Ending::Finished(record) = &ending {
            let points = tenpai::game::final_scores(&record.scores, &setup.rules.game);
            for l in text::final_ranking(record, &points, names) {
                writeln!(out, "{l}")?;
            }
        }
        (ending, faults)
    } else {
        if crate::cmd::any_bot(&args.game.opponents.0) {
            crate::cmd::signals::end_bots_on_signals()?;
        }
        writeln!(out, "{banner}")?;
        if !setup.watch {
            writeln!(out, "Type help for the commands.")?;
        }
        let mut front = plain::Plain {
            input,
            out: &mut out,
            rules: setup.rules.clone(),
            names,
            mode,
            styled: std::io::stdout().is_terminal(),
            colour: no_color_unset(),
            hints: args.hints,
            advisor: advisor(args, &setup),
            delay: Duration::from_millis(args.delay.unwrap_or(0)),
            echo: !std::io::stdin().is_terminal(),
        };
        session::play(&setup, &mut front)?
    };
    report_faults(&faults);
    if let Some(log) = &decisions {
        log.finish()?;
    }
    match ending {
        Ending::Finished(mut record) => {
            record::name_players(&mut record.events, &setup, names);
            if let Some(p) = &args.log {
                record::write_log(p, &record.to_mjai())?;
                let command = crate::cmd::review::command_for(p, &args.game.rules);
                writeln!(out, "Review this game: {command}")?;
            }
            if let Some(p) = &args.review {
                out.flush()?;
                let label = match &args.log {
                    Some(log) => log.clone(),
                    None => PathBuf::from(format!("tenpai play --seed {}", setup.seed)),
                };
                let options = ReviewOptions {
                    budget: args
                        .game
                        .samples
                        .map_or(ReviewOptions::default().budget, Budget::Samples),
                    ..ReviewOptions::default()
                };
                record::review_game(&record, &setup, &options, p, &label, &mut out)?;
            }
            out.flush()?;
            Ok(())
        }
        Ending::Left { why, view, played } => {
            let round = view.round();
            let at = format!(
                "{}, {} honba (seed {})",
                round_name(round),
                round.honba,
                setup.seed
            );
            match why {
                Leave::Quit => writeln!(out, "You left the game in {at}.")?,
                Leave::Interrupted => writeln!(out, "You left the game (Ctrl-C) in {at}.")?,
                Leave::InputEnded => {}
            }
            record::left_early(args, &setup, names, played, &mut out)?;
            match why {
                Leave::Quit => Ok(()),
                Leave::InputEnded => {
                    bail!("standard input ended in {at}: the game is abandoned")
                }
                Leave::Interrupted => Err(Interrupted.into()),
            }
        }
    }
}

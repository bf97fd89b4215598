//! `tenpai review`: every decision of one seat in a game log searched by the
//! Monte Carlo AI and judged against the played action; printed for the
//! terminal ([`text`]), as JSON ([`json`]) or written as a web page
//! ([`html`], with the tiles and the chart of [`svg`]).

pub mod html;
pub mod json;
pub mod svg;
pub mod text;

use anyhow::{anyhow, Context, Result};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tenpai::ai::mc::Budget;
use tenpai::log::ImportedGame;
use tenpai::review::{
    review, seat_of_player, DefaultSeat, Review, ReviewOptions, DEFAULT_SAMPLES, DEFAULT_THRESHOLD,
};

use crate::render::TileMode;

const LONG_ABOUT: &str = "\
Reviews one seat's decisions in a game log. The log is replayed through the
engine; wherever the seat had more than one legal action (a discard, riichi
or not, call or pass, win or not, kan or not, nine terminals) the Monte Carlo
search of `tenpai suggest` ranks its candidates from the position as the seat
saw it, on the same sampled worlds for every candidate, with the played action
always among them. For each decision: every candidate's expected final rank
(1-4) with its 95% interval, expected points of the round, win, deal-in and
tenpai rates; the played action's place and its loss (its expected rank minus
that of the AI's choice, on the worlds both played: 0 when they agree). A
mistake is a loss above --threshold whose paired 95% interval excludes zero,
so that noise is never called a mistake. Categories: efficiency (a discard,
no threat), riichi (to declare or not, and with which tile), call (call or
pass, kan or not), defence (a discard while an opponent is in riichi or has
three open melds), win (win or not, nine terminals).

A call the seat may have made but another seat's call or win overruled is
not in the log: it is counted apart and not reviewed.

Logs: tenhou.net/6 JSON, mjai JSON lines (as `tenpai play --log` writes them)
or Tenhou's XML (mjlog), told apart by their content. A log cut short (its
last round without a result, or no end of the game) is reviewed as far as it
goes, and the review says it is unfinished; a log with no round is refused. The seat: --seat N or
--player NAME; by default the seat named You in a `tenpai play` log,
otherwise seat 0 (the output says which). Rules: what the log records (the
room for Tenhou's formats; kyoku_first, aka_flag and rules in an mjai
start_game, as tenpai writes them), else --rules and --length; an option
the log contradicts is refused. A log that records no length but ends in
the East round with nobody below zero is reviewed as the rules say
(east-south by default) with a warning on standard error and in the JSON's
\"warnings\": --length east reviews it as east-only.

Budget: --samples rollouts per decision (default 4000: a whole east-south
game in under a minute on two cores), or --think TIME per decision
(results then depend on the machine). The same --samples and --seed give
the same review on any machine and any number of --threads.

Outputs: per round, the mistakes with the hand and the drawn tile, the
played action against the AI's choice and the loss (--all: every decision);
--json: one JSON document with every decision and all its candidates (the
schema is in docs/guide/review.md); --html FILE: one self-contained page (no network)
with the players and result, the summary, a chart of the loss along the
game, and every decision with the hand, rivers, melds and candidate table.

Examples:
  tenpai review game.mjson
  tenpai review tests/data/tenhou6/2020081220gm-00a9-0000-9ee6ab3b.json --seat 3 --html review.html
  tenpai review game.mjlog --player NoName --json > review.json";

/// Review a seat's decisions in a game log with the Monte Carlo AI.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The game log: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML (mjlog).
    pub log: PathBuf,

    /// The seat to review: 0 to 3, or E, S, W or N (its wind in the first
    /// round: 0 = E, the first dealer).
    #[arg(long, value_name = "SEAT", conflicts_with = "player")]
    pub seat: Option<tenpai::game::SeatIndex>,

    /// The player to review, by the name the log gives.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,

    /// Rollouts per decision (deterministic with --seed).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SAMPLES, conflicts_with = "think",
        allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub samples: u32,

    /// Think this long per decision instead of a sample count, e.g. 100ms.
    #[arg(long, value_name = "TIME", value_parser = super::values::parse_think)]
    pub think: Option<Duration>,

    /// Seed of the sampled worlds.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub seed: u64,

    /// The smallest loss called a mistake, in expected final rank.
    #[arg(long, value_name = "RANKS", default_value_t = DEFAULT_THRESHOLD, value_parser = parse_threshold)]
    pub threshold: f64,

    #[arg(long, help = crate::cmd::values::threads_help("Decisions searched at once, RANGE (default: one per core; the review does not depend on it)"),
        value_name = "N", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::threads())]
    pub threads: Option<usize>,

    /// Rule preset name (tenhou, the default; mahjongsoul) or TOML file,
    /// for logs that do not record their rules. A log that records other
    /// rules is refused.
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,

    /// Game length for logs that do not record it: east or south (default:
    /// the rules' length). A log that records another length is refused.
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// Print every decision, not only the mistakes.
    #[arg(long)]
    pub all: bool,

    /// Print one JSON document instead of the text.
    #[arg(long)]
    pub json: bool,

    /// Also write the review as a web page to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// Tiles as text (5m) or Unicode glyphs.
    #[arg(long, value_enum, default_value = "text")]
    pub tiles: TileMode,
}

/// Parses `--threshold`: a loss in expected final rank, 0 or more.
///
/// # Errors
/// Anything but a finite number of 0 or more.
fn parse_threshold(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x >= 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("{text:?}: expected a loss of 0 or more (in ranks)")),
    }
}

/// How the reviewed seat was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSource {
    /// `--seat`.
    Given,
    /// `--player NAME`.
    Player(String),
    /// No option: the default of the log.
    Default(DefaultSeat),
}

impl SeatSource {
    /// Why this seat, for the reader: `the seat named You in this tenpai
    /// play log`…
    pub fn reason(&self) -> String {
        match self {
            SeatSource::Given => "given with --seat".into(),
            SeatSource::Player(name) => format!("the player {name:?}"),
            SeatSource::Default(DefaultSeat::Player(_)) => {
                "by default: the seat named You in this tenpai play log".into()
            }
            SeatSource::Default(DefaultSeat::First) => {
                "by default: the first seat; --seat N or --player NAME reviews another".into()
            }
        }
    }

    /// `given`, `player`, `you` or `first` (for JSON).
    pub fn key(&self) -> &'static str {
        match self {
            SeatSource::Given => "given",
            SeatSource::Player(_) => "player",
            SeatSource::Default(DefaultSeat::Player(_)) => "you",
            SeatSource::Default(DefaultSeat::First) => "first",
        }
    }
}

/// The reviewed seat of `game` from the options, and how it was chosen.
fn choose_seat(args: &Args, game: &ImportedGame) -> Result<(tenpai::game::SeatIndex, SeatSource)> {
    match (args.seat, &args.player) {
        (Some(s), _) => Ok((s, SeatSource::Given)),
        (None, Some(name)) => {
            let s = seat_of_player(game, name).context("--player")?;
            Ok((s, SeatSource::Player(name.clone())))
        }
        (None, None) => {
            let d = DefaultSeat::of(game);
            Ok((d.seat(), SeatSource::Default(d)))
        }
    }
}

/// Everything the outputs need: the review, the game it came from and how
/// its seat was chosen.
pub struct Reviewed<'a> {
    /// The review.
    pub review: &'a Review,
    /// The game log.
    pub game: &'a ImportedGame,
    /// How the seat was chosen.
    pub source: &'a SeatSource,
    /// The log's file name as given (for `play --review`: the log's, or
    /// `tenpai play --seed N` when none is written).
    pub file: &'a Path,
    /// What the reader is told about the rules
    /// ([`tenpai::log::LogRules::warnings`]).
    pub warnings: &'a [String],
}

/// Runs `tenpai review`.
///
/// # Errors
/// An unwritable --html file (before the review), an unreadable log, a
/// player the log does not have, bad rules.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    if let Some(path) = &args.html {
        super::check_output("--html", path, super::Output::File)?;
    }
    let asked = super::rules_asked(args.rules.as_deref(), args.length.as_deref())?;
    let name = args.log.display();
    let game = super::read_log(&args.log)?;
    if game.rounds.is_empty() {
        anyhow::bail!("{name}: empty: no round to review");
    }
    let read = game.rules_for(&asked).map_err(|e| anyhow!("{name}: {e}"))?;
    for w in &read.warnings {
        eprintln!("warning: {name}: {w}");
    }
    let rules = read.rules;
    let (seat, source) = choose_seat(args, &game)?;
    let options = ReviewOptions {
        budget: match args.think {
            Some(t) => Budget::Time(t),
            None => Budget::Samples(args.samples),
        },
        seed: args.seed,
        threshold: args.threshold,
    };
    let reviewed = review_with_progress(&game, &rules, seat, &options, args.threads)?;
    let r = Reviewed {
        review: &reviewed,
        game: &game,
        source: &source,
        file: &args.log,
        warnings: &read.warnings,
    };
    if let Some(path) = &args.html {
        write_html(&r, path, "--html")?;
    }
    if args.json {
        serde_json::to_writer(&mut out, &json::document(&r))?;
        writeln!(out)?;
    } else {
        let mode = args.tiles;
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let style = text::Style {
            mode,
            styled: std::io::stdout().is_terminal(),
            colour,
            all: args.all,
        };
        text::write(&mut out, &r, style)?;
        if let Some(path) = &args.html {
            writeln!(out, "\nWrote {}", path.display())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Reviews `seat` of `game` on `threads` threads (default: one per core),
/// with a progress bar on standard error when it is a terminal.
///
/// # Errors
/// Threads that cannot start.
pub fn review_with_progress(
    game: &ImportedGame,
    rules: &tenpai::rules::Rules,
    seat: tenpai::game::SeatIndex,
    options: &ReviewOptions,
    threads: Option<usize>,
) -> Result<Review> {
    let count = tenpai::review::find_decisions(game, rules, seat)
        .points
        .len();
    let bar = super::progress_bar("reviewing", count as u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("--threads: cannot start the threads")?;
    let reviewed = pool.install(|| review(game, rules, seat, options, &|_| bar.inc(1)))?;
    bar.finish_and_clear();
    Ok(reviewed)
}

/// Writes the review page of `r` to `path`.
///
/// # Errors
/// An unwritable file, named with `option` (`--html`, `--review`).
pub fn write_html(r: &Reviewed<'_>, path: &Path, option: &str) -> Result<()> {
    std::fs::write(path, html::page(r))
        .map_err(|e| crate::cmd::file_error(&format!("write the {option} page"), path, &e))
}

/// The command that reviews a game `tenpai play --log FILE` wrote with the
/// given rules (as typed: a preset name or file). The log records its
/// length and rule set, so only a rules file needs saying again.
pub fn command_for(file: &Path, rules: &str) -> String {
    let quote = |s: &str| {
        if s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
        {
            s.to_string()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    let mut c = format!("tenpai review {}", quote(&file.display().to_string()));
    if tenpai::rules::Rules::preset(rules).is_err() {
        c.push_str(&format!(" --rules {}", quote(rules)));
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_for_quotes_what_the_shell_would_split() {
        assert_eq!(
            command_for(Path::new("game.mjson"), "mahjongsoul"),
            "tenpai review game.mjson"
        );
        assert_eq!(
            command_for(Path::new("my game's.log"), "r.toml"),
            "tenpai review 'my game'\\''s.log' --rules r.toml"
        );
    }
}

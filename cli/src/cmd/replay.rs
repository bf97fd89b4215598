//! `tenpai replay`: drives the game engine with the actions recorded in real
//! game logs and checks that each is legal and that every round ends as logged.

use anyhow::{bail, Result};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use tenpai::replay::{replay_file, Extent};

const LONG_ABOUT: &str = "\
Replays game logs through the engine: every recorded draw, discard, call,
riichi and kan must be legal under the rules, and every round must end as the
log says: who won from whom, han, fu, points, liability and every player's
score change; draws with their payments; abortive draws; the game's end and
final scores. Prints one summary line per file and every mismatch with its
round (E1-0 = East 1, 0 honba) and turn (discards so far plus one); exits with
status 1 when any file has a mismatch, cannot be read or holds no round.

A log cut short (a game still running, a download cut off, a game quit) is
replayed as far as it goes: every finished round, and the recorded actions of
an unfinished last round; its line says so, e.g. `ok (unfinished: the log stops
in E3-0; mjai, …)` or `ok (unfinished: the log stops before S1-0; …)`. A log
with no round says `empty: no round`.

A --rules or --length that the log's own record contradicts (a tenpai log
of an east-only game replayed with --length south) is refused, as a file
that cannot be read. A log that does not record its length but ends in the
East round with nobody below zero, while the rules say east-south, gets a
warning on standard error (and in \"warnings\" in JSON): it looks like an
east-only game, which --length east replays.

Formats, told apart by each file's content (not its name):
  tenhou.net/6 JSON  one document for the game or one per line, as saved from
                     tenhou.net/6; the room's rules come from rule.disp and
                     aka (open tanyao, red fives, length, Mahjong Soul rooms)
  mjai JSON lines    as Mortal, mjai.app or `tenpai play --log` write them;
                     the rules from start_game's kyoku_first (0 east-south,
                     4 east only), aka_flag (red fives) and rules (the rule
                     set, as tenpai writes it), else from --rules and
                     --length; deltas on hora, ryukyoku and reach_accepted
                     are checked
  mjlog (XML)        Tenhou's own log (<mjloggm>); the room's rules come from
                     <GO type>

JSON (--json): one line per file: {\"file\", \"format\", \"rounds\", \"wins\",
\"draws\", \"events\", \"extent\", \"mismatches\": [{\"round\", \"turn\",
\"message\"}], \"warnings\": [...] (only when there are some)}, with \"extent\" one of {\"kind\": \"whole\"}, {\"kind\":
\"empty\"}, {\"kind\": \"unfinished_round\", \"round\": \"E3-0\"} or {\"kind\":
\"unfinished_game\", \"next\": \"S1-0\"}; or {\"file\", \"error\"} for a file
that cannot be read.

Examples:
  tenpai replay tests/data/tenhou6/*.json tests/data/mjlog/*.mjlog
  tenpai replay game.mjson --rules mahjongsoul
  tenpai replay someone-elses-east-game.mjson --length east";

/// Replay game logs (tenhou.net/6, mjai, mjlog) and check them against the engine.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// Log files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Rules for logs that do not record them: tenhou (the default),
    /// mahjongsoul or a TOML file. A log that records other rules is refused.
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,

    /// Game length for logs that do not record it: east (one round of
    /// dealers) or south (two). Default: the rules' length. A log that
    /// records another length is refused.
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// One JSON line per file instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct MismatchOut<'a> {
    round: &'a str,
    turn: usize,
    message: &'a str,
}

#[derive(Serialize)]
struct FileOut<'a> {
    file: String,
    format: &'a str,
    rounds: usize,
    wins: usize,
    draws: usize,
    events: usize,
    extent: &'a Extent,
    mismatches: Vec<MismatchOut<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

#[derive(Serialize)]
struct ErrorOut {
    file: String,
    error: String,
}

/// Replays every file and prints the summaries.
///
/// # Errors
/// Unknown rules; a file that cannot be read or is no log, a log with no
/// round, or any mismatch (after all files are printed), as one error
/// counting them; an I/O error.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    let asked = super::rules_asked(args.rules.as_deref(), args.length.as_deref())?;
    let (mut unreadable, mut empty, mut bad_files, mut mismatches) = (0, 0, 0, 0);
    let mut last_error = None;
    for path in &args.files {
        let name = path.display().to_string();
        // Each log is dropped before the next is read.
        let rep = match replay_file(path, &asked) {
            Ok(r) => r,
            Err(e) => {
                unreadable += 1;
                let text = super::log_error(path, &e);
                if args.json {
                    serde_json::to_writer(
                        &mut out,
                        &ErrorOut {
                            file: name,
                            error: e.to_string(),
                        },
                    )?;
                    writeln!(out)?;
                } else if args.files.len() > 1 {
                    writeln!(out, "{text}")?;
                }
                last_error = Some(text);
                continue;
            }
        };
        for w in &rep.warnings {
            eprintln!("warning: {name}: {w}");
        }
        if !rep.mismatches.is_empty() {
            bad_files += 1;
            mismatches += rep.mismatches.len();
        }
        if rep.extent == Extent::Empty {
            empty += 1;
        }
        if args.json {
            let o = FileOut {
                file: name,
                format: rep.format.name(),
                rounds: rep.rounds,
                wins: rep.wins,
                draws: rep.draws,
                events: rep.events,
                extent: &rep.extent,
                mismatches: rep
                    .mismatches
                    .iter()
                    .map(|m| MismatchOut {
                        round: &m.round,
                        turn: m.turn,
                        message: &m.message,
                    })
                    .collect(),
                warnings: &rep.warnings,
            };
            serde_json::to_writer(&mut out, &o)?;
            writeln!(out)?;
            continue;
        }
        if rep.extent == Extent::Empty && rep.mismatches.is_empty() {
            writeln!(out, "{name}: {} ({})", rep.extent, rep.format)?;
            continue;
        }
        let verdict = match rep.mismatches.len() {
            0 => "ok".to_string(),
            1 => "1 mismatch".to_string(),
            n => format!("{n} mismatches"),
        };
        // `ok (unfinished: the log stops in E3-0; mjai, 3 rounds, …)`.
        let extent = match &rep.extent {
            Extent::Whole => String::new(),
            e => format!("{e}; "),
        };
        writeln!(
            out,
            "{name}: {verdict} ({extent}{}, {}, {}, {}, {})",
            rep.format,
            super::count(rep.rounds, "round"),
            super::count(rep.wins, "win"),
            super::count(rep.draws, "draw"),
            super::count(rep.events, "event")
        )?;
        for m in &rep.mismatches {
            writeln!(out, "  {m}")?;
        }
    }
    out.flush()?;
    let n = args.files.len();
    // "1 does not replay (1 mismatch)", "2 do not replay (3 mismatches)".
    let not_replayed = |b: usize| {
        let verb = if b == 1 { "does" } else { "do" };
        format!(
            "{verb} not replay ({})",
            super::count(mismatches, "mismatch")
        )
    };
    let files = super::count(n, "file");
    if (unreadable, empty, bad_files) == (1, 0, 0) && n == 1 {
        bail!("{}", last_error.unwrap_or_default());
    }
    // "1 of 2 files cannot be read; 1 holds no round; 1 does not replay
    // (2 mismatches)".
    let holds_none = |e: usize| format!("{} no round", if e == 1 { "holds" } else { "hold" });
    let parts: Vec<String> = [
        (unreadable, "cannot be read".to_string()),
        (empty, holds_none(empty)),
        (bad_files, not_replayed(bad_files)),
    ]
    .into_iter()
    .filter(|(k, _)| *k > 0)
    .enumerate()
    .map(|(i, (k, what))| match i {
        0 => format!("{k} of {files} {what}"),
        _ => format!("{k} {what}"),
    })
    .collect();
    if parts.is_empty() {
        Ok(())
    } else {
        bail!("{}", parts.join("; "))
    }
}

//! `tenpai replay`: drives the game engine with the actions recorded in real
//! game logs and checks that each is legal and that every round ends as logged.

use anyhow::{bail, Result};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use tenpai::game::mjai::replay_mjai_str;
use tenpai::game::tenhou6::{replay_str, Report};
use tenpai::rules::Rules;

const LONG_ABOUT: &str = "\
Replays game logs through the engine: every recorded draw, discard, call,
riichi and kan must be legal under the rules, and every round must end as the
log says: who won from whom, han, fu, points and every player's score change;
draws with their payments; abortive draws. Prints one summary line per file
and every mismatch with its round (E1-0 = East 1, 0 honba) and turn (discards
so far plus one); exits with status 1 when any file has a mismatch.

Formats (detected per file): tenhou.net/6 JSON (one document for the game or
one per line, as saved from tenhou.net/6; the room's rules come from
rule.disp and aka: open tanyao, red fives, length, Mahjong Soul rooms), or
mjai JSON lines (--rules and --length apply; deltas on hora, ryukyoku and
reach_accepted events are checked).

JSON (--json): one line per file: {\"file\", \"format\", \"rounds\", \"wins\",
\"draws\", \"events\", \"mismatches\": [{\"round\", \"turn\", \"message\"}]}.

Examples:
  tenpai replay tests/data/tenhou6/*.json
  tenpai replay game.mjson --rules mahjongsoul
  tenpai replay east-game.mjson --length east";

/// Replay Tenhou (tenhou.net/6) or mjai logs and check them against the engine.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// Log files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Rules for mjai logs: tenhou, mahjongsoul or a TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Game length for mjai logs, which do not record it: east (one round of
    /// dealers) or south (two). Default: the rules' length.
    #[arg(long, value_name = "east|south")]
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
    mismatches: Vec<MismatchOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Whether the text is mjai JSON lines (the first line is an object with a
/// `type`) rather than tenhou.net/6.
fn is_mjai(text: &str) -> bool {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    serde_json::from_str::<serde_json::Value>(first)
        .map(|v| v.get("type").is_some())
        .unwrap_or(false)
}

fn replay_one(path: &PathBuf, rules: &Rules) -> (&'static str, Result<Report>) {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return ("unknown", Err(e.into())),
    };
    if is_mjai(&text) {
        ("mjai", replay_mjai_str(&text, rules).map_err(Into::into))
    } else {
        ("tenhou6", replay_str(&text).map_err(Into::into))
    }
}

/// Replays every file and prints the summaries.
///
/// # Errors
/// Unknown rules; a file that cannot be read or parsed, or any mismatch (after
/// all files are printed), as one error counting them; an I/O error.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    let rules = super::load_rules(&args.rules, args.length.as_deref())?;
    let (mut bad_files, mut mismatches) = (0, 0);
    for path in &args.files {
        let (format, result) = replay_one(path, &rules);
        let name = path.display().to_string();
        let empty = Report::default();
        let (rep, error) = match &result {
            Ok(r) => (r, None),
            Err(e) => (&empty, Some(format!("{e:#}"))),
        };
        if error.is_some() || !rep.mismatches.is_empty() {
            bad_files += 1;
        }
        mismatches += rep.mismatches.len();
        if args.json {
            let o = FileOut {
                file: name,
                format,
                rounds: rep.rounds,
                wins: rep.wins,
                draws: rep.draws,
                events: rep.events,
                mismatches: rep
                    .mismatches
                    .iter()
                    .map(|m| MismatchOut {
                        round: &m.round,
                        turn: m.turn,
                        message: &m.message,
                    })
                    .collect(),
                error,
            };
            serde_json::to_writer(&mut out, &o)?;
            writeln!(out)?;
            continue;
        }
        if let Some(e) = error {
            writeln!(out, "{name}: error: {e}")?;
            continue;
        }
        let verdict = match rep.mismatches.len() {
            0 => "ok".to_string(),
            1 => "1 mismatch".to_string(),
            n => format!("{n} mismatches"),
        };
        writeln!(
            out,
            "{name}: {verdict} ({format}, {} rounds, {} wins, {} draws, {} events)",
            rep.rounds, rep.wins, rep.draws, rep.events
        )?;
        for m in &rep.mismatches {
            writeln!(out, "  {m}")?;
        }
    }
    out.flush()?;
    if bad_files > 0 {
        bail!(
            "{bad_files} of {} files do not replay ({mismatches} mismatches)",
            args.files.len()
        );
    }
    Ok(())
}

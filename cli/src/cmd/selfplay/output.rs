//! What `tenpai selfplay` prints: a header line and the statistics table
//! for people, or one JSON object carrying the statistics and the mergeable
//! tally for programs (and for `tenpai selfplay merge`).

use anyhow::Result;
use serde::Deserialize;
use std::io::Write;
use tenpai::arena::{Estimate, PlayerKind, PlayerStats, Summary, Tally};
use tenpai::rules::GameLength;

/// What `merge` reads back from a saved JSON output (the rest is derived).
#[derive(Deserialize)]
pub struct Saved {
    /// Seconds the run took.
    pub seconds: f64,
    /// Its tally, read by [`Tally::from_json`] so that its own errors (a
    /// player named by an alias, counts that do not hold together) are
    /// told as such.
    pub tally: serde_json::Value,
}

/// Where a tally came from, for the header line.
pub enum Origin {
    /// One run (or shard) that took `seconds`.
    Played {
        /// Wall-clock time of the run.
        seconds: f64,
        /// `Some((k, n))` for shard k of n.
        shard: Option<(u64, u64)>,
    },
    /// Merged from `files` saved outputs whose runs took `seconds` in all.
    Merged {
        /// Number of files.
        files: usize,
        /// Their seconds added up.
        seconds: f64,
    },
}

impl Origin {
    fn seconds(&self) -> f64 {
        match self {
            Origin::Played { seconds, .. } | Origin::Merged { seconds, .. } => *seconds,
        }
    }
}

/// The header line: games, length, seed, where they came from and the time.
fn header(tally: &Tally, origin: &Origin) -> String {
    let config = tally.config();
    let n = tally.games().len();
    let length = match config.rules.game.length {
        GameLength::East => "east-only",
        GameLength::South => "east-south",
    };
    let mut s = format!(
        "{n} {length} game{}{}, seed {}",
        if n == 1 { "" } else { "s" },
        if config.duplicate { " (duplicate)" } else { "" },
        config.seed
    );
    // Numbered from 1, as people count: "games 9 to 16, 21 of 24".
    let counted = || {
        let ranges = tally.games().ranges();
        let words: Vec<String> = ranges
            .iter()
            .map(|r| match r.end - r.start {
                1 => format!("{}", r.end),
                _ => format!("{} to {}", r.start + 1, r.end),
            })
            .collect();
        let one = matches!(ranges, [r] if r.end - r.start == 1);
        format!(
            "game{} {} of {}",
            if one { "" } else { "s" },
            words.join(", "),
            config.games
        )
    };
    match origin {
        Origin::Played { seconds, shard } => {
            if let Some((k, of)) = shard {
                s += &format!(", shard {k}/{of} ({})", counted());
            }
            s += &format!(
                ", {seconds:.1} s ({:.0} games/s)",
                n as f64 / seconds.max(1e-9)
            );
        }
        Origin::Merged { files, seconds } => {
            s += &format!(
                ", merged from {files} file{}",
                if *files == 1 { "" } else { "s" }
            );
            if !tally.is_complete() {
                s += &format!(" ({})", counted());
            }
            s += &format!(", {seconds:.1} s of play");
        }
    }
    s
}

/// A share (0–1) as a percentage with its interval.
fn pct(e: Estimate) -> String {
    format!("{:5.1} ± {:4.1}", 100.0 * e.mean, 100.0 * e.ci95)
}

/// The statistics table, one line per player.
pub fn table(stats: &[PlayerStats]) -> String {
    let mut s = String::from(
        "player  kind      avg rank      win %         deal-in %     riichi %      call %        avg points\n",
    );
    for p in stats {
        // A long `cmd:` command keeps the columns in line: its full text is
        // in the header line.
        let kind = p.kind.to_string();
        let kind = if kind.chars().count() > 8 {
            kind.chars().take(7).chain(['…']).collect()
        } else {
            kind
        };
        s.push_str(&format!(
            "{:<6}  {:<8}  {:.2} ± {:.2}   {}   {}   {}   {}   {:.0} ± {:.0}\n",
            p.player,
            kind,
            p.rank.mean,
            p.rank.ci95,
            pct(p.win_rate),
            pct(p.deal_in_rate),
            pct(p.riichi_rate),
            pct(p.call_rate),
            p.points.mean,
            p.points.ci95
        ));
    }
    s
}

/// Under the table, one line per external bot that faulted: its row counts
/// the baseline's play for those decisions, not the bot's.
fn fault_notes(tally: &Tally, faults: &[(u64, Vec<String>); 4]) -> String {
    let mut s = String::new();
    for (p, kind) in tally.config().players.iter().enumerate() {
        let n = faults[p].0;
        if n > 0 && matches!(kind, PlayerKind::Cmd { .. }) {
            s += &format!(
                "\nplayer {p} ({kind}): {n} fault{}: the baseline played {} (see standard error); the row above counts that play too\n",
                if n == 1 { "" } else { "s" },
                if n == 1 { "that decision" } else { "those decisions" },
            );
        }
    }
    s
}

/// Prints `tally` for people (header and table, and a note under it for
/// each external bot that faulted) or as JSON; `faults` (by player) go into
/// the JSON of the external bots.
///
/// # Errors
/// A failed write.
pub fn print<W: Write>(
    out: &mut W,
    tally: &Tally,
    origin: &Origin,
    json: bool,
    faults: Option<&[(u64, Vec<String>); 4]>,
) -> Result<()> {
    if json {
        let summary = Summary::new(tally, origin.seconds());
        let bots = (tally.config().players.iter()).any(|k| matches!(k, PlayerKind::Cmd { .. }));
        match faults.filter(|_| bots) {
            None => serde_json::to_writer(&mut *out, &summary)?,
            Some(f) => {
                // An external bot's faults in this run (not merged) go into
                // its player's entry.
                let mut v = serde_json::to_value(&summary)?;
                if let Some(players) = v.get_mut("players").and_then(|p| p.as_array_mut()) {
                    for (p, entry) in players.iter_mut().enumerate() {
                        if let PlayerKind::Cmd { .. } = &tally.config().players[p] {
                            entry["faults"] =
                                serde_json::json!({ "count": f[p].0, "first": f[p].1 });
                        }
                    }
                }
                serde_json::to_writer(&mut *out, &v)?;
            }
        }
        writeln!(out)?;
    } else {
        writeln!(out, "{}\n", header(tally, origin))?;
        out.write_all(table(&tally.stats()).as_bytes())?;
        if let Some(f) = faults {
            out.write_all(fault_notes(tally, f).as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}

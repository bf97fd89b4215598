//! `tenpai selfplay merge FILES…`: the saved `--json` outputs of shards (or
//! of any parts of one run) combined into the run's statistics.

use super::output::{print, Origin, Saved};
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use tenpai::arena::Tally;

/// Combine the `--json` outputs of shards into one run's statistics.
#[derive(Debug, clap::Args)]
#[command(long_about = "\
Combines the --json outputs of self-play shards (tenpai selfplay --shard K/N
... --json > shard-K.json) into the statistics of the whole run: the tallies'
integer sums are added, so N shards give exactly what one run over the same
games gives. The files must come from the same run (same rules, games, seed,
players and duplicate mode) and count no game twice; missing shards are
allowed and named in the header. A tally names each player explicitly
(mc-learned, baseline-v2); one saved by an older build that names a player
mc or baseline, names whose meaning changed, is refused: write the explicit
name in it if you know which build saved it.")]
pub struct Args {
    /// Saved `tenpai selfplay … --json` outputs.
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,

    /// Print one JSON object (mergeable again) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tenpai selfplay merge`.
///
/// # Errors
/// An unreadable file, one that is not a saved output, a tally that names
/// a player by an alias (`mc`, `baseline`: written by a build before
/// explicit names), files of different runs, or a game counted twice; each
/// names the file.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    let mut merged: Option<(Tally, f64)> = None;
    for path in &args.files {
        let name = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| crate::cmd::file_error("read the saved output", path, &e))?;
        let saved: Saved = serde_json::from_str(&text)
            .with_context(|| format!("{name}: not the --json output of tenpai selfplay"))?;
        let tally = Tally::from_json(&saved.tally.to_string()).with_context(|| name.to_string())?;
        match &mut merged {
            None => merged = Some((tally, saved.seconds)),
            Some((m, seconds)) => {
                m.merge(&tally).with_context(|| {
                    format!("{name}: cannot be merged with the files before it")
                })?;
                *seconds += saved.seconds;
            }
        }
    }
    let (tally, seconds) = merged.context("no files to merge")?;
    let origin = Origin::Merged {
        files: args.files.len(),
        seconds,
    };
    print(&mut out, &tally, &origin, args.json, None)
}

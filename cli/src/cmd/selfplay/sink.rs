//! Where the games of a run go as they finish: the mjai log of each game
//! (`--log-dir`), a row per Monte Carlo decision (`--decisions`), the
//! progress bar. Nothing is kept after a game is written; a failed write
//! stops the run with its error.

use crate::cmd::report::DecisionLog;
use anyhow::Result;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tenpai::ai::mc::SearchReport;
use tenpai::arena::{BoxError, Observer, Played};
use tenpai::bot::KEPT_FAULTS;
use tenpai::game::Observation;

/// The log directory of `--log-dir DIR`, made if missing (its last folder
/// only: [`crate::cmd::make_output_dir`]).
///
/// # Errors
/// The path exists and is not a directory, its parent does not exist, or
/// it cannot be made.
pub fn log_dir(dir: &Path) -> Result<PathBuf> {
    crate::cmd::make_output_dir("--log-dir", dir)?;
    Ok(dir.to_path_buf())
}

/// Writes game `played` to `dir/game-NNNNNN.mjson`, one mjai event a line.
///
/// # Errors
/// The file cannot be created or written, with its path named.
pub fn write_log(dir: &Path, played: &Played) -> Result<()> {
    let path = dir.join(format!("game-{:06}.mjson", played.game()));
    let write = || -> std::io::Result<()> {
        let mut w = BufWriter::new(std::fs::File::create(&path)?);
        for e in &played.record().events {
            writeln!(w, "{}", e.to_json())?;
        }
        w.flush()
    };
    write().map_err(|e| crate::cmd::file_error("write the --log-dir game", &path, &e))
}

/// The observer of `tenpai selfplay`.
pub struct Sink<'a> {
    /// `--log-dir`.
    pub log_dir: Option<&'a Path>,
    /// `--decisions`.
    pub decisions: Option<&'a DecisionLog>,
    /// The progress bar, one step a game.
    pub bar: &'a indicatif::ProgressBar,
    /// External bots' faults by player: the count and the first messages.
    pub faults: Mutex<[(u64, Vec<String>); 4]>,
    /// One line per game and faulty bot, for standard error after the run
    /// (the progress bar and the caller hold standard error meanwhile).
    pub reports: Mutex<Vec<String>>,
}

impl Observer for Sink<'_> {
    fn game(&self, played: &Played) -> Result<(), BoxError> {
        if let Some(dir) = self.log_dir {
            write_log(dir, played)?;
        }
        for (seat, f) in played.faults().iter().enumerate() {
            if f.count == 0 {
                continue;
            }
            let player = played.players()[seat];
            let line = format!(
                "game {}: player {player} (seat {seat}): {} fault{} (the baseline played): {}",
                played.game(),
                f.count,
                if f.count == 1 { "" } else { "s" },
                f.first.join("; ")
            );
            if let Ok(mut r) = self.reports.lock() {
                r.push(line);
            }
            if let Ok(mut all) = self.faults.lock() {
                let (count, first) = &mut all[player];
                *count += u64::from(f.count);
                for m in &f.first {
                    if first.len() < KEPT_FAULTS {
                        first.push(format!("game {}: {m}", played.game()));
                    }
                }
            }
        }
        self.bar.inc(1);
        Ok(())
    }

    fn decision(
        &self,
        game: u64,
        obs: &Observation,
        report: &SearchReport,
    ) -> Result<(), BoxError> {
        if let Some(log) = self.decisions {
            log.write(game, obs, report)?;
        }
        Ok(())
    }
}

//! A game's mjai log written as the game is played (with `--log-dir`):
//! each event appended as it is published, before any client sees it, the
//! file synced to the disk at each round's end and the game's end. A
//! server that stops abruptly leaves the game's log up to its last event
//! written, every finished round of it on the disk. A server started again
//! reopens the log of a lobby table's game ([`Journal::reopen`]) and goes
//! on writing it where it stops.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use tenpai::game::Event;

/// The log file of the game being played.
pub(super) struct Journal {
    file: File,
    /// Where it is.
    pub(super) path: PathBuf,
}

impl Journal {
    /// Creates `tenpai-tableT-gameG.jsonl` in `dir` for game `game` of
    /// table `table` (`…-2.jsonl`… when taken, as after a restart). The
    /// name never holds the wall seed: it is sent to every client, and the
    /// seed would give away the wall.
    ///
    /// # Errors
    /// The directory or the file cannot be made, named in the message.
    pub(super) fn create(dir: &Path, table: u64, game: u64) -> Result<Journal, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("--log-dir {}: {e}", dir.display()))?;
        for k in 1.. {
            let name = if k == 1 {
                format!("tenpai-table{table}-game{game}.jsonl")
            } else {
                format!("tenpai-table{table}-game{game}-{k}.jsonl")
            };
            let path = dir.join(name);
            match std::fs::OpenOptions::new()
                .append(true)
                .create_new(true)
                .open(&path)
            {
                Ok(file) => return Ok(Journal { file, path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("{}: {e}", path.display())),
            }
        }
        unreachable!("some name is free")
    }

    /// Reopens the log at `path` to go on writing it, with its whole
    /// lines (the events written): a last line cut short (the server
    /// killed in the middle of a write) is cut off the file.
    ///
    /// # Errors
    /// The file cannot be read or written, named in the message.
    pub(super) fn reopen(path: &Path) -> Result<(Journal, String), String> {
        let fail = |err: std::io::Error| format!("{}: {err}", path.display());
        let mut bytes = std::fs::read(path).map_err(fail)?;
        let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        bytes.truncate(whole);
        let text =
            String::from_utf8(bytes).map_err(|e| format!("{}: not UTF-8: {e}", path.display()))?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(fail)?;
        file.set_len(whole as u64).map_err(fail)?;
        file.sync_data().map_err(fail)?;
        let path = path.to_path_buf();
        Ok((Journal { file, path }, text))
    }

    /// Appends `e` (its `start_game` naming the players `names`), synced
    /// to the disk after a round's or the game's end.
    ///
    /// # Errors
    /// The write failed, the file named in the message.
    pub(super) fn append(&mut self, e: &Event, names: &[String; 4]) -> Result<(), String> {
        let line = match e {
            Event::StartGame { .. } => {
                let mut named = e.clone();
                if let Event::StartGame { names: n, .. } = &mut named {
                    *n = names.to_vec();
                }
                named.to_json()
            }
            _ => e.to_json(),
        };
        let fail = |err: std::io::Error| format!("{}: {err}", self.path.display());
        self.file
            .write_all(format!("{line}\n").as_bytes())
            .map_err(fail)?;
        if matches!(e, Event::EndKyoku | Event::EndGame { .. }) {
            self.file.sync_data().map_err(fail)?;
        }
        Ok(())
    }

    /// Syncs what was written to the disk (the server shutting down in
    /// the middle of a round).
    ///
    /// # Errors
    /// The sync failed, the file named in the message.
    pub(super) fn sync(&mut self) -> Result<(), String> {
        self.file
            .sync_data()
            .map_err(|err| format!("{}: {err}", self.path.display()))
    }
}

//! A lobby table kept on the disk (with `--log-dir`), so that a server
//! started again on the same directory resumes it: `table-ID.json` holds
//! the lobby's request (its seed and its turn time limit filled in), the grace period, the SHA-256
//! hash of each seat's key and of the spectators' key (never a key), and
//! the log file of the game being played, which the table names once it
//! writes the game's first event. The file is replaced atomically
//! (written to `table-ID.json.tmp`, synced, renamed over the old one, the
//! directory synced): a server killed at any moment leaves the old file or
//! the new one, never a part of either.

use super::key::KeyHash;
use super::NewTable;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The format's version, written in every file.
pub const SAVED_VERSION: u32 = 1;

/// A lobby table as its file keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// [`SAVED_VERSION`].
    pub version: u32,
    /// The table's id (in its links).
    pub id: u64,
    /// The lobby's request, `seed` filled in.
    pub request: NewTable,
    /// The grace period before an AI plays a left person's seat, in ms.
    pub grace_ms: u64,
    /// The hash of each person's seat's key (`null` at an AI's seat).
    pub keys: [Option<KeyHash>; 4],
    /// The hash of the spectators' key.
    pub watch: KeyHash,
    /// The game being played (or the last played), once it has begun.
    pub game: Option<SavedGame>,
}

/// The game a table plays, as its file names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Its log's file name in the log directory.
    pub log: String,
    /// Its wall seed.
    pub seed: u64,
    /// Games dealt at the table, this one included (1 for the first).
    pub number: u64,
}

impl Saved {
    /// The file of table `id` in `dir`.
    pub fn path(dir: &Path, id: u64) -> PathBuf {
        dir.join(format!("table-{id}.json"))
    }

    /// Writes the file atomically (see the module).
    ///
    /// # Errors
    /// A write, sync or rename that failed, the file named in the message.
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        let path = Saved::path(dir, self.id);
        let tmp = path.with_extension("json.tmp");
        let fail = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())? + "\n";
        let mut f = std::fs::File::create(&tmp).map_err(|e| fail(&tmp, e))?;
        f.write_all(text.as_bytes()).map_err(|e| fail(&tmp, e))?;
        f.sync_all().map_err(|e| fail(&tmp, e))?;
        std::fs::rename(&tmp, &path).map_err(|e| fail(&path, e))?;
        // The rename itself on the disk.
        std::fs::File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| fail(dir, e))
    }

    /// Every table file in `dir` (`table-ID.json`), by id: each read, or
    /// why not (the file named). A directory that does not exist holds
    /// none.
    pub fn load_all(dir: &Path) -> Vec<(u64, Result<Saved, String>)> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut out: Vec<(u64, Result<Saved, String>)> = entries
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let id = name.strip_prefix("table-")?.strip_suffix(".json")?;
                let id: u64 = id.parse().ok()?;
                let path = e.path();
                let read = std::fs::read_to_string(&path)
                    .map_err(|err| err.to_string())
                    .and_then(|text| {
                        serde_json::from_str::<Saved>(&text).map_err(|err| err.to_string())
                    })
                    .and_then(|s| match (s.version, s.id) {
                        (SAVED_VERSION, i) if i == id => Ok(s),
                        (SAVED_VERSION, i) => Err(format!("it says it is table {i}")),
                        (v, _) => Err(format!("version {v}, expected {SAVED_VERSION}")),
                    })
                    .map_err(|why| format!("{}: {why}", path.display()));
                Some((id, read))
            })
            .collect();
        out.sort_by_key(|(id, _)| *id);
        out
    }
}

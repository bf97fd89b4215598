//! A lobby table kept on the disk ([`crate::rooms::saved`]): its file
//! written when it opens and whenever a game's log begins; started again
//! from it, the table resumes its game at the last event its log holds.
//! The game is rebuilt by the library ([`tenpai::replay::resume`]: the
//! game of the same seed stepped through the actions the log records);
//! events its last action made that were not written yet are written and
//! sent now. The people are away until they come back with their links
//! (the grace period runs, as when they leave); the AI players hear the
//! game from its start when they are next asked.

use super::journal::Journal;
use super::spec::seats_for;
use super::{StartError, Table};
use crate::rooms::saved::SavedGame;

impl Table {
    /// Writes the table's file (a lobby table with `--log-dir`); a failure
    /// is printed and the game goes on.
    pub(super) fn save(&mut self, game: Option<SavedGame>) {
        let (Some(saved), Some(dir)) = (self.spec.saved.as_mut(), self.spec.log_dir.as_ref())
        else {
            return;
        };
        if game.is_some() {
            saved.game = game;
        }
        if let Err(why) = saved.save(dir) {
            eprintln!("tenpai serve: {why}");
        }
    }

    /// The game's log `journal` has begun: the table's file names it.
    pub(super) fn saved_journal(&mut self, journal: &Journal) {
        let log = journal
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let game = SavedGame {
            log,
            seed: self.seed,
            number: self.games,
        };
        self.save(Some(game));
    }

    /// Resumes `game` from its log (the table as [`Table::new`] built it,
    /// nothing published yet).
    ///
    /// # Errors
    /// [`StartError::Resume`]: the log cannot be read, or is not the game
    /// of its seed; an external bot that cannot be started.
    pub(super) fn resume(&mut self, game: &SavedGame) -> Result<(), StartError> {
        let Some(dir) = self.spec.log_dir.clone() else {
            return Err(StartError::Resume("no --log-dir to resume from".into()));
        };
        let path = dir.join(&game.log);
        let (journal, text) = Journal::reopen(&path).map_err(StartError::Resume)?;
        let fail = |why: String| StartError::Resume(format!("{}: {why}", path.display()));
        self.seed = game.seed;
        self.games = game.number;
        self.journal = Some(journal);
        let written = text.lines().count();
        if written > 0 {
            let log = tenpai::log::parse(&text).map_err(|e| fail(e.to_string()))?;
            let rules = &self.spec.rules;
            self.game =
                tenpai::replay::resume(&log, rules, game.seed).map_err(|e| fail(e.to_string()))?;
            if log.events().count() != written {
                return Err(fail(format!(
                    "{written} lines, {} events",
                    log.events().count()
                )));
            }
            for e in &self.game.events()[..written] {
                self.shown.apply(e)?;
            }
            self.published = written;
            self.started = true;
            for s in self.spec.persons() {
                self.joined[s.index()] = true;
            }
        } else {
            self.game = tenpai::game::Game::new(&self.spec.rules, game.seed, false)?;
        }
        // The AI players of a game that goes on (a finished one is only
        // listed and shown: none made, no bot's process started).
        if self.game.to_act().is_some() {
            self.seats = seats_for(&self.spec, game.seed)?;
        }
        if self.started {
            self.advance();
            self.after_leave();
        }
        self.update_public();
        Ok(())
    }
}

//! The logs the viewer can open: uploaded ones and the games finished at the
//! server's tables, each read once into the library's [`ImportedGame`] and
//! kept (the latest [`KEPT`]) under a number.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tenpai::log::{ImportedGame, LogError};
use tenpai::rules::Rules;

/// Logs kept at once; the oldest is forgotten first.
pub const KEPT: usize = 64;

/// A log read for the viewer.
#[derive(Debug)]
pub struct StoredLog {
    /// Its number.
    pub id: u64,
    /// Its name (the uploaded file's, or `game SEED`).
    pub name: String,
    /// The game.
    pub game: ImportedGame,
    /// The rules it is replayed under: what the log records, else the
    /// server's ([`ImportedGame::rules_for`]).
    pub rules: Rules,
    /// What the viewer says about those rules (a log that records no
    /// length but ends as an east-only game…).
    pub warnings: Vec<String>,
    /// Its review, once made or uploaded.
    pub review: Mutex<Option<Arc<crate::review::ReviewDoc>>>,
    /// Where it came from: who may see its hands
    /// ([`crate::rooms::access`]).
    pub origin: Origin,
}

/// Where a kept log came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Uploaded to the viewer, or opened with `tenpai serve LOG`: its
    /// uploader's own, shown to whoever asks for it.
    Shared,
    /// A game finished at a table of this server.
    Table {
        /// The table's id ([`crate::table::TableHandle::id`]).
        table: u64,
        /// People played more than one of its seats.
        people: usize,
        /// The table's creator let its spectators see every hand of its
        /// finished games.
        spectators_see_hands: bool,
    },
}

/// The kept logs, shared by the connections and the tables.
#[derive(Clone, Debug, Default)]
pub struct Logs(Arc<Mutex<Store>>);

#[derive(Debug, Default)]
struct Store {
    next: u64,
    logs: VecDeque<Arc<StoredLog>>,
}

impl Logs {
    /// Reads `text` (tenhou.net/6, mjai or mjlog) and keeps it; its number.
    /// The rules are the log's room's when it records them, else `rules`.
    ///
    /// # Errors
    /// The format's own error, as `tenpai replay` prints it.
    ///
    /// ```
    /// let logs = tenpai_web::logs::Logs::default();
    /// let e = logs.add_text("# notes", &tenpai::rules::Rules::tenhou(), "x".into()).unwrap_err();
    /// assert!(e.to_string().starts_with("not a tenhou.net/6, mjai or mjlog log"));
    /// ```
    pub fn add_text(&self, text: &str, rules: &Rules, name: String) -> Result<u64, LogError> {
        self.add_from(text, rules, name, Origin::Shared)
    }

    /// Reads `text` as [`Logs::add_text`] does and keeps it as coming from
    /// `origin`; its number.
    ///
    /// # Errors
    /// The format's own error, as `tenpai replay` prints it.
    ///
    /// ```
    /// use tenpai::game::{play_game, Player, RandomPlayer};
    /// use tenpai_web::logs::{Logs, Origin};
    /// let rules = tenpai::rules::Rules::tenhou();
    /// let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
    /// let [a, b, c, d] = &mut p;
    /// let mut players: [&mut dyn Player; 4] = [a, b, c, d];
    /// let text = play_game(&rules, 42, &mut players, false)?.to_mjai();
    /// let logs = Logs::default();
    /// let origin = Origin::Table { table: 3, people: 2, spectators_see_hands: false };
    /// let id = logs.add_from(&text, &rules, "table 3, game 1".into(), origin).unwrap();
    /// let kept = logs.get(id).unwrap();
    /// assert_eq!((kept.name.as_str(), kept.origin), ("table 3, game 1", origin));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn add_from(
        &self,
        text: &str,
        rules: &Rules,
        name: String,
        origin: Origin,
    ) -> Result<u64, LogError> {
        self.add_game(tenpai::log::parse(text)?, rules, name, origin)
    }

    /// Keeps `game` (read from a log, or a finished game's events:
    /// [`tenpai::log::mjai::from_events`]) as coming from `origin`, under
    /// the rules it records, else `rules`; its number.
    ///
    /// # Errors
    /// The rules the log records cannot be read ([`ImportedGame::rules_for`]).
    ///
    /// ```
    /// use tenpai::game::Game;
    /// use tenpai_web::logs::{Logs, Origin};
    /// let rules = tenpai::rules::Rules::tenhou();
    /// let mut game = Game::new(&rules, 42, false)?;
    /// while let Some(a) = game.legal().first().cloned() {
    ///     game.step(&a)?;
    /// }
    /// let read = tenpai::log::mjai::from_events(game.events().iter().cloned()).unwrap();
    /// let logs = Logs::default();
    /// let id = logs.add_game(read, &rules, "table 3, game 1".into(), Origin::Shared).unwrap();
    /// assert_eq!(logs.get(id).unwrap().name, "table 3, game 1");
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn add_game(
        &self,
        game: ImportedGame,
        rules: &Rules,
        name: String,
        origin: Origin,
    ) -> Result<u64, LogError> {
        // The server's rules are the default of a log that records none.
        let asked = tenpai::log::RulesAsked {
            default: rules.clone(),
            ..tenpai::log::RulesAsked::default()
        };
        let read = game.rules_for(&asked)?;
        let rules = read.rules;
        let Ok(mut s) = self.0.lock() else {
            return Ok(0);
        };
        s.next += 1;
        let id = s.next;
        s.logs.push_back(Arc::new(StoredLog {
            id,
            name,
            game,
            rules,
            warnings: read.warnings,
            review: Mutex::new(None),
            origin,
        }));
        while s.logs.len() > KEPT {
            s.logs.pop_front();
        }
        Ok(id)
    }

    /// Log number `id`, if kept.
    pub fn get(&self, id: u64) -> Option<Arc<StoredLog>> {
        let s = self.0.lock().ok()?;
        s.logs.iter().find(|l| l.id == id).cloned()
    }
}

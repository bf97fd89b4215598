//! Game logs read into one shape: [`ImportedGame`], the game as mjai [`Event`]s
//! round by round, with the results each log records beside them.
//!
//! Three formats, told apart by their content (never by the file name):
//! - tenhou.net/6 JSON ([`tenhou6`]): `{"name", "rule", "log": [...]}`, one
//!   document for a game or one per line;
//! - mjai JSON lines ([`mjai`]): one event object per line, as Mortal, mjai.app
//!   and `tenpai play --log` write them;
//! - Tenhou's XML log, mjlog ([`mjlog`]): `<mjloggm ver="2.3">…`.
//!
//! An importer only translates: whether each action is legal and what it pays
//! is the engine's business ([`crate::replay`] applies the events and
//! compares the round ends with [`ImportedRound::results`]). A log that breaks
//! its format is refused with a [`LogError`] naming the round and the entry, or
//! the line, or the element.
//!
//! ```
//! use tenpai::log::{parse, LogFormat};
//! let text = r#"{"type":"start_game","names":["A","B","C","D"]}"#;
//! let game = parse(text)?;
//! assert_eq!(game.format, LogFormat::Mjai);
//! assert_eq!(game.names, ["A", "B", "C", "D"]);
//! assert!(game.rounds.is_empty());
//! # Ok::<(), tenpai::log::LogError>(())
//! ```

mod error;
pub mod mjai;
pub mod mjlog;
mod room;
mod rules_for;
pub mod tenhou6;

pub use error::LogError;
pub use room::{Room, TENHOU_YAKU};
pub use rules_for::{LogRules, RulesAsked};

use crate::game::{Event, LoggedRules};
use crate::rules::Rules;
use std::fmt;
use std::path::Path;

/// The format a log was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LogFormat {
    /// tenhou.net/6 JSON.
    Tenhou6,
    /// mjai JSON lines.
    Mjai,
    /// Tenhou's XML log.
    Mjlog,
}

impl LogFormat {
    /// The format's short name: `tenhou6`, `mjai` or `mjlog`.
    ///
    /// ```
    /// assert_eq!(tenpai::log::LogFormat::Mjlog.name(), "mjlog");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            LogFormat::Tenhou6 => "tenhou6",
            LogFormat::Mjai => "mjai",
            LogFormat::Mjlog => "mjlog",
        }
    }
}

impl fmt::Display for LogFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game read from a log.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedGame {
    /// The format it was read from.
    pub format: LogFormat,
    /// Player names by seat (empty when the log has none).
    pub names: Vec<String>,
    /// The rules of the log's room, when the log records them (Tenhou's
    /// formats); `None` for mjai, which does not say: see
    /// [`ImportedGame::rules_for`].
    pub rules: Option<Rules>,
    /// What the log records of its rules: an mjai log's `start_game` fields
    /// (empty when it says nothing), the room's rules for Tenhou's formats.
    /// [`ImportedGame::rules_for`] reads the game under them.
    pub logged: LoggedRules,
    /// The rounds in order.
    pub rounds: Vec<ImportedRound>,
    /// The game's end, when the log holds the whole game.
    pub end: Option<GameEnd>,
}

/// One round: its events and the results the log records.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedRound {
    /// `start_kyoku` … `end_kyoku` (a log cut short may stop anywhere after
    /// `start_kyoku`). `hora` and `ryukyoku` carry no deltas or scores: the
    /// log's own are in [`ImportedRound::results`].
    pub events: Vec<Event>,
    /// One entry per `hora` or `ryukyoku` event, in the same order.
    pub results: Vec<LoggedResult>,
}

/// The end of a game as the log records it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameEnd {
    /// Final scores in points (leftover riichi sticks settled), when recorded.
    pub scores: Option<[i32; 4]>,
}

/// How a round ended, as the log says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoggedResult {
    /// One win (a double ron has two, in order).
    Win(LoggedWin),
    /// A drawn round.
    Draw(LoggedDraw),
}

/// A win as the log records it; `None` fields are ones the format does not
/// record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LoggedWin {
    /// The winner's seat.
    pub seat: u8,
    /// Who dealt in (the winner for tsumo).
    pub from: u8,
    /// Score changes by seat in points (honba and riichi sticks included).
    pub deltas: Option<[i32; 4]>,
    /// Scores by seat after the win (mjai's `hora` `scores`: after the
    /// wins before it too, in a multiple ron).
    pub scores: Option<[i32; 4]>,
    /// The liable seat (pao); `Some(None)` when the log says no one.
    pub pao: Option<Option<u8>>,
    /// Han, dora included; 13 per yakuman.
    pub han: Option<u32>,
    /// Fu as written (Tenhou's JSON writes it only below mangan).
    pub fu: Option<u32>,
    /// The hand's value in points: what all payers give together before honba
    /// and riichi sticks (a non-dealer's 1,000-2,000 tsumo is 4,000).
    pub points: Option<u32>,
    /// The yaku with their han as Tenhou names them (`立直`, `ドラ`…; 13 for a
    /// yakuman), in the log's order.
    pub yaku: Vec<(String, u32)>,
}

/// A drawn round as the log records it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LoggedDraw {
    /// Score changes by seat in points, when recorded.
    pub deltas: Option<[i32; 4]>,
    /// Scores by seat after the draw's payments, when recorded.
    pub scores: Option<[i32; 4]>,
}

impl ImportedGame {
    /// The log's `start_game`: its names and the rules it records
    /// ([`ImportedGame::logged`]), no seed.
    ///
    /// # Panics
    /// Never.
    pub fn start_event(&self) -> Event {
        Event::start_game(self.names.clone(), None, self.logged.clone())
    }

    /// Every event of the game in order: `start_game`, each round's events,
    /// and `end_game` when the log holds the game's end. `hora` and `ryukyoku`
    /// carry no deltas or scores (the actions only: a position can be rebuilt even where
    /// the log's payments are wrong).
    ///
    /// ```
    /// let game = tenpai::log::parse(r#"{"type":"start_game","names":[]}"#)?;
    /// assert_eq!(game.events().count(), 1);
    /// # Ok::<(), tenpai::log::LogError>(())
    /// ```
    pub fn events(&self) -> impl Iterator<Item = Event> + '_ {
        let start = self.start_event();
        let end = self
            .end
            .as_ref()
            .map(|e| Event::EndGame { scores: e.scores });
        std::iter::once(start)
            .chain(self.rounds.iter().flat_map(|r| r.events.iter().cloned()))
            .chain(end)
    }

    /// How many events [`ImportedGame::events`] gives: `start_game`, every
    /// round's events and `end_game` when the log holds it; what `tenpai
    /// replay` counts and `tenpai suggest --event N` numbers (0 is the
    /// `start_game`; in an mjai log with one event a line, event N is line
    /// N + 1).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let game = tenpai::log::parse(r#"{"type":"start_game","names":[]}"#)?;
    /// assert_eq!(game.event_count(), game.events().count());
    /// assert_eq!(game.event_count(), 1);
    /// # Ok::<(), tenpai::log::LogError>(())
    /// ```
    pub fn event_count(&self) -> usize {
        let rounds: usize = self.rounds.iter().map(|r| r.events.len()).sum();
        1 + rounds + usize::from(self.end.is_some())
    }

    /// The game as mjai JSON lines, with the log's deltas and scores on every `hora` and
    /// `ryukyoku` (so that replaying the lines checks them).
    ///
    /// ```
    /// let game = tenpai::log::parse(r#"{"type":"start_game","names":[]}"#)?;
    /// assert_eq!(game.to_mjai(), "{\"type\":\"start_game\",\"names\":[]}\n");
    /// # Ok::<(), tenpai::log::LogError>(())
    /// ```
    pub fn to_mjai(&self) -> String {
        let mut out = String::new();
        let mut line = |e: &Event| {
            out.push_str(&e.to_json());
            out.push('\n');
        };
        line(&self.start_event());
        for r in &self.rounds {
            let mut results = r.results.iter();
            for e in &r.events {
                let mut e = e.clone();
                if let Event::Hora { deltas, scores, .. } | Event::Ryukyoku { deltas, scores, .. } =
                    &mut e
                {
                    (*deltas, *scores) = match results.next() {
                        Some(LoggedResult::Win(w)) => (w.deltas, w.scores),
                        Some(LoggedResult::Draw(d)) => (d.deltas, d.scores),
                        None => (None, None),
                    };
                }
                line(&e);
            }
        }
        if let Some(end) = &self.end {
            line(&Event::EndGame { scores: end.scores });
        }
        out
    }
}

impl ImportedRound {
    /// The round has its result (one or more wins, or a draw); a log's last
    /// round may not (a game still running, a file cut short): its events
    /// are then the actions recorded so far, with no `end_kyoku`.
    ///
    /// ```
    /// let text = r#"{"type":"start_game","names":[]}
    /// {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[[],[],[],[]]}"#;
    /// let game = tenpai::log::parse(text)?;
    /// assert!(!game.rounds[0].is_finished());
    /// # Ok::<(), tenpai::log::LogError>(())
    /// ```
    pub fn is_finished(&self) -> bool {
        !self.results.is_empty()
    }

    /// The round's name, e.g. `E1-0` (round wind, dealer number, honba); `-`
    /// when it has no `start_kyoku`.
    ///
    /// # Panics
    /// Never.
    pub fn name(&self) -> String {
        match self.events.first() {
            Some(e) => round_name(e).unwrap_or_else(|| "-".into()),
            None => "-".into(),
        }
    }
}

/// The name of the round a `start_kyoku` event starts, e.g. `S2-1`.
///
/// ```
/// use tenpai::{log::round_name, game::{Event}};
/// let e: Event = serde_json::from_str(r#"{"type":"start_kyoku","bakaze":"S","kyoku":2,"honba":1,"kyotaku":0,"oya":1,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[[],[],[],[]]}"#)?;
/// assert_eq!(round_name(&e).as_deref(), Some("S2-1"));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn round_name(start: &Event) -> Option<String> {
    match start {
        Event::StartKyoku {
            round_wind,
            kyoku,
            honba,
            ..
        } => Some(format!("{round_wind}{kyoku}-{honba}")),
        _ => None,
    }
}

/// Largest log file [`load`] reads, in bytes: 64 MiB, where a whole game's
/// log is under 1 MiB in any of the formats. A larger file is refused after
/// reading at most this much of it.
pub const MAX_LOG_BYTES: u64 = 64 << 20;

/// Reads a log file of any of the three formats; see [`parse`].
///
/// # Errors
/// [`LogError::Read`] when the file cannot be read, is not UTF-8 (a file
/// cut inside its last character is read up to that character) or is over
/// [`MAX_LOG_BYTES`]; the errors of [`parse`].
///
/// ```no_run
/// let game = tenpai::log::load("game.mjlog")?;
/// println!("{} rounds", game.rounds.len());
/// # Ok::<(), tenpai::log::LogError>(())
/// ```
pub fn load(path: impl AsRef<Path>) -> Result<ImportedGame, LogError> {
    use std::io::Read;
    let p = path.as_ref();
    let refuse = |message: String| LogError::Read {
        path: p.display().to_string(),
        message,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(p)
        .and_then(|f| f.take(MAX_LOG_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| refuse(crate::io_problem(&e)))?;
    if bytes.len() as u64 > MAX_LOG_BYTES {
        return Err(refuse(format!(
            "over {} MiB, too large for a game's log",
            MAX_LOG_BYTES >> 20
        )));
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        // A file cut inside a character's bytes: read what precedes it.
        Err(e) if e.utf8_error().error_len().is_none() => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            bytes.truncate(valid);
            String::from_utf8(bytes).expect("valid up to here")
        }
        Err(e) => {
            return Err(refuse(format!(
                "not UTF-8 text (byte {} is not part of a character)",
                e.utf8_error().valid_up_to()
            )))
        }
    };
    parse(&text)
}

/// Reads a log from its text, telling the format from the content: XML with
/// an `<mjloggm>` root is mjlog, JSON whose first object has a `"type"` is
/// mjai, JSON with a `"log"` is tenhou.net/6.
///
/// # Errors
/// [`LogError::UnknownFormat`] for anything else; the importer's error when the
/// text breaks its format.
///
/// ```
/// use tenpai::log::{parse, LogError};
/// let e = parse("# A README\n").unwrap_err();
/// assert!(matches!(e, LogError::UnknownFormat { .. }));
/// assert_eq!(e.to_string(), "not a tenhou.net/6, mjai or mjlog log: it starts with \"# A README\"");
/// ```
pub fn parse(text: &str) -> Result<ImportedGame, LogError> {
    match detect(text)? {
        LogFormat::Tenhou6 => tenhou6::parse(text),
        LogFormat::Mjai => mjai::parse(text),
        LogFormat::Mjlog => mjlog::parse(text),
    }
}

/// The format of a log's text (see [`parse`]).
///
/// # Errors
/// [`LogError::UnknownFormat`] saying what the text starts with.
///
/// ```
/// use tenpai::log::{detect, LogFormat};
/// assert_eq!(detect("<mjloggm ver=\"2.3\"></mjloggm>")?, LogFormat::Mjlog);
/// assert_eq!(detect("{\"type\":\"end_kyoku\"}\n")?, LogFormat::Mjai);
/// assert_eq!(detect("{\"name\":[],\"log\":[]}")?, LogFormat::Tenhou6);
/// # Ok::<(), tenpai::log::LogError>(())
/// ```
pub fn detect(text: &str) -> Result<LogFormat, LogError> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    let first_line = body.lines().next().unwrap_or("");
    if body.starts_with('<') && body.contains("<mjloggm") {
        return Ok(LogFormat::Mjlog);
    }
    if body.starts_with('{') {
        // The first line decides; a broken line still shows its keys.
        match serde_json::from_str::<serde_json::Value>(first_line) {
            Ok(v) if v.get("type").is_some() => return Ok(LogFormat::Mjai),
            Ok(v) if v.get("log").is_some() => return Ok(LogFormat::Tenhou6),
            Ok(_) => {}
            Err(_) if first_line.contains("\"log\"") => return Ok(LogFormat::Tenhou6),
            Err(_) if first_line.contains("\"type\"") => return Ok(LogFormat::Mjai),
            Err(_) => {
                // A document written over several lines.
                let mut docs =
                    serde_json::Deserializer::from_str(body).into_iter::<serde_json::Value>();
                if let Some(Ok(v)) = docs.next() {
                    if v.get("log").is_some() {
                        return Ok(LogFormat::Tenhou6);
                    }
                }
            }
        }
    }
    let start: String = first_line.chars().take(40).collect();
    Err(LogError::UnknownFormat {
        reason: if body.is_empty() {
            "it is empty".into()
        } else {
            format!("it starts with {start:?}")
        },
    })
}

/// Sorts tiles by kind, a red five after the plain fives of its suit (the order
/// every importer writes hands and melds in, so that the formats agree).
pub(crate) fn sort_pais(v: &mut [crate::game::Pai]) {
    v.sort_by_key(|p| (p.tile().map(|t| t.index()), p.is_red()));
}

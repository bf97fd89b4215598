//! mjai JSON-lines logs: one event per line (blank lines skipped), as Mortal,
//! mjai.app and `tenpai play --log` write them, split into rounds. The score
//! changes and scores after a `hora` or `ryukyoku` carries become the round's
//! logged results; those of `reach_accepted` stay on the event (the engine
//! checks them).
//!
//! ```
//! use tenpai::log::{mjai, LoggedResult};
//! let text = r#"{"type":"start_game","names":["A","B","C","D"]}
//! {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[[],[],[],[]]}
//! {"type":"ryukyoku","reason":"nine_terminals","deltas":[0,0,0,0]}
//! {"type":"end_kyoku"}"#;
//! let game = mjai::parse(text)?;
//! assert_eq!(game.rounds[0].events.len(), 3);
//! assert!(matches!(&game.rounds[0].results[0], LoggedResult::Draw(d) if d.deltas == Some([0; 4])));
//! # Ok::<(), tenpai::log::LogError>(())
//! ```

use super::{
    GameEnd, ImportedGame, ImportedRound, LogError, LogFormat, LoggedDraw, LoggedResult, LoggedWin,
};
use crate::game::{Event, LoggedRules};

/// Whether `line` (a line of `text`) is its last and has no newline after
/// it: where a file cut short ends.
fn cut_line(text: &str, line: &str) -> bool {
    let end = |s: &str| s.as_ptr() as usize + s.len();
    end(line) == end(text)
}

/// The message of `err`, read from one line, without serde_json's ` at line
/// 1 column N` for a bad value (the event reader names its field instead:
/// `kyotaku: …`); with the column for bad JSON.
fn without_position(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let at = format!(" at line {} column {}", err.line(), err.column());
    match text.strip_suffix(&at) {
        Some(problem) if err.is_data() => problem.to_string(),
        _ => text,
    }
}

/// Reads mjai JSON lines. A log cut short in its last line (JSON that ends
/// too soon, no newline after it) is read up to the line before: the game is
/// unfinished, as [`crate::replay::Extent`] says.
///
/// # Errors
/// [`LogError::Mjai`] naming the line: not an mjai event (its bad field
/// named: `kyotaku: …`), an event outside a
/// round (before the first `start_kyoku`), a second `start_game`, anything
/// after `end_game`, a `start_kyoku` after a round with no `hora` or
/// `ryukyoku` (only the last round of a log cut short may have none).
pub fn parse(text: &str) -> Result<ImportedGame, LogError> {
    let mut game = Split::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |problem: String| LogError::Mjai {
            line: i + 1,
            problem,
        };
        let e: Event = match serde_json::from_str(line) {
            Ok(e) => e,
            // What is wrong: the JSON (said with its position; a log cut
            // short in its last line, no newline after it, is read up to
            // the line before: the game is unfinished), else the event
            // (its bad field named).
            Err(err) => match serde_json::from_str::<serde::de::IgnoredAny>(line) {
                Err(json) if json.is_eof() && cut_line(text, line) => break,
                Err(json) => return Err(bad(json.to_string())),
                Ok(_) => return Err(bad(without_position(&err))),
            },
        };
        game.push(e).map_err(bad)?;
    }
    Ok(game.game)
}

/// The game of `events` (a game's events as [`crate::game::Game`] records
/// them, or a log's), split into rounds as [`parse`] splits the lines of
/// their mjai log, without writing and reading the text (the server keeps
/// each finished game this way).
///
/// # Errors
/// [`LogError::Mjai`] naming the event (its `line`: the event's number from
/// 1), as [`parse`].
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::Game;
/// use tenpai::log::mjai;
/// let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
/// while let Some(a) = game.legal().first().cloned() {
///     game.step(&a)?;
/// }
/// let text: String = game.events().iter().map(|e| e.to_json() + "\n").collect();
/// let read = mjai::from_events(game.events().iter().cloned()).unwrap();
/// assert_eq!(read, mjai::parse(&text).unwrap());
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn from_events(events: impl IntoIterator<Item = Event>) -> Result<ImportedGame, LogError> {
    let mut game = Split::default();
    for (i, e) in events.into_iter().enumerate() {
        game.push(e).map_err(|problem| LogError::Mjai {
            line: i + 1,
            problem,
        })?;
    }
    Ok(game.game)
}

/// A game read event by event, split into rounds.
struct Split {
    game: ImportedGame,
    started: bool,
}

impl Default for Split {
    fn default() -> Split {
        Split {
            game: ImportedGame {
                format: LogFormat::Mjai,
                names: Vec::new(),
                rules: None,
                logged: LoggedRules::default(),
                rounds: Vec::new(),
                end: None,
            },
            started: false,
        }
    }
}

impl Split {
    /// Takes the next event; what is wrong with it, if anything.
    fn push(&mut self, mut e: Event) -> Result<(), String> {
        let game = &mut self.game;
        if game.end.is_some() {
            return Err("an event after end_game".into());
        }
        let result = match &mut e {
            Event::StartGame { names, rules, .. } => {
                if self.started || !game.rounds.is_empty() {
                    return Err("a second start_game (one game per file)".into());
                }
                self.started = true;
                game.names = std::mem::take(names);
                game.logged = std::mem::take(rules);
                return Ok(());
            }
            Event::EndGame { scores } => {
                game.end = Some(GameEnd { scores: *scores });
                return Ok(());
            }
            Event::StartKyoku { .. } => {
                // Only the last round may have no result (a log cut short).
                if let Some(r) = game.rounds.last().filter(|r| !r.is_finished()) {
                    return Err(format!(
                        "a start_kyoku after round {} ended with no hora or ryukyoku",
                        r.name()
                    ));
                }
                game.rounds.push(ImportedRound {
                    events: Vec::new(),
                    results: Vec::new(),
                });
                None
            }
            Event::Hora {
                actor,
                target,
                deltas,
                scores,
                ..
            } => Some(LoggedResult::Win(LoggedWin {
                seat: *actor,
                from: *target,
                deltas: deltas.take(),
                scores: scores.take(),
                ..LoggedWin::default()
            })),
            Event::Ryukyoku { deltas, scores, .. } => Some(LoggedResult::Draw(LoggedDraw {
                deltas: deltas.take(),
                scores: scores.take(),
            })),
            _ => None,
        };
        let round = game
            .rounds
            .last_mut()
            .ok_or_else(|| format!("{} before any start_kyoku", e.to_json()))?;
        round.events.push(e);
        round.results.extend(result);
        Ok(())
    }
}

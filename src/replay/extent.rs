//! How much of a game a log holds: none of it, all of it, or a game cut
//! short (its last round without a result, or the game going on after the
//! last round). Replay and review both say it.

use crate::game::State;
use crate::log::ImportedGame;
use serde::Serialize;
use std::fmt;

/// How much of a game a log holds.
///
/// ```
/// use tenpai::replay::{replay, Extent};
/// let empty = tenpai::log::parse(r#"{"type":"start_game","names":[]}"#)?;
/// let rep = replay(&empty, &tenpai::rules::Rules::tenhou());
/// assert_eq!(rep.extent, Extent::Empty);
/// assert_eq!(rep.extent.to_string(), "empty: no round");
/// assert_eq!(serde_json::to_string(&rep.extent)?, r#"{"kind":"empty"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// As JSON (`serde`): `{"kind": "empty"}`, `{"kind": "whole"}`,
/// `{"kind": "unfinished_round", "round": "E3-0"}`,
/// `{"kind": "unfinished_game", "next": "S1-0"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Extent {
    /// No round at all.
    #[default]
    Empty,
    /// Every round has its result, and the game ends there (the log says
    /// so, or the rules do).
    Whole,
    /// The last round has no result (a game still running, a file cut
    /// short), or no `end_kyoku` after it: its recorded actions were
    /// replayed.
    UnfinishedRound {
        /// Its name, e.g. `E3-0`.
        round: String,
    },
    /// Every round has its result, but the log stops before the game's
    /// end: by the rules the game goes on (a download cut between rounds, a
    /// game quit, one round saved alone).
    UnfinishedGame {
        /// The round the rules name next, e.g. `S1-0`.
        next: String,
    },
}

impl Extent {
    /// The extent of `game`, with `after` the state at the end of its
    /// replay (`None` when its last round was refused part way: then only
    /// the log's record is read).
    pub(crate) fn of(game: &ImportedGame, after: Option<&State>) -> Extent {
        let Some(last) = game.rounds.last() else {
            return Extent::Empty;
        };
        let stops_in = || Extent::UnfinishedRound { round: last.name() };
        if !last.is_finished() {
            return stops_in();
        }
        if game.end.is_some() {
            return Extent::Whole;
        }
        match after {
            Some(s) if s.game_over() => Extent::Whole,
            Some(s) => match s.next_round() {
                Some(n) => Extent::UnfinishedGame {
                    next: format!("{}{}-{}", n.round_wind(), n.kyoku(), n.honba()),
                },
                // A result but no `end_kyoku` (mjai cut between them).
                None => stops_in(),
            },
            None => Extent::Whole,
        }
    }

    /// The log holds the whole game.
    pub fn is_whole(&self) -> bool {
        *self == Extent::Whole
    }

    /// The log holds part of a game: its last round has no result, or the
    /// game goes on after it.
    pub fn is_unfinished(&self) -> bool {
        matches!(
            self,
            Extent::UnfinishedRound { .. } | Extent::UnfinishedGame { .. }
        )
    }
}

impl fmt::Display for Extent {
    /// `empty: no round`, `whole game`, `unfinished: the log stops in E3-0`,
    /// `unfinished: the log stops before S1-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Extent::Empty => f.write_str("empty: no round"),
            Extent::Whole => f.write_str("whole game"),
            Extent::UnfinishedRound { round } => write!(f, "unfinished: the log stops in {round}"),
            Extent::UnfinishedGame { next } => {
                write!(f, "unfinished: the log stops before {next}")
            }
        }
    }
}

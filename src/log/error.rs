//! Why a log cannot be read.

use thiserror::Error;

/// A log that cannot be read: unreadable, of no known format, or breaking its
/// format (the round and entry, the line or the element named).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LogError {
    /// The file cannot be read.
    #[error("cannot read the log {path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// Why, in words ([`crate::io_problem`]): `it is a directory`, `no
        /// such file or directory`, `over 16 MiB, too large for a game's log`.
        message: String,
    },
    /// The text is none of the three formats.
    #[error("not a tenhou.net/6, mjai or mjlog log: {reason}")]
    UnknownFormat {
        /// What the text looks like instead.
        reason: String,
    },
    /// A tenhou.net/6 log that breaks the format.
    #[error("tenhou.net/6 log, {place}: {problem}")]
    Tenhou6 {
        /// Where: `rule.aka`, `round 3 (E3-1), seat 1 discards, item 7`…
        place: String,
        /// What is wrong.
        problem: String,
    },
    /// An mjai line that is not an event.
    #[error("mjai log, line {line}: {problem}")]
    Mjai {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// An mjlog (Tenhou XML) log that breaks the format.
    #[error("mjlog, {place}: {problem}")]
    Mjlog {
        /// Where: the element with its line and column (and round), e.g.
        /// `<N> at 1:2345 (round E2-0)`.
        place: String,
        /// What is wrong.
        problem: String,
    },
    /// A rules option given to a reader that the log's own record
    /// contradicts (a log records its length, red fives and rule set).
    #[error("{option} contradicts the log, which records {recorded}")]
    Contradicts {
        /// The option as given, e.g. `--length south`.
        option: String,
        /// What the log records instead, e.g. `an east-only game (kyoku_first 4)`.
        recorded: String,
    },
}

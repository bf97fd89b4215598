//! Errors for bad hands and bad table files.

use crate::tile::Tile;
use thiserror::Error;

/// What an unknown character's message adds: for a letter of another script
/// (a Chinese tile name not read, say), the names the notation reads.
fn notation_hint(ch: char) -> &'static str {
    if ch.is_ascii() {
        ""
    } else {
        " (tiles: 1-9 or 一-九 with m/万 p/饼/筒 s/条/索; honors 1z-7z or 东 南 西 北 白 发 中, \
         also 东风 南风 西风 北风 白板 发财 红中)"
    }
}

/// What went wrong with a file, in words for a message that already names
/// the file and what was being done with it (`cannot read the log
/// tests/data: it is a directory`): the operating system's reason without
/// its error number, the common ones said plainly.
///
/// # Panics
/// Never.
///
/// ```
/// use std::io::{Error, ErrorKind};
/// assert_eq!(tenpai::io_problem(&Error::from(ErrorKind::IsADirectory)), "it is a directory");
/// assert_eq!(tenpai::io_problem(&Error::from_raw_os_error(2)), "no such file or directory");
/// assert_eq!(tenpai::io_problem(&Error::other("Disk on fire")), "disk on fire");
/// ```
pub fn io_problem(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    let plain = match e.kind() {
        K::NotFound => "no such file or directory",
        K::PermissionDenied => "permission denied",
        K::IsADirectory => "it is a directory",
        K::NotADirectory => "a folder of its path is a file",
        K::AlreadyExists => "it already exists",
        K::ReadOnlyFilesystem => "the file system is read-only",
        K::StorageFull => "the disk is full",
        _ => {
            // `Broken pipe (os error 32)` → `broken pipe`.
            let text = e.to_string();
            let text = match text.rfind(" (os error ") {
                Some(i) if text.ends_with(')') => text[..i].to_string(),
                _ => text,
            };
            let mut chars = text.chars();
            return match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => text,
            };
        }
    };
    plain.to_string()
}

/// `1 time`, `5 times`: a count of times, the noun agreeing with it.
pub(crate) fn times(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 time".to_string(),
        n => format!("{n} times"),
    }
}

/// `1 meld`, `3 melds`: `n` and `noun`, the noun agreeing with it.
pub(crate) fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// What is wrong with a hand or its notation. Positions are 1-based character
/// positions in the input text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HandError {
    /// A character that is not part of the notation.
    #[error("unknown character {ch:?} at position {pos}{}", notation_hint(*ch))]
    UnknownChar {
        /// The character.
        ch: char,
        /// Its position.
        pos: usize,
    },
    /// A number that names no tile of its suit, such as `8z`.
    #[error("no tile {number}{suit} (at position {pos})")]
    NoSuchTile {
        /// The number as written.
        number: char,
        /// The suit letter.
        suit: char,
        /// Position of the number.
        pos: usize,
    },
    /// Digits not followed by a suit letter.
    #[error("digit {digit:?} at position {pos} has no suit (add m, p, s or z)")]
    DigitWithoutSuit {
        /// The digit.
        digit: char,
        /// Its position.
        pos: usize,
    },
    /// A suit letter with no digits before it.
    #[error("suit {suit:?} at position {pos} has no digits before it")]
    SuitWithoutDigits {
        /// The suit character.
        suit: char,
        /// Its position.
        pos: usize,
    },
    /// A bracket that is never closed, or closed by the wrong bracket.
    #[error("bracket at position {pos} is not closed properly")]
    Unclosed {
        /// Position of the bracket.
        pos: usize,
    },
    /// More than four copies of a tile, counting called melds.
    #[error("tile {tile} appears {} (max 4)", times(*.count as u64))]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many times it appears.
        count: usize,
    },
    /// More red fives of a suit than the rules' set holds (one per suit in
    /// both presets), melds included.
    #[error("red five {} appears {} (the rules' set holds {max})", .tile.to_string().replacen('5', "0", 1), times(*.count))]
    TooManyRedFives {
        /// The five of the suit (`5m`, `5p` or `5s`).
        tile: Tile,
        /// Red fives of the suit in the hand and its melds.
        count: u8,
        /// Red fives of the suit in the set.
        max: u8,
    },
    /// More tiles than a hand can hold.
    #[error("too many tiles: {count} (max 14, a kan counting as 3)")]
    TooManyTiles {
        /// Concealed tiles plus 3 per called meld.
        count: usize,
    },
    /// A tile count that does not fit the query.
    #[error("expected {expected}, got {count}")]
    WrongTileCount {
        /// What the query needs, e.g. "3n+1 or 3n+2 tiles".
        expected: &'static str,
        /// Concealed tiles given.
        count: usize,
    },
    /// A wind that is not `E`, `S`, `W` or `N` (nor `east`…`north`, `1z`–`4z`).
    #[error("bad wind {text:?}: expected E, S, W or N")]
    BadWind {
        /// The text given.
        text: String,
    },
    /// A bracketed meld that is not a meld.
    #[error("meld at position {pos} is not a meld: {reason}")]
    BadMeld {
        /// Position of the opening bracket.
        pos: usize,
        /// Why not.
        reason: &'static str,
    },
    /// Nothing to parse.
    #[error("empty hand")]
    Empty,
}

/// Why a table file was refused.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The file could not be read (the operating system's error is the source).
    #[error("cannot read table file {path}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// A directory, device or pipe rather than a table file.
    #[error("{path} is not a regular file")]
    NotAFile {
        /// The path given.
        path: String,
    },
    /// Bytes that do not start on an 8-byte boundary (a memory map always does;
    /// copy other bytes into aligned memory first).
    #[error("table bytes are not 8-byte aligned (off by {offset})")]
    Misaligned {
        /// The start address modulo 8.
        offset: u64,
    },
    /// Shorter than its header says.
    #[error("table file is truncated: expected {expected} bytes, found {found}")]
    Truncated {
        /// Bytes the header promises.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// Not a table file.
    #[error("not a tenpai table file: expected magic {expected:?}, found {found:?}")]
    BadMagic {
        /// The magic bytes expected.
        expected: String,
        /// The bytes found.
        found: String,
    },
    /// Written by another version of the format.
    #[error("table file has format version {found}, this build reads version {expected}")]
    Version {
        /// The version this build reads.
        expected: u32,
        /// The version in the file.
        found: u32,
    },
    /// A count or value in the file that does not match what this build or the
    /// file's own header requires.
    #[error("table file {what}: expected {expected}, found {found}")]
    Mismatch {
        /// Which count.
        what: &'static str,
        /// The value this build expects.
        expected: u64,
        /// The value in the file.
        found: u64,
    },
    /// Header counts whose product does not fit this machine's addresses (a
    /// crafted or damaged header that still passes the checksum).
    #[error("table file {what}: the header's counts give more entries than fit in memory")]
    Oversized {
        /// Which section.
        what: &'static str,
    },
    /// The header or payload does not match its checksum: the file is damaged.
    #[error("table file is damaged: checksum expected {expected:#010x}, found {found:#010x}")]
    Checksum {
        /// The checksum in the header.
        expected: u32,
        /// The checksum of the bytes present.
        found: u32,
    },
    /// Intact, but generated by a different build of the tables.
    #[error(
        "table file is stale: its tables have checksum {found:#010x}, this build's have {expected:#010x}; \
         export them again with `tenpai tables export`"
    )]
    Stale {
        /// Checksum of this build's embedded tables.
        expected: u32,
        /// Checksum of the file's tables.
        found: u32,
    },
}

//! The table file format, shared by `build.rs` (which writes it) and the crate
//! (which reads it, embedded or memory-mapped).
//!
//! A file is a 64-byte [`Header`] followed by a [`Payload`], both encoded with
//! `bincode` 1 default options (fixed-width little-endian integers, `u64` length
//! before each vector). Every vector's byte length is a multiple of 8, so every
//! section starts 8-byte aligned and can be used in place without decoding.

use serde::{Deserialize, Serialize};

/// First eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"TENPAItb";
/// Format version; bumped whenever the layout or the meaning of an entry changes
/// (2: the checksum covers the header too).
pub const FORMAT_VERSION: u32 = 2;
/// Size of the encoded [`Header`] in bytes.
pub const HEADER_LEN: usize = 64;
/// Byte offset of [`Header::checksum`] in the encoded header (after the magic,
/// the version and ten counts).
pub const CHECKSUM_AT: usize = 52;

/// CRC-32 (IEEE) of a whole table file: the encoded header with its checksum
/// field read as zero, then the payload. A damaged count in the header is
/// caught like a damaged table entry.
pub fn file_checksum(header: &[u8], payload: &[u8]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&header[..CHECKSUM_AT]);
    crc.update(&[0; 4]);
    crc.update(&header[CHECKSUM_AT + 4..HEADER_LEN]);
    crc.update(payload);
    crc.finalize()
}

/// Fixed-size file header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `TENPAItb`.
    pub magic: [u8; 8],
    /// The format version; this build reads version 1.
    pub version: u32,
    /// Entries in the suit pattern table (405,350).
    pub suit_patterns: u32,
    /// Entries in the honor pattern table (43,130).
    pub honor_patterns: u32,
    /// Distinct replacement-number vectors of suit patterns (126).
    pub suit_cost_classes: u32,
    /// Distinct necessary-tile vectors of suit patterns.
    pub suit_need_classes: u32,
    /// Distinct replacement-number vectors of honor patterns (55).
    pub honor_cost_classes: u32,
    /// Distinct necessary-tile vectors of honor patterns.
    pub honor_need_classes: u32,
    /// Distinct combined vectors of two suits.
    pub suit_suit_classes: u32,
    /// Distinct combined vectors of a suit and the honors.
    pub suit_honor_classes: u32,
    /// Distinct combined vectors of two suits and the honors.
    pub two_suits_honor_classes: u32,
    /// Distinct combined vectors of three suits.
    pub three_suits_classes: u32,
    /// CRC-32 (IEEE) of the header (this field read as zero) and the payload:
    /// see `file_checksum` (private).
    pub checksum: u32,
    /// Length of the payload in bytes.
    pub payload_len: u64,
}

/// Replacement numbers of one class, index `p * 8 + m` for `p` pairs and `m`
/// melds (bytes 5–7 and 13–15 hold `INF`), so that both halves line up for the
/// vectorized min-plus combination.
pub type ClassCosts = [u8; 16];

/// Converts `p * 5 + m` replacement numbers to the [`ClassCosts`] layout.
pub fn class_costs(c: &[u8; 10], inf: u8) -> ClassCosts {
    let mut x = [inf; 16];
    for p in 0..2 {
        for m in 0..5 {
            x[p * 8 + m] = c[p * 5 + m];
        }
    }
    x
}
/// Necessary-tile masks of one class, index `p * 5 + m` (entries 10–11 are zero).
pub type ClassNeeds = [u16; 12];

/// The tables of one side (the three suits share one; honors have their own).
///
/// Pattern `r` (its rank, see `encoding.rs`) has replacement numbers
/// `costs[cost_class[r]]` and necessary tiles `needs[need_class[r]]`. Win
/// detection skips the rank: a pattern with base-5 key `k` (first count least
/// significant) is complete when bit `k % 64` of `complete[k / 64]` is set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Replacement-number class of each pattern (padded with zeros to a multiple of 8).
    pub cost_class: Vec<u8>,
    /// Necessary-tile class of each pattern (padded with zeros to a multiple of 2).
    pub need_class: Vec<u32>,
    /// Bit per base-5 key (5^9 or 5^7 bits), set when that pattern is complete
    /// (melds only, or melds and one pair).
    pub complete: Vec<u64>,
    /// Replacement numbers of each cost class.
    pub costs: Vec<ClassCosts>,
    /// Necessary-tile masks of each need class.
    pub needs: Vec<ClassNeeds>,
}

/// Pairwise combinations of cost classes, so that a hand's standard-form
/// replacement number is three more lookups instead of a min-plus computation.
///
/// With `S` suit and `H` honor cost classes: the man and pin classes `(a, b)`
/// combine to vector `suit_suit[a * S + b]` (one of `X` man-and-pin vectors),
/// sou and honors `(c, d)` to `suit_honor[c * H + d]`; the hand with `k` melds to
/// make then needs `replacement[(x * Y + y) * 5 + k]` tiles, `Y` being the
/// number of sou-and-honor vectors (the vectors themselves are not stored: only
/// these results are needed).
///
/// For tile acceptance each pattern also needs the best of the *other three*
/// (its "rest"): for man and pin a suit class `c` with the sou-and-honor vector
/// `y` (`with_suit_honor[c * Y + y]`), for sou the man-and-pin vector `x` with
/// the honor class `d` (`with_honor[x * H + d]`), giving one of `Z` two-suit-and-
/// honor vectors; for honors `x` with the sou class `c` (`with_suit[x * S + c]`),
/// one of `W` three-suit vectors. Then the targets of a pattern that some optimal
/// split of the hand uses are `suit_optimal[(c * Z + z) * 5 + k]` (bit `p * 5 + m`)
/// or `honor_optimal[(d * W + w) * 5 + k]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combined {
    /// Combined man-and-pin vector of each pair of suit cost classes (padded to a multiple of 8).
    pub suit_suit: Vec<u8>,
    /// Combined sou-and-honor vector of each (suit, honor) cost class pair (padded to a multiple of 8).
    pub suit_honor: Vec<u8>,
    /// Replacement number for 0–4 melds and a pair of each combination (padded to a multiple of 8).
    pub replacement: Vec<u8>,
    /// Suit class with a sou-and-honor vector (padded to a multiple of 8).
    pub with_suit_honor: Vec<u8>,
    /// Man-and-pin vector with an honor class (padded to a multiple of 8).
    pub with_honor: Vec<u8>,
    /// Man-and-pin vector with a suit class (padded to a multiple of 8).
    pub with_suit: Vec<u8>,
    /// Optimal targets of a suit class beside a rest vector, for 0–4 melds (padded to a multiple of 4).
    pub suit_optimal: Vec<u16>,
    /// Optimal targets of an honor class beside a rest vector, for 0–4 melds (padded to a multiple of 4).
    pub honor_optimal: Vec<u16>,
}

/// The tables, in file order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    /// Suit patterns (man, pin and sou alike).
    pub suits: Side,
    /// Honor patterns.
    pub honors: Side,
    /// Pairwise combinations of cost classes.
    pub combined: Combined,
}

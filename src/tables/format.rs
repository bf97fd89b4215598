//! The table file format, shared by `build.rs` (which writes it) and the crate
//! (which reads it, embedded or memory-mapped).
//!
//! A file is a 48-byte [`Header`] followed by a [`Payload`], both encoded with
//! `bincode` 1 default options (fixed-width little-endian integers, `u64` length
//! before each vector). Every vector's byte length is a multiple of 8, so every
//! section starts 8-byte aligned and can be used in place without decoding.

use serde::{Deserialize, Serialize};

/// First eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"TENPAItb";
/// Format version; bumped whenever the layout or the meaning of an entry changes.
pub const FORMAT_VERSION: u32 = 1;
/// Size of the encoded [`Header`] in bytes.
pub const HEADER_LEN: usize = 48;

/// Fixed-size file header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`MAGIC`].
    pub magic: [u8; 8],
    /// Always [`FORMAT_VERSION`] for files this build can read.
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
    /// CRC-32 (IEEE) of the payload bytes.
    pub checksum: u32,
    /// Length of the payload in bytes.
    pub payload_len: u64,
}

/// Replacement numbers of one class, index `p * 5 + m` (bytes 10–15 are zero).
pub type ClassCosts = [u8; 16];
/// Necessary-tile masks of one class, index `p * 5 + m` (entries 10–11 are zero).
pub type ClassNeeds = [u16; 12];

/// The tables of one side (the three suits share one; honors have their own).
///
/// Pattern `r` (its rank, see `encoding.rs`) has replacement numbers
/// `costs[cost_class[r]]`, necessary tiles `needs[need_class[r]]`, and is complete
/// when bit `r % 64` of `complete[r / 64]` is set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Replacement-number class of each pattern (padded with zeros to a multiple of 8).
    pub cost_class: Vec<u8>,
    /// Necessary-tile class of each pattern (padded with zeros to a multiple of 2).
    pub need_class: Vec<u32>,
    /// Bit set when the pattern is complete (melds only, or melds and one pair).
    pub complete: Vec<u64>,
    /// Replacement numbers of each cost class.
    pub costs: Vec<ClassCosts>,
    /// Necessary-tile masks of each need class.
    pub needs: Vec<ClassNeeds>,
}

/// The tables, in file order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    /// Suit patterns (man, pin and sou alike).
    pub suits: Side,
    /// Honor patterns.
    pub honors: Side,
}

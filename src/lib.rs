//! # tenpai
//!
//! A riichi mahjong engine built on lookup tables: exact shanten numbers, win
//! detection (agari), decompositions, waits and tile efficiency (ukeire), with a
//! recursive [`reference`](mod@crate::reference) checker as the test oracle.
//!
//! ## Notation
//! Tiles are indexed 0–33: 1–9m, 1–9p, 1–9s, then 1z–7z = East South West North
//! White Green Red ([`TileCounts`] is `[u8; 34]` in that order). Hands parse from
//! text (`"...".parse::<Hand>()`), validated once at this edge:
//! - mpsz: digits followed by a suit letter, `123m456p789s1122z` (capital
//!   letters too: `123M`); `0m`, `0p`, `0s` are red fives; spaces and commas
//!   between groups are ignored;
//! - Chinese: a digit or numeral (一…九) before 万/萬 (man), 饼/餅/筒 (pin) or
//!   条/條/索 (sou), e.g. `一二三万`, `123条`; honors 东/東 南 西 北 白 发/發 中;
//! - called melds after the concealed tiles: `[789s]` chi, `[555p]` pon,
//!   `[5555p]` open kan, `(1111z)` closed kan; red fives inside as `0` (`[406m]`).
//!
//! Errors name the problem and position: `unknown character 'x' at position 4`,
//! `tile 5p appears 5 times (max 4)`, `expected 3n+1 or 3n+2 tiles (...), got 12`.
//!
//! ```
//! use tenpai::Hand;
//! let hand: Hand = "123m456p789s1122z".parse()?;
//! assert_eq!(tenpai::shanten(hand.concealed())?, 0);
//! let waits = tenpai::ukeire(hand.concealed(), None)?;
//! assert_eq!(waits.tiles.to_string(), "12z");
//! # Ok::<(), tenpai::HandError>(())
//! ```
//!
//! ## How the tables work
//! `build.rs` enumerates every suit pattern (counts 0–4 of nine ranks, at most 14
//! tiles: 405,350) and every honor pattern (43,130), numbers them with a gap-free
//! rank, and stores for each its replacement numbers for every target of melds and
//! pair (tomohxx's method), the tiles that lower them, and whether it is complete.
//! Patterns with equal vectors share one class (126 suit and 55 honor classes, as
//! found by Cryolite's Nyanten). The classes are so few that every pairwise
//! combination is tabled as well, so a standard-form shanten is four ranks, four
//! class reads and three combination reads, with no search or min-plus step; tile
//! acceptance adds, per pattern, the targets some optimal split uses and the
//! tiles that lower them. See [`Tables`].

#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

#[cfg(target_endian = "big")]
compile_error!("tenpai's table format is little-endian and is used in place");

mod agari;
pub mod ai;
pub mod arena;
pub mod batch;
pub mod bot;
mod capped;
mod efficiency;
mod error;
pub mod game;
mod hand;
pub mod lines;
pub mod log;
mod meld;
mod notation;
pub mod reference;
pub mod replay;
pub mod review;
pub mod rules;
pub mod score;
mod shanten;
mod tables;
mod tile;
pub mod view;
mod waits;
mod wind;

pub use agari::{decompositions, is_agari, Decomposition, Mentsu};
pub use efficiency::{analyze, ukeire, Discard, Ukeire};
pub use error::{io_problem, HandError, TableError};
pub use hand::Hand;
pub use meld::{Meld, MeldKind};
pub use shanten::{shanten, shanten_forms, shanten_with_melds, Shanten};
pub use tables::{MappedTables, TableHeader, Tables};
pub use tile::{Suit, Tile, TileCounts, TileSet, KINDS};
pub use waits::{is_tenpai, waits};
pub use wind::Wind;

/// The README's Rust example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

/// The Chinese README's Rust example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.zh-CN.md")]
struct ReadmeZhCnExample;

/// The guide's library example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide/library.md")]
struct GuideLibraryExample;

/// Internals exposed for the test suite and benches only; not a stable API.
#[doc(hidden)]
pub mod internals {
    pub use crate::agari::{embedded_suit_decomposition_count, embedded_suit_decompositions};
    pub use crate::tables::assemble::{file_bytes, payload};
    pub use crate::tables::encoding::{base5_key, for_each_pattern, honor_rank, suit_rank};
    pub use crate::tables::generate::{
        decompositions as pattern_decompositions, pattern_costs, INF,
    };

    /// Replacement numbers, necessary-tile masks and complete flag of one
    /// pattern (9 suit or 7 honor counts) in the embedded tables.
    pub fn embedded_entry(pattern: &[u8]) -> ([u8; 10], [u16; 10], bool) {
        use crate::tables::encoding as e;
        let t = crate::Tables::embedded();
        let honors = pattern.len() == 7;
        let side = if honors { &t.honors } else { &t.suits };
        let (rank, key) = if honors {
            (e::honor_rank(pattern), e::honor_key(pattern))
        } else {
            (e::suit_rank(pattern), e::suit_key(pattern))
        };
        let x = side.costs(rank);
        let c: [u8; 10] = std::array::from_fn(|i| x[i / 5 * 8 + i % 5]);
        let mut n = [0; 10];
        n.copy_from_slice(&side.needs(rank)[..10]);
        (c, n, side.complete(key))
    }
}

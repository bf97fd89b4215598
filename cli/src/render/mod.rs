//! Drawing for every command that shows a table, so that none of them draws
//! its own: how tiles look ([`tiles`]), numbers of points ([`numbers`]) and
//! the table's words (round names, river marks, the status line, shown
//! hands: [`table`]). `play` (plain and full screen), `suggest` and
//! `review` (text and web page) import from here, not from each other.

pub mod numbers;
pub mod table;
pub mod tiles;

pub use numbers::{grouped, points, score, signed};
pub use tiles::{paint, Paint, TileMode};

//! Called melds (and closed kans) as written in a hand.

use crate::error::HandError;
use crate::tile::{Tile, TileCounts};
use std::fmt;

/// How a meld was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A called sequence (shuntsu), written `[345m]`.
    Chi,
    /// A called triplet (koutsu), written `[555p]`.
    Pon,
    /// An open kan: called from a discard (daiminkan) or added to a pon (kakan),
    /// written `[5555p]`.
    Kan,
    /// A closed kan (ankan), written `(5555p)`; the hand stays closed.
    ClosedKan,
}

/// A called meld or a closed kan.
///
/// ```
/// use tenpai::{Meld, MeldKind};
/// let m = Meld::new(MeldKind::Chi, "3m".parse()?, 1)?; // 34[0]m: 3m 4m red 5m
/// assert_eq!(m.to_string(), "[340m]");
/// assert_eq!(m.tiles().map(|t| t.to_string()).collect::<Vec<_>>(), ["3m", "4m", "5m"]);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    tile: Tile,
    red: u8,
}

impl Meld {
    /// A meld of `kind` whose lowest tile is `tile`, holding `red` red fives.
    ///
    /// # Errors
    /// [`HandError::BadMeld`] (position 0) for a chi that does not fit in a suit
    /// or more red fives than fives in the meld.
    pub fn new(kind: MeldKind, tile: Tile, red: u8) -> Result<Meld, HandError> {
        let bad = |reason| Err(HandError::BadMeld { pos: 0, reason });
        if kind == MeldKind::Chi && (tile.is_honor() || tile.number() > 7) {
            return bad("a sequence needs three consecutive tiles of one suit");
        }
        let m = Meld { kind, tile, red };
        if red as usize > m.tiles().filter(|t| t.is_five()).count() {
            return bad("more red fives than fives");
        }
        Ok(m)
    }

    /// How it was made.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// Its lowest tile (the tile of a pon or kan).
    pub const fn tile(&self) -> Tile {
        self.tile
    }

    /// Red fives among its tiles.
    pub const fn red_fives(&self) -> u8 {
        self.red
    }

    /// A kan of either kind.
    pub const fn is_kan(&self) -> bool {
        matches!(self.kind, MeldKind::Kan | MeldKind::ClosedKan)
    }

    /// Called from another player (everything but a closed kan).
    pub const fn is_open(&self) -> bool {
        !matches!(self.kind, MeldKind::ClosedKan)
    }

    /// Its tiles, lowest first (3, or 4 for a kan).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> {
        let (n, step) = match self.kind {
            MeldKind::Chi => (3, 1),
            MeldKind::Pon => (3, 0),
            MeldKind::Kan | MeldKind::ClosedKan => (4, 0),
        };
        let base = self.tile.index() as u8;
        (0..n).map(move |i| Tile::new(base + i * step).expect("meld tiles are valid"))
    }

    /// The meld in Unicode glyphs, in the brackets of its notation: `[🀇🀈🀉]`.
    ///
    /// ```
    /// let h: tenpai::Hand = "1m (1111z)".parse()?;
    /// assert_eq!(h.melds()[0].to_unicode(), "(🀀🀀🀀🀀)");
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn to_unicode(&self) -> String {
        let (open, close) = if self.is_open() {
            ('[', ']')
        } else {
            ('(', ')')
        };
        std::iter::once(open)
            .chain(self.tiles().map(Tile::glyph))
            .chain(std::iter::once(close))
            .collect()
    }

    /// Adds its tiles to `counts`.
    pub fn add_to(&self, counts: &mut TileCounts) {
        for t in self.tiles() {
            counts[t.index()] += 1;
        }
    }
}

impl fmt::Display for Meld {
    /// `[123m]`, `[555p]`, `[5555p]` or `(1111z)`; red fives as `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (open, close) = if self.is_open() {
            ('[', ']')
        } else {
            ('(', ')')
        };
        let mut reds = self.red;
        let mut s = String::new();
        for t in self.tiles() {
            if t.is_five() && reds > 0 {
                reds -= 1;
                s.push('0');
            } else {
                s.push(char::from(b'0' + t.number()));
            }
        }
        write!(f, "{open}{s}{}{close}", self.tile.suit().letter())
    }
}

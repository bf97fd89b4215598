//! A called meld or closed kan as it lies on the table.

use super::super::super::pai::Pai;
use crate::error::HandError;
use crate::meld::{Meld, MeldKind};
use crate::tile::Tile;

/// A called meld or closed kan as it lies on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeld {
    /// Chi, pon, open kan (called or added) or closed kan.
    pub kind: MeldKind,
    /// All its tiles, the called one included.
    pub tiles: Vec<Pai>,
    /// The tile called from another player (none for a closed kan).
    pub called: Option<Pai>,
    /// The seat it was called from (none for a closed kan).
    pub from: Option<u8>,
    /// An open kan made by adding a tile to a pon (kakan).
    pub added: bool,
}

impl TableMeld {
    /// The meld's lowest tile kind.
    ///
    /// # Panics
    /// When the meld holds no known tile (the engine never makes one).
    pub fn tile(&self) -> Tile {
        self.tiles
            .iter()
            .filter_map(|p| p.tile())
            .min()
            .expect("melds hold tiles")
    }

    /// The meld as hands and the scorer take it ([`Meld`]: kind, lowest
    /// tile, red fives): the one conversion the engine, the AI and the
    /// command line use.
    ///
    /// # Errors
    /// [`HandError::BadMeld`] when its tiles are not the meld its kind says:
    /// a hidden tile, the wrong number of tiles, a chi that is not a
    /// sequence of one suit, a pon or kan of tiles that differ.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Pai, TableMeld};
    /// use tenpai::MeldKind;
    /// let tiles = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<Pai>>();
    /// let chi = TableMeld { kind: MeldKind::Chi, tiles: tiles("4m 5mr 3m"), called: None, from: Some(3), added: false };
    /// assert_eq!(chi.to_meld()?.to_string(), "[340m]");
    /// let bad = TableMeld { tiles: tiles("4m 6m 3m"), ..chi };
    /// assert!(bad.to_meld().is_err());
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn to_meld(&self) -> Result<Meld, HandError> {
        let bad = |reason| HandError::BadMeld { pos: 0, reason };
        let mut kinds = [0u8; 4];
        let n = self.tiles.len();
        let size = if matches!(self.kind, MeldKind::Kan | MeldKind::ClosedKan) {
            4
        } else {
            3
        };
        if n != size {
            return Err(bad("the wrong number of tiles for its kind"));
        }
        let mut red = 0;
        for (k, p) in kinds.iter_mut().zip(&self.tiles) {
            *k = p.tile().ok_or_else(|| bad("a hidden tile"))?.index() as u8;
            red += u8::from(p.is_red());
        }
        let kinds = &mut kinds[..n];
        kinds.sort_unstable();
        let low = Tile::new(kinds[0]).ok_or_else(|| bad("a hidden tile"))?;
        let meld = Meld::new(self.kind, low, red)?;
        if !meld
            .tiles()
            .map(|t| t.index() as u8)
            .eq(kinds.iter().copied())
        {
            return Err(bad(if self.kind == MeldKind::Chi {
                "the tiles are not a sequence of one suit"
            } else {
                "the tiles are not all the same"
            }));
        }
        Ok(meld)
    }
}

//! A seat's river: its discards in order (called ones marked) and the
//! same as counts by kind, kept as the river grows.

use super::Seat;
use crate::game::pai::Pai;
use crate::tile::{TileCounts, KINDS};

/// A discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverTile {
    /// The tile.
    pub pai: Pai,
    /// It was the tile just drawn.
    pub tsumogiri: bool,
    /// It was the riichi declaration tile.
    pub riichi: bool,
    /// Another player called it (it now lies in their meld).
    pub called: bool,
}

impl Seat {
    /// The discards, in order (called ones included, marked).
    #[inline]
    pub fn river(&self) -> &[RiverTile] {
        &self.river
    }

    /// The river as counts by kind (`[u8; 34]`): every discard (called ones
    /// too), the called ones alone, and the riichi declaration tile — what a
    /// learning agent's features ([`crate::game::Features`]) read, kept as
    /// the river grows.
    #[inline]
    pub fn river_counts(&self) -> &[TileCounts; 3] {
        &self.river_counts
    }

    /// Puts a discard at the end of the river.
    pub(in crate::game::state) fn discard(&mut self, tile: RiverTile) {
        if let Some(t) = tile.pai.tile() {
            self.river_counts[0][t.index()] += 1;
            self.river_counts[1][t.index()] += u8::from(tile.called);
            self.river_counts[2][t.index()] += u8::from(tile.riichi);
        }
        self.river.push(tile);
    }

    /// Marks the last discard called (it now lies in another seat's meld);
    /// `false` (and no change) when the river is empty.
    pub(in crate::game::state) fn mark_last_called(&mut self) -> bool {
        let Some(last) = self.river.last_mut() else {
            return false;
        };
        if !last.called {
            last.called = true;
            if let Some(t) = last.pai.tile() {
                self.river_counts[1][t.index()] += 1;
            }
        }
        true
    }

    /// Replaces the river (a position built from a description).
    pub(in crate::game::state) fn set_river(&mut self, river: Vec<RiverTile>) {
        self.river.clear();
        self.river_counts = [[0; KINDS]; 3];
        river.into_iter().for_each(|t| self.discard(t));
    }

    /// Room for `n` more discards.
    pub(in crate::game::state) fn reserve_river(&mut self, n: usize) {
        self.river.reserve(n);
    }
}

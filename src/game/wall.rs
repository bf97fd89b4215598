//! The wall: 136 physical tiles shuffled from a seed, the live wall and the
//! dead wall (rinshan tiles and dora indicators).
//!
//! A physical tile's id is `kind * 4 + copy` (kind 0–33 as in [`crate::Tile`],
//! copy 0–3); with `r` red fives in a suit, copies `0..r` of its five are red (as
//! in Tenhou's mjlog, where the red five is copy 0).
//!
//! Layout after shuffling: positions 0–121 are the live wall, drawn from the
//! front (the deal takes the first 52); positions 122–135 are the dead wall:
//! 122–125 the four replacement (rinshan) tiles in draw order, then five pairs of
//! (dora indicator, ura-dora indicator) at 126+2i and 127+2i. Each replacement
//! draw shortens the live wall by one from its end (the haitei moves), so the dead
//! wall keeps 14 tiles.
//!
//! The shuffle is a Fisher–Yates shuffle driven by `ChaCha8Rng::seed_from_u64`
//! with 32-bit ranges only, so a seed gives the same wall on every platform.

use super::pai::Pai;
use crate::tile::Tile;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Tiles in a set.
pub const TILES: usize = 136;
/// Tiles in the dead wall.
pub const DEAD_WALL: usize = 14;
/// Tiles in the live wall after the deal (136 − 52 − 14).
pub const LIVE_AFTER_DEAL: usize = 70;

/// The tile kind and red flag of physical tile `id` (0–135) with `red_fives` red
/// fives per suit.
///
/// # Panics
/// When `id >= 136`.
///
/// ```
/// use tenpai::game::physical_pai;
/// assert_eq!(physical_pai(16, [1, 1, 1]).to_string(), "5mr");
/// assert_eq!(physical_pai(17, [1, 1, 1]).to_string(), "5m");
/// assert_eq!(physical_pai(135, [1, 1, 1]).to_string(), "C");
/// ```
pub fn physical_pai(id: u8, red_fives: [u8; 3]) -> Pai {
    assert!((id as usize) < TILES, "tile id {id} is not below 136");
    let tile = Tile::new(id / 4).expect("id below 136");
    let red = tile.is_five() && id % 4 < red_fives[tile.index() / 9];
    Pai::new(tile, red)
}

/// A shuffled wall and how far it has been used.
///
/// ```
/// use tenpai::game::Wall;
/// let mut w = Wall::shuffled(7, [1, 1, 1]);
/// assert_eq!(w.live_left(), 122);
/// let first = w.draw().unwrap();
/// assert_eq!(Wall::shuffled(7, [1, 1, 1]).draw(), Some(first)); // same seed, same wall
/// assert_eq!(w.live_left(), 121);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    ids: [u8; TILES],
    red_fives: [u8; 3],
    next: usize,
    live_end: usize,
    rinshan: usize,
    dora: usize,
}

impl Wall {
    /// The wall shuffled from `seed`, with `red_fives` red fives per suit (man,
    /// pin, sou).
    ///
    /// # Panics
    /// Never.
    pub fn shuffled(seed: u64, red_fives: [u8; 3]) -> Wall {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut ids: [u8; TILES] = std::array::from_fn(|i| i as u8);
        for i in (1..TILES).rev() {
            let j = rng.gen_range(0..=i as u32) as usize;
            ids.swap(i, j);
        }
        Wall::from_ids(ids, red_fives)
    }

    /// A wall in the given order (see the module docs for the layout), one dora
    /// indicator turned.
    ///
    /// # Panics
    /// When `ids` is not a permutation of 0–135.
    pub fn from_ids(ids: [u8; TILES], red_fives: [u8; 3]) -> Wall {
        let mut seen = [false; TILES];
        for &id in &ids {
            assert!(
                (id as usize) < TILES && !seen[id as usize],
                "not a permutation of 0-135"
            );
            seen[id as usize] = true;
        }
        Wall {
            ids,
            red_fives,
            next: 0,
            live_end: TILES - DEAD_WALL,
            rinshan: 0,
            dora: 1,
        }
    }

    fn pai(&self, pos: usize) -> Pai {
        physical_pai(self.ids[pos], self.red_fives)
    }

    /// Tiles left in the live wall.
    pub fn live_left(&self) -> usize {
        self.live_end - self.next
    }

    /// Draws the next live tile; `None` when the live wall is empty.
    pub fn draw(&mut self) -> Option<Pai> {
        if self.next >= self.live_end {
            return None;
        }
        self.next += 1;
        Some(self.pai(self.next - 1))
    }

    /// Draws a replacement tile after a kan (shortening the live wall by one);
    /// `None` after four or when the live wall is empty.
    pub fn draw_rinshan(&mut self) -> Option<Pai> {
        if self.rinshan >= 4 || self.live_left() == 0 {
            return None;
        }
        self.rinshan += 1;
        self.live_end -= 1;
        Some(self.pai(TILES - DEAD_WALL + self.rinshan - 1))
    }

    /// Turns the next dora indicator and returns it; `None` after five.
    pub fn turn_dora(&mut self) -> Option<Pai> {
        if self.dora >= 5 {
            return None;
        }
        self.dora += 1;
        Some(self.dora_indicators()[self.dora - 1])
    }

    /// The dora indicators turned so far (1–5).
    pub fn dora_indicators(&self) -> Vec<Pai> {
        (0..self.dora).map(|i| self.pai(126 + 2 * i)).collect()
    }

    /// The ura-dora indicators under the turned dora indicators.
    pub fn ura_indicators(&self) -> Vec<Pai> {
        (0..self.dora).map(|i| self.pai(127 + 2 * i)).collect()
    }

    /// Tiles not yet drawn or turned (live wall, unused replacement tiles and
    /// unturned indicators, ura-dora included), as physical ids.
    pub fn unseen_ids(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.ids[self.next..self.live_end].to_vec();
        v.extend(&self.ids[TILES - DEAD_WALL + self.rinshan..TILES - DEAD_WALL + 4]);
        for i in 0..5 {
            if i >= self.dora {
                v.push(self.ids[126 + 2 * i]);
            }
            v.push(self.ids[127 + 2 * i]);
        }
        v.extend(&self.ids[self.live_end..TILES - DEAD_WALL]);
        v
    }

    /// The red fives per suit this wall was made with.
    pub fn red_fives(&self) -> [u8; 3] {
        self.red_fives
    }
}

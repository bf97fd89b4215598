//! A tile as the game sees it: a kind and whether it is a red five, written in
//! mjai notation (`1m`…`9s`, `E S W N P F C`, `5mr` for a red five, `?` hidden).

use super::error::GameError;
use crate::tile::{Tile, TileCounts, KINDS};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A tile kind with its red-five flag, or a hidden tile (`?`).
///
/// ```
/// use tenpai::game::Pai;
/// let p: Pai = "5pr".parse()?;
/// assert_eq!((p.tile().unwrap().to_string(), p.is_red()), ("5p".to_string(), true));
/// assert_eq!(p.to_string(), "5pr");
/// assert_eq!("C".parse::<Pai>()?.tile().unwrap().to_string(), "7z");
/// assert!("?".parse::<Pai>()?.is_hidden());
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pai(u8);

const HIDDEN: u8 = 37;
const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

/// Each `Pai`'s mjai name by its number: the 34 kinds, the red fives of
/// man, pin and sou, the hidden tile.
const NAMES: [&str; 38] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "E", "S", "W", "N", "P", "F", "C", //
    "5mr", "5pr", "5sr", "?",
];

impl Pai {
    /// The hidden tile `?` (another player's concealed tile).
    pub const HIDDEN: Pai = Pai(HIDDEN);

    /// A tile, red when `red` and the tile is a five (ignored otherwise).
    pub fn new(tile: Tile, red: bool) -> Pai {
        if red && tile.is_five() {
            Pai(34 + tile.index() as u8 / 9)
        } else {
            Pai(tile.index() as u8)
        }
    }

    /// The tile kind; `None` when hidden.
    pub fn tile(self) -> Option<Tile> {
        match self.0 {
            0..=33 => Tile::new(self.0),
            34..=36 => Tile::new((self.0 - 34) * 9 + 4),
            _ => None,
        }
    }

    /// The tile kind's index 0–33.
    ///
    /// # Panics
    /// When hidden.
    pub fn index(self) -> usize {
        self.tile().expect("a hidden tile has no kind").index()
    }

    /// The tile's number: 0–33 by kind, 34–36 for the red 5m, 5p, 5s (the
    /// numbering of the action space's discards); `None` when hidden.
    #[inline]
    pub(crate) fn number(self) -> Option<usize> {
        (self.0 < HIDDEN).then_some(usize::from(self.0))
    }

    /// A red five.
    pub fn is_red(self) -> bool {
        (34..=36).contains(&self.0)
    }

    /// The hidden tile `?`.
    pub fn is_hidden(self) -> bool {
        self.0 == HIDDEN
    }

    /// The tile in mpsz notation, as hands are written: `5m`, `0m` for a red
    /// five, `7z`; `?` when hidden (mjai notation is [`Pai`]'s `Display`).
    ///
    /// ```
    /// use tenpai::game::Pai;
    /// assert_eq!("5pr".parse::<Pai>()?.mpsz(), "0p");
    /// assert_eq!("C".parse::<Pai>()?.mpsz(), "7z");
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn mpsz(self) -> String {
        match self.tile() {
            Some(t) => t.mpsz(self.is_red()),
            None => "?".into(),
        }
    }

    /// The same kind, not red.
    pub fn plain(self) -> Pai {
        match self.tile() {
            Some(t) => Pai(t.index() as u8),
            None => self,
        }
    }

    /// The tiles of a hand given as `[u8; 34]` counts and red fives per
    /// suit (man, pin, sou), in index order, the red fives first among the
    /// fives (more red fives than fives: every five red). The one
    /// conversion of counts to tiles that the engine, the AI and the command
    /// line use; [`Pai::counts`] is its inverse.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::Pai;
    /// let h: tenpai::Hand = "0555m19p".parse()?;
    /// let tiles = Pai::list(h.concealed(), h.red_fives());
    /// assert_eq!(tiles.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["5mr", "5m", "5m", "5m", "1p", "9p"]);
    /// assert_eq!(Pai::counts(&tiles), (*h.concealed(), h.red_fives()));
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn list(counts: &TileCounts, red: [u8; 3]) -> Vec<Pai> {
        let mut v = Vec::with_capacity(14);
        Pai::list_into(counts, red, &mut v);
        v
    }

    /// [`Pai::list`] into `out` (cleared first), reusing its buffer.
    ///
    /// # Panics
    /// Never.
    pub fn list_into(counts: &TileCounts, red: [u8; 3], out: &mut Vec<Pai>) {
        out.clear();
        for (i, &n) in counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let Some(t) = Tile::new(i as u8) else { break };
            let r = if t.is_five() { red[i / 9] } else { 0 };
            out.extend((0..n).map(|k| Pai::new(t, k < r)));
        }
    }

    /// The `[u8; 34]` counts of `tiles` and their red fives per suit (man,
    /// pin, sou); hidden tiles are skipped. The inverse of [`Pai::list`].
    ///
    /// # Panics
    /// Never (a count past 255 wraps; a hand holds at most 18 tiles).
    ///
    /// ```
    /// use tenpai::game::Pai;
    /// let tiles: Vec<Pai> = ["5pr", "5p", "E", "?"].iter().map(|t| t.parse().unwrap()).collect();
    /// let (counts, red) = Pai::counts(&tiles);
    /// assert_eq!((counts[13], counts[27], red), (2, 1, [0, 1, 0]));
    /// ```
    pub fn counts(tiles: &[Pai]) -> (TileCounts, [u8; 3]) {
        let mut counts = [0u8; KINDS];
        let mut red = [0u8; 3];
        for t in tiles.iter().filter_map(|p| p.tile()) {
            counts[t.index()] = counts[t.index()].wrapping_add(1);
        }
        for p in tiles.iter().filter(|p| p.is_red()) {
            red[p.index() / 9] += 1;
        }
        (counts, red)
    }
}

impl From<Tile> for Pai {
    fn from(t: Tile) -> Pai {
        Pai(t.index() as u8)
    }
}

impl Pai {
    /// The tile in mjai notation (`3m`, `5sr`, `E`, `C`, `?`), as
    /// `Display` and serde write it, without formatting.
    ///
    /// ```
    /// use tenpai::game::Pai;
    /// assert_eq!("0p".parse::<Pai>()?.mjai(), "5pr");
    /// assert_eq!(Pai::HIDDEN.mjai(), "?");
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    ///
    /// # Panics
    /// Never.
    pub fn mjai(self) -> &'static str {
        NAMES.get(usize::from(self.0)).copied().unwrap_or("?")
    }
}

impl fmt::Display for Pai {
    /// mjai notation: `3m`, `5sr`, `E`, `C`, `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mjai())
    }
}

impl fmt::Debug for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Pai {
    type Err = GameError;
    /// mjai notation; also `1z`–`7z` and `0m`/`0p`/`0s` for red fives.
    fn from_str(s: &str) -> Result<Pai, GameError> {
        let bad = || GameError::BadTile {
            text: s.to_string(),
        };
        if s == "?" {
            return Ok(Pai::HIDDEN);
        }
        if let Some(i) = HONORS.iter().position(|&h| h == s) {
            return Ok(Pai(27 + i as u8));
        }
        let (body, red) = match s.strip_suffix('r') {
            Some(b) => (b, true),
            None => (s, false),
        };
        let (tile, red0) = Tile::parse_with_red(body).map_err(|_| bad())?;
        if red && !tile.is_five() {
            return Err(bad());
        }
        Ok(Pai::new(tile, red || red0))
    }
}

impl Serialize for Pai {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.mjai())
    }
}

impl<'de> Deserialize<'de> for Pai {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pai, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pai_number_is_its_kind_then_34_to_36_for_red_fives_and_none_when_hidden() {
        for n in 0..=HIDDEN {
            let p = Pai(n);
            let by_kind = p.tile().map(|t| match p.is_red() {
                true => 34 + t.index() / 9,
                false => t.index(),
            });
            assert_eq!(p.number(), by_kind, "{p}");
        }
    }

    #[test]
    fn every_pai_is_named_as_mjai_writes_it_and_read_back() {
        for n in 0..=HIDDEN {
            let p = Pai(n);
            assert_eq!(p.mjai().parse::<Pai>().unwrap(), p, "{n}");
            assert_eq!(p.to_string(), p.mjai());
            assert_eq!(
                serde_json::to_string(&p).unwrap(),
                format!("\"{}\"", p.mjai())
            );
        }
        let names: Vec<&str> = [0, 8, 9, 26, 27, 33, 34, 35, 36, 37]
            .map(|n| Pai(n).mjai())
            .to_vec();
        assert_eq!(
            names,
            ["1m", "9m", "1p", "9s", "E", "C", "5mr", "5pr", "5sr", "?"]
        );
        assert_eq!(Pai::new(Tile::new(13).unwrap(), true).mjai(), "5pr");
        assert_eq!(Pai::new(Tile::new(30).unwrap(), true).mjai(), "N");
    }
}

//! A validated hand: concealed tiles, their red fives and called melds.

use crate::error::HandError;
use crate::meld::Meld;
use crate::notation;
use crate::rules::ScoringRules;
use crate::tile::{Tile, TileCounts, KINDS};
use std::fmt;

/// A hand: concealed tiles (with red fives) and called melds, checked once when
/// built: no tile more than four times (melds included), at most 14 tiles with
/// each meld counting as 3.
///
/// ```
/// use tenpai::Hand;
/// let h: Hand = "406m11z [789s] (1111p)".parse()?;
/// assert_eq!(h.len(), 5);
/// assert_eq!(h.red_fives(), [1, 0, 0]);
/// assert_eq!(h.melds().len(), 2);
/// assert_eq!(h.to_string(), "406m11z [789s] (1111p)");
/// assert_eq!("55p5p5p5p".parse::<Hand>().unwrap_err().to_string(), "tile 5p appears 5 times (max 4)");
/// assert_eq!("000m1234p".parse::<Hand>().unwrap_err().to_string(), "red five 0m appears 3 times (the rules' set holds 1)");
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: TileCounts,
    red: [u8; 3],
    melds: Vec<Meld>,
    len: u8,
}

impl Hand {
    /// Builds and checks a hand.
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for a tile more than four times with the melds,
    /// [`HandError::TooManyTiles`] past 14 tiles (a meld counting 3),
    /// [`HandError::BadMeld`] for more red fives than fives.
    pub fn new(concealed: TileCounts, red: [u8; 3], melds: Vec<Meld>) -> Result<Hand, HandError> {
        let mut all = concealed.map(usize::from);
        for m in &melds {
            for t in m.tiles() {
                all[t.index()] += 1;
            }
        }
        if let Some(t) = Tile::all().find(|t| all[t.index()] > 4) {
            return Err(HandError::TooManyCopies {
                tile: t,
                count: all[t.index()],
            });
        }
        for (s, &r) in red.iter().enumerate() {
            if r > concealed[s * 9 + 4] {
                return Err(HandError::BadMeld {
                    pos: 0,
                    reason: "more red fives than fives",
                });
            }
        }
        let len: usize = concealed.iter().map(|&c| c as usize).sum();
        let slots = len + 3 * melds.len();
        if slots > 14 {
            return Err(HandError::TooManyTiles { count: slots });
        }
        if len == 0 && melds.is_empty() {
            return Err(HandError::Empty);
        }
        Ok(Hand {
            concealed,
            red,
            melds,
            len: len as u8,
        })
    }

    /// A hand of concealed tiles only, from counts.
    ///
    /// # Errors
    /// As [`Hand::new`].
    ///
    /// ```
    /// let mut c = [0u8; 34];
    /// c[0] = 2;
    /// assert_eq!(tenpai::Hand::from_counts(&c)?.to_string(), "11m");
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn from_counts(counts: &TileCounts) -> Result<Hand, HandError> {
        Hand::new(*counts, [0; 3], Vec::new())
    }

    /// Concealed tile counts.
    pub fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// Number of concealed tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a hand holds at least one tile or meld.
    pub fn is_empty(&self) -> bool {
        self.len == 0 && self.melds.is_empty()
    }

    /// Red fives among the concealed tiles, per suit (man, pin, sou).
    pub fn red_fives(&self) -> [u8; 3] {
        self.red
    }

    /// Called melds and closed kans, in the order written.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// Tiles in the melds, as counts.
    pub fn meld_counts(&self) -> TileCounts {
        let mut c = [0; KINDS];
        for m in &self.melds {
            m.add_to(&mut c);
        }
        c
    }

    /// Checks the hand's red fives, concealed and in its melds, against a
    /// set of `red_fives` per suit (man, pin, sou): a hand cannot hold more
    /// red fives of a suit than the set has, as it cannot hold a fifth copy.
    ///
    /// # Errors
    /// [`HandError::TooManyRedFives`] naming the first suit's red five over.
    ///
    /// ```
    /// use tenpai::{Hand, HandError, Tile};
    /// let h = Hand::parse_with_red_fives("00p123m [067s]", [2, 2, 2])?;
    /// assert_eq!(h.check_red_fives([1, 2, 1]), Ok(()));
    /// assert_eq!(
    ///     h.check_red_fives([1, 1, 1]),
    ///     Err(HandError::TooManyRedFives { tile: "5p".parse::<Tile>()?, count: 2, max: 1 })
    /// );
    /// assert!(h.check_red_fives([1, 2, 0]).is_err()); // the red 5s of the chi
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn check_red_fives(&self, red_fives: [u8; 3]) -> Result<(), HandError> {
        let mut red = self.red;
        for m in self.melds.iter().filter(|m| m.red_fives() > 0) {
            red[m.tile().index() / 9] += m.red_fives();
        }
        match (0..3).find(|&s| red[s] > red_fives[s]) {
            Some(s) => Err(HandError::TooManyRedFives {
                tile: Tile::new((s * 9 + 4) as u8).expect("a five"),
                count: red[s],
                max: red_fives[s],
            }),
            None => Ok(()),
        }
    }

    /// The hand, when it holds no more red fives of a suit than the
    /// presets' set (one per suit, [`ScoringRules::default`]): what a hand
    /// read without rules may hold (`Hand`'s `FromStr` checks it too).
    ///
    /// # Errors
    /// [`HandError::TooManyRedFives`].
    pub fn within_preset_red_fives(self) -> Result<Hand, HandError> {
        self.check_red_fives(ScoringRules::default().red_fives)?;
        Ok(self)
    }

    /// Parses a hand (as [`str::parse`] does) for a set of `red_fives` per
    /// suit (man, pin, sou) other than the presets' one each.
    ///
    /// # Errors
    /// The notation's errors, [`HandError::TooManyRedFives`].
    pub fn parse_with_red_fives(text: &str, red_fives: [u8; 3]) -> Result<Hand, HandError> {
        let hand = notation::parse_hand(text)?;
        hand.check_red_fives(red_fives)?;
        Ok(hand)
    }

    /// The concealed tiles in index order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(|t| std::iter::repeat_n(t, self.concealed[t.index()] as usize))
    }

    /// The hand in Unicode glyphs, melds in brackets.
    ///
    /// ```
    /// assert_eq!("123m".parse::<tenpai::Hand>()?.to_unicode(), "🀇🀈🀉");
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn to_unicode(&self) -> String {
        let mut s: String = self.tiles().map(Tile::glyph).collect();
        for m in &self.melds {
            s.push(' ');
            s.push_str(&m.to_unicode());
        }
        s
    }
}

impl std::str::FromStr for Hand {
    type Err = HandError;
    /// Parses mpsz or Chinese notation with melds; the notation is described in
    /// the [crate] documentation. At most the presets' red fives (one per
    /// suit, [`ScoringRules::default`]): more is refused as a fifth copy is
    /// ([`Hand::parse_with_red_fives`] for other rules).
    fn from_str(s: &str) -> Result<Hand, HandError> {
        notation::parse_hand(s)?.within_preset_red_fives()
    }
}

impl fmt::Display for Hand {
    /// mpsz notation, melds after the concealed tiles: `406m11z [789s] (1111p)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_mpsz(f, &self.concealed, self.red)?;
        for m in &self.melds {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

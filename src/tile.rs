//! Tiles, suits, tile counts and tile sets.
//!
//! Tile index order (the layout of every [`TileCounts`]): 0–8 = 1–9 man (m),
//! 9–17 = 1–9 pin (p), 18–26 = 1–9 sou (s), 27–33 = honors (z) East, South, West,
//! North, White, Green, Red.

use std::fmt;

/// Number of distinct tile kinds.
pub const KINDS: usize = 34;

/// Tile counts of a hand: `counts[i]` copies (0–4) of the tile with index `i`
/// (0–8 = 1–9m, 9–17 = 1–9p, 18–26 = 1–9s, 27–33 = 1–7z East South West North
/// White Green Red).
pub type TileCounts = [u8; KINDS];

/// A suit: the three numbered suits and the honors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Characters (manzu), written `m`.
    Man,
    /// Circles (pinzu), written `p`.
    Pin,
    /// Bamboo (souzu), written `s`.
    Sou,
    /// Winds and dragons (jihai), written `z`.
    Honor,
}

impl Suit {
    /// All four, in index order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The mpsz letter: `m`, `p`, `s` or `z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Suit::Pin.letter(), 'p');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of an mpsz letter, if it is one.
    ///
    /// ```
    /// assert_eq!(tenpai::Suit::from_letter('z'), Some(tenpai::Suit::Honor));
    /// assert_eq!(tenpai::Suit::from_letter('x'), None);
    /// ```
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// Index of the suit's first tile (0, 9, 18 or 27).
    pub const fn offset(self) -> usize {
        self as usize * 9
    }

    /// Number of tile kinds in the suit: 9, or 7 for honors.
    pub const fn kinds(self) -> usize {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }
}

/// One tile kind; always valid (index 0–33).
///
/// ```
/// use tenpai::{Suit, Tile};
/// let t: Tile = "7z".parse()?;
/// assert_eq!((t.index(), t.suit(), t.number()), (33, Suit::Honor, 7));
/// assert_eq!(t.to_string(), "7z");
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// The tile with index `index`, or `None` when `index >= 34`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::new(0).unwrap().to_string(), "1m");
    /// assert!(tenpai::Tile::new(34).is_none());
    /// ```
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < KINDS {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile of a kind index the crate itself produced and knows to be
    /// below 34: a loop over `0..KINDS`, a bit of a [`TileSet`], the kind of a
    /// rollout's tile code (whose low bits are a kind by construction).
    ///
    /// # Panics
    /// When `index >= 34`: a bug in the caller, never bad input (input is
    /// read through [`Tile::new`] or the parsers, which return errors).
    #[inline]
    #[track_caller]
    pub(crate) fn of_kind(index: usize) -> Tile {
        assert!(index < KINDS, "tile kind {index} (expected 0 to 33)");
        Tile(index as u8)
    }

    /// The tile of `suit` with `number` (1–9, honors 1–7), or `None` when out of range.
    ///
    /// ```
    /// use tenpai::{Suit, Tile};
    /// assert_eq!(Tile::from_suit_number(Suit::Sou, 5).unwrap().to_string(), "5s");
    /// assert!(Tile::from_suit_number(Suit::Honor, 8).is_none());
    /// ```
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<Tile> {
        if number == 0 || number as usize > suit.kinds() {
            return None;
        }
        Some(Tile((suit.offset() + number as usize - 1) as u8))
    }

    /// Index 0–33 into [`TileCounts`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// Number within the suit: 1–9, honors 1–7 (East South West North White Green Red).
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// A wind or a dragon.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// A 1 or a 9 of a numbered suit.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.0 % 9 == 0 || self.0 % 9 == 8)
    }

    /// A terminal or an honor (yaochuuhai).
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// A 2–8 of a numbered suit (chunchanpai).
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honor()
    }

    /// East, South, West or North.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// White, Green or Red.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A five of a numbered suit (the only tiles that can be red).
    pub const fn is_five(self) -> bool {
        !self.is_honor() && self.0 % 9 == 4
    }

    /// The dora a dora indicator of this tile points to: the next tile of its
    /// suit (9 → 1), East → South → West → North → East, White → Green → Red →
    /// White (riichi.wiki "Dora").
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let d = |s: &str| s.parse::<tenpai::Tile>().unwrap().dora_of_indicator().to_string();
    /// assert_eq!((d("9m"), d("4z"), d("7z"), d("3p")), ("1m".into(), "1z".into(), "5z".into(), "4p".into()));
    /// ```
    #[inline]
    pub const fn dora_of_indicator(self) -> Tile {
        let i = self.0;
        Tile(match i {
            0..=26 => i - i % 9 + (i % 9 + 1) % 9,
            27..=30 => 27 + (i - 27 + 1) % 4,
            _ => 31 + (i - 31 + 1) % 3,
        })
    }

    /// All 34 tiles in index order.
    pub fn all() -> impl Iterator<Item = Tile> + Clone {
        (0..KINDS as u8).map(Tile)
    }

    /// The Unicode mahjong glyph (U+1F000 block), e.g. 🀇 for 1m.
    ///
    /// Most terminals draw these one cell wide; pad with a space when aligning.
    ///
    /// ```
    /// assert_eq!("1m".parse::<tenpai::Tile>()?.glyph(), '🀇');
    /// assert_eq!("7z".parse::<tenpai::Tile>()?.glyph(), '🀄');
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn glyph(self) -> char {
        let code = match self.suit() {
            Suit::Man => 0x1F007 + self.number() as u32 - 1,
            Suit::Sou => 0x1F010 + self.number() as u32 - 1,
            Suit::Pin => 0x1F019 + self.number() as u32 - 1,
            // East South West North, then White (1F006), Green (1F005), Red (1F004).
            Suit::Honor => match self.number() {
                n @ 1..=4 => 0x1F000 + n as u32 - 1,
                n => 0x1F006 - (n as u32 - 5),
            },
        };
        char::from_u32(code).expect("mahjong glyphs are valid scalars")
    }

    /// The tile in mpsz notation, written `0m`, `0p` or `0s` when it is a
    /// five and `red` (the way a red five is named everywhere in tenpai's
    /// output); `red` is ignored for other tiles.
    ///
    /// ```
    /// let five: tenpai::Tile = "5p".parse()?;
    /// assert_eq!((five.mpsz(true), five.mpsz(false)), ("0p".to_string(), "5p".to_string()));
    /// assert_eq!("1z".parse::<tenpai::Tile>()?.mpsz(true), "1z");
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn mpsz(self, red: bool) -> String {
        if red && self.is_five() {
            format!("0{}", self.suit().letter())
        } else {
            self.to_string()
        }
    }

    /// Parses one tile in mpsz notation (`5m`, `0p` = red 5p, `7z`), returning it and
    /// whether it was written red.
    ///
    /// # Errors
    /// [`crate::HandError`] when the text is not exactly one tile.
    ///
    /// ```
    /// let (t, red) = tenpai::Tile::parse_with_red("0s")?;
    /// assert_eq!((t.to_string(), red), ("5s".to_string(), true));
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn parse_with_red(s: &str) -> Result<(Tile, bool), crate::HandError> {
        crate::notation::parse_single(s)
    }

    /// Parses a list of tiles in the notation of hands (mpsz, capitals or
    /// Chinese; see [`crate::Hand`]'s `FromStr`), in the order written, each
    /// with whether it was written red (`0m`): `19m4z` is 1m 9m 4z. Spaces
    /// and commas between groups are ignored; brackets (melds) are not part
    /// of a list. An empty text is an empty list. Copies are not limited
    /// (see [`Tile::parse_counts`]). The one tile-list parser behind every
    /// option and command that takes tiles.
    ///
    /// # Errors
    /// The [`crate::HandError`] naming the offending character or tile and
    /// its position: [`crate::HandError::UnknownChar`] (a bracket too),
    /// [`crate::HandError::NoSuchTile`] (`8z`),
    /// [`crate::HandError::DigitWithoutSuit`],
    /// [`crate::HandError::SuitWithoutDigits`].
    ///
    /// ```
    /// use tenpai::{HandError, Tile};
    /// let list = Tile::parse_list("19m 0p, 4z")?;
    /// let names: Vec<String> = list.iter().map(|&(t, red)| t.mpsz(red)).collect();
    /// assert_eq!(names, ["1m", "9m", "0p", "4z"]);
    /// assert_eq!(Tile::parse_list("18z").unwrap_err(), HandError::NoSuchTile { number: '8', suit: 'z', pos: 2 });
    /// assert_eq!(Tile::parse_list("1m [234p]").unwrap_err().to_string(), "unknown character '[' at position 4");
    /// # Ok::<(), HandError>(())
    /// ```
    pub fn parse_list(s: &str) -> Result<Vec<(Tile, bool)>, crate::HandError> {
        crate::notation::parse_list(s)
    }

    /// Parses a list of tiles as [`Tile::parse_list`] does into `[u8; 34]`
    /// counts (red fives counted as fives), such as the tiles a player has
    /// seen.
    ///
    /// # Errors
    /// As [`Tile::parse_list`], and [`crate::HandError::TooManyCopies`] for
    /// a tile more than four times.
    ///
    /// ```
    /// use tenpai::Tile;
    /// let c = Tile::parse_counts("1155z 406m")?;
    /// assert_eq!((c[27], c[31], c[4]), (2, 2, 1));
    /// assert_eq!(Tile::parse_counts("11111m").unwrap_err().to_string(), "tile 1m appears 5 times (max 4)");
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn parse_counts(s: &str) -> Result<TileCounts, crate::HandError> {
        crate::notation::parse_counts(s)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Tile {
    type Err = crate::HandError;
    fn from_str(s: &str) -> Result<Tile, crate::HandError> {
        Ok(Tile::parse_with_red(s)?.0)
    }
}

/// A set of tile kinds (bit `i` = tile index `i`).
///
/// ```
/// use tenpai::{Tile, TileSet};
/// let mut s = TileSet::EMPTY;
/// s.insert("3p".parse()?);
/// assert!(s.contains("3p".parse()?));
/// assert_eq!(s.len(), 1);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TileSet(u64);

impl TileSet {
    /// No tiles.
    pub const EMPTY: TileSet = TileSet(0);

    /// The set with the given bits (bits 34–63 are ignored).
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & ((1 << KINDS) - 1))
    }

    /// Bit `i` set for tile index `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Adds a tile.
    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.index();
    }

    /// Whether the tile is in the set.
    pub const fn contains(self, t: Tile) -> bool {
        self.0 >> t.index() & 1 == 1
    }

    /// Number of tile kinds in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tiles in index order.
    pub fn iter(self) -> impl Iterator<Item = Tile> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Tile(i as u8))
        })
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl fmt::Display for TileSet {
    /// mpsz notation, e.g. `14m258p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut counts = [0u8; KINDS];
        for t in self.iter() {
            counts[t.index()] = 1;
        }
        crate::notation::write_mpsz(f, &counts, [0; 3])
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileSet({self})")
    }
}

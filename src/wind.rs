//! The four winds: seat winds and the round wind.

use crate::error::HandError;
use crate::tile::Tile;
use std::fmt;

/// A wind: a seat wind or the round wind.
///
/// ```
/// use tenpai::Wind;
/// let w: Wind = "S".parse()?;
/// assert_eq!((w, w.tile().to_string(), w.to_string()), (Wind::South, "2z".to_string(), "S".to_string()));
/// assert_eq!(("南".parse::<Wind>()?, "北风".parse::<Wind>()?), (Wind::South, Wind::North));
/// // In JSON, the letter mjai writes.
/// assert_eq!(serde_json::to_string(&w).unwrap(), r#""S""#);
/// assert_eq!(serde_json::from_str::<Wind>(r#""W""#).unwrap(), Wind::West);
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wind {
    /// East (the dealer's seat wind), tile `1z`.
    #[default]
    East,
    /// South, tile `2z`.
    South,
    /// West, tile `3z`.
    West,
    /// North, tile `4z`.
    North,
}

impl Wind {
    /// All four, East first.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's tile (`1z`–`4z`).
    pub const fn tile(self) -> Tile {
        match Tile::new(27 + self as u8) {
            Some(t) => t,
            None => unreachable!(),
        }
    }

    /// The seat wind of seat `seat` in a round dealt by seat `dealer` (seats
    /// 0–3, taken modulo 4): East for the dealer, then South, West and North
    /// in turn order.
    ///
    /// ```
    /// use tenpai::Wind;
    /// assert_eq!(Wind::of_seat(1, 1), Wind::East);
    /// assert_eq!(Wind::of_seat(0, 1), Wind::North);
    /// assert_eq!(Wind::of_seat(3, 2), Wind::South);
    /// ```
    #[inline]
    pub const fn of_seat(seat: u8, dealer: u8) -> Wind {
        Wind::ALL[((seat % 4 + 4 - dealer % 4) % 4) as usize]
    }

    /// The wind's name: `East`, `South`, `West` or `North`.
    ///
    /// ```
    /// assert_eq!(tenpai::Wind::West.name(), "West");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Wind::East => "East",
            Wind::South => "South",
            Wind::West => "West",
            Wind::North => "North",
        }
    }

    /// The letter `E`, `S`, `W` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }
}

impl fmt::Display for Wind {
    /// `E`, `S`, `W` or `N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl serde::Serialize for Wind {
    /// `"E"`, `"S"`, `"W"` or `"N"`, as mjai writes a round wind.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Wind {
    /// Whatever [`Wind`]'s `FromStr` reads (`"E"`, `"east"`, `"1z"`).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Wind, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Wind {
    type Err = HandError;
    /// `E S W N` (any case), `east`…`north`, the tiles `1z`–`4z`, or the
    /// Chinese names 东/東 南 西 北 (also 东风 南风 西风 北风).
    fn from_str(s: &str) -> Result<Wind, Self::Err> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "e" | "east" | "1z" | "东" | "東" | "东风" | "東風" => Wind::East,
            "s" | "south" | "2z" | "南" | "南风" | "南風" => Wind::South,
            "w" | "west" | "3z" | "西" | "西风" | "西風" => Wind::West,
            "n" | "north" | "4z" | "北" | "北风" | "北風" => Wind::North,
            _ => {
                return Err(HandError::BadWind {
                    text: s.to_string(),
                })
            }
        })
    }
}

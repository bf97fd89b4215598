//! A seat number checked once: [`SeatIndex`], 0 to 3 counting from the
//! first dealer (East of East 1), the seats' own order. Every public entry
//! point that takes a seat from outside (the library's functions, the
//! command line's `--seat`, Python's arguments, the web protocol, the log
//! readers) reads it through [`SeatIndex::new`] or `TryFrom`, so a seat above
//! 3 is the same [`SeatError`] everywhere. (Not [`super::Seat`], which is
//! one seat's state in a round.)

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A seat number that is known to be 0 to 3: seat 0 deals first, the next
/// seat (counter-clockwise, [`SeatIndex::next`]) is its shimocha. Serialized
/// as a plain integer; an integer above 3 is refused when read.
///
/// ```
/// use tenpai::game::{SeatError, SeatIndex};
/// let s = SeatIndex::new(3)?;
/// assert_eq!((s.get(), s.index(), s.next().get(), s.kamicha().get()), (3, 3, 0, 2));
/// assert_eq!(SeatIndex::try_from(4usize), Err(SeatError { seat: 4 }));
/// assert_eq!(SeatError { seat: 7 }.to_string(), "seat 7: expected 0 to 3");
/// assert_eq!(serde_json::to_string(&s).unwrap(), "3");
/// assert!(serde_json::from_str::<SeatIndex>("5").is_err());
/// # Ok::<(), SeatError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u64", into = "u8")]
pub struct SeatIndex(u8);

/// A seat number that is not 0 to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("seat {seat}: expected 0 to 3")]
pub struct SeatError {
    /// The number given (wide enough for any integer type's value, a
    /// negative one included).
    pub seat: i128,
}

impl SeatIndex {
    /// The four seats in order, seat 0 first.
    pub const ALL: [SeatIndex; 4] = [SeatIndex(0), SeatIndex(1), SeatIndex(2), SeatIndex(3)];

    /// Seat `seat`.
    ///
    /// # Errors
    /// [`SeatError`] naming `seat` when it is above 3.
    ///
    /// ```
    /// assert_eq!(tenpai::game::SeatIndex::new(2).map(|s| s.get()), Ok(2));
    /// assert!(tenpai::game::SeatIndex::new(4).is_err());
    /// ```
    #[inline]
    pub const fn new(seat: u8) -> Result<SeatIndex, SeatError> {
        if seat < 4 {
            Ok(SeatIndex(seat))
        } else {
            Err(SeatError { seat: seat as i128 })
        }
    }

    /// The seat `seat % 4`: for arithmetic on seats (a seat plus an offset),
    /// never for a number read from outside.
    ///
    /// ```
    /// assert_eq!(tenpai::game::SeatIndex::wrapping(6).get(), 2);
    /// ```
    #[inline]
    pub const fn wrapping(seat: u8) -> SeatIndex {
        SeatIndex(seat % 4)
    }

    /// A seat the engine holds (a phase's, an event's it has checked): 0 to
    /// 3 by the state's invariants.
    ///
    /// # Panics
    /// When `seat > 3`, a bug in the engine (input is read with
    /// [`SeatIndex::new`] or `TryFrom`).
    #[inline]
    #[track_caller]
    pub(crate) fn engine(seat: u8) -> SeatIndex {
        assert!(seat < 4, "the engine's seats are 0 to 3, not {seat}");
        SeatIndex(seat)
    }

    /// The number, 0 to 3.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The number as an index into per-seat arrays, 0 to 3.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order (shimocha: the seat to the right).
    #[inline]
    pub const fn next(self) -> SeatIndex {
        SeatIndex((self.0 + 1) % 4)
    }

    /// The seat across (toimen).
    #[inline]
    pub const fn toimen(self) -> SeatIndex {
        SeatIndex((self.0 + 2) % 4)
    }

    /// The previous seat in turn order (kamicha: the seat to the left, whose
    /// discards one may chi).
    #[inline]
    pub const fn kamicha(self) -> SeatIndex {
        SeatIndex((self.0 + 3) % 4)
    }
}

impl std::fmt::Display for SeatIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<SeatIndex> for u8 {
    fn from(s: SeatIndex) -> u8 {
        s.0
    }
}

impl From<SeatIndex> for usize {
    fn from(s: SeatIndex) -> usize {
        s.index()
    }
}

macro_rules! try_from_int {
    ($($t:ty),*) => {$(
        impl TryFrom<$t> for SeatIndex {
            type Error = SeatError;
            /// Seat `n`; [`SeatError`] when it is not 0 to 3.
            fn try_from(n: $t) -> Result<SeatIndex, SeatError> {
                match u8::try_from(n) {
                    Ok(s) if s < 4 => Ok(SeatIndex(s)),
                    // Named as given, a negative number too.
                    _ => Err(SeatError { seat: n as i128 }),
                }
            }
        }
    )*};
}
try_from_int!(u8, u16, u32, u64, usize, i32, i64, i128);

impl std::str::FromStr for SeatIndex {
    type Err = SeatParseError;
    /// A seat as a person writes it: its number in decimal, `0` to `3`, or
    /// its wind in the first round, `E` (the first dealer, seat 0), `S`,
    /// `W` or `N` (any case; also `east` … `north` and the Chinese names
    /// that [`crate::Wind`] reads, not the tiles `1z`–`4z`, which a seat
    /// number could be mistaken for). Every `--seat` of the command line
    /// reads a seat here.
    ///
    /// ```
    /// use tenpai::game::SeatIndex;
    /// assert_eq!("2".parse::<SeatIndex>(), Ok(SeatIndex::ALL[2]));
    /// assert_eq!("W".parse::<SeatIndex>(), Ok(SeatIndex::ALL[2]));
    /// assert_eq!("e".parse::<SeatIndex>(), Ok(SeatIndex::ALL[0]));
    /// assert_eq!("3z".parse::<SeatIndex>().unwrap_err().to_string(), "seat \"3z\": expected 0 to 3, or E, S, W or N");
    /// ```
    fn from_str(s: &str) -> Result<SeatIndex, SeatParseError> {
        let text = s.trim();
        if let Ok(n) = text.parse::<i128>() {
            return Ok(SeatIndex::try_from(n)?);
        }
        let digit = text.starts_with(|c: char| c.is_ascii_digit());
        match text.parse::<crate::Wind>() {
            Ok(w) if !digit => Ok(SeatIndex(w as u8)),
            _ => Err(SeatParseError::NotANumber {
                text: s.to_string(),
            }),
        }
    }
}

/// Why a seat written as text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SeatParseError {
    /// Neither a whole number nor a wind.
    #[error("seat {text:?}: expected 0 to 3, or E, S, W or N")]
    NotANumber {
        /// The text given.
        text: String,
    },
    /// A number that is not 0 to 3.
    #[error(transparent)]
    OutOfRange(#[from] SeatError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_index_err_names_the_value_for_every_source() {
        assert_eq!(SeatIndex::new(4), Err(SeatError { seat: 4 }));
        assert_eq!(SeatIndex::try_from(255u8), Err(SeatError { seat: 255 }));
        assert_eq!(
            SeatIndex::try_from(1000usize),
            Err(SeatError { seat: 1000 })
        );
        assert_eq!(
            SeatIndex::try_from(-1i64).unwrap_err().to_string(),
            "seat -1: expected 0 to 3"
        );
        assert_eq!(
            SeatIndex::try_from(u64::MAX).unwrap_err().to_string(),
            format!("seat {}: expected 0 to 3", u64::MAX)
        );
        assert_eq!(
            "-2".parse::<SeatIndex>().unwrap_err().to_string(),
            "seat -2: expected 0 to 3"
        );
        assert_eq!(
            "9".parse::<SeatIndex>().unwrap_err().to_string(),
            "seat 9: expected 0 to 3"
        );
        assert_eq!(
            "middle".parse::<SeatIndex>().unwrap_err().to_string(),
            "seat \"middle\": expected 0 to 3, or E, S, W or N"
        );
    }

    #[test]
    fn seat_index_reads_numbers_and_first_round_winds_alike() {
        let read = |t: &str| t.parse::<SeatIndex>().map(SeatIndex::get);
        assert_eq!(
            ["0", "1", "2", "3"].map(read),
            ["E", "S", "W", "N"].map(read)
        );
        assert_eq!(
            ["east", " n ", "North", "西"].map(read),
            [Ok(0), Ok(3), Ok(3), Ok(2)]
        );
        for bad in ["1z", "4z", "", "x"] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn seat_index_ok_neighbours_go_round_the_table() {
        let [s0, s1, s2, s3] = SeatIndex::ALL;
        assert_eq!(
            [s0.next(), s1.next(), s2.next(), s3.next()],
            [s1, s2, s3, s0]
        );
        assert_eq!([s0.kamicha(), s1.kamicha()], [s3, s0]);
        assert_eq!([s0.toimen(), s3.toimen()], [s2, s1]);
    }

    #[test]
    fn seat_index_serde_is_a_plain_integer() {
        assert_eq!(serde_json::to_string(&SeatIndex::ALL[2]).unwrap(), "2");
        assert_eq!(
            serde_json::from_str::<SeatIndex>("1").unwrap(),
            SeatIndex::ALL[1]
        );
        let e = serde_json::from_str::<SeatIndex>("4")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("seat 4: expected 0 to 3"), "{e}");
        assert!(serde_json::from_str::<SeatIndex>("-1").is_err());
    }
}

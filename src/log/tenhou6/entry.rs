//! The entries of a tenhou.net/6 round: tile codes, calls, and what the draw
//! and discard lists hold, each read by serde with a message naming the value.

use crate::game::Pai;
use crate::tile::Tile;
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use std::fmt;

/// A tenhou.net/6 tile code as a [`Pai`]: 11–19 man, 21–29 pin, 31–39 sou,
/// 41–47 East South West North White Green Red, 51–53 red 5m 5p 5s.
///
/// # Errors
/// A message naming the code when it is no tile.
///
/// ```
/// use tenpai::log::tenhou6::code_pai;
/// assert_eq!(code_pai(52)?.to_string(), "5pr");
/// assert_eq!(code_pai(46)?.to_string(), "F");
/// assert_eq!(code_pai(48).unwrap_err(), "48 is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)");
/// # Ok::<(), String>(())
/// ```
pub fn code_pai(code: i64) -> Result<Pai, String> {
    let bad = || format!("{code} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)");
    let (suit, n, red) = match code {
        51..=53 => (code - 51, 5, true),
        11..=47 => (code / 10 - 1, code % 10, false),
        _ => return Err(bad()),
    };
    let max = if suit == 3 { 7 } else { 9 };
    if !(1..=max).contains(&n) {
        return Err(bad());
    }
    let t = Tile::new((suit * 9 + n - 1) as u8).ok_or_else(bad)?;
    Ok(Pai::new(t, red))
}

/// A tile code in a haipai or dora list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Code(pub Pai);

/// A call string: its letter, the letter's place, and its tiles in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Call {
    pub letter: char,
    pub pos: usize,
    pub tiles: Vec<Pai>,
}

impl Call {
    /// Reads a call string such as `"c131415"` or `"4444p44"`, accepting only
    /// the letters in `letters`.
    fn parse(s: &str, letters: &str) -> Result<Call, String> {
        let bad = |why: &str| format!("call {s:?}: {why}");
        let (pos, letter) = s
            .char_indices()
            .find(|(_, c)| c.is_ascii_alphabetic())
            .ok_or_else(|| bad("no letter"))?;
        if !letters.contains(letter) {
            return Err(bad(&format!(
                "letter {letter:?} (expected one of {letters})"
            )));
        }
        let digits: String = s.chars().filter(|c| *c != letter).collect();
        if !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() % 2 != 0 {
            return Err(bad("expected two-digit tile codes around one letter"));
        }
        let tiles = (0..digits.len() / 2)
            .map(|i| {
                code_pai(
                    digits[2 * i..2 * i + 2]
                        .parse()
                        .expect("two ASCII digits, checked above"),
                )
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad(&e))?;
        let need = if matches!(letter, 'c' | 'p') { 3 } else { 4 };
        if tiles.len() != need {
            return Err(bad(&format!(
                "{} tiles (a {letter} call has {need})",
                tiles.len()
            )));
        }
        // The letter stands before one of the tiles (before the last for an
        // added or closed kan, which write it before the third or fourth).
        if pos % 2 != 0 || pos / 2 >= tiles.len() {
            return Err(bad("the letter is not before a tile"));
        }
        Ok(Call { letter, pos, tiles })
    }

    /// The tile right after the letter (the called or added tile).
    pub fn key(&self) -> Pai {
        self.tiles[self.pos / 2]
    }

    /// The tiles but the key, sorted.
    pub fn others(&self) -> Vec<Pai> {
        let mut v = self.tiles.clone();
        v.remove(self.pos / 2);
        super::super::sort_pais(&mut v);
        v
    }

    /// Relative seat the tile came from: 3 left, 2 across, 1 right.
    pub fn source(&self) -> u8 {
        match self.pos / 2 {
            0 => 3,
            1 => 2,
            _ => 1,
        }
    }
}

/// One entry of a draw list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum DrawEntry {
    /// A tile drawn.
    Tile(Pai),
    /// A chi, pon or open kan (`c`, `p`, `m`).
    Call(Call),
}

/// One entry of a discard list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum DiscardEntry {
    /// A tile from the hand.
    Tile(Pai),
    /// `60`: the drawn tile.
    Tsumogiri,
    /// `r…`: a riichi discard, of the drawn tile when `None` (`r60`).
    Riichi(Option<Pai>),
    /// An added or closed kan (`k`, `a`).
    Kan(Call),
    /// `0`: the turn of an open kan.
    KanTurn,
}

/// A serde visitor for a number or a string, with the expectation named.
struct Either<F> {
    expecting: &'static str,
    make: F,
}

enum Raw<'a> {
    Num(i64),
    Str(&'a str),
}

impl<'de, T, F: FnOnce(Raw<'_>) -> Result<T, String>> Visitor<'de> for Either<F> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        (self.make)(Raw::Num(v)).map_err(E::custom)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        let v = i64::try_from(v).unwrap_or(i64::MAX);
        (self.make)(Raw::Num(v)).map_err(E::custom)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.make)(Raw::Str(v)).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Code, D::Error> {
        d.deserialize_any(Either {
            expecting: "a tile code",
            make: |r: Raw<'_>| match r {
                Raw::Num(n) => code_pai(n).map(Code),
                Raw::Str(s) => Err(format!("{s:?} is not a tile code")),
            },
        })
    }
}

impl<'de> Deserialize<'de> for DrawEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DrawEntry, D::Error> {
        d.deserialize_any(Either {
            expecting: "a tile code or a call (c, p, m)",
            make: |r: Raw<'_>| match r {
                Raw::Num(n) => code_pai(n).map(DrawEntry::Tile),
                Raw::Str(s) => Call::parse(s, "cpm").map(DrawEntry::Call),
            },
        })
    }
}

impl<'de> Deserialize<'de> for DiscardEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DiscardEntry, D::Error> {
        d.deserialize_any(Either {
            expecting: "a tile code, 60, 0, a riichi (r…) or a kan (k, a)",
            make: |r: Raw<'_>| match r {
                Raw::Num(60) => Ok(DiscardEntry::Tsumogiri),
                Raw::Num(0) => Ok(DiscardEntry::KanTurn),
                Raw::Num(n) => code_pai(n).map(DiscardEntry::Tile),
                Raw::Str(s) => match s.strip_prefix('r') {
                    Some("60") => Ok(DiscardEntry::Riichi(None)),
                    Some(code) => code
                        .parse::<i64>()
                        .map_err(|_| format!("riichi {s:?}: expected r and a tile code"))
                        .and_then(code_pai)
                        .map(|p| DiscardEntry::Riichi(Some(p))),
                    None => Call::parse(s, "ka").map(DiscardEntry::Kan),
                },
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(json: &str) -> Result<DrawEntry, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    fn discard(json: &str) -> Result<DiscardEntry, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn call_ok_pon_from_the_right() {
        let DrawEntry::Call(c) = draw("\"4444p44\"").unwrap() else {
            panic!("a call")
        };
        assert_eq!(
            (c.letter, c.key().to_string(), c.source()),
            ('p', "N".into(), 1)
        );
    }

    #[test]
    fn call_err_letter_not_allowed_where_it_stands() {
        assert_eq!(
            draw("\"a11111111\"").unwrap_err(),
            "call \"a11111111\": letter 'a' (expected one of cpm) at line 1 column 11"
        );
        assert_eq!(
            discard("\"p434343\"").unwrap_err(),
            "call \"p434343\": letter 'p' (expected one of ka) at line 1 column 9"
        );
    }

    #[test]
    fn entry_err_text_and_bad_codes_named() {
        assert_eq!(
            discard("\"1212\"").unwrap_err(),
            "call \"1212\": no letter at line 1 column 6"
        );
        assert_eq!(
            discard("\"r5x\"").unwrap_err(),
            "riichi \"r5x\": expected r and a tile code at line 1 column 5"
        );
        assert_eq!(
            draw("10").unwrap_err(),
            "10 is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53) at line 1 column 2"
        );
        assert_eq!(
            draw("[]").unwrap_err(),
            "invalid type: sequence, expected a tile code or a call (c, p, m) at line 1 column 2"
        );
        assert_eq!(discard("60").unwrap(), DiscardEntry::Tsumogiri);
        assert_eq!(discard("\"r60\"").unwrap(), DiscardEntry::Riichi(None));
    }
}

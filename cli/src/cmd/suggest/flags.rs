//! The value parsers of `suggest`'s situation flags: each reads its value
//! with the library's parsers (`FromStr` of [`RoundId`], [`Hand`], `i32`;
//! [`Tile::parse_list`]), so that a bad value is a usage error (exit status
//! 2) in which clap names the flag, with the bad part.

use tenpai::game::{Pai, RoundId, SeatIndex};
use tenpai::{Hand, Meld, Tile};

/// An ordered mpsz tile list (`19m4z` is 1m 9m 4z; `0` is a red five).
fn tile_list(text: &str) -> Result<Vec<Pai>, String> {
    let tiles = Tile::parse_list(text).map_err(|e| format!("{text:?}: {e}"))?;
    Ok(tiles.into_iter().map(|(t, red)| Pai::new(t, red)).collect())
}

/// `--drawn TILE`: one mpsz tile, e.g. `4z` or `0m` (a red five).
///
/// # Errors
/// A tile that does not parse, or more or fewer than one.
pub fn drawn(text: &str) -> Result<Pai, String> {
    match tile_list(text)?[..] {
        [p] => Ok(p),
        _ => Err("expected one tile, e.g. 4z".into()),
    }
}

/// `--round`: `E1` to `N4`, optionally `-N` honba (`S2-1`).
///
/// # Errors
/// Anything else.
pub fn round(text: &str) -> Result<RoundId, String> {
    text.parse::<RoundId>()
        .map_err(|_| "expected E1 to N4, optionally with -N honba (S2-1)".into())
}

/// `--scores A,B,C,D`: four scores in points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scores(pub [i32; 4]);

/// Parses `--scores`.
///
/// # Errors
/// A part that is not a number (named), or not four parts.
pub fn scores(text: &str) -> Result<Scores, String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [a, b, c, d] = parts[..] else {
        return Err(format!(
            "expected four comma-separated numbers, got {}",
            parts.len()
        ));
    };
    let mut out = [0; 4];
    for (o, p) in out.iter_mut().zip([a, b, c, d]) {
        *o = p
            .trim()
            .parse()
            .map_err(|e| format!("{:?}: {e}", p.trim()))?;
    }
    Ok(Scores(out))
}

/// `--rivers R0,R1,R2,R3`: the four seats' discards in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rivers(pub [Vec<Pai>; 4]);

/// Parses `--rivers`.
///
/// # Errors
/// Not four lists, or a list that does not parse (named, with its seat).
pub fn rivers(text: &str) -> Result<Rivers, String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 4 {
        return Err(format!(
            "expected four comma-separated lists (seats 0-3), got {}",
            parts.len()
        ));
    }
    let mut out: [Vec<Pai>; 4] = Default::default();
    for (s, part) in parts.iter().enumerate() {
        out[s] = tile_list(part).map_err(|e| format!("seat {s}: {e}"))?;
    }
    Ok(Rivers(out))
}

/// `--melds SEAT=MELDS`: another seat's called melds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatMelds {
    /// The seat.
    pub seat: SeatIndex,
    /// Its melds.
    pub melds: Vec<Meld>,
    /// The value as given (for messages).
    pub text: String,
}

/// Parses `--melds`.
///
/// # Errors
/// No `=`, a seat other than 0-3, melds that do not parse or loose tiles.
pub fn melds(text: &str) -> Result<SeatMelds, String> {
    let (s, m) = text
        .split_once('=')
        .ok_or("expected SEAT=MELDS, e.g. 2=[555z]")?;
    let seat = seat(s)?;
    let hand: Hand = m.parse().map_err(|e| format!("{m:?}: {e}"))?;
    if hand.concealed().iter().any(|&c| c > 0) {
        return Err(format!("{m:?}: only melds, in brackets"));
    }
    Ok(SeatMelds {
        seat,
        melds: hand.melds().to_vec(),
        text: text.to_string(),
    })
}

/// `--riichi SEAT[@N]`: a seat in riichi, declared with its Nth discard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Riichi {
    /// The seat.
    pub seat: SeatIndex,
    /// The discard it declared with (1-based); `None`: the last.
    pub discard: Option<usize>,
    /// The value as given (for messages).
    pub text: String,
}

/// Parses `--riichi`.
///
/// # Errors
/// A seat other than 0-3, or an `N` that is not a number.
pub fn riichi(text: &str) -> Result<Riichi, String> {
    let (s, n) = match text.split_once('@') {
        Some((s, n)) => (s, Some(n)),
        None => (text, None),
    };
    let discard = n
        .map(|n| {
            n.trim()
                .parse::<usize>()
                .map_err(|e| format!("discard {n:?}: {e}"))
        })
        .transpose()?;
    Ok(Riichi {
        seat: seat(s)?,
        discard,
        text: text.to_string(),
    })
}

/// A seat number, 0-3 (the library's [`SeatIndex`] and its message).
fn seat(text: &str) -> Result<SeatIndex, String> {
    text.parse::<SeatIndex>().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_parser_names_the_bad_part() {
        assert_eq!(drawn("4z5z").unwrap_err(), "expected one tile, e.g. 4z");
        assert_eq!(
            drawn("8z").unwrap_err(),
            "\"8z\": no tile 8z (at position 1)"
        );
        assert_eq!(
            scores("1,2,x,4").unwrap_err(),
            "\"x\": invalid digit found in string"
        );
        assert_eq!(
            scores("1,2").unwrap_err(),
            "expected four comma-separated numbers, got 2"
        );
        assert_eq!(scores("1, 2,3,-4").unwrap(), Scores([1, 2, 3, -4]));
        assert_eq!(
            rivers("1m,,8z,").unwrap_err(),
            "seat 2: \"8z\": no tile 8z (at position 1)"
        );
        assert_eq!(
            rivers(",,").unwrap_err(),
            "expected four comma-separated lists (seats 0-3), got 3"
        );
        assert_eq!(melds("5=[555z]").unwrap_err(), "seat 5: expected 0 to 3");
        assert_eq!(
            melds("2[555z]").unwrap_err(),
            "expected SEAT=MELDS, e.g. 2=[555z]"
        );
        assert_eq!(melds("2=[555z]").unwrap().melds.len(), 1);
        assert_eq!(
            riichi("1@x").unwrap_err(),
            "discard \"x\": invalid digit found in string"
        );
        assert_eq!(riichi("3@2").unwrap().discard, Some(2));
        assert_eq!(
            round("E5").unwrap_err(),
            "expected E1 to N4, optionally with -N honba (S2-1)"
        );
    }
}

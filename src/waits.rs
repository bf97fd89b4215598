//! The waits of a ready hand, written once for the engine, the AI and the
//! command line: the kinds that complete a 3n+1 hand, less any kind whose
//! four copies the hand already holds ([`waits`]: what the hand can win on);
//! and whether a hand counts as ready ([`is_tenpai`]: at an exhaustive draw,
//! for riichi, for the dealer's repeat), which a wait in one's own kan does
//! not spoil.

use crate::efficiency::{check_13, ukeire};
use crate::error::HandError;
use crate::tile::{Tile, TileCounts, TileSet};

/// The waits of a 3n+1 hand: the kinds that complete it, yaku or not, as a
/// [`TileSet`] (empty when it is not tenpai). `called`: the tiles of its
/// called melds and closed kans as `[u8; 34]` counts
/// ([`crate::Hand::meld_counts`]); a kind whose four copies are all in the
/// hand and its melds is no wait — there is no fifth copy to win on — so a
/// hand waiting only on such kinds can win on nothing. Whether it still
/// counts as ready is [`is_tenpai`]'s question: a wait all of whose copies lie
/// in the hand's own kan does count. The engine, the AI and the CLI all read
/// waits here.
///
/// # Errors
/// As [`crate::ukeire`]: [`HandError::TooManyCopies`] for a kind held more than
/// four times (in `concealed`, or in `concealed` and `called` together),
/// [`HandError::WrongTileCount`] unless `concealed` holds 3n+1 tiles (1 to 13).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{waits, Hand, HandError};
/// let h: Hand = "23m456p789s11122z".parse()?;
/// assert_eq!(waits(h.concealed(), None)?.to_string(), "14m");
/// // 1m tanki beside a pon of 1m: every 1m is held.
/// let h: Hand = "1m [111m] [234p] [567s] [777z]".parse()?;
/// assert!(waits(h.concealed(), Some(&h.meld_counts()))?.is_empty());
/// assert!(waits(h.concealed(), None)?.contains("1m".parse()?));
/// // Not 3n+1 tiles: a typed error, as shanten and ukeire give.
/// let h: Hand = "123m456p789s11222z".parse()?;
/// assert_eq!(
///     waits(h.concealed(), None),
///     Err(HandError::WrongTileCount { expected: "3n+1 tiles (1, 4, 7, 10 or 13)", count: 14 })
/// );
/// # Ok::<(), HandError>(())
/// ```
pub fn waits(concealed: &TileCounts, called: Option<&TileCounts>) -> Result<TileSet, HandError> {
    check_13(concealed)?;
    if let Some(c) = called {
        if let Some(t) = Tile::all().find(|t| concealed[t.index()].saturating_add(c[t.index()]) > 4)
        {
            return Err(HandError::TooManyCopies {
                tile: t,
                count: usize::from(concealed[t.index()]) + usize::from(c[t.index()]),
            });
        }
    }
    let w = concealed_waits(concealed);
    Ok(match called {
        Some(c) => without_held_fours(w, concealed, c),
        None => w,
    })
}

/// Whether a 3n+1 hand counts as ready (tenpai): its concealed tiles wait on
/// some kind not held four times among them — the rule of the exhaustive
/// draw's payments, of riichi and of the dealer's repeat. A kind whose
/// copies all lie in the hand's own melds still counts (karaten: `12s 444p
/// 666p 88p` with a closed kan of 3s is ready); a kind held four times in the
/// concealed tiles does not (`123456789m 1111p` waits on no fifth 1p).
/// Whether the hand can *win* on a tile is [`waits`].
///
/// Sources: riichi.wiki "Karaten" (karaten is tenpai at a draw "except if all
/// four copies of the winning tile are in the player's own hand"; the kan case
/// "scored as in tenpai" on Tenhou and on Mahjong Soul); RiichiEnv
/// `HandEvaluator::is_tenpai` and Mortal's referee (`exhaustive_ryukyoku`),
/// both reading the concealed tiles only.
///
/// # Panics
/// Never (counts that are no hand are not ready).
///
/// ```
/// use tenpai::{is_tenpai, waits, Hand};
/// let h: Hand = "12s444p666p88p (3333s)".parse()?;
/// assert!(waits(h.concealed(), Some(&h.meld_counts()))?.is_empty());
/// assert!(is_tenpai(h.concealed()));
/// let h: Hand = "123456789m1111p".parse()?;
/// assert!(!is_tenpai(h.concealed()));
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[inline]
pub fn is_tenpai(concealed: &TileCounts) -> bool {
    !concealed_waits(concealed).is_empty()
}

/// [`waits`] of the concealed tiles alone (no melds to look at).
#[inline]
pub(crate) fn concealed_waits(counts: &TileCounts) -> TileSet {
    concealed_shanten_waits(counts).1
}

/// The shanten number of the concealed tiles ([`crate::shanten()`]; `None`
/// for counts that are no hand) and their waits ([`concealed_waits`]), from
/// the one shanten lookup the waits begin with.
#[inline]
pub(crate) fn concealed_shanten_waits(counts: &TileCounts) -> (Option<i8>, TileSet) {
    // Most hands are not tenpai: the shanten lookup is much cheaper than the
    // ukeire, which also refuses every size but 3n+1.
    let shanten = crate::shanten(counts).ok();
    if shanten != Some(0) {
        return (shanten, TileSet::EMPTY);
    }
    let waits = match ukeire(counts, None) {
        Ok(u) if u.shanten == 0 => u.tiles,
        _ => TileSet::EMPTY,
    };
    (shanten, waits)
}

/// The kinds of `waits` not held four times in `concealed` and `called`
/// together (the second step of [`waits`]).
#[inline]
pub(crate) fn without_held_fours(
    waits: TileSet,
    concealed: &TileCounts,
    called: &TileCounts,
) -> TileSet {
    if waits.is_empty() {
        return waits;
    }
    waits
        .iter()
        .filter(|t| concealed[t.index()].saturating_add(called[t.index()]) < 4)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Hand;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn waits_ok_nine_gates_every_man_tile() {
        let h = hand("1112345678999m");
        assert_eq!(
            waits(h.concealed(), None).unwrap().to_string(),
            "123456789m"
        );
    }

    #[test]
    fn waits_ok_not_tenpai_is_empty() {
        let h = hand("1239m456p789s123z");
        assert_eq!(waits(h.concealed(), None), Ok(TileSet::EMPTY));
    }

    #[test]
    fn waits_err_fourteen_tiles() {
        let h = hand("123m456p789s11222z");
        assert_eq!(
            waits(h.concealed(), None),
            Err(HandError::WrongTileCount {
                expected: "3n+1 tiles (1, 4, 7, 10 or 13)",
                count: 14
            })
        );
    }

    #[test]
    fn waits_err_fifth_copy_counting_the_melds() {
        let h = hand("11m456p789s11z");
        let mut called = [0u8; 34];
        called[0] = 4; // a kan of 1m beside two more 1m
        assert_eq!(
            waits(h.concealed(), Some(&called)),
            Err(HandError::TooManyCopies {
                tile: "1m".parse().unwrap(),
                count: 6
            })
        );
    }

    #[test]
    fn waits_err_fifth_copy_in_the_counts() {
        let mut counts = [0u8; 34];
        counts[0] = 5;
        counts[1] = 2;
        assert!(matches!(
            waits(&counts, None),
            Err(HandError::TooManyCopies { count: 5, .. })
        ));
    }
}

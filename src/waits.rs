//! The waits of a ready hand, written once for the engine, the AI and the
//! command line: the kinds that complete a 3n+1 hand, less any kind whose
//! four copies the hand already holds ([`waits`]: what the hand can win on);
//! and whether a hand counts as ready ([`is_tenpai`]: at an exhaustive draw,
//! for riichi, for the dealer's repeat), which a wait in one's own kan does
//! not spoil.

use crate::efficiency::ukeire;
use crate::tile::{TileCounts, TileSet};

/// The waits of a 3n+1 hand: the kinds that complete it, yaku or not, as a
/// [`TileSet`] (empty when it is not tenpai, not 3n+1 tiles, or not valid
/// counts). `called`: the tiles of its called melds and closed kans as
/// `[u8; 34]` counts ([`crate::Hand::meld_counts`]); a kind whose four copies are all
/// in the hand and its melds is no wait — there is no fifth copy to win on —
/// so a hand waiting only on such kinds can win on nothing. Whether it still
/// counts as ready is [`is_tenpai`]'s question: a wait all of whose copies lie
/// in the hand's own kan does count. The engine, the AI and the CLI all read
/// waits here.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{waits, Hand};
/// let h: Hand = "23m456p789s11122z".parse()?;
/// assert_eq!(waits(h.concealed(), None).to_string(), "14m");
/// // 1m tanki beside a pon of 1m: every 1m is held.
/// let h: Hand = "1m [111m] [234p] [567s] [777z]".parse()?;
/// assert!(waits(h.concealed(), Some(&h.meld_counts())).is_empty());
/// assert!(waits(h.concealed(), None).contains("1m".parse()?));
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn waits(concealed: &TileCounts, called: Option<&TileCounts>) -> TileSet {
    let w = concealed_waits(concealed);
    match called {
        Some(c) => without_held_fours(w, concealed, c),
        None => w,
    }
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
/// assert!(waits(h.concealed(), Some(&h.meld_counts())).is_empty());
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
    // Most hands are not tenpai: the shanten lookup is much cheaper than the
    // ukeire, which also refuses every size but 3n+1.
    if crate::shanten(counts) != Ok(0) {
        return TileSet::EMPTY;
    }
    match ukeire(counts, None) {
        Ok(u) if u.shanten == 0 => u.tiles,
        _ => TileSet::EMPTY,
    }
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

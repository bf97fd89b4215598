//! The waits of a ready hand, written once for the engine, the AI and the
//! command line: the kinds that complete a 3n+1 hand, less any kind whose
//! four copies the hand already holds.

use crate::efficiency::ukeire;
use crate::tile::{TileCounts, TileSet};

/// The waits of a 3n+1 hand: the kinds that complete it, yaku or not, as a
/// [`TileSet`] (empty when it is not tenpai, not 3n+1 tiles, or not valid
/// counts). `called`: the tiles of its called melds and closed kans as
/// `[u8; 34]` counts ([`crate::Hand::meld_counts`]); a kind whose four copies are all
/// in the hand and its melds is no wait — there is no fifth copy to win on —
/// so a hand waiting only on such kinds is not tenpai (riichi.wiki
/// "Karaten"). The engine, the AI and the CLI all read waits here.
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

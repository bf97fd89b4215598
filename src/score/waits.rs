//! Which waits of a ready hand win with a yaku.
//!
//! A tile that completes a hand's shape wins only when the win has a yaku
//! (dora are not yaku). A closed hand always has one on a tsumo (menzen
//! tsumo), so only an open hand can wait on tiles that complete it without a
//! yaku: after three calls, `33p11z [345p] [456s] [789m]` with East the seat
//! and round wind waits on 3p and 1z in shape (shanpon), but only 1z (a
//! yakuhai triplet) wins. This module answers that question once,
//! with the real scorer, for everything that shows waits to a player (the
//! command line's `waits`, `analyze` and `suggest`, the game's hints).
//!
//! Timing yaku (haitei, houtei, rinshan, chankan) are not counted: they
//! depend on when the tile comes, not on the wait.

use super::error::ScoreError;
use super::situation::Situation;
use crate::efficiency::{sort_best_first, Discard, Ukeire};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::tile::{Tile, TileSet};
use crate::Wind;

/// What decides whether a wait of an open hand has a yaku besides the
/// tiles: the winds (riichi needs a closed hand, whose waits always have
/// one).
///
/// ```
/// let c = tenpai::score::WinContext::default();
/// assert_eq!((c.seat_wind, c.round_wind), (tenpai::Wind::East, tenpai::Wind::East));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WinContext {
    /// The player's seat wind (East: the dealer).
    pub seat_wind: Wind,
    /// The round (prevailing) wind.
    pub round_wind: Wind,
}

/// Whether `tile` completes `hand` (3n+1 concealed tiles with its melds)
/// into a win with a yaku by ron or by tsumo; `None` when it does not
/// complete the hand at all (or would be a fifth copy).
fn wins_with_yaku(hand: &Hand, tile: Tile, context: &WinContext, rules: &Rules) -> Option<bool> {
    let mut counts = *hand.concealed();
    counts[tile.index()] += 1;
    let full = Hand::new(counts, hand.red_fives(), hand.melds().to_vec()).ok()?;
    let mut s = Situation::new(full, tile);
    s.seat_wind = context.seat_wind;
    s.round_wind = context.round_wind;
    let mut complete = false;
    for tsumo in [false, true] {
        s.tsumo = tsumo;
        match super::score(&s, rules) {
            Ok(_) => return Some(true),
            Err(ScoreError::NoYaku) => complete = true,
            Err(_) => {}
        }
    }
    complete.then_some(false)
}

/// The tiles of `waits` that complete `hand` (3n+1 concealed tiles with its
/// called melds) only without a yaku, by ron and by tsumo alike, in
/// `context`. Tiles that do not complete the hand are not in the answer.
/// A closed hand has none (menzen tsumo is a yaku). Scoring needs a whole
/// hand: 13 tiles counting 3 for each meld; a shorter one gets an empty
/// answer.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::score::{yakuless_waits, WinContext};
/// let hand: tenpai::Hand = "23p11z [456s] [789m] [234m]".parse()?; // after three chi
/// let waits = tenpai::Tables::embedded().ukeire_with_melds(&hand, None)?.tiles;
/// assert_eq!(waits.to_string(), "14p");
/// let none = yakuless_waits(&hand, waits, &WinContext::default(), &tenpai::rules::Rules::tenhou());
/// assert_eq!(none.to_string(), "14p"); // open, no yakuhai, no tanyao: no yaku
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn yakuless_waits(hand: &Hand, waits: TileSet, context: &WinContext, rules: &Rules) -> TileSet {
    if hand.melds().iter().all(|m| !m.is_open()) {
        return TileSet::EMPTY;
    }
    waits
        .iter()
        .filter(|&t| wins_with_yaku(hand, t, context, rules) == Some(false))
        .collect()
}

/// Marks, in the tile acceptance `ukeire` of the 3n+1 `hand`, the waits that
/// complete it only without a yaku (see [`yakuless_waits`]): they move to
/// [`Ukeire::no_yaku`] and leave [`Ukeire::count`]. Only a tenpai hand's
/// useful tiles complete it, so other acceptance is left as it is.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::score::{mark_yakuless_waits, WinContext};
/// let hand: tenpai::Hand = "33p11z [345p] [456s] [789m]".parse()?;
/// let mut u = tenpai::Tables::embedded().ukeire_with_melds(&hand, None)?;
/// assert_eq!((u.tiles.to_string(), u.count), ("3p1z".to_string(), 3)); // shanpon
/// mark_yakuless_waits(&hand, &mut u, &WinContext::default(), &tenpai::rules::Rules::tenhou());
/// assert_eq!((u.no_yaku.to_string(), u.count), ("3p".to_string(), 2)); // only 1z has a yaku
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn mark_yakuless_waits(hand: &Hand, ukeire: &mut Ukeire, context: &WinContext, rules: &Rules) {
    if ukeire.shanten == 0 {
        ukeire.mark_no_yaku(yakuless_waits(hand, ukeire.tiles, context, rules));
    }
}

/// [`mark_yakuless_waits`] for each discard of the 3n+2 `hand` (as
/// [`crate::Tables::analyze_with_melds`] gives them), then the discards
/// sorted best first again, counting only the waits with a yaku.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::score::{mark_yakuless_discards, WinContext};
/// let hand: tenpai::Hand = "33p11z2s [345p] [456s] [789m]".parse()?;
/// let mut d = tenpai::Tables::embedded().analyze_with_melds(&hand, None)?;
/// mark_yakuless_discards(&hand, &mut d, &WinContext::default(), &tenpai::rules::Rules::tenhou());
/// assert_eq!((d[0].notation(), d[0].ukeire.no_yaku.to_string(), d[0].ukeire.count), ("2s".into(), "3p".into(), 2));
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn mark_yakuless_discards(
    hand: &Hand,
    discards: &mut [Discard],
    context: &WinContext,
    rules: &Rules,
) {
    if hand.melds().iter().all(|m| !m.is_open()) {
        return;
    }
    for d in discards.iter_mut() {
        let mut rest = *hand.concealed();
        if rest[d.tile.index()] == 0 || d.ukeire.shanten != 0 {
            continue;
        }
        rest[d.tile.index()] -= 1;
        let mut red = hand.red_fives();
        if d.tile.is_five() {
            let s = d.tile.index() / 9;
            red[s] = red[s].min(rest[d.tile.index()]);
        }
        if let Ok(remainder) = Hand::new(rest, red, hand.melds().to_vec()) {
            mark_yakuless_waits(&remainder, &mut d.ukeire, context, rules);
        }
    }
    sort_best_first(discards);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    fn waits(h: &Hand) -> TileSet {
        crate::Tables::embedded()
            .ukeire_with_melds(h, None)
            .unwrap()
            .tiles
    }

    fn none(h: &str, context: WinContext) -> String {
        let h = hand(h);
        yakuless_waits(&h, waits(&h), &context, &Rules::tenhou()).to_string()
    }

    #[test]
    fn yakuless_waits_closed_hand_has_none() {
        // Dama, no yaku by ron, but menzen tsumo wins.
        assert_eq!(none("123m456p789s23p55z", WinContext::default()), "");
    }

    #[test]
    fn yakuless_waits_open_tanyao_wins_on_simples_only() {
        // 23m after a chi of 234s: 1m breaks tanyao, 4m keeps it.
        assert_eq!(
            none("23m456p88s [234s] [567s]", WinContext::default()),
            "1m"
        );
    }

    #[test]
    fn yakuless_waits_seat_wind_pair_is_a_yaku_only_for_that_seat() {
        // Shanpon on 1z and 3p: a 1z triplet is yakuhai for East only.
        let h = "33p11z [345p] [456s] [789m]";
        assert_eq!(none(h, WinContext::default()), "3p");
        let south = WinContext {
            seat_wind: Wind::South,
            round_wind: Wind::South,
        };
        assert_eq!(none(h, south), "3p1z");
    }

    #[test]
    fn yakuless_waits_kuitan_off_makes_simples_yakuless() {
        let mut rules = Rules::tenhou();
        rules.scoring.open_tanyao = false;
        let h = hand("23m456p88s [234s] [567s]");
        let got = yakuless_waits(&h, waits(&h), &WinContext::default(), &rules);
        assert_eq!(got.to_string(), "14m");
    }

    #[test]
    fn mark_yakuless_discards_sorts_by_the_waits_that_count() {
        // Discarding 3p waits on 1p/4p (7 tiles, no yaku); discarding 2p on
        // 3p/1z (3 tiles, only the 1z triplet has a yaku).
        let h = hand("233p11z [345p] [456s] [789m]");
        let t = crate::Tables::embedded();
        let mut d = t.analyze_with_melds(&h, None).unwrap();
        let row = |d: &Discard| (d.notation(), d.ukeire.no_yaku.to_string(), d.ukeire.count);
        assert_eq!(row(&d[0]), ("3p".into(), "".into(), 7));
        mark_yakuless_discards(&h, &mut d, &WinContext::default(), &Rules::tenhou());
        assert_eq!(row(&d[0]), ("2p".into(), "3p".into(), 2));
        assert_eq!(row(&d[1]), ("3p".into(), "14p".into(), 0));
        let counted: u32 = d[0].ukeire.counted().map(|(_, l)| u32::from(l)).sum();
        assert_eq!(counted, 2);
    }
}

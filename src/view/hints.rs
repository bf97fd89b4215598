//! What a hint panel tells of the view's own hand: its shanten and, on its
//! turn, each discard the rules allow now with what it leaves (tile
//! acceptance, or waits with those that win without a yaku marked); between
//! turns, its waits. The same numbers for the terminal game's hints,
//! `suggest` and the browser table.

use super::SeatView;
use crate::game::{Action, Pai};
use crate::rules::Rules;
use crate::score::{mark_yakuless_discards, mark_yakuless_waits, WinContext};
use crate::{Discard, Hand, Tables, TileCounts, Ukeire, KINDS};

/// The numbers of the view's own hand.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HandHints {
    /// Its shanten (−1 complete, 0 ready), called melds counted.
    pub shanten: i8,
    /// On its turn (3n+2 tiles), each discard the legal actions allow (a
    /// plain discard or a riichi's), best first as [`crate::analyze`] sorts
    /// them: what it leaves, copies left counting every tile the seat sees,
    /// waits that win without a yaku marked ([`Ukeire::no_yaku`]). Empty
    /// between turns.
    pub discards: Vec<Discard>,
    /// Between turns (3n+1 tiles), what the hand accepts or waits on (waits
    /// without a yaku marked); `None` on its turn.
    pub waits: Option<Ukeire>,
}

impl SeatView {
    /// The hint numbers of the view's own hand ([`HandHints`]); `None` when
    /// the view shows no hand of its own (a spectator's) or its tiles make
    /// no hand.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::Game;
    /// use tenpai::view::SeatView;
    /// let rules = tenpai::rules::Rules::tenhou();
    /// let game = Game::new(&rules, 7, false)?;
    /// let v = SeatView::of(game.state(), tenpai::game::SeatIndex::ALL[0]);
    /// let h = v.hand_hints(&rules).expect("the dealer's hand");
    /// assert!(h.waits.is_none() && !h.discards.is_empty());
    /// // Only discards the rules allow, each kind once.
    /// let legal = &v.choices().unwrap().actions;
    /// assert!(h.discards.iter().all(|d| legal.iter().any(|a| matches!(a,
    ///     tenpai::game::Action::Discard { pai, .. } if pai.tile() == Some(d.tile)))));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn hand_hints(&self, rules: &Rules) -> Option<HandHints> {
        let me = self.me()?;
        let hand = me.concealed_hand()?;
        let t = Tables::embedded();
        let shanten = t.shanten_with_melds(&hand).ok()?.min();
        let seen = self.seen_counts();
        let context = WinContext {
            seat_wind: me.wind,
            round_wind: self.round.round_wind,
        };
        if hand.len() % 3 == 2 {
            let mut discards = t.analyze_with_melds(&hand, Some(&seen)).ok()?;
            mark_yakuless_discards(&hand, &mut discards, &context, rules);
            let legal: Vec<Pai> = self
                .choices()
                .map(|c| {
                    c.actions
                        .iter()
                        .filter_map(|a| match a {
                            Action::Discard { pai, .. } | Action::Riichi { pai, .. } => Some(*pai),
                            _ => None,
                        })
                        .collect()
                })
                .unwrap_or_default();
            discards.retain(|d| legal.iter().any(|p| p.tile() == Some(d.tile)));
            return Some(HandHints {
                shanten,
                discards,
                waits: None,
            });
        }
        let mut u = t.ukeire_with_melds(&hand, Some(&seen)).ok()?;
        mark_yakuless_waits(&hand, &mut u, &context, rules);
        Some(HandHints {
            shanten,
            discards: Vec::new(),
            waits: Some(u),
        })
    }

    /// Copies of each kind the view's seat sees outside its own hand and
    /// melds: discards still in the rivers, the other seats' melds, the dora
    /// indicators (`[u8; 34]`, the `visible` of the hand queries).
    fn seen_counts(&self) -> TileCounts {
        let mut seen = [0u8; KINDS];
        let others = self
            .seats
            .iter()
            .filter(|s| Some(s.seat) != self.seat)
            .flat_map(|s| s.melds.iter().flat_map(|m| m.tiles.iter()));
        let rivers = self
            .seats
            .iter()
            .flat_map(|s| s.river.iter().filter(|r| !r.called).map(|r| &r.pai));
        for t in rivers
            .chain(others)
            .chain(&self.dora_indicators)
            .filter_map(|p| p.tile())
        {
            seen[t.index()] = seen[t.index()].saturating_add(1);
        }
        seen
    }
}

/// Concealed tiles and melds as a [`Hand`] for the hand queries.
pub(super) fn hand_of(tiles: &[Pai], melds: impl Iterator<Item = crate::Meld>) -> Option<Hand> {
    let (counts, red) = Pai::counts(tiles);
    Hand::new(counts, red, melds.collect()).ok()
}

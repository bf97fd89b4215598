//! What must hold after every event: points are conserved, every tile of the
//! set is in exactly one place, hands have their size, and the state derived
//! from events (discard sets, cached waits, unseen counts, kans and dora, the
//! call flag) agrees with what it is derived from.

use super::{Phase, State};
use crate::game::error::GameError;
use crate::game::pai::Pai;
use crate::game::wall::DEAD_WALL;
use crate::meld::MeldKind;
use crate::score::RIICHI_STICK;
use crate::tile::{Tile, TileSet, KINDS};

fn bad(m: String) -> Result<(), GameError> {
    Err(GameError::Invariant(m))
}

impl State {
    /// Checks the invariants: points plus sticks conserved (unless a seat's
    /// view has not been told a round's payments yet); every tile of the
    /// set accounted for exactly once (the unseen counts are the set minus
    /// the hands, rivers, melds and indicators this state sees), unseen
    /// tiles = live wall + the hidden dead wall (+ the hands a seat's view
    /// hides); hand sizes; and the derived state: each seat's
    /// discarded kinds and river counts are its river's, the cached waits are those computed
    /// afresh, the kans and dora indicators match the kans on the table, the
    /// call flag the melds, a drawn tile is held, a riichi hand is closed.
    ///
    /// # Errors
    /// [`GameError::Invariant`] naming the first one that fails.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Event, State};
    /// let mut s = State::new(tenpai::rules::Rules::tenhou()).with_check(false);
    /// s.apply(&Event::start_game(vec![], None, Default::default()))?;
    /// assert_eq!(s.check_invariants(), Ok(()));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn check_invariants(&self) -> Result<(), GameError> {
        if let Some(t) = self.total_points.filter(|_| !self.unsettled) {
            let now = self.scores.iter().sum::<i32>() + RIICHI_STICK as i32 * self.kyoutaku as i32;
            if now != t {
                return bad(format!("points {now} on the table, {t} at the start"));
            }
        }
        if matches!(self.phase, Phase::BeforeGame | Phase::BetweenRounds) {
            return Ok(());
        }
        self.check_tiles()?;
        self.check_hand_sizes()?;
        self.check_seats()?;
        self.check_kans()
    }

    /// Every tile is in one place: the unseen counts (and red fives) are the
    /// set's minus every tile placed, and as many as the live wall and the
    /// hidden dead wall hold.
    fn check_tiles(&self) -> Result<(), GameError> {
        let mut placed = [0u8; KINDS];
        let mut red = [0u8; 3];
        let mut add = |p: Pai| {
            placed[p.index()] += 1;
            if p.is_red() {
                red[p.index() / 9] += 1;
            }
        };
        for s in &self.seats {
            s.tiles().into_iter().for_each(&mut add);
            s.river()
                .iter()
                .filter(|r| !r.called)
                .for_each(|r| add(r.pai));
            s.melds()
                .iter()
                .flat_map(|m| m.tiles.iter())
                .for_each(|&p| add(p));
        }
        self.dora.iter().for_each(|&p| add(p));
        for (i, (&unseen, &placed)) in self.unseen.iter().zip(&placed).enumerate() {
            if unseen as usize + placed as usize != 4 {
                return bad(format!(
                    "{unseen} unseen {}, {placed} placed: not the set's 4",
                    Tile::new(i as u8).expect("kind"),
                ));
            }
        }
        let set = self.rules.scoring.red_fives;
        for suit in 0..3 {
            let fives = self.unseen[suit * 9 + 4];
            let unseen = self.unseen_red[suit];
            if unseen as usize + red[suit] as usize != set[suit] as usize || unseen > fives {
                return bad(format!(
                    "red fives {:?} unseen and {red:?} placed, the set has {set:?}",
                    self.unseen_red
                ));
            }
        }
        let (unseen, hidden) = self.unseen_and_hidden();
        let expect =
            self.live_left as usize + DEAD_WALL - self.dora.len() + hidden + self.unplaced as usize;
        if unseen != expect {
            return bad(format!(
                "{unseen} unseen tiles, live wall {} + dead wall {DEAD_WALL} - {} indicators + {hidden} in hidden hands + {} unplaced",
                self.live_left,
                self.dora.len(),
                self.unplaced,
            ));
        }
        Ok(())
    }

    /// 13 tiles in hand (melds as 3), 14 for the seat to act, until the round
    /// ends.
    fn check_hand_sizes(&self) -> Result<(), GameError> {
        for (i, s) in self.seats.iter().enumerate() {
            let n = s.len() + 3 * s.melds().len();
            let turn = match self.phase {
                Phase::Turn { seat, .. } | Phase::RiichiDiscard { seat } => seat as usize == i,
                _ => false,
            };
            if n != if turn { 14 } else { 13 } && !matches!(self.phase, Phase::Ended) {
                return bad(format!("seat {i} holds {n} tiles (melds as 3)"));
            }
        }
        Ok(())
    }

    /// Each seat's derived state: the discarded kinds and the river counts
    /// are the river's, the cached waits are right, a drawn tile is held, a riichi hand is closed.
    fn check_seats(&self) -> Result<(), GameError> {
        for (i, s) in self.seats.iter().enumerate() {
            let river: TileSet = s.river().iter().filter_map(|r| r.pai.tile()).collect();
            if s.discarded != river {
                return bad(format!(
                    "seat {i}'s discard set is [{}], its river's [{river}]",
                    s.discarded
                ));
            }
            let mut counts = [[0u8; KINDS]; 3];
            for r in s.river() {
                if let Some(t) = r.pai.tile() {
                    counts[0][t.index()] += 1;
                    counts[1][t.index()] += u8::from(r.called);
                    counts[2][t.index()] += u8::from(r.riichi);
                }
            }
            if s.river_counts() != &counts {
                return bad(format!(
                    "seat {i}'s river counts {:?}, its river's {counts:?}",
                    s.river_counts()
                ));
            }
            let mut melded = [0u8; KINDS];
            for t in s.melds().iter().flat_map(|m| &m.tiles) {
                if let Some(t) = t.tile() {
                    melded[t.index()] += 1;
                }
            }
            if s.meld_counts() != &melded {
                return bad(format!(
                    "seat {i}'s meld counts {:?}, its melds' {melded:?}",
                    s.meld_counts()
                ));
            }
            if let Some((_, cached, fresh)) = s.stale_waits() {
                return bad(format!(
                    "seat {i}'s cached waits {cached}, computed afresh {fresh}"
                ));
            }
            if let Some(d) = s.drawn.filter(|&d| !s.has(d)) {
                return bad(format!("seat {i} drew {d} and does not hold it"));
            }
            if s.flags.riichi_accepted() && !s.is_closed() {
                return bad(format!("seat {i} is in riichi with an open hand"));
            }
        }
        Ok(())
    }

    /// The kans made are the kans on the table (by seat), there is one dora
    /// indicator per kan besides the first (turned or due), and the call flag
    /// is set when a meld is on the table.
    fn check_kans(&self) -> Result<(), GameError> {
        for (i, s) in self.seats.iter().enumerate() {
            let on_table = s
                .melds()
                .iter()
                .filter(|m| matches!(m.kind, MeldKind::Kan | MeldKind::ClosedKan))
                .count();
            let made = self.kans.iter().filter(|&&k| k as usize == i).count();
            if on_table != made {
                return bad(format!(
                    "seat {i} made {made} kans, {on_table} are on the table"
                ));
            }
        }
        let indicators = self.dora.len() + self.pending_dora as usize + self.unnamed_dora as usize;
        if indicators != 1 + self.kans.len() {
            return bad(format!(
                "{} dora indicators turned and {} due after {} kans",
                self.dora.len(),
                self.pending_dora,
                self.kans.len()
            ));
        }
        let melds = self.seats.iter().any(|s| !s.melds().is_empty());
        if melds != self.any_call {
            return bad(format!(
                "a call was made: {}, melds on the table: {melds}",
                self.any_call
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! Each check fails on a state broken by hand (only this module may write
    //! the fields): the checks cannot pass whatever the state.

    use super::*;
    use crate::game::event::Event;
    use crate::rules::Rules;

    fn tiles(s: &str) -> Vec<Pai> {
        s.split(' ').map(|t| t.parse().expect("a tile")).collect()
    }

    /// East 1 after the dealer's first draw (7p), every invariant holding.
    fn dealt() -> State {
        let mut s = State::new(Rules::tenhou()).with_check(true);
        s.apply(&Event::start_game(vec![], None, Default::default()))
            .expect("starts");
        s.apply(&Event::StartKyoku {
            round_wind: crate::Wind::East,
            kyoku: 1,
            honba: 0,
            kyoutaku: 0,
            dealer: 0,
            dora_marker: "1m".parse().expect("tile"),
            scores: [25000; 4],
            tehais: [
                tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"),
                tiles("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
                tiles("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"),
                tiles("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m"),
            ],
        })
        .expect("deals");
        s.apply(&Event::Tsumo {
            actor: 0,
            pai: "7p".parse().expect("tile"),
        })
        .expect("draws");
        s.apply(&Event::Dahai {
            actor: 0,
            pai: "7p".parse().expect("tile"),
            tsumogiri: true,
        })
        .expect("discards");
        assert_eq!(s.check_invariants(), Ok(()));
        s
    }

    #[test]
    fn checks_stay_on_after_start_game() {
        // `start_game` makes a fresh state: it keeps the setting it was given.
        for on in [false, true] {
            let mut s = State::new(Rules::tenhou()).with_check(on);
            s.apply(&Event::start_game(vec![], None, Default::default()))
                .expect("starts");
            assert_eq!(s.checks(), on);
        }
    }

    fn broken(s: &State) -> String {
        match s.check_invariants() {
            Err(GameError::Invariant(m)) => m,
            other => panic!("expected a broken invariant, got {other:?}"),
        }
    }

    #[test]
    fn invariants_err_discarded_set_differs_from_river() {
        let mut s = dealt();
        s.seats[0].discarded.insert("9p".parse().expect("tile"));
        assert_eq!(
            broken(&s),
            "seat 0's discard set is [79p], its river's [7p]"
        );
    }

    #[test]
    fn invariants_err_river_tile_missing_from_discarded_set() {
        let mut s = dealt();
        s.seats[0].discarded = TileSet::EMPTY;
        assert_eq!(broken(&s), "seat 0's discard set is [], its river's [7p]");
    }

    #[test]
    fn invariants_err_stale_cached_waits() {
        let s = dealt();
        // Seat 0 waits on S (and 7p is gone): cache a wrong answer for its hand.
        let waits = s.seats[0].waits();
        assert_eq!(waits.to_string(), "2z");
        s.seats[0].poison_waits_cache("1m".parse().expect("tile"));
        assert_eq!(broken(&s), "seat 0's cached waits 1m, computed afresh 2z");
    }

    #[test]
    fn invariants_err_unseen_counts_differ_from_what_is_placed() {
        let mut s = dealt();
        s.unseen[0] += 1;
        assert_eq!(broken(&s), "3 unseen 1m, 2 placed: not the set's 4");
        let mut s = dealt();
        s.unseen_red[1] = 0;
        assert_eq!(
            broken(&s),
            "red fives [1, 0, 1] unseen and [0, 0, 0] placed, the set has [1, 1, 1]"
        );
    }

    #[test]
    fn invariants_err_kans_dora_and_calls_disagree() {
        let mut s = dealt();
        s.pending_dora = 1;
        assert_eq!(
            broken(&s),
            "1 dora indicators turned and 1 due after 0 kans"
        );
        let mut s = dealt();
        s.any_call = true;
        assert_eq!(
            broken(&s),
            "a call was made: true, melds on the table: false"
        );
        let mut s = dealt();
        s.kans.push(2);
        assert_eq!(broken(&s), "seat 2 made 1 kans, 0 are on the table");
    }

    #[test]
    fn invariants_err_drawn_tile_not_held() {
        let mut s = dealt();
        s.seats[1].drawn = Some("9s".parse().expect("tile"));
        assert_eq!(broken(&s), "seat 1 drew 9s and does not hold it");
    }
}

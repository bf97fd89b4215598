//! Applying events: the dispatch from an [`Event`] to its handler, and the
//! small handlers (the game's start and end, a kan dora, the end of a round).
//! Every handler checks everything before it changes anything.

use super::seat::has_in;
use super::{err, Phase, State};
use crate::game::error::GameError;
use crate::game::event::Event;
use crate::game::pai::Pai;
use crate::game::round::{next_round, ranking, RoundId};
use crate::game::seat_index::SeatIndex;
use crate::meld::MeldKind;
use crate::score::RIICHI_STICK;

impl State {
    /// Applies one event.
    ///
    /// # Errors
    /// [`GameError`] naming what is wrong when the event is not legal now (the
    /// state is then unchanged), or when an event's deltas or scores after
    /// it differ from the engine's ([`GameError::Deltas`],
    /// [`GameError::ScoresAfter`]).
    ///
    /// # Panics
    /// Never.
    pub fn apply(&mut self, event: &Event) -> Result<(), GameError> {
        if self.check {
            let mut next = self.clone();
            next.apply_in_place(event)?;
            next.check_invariants()?;
            *self = next;
            Ok(())
        } else {
            // Every handler checks everything before it changes anything, so a
            // refused event leaves the state as it was (the tests apply
            // 200,000 random events to hold it to that).
            self.apply_in_place(event)
        }
    }

    fn apply_in_place(&mut self, event: &Event) -> Result<(), GameError> {
        match event {
            Event::StartGame { .. } => self.start_game(),
            Event::StartKyoku {
                round_wind,
                kyoku,
                honba,
                kyoutaku,
                dealer,
                dora_marker,
                scores,
                tehais,
            } => {
                // A seat's view follows the host: a round whose end it was
                // not shown ends here.
                let ok = match self.view {
                    None => matches!(self.phase, Phase::BetweenRounds),
                    Some(_) => !matches!(self.phase, Phase::BeforeGame),
                };
                if !ok {
                    return Err(err("start_kyoku", 4, "not between rounds"));
                }
                let round = RoundId::from_mjai(*round_wind, *kyoku, *honba, *kyoutaku, *dealer)?;
                self.start_kyoku(round, *dora_marker, *scores, tehais)
            }
            Event::Tsumo { actor, pai } => self.tsumo(*actor, *pai),
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            } => self.dahai(*actor, *pai, *tsumogiri),
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Chi, "chi", *actor, *target, *pai, consumed),
            Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Pon, "pon", *actor, *target, *pai, consumed),
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Kan, "daiminkan", *actor, *target, *pai, consumed),
            Event::Kakan {
                actor,
                pai,
                consumed,
            } => self.kakan(*actor, *pai, consumed),
            Event::Ankan { actor, consumed } => self.ankan(*actor, consumed),
            Event::Dora { dora_marker } => self.turn_dora(*dora_marker),
            Event::Reach { actor } => self.reach(*actor),
            Event::ReachAccepted {
                actor,
                deltas,
                scores,
            } => self.reach_accepted(*actor, *deltas, *scores),
            Event::Hora {
                actor,
                target,
                pai,
                ura_markers,
                deltas,
                scores,
            } => {
                // Rare and many-sided: worked out on a copy.
                let mut next = self.clone();
                let paid = (*deltas, *scores);
                next.hora(*actor, *target, *pai, ura_markers.as_deref(), paid)?;
                *self = next;
                Ok(())
            }
            Event::Ryukyoku {
                reason,
                deltas,
                scores,
            } => self.ryukyoku(*reason, *deltas, *scores),
            Event::EndKyoku => self.end_kyoku(),
            Event::EndGame { scores } => self.end_game(*scores),
        }
    }

    /// Takes `p` from the unseen tiles, or refuses it: a hidden tile (of
    /// `seat`, 4 for none), or one whose copies are all seen.
    pub(super) fn take_unseen(
        &mut self,
        p: Pai,
        event: &'static str,
        seat: u8,
    ) -> Result<(), GameError> {
        if p.is_hidden() {
            let whose = if self.view.is_some() && seat < 4 {
                "this seat's own tile"
            } else {
                "the tile"
            };
            return Err(err(event, seat, format!("{whose} must be named, not ?")));
        }
        // Taken in place by the same `take_one` as `unseen_without`, without
        // copying the counts out and back (a count written in a copy just
        // before the copy is read whole stalls the read, at every draw).
        if !take_one(&mut self.unseen, &mut self.unseen_red, p) {
            return Err(GameError::NotInWall {
                tile: p.to_string(),
            });
        }
        Ok(())
    }

    /// The unseen counts (and red fives) with `tiles` taken out, or the
    /// error `missing` makes of the first that is not among them (a hidden
    /// tile never is).
    pub(super) fn unseen_without(
        &self,
        tiles: &[Pai],
        missing: impl Fn(Pai) -> GameError,
    ) -> Result<(crate::TileCounts, [u8; 3]), GameError> {
        let (mut pool, mut red) = (self.unseen, self.unseen_red);
        for &p in tiles {
            if !take_one(&mut pool, &mut red, p) {
                return Err(missing(p));
            }
        }
        Ok((pool, red))
    }

    /// Takes `tiles` from the concealed hand of the seat `actor` hides from
    /// this view: they are seen now, so they leave the unseen tiles. Checks
    /// everything before it changes anything.
    pub(super) fn reveal(
        &mut self,
        actor: u8,
        tiles: &[Pai],
        event: &'static str,
    ) -> Result<(), GameError> {
        let (pool, red) = self.revealed(actor, tiles, event)?;
        self.seats[actor as usize].take_hidden(tiles.len());
        (self.unseen, self.unseen_red) = (pool, red);
        Ok(())
    }

    /// The unseen counts after the hidden hand of `actor` shows `tiles`, or
    /// [`GameError::MissingTile`] when it cannot hold them (it holds fewer
    /// tiles, or every copy of one is seen elsewhere).
    pub(super) fn revealed(
        &self,
        actor: u8,
        tiles: &[Pai],
        event: &'static str,
    ) -> Result<(crate::TileCounts, [u8; 3]), GameError> {
        let missing = |p: Pai| GameError::MissingTile {
            event,
            seat: actor,
            tile: p.to_string(),
        };
        if self.seats[actor as usize].len() < tiles.len() {
            return Err(err(
                event,
                actor,
                format!(
                    "the hand holds {} tiles, not {}",
                    self.seats[actor as usize].len(),
                    tiles.len()
                ),
            ));
        }
        self.unseen_without(tiles, missing)
    }

    /// The seat index of `actor`, or an error when there is no such seat.
    pub(super) fn seat_check(event: &'static str, actor: u8) -> Result<usize, GameError> {
        SeatIndex::new(actor)
            .map(SeatIndex::index)
            .map_err(|source| GameError::Seat { event, source })
    }

    /// `start_game`: a fresh state between rounds (the rules and the
    /// invariant check kept).
    fn start_game(&mut self) -> Result<(), GameError> {
        if !matches!(self.phase, Phase::BeforeGame) {
            return Err(err("start_game", 4, "the game has already started"));
        }
        *self = self.fresh();
        self.phase = Phase::BetweenRounds;
        Ok(())
    }

    /// `dora`: a due kan dora indicator is turned.
    fn turn_dora(&mut self, marker: Pai) -> Result<(), GameError> {
        if self.pending_dora == 0 {
            return Err(err("dora", 4, "no kan dora is due"));
        }
        if self.dora.len() >= 5 {
            return Err(err("dora", 4, "five indicators are already turned"));
        }
        self.take_unseen(marker, "dora", 4)?;
        self.dora.push(marker);
        self.pending_dora -= 1;
        Ok(())
    }

    /// `end_kyoku`: the rules name the next round, or end the game.
    fn end_kyoku(&mut self) -> Result<(), GameError> {
        const E: &str = "end_kyoku";
        if self.view.is_some() {
            // The host decides what comes next; the round may have ended
            // out of this seat's sight, or been played out of it.
            if matches!(self.phase, Phase::BeforeGame) {
                return Err(err(E, 4, "the game has not started"));
            }
            self.unsettled |= self.outcome.is_none() && !matches!(self.phase, Phase::BetweenRounds);
            self.phase = Phase::BetweenRounds;
            return Ok(());
        }
        let Some(outcome) = &self.outcome else {
            return Err(err(E, 4, "the round has not ended"));
        };
        let next = next_round(
            self.round,
            outcome,
            &self.scores,
            self.kyoutaku,
            &self.rules.game,
        );
        self.next_round = next;
        self.game_over = next.is_none();
        self.phase = Phase::BetweenRounds;
        Ok(())
    }

    /// `end_game`: leftover sticks go to the first when the rules say so, and
    /// the given final scores must be the engine's.
    fn end_game(&mut self, scores: Option<[i32; 4]>) -> Result<(), GameError> {
        if matches!(self.phase, Phase::BeforeGame) {
            return Err(err("end_game", 4, "the game has not started"));
        }
        // A seat's view follows the host, which may end the game at any time.
        if self.view.is_none() {
            if !matches!(self.phase, Phase::BetweenRounds) {
                return Err(err("end_game", 4, "a round is in progress"));
            }
            if !self.game_over && self.next_round.is_some() {
                return Err(err("end_game", 4, "the game is not over by the rules"));
            }
        }
        let mut fin = self.scores;
        let mut kyoutaku = self.kyoutaku;
        if self.rules.game.leftover_sticks_to_first && kyoutaku > 0 {
            let first = ranking(&fin)[0] as usize;
            fin[first] += RIICHI_STICK as i32 * kyoutaku as i32;
            kyoutaku = 0;
        }
        if let (Some(given), Some(_)) = (scores, self.view) {
            // The host's final scores (this view may not know the last payments).
            self.unsettled |= given != fin;
            fin = given;
        } else if let Some(given) = scores {
            if given != fin {
                return Err(err(
                    "end_game",
                    4,
                    format!("final scores {given:?}, the engine's {fin:?}"),
                ));
            }
        }
        self.game_over = true;
        self.scores = fin;
        self.kyoutaku = kyoutaku;
        self.phase = Phase::BeforeGame;
        Ok(())
    }
}

/// Takes one `p` from `pool` (and its red five from `red`) when it is
/// there: true; else false and nothing changes (a hidden tile never is).
#[inline(always)]
fn take_one(pool: &mut crate::TileCounts, red: &mut [u8; 3], p: Pai) -> bool {
    if !has_in(pool, red, p, 1) {
        return false;
    }
    pool[p.index()] -= 1;
    if p.is_red() {
        red[p.index() / 9] -= 1;
    }
    true
}

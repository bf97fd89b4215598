//! Between two rounds: the next round's deal from its own wall seed, or
//! the game's end; and the results the engine writes into the events that
//! close a round (score changes and scores after, as Mortal's logs carry
//! them).

use super::Game;
use crate::game::error::GameError;
use crate::game::event::Event;
use crate::game::pai::Pai;
use crate::game::round::RoundOutcome;
use crate::game::state::State;
use crate::game::wall::Wall;
use rand::Rng;

impl<'w> Game<'w> {
    /// After a round: deals the next one and returns true, or records
    /// `end_game` and returns false.
    pub(super) fn next_round(&mut self) -> Result<bool, GameError> {
        match self.state.next_round() {
            Some(n) if !self.state.game_over() => {
                if self.rounds > 1000 {
                    return Err(GameError::Invariant("more than 1000 rounds".into()));
                }
                self.round = n;
                self.deal()?;
                Ok(true)
            }
            _ => {
                // `end_game` is written bare, as Mortal writes it; the final
                // scores are the state's (leftover sticks to the first).
                self.emit(Event::EndGame { scores: None })?;
                Ok(false)
            }
        }
    }

    /// Deals round `self.round` from the next wall seed and draws the
    /// dealer's first tile.
    pub(super) fn deal(&mut self) -> Result<(), GameError> {
        let round = self.round;
        let dealer = round.dealer().get();
        let seed = self.rounds_rng.gen::<u64>();
        self.rounds += 1;
        self.wall = Wall::shuffled(seed, self.state.rules().scoring.red_fives);
        let mut tehais: [Vec<Pai>; 4] = Default::default();
        for k in 0..4 {
            for i in 0..4u8 {
                let n = if k < 3 { 4 } else { 1 };
                for _ in 0..n {
                    let p = self
                        .wall
                        .draw()
                        .ok_or_else(|| GameError::Invariant("a full wall deals".into()))?;
                    tehais[((dealer + i) % 4) as usize].push(p);
                }
            }
        }
        for t in &mut tehais {
            t.sort();
        }
        self.emit(Event::StartKyoku {
            round_wind: round.round_wind(),
            kyoku: round.kyoku(),
            honba: round.honba(),
            kyoutaku: round.kyoutaku(),
            dealer,
            dora_marker: self.wall.dora_indicators()[0],
            scores: self.state.scores(),
            tehais,
        })?;
        let p = self
            .wall
            .draw()
            .ok_or_else(|| GameError::Invariant("a full wall".into()))?;
        self.emit(Event::Tsumo {
            actor: dealer,
            pai: p,
        })
    }
}

/// Writes the score changes and the scores after into a `reach_accepted`,
/// `hora` or `ryukyoku` the engine has just applied, as Mortal's logs carry
/// them, so that a recorded game replays with its points checked.
pub(super) fn record_result(e: &mut Event, state: &State) {
    let now = state.scores();
    match e {
        Event::ReachAccepted {
            actor,
            deltas,
            scores,
        } if deltas.is_none() => {
            let mut d = [0; 4];
            d[*actor as usize] = -1000;
            (*deltas, *scores) = (Some(d), Some(now));
        }
        Event::Hora {
            actor,
            deltas,
            scores,
            ..
        } if deltas.is_none() => {
            if let Some(RoundOutcome::Wins(wins)) = state.outcome() {
                if let Some(w) = wins.iter().rev().find(|w| w.seat == *actor) {
                    (*deltas, *scores) = (Some(w.deltas), Some(now));
                }
            }
        }
        Event::Ryukyoku { deltas, scores, .. } if deltas.is_none() => {
            if let Some(RoundOutcome::Draw { deltas: d, .. }) = state.outcome() {
                (*deltas, *scores) = (Some(*d), Some(now));
            }
        }
        _ => {}
    }
}

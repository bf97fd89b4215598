//! A round's deal (`start_kyoku`): the round must be the one the rules name
//! next, with the game's scores (in a seat's view the host names them), and
//! the dealt tiles and the first dora indicator come out of the unseen tiles
//! (in a seat's view only its own tiles; the others' are hidden).

use super::{err, Phase, State};
use crate::game::error::GameError;
use crate::game::pai::Pai;
use crate::game::round::RoundId;
use crate::game::wall::LIVE_AFTER_DEAL;
use crate::score::RIICHI_STICK;

const E: &str = "start_kyoku";

impl State {
    /// `start_kyoku` of `round` (the phase, between rounds, is checked by the
    /// caller before the round is read from the event).
    pub(super) fn start_kyoku(
        &mut self,
        round: RoundId,
        dora_marker: Pai,
        scores: [i32; 4],
        tehais: &[Vec<Pai>; 4],
    ) -> Result<(), GameError> {
        if self.view.is_none() {
            self.check_deal_follows(round, scores)?;
        }
        let total = self.check_scores(scores, round.kyoutaku())?;
        // The new round is built apart and replaces this state only when the
        // whole deal is good.
        let mut st = self.fresh();
        st.total_points = Some(total);
        st.unseen_red = st.rules.scoring.red_fives;
        st.round = round;
        st.kyoutaku = round.kyoutaku();
        st.scores = scores;
        st.live_left = LIVE_AFTER_DEAL as u8;
        for (s, tiles) in tehais.iter().enumerate() {
            if tiles.len() != 13 {
                return Err(err(
                    E,
                    s as u8,
                    format!("{} tiles dealt, not 13", tiles.len()),
                ));
            }
            if st.hides(s as u8) {
                st.seats[s].hide();
                tiles.iter().for_each(|_| st.seats[s].put_hidden());
            } else {
                for &p in tiles {
                    st.take_unseen(p, E, s as u8)?;
                    st.seats[s].put(p);
                }
            }
            // A river rarely holds more than 24 tiles: one allocation a round.
            st.seats[s].reserve_river(24);
        }
        st.take_unseen(dora_marker, E, 4)?;
        st.dora.push(dora_marker);
        st.phase = Phase::Draw {
            seat: round.dealer().get(),
            rinshan: false,
        };
        *self = st;
        Ok(())
    }

    /// The points on the table at a deal (the scores and `kyoutaku` sticks)
    /// must be the game's since its first deal, and at the first more than
    /// 0 (a log or a host may start a game mid-way or with other start
    /// points than these rules, so the first deal's total is the game's);
    /// with `bust_ends`, no seat is below zero (the game would have ended);
    /// no score is beyond [`crate::game::MAX_SCORE`] either way.
    /// Returns the points on the table.
    fn check_scores(&self, scores: [i32; 4], kyoutaku: u32) -> Result<i32, GameError> {
        let bad = |problem: String| GameError::Scores {
            event: E,
            scores,
            problem,
        };
        if let Some(problem) = crate::game::settle::score_beyond_max(scores) {
            return Err(bad(problem));
        }
        // In 64 bits: the scores a host sends may be anything an i32 holds.
        let total = scores.iter().map(|&s| i64::from(s)).sum::<i64>()
            + i64::from(RIICHI_STICK) * i64::from(kyoutaku);
        let on_table = || {
            let sticks = match kyoutaku {
                1 => "1 riichi stick".to_string(),
                k => format!("{k} riichi sticks"),
            };
            format!("with {sticks} they make {total} points on the table")
        };
        match self.total_points {
            Some(t) if total != i64::from(t) => {
                return Err(bad(format!("{}, not the game's {t}", on_table())));
            }
            None if total <= 0 => {
                return Err(bad(format!("{}: a game deals more than 0", on_table())));
            }
            _ => {}
        }
        if self.rules.game.bust_ends {
            if let Some(s) = (0..4).find(|&s| scores[s] < 0) {
                return Err(bad(format!(
                    "seat {s} has {} points, but the rules end the game when a seat goes below 0",
                    scores[s]
                )));
            }
        }
        i32::try_from(total).map_err(|_| bad(format!("{}: more than a game holds", on_table())))
    }

    /// After a round, the deal must be the round the rules name next, with
    /// the game's scores; after the last round, there is none.
    fn check_deal_follows(&self, round: RoundId, scores: [i32; 4]) -> Result<(), GameError> {
        if let Some(n) = self.next_round {
            if n != round {
                return Err(err(
                    E,
                    4,
                    format!("the rules make the next round {n}, not {round}"),
                ));
            }
            if scores != self.scores {
                return Err(err(
                    E,
                    4,
                    format!(
                        "scores {:?} differ from the game's {:?}",
                        scores, self.scores
                    ),
                ));
            }
        }
        if self.game_over {
            return Err(err(E, 4, "the game is over"));
        }
        Ok(())
    }
}

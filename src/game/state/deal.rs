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
        let total = scores.iter().sum::<i32>() + RIICHI_STICK as i32 * round.kyoutaku() as i32;
        if let Some(t) = self.total_points {
            if t != total {
                return Err(err(E, 4, format!("points {total} on the table, not {t}")));
            }
        }
        // The new round is built apart and replaces this state only when the
        // whole deal is good.
        let mut st = self.fresh();
        st.total_points = Some(self.total_points.unwrap_or(total));
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

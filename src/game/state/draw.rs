//! Draws: the exhaustive draw (tenpai payments or nagashi mangan) and the
//! abortive draws (nine terminals, four winds, four riichi, four kans, triple
//! ron), and when the rules force one.

use super::{check_deltas, check_scores, err, Phase, RiichiState, RoundOutcome, State};
use crate::game::error::GameError;
use crate::game::event::DrawReason;
use crate::game::flags::first_go_around;
use crate::game::seat_index::SeatIndex;
use crate::game::settle::{pay_deltas, tenpai_payments};
use crate::tile::{Tile, KINDS};

/// Tenpai seats, seats paid nagashi mangan, and payments by seat in points
/// (`None` when they depend on hands this view hides).
type DrawResult = ([bool; 4], [bool; 4], Option<[i32; 4]>);

impl State {
    /// `ryukyoku` (the reason inferred from the state when not given); the
    /// logged `deltas` and `scores` (after the payments) must be the
    /// engine's.
    pub(super) fn ryukyoku(
        &mut self,
        reason: Option<DrawReason>,
        deltas: Option<[i32; 4]>,
        scores: Option<[i32; 4]>,
    ) -> Result<(), GameError> {
        const E: &str = "ryukyoku";
        if self.outcome.is_some() {
            return Err(err(E, 4, "the round is already over"));
        }
        let reason = match reason {
            Some(r) => r,
            None => self.infer_draw()?,
        };
        let (mut tenpai, nagashi, computed) = self.draw_result(reason)?;
        let d = match (computed, deltas) {
            (Some(d), _) => {
                check_deltas(E, deltas, d)?;
                d
            }
            (None, Some(given)) => {
                if given.iter().sum::<i32>() != 0 {
                    return Err(err(E, 4, format!("deltas {given:?} do not sum to 0")));
                }
                // Tenpai payments: a hidden hand paid is tenpai.
                for s in (0..4).filter(|&s| self.seats[s].is_hidden()) {
                    tenpai[s] = given[s] > 0;
                }
                given
            }
            (None, None) => {
                self.unsettled = true;
                [0; 4]
            }
        };
        let mut after = self.scores;
        pay_deltas(&mut after, d);
        check_scores(E, scores, after, self.scores_known())?;
        self.scores = after;
        self.outcome = Some(RoundOutcome::Draw {
            reason,
            tenpai,
            nagashi,
            deltas: d,
        });
        self.phase = Phase::Ended;
        Ok(())
    }

    /// The exhaustive draw, when the wall is out and the last discard passed:
    /// who is tenpai, who is paid nagashi mangan, and the payments by seat in
    /// points (nagashi mangan as a mangan tsumo, else 3,000 points from the
    /// noten to the tenpai seats; unknown when a hand this view hides may be
    /// tenpai).
    fn exhaustive_draw(&self) -> Result<DrawResult, GameError> {
        if !matches!(self.phase, Phase::Discarded { .. }) || self.live_left > 0 {
            return Err(err("ryukyoku", 4, "the wall is not exhausted"));
        }
        self.discard_passed_check("ryukyoku", 4)?;
        let mut tenpai = [false; 4];
        let mut nagashi = [false; 4];
        let mut d = [0i32; 4];
        for s in 0..4 {
            tenpai[s] = self.seats[s].is_tenpai();
            nagashi[s] = self.rules.game.nagashi_mangan
                && self.seats[s]
                    .river()
                    .iter()
                    .all(|r| !r.called && r.pai.tile().is_some_and(|t| t.is_terminal_or_honor()));
        }
        let dealer = self.round.dealer().get();
        if nagashi.iter().any(|&n| n) {
            for s in (0..4u8).filter(|&s| nagashi[s as usize]) {
                for o in (0..4u8).filter(|&o| o != s) {
                    let pay = if s == dealer || o == dealer {
                        4000
                    } else {
                        2000
                    };
                    d[o as usize] -= pay;
                    d[s as usize] += pay;
                }
            }
        } else if self.seats.iter().any(|s| s.is_hidden()) {
            return Ok((tenpai, nagashi, None));
        } else {
            d = tenpai_payments(&tenpai);
        }
        Ok((tenpai, nagashi, Some(d)))
    }

    /// A draw for `reason` is allowed now; if so, who is tenpai and paid
    /// nagashi mangan, and the payments by seat in points (none but those of
    /// the exhaustive draw).
    fn draw_result(&self, reason: DrawReason) -> Result<DrawResult, GameError> {
        const E: &str = "ryukyoku";
        let g = &self.rules.game;
        match reason {
            DrawReason::Exhaustive => return self.exhaustive_draw(),
            DrawReason::NineTerminals => {
                let Phase::Turn {
                    seat,
                    after_call: None,
                    rinshan: false,
                } = self.phase
                else {
                    return Err(err(E, 4, "nine terminals only on one's own first draw"));
                };
                // A hidden hand's tiles are its own.
                let possible = if self.seats[seat as usize].is_hidden() {
                    first_go_around(self.any_call, self.seats[seat as usize].river().len())
                } else {
                    self.nine_terminals_possible_at(seat)
                };
                if !g.nine_terminals || !possible {
                    return Err(err(E, seat, "nine terminals is not possible now"));
                }
            }
            DrawReason::FourWinds | DrawReason::FourRiichi | DrawReason::FourKans => {
                if self.pending_dora > 0 {
                    return Err(err(E, 4, "a kan dora must be turned first"));
                }
                if self.forced_draw() != Some(reason) {
                    return Err(err(E, 4, format!("{reason} has not happened")));
                }
            }
            DrawReason::TripleRon => {
                // Who may ron with a hidden hand is its own.
                let hidden = self.seats.iter().any(|s| s.is_hidden())
                    && matches!(self.phase, Phase::Discarded { .. } | Phase::Kan { .. });
                if !g.triple_ron_abort || (!hidden && self.ron_candidates().len() < 3) {
                    return Err(err(E, 4, "three players cannot ron now"));
                }
            }
        }
        Ok(([false; 4], [false; 4], Some([0; 4])))
    }

    /// The draw a `ryukyoku` without a reason means now (Mortal's mjai and
    /// other logs write none), read from the position: on one's own turn
    /// nine terminals; after a discard the abortive draw it completed (four
    /// riichi, four kans, four winds), else the exhaustive draw when the wall
    /// is empty, else three players' ron; on a kan, three players' ron
    /// (robbing it). Each is checked as if the log had named it.
    fn infer_draw(&self) -> Result<DrawReason, GameError> {
        let candidates: Vec<DrawReason> = match self.phase {
            Phase::Turn { .. } => vec![DrawReason::NineTerminals],
            Phase::Discarded { .. } => self
                .forced_draw()
                .into_iter()
                .chain([DrawReason::Exhaustive, DrawReason::TripleRon])
                .collect(),
            Phase::Kan { .. } => vec![DrawReason::TripleRon],
            _ => Vec::new(),
        };
        candidates
            .into_iter()
            .find(|&r| self.draw_result(r).is_ok())
            .ok_or_else(|| {
                err(
                    "ryukyoku",
                    4,
                    format!(
                        "no reason given, and no draw fits the position ({} tiles left in the wall, no abortive draw possible)",
                        self.live_left
                    ),
                )
            })
    }

    /// The abortive draw the rules force now, if any (checked when a discard has
    /// passed without a win).
    pub fn forced_draw(&self) -> Option<DrawReason> {
        let Phase::Discarded { seat, pai } = self.phase else {
            return None;
        };
        if matches!(
            self.seats[seat as usize].flags.riichi,
            RiichiState::Declared { .. }
        ) {
            return None;
        }
        let g = &self.rules.game;
        if g.four_riichi && self.seats.iter().all(|s| s.flags.riichi_accepted()) {
            return Some(DrawReason::FourRiichi);
        }
        if g.four_kans && self.kans.len() == 4 && self.kans.iter().any(|&k| k != self.kans[0]) {
            return Some(DrawReason::FourKans);
        }
        if g.four_winds
            && !self.any_call
            && self.seats.iter().all(|s| s.river().len() == 1)
            && pai.tile().is_some_and(|t| t.is_wind())
            && self
                .seats
                .iter()
                .all(|s| s.river()[0].pai.tile() == pai.tile())
        {
            return Some(DrawReason::FourWinds);
        }
        None
    }

    /// `seat` may declare nine terminals now (its first draw, no call yet, nine
    /// different terminals and honors).
    ///
    /// # Panics
    /// Never.
    pub fn nine_terminals_possible(&self, seat: SeatIndex) -> bool {
        self.nine_terminals_possible_at(seat.get())
    }

    /// [`State::nine_terminals_possible`] of a seat the engine holds.
    pub(crate) fn nine_terminals_possible_at(&self, seat: u8) -> bool {
        let s = &self.seats[seat as usize];
        first_go_around(self.any_call, s.river().len())
            && (0..KINDS)
                .filter(|&i| {
                    s.concealed()[i] > 0
                        && Tile::new(i as u8).expect("below 34").is_terminal_or_honor()
                })
                .count()
                >= 9
    }
}

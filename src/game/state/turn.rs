//! A turn: the draw (`tsumo`), the discard (`dahai`), riichi (`reach`,
//! `reach_accepted`), and what a discard passing without a win settles
//! (furiten of those who could have won on it).

use super::{check_deltas, check_scores, err, Phase, RiichiState, RiverTile, State};
use crate::game::error::GameError;
use crate::game::flags::{could_ron, drew};
use crate::game::pai::Pai;
use crate::game::riichi::{riichi_allowed, RiichiRefusal};
use crate::game::settle::pay_deltas;
use crate::rules::KanDoraTiming;
use crate::score::RIICHI_STICK;
use crate::tile::TileSet;
use crate::waits::is_tenpai;

impl State {
    /// Records which seats wait on `t`, just discarded or added to a kan by
    /// `by`: those that pass it become furiten ([`could_ron`]).
    pub(super) fn note_could_ron(&mut self, by: usize, t: crate::Tile) {
        self.could_ron = could_ron(by, |o| self.seats[o].waits().contains(t));
    }

    /// The last discard has passed without a win: no kan dora, riichi stick or
    /// forced draw is still due.
    pub(super) fn discard_passed_check(
        &self,
        event: &'static str,
        actor: u8,
    ) -> Result<(), GameError> {
        if self.pending_dora > 0 {
            return Err(err(event, actor, "a kan dora must be turned first"));
        }
        if let Phase::Discarded { seat, .. } = self.phase {
            if matches!(
                self.seats[seat as usize].flags.riichi,
                RiichiState::Declared { .. }
            ) {
                return Err(err(event, actor, "the riichi must be accepted first"));
            }
        }
        if let Some(r) = self.forced_draw() {
            return Err(err(event, actor, format!("the round must end: {r}")));
        }
        Ok(())
    }

    /// `tsumo`: `actor` draws `pai` (a replacement tile after a kan).
    pub(super) fn tsumo(&mut self, actor: u8, pai: Pai) -> Result<(), GameError> {
        const E: &str = "tsumo";
        let a = Self::seat_check(E, actor)?;
        let rinshan = match self.phase {
            Phase::Draw { seat, rinshan } if seat == actor => rinshan,
            Phase::Discarded { seat, .. } if (seat + 1) % 4 == actor => {
                self.discard_passed_check(E, actor)?;
                false
            }
            Phase::Kan { seat, .. } if seat == actor => true,
            _ => {
                return Err(err(
                    E,
                    actor,
                    format!("not this seat's draw ({})", self.phase),
                ))
            }
        };
        if self.live_left == 0 {
            return Err(err(E, actor, "the live wall is empty"));
        }
        // Due kan dora are turned before the replacement draw, except an open
        // kan's own when the rules turn it after the discard.
        if rinshan {
            let own_may_wait = self.rules.game.open_kan_dora == KanDoraTiming::AfterDiscard
                && !matches!(self.phase, Phase::Kan { closed: true, .. });
            if self.pending_dora > u8::from(own_may_wait) {
                return Err(err(E, actor, "a kan dora must be turned first"));
            }
        }
        let hidden = self.hides(actor);
        if !hidden {
            self.take_unseen(pai, E, actor)?;
        }
        let after_kan = matches!(self.phase, Phase::Kan { .. });
        drew(
            self.seats.iter_mut().map(|s| &mut s.flags),
            &mut self.could_ron,
            after_kan,
        );
        self.live_left -= 1;
        let s = &mut self.seats[a];
        if hidden {
            // Whatever tile is named, this view does not see it.
            s.put_hidden();
        } else {
            s.put(pai);
            s.drawn = Some(pai);
        }
        self.phase = Phase::Turn {
            seat: actor,
            after_call: None,
            rinshan,
        };
        Ok(())
    }

    /// `dahai`: `actor` discards `pai` (`tsumogiri`: the tile just drawn).
    pub(super) fn dahai(&mut self, actor: u8, pai: Pai, tsumogiri: bool) -> Result<(), GameError> {
        let a = Self::seat_check("dahai", actor)?;
        let (riichi_now, missed_tsumo) = self.check_dahai(actor, pai, tsumogiri)?;
        if self.hides(actor) {
            self.reveal(actor, &[pai], "dahai")?;
        }
        let s = &mut self.seats[a];
        let before_draw = s.shanten_before_draw();
        s.take(pai);
        s.drawn = None;
        s.note_discard(before_draw);
        s.flags.discarded(riichi_now, missed_tsumo);
        let t = pai.tile().expect("not hidden");
        s.discarded.insert(t);
        s.discard(RiverTile {
            pai,
            tsumogiri,
            riichi: riichi_now,
            called: false,
        });
        // An open kan's dora now due stays in `pending_dora`: the next event
        // must turn it (see `discard_passed_check`).
        self.note_could_ron(a, t);
        self.phase = Phase::Discarded { seat: actor, pai };
        Ok(())
    }

    /// Whether `actor` may discard `pai` now; if so, whether it is the riichi
    /// discard, and whether a seat in riichi passes a tsumo on its wait with
    /// it (it is then furiten for good).
    fn check_dahai(&self, actor: u8, pai: Pai, tsumogiri: bool) -> Result<(bool, bool), GameError> {
        const E: &str = "dahai";
        let (riichi_now, forbidden) = match self.phase {
            Phase::Turn {
                seat, after_call, ..
            } if seat == actor => (false, after_call),
            Phase::RiichiDiscard { seat } if seat == actor => (true, None),
            _ => return Err(err(E, actor, "not this seat's turn to discard")),
        };
        if self.hides(actor) {
            return self.check_hidden_dahai(actor, pai, tsumogiri, forbidden, riichi_now);
        }
        let s = &self.seats[actor as usize];
        if !s.has(pai) {
            return Err(GameError::MissingTile {
                event: E,
                seat: actor,
                tile: pai.to_string(),
            });
        }
        if tsumogiri && s.drawn != Some(pai) {
            return Err(err(E, actor, format!("{pai} is not the tile just drawn")));
        }
        if !tsumogiri && s.drawn == Some(pai) && !s.has_two(pai) {
            return Err(err(
                E,
                actor,
                format!("the only {pai} is the tile just drawn (tsumogiri)"),
            ));
        }
        self.check_kuikae(actor, pai, forbidden)?;
        let in_riichi = s.flags.riichi_accepted();
        if in_riichi && !tsumogiri {
            return Err(err(
                E,
                actor,
                "in riichi only the drawn tile may be discarded",
            ));
        }
        let mut after = *s.concealed();
        after[pai.index()] -= 1;
        if riichi_now && !is_tenpai(&after) {
            return Err(err(
                E,
                actor,
                format!("discarding {pai} leaves the riichi hand not tenpai"),
            ));
        }
        let missed_tsumo = in_riichi
            && s.drawn
                .is_some_and(|d| s.waits_without(d).contains(d.tile().expect("not hidden")));
        Ok((riichi_now, missed_tsumo))
    }

    /// [`State::check_dahai`] for a seat whose hand this view hides: what
    /// the view can see (the tile can be in that hand, no tsumogiri right
    /// after a call, kuikae, only the drawn tile in riichi); whether the
    /// riichi discard leaves the hand ready, and furiten, are the hidden
    /// hand's.
    fn check_hidden_dahai(
        &self,
        actor: u8,
        pai: Pai,
        tsumogiri: bool,
        forbidden: Option<TileSet>,
        riichi_now: bool,
    ) -> Result<(bool, bool), GameError> {
        const E: &str = "dahai";
        self.revealed(actor, &[pai], E)?;
        if tsumogiri && forbidden.is_some() {
            return Err(err(E, actor, "no tile was drawn after the call"));
        }
        self.check_kuikae(actor, pai, forbidden)?;
        let s = &self.seats[actor as usize];
        if s.flags.riichi_accepted() && !tsumogiri {
            return Err(err(
                E,
                actor,
                "in riichi only the drawn tile may be discarded",
            ));
        }
        Ok((riichi_now, false))
    }

    /// Swap-calling (kuikae): right after a chi or pon, the `forbidden` kinds
    /// may not be discarded when the rules forbid it.
    fn check_kuikae(
        &self,
        actor: u8,
        pai: Pai,
        forbidden: Option<TileSet>,
    ) -> Result<(), GameError> {
        if let Some(f) = forbidden {
            if self.rules.game.kuikae_forbidden && f.contains(pai.tile().expect("not hidden")) {
                return Err(err(
                    "dahai",
                    actor,
                    format!("swap-calling (kuikae): {pai} may not be discarded"),
                ));
            }
        }
        Ok(())
    }

    /// `reach`: `actor` declares riichi; the riichi discard comes next.
    pub(super) fn reach(&mut self, actor: u8) -> Result<(), GameError> {
        const E: &str = "reach";
        let a = Self::seat_check(E, actor)?;
        match self.phase {
            Phase::Turn {
                seat,
                after_call: None,
                ..
            } if seat == actor => {}
            _ => return Err(err(E, actor, "not this seat's turn after a draw")),
        }
        let s = &self.seats[a];
        let g = &self.rules.game;
        riichi_allowed(
            s.in_riichi(),
            s.is_closed(),
            self.scores[a],
            self.live_left,
            g,
        )
        .and_then(|()| {
            // A hidden hand's readiness is its own.
            (self.hides(actor) || s.riichi_possible())
                .then_some(())
                .ok_or(RiichiRefusal::NotTenpai)
        })
        .map_err(|r| err(E, actor, r.to_string()))?;
        let discards = s.river().len();
        self.seats[a].flags.declare_riichi(self.any_call, discards);
        self.phase = Phase::RiichiDiscard { seat: actor };
        Ok(())
    }

    /// `reach_accepted`: the riichi discard passed; the stick goes on the
    /// table and ippatsu begins. The logged `deltas` and `scores` (after
    /// the stick) must be the engine's.
    pub(super) fn reach_accepted(
        &mut self,
        actor: u8,
        deltas: Option<[i32; 4]>,
        scores: Option<[i32; 4]>,
    ) -> Result<(), GameError> {
        const E: &str = "reach_accepted";
        let a = Self::seat_check(E, actor)?;
        match (&self.phase, self.seats[a].flags.riichi) {
            (Phase::Discarded { seat, .. }, RiichiState::Declared { .. }) if *seat == actor => {
                if self.pending_dora > 0 {
                    return Err(err(E, actor, "a kan dora must be turned first"));
                }
                let mut d = [0; 4];
                d[a] = -(RIICHI_STICK as i32);
                check_deltas(E, deltas, d)?;
                let mut after = self.scores;
                pay_deltas(&mut after, d);
                check_scores(E, scores, after, self.scores_known())?;
                let flags = &mut self.seats[a].flags;
                flags.accept_riichi(&mut self.scores[a], &mut self.kyoutaku);
                Ok(())
            }
            _ => Err(err(E, actor, "no riichi discard of this seat is waiting")),
        }
    }
}

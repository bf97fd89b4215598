//! Wins: who may ron now, the scoring situation of a win, its payments by
//! seat (liability included, computed by [`crate::game::win_deltas`]), and
//! the `hora` event (multiple ron in turn order from the discarder).

use super::seat::{has_in, TableMeld};
use super::{check_deltas, check_scores, err, Phase, RoundOutcome, State, Win};
use crate::game::calls::is_kokushi_tenpai;
use crate::game::error::GameError;
use crate::game::flags::first_go_around;
use crate::game::pai::Pai;
use crate::game::seat_index::SeatIndex;
use crate::game::settle::{pay_win, win_deltas, WinSeats};
use crate::game::situation::{WinFacts, WinMoment};
use crate::meld::Meld;
use crate::rules::MultiRonHonba;
use crate::score::{score, Indicator, MeldOrigin, Situation};

impl State {
    /// Builds the scoring situation for `seat` winning on `pai` (`tsumo` or not)
    /// now: hand and melds with their origins, winds, riichi and ippatsu, the
    /// timing (rinshan, chankan, haitei, houtei, tenhou, chiihou), dora and the
    /// given ura-dora indicators (used only in riichi), honba and sticks.
    ///
    /// # Errors
    /// [`GameError::Seat`] when `seat` is above 3; [`GameError::Illegal`]
    /// when `pai` or an ura-dora indicator is hidden or the tiles do not make
    /// a hand (more than four copies).
    ///
    /// # Panics
    /// Never.
    pub fn situation(
        &self,
        seat: u8,
        pai: Pai,
        tsumo: bool,
        ura: &[Pai],
    ) -> Result<Situation, GameError> {
        let s = &self.seats[State::seat_check("hora", seat)?];
        let t = pai.tile().ok_or_else(|| err("hora", seat, "hidden tile"))?;
        let melds: Vec<Meld> = s
            .melds()
            .iter()
            .map(TableMeld::to_meld)
            .collect::<Result<_, _>>()
            .map_err(|e| err("hora", seat, e.to_string()))?;
        let facts = WinFacts {
            meld_origins: s
                .melds()
                .iter()
                .map(|m| MeldOrigin {
                    added: m.added,
                    from: m.from.map(|f| self.seat_wind_at(f)),
                })
                .collect(),
            seat_wind: self.seat_wind_at(seat),
            round_wind: self.round_wind(),
            riichi: s.flags.scored_riichi(),
            ippatsu: s.flags.ippatsu,
            moment: WinMoment {
                rinshan: matches!(self.phase, Phase::Turn { rinshan: true, .. }),
                chankan: matches!(self.phase, Phase::Kan { .. }),
                first_go_around: first_go_around(self.any_call, s.river().len()),
                live_left: self.live_left,
            },
            dora: self
                .dora
                .iter()
                .map(|&p| indicator(p, seat))
                .collect::<Result<_, _>>()?,
            ura: ura
                .iter()
                .map(|&p| indicator(p, seat))
                .collect::<Result<_, _>>()?,
            honba: self.round.honba() as u32,
            kyoutaku: self.kyoutaku,
            ..WinFacts::new(*s.concealed(), s.red_fives(), melds, t, pai.is_red(), tsumo)
        };
        facts
            .situation(self.rules.scoring.renhou)
            .map_err(|e| err("hora", seat, e.to_string()))
    }

    /// Scores `seat` winning on `pai` from `from` with the given ura-dora
    /// indicators: the score and every seat's score change (honba and sticks
    /// as they stand now).
    ///
    /// # Errors
    /// [`GameError::Win`] when the hand is not complete or has no yaku.
    ///
    /// # Panics
    /// Never.
    pub fn score_win(
        &self,
        seat: SeatIndex,
        from: SeatIndex,
        pai: Pai,
        ura: &[Pai],
    ) -> Result<Win, GameError> {
        self.score_win_at(seat.get(), from.get(), pai, ura)
    }

    /// [`State::score_win`] for seats the engine holds (0 to 3).
    pub(crate) fn score_win_at(
        &self,
        seat: u8,
        from: u8,
        pai: Pai,
        ura: &[Pai],
    ) -> Result<Win, GameError> {
        self.score_win_counting(seat, from, pai, ura, self.round.honba(), self.kyoutaku)
    }

    /// [`State::score_win`] with `honba` and `sticks` (counts) paid instead of
    /// those on the table (a later winner of a multiple ron gets fewer).
    fn score_win_counting(
        &self,
        seat: u8,
        from: u8,
        pai: Pai,
        ura: &[Pai],
        honba: u8,
        kyoutaku: u32,
    ) -> Result<Win, GameError> {
        let tsumo = seat == from;
        let mut sit = self.situation(seat, pai, tsumo, ura)?;
        sit.honba = honba as u32;
        sit.kyoutaku = kyoutaku;
        let sc = score(&sit, &self.rules).map_err(|error| GameError::Win { seat, error })?;
        let seats = WinSeats {
            winner: seat,
            from,
            dealer: self.round.dealer().get(),
            liable: self.seats[seat as usize].pao,
        };
        let (deltas, pao) = win_deltas(&sc, &seats, sit.honba, &self.rules.scoring);
        Ok(Win {
            seat,
            from,
            pai: Some(pai),
            ura: Vec::new(),
            pao,
            score: Some(sc),
            deltas,
        })
    }

    /// `hora`: `actor` wins on `pai` from `target` (itself for tsumo), with
    /// the ura-dora indicators `ura`; the logged `deltas` and `scores` (after
    /// the payments: of this win and those before it in a multiple ron) must
    /// be the engine's. Applied to a copy of the state (it may change the
    /// phase back to the discard's before it fails).
    pub(super) fn hora(
        &mut self,
        actor: u8,
        target: u8,
        pai: Option<Pai>,
        ura: Option<&[Pai]>,
        (deltas, scores): (Option<[i32; 4]>, Option<[i32; 4]>),
    ) -> Result<(), GameError> {
        const E: &str = "hora";
        Self::seat_check(E, actor)?;
        Self::seat_check(E, target)?;
        let prior: Vec<Win> = match &self.outcome {
            Some(RoundOutcome::Wins(w)) => w.clone(),
            Some(_) => return Err(err(E, actor, "the round ended in a draw")),
            None => Vec::new(),
        };
        if self.hides(actor) {
            return self.hidden_hora(actor, target, pai, ura, (deltas, scores), prior);
        }
        let win_pai = if actor == target {
            self.tsumo_tile(actor)?
        } else {
            self.ron_tile(actor, target, &prior)?
        };
        if let Some(p) = pai {
            if p != win_pai {
                return Err(err(
                    E,
                    actor,
                    format!("the winning tile is {win_pai}, not {p}"),
                ));
            }
        }
        let ura = ura.unwrap_or(&[]);
        self.check_ura(actor, ura)?;
        // Later winners of a multiple ron get no sticks (taken by the first), and
        // the honba only when the rules say so.
        let (mut honba, mut kyoutaku) = (self.round.honba(), self.kyoutaku);
        if !prior.is_empty() {
            kyoutaku = 0;
            if self.rules.game.multiple_ron_honba == MultiRonHonba::First {
                honba = 0;
            }
        }
        let mut win = self.score_win_counting(actor, target, win_pai, ura, honba, kyoutaku)?;
        check_deltas(E, deltas, win.deltas)?;
        if self.seats[actor as usize].flags.riichi_accepted() {
            win.ura = ura[..self.dora.len().min(ura.len())].to_vec();
        }
        if prior.is_empty() && actor != target {
            self.ron_phase = Some(self.phase.clone());
        }
        pay_win(&mut self.scores, &mut self.kyoutaku, win.deltas);
        check_scores(E, scores, self.scores, self.scores_known())?;
        let mut wins = prior;
        wins.push(win);
        self.outcome = Some(RoundOutcome::Wins(wins));
        self.phase = Phase::Ended;
        Ok(())
    }

    /// `hora` by a seat whose hand this view hides: the win is where one
    /// can be (after its own draw, or on the discard or kan in turn order);
    /// the payments are the event's `deltas` (the winner gains, and the
    /// points on the table grow by the sticks it takes), or unknown until
    /// the next `start_kyoku` when it gives none (and its `scores` are not
    /// checked then).
    fn hidden_hora(
        &mut self,
        actor: u8,
        target: u8,
        pai: Option<Pai>,
        ura: Option<&[Pai]>,
        (deltas, scores): (Option<[i32; 4]>, Option<[i32; 4]>),
        mut wins: Vec<Win>,
    ) -> Result<(), GameError> {
        const E: &str = "hora";
        let pai = if actor == target {
            self.check_own_draw(actor)?;
            pai
        } else {
            let p = self.ron_tile(actor, target, &wins)?;
            if let Some(given) = pai.filter(|&g| g != p) {
                return Err(err(
                    E,
                    actor,
                    format!("the winning tile is {p}, not {given}"),
                ));
            }
            Some(p)
        };
        let kyoutaku = if wins.is_empty() { self.kyoutaku } else { 0 };
        if let Some(d) = deltas {
            let sum: i32 = d.iter().sum();
            if sum != 1000 * kyoutaku as i32 || d[actor as usize] <= 0 {
                return Err(err(
                    E,
                    actor,
                    format!("deltas {d:?}: the winner must gain, and the sticks ({kyoutaku}) are all the points added"),
                ));
            }
        }
        // Without deltas the payments are unknown until the next deal.
        self.unsettled |= deltas.is_none();
        pay_win(
            &mut self.scores,
            &mut self.kyoutaku,
            deltas.unwrap_or([0; 4]),
        );
        check_scores(E, scores, self.scores, self.scores_known())?;
        if wins.is_empty() && actor != target {
            self.ron_phase = Some(self.phase.clone());
        }
        wins.push(Win {
            seat: actor,
            from: target,
            pai,
            ura: ura.unwrap_or_default().to_vec(),
            pao: None,
            score: None,
            deltas: deltas.unwrap_or([0; 4]),
        });
        self.outcome = Some(RoundOutcome::Wins(wins));
        self.phase = Phase::Ended;
        Ok(())
    }

    /// `actor` is on its own turn right after a draw (not a call): where a
    /// tsumo can be.
    fn check_own_draw(&self, actor: u8) -> Result<(), GameError> {
        match self.phase {
            Phase::Turn {
                seat,
                after_call: None,
                ..
            } if seat == actor => Ok(()),
            _ => Err(err("hora", actor, "tsumo only right after one's own draw")),
        }
    }

    /// The tile `actor` wins on by tsumo: its drawn tile, right after its own
    /// draw.
    fn tsumo_tile(&self, actor: u8) -> Result<Pai, GameError> {
        self.check_own_draw(actor)?;
        self.seats[actor as usize]
            .drawn
            .ok_or_else(|| err("hora", actor, "no drawn tile"))
    }

    /// The tile `actor` rons from `target`: the discard or the kan's tile, in
    /// turn order after the `prior` winners, when the rules and furiten allow.
    /// In a multiple ron the phase goes back to the discard's first.
    fn ron_tile(&mut self, actor: u8, target: u8, prior: &[Win]) -> Result<Pai, GameError> {
        const E: &str = "hora";
        if matches!(self.phase, Phase::Ended) && !prior.is_empty() {
            if let Some(p) = self.ron_phase.clone() {
                self.phase = p;
            }
        }
        let (d, p, kan) = match &self.phase {
            Phase::Discarded { seat, pai } => (*seat, *pai, None),
            Phase::Kan { seat, pai, closed } => (*seat, *pai, Some(*closed)),
            _ => return Err(err(E, actor, "no discard or kan to win on")),
        };
        if d != target || actor == target {
            return Err(err(
                E,
                actor,
                format!("the tile came from seat {d}, not {target}"),
            ));
        }
        if self.pending_dora > 0 && kan.is_none() {
            return Err(err(E, actor, "a kan dora must be turned first"));
        }
        let g = &self.rules.game;
        if let Some(w) = prior.last() {
            let dist = |s: u8| (s + 4 - d) % 4;
            if dist(actor) <= dist(w.seat) {
                return Err(err(
                    E,
                    actor,
                    "multiple ron goes in turn order from the discarder",
                ));
            }
            if !g.multiple_ron {
                return Err(err(E, actor, "only one player may ron"));
            }
            if prior.len() >= 2 && g.triple_ron_abort {
                return Err(err(E, actor, "three rons are an abortive draw"));
            }
        }
        let s = &self.seats[actor as usize];
        if kan == Some(true) && !g.kokushi_robs_closed_kan {
            return Err(err(E, actor, "the rules let no one rob a closed kan"));
        }
        // A hidden hand's shape and furiten are its own.
        if s.is_hidden() {
            return Ok(p);
        }
        if kan == Some(true) && !is_kokushi_tenpai(s.concealed(), s.melds().len()) {
            return Err(err(E, actor, "only thirteen orphans may rob a closed kan"));
        }
        if s.furiten() {
            return Err(err(E, actor, "furiten"));
        }
        Ok(p)
    }

    /// A winner in riichi names one ura-dora indicator per dora indicator, each
    /// a tile still unseen.
    fn check_ura(&self, actor: u8, ura: &[Pai]) -> Result<(), GameError> {
        let riichi = self.seats[actor as usize].flags.riichi_accepted();
        if !riichi {
            return Ok(());
        }
        if ura.len() < self.dora.len() {
            return Err(err(
                "hora",
                actor,
                format!(
                    "{} ura-dora indicators for {} dora",
                    ura.len(),
                    self.dora.len()
                ),
            ));
        }
        let mut pool = self.unseen;
        let mut pool_red = self.unseen_red;
        for &u in ura.iter().take(self.dora.len()) {
            if !has_in(&pool, &pool_red, u, 1) {
                return Err(GameError::NotInWall {
                    tile: u.to_string(),
                });
            }
            pool[u.index()] -= 1;
            if u.is_red() {
                pool_red[u.index() / 9] -= 1;
            }
        }
        Ok(())
    }

    /// Seats that may ron the current discard (or rob the current kan), in turn
    /// order from the discarder: complete hand, not furiten, a yaku.
    pub fn ron_candidates(&self) -> Vec<u8> {
        let d = match self.phase {
            Phase::Discarded { seat, .. } | Phase::Kan { seat, .. } => seat,
            _ => return Vec::new(),
        };
        (1..4)
            .map(|k| (d + k) % 4)
            .filter(|&o| self.may_ron_at(o))
            .collect()
    }

    /// Whether `seat` may ron the current discard (or rob the current kan):
    /// one seat's part of [`State::ron_candidates`].
    ///
    /// # Panics
    /// Never.
    pub fn may_ron(&self, seat: SeatIndex) -> bool {
        self.may_ron_at(seat.get())
    }

    /// [`State::may_ron`] of a seat number (false above 3).
    pub(crate) fn may_ron_at(&self, seat: u8) -> bool {
        let (d, pai, closed) = match self.phase {
            Phase::Discarded { seat, pai } => (seat, pai, false),
            Phase::Kan { seat, pai, closed } => (seat, pai, closed),
            _ => return false,
        };
        // After a kan's discard, its dora indicator is turned before anyone
        // may answer the discard.
        let dora_due = self.pending_dora > 0 && matches!(self.phase, Phase::Discarded { .. });
        // `could_ron` (set with the discard or kan: the tile is a wait) rules
        // out most seats before furiten and yaku are looked at.
        if seat > 3 || seat == d || dora_due || !self.could_ron[seat as usize] {
            return false;
        }
        self.can_ron(seat, d, pai, closed)
    }

    fn can_ron(&self, o: u8, d: u8, pai: Pai, closed: bool) -> bool {
        let Some(t) = pai.tile() else { return false };
        let s = &self.seats[o as usize];
        s.waits().contains(t)
            && !s.furiten()
            && (!closed
                || (self.rules.game.kokushi_robs_closed_kan
                    && is_kokushi_tenpai(s.concealed(), s.melds().len())))
            && self.score_win_at(o, d, pai, &[]).is_ok()
    }
}

/// A dora or ura-dora indicator as the scorer takes it; a hidden one is
/// refused (the engine's own indicators are always named: `take_unseen`
/// refuses `?`, but the ura-dora of [`State::score_win`] come from outside).
fn indicator(p: Pai, seat: u8) -> Result<Indicator, GameError> {
    let tile = p.tile().ok_or_else(|| {
        err(
            "hora",
            seat,
            "a dora or ura-dora indicator must be named, not ?",
        )
    })?;
    Ok(Indicator {
        tile,
        red: p.is_red(),
    })
}

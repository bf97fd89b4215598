//! What the view's seat may do now ([`Choices`], from
//! [`crate::game::legal_actions`]) and why something else is refused
//! ([`Refusal`]): the one place a front end asks, so that none of them
//! decides a rule (the browser table's server looks every intent up here).

use super::SeatView;
use crate::game::{
    legal_actions, riichi_allowed, Action, Pai, Phase, RiichiRefusal, SeatIndex, State,
};
use serde::Serialize;

/// The view's seat's decision: every legal action, and what the rules say
/// about the ones it does not have.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Choices {
    /// Every legal action, as [`legal_actions`] lists them (never empty;
    /// [`Action::Pass`] last when calling or winning is optional).
    pub actions: Vec<Action>,
    /// A discard is due (the seat's own turn), as opposed to a call prompt.
    pub discard_due: bool,
    /// The tiles a riichi may discard now, in the order of the actions
    /// (empty when riichi is not among them).
    pub riichi_discards: Vec<Pai>,
    /// On the seat's own turn, why riichi is not among the actions (the
    /// costs the rules preset asks); `null` otherwise.
    pub riichi_refusal: Option<RiichiRefusal>,
    /// Right after a chi or pon, the kinds swap-calling (kuikae) forbids to
    /// discard (plain tiles); empty otherwise.
    pub swap_forbidden: Vec<Pai>,
}

impl Choices {
    /// The choices of `seat` in `state`; `None` when it has nothing to decide.
    pub(super) fn of(state: &State, seat: u8) -> Option<Choices> {
        let actions = legal_actions(state, SeatIndex::engine(seat));
        if actions.is_empty() {
            return None;
        }
        let mut riichi_discards: Vec<Pai> = Vec::new();
        for a in &actions {
            if let Action::Riichi { pai, .. } = a {
                if !riichi_discards.contains(pai) {
                    riichi_discards.push(*pai);
                }
            }
        }
        let (own_turn, forbidden) = match *state.phase() {
            Phase::Turn {
                seat: t,
                after_call,
                ..
            } if t == seat => (true, after_call),
            _ => (false, None),
        };
        let s = state.seat_at(seat);
        let riichi_refusal = (own_turn && riichi_discards.is_empty()).then(|| {
            let points = state.scores()[seat as usize];
            let g = &state.rules().game;
            riichi_allowed(s.in_riichi(), s.is_closed(), points, state.live_left(), g)
                .err()
                .unwrap_or(RiichiRefusal::NotTenpai)
        });
        Some(Choices {
            discard_due: actions
                .iter()
                .any(|a| matches!(a, Action::Discard { .. } | Action::Riichi { .. })),
            riichi_discards,
            riichi_refusal,
            swap_forbidden: forbidden
                .map(|f| f.iter().map(Pai::from).collect())
                .unwrap_or_default(),
            actions,
        })
    }
}

/// Why an action a person asked for is not allowed now: what
/// [`SeatView::discard`], [`SeatView::tsumo`] and [`SeatView::ron`] answer
/// instead of an action. Its text (`Display`) is a sentence for people;
/// tiles in mpsz.
///
/// ```
/// use tenpai::view::Refusal;
/// let r = Refusal::SwapCalling { pai: "6p".parse()?, forbidden: vec!["3p".parse()?, "6p".parse()?] };
/// assert_eq!(r.to_string(), "6p may not be discarded right after that call (swap-calling forbids 3p 6p)");
/// assert_eq!(serde_json::to_value(&r)?["refusal"], "swap_calling");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "refusal", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Refusal {
    /// The view's seat has no decision now (another seat acts, or the view
    /// is a spectator's).
    #[error("it is not your decision now")]
    NoDecision,
    /// A discard was asked for where none is due (a call prompt).
    #[error("it is not your turn to discard")]
    NoDiscardDue,
    /// The seat holds no such tile.
    #[error("you have no {}", .pai.mpsz())]
    NotHeld {
        /// The tile asked for.
        pai: Pai,
    },
    /// The drawn tile was asked for, and there is none (right after a call).
    #[error("you have no drawn tile")]
    NoDrawnTile,
    /// In riichi only the drawn tile may be discarded.
    #[error("in riichi you can only discard the drawn tile ({})", .drawn.mpsz())]
    InRiichi {
        /// The drawn tile.
        drawn: Pai,
    },
    /// Swap-calling (kuikae) forbids this discard right after a chi or pon.
    #[error("{} may not be discarded right after that call (swap-calling forbids {})", .pai.mpsz(), mpsz_list(.forbidden))]
    SwapCalling {
        /// The tile asked for.
        pai: Pai,
        /// Every kind it forbids now (plain tiles).
        forbidden: Vec<Pai>,
    },
    /// Riichi is possible, but not with this discard: it leaves no wait.
    #[error("discarding {} leaves no wait; riichi is possible with {}", .pai.mpsz(), mpsz_list(.options))]
    RiichiNoWait {
        /// The tile asked for.
        pai: Pai,
        /// The tiles a riichi may discard.
        options: Vec<Pai>,
    },
    /// Riichi is not possible now.
    #[error("riichi is not possible: {why}")]
    Riichi {
        /// Why (the rules' costs included).
        why: RiichiRefusal,
    },
    /// A win was asked for where there is no tile to win on (ron with no
    /// discard or kan to rob, tsumo not right after a draw).
    #[error("there is no tile to win on now")]
    NothingToWinOn,
    /// The hand with that tile is not complete.
    #[error("your hand does not win")]
    NotComplete,
    /// The hand is complete but has no yaku.
    #[error("your hand has no yaku")]
    NoYaku,
    /// The hand waits on a tile it discarded, or let a winning tile go
    /// (furiten): no ron.
    #[error("you are furiten: no ron")]
    Furiten,
    /// Something else the rules do not allow now (an action not among the
    /// legal ones).
    #[error("that is not allowed now")]
    NotAllowed,
}

/// Tiles in mpsz, separated by spaces: `3p 6p`.
fn mpsz_list(tiles: &[Pai]) -> String {
    tiles.iter().map(|p| p.mpsz()).collect::<Vec<_>>().join(" ")
}

impl SeatView {
    /// The discard (or, with `riichi`, the riichi declared with it) of `pai`
    /// among the legal actions. `from_drawn`: `Some(true)` the drawn tile,
    /// `Some(false)` a tile of the hand but the drawn one (as a front end
    /// that numbers the hand's positions asks), `None` either, the drawn
    /// tile first. A plain five named where only a red one is held means
    /// the red one.
    ///
    /// # Errors
    /// The [`Refusal`] that says why: no decision, no discard due, no such
    /// tile, no drawn tile, only the drawn tile in riichi, swap-calling,
    /// riichi not possible (with the rules' costs) or not with this tile.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Action, Event, State};
    /// use tenpai::view::{Refusal, SeatView};
    /// let mut s = State::new(tenpai::rules::Rules::tenhou());
    /// s.apply(&Event::start_game(vec![], None, Default::default()))?;
    /// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
    /// s.apply(&Event::StartKyoku {
    ///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
    ///     dora_marker: "1m".parse()?, scores: [25000; 4],
    ///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E W S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
    ///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
    /// })?;
    /// s.apply(&Event::Tsumo { actor: 0, pai: "E".parse()? })?;
    /// let v = SeatView::of(&s, tenpai::game::SeatIndex::ALL[0]);
    /// let e: tenpai::game::Pai = "E".parse()?;
    /// assert_eq!(v.discard(e, None, false), Ok(Action::Discard { pai: e, tsumogiri: true }));
    /// assert_eq!(v.discard(e, Some(false), false), Ok(Action::Discard { pai: e, tsumogiri: false }));
    /// assert_eq!(v.discard("7z".parse()?, None, false), Err(Refusal::NotHeld { pai: "7z".parse()? }));
    /// // Riichi with S or W leaves the E pair and tenpai; with 1m it does not.
    /// let r = v.discard("1m".parse()?, None, true).unwrap_err();
    /// assert_eq!(r.to_string(), "discarding 1m leaves no wait; riichi is possible with 2z 3z");
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn discard(
        &self,
        pai: Pai,
        from_drawn: Option<bool>,
        riichi: bool,
    ) -> Result<Action, Refusal> {
        let c = self.choices.as_ref().ok_or(Refusal::NoDecision)?;
        if !c.discard_due {
            return Err(Refusal::NoDiscardDue);
        }
        if riichi {
            self.riichi()?;
        }
        let hand = self.hand().ok_or(Refusal::NoDecision)?;
        let drawn = hand.drawn;
        let in_hand = |p: Pai| hand.tiles.contains(&p);
        let held = |p: Pai| match from_drawn {
            Some(true) => drawn == Some(p),
            Some(false) => in_hand(p),
            None => drawn == Some(p) || in_hand(p),
        };
        if from_drawn == Some(true) && drawn.is_none() {
            return Err(Refusal::NoDrawnTile);
        }
        let red = pai
            .tile()
            .filter(|t| t.is_five() && !pai.is_red())
            .map(|t| Pai::new(t, true));
        let pai = match red {
            Some(r) if !held(pai) && held(r) => r,
            _ if held(pai) => pai,
            _ => return Err(Refusal::NotHeld { pai }),
        };
        let tsumogiri: &[bool] = match from_drawn {
            Some(d) => &[d][..],
            None if drawn == Some(pai) => &[true, false],
            None => &[false],
        };
        let make = |tsumogiri| {
            if riichi {
                Action::Riichi { pai, tsumogiri }
            } else {
                Action::Discard { pai, tsumogiri }
            }
        };
        if let Some(a) = tsumogiri
            .iter()
            .map(|&t| make(t))
            .find(|a| c.actions.contains(a))
        {
            return Ok(a);
        }
        let me = self.me().ok_or(Refusal::NoDecision)?;
        let plain = pai.plain();
        Err(if riichi {
            Refusal::RiichiNoWait {
                pai,
                options: c.riichi_discards.clone(),
            }
        } else if me.riichi.is_some_and(|r| r.accepted) {
            match drawn {
                Some(drawn) => Refusal::InRiichi { drawn },
                None => Refusal::NotAllowed,
            }
        } else if c.swap_forbidden.contains(&plain) {
            Refusal::SwapCalling {
                pai,
                forbidden: c.swap_forbidden.clone(),
            }
        } else {
            Refusal::NotAllowed
        })
    }

    /// The tiles a riichi may discard now ([`Choices::riichi_discards`]),
    /// when riichi is among the legal actions.
    ///
    /// # Errors
    /// Why not: no decision, no discard due (a call prompt), or the
    /// [`RiichiRefusal`] (already in riichi, an open hand, the preset's
    /// points or tiles left, no discard that leaves the hand ready).
    ///
    /// # Panics
    /// Never.
    pub fn riichi(&self) -> Result<&[Pai], Refusal> {
        let c = self.choices.as_ref().ok_or(Refusal::NoDecision)?;
        if !c.riichi_discards.is_empty() {
            return Ok(&c.riichi_discards);
        }
        if !c.discard_due {
            return Err(Refusal::NoDiscardDue);
        }
        let why = c.riichi_refusal.unwrap_or(RiichiRefusal::AlreadyInRiichi);
        Err(Refusal::Riichi { why })
    }

    /// Tsumo, when it is among the legal actions.
    ///
    /// # Errors
    /// Why not: no decision, no draw to win on (not right after the seat's
    /// own draw), the hand not complete, or complete without a yaku.
    ///
    /// # Panics
    /// Never.
    pub fn tsumo(&self) -> Result<Action, Refusal> {
        let c = self.choices.as_ref().ok_or(Refusal::NoDecision)?;
        if c.actions.contains(&Action::Tsumo) {
            return Ok(Action::Tsumo);
        }
        let hand = self.hand().ok_or(Refusal::NoDecision)?;
        if hand.drawn.is_none() || !c.discard_due {
            return Err(Refusal::NothingToWinOn);
        }
        Err(complete_refusal(&hand.all(), None))
    }

    /// Ron (or robbing a kan), when it is among the legal actions.
    ///
    /// # Errors
    /// Why not: no decision, no discard or kan to win on, the hand with the
    /// tile not complete, furiten, or no yaku.
    ///
    /// # Panics
    /// Never.
    pub fn ron(&self) -> Result<Action, Refusal> {
        let c = self.choices.as_ref().ok_or(Refusal::NoDecision)?;
        if c.actions.contains(&Action::Ron) {
            return Ok(Action::Ron);
        }
        let hand = self.hand().ok_or(Refusal::NoDecision)?;
        let tile = match self.claimable {
            Some(cl) if Some(cl.seat) != self.seat => cl.pai,
            _ => return Err(Refusal::NothingToWinOn),
        };
        match complete_refusal(&hand.all(), Some(tile)) {
            Refusal::NoYaku if hand.furiten => Err(Refusal::Furiten),
            r => Err(r),
        }
    }
}

/// Why a hand `tiles` (with the tile `extra`) that is not offered a win
/// does not win: not complete, or complete without a yaku (the legal
/// actions leave a win out only for those two, besides furiten).
fn complete_refusal(tiles: &[Pai], extra: Option<Pai>) -> Refusal {
    let mut counts = [0u8; crate::KINDS];
    for t in tiles.iter().chain(&extra).filter_map(|p| p.tile()) {
        counts[t.index()] = counts[t.index()].saturating_add(1);
    }
    match crate::is_agari(&counts) {
        Ok(true) => Refusal::NoYaku,
        _ => Refusal::NotComplete,
    }
}

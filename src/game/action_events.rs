//! From an action to its events: what carrying out a [`Action`] records
//! (a discard, a riichi and its tile, a call's meld, a kan, a win), checked
//! against the state. The legal actions themselves are in `legal.rs`.

use super::event::{DrawReason, Event};
use super::legal::Action;
use super::pai::Pai;
use super::seat_index::SeatIndex;
use super::state::{Phase, RiichiState, Seat, State};
use crate::meld::MeldKind;

/// The events that carry out `action` by `seat` (draws, dora and the end of
/// the round are the game driver's, not the player's). `pai` of a ron is the
/// current discard.
///
/// # Errors
/// [`super::GameError::Illegal`] when the action does not fit the state.
pub fn action_events(
    state: &State,
    seat: SeatIndex,
    action: &Action,
    ura: &[Pai],
) -> Result<Vec<Event>, super::GameError> {
    let mut out = Vec::new();
    action_events_into(state, seat, action, ura, &mut out)?;
    Ok(out)
}

/// [`action_events`] into `out` (cleared first), reusing its buffer: the
/// game driver turns every action into events, most of them one discard.
///
/// # Errors
/// As [`action_events`] (`out` is then empty).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{action_events, action_events_into, Game, SeatIndex};
/// let g = Game::new(&tenpai::rules::Rules::tenhou(), 1, false)?;
/// let mut buf = Vec::new();
/// action_events_into(g.state(), SeatIndex::ALL[0], &g.legal()[0], &[], &mut buf)?;
/// assert_eq!(buf, action_events(g.state(), SeatIndex::ALL[0], &g.legal()[0], &[])?);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn action_events_into(
    state: &State,
    seat: SeatIndex,
    action: &Action,
    ura: &[Pai],
    out: &mut Vec<Event>,
) -> Result<(), super::GameError> {
    out.clear();
    let seat = seat.get();
    let s = state.seat_at(seat);
    let bad = |r: &str| super::GameError::illegal("action", seat, r);
    let target = match *state.phase() {
        Phase::Discarded { seat, .. } | Phase::Kan { seat, .. } => seat,
        _ => seat,
    };
    let called = match *state.phase() {
        Phase::Discarded { pai, .. } | Phase::Kan { pai, .. } => Some(pai),
        _ => None,
    };
    let in_riichi = matches!(s.riichi(), RiichiState::Accepted { .. });
    let events = match *action {
        Action::Discard { pai, tsumogiri } => {
            out.push(Event::Dahai {
                actor: seat,
                pai,
                tsumogiri,
            });
            return Ok(());
        }
        Action::Riichi { pai, tsumogiri } => {
            out.push(Event::Reach { actor: seat });
            out.push(Event::Dahai {
                actor: seat,
                pai,
                tsumogiri,
            });
            return Ok(());
        }
        Action::Pass => return Ok(()),
        Action::Tsumo => vec![Event::Hora {
            actor: seat,
            target: seat,
            pai: s.drawn(),
            ura_markers: in_riichi.then(|| ura.to_vec()),
            deltas: None,
            scores: None,
        }],
        Action::Ron if called.is_none() => return Err(bad("no discard or kan to ron")),
        Action::Ron => vec![Event::Hora {
            actor: seat,
            target,
            pai: called,
            ura_markers: in_riichi.then(|| ura.to_vec()),
            deltas: None,
            scores: None,
        }],
        Action::Chi { .. }
        | Action::Pon { .. }
        | Action::Daiminkan
        | Action::Ankan { .. }
        | Action::Kakan { .. } => meld_events(s, seat, action, target, called)?,
        // mjai's ryukyoku names no actor: only the seat on turn may ask for it.
        Action::NineTerminals if !matches!(*state.phase(), Phase::Turn { seat: t, .. } if t == seat) => {
            return Err(bad("not this seat's turn"))
        }
        Action::NineTerminals => vec![Event::Ryukyoku {
            reason: Some(DrawReason::NineTerminals),
            deltas: None,
            scores: None,
        }],
    };
    *out = events;
    Ok(())
}

/// The event of a chi, pon or kan `action` by `seat` (holding `s`), calling
/// `called` from `target` (chi, pon, open kan).
fn meld_events(
    s: &Seat,
    seat: u8,
    action: &Action,
    target: u8,
    called: Option<Pai>,
) -> Result<Vec<Event>, super::GameError> {
    let bad = |r: &str| super::GameError::illegal("action", seat, r);
    Ok(match *action {
        Action::Chi { consumed } | Action::Pon { consumed } => {
            let pai = called.ok_or_else(|| bad("no discard"))?;
            let (actor, consumed) = (seat, consumed.to_vec());
            if matches!(action, Action::Chi { .. }) {
                vec![Event::Chi {
                    actor,
                    target,
                    pai,
                    consumed,
                }]
            } else {
                vec![Event::Pon {
                    actor,
                    target,
                    pai,
                    consumed,
                }]
            }
        }
        Action::Daiminkan => {
            let pai = called.ok_or_else(|| bad("no discard"))?;
            let t = pai.tile().expect("known");
            let consumed = s
                .tiles()
                .into_iter()
                .filter(|p| p.tile() == Some(t))
                .collect();
            vec![Event::Daiminkan {
                actor: seat,
                target,
                pai,
                consumed,
            }]
        }
        Action::Ankan { tile } => vec![Event::Ankan {
            actor: seat,
            consumed: s
                .tiles()
                .into_iter()
                .filter(|p| p.tile() == Some(tile))
                .collect(),
        }],
        Action::Kakan { pai } => {
            let t = pai.tile().expect("known");
            let m = s
                .melds()
                .iter()
                .find(|m| m.kind == MeldKind::Pon && m.tile() == t)
                .ok_or_else(|| bad("no pon"))?;
            vec![Event::Kakan {
                actor: seat,
                pai,
                consumed: m.tiles.clone(),
            }]
        }
        _ => return Err(bad("not a call or kan")),
    })
}

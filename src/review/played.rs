//! What a seat chose at a decision point, read from the events that follow
//! it in the log.
//!
//! On its own turn the seat's next event says it: a discard, a riichi
//! declaration and its discard, a tsumo, a closed or added kan, nine
//! terminals. After another seat's discard (or kan) a log shows only the
//! calls and wins that happened, so the seat's choice is read from who took
//! the tile. The priorities decide (ron over pon and open kan over chi, as
//! the table settles them; see [`crate::game::play_game`]):
//!
//! - the seat's own ron or call is in the log: that is its choice;
//! - otherwise it passed, if every option it had would have shown had it
//!   taken it: a ron always shows (several rons are all taken, or abort the
//!   round as a triple ron) unless the rules take only one ron and another
//!   seat ahead of it in turn order won; a pon or open kan shows unless a
//!   ron took the tile; a chi unless a ron, pon or open kan did;
//! - otherwise its choice is not in the log (it may have called and been
//!   overruled): [`Seen::Overruled`].

use crate::game::{Action, DrawReason, Event, Pai, Phase, State};

/// What the log says a seat chose at a decision point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// The action the seat took (one of its legal actions).
    Chose(Action),
    /// The log shows the seat's action, but it is not among the legal ones
    /// (the replay refuses the event).
    NotOffered,
    /// Another seat's call or win took the tile before the seat's option
    /// could show: its choice is not in the log.
    Overruled,
    /// The log ends before it tells.
    Unknown,
}

/// What `seat`, with the legal actions `legal` at `state`, chose according to
/// `rest`, the round's events after the decision point.
pub(crate) fn seen(state: &State, seat: u8, legal: &[Action], rest: &[Event]) -> Seen {
    let recorded = match *state.phase() {
        Phase::Turn { seat: t, .. } if t == seat => own_turn(seat, rest),
        Phase::Discarded { seat: from, .. } | Phase::Kan { seat: from, .. } if from != seat => {
            return response(state, seat, from, legal, rest);
        }
        _ => None,
    };
    match recorded {
        Some(a) if legal.contains(&a) => Seen::Chose(a),
        Some(_) => Seen::NotOffered,
        None => Seen::Unknown,
    }
}

/// The action the seat's next events record on its own turn (`None` when the
/// log ends or goes on otherwise).
fn own_turn(seat: u8, rest: &[Event]) -> Option<Action> {
    let mut next = rest.iter().filter(|e| !matches!(e, Event::Dora { .. }));
    Some(match next.next()? {
        Event::Reach { actor } if *actor == seat => match next.next()? {
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            } if *actor == seat => Action::Riichi {
                pai: *pai,
                tsumogiri: *tsumogiri,
            },
            _ => return None,
        },
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
        } if *actor == seat => Action::Discard {
            pai: *pai,
            tsumogiri: *tsumogiri,
        },
        Event::Hora { actor, target, .. } if *actor == seat && *target == seat => Action::Tsumo,
        Event::Ankan { actor, consumed } if *actor == seat => Action::Ankan {
            tile: consumed.first()?.tile()?,
        },
        Event::Kakan { actor, pai, .. } if *actor == seat => Action::Kakan { pai: *pai },
        Event::Ryukyoku {
            reason: Some(DrawReason::NineTerminals),
            ..
        } => Action::NineTerminals,
        _ => return None,
    })
}

/// Who took a discard (or kan tile), as the events after it show.
#[derive(Debug, Default)]
struct Taken {
    /// Seats that won on it, in the log's order.
    rons: Vec<u8>,
    /// Three seats won on it and the round was aborted.
    triple_ron: bool,
    /// The seat that called it, and the call.
    call: Option<(u8, Action)>,
    /// The log goes on past the responses (so it tells who took nothing).
    complete: bool,
}

/// Reads the responses to a discard from the events after it.
fn taken(rest: &[Event]) -> Taken {
    let mut t = Taken::default();
    let two = |c: &[Pai]| -> Option<[Pai; 2]> { c.try_into().ok() };
    for e in rest {
        match e {
            Event::Dora { .. } | Event::ReachAccepted { .. } => continue,
            Event::Hora { actor, target, .. } if actor != target => {
                t.rons.push(*actor);
                continue;
            }
            Event::Ryukyoku {
                reason: Some(DrawReason::TripleRon),
                ..
            } => t.triple_ron = true,
            Event::Chi {
                actor, consumed, ..
            } => {
                t.call = two(consumed).map(|consumed| (*actor, Action::Chi { consumed }));
            }
            Event::Pon {
                actor, consumed, ..
            } => {
                t.call = two(consumed).map(|consumed| (*actor, Action::Pon { consumed }));
            }
            Event::Daiminkan { actor, .. } => t.call = Some((*actor, Action::Daiminkan)),
            _ => {}
        }
        t.complete = true;
        break;
    }
    t.complete |= !t.rons.is_empty();
    t
}

/// The seat's choice after `from`'s discard or kan.
fn response(state: &State, seat: u8, from: u8, legal: &[Action], rest: &[Event]) -> Seen {
    let t = taken(rest);
    if !t.complete {
        return Seen::Unknown;
    }
    let has_ron = legal.contains(&Action::Ron);
    if t.rons.contains(&seat) || (t.triple_ron && has_ron) {
        return if has_ron {
            Seen::Chose(Action::Ron)
        } else {
            Seen::NotOffered
        };
    }
    if let Some((actor, call)) = t.call.as_ref().filter(|(a, _)| *a == seat) {
        debug_assert_eq!(*actor, seat);
        return match legal.iter().find(|a| same_call(a, call)) {
            Some(a) => Seen::Chose(a.clone()),
            None => Seen::NotOffered,
        };
    }
    // Turn order after the discarder: 0 for the next seat.
    let order = |s: u8| (s + 4 - from - 1) % 4;
    let ron_taken = !t.rons.is_empty() || t.triple_ron;
    let pon_taken = matches!(t.call, Some((_, Action::Pon { .. } | Action::Daiminkan)));
    let would_show = |a: &Action| match a {
        Action::Ron => {
            state.rules().game.multiple_ron || t.rons.iter().all(|&w| order(seat) < order(w))
        }
        Action::Pon { .. } | Action::Daiminkan => !ron_taken,
        Action::Chi { .. } => !ron_taken && !pon_taken,
        _ => true,
    };
    if legal.iter().all(would_show) {
        Seen::Chose(Action::Pass)
    } else {
        Seen::Overruled
    }
}

/// Whether a legal call is the one the log records (the two tiles from the
/// hand in either order).
fn same_call(legal: &Action, logged: &Action) -> bool {
    let sorted = |c: &[Pai; 2]| {
        let mut c = *c;
        c.sort();
        c
    };
    match (legal, logged) {
        (Action::Chi { consumed: a }, Action::Chi { consumed: b })
        | (Action::Pon { consumed: a }, Action::Pon { consumed: b }) => sorted(a) == sorted(b),
        (a, b) => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(json: &str) -> Event {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn own_turn_reads_riichi_as_one_choice() {
        let rest = [
            ev(r#"{"type":"reach","actor":2}"#),
            ev(r#"{"type":"dahai","actor":2,"pai":"5pr","tsumogiri":true}"#),
        ];
        assert_eq!(
            own_turn(2, &rest),
            Some(Action::Riichi {
                pai: "5pr".parse().unwrap(),
                tsumogiri: true
            })
        );
        assert_eq!(own_turn(1, &rest), None);
    }

    #[test]
    fn own_turn_skips_a_kan_dora_and_reads_nine_terminals() {
        let rest = [
            ev(r#"{"type":"dora","dora_marker":"3s"}"#),
            ev(r#"{"type":"ryukyoku","reason":"nine_terminals"}"#),
        ];
        assert_eq!(own_turn(0, &rest), Some(Action::NineTerminals));
        assert_eq!(own_turn(0, &[]), None);
    }

    #[test]
    fn taken_reads_a_double_ron_and_a_pon() {
        let rons = [
            ev(r#"{"type":"hora","actor":1,"target":0,"pai":"7m"}"#),
            ev(r#"{"type":"hora","actor":3,"target":0,"pai":"7m"}"#),
            ev(r#"{"type":"end_kyoku"}"#),
        ];
        let t = taken(&rons);
        assert_eq!((t.rons, t.complete, t.call), (vec![1, 3], true, None));
        let pon = [
            ev(r#"{"type":"reach_accepted","actor":0}"#),
            ev(r#"{"type":"pon","actor":2,"target":0,"pai":"E","consumed":["E","E"]}"#),
        ];
        let t = taken(&pon);
        assert!(t.complete && t.rons.is_empty());
        assert_eq!(t.call.map(|c| c.0), Some(2));
        assert!(!taken(&[ev(r#"{"type":"dora","dora_marker":"1m"}"#)]).complete);
    }

    #[test]
    fn same_call_ignores_the_order_of_the_tiles() {
        let p = |s: &str| s.parse::<Pai>().unwrap();
        let a = Action::Chi {
            consumed: [p("4m"), p("5mr")],
        };
        let b = Action::Chi {
            consumed: [p("5mr"), p("4m")],
        };
        assert!(same_call(&a, &b));
        let c = Action::Chi {
            consumed: [p("4m"), p("5m")],
        };
        assert!(!same_call(&a, &c));
    }
}

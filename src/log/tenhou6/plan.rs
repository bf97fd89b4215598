//! The order of a tenhou.net/6 round's actions. The format keeps one draw list
//! and one discard list per seat and does not say when a call happened: a
//! discard that a later call could take is tried as called first and then as
//! passed (a player may pass a tile and call the same tile later),
//! backtracking until every list is used up exactly.

use super::entry::{Call, DiscardEntry, DrawEntry};
use crate::game::Pai;

/// One recorded action, in table order.
#[derive(Clone, Debug)]
pub(super) enum Step {
    /// `seat` draws `pai`.
    Draw { seat: u8, pai: Pai },
    /// `seat` discards.
    Discard {
        seat: u8,
        pai: Pai,
        tsumogiri: bool,
        riichi: bool,
    },
    /// `seat` calls `pai` from `target` (chi, pon, open kan).
    Call {
        seat: u8,
        target: u8,
        pai: Pai,
        call: Call,
    },
    /// `seat` declares an added or closed kan.
    OwnKan { seat: u8, call: Call },
}

/// The draw and discard lists of a round, by seat.
pub(super) struct Lists<'a> {
    pub draws: [&'a [DrawEntry]; 4],
    pub discards: [&'a [DiscardEntry]; 4],
}

/// Where the walk through the lists is.
#[derive(Clone, Copy)]
struct Sim {
    di: [usize; 4],
    ti: [usize; 4],
    seat: u8,
    need_draw: bool,
    drawn: Option<Pai>,
}

/// The most list positions tried before a round is given up on.
const BUDGET: usize = 100_000;

/// The round's actions in table order, starting with the dealer's draw.
///
/// # Errors
/// A message when no order fits the lists, or finding one takes too long.
pub(super) fn plan(lists: &Lists, dealer: u8) -> Result<Vec<Step>, String> {
    let sim = Sim {
        di: [0; 4],
        ti: [0; 4],
        seat: dealer,
        need_draw: true,
        drawn: None,
    };
    let mut steps = Vec::new();
    let mut budget = BUDGET;
    if walk(lists, sim, &mut steps, &mut budget)? {
        Ok(steps)
    } else {
        Err("no order of calls and passes fits the draw and discard lists".into())
    }
}

/// Walks the lists from `sim`, appending steps; true when every list is used
/// up exactly (else the steps are as they were).
fn walk(
    l: &Lists,
    mut sim: Sim,
    steps: &mut Vec<Step>,
    budget: &mut usize,
) -> Result<bool, String> {
    let mark = steps.len();
    let fail = |steps: &mut Vec<Step>| {
        steps.truncate(mark);
        Ok(false)
    };
    loop {
        if *budget == 0 {
            return Err("too many ways to read the calls".into());
        }
        *budget -= 1;
        let seat = sim.seat;
        let s = seat as usize;
        if sim.need_draw {
            match l.draws[s].get(sim.di[s]) {
                None => break,
                Some(DrawEntry::Tile(p)) => {
                    sim.di[s] += 1;
                    sim.drawn = Some(*p);
                    steps.push(Step::Draw { seat, pai: *p });
                }
                Some(DrawEntry::Call(_)) => return fail(steps),
            }
        }
        let Some(e) = l.discards[s].get(sim.ti[s]) else {
            break;
        };
        sim.ti[s] += 1;
        let (pai, tsumogiri, riichi) = match (e, sim.drawn) {
            (DiscardEntry::Tile(p), _) => (*p, false, false),
            (DiscardEntry::Riichi(Some(p)), _) => (*p, false, true),
            (DiscardEntry::Tsumogiri, Some(d)) => (d, true, false),
            (DiscardEntry::Riichi(None), Some(d)) => (d, true, true),
            (DiscardEntry::Kan(c), _) => {
                steps.push(Step::OwnKan {
                    seat,
                    call: c.clone(),
                });
                sim.need_draw = true;
                sim.drawn = None;
                continue;
            }
            _ => return fail(steps),
        };
        steps.push(Step::Discard {
            seat,
            pai,
            tsumogiri,
            riichi,
        });
        sim.drawn = None;
        if try_calls(l, sim, seat, pai, steps, budget)? {
            return Ok(true);
        }
        sim.seat = (seat + 1) % 4;
        sim.need_draw = true;
    }
    let done = (0..4).all(|p| sim.di[p] == l.draws[p].len() && sim.ti[p] == l.discards[p].len());
    if done {
        Ok(true)
    } else {
        fail(steps)
    }
}

/// Tries each call that the next draw lists make of `seat`'s discard `pai`
/// (pon and kan before chi); true when one leads to a full reading.
fn try_calls(
    l: &Lists,
    sim: Sim,
    seat: u8,
    pai: Pai,
    steps: &mut Vec<Step>,
    budget: &mut usize,
) -> Result<bool, String> {
    let mut cands: Vec<(u8, &Call)> = Vec::new();
    for k in [1u8, 2, 3] {
        let p = (seat + k) % 4;
        if let Some(DrawEntry::Call(c)) = l.draws[p as usize].get(sim.di[p as usize]) {
            let fits = match c.letter {
                'p' | 'm' => (p + c.source()) % 4 == seat,
                _ => k == 1,
            };
            if fits && c.key() == pai {
                cands.push((p, c));
            }
        }
    }
    cands.sort_by_key(|(_, c)| c.letter == 'c');
    for (p, c) in cands {
        let mut next = sim;
        next.di[p as usize] += 1;
        next.seat = p;
        next.need_draw = c.letter == 'm';
        // The discard list holds a 0 for an open kan's turn.
        if c.letter == 'm'
            && l.discards[p as usize].get(next.ti[p as usize]) == Some(&DiscardEntry::KanTurn)
        {
            next.ti[p as usize] += 1;
        }
        let len = steps.len();
        steps.push(Step::Call {
            seat: p,
            target: seat,
            pai,
            call: c.clone(),
        });
        if walk(l, next, steps, budget)? {
            return Ok(true);
        }
        steps.truncate(len);
    }
    Ok(false)
}

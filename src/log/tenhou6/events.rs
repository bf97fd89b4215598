//! A typed tenhou.net/6 round turned into mjai events and the logged results.

use super::entry::Code;
use super::plan::{plan, Lists, Step};
use super::round::{RawResult, RawRound};
use crate::game::Event;
use crate::game::Pai;
use crate::log::{sort_pais, ImportedRound, LoggedDraw, LoggedResult};
use crate::rules::{KanDoraTiming, Rules};
use crate::Wind;

/// What is wrong with a round: the entry (by index) when one is to blame.
pub(super) type RoundError = (Option<usize>, String);

/// The events of one round. Kan dora are turned when `rules` say (the format
/// does not record it): at once for a closed kan, after the kan's discard for
/// an open or added one when the rules turn those late.
///
/// # Errors
/// A hand that is not 13 tiles, no dora indicator, a round number past North
/// 4, or lists no order of calls fits.
pub(super) fn round_events(raw: &RawRound, rules: &Rules) -> Result<ImportedRound, RoundError> {
    let idx = raw.0 .0;
    if idx >= 16 {
        return Err((
            Some(0),
            format!("round number {idx} (expected 0 = East 1 to 15 = North 4)"),
        ));
    }
    let (round_wind, kyoku, dealer) = (idx / 4, idx % 4 + 1, idx % 4);
    let dora: Vec<Pai> = raw.2.iter().map(|c| c.0).collect();
    let ura: Vec<Pai> = raw.3.iter().map(|c| c.0).collect();
    let first = *dora
        .first()
        .ok_or((Some(2), "no dora indicator".to_string()))?;
    let mut tehais: [Vec<Pai>; 4] = Default::default();
    for (s, hand) in tehais.iter_mut().enumerate() {
        *hand = raw.seat(s).0.iter().map(|c: &Code| c.0).collect();
        if hand.len() != 13 {
            return Err((
                Some(4 + 3 * s),
                format!("{} tiles (expected 13)", hand.len()),
            ));
        }
        sort_pais(hand);
    }
    let lists = Lists {
        draws: std::array::from_fn(|s| raw.seat(s).1),
        discards: std::array::from_fn(|s| raw.seat(s).2),
    };
    let steps = plan(&lists, dealer).map_err(|e| (None, e))?;
    let mut out = Emitter {
        events: vec![Event::StartKyoku {
            round_wind: Wind::ALL[usize::from(round_wind)],
            kyoku,
            honba: raw.0 .1,
            kyoutaku: u32::from(raw.0 .2),
            dealer,
            dora_marker: first,
            scores: raw.1,
            tehais,
        }],
        results: Vec::new(),
        dora: &dora,
        next_dora: 1,
        pending: 0,
        riichi: [false; 4],
    };
    let won = matches!(raw.16, Some(RawResult::Wins(_)));
    let late = rules.game.open_kan_dora == KanDoraTiming::AfterDiscard;
    let last_tile = steps.last().map(|s| match s {
        Step::Draw { pai, .. } | Step::Discard { pai, .. } | Step::Call { pai, .. } => *pai,
        Step::OwnKan { call, .. } => call.key(),
    });
    let n = steps.len();
    for (k, step) in steps.into_iter().enumerate() {
        out.step(step, won && k + 1 == n, late);
    }
    if let Some(result) = &raw.16 {
        out.finish(result, last_tile, &ura);
    }
    Ok(ImportedRound {
        events: out.events,
        results: out.results,
    })
}

/// Writes a round's events.
struct Emitter<'a> {
    events: Vec<Event>,
    results: Vec<LoggedResult>,
    dora: &'a [Pai],
    next_dora: usize,
    /// Kan dora due but not turned yet.
    pending: usize,
    /// Seats that declared riichi this round.
    riichi: [bool; 4],
}

impl Emitter<'_> {
    /// Turns the due kan dora until `keep` are left.
    fn flush_dora(&mut self, keep: usize) {
        while self.pending > keep && self.next_dora < self.dora.len() {
            self.events.push(Event::Dora {
                dora_marker: self.dora[self.next_dora],
            });
            self.next_dora += 1;
            self.pending -= 1;
        }
    }

    /// One step; `ends` when a win ends the round on it.
    // One function: one match arm per kind of step, each pushing its events and
    // turning the due kan dora; the arms share the emitter's dora bookkeeping.
    fn step(&mut self, step: Step, ends: bool, late: bool) {
        match step {
            Step::Draw { seat, pai } => self.events.push(Event::Tsumo { actor: seat, pai }),
            Step::Discard {
                seat,
                pai,
                tsumogiri,
                riichi,
            } => {
                if riichi {
                    self.riichi[seat as usize] = true;
                    self.events.push(Event::Reach { actor: seat });
                }
                self.events.push(Event::Dahai {
                    actor: seat,
                    pai,
                    tsumogiri,
                });
                self.flush_dora(0);
                // A riichi discard that is ronned is never accepted.
                if riichi && !ends {
                    self.events.push(Event::ReachAccepted {
                        actor: seat,
                        deltas: None,
                        scores: None,
                    });
                }
            }
            Step::Call {
                seat,
                target,
                pai,
                call,
            } => {
                let (actor, consumed) = (seat, call.others());
                self.events.push(match call.letter {
                    'c' => Event::Chi {
                        actor,
                        target,
                        pai,
                        consumed,
                    },
                    'p' => Event::Pon {
                        actor,
                        target,
                        pai,
                        consumed,
                    },
                    _ => Event::Daiminkan {
                        actor,
                        target,
                        pai,
                        consumed,
                    },
                });
                if call.letter == 'm' {
                    self.pending += 1;
                    if !late {
                        self.flush_dora(0);
                    }
                }
            }
            Step::OwnKan { seat, call } => {
                let closed = call.letter == 'a';
                self.events.push(if closed {
                    let mut consumed = call.tiles.clone();
                    sort_pais(&mut consumed);
                    Event::Ankan {
                        actor: seat,
                        consumed,
                    }
                } else {
                    Event::Kakan {
                        actor: seat,
                        pai: call.key(),
                        consumed: call.others(),
                    }
                });
                // A robbing win ends the round before any dora is turned;
                // otherwise earlier kans' dora are turned now, and this one's
                // too when it is closed or the rules say at once.
                if !ends {
                    self.pending += 1;
                    self.flush_dora(if closed || !late { 0 } else { 1 });
                }
            }
        }
    }

    /// The round's end: its wins or draw, then `end_kyoku`.
    fn finish(&mut self, result: &RawResult, last_tile: Option<Pai>, ura: &[Pai]) {
        match result {
            RawResult::Wins(wins) => {
                for w in wins {
                    self.events.push(Event::Hora {
                        actor: w.seat,
                        target: w.from,
                        pai: last_tile,
                        ura_markers: self.riichi[w.seat as usize].then(|| ura.to_vec()),
                        deltas: None,
                        scores: None,
                    });
                    self.results.push(LoggedResult::Win(w.clone()));
                }
            }
            RawResult::Draw(reason, deltas) => {
                self.events.push(Event::Ryukyoku {
                    reason: Some(*reason),
                    deltas: None,
                    scores: None,
                });
                self.results.push(LoggedResult::Draw(LoggedDraw {
                    deltas: Some(*deltas),
                    scores: None,
                }));
            }
        }
        self.events.push(Event::EndKyoku);
    }
}

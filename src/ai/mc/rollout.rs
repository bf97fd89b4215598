//! Rollouts: play a determinized [`World`] from the decision point to the end
//! of the round, the candidate action first, every seat then following the
//! fast [`policy`], and score the ending with the real scorer
//! and the engine's own rules: a win's situation ([`crate::game::WinFacts`]),
//! its payments with liability ([`crate::game::win_deltas`]), waits,
//! swap-calling and tenpai payments. Every change of the world (draws,
//! discards, riichi and its stick, furiten, calls, kans, payments) is one
//! of the world's steps (`world/step.rs`), which call the engine's own
//! rule functions.
//!
//! What the rollouts simplify (the search only compares candidates, so an
//! approximation shared by all of them costs little):
//! - the policies never declare a kan; a kan chosen as the candidate is made
//!   (replacement draw, new dora indicator at once, live wall one shorter),
//!   but nobody robs it (a seat that could have is furiten, as it passed);
//! - one ron per discard: the first winner in turn order from the discarder
//!   takes it (no double ron, no triple-ron abort);
//! - no abortive draws (four winds, four riichi, four kans) and no nagashi
//!   mangan; nine terminals is only taken as a candidate (everyone scores 0);
//! - tenpai at the exhaustive draw is read from the shape (keishiki tenpai):
//!   3,000 points split between the ready and the not ready.

use super::policy::{self, Call};
use super::world::{code_of, kind, End, Spot, World};
use crate::ai::baseline::style::Style;
use crate::game::{Action, Pai, SeatIndex};
use crate::meld::MeldKind;
use crate::rules::Rules;

/// The end of one rollout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RolloutResult {
    /// Point changes by seat (in points; riichi sticks paid this round count).
    pub deltas: [i32; 4],
    /// How the round ended.
    pub end: End,
    /// Each seat's scores after the round (sticks still on the table are not
    /// anyone's).
    pub scores: [i32; 4],
    /// Seats ready at the end of the round (the winner included).
    pub tenpai: [bool; 4],
}

impl RolloutResult {
    /// Whether `seat` won.
    pub fn won(&self, seat: SeatIndex) -> bool {
        matches!(self.end, End::Win { winner, .. } if winner == seat)
    }

    /// Whether `seat` dealt in (its discard was ronned).
    pub fn dealt_in(&self, seat: SeatIndex) -> bool {
        matches!(self.end, End::Win { winner, from } if from == seat && winner != seat)
    }
}

/// The next thing to happen in a rollout.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// `seat` draws (a replacement tile when `rinshan`).
    Draw { seat: u8, rinshan: bool },
    /// `seat` holds 3n+2 tiles; `drawn` is the tile just drawn.
    Act {
        seat: u8,
        drawn: Option<u8>,
        rinshan: bool,
        forbidden: u64,
    },
    /// `seat` discarded `code` (bookkeeping done); `skip` passes already.
    Responses { seat: u8, code: u8, skip: u8 },
    /// Finished.
    Done(End),
}

/// Rollout context: the rules, the baseline rules each seat follows,
/// whether open tanyao counts, whether swap-calling (kuikae) is forbidden
/// and whether thirteen orphans may rob a closed kan.
struct Ctx<'a> {
    rules: &'a Rules,
    styles: [Style; 4],
    open_tanyao: bool,
    kuikae: bool,
    robs_closed: bool,
}

/// Plays `world` to the end of the round from its decision point, the
/// deciding seat taking `action` first (see [`World::decision`]), each
/// seat following the rules the default [`super::Version`] gives it (the
/// deciding seat its version's baseline, the others the first baseline's).
///
/// The world is consumed; pass a clone to keep it. An action that does not
/// fit the world (a tile not held) is replaced by the policy's own choice,
/// never a panic.
///
/// ```
/// use tenpai::ai::mc::{rollout, Determinizer};
/// use tenpai::game::{Action, Event, Observation, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut s = State::new(rules.clone());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "N".parse()? })?;
/// let d = Determinizer::new(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]), &rules);
/// let out = rollout(d.sample(1), &Action::Discard { pai: "N".parse()?, tsumogiri: true }, &rules);
/// // No sticks were on the table: the points only move, or go on the table.
/// assert!(out.deltas.iter().sum::<i32>() <= 0);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn rollout(w: World, action: &Action, rules: &Rules) -> RolloutResult {
    let styles = super::Version::default().styles(w.me as usize);
    rollout_in(w, action, rules, styles)
}

/// [`rollout`] with each seat following the baseline rules of `styles`
/// (by seat number).
pub(crate) fn rollout_in(
    mut w: World,
    action: &Action,
    rules: &Rules,
    styles: [Style; 4],
) -> RolloutResult {
    let ctx = Ctx {
        rules,
        styles,
        open_tanyao: rules.scoring.open_tanyao,
        kuikae: rules.game.kuikae_forbidden,
        robs_closed: rules.game.kokushi_robs_closed_kan,
    };
    let start = w.scores;
    let (me, spot, drawn) = (w.me, w.spot, w.drawn);
    let mut step = first_step(&mut w, &ctx, spot, me, drawn, action);
    // Every step moves the round on; the bound only guards against a bug.
    for _ in 0..2000 {
        step = match step {
            Step::Done(_) => break,
            Step::Draw { seat, rinshan } => draw(&mut w, seat, rinshan),
            Step::Act {
                seat,
                drawn,
                rinshan,
                forbidden,
            } => act(&mut w, &ctx, seat, drawn, rinshan, forbidden),
            Step::Responses { seat, code, skip } => responses(&mut w, &ctx, seat, code, skip),
        };
    }
    let end = match step {
        Step::Done(e) => e,
        _ => End::Abort,
    };
    if end == End::Exhaustive {
        w.pay_draw();
    }
    let mut tenpai = w.tenpai();
    if let End::Win { winner, .. } = end {
        tenpai[winner.index()] = true;
    }
    RolloutResult {
        deltas: std::array::from_fn(|s| w.scores[s] - start[s]),
        end,
        scores: w.scores,
        tenpai,
    }
}

/// Applies `me`'s candidate action at `spot`.
fn first_step(w: &mut World, ctx: &Ctx, spot: Spot, me: u8, drawn: Option<u8>, a: &Action) -> Step {
    let m = me as usize;
    if let Spot::Discard { from, code } | Spot::Kan { from, code } = spot {
        // The tile was played before the world was dealt: who could win on
        // it is known only now.
        let kan = matches!(spot, Spot::Kan { .. });
        w.note_could_ron(from as usize, code, kan, ctx.robs_closed);
    }
    match (spot, a) {
        (Spot::Turn, Action::Discard { pai, .. } | Action::Riichi { pai, .. }) => {
            first_discard(w, me, *pai, matches!(a, Action::Riichi { .. }))
        }
        (Spot::Turn, Action::Tsumo) => match drawn {
            Some(code) => win(w, ctx, m, m, code, false, false),
            // No tile drawn (a turn after a call): no tsumo to declare, so
            // the action does not fit the world.
            None => own_choice(me),
        },
        (Spot::Turn, Action::Ankan { tile }) => {
            w.ankan(m, tile.index(), ctx.robs_closed);
            kan_draw(w, me)
        }
        (Spot::Turn, Action::Kakan { pai }) => match code_of(*pai) {
            Some(c) if w.kakan(m, c) => kan_draw(w, me),
            _ => own_choice(me),
        },
        (Spot::Turn, Action::NineTerminals) => Step::Done(End::Abort),
        (Spot::Discard { from, code }, Action::Ron) | (Spot::Kan { from, code }, Action::Ron) => {
            let chankan = matches!(spot, Spot::Kan { .. });
            win(w, ctx, m, from as usize, code, false, chankan)
        }
        (Spot::Discard { from, code }, Action::Pon { consumed } | Action::Chi { consumed }) => {
            let pon = matches!(a, Action::Pon { .. });
            first_call(w, ctx, me, (from, code), pon, consumed)
        }
        (Spot::Discard { from, code }, Action::Daiminkan) => {
            first_daiminkan(w, ctx, me, from, code)
        }
        // Pass (or anything else): a winning tile passed is furiten (at the
        // next draw or call).
        (Spot::Discard { from, code }, _) => Step::Responses {
            seat: from,
            code,
            skip: 1 << m,
        },
        (Spot::Kan { from, .. }, _) => Step::Draw {
            seat: from,
            rinshan: true,
        },
        (Spot::Turn, _) => Step::Act {
            seat: me,
            drawn,
            rinshan: false,
            forbidden: 0,
        },
    }
}

/// `me`'s own choice on its turn: where its candidate does not fit the world.
fn own_choice(me: u8) -> Step {
    Step::Act {
        seat: me,
        drawn: None,
        rinshan: false,
        forbidden: 0,
    }
}

/// `me` discards `pai` (declaring riichi when `riichi`).
fn first_discard(w: &mut World, me: u8, pai: Pai, riichi: bool) -> Step {
    let m = me as usize;
    let Some(code) = code_of(pai).filter(|&c| w.take_code(m, c)) else {
        return own_choice(me);
    };
    w.waits[m] = w.compute_waits(m);
    if riichi && !w.flags[m].in_riichi() {
        w.declare_riichi(m);
    }
    w.discard(m, code, false);
    Step::Responses {
        seat: me,
        code,
        skip: 0,
    }
}

/// After `me`'s kan: a new dora indicator at once (the rollouts' timing),
/// then its replacement draw (nobody robs the kan).
fn kan_draw(w: &mut World, me: u8) -> Step {
    w.kan_dora();
    Step::Draw {
        seat: me,
        rinshan: true,
    }
}

/// `me` calls a pon (`pon`) or a chi of `code` discarded by `from` with its
/// `consumed` tiles, unless another seat rons it first.
fn first_call(
    w: &mut World,
    ctx: &Ctx,
    me: u8,
    (from, code): (u8, u8),
    pon: bool,
    consumed: &[Pai; 2],
) -> Step {
    if let Some(step) = rons(w, ctx, from as usize, code, 1 << me) {
        return step;
    }
    w.discard_passed(from as usize);
    let m = me as usize;
    let k = kind(code);
    let mut codes = [0u8; 2];
    let mut n = 0;
    let mut low = k;
    for c in consumed.iter().filter_map(|&p| code_of(p)) {
        codes[n] = c;
        n += 1;
        low = low.min(kind(c));
    }
    let (call, mk) = if pon {
        (Call::Pon, MeldKind::Pon)
    } else {
        (Call::Chi(low as u8), MeldKind::Chi)
    };
    w.call(m, mk, from as usize, code, &codes[..n]);
    Step::Act {
        seat: me,
        drawn: None,
        rinshan: false,
        forbidden: policy::kuikae(call, k, ctx.kuikae),
    }
}

/// `me` makes an open kan of `code` discarded by `from`, unless another
/// seat rons it first.
fn first_daiminkan(w: &mut World, ctx: &Ctx, me: u8, from: u8, code: u8) -> Step {
    if let Some(step) = rons(w, ctx, from as usize, code, 1 << me) {
        return step;
    }
    w.discard_passed(from as usize);
    let k = kind(code) as u8;
    w.call(me as usize, MeldKind::Kan, from as usize, code, &[k, k, k]);
    kan_draw(w, me)
}

fn draw(w: &mut World, seat: u8, rinshan: bool) -> Step {
    match w.draw(seat as usize, rinshan) {
        None => Step::Done(End::Exhaustive),
        Some(code) => Step::Act {
            seat,
            drawn: Some(code),
            rinshan,
            forbidden: 0,
        },
    }
}

fn act(
    w: &mut World,
    ctx: &Ctx,
    seat: u8,
    drawn: Option<u8>,
    rinshan: bool,
    forbidden: u64,
) -> Step {
    let s = seat as usize;
    if let Some(c) = drawn {
        let winning = w.waits[s] >> kind(c) & 1 == 1;
        if winning {
            if let Some(d) = w.win_deltas(ctx.rules, s, s, c, rinshan, false) {
                return finish_win(w, s, s, d);
            }
        }
        if w.flags[s].in_riichi() && w.take_code(s, c) {
            // In riichi the drawn tile goes; a winning one passed is
            // furiten for good.
            w.discard(s, c, winning);
            return Step::Responses {
                seat,
                code: c,
                skip: 0,
            };
        }
    }
    let choice = policy::turn(w, s, forbidden, &ctx.rules.game, &ctx.styles[s]);
    let Some(code) = w.take_kind(s, choice.kind) else {
        return Step::Done(End::Abort);
    };
    w.waits[s] = choice.waits;
    if choice.riichi {
        w.declare_riichi(s);
    }
    w.discard(s, code, false);
    Step::Responses {
        seat,
        code,
        skip: 0,
    }
}

/// The first ron on `code` from `from` among the seats not in `skip`, in
/// turn order (the seats that pass it are furiten once the next draw or
/// call settles it).
fn rons(w: &mut World, ctx: &Ctx, from: usize, code: u8, skip: u8) -> Option<Step> {
    let k = kind(code);
    for d in 1..4 {
        let o = (from + d) % 4;
        if skip >> o & 1 == 1 || w.waits[o] >> k & 1 == 0 || w.is_furiten(o) {
            continue;
        }
        if let Some(deltas) = w.win_deltas(ctx.rules, o, from, code, false, false) {
            return Some(finish_win(w, o, from, deltas));
        }
    }
    None
}

fn responses(w: &mut World, ctx: &Ctx, seat: u8, code: u8, skip: u8) -> Step {
    let from = seat as usize;
    // A riichi declared with a tile that is ronned is not made.
    if let Some(step) = rons(w, ctx, from, code, skip | 1 << from) {
        return step;
    }
    w.discard_passed(from);
    let k = kind(code);
    if w.live_left() > 0 {
        let mut chosen = None;
        for d in 1..4 {
            let o = (from + d) % 4;
            if skip >> o & 1 == 1 {
                continue;
            }
            if let Some(c) = policy::call(w, o, from, k, ctx.open_tanyao, ctx.kuikae) {
                // A pon beats a chi.
                if chosen.is_none() || c == Call::Pon {
                    chosen = Some((o, c));
                }
                if c == Call::Pon {
                    break;
                }
            }
        }
        if let Some((o, call)) = chosen {
            let (mk, take): (MeldKind, [u8; 2]) = match call {
                Call::Pon => (MeldKind::Pon, [k as u8; 2]),
                Call::Chi(low) => {
                    let mut t = [0u8; 2];
                    let mut i = 0;
                    for x in low as usize..low as usize + 3 {
                        if x != k && i < 2 {
                            t[i] = x as u8;
                            i += 1;
                        }
                    }
                    (MeldKind::Chi, t)
                }
            };
            w.call(o, mk, from, code, &take);
            return Step::Act {
                seat: o as u8,
                drawn: None,
                rinshan: false,
                forbidden: policy::kuikae(call, k, ctx.kuikae),
            };
        }
    }
    Step::Draw {
        seat: (seat + 1) % 4,
        rinshan: false,
    }
}

/// Scores a declared win (`None` from the scorer ends the round with nobody
/// paying).
fn win(
    w: &mut World,
    ctx: &Ctx,
    seat: usize,
    from: usize,
    code: u8,
    rinshan: bool,
    chankan: bool,
) -> Step {
    match w.win_deltas(ctx.rules, seat, from, code, rinshan, chankan) {
        Some(d) => finish_win(w, seat, from, d),
        None => Step::Done(End::Abort),
    }
}

fn finish_win(w: &mut World, seat: usize, from: usize, d: [i32; 4]) -> Step {
    w.pay_win(d);
    Step::Done(End::Win {
        winner: SeatIndex::ALL[seat],
        from: SeatIndex::ALL[from],
    })
}

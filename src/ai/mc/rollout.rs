//! Rollouts: play a determinized [`World`] from the decision point to the end
//! of the round, the candidate action first, every seat then following the
//! fast [`policy`](super::policy), and score the ending with the real scorer
//! and the engine's own rules: a win's situation ([`crate::game::WinFacts`]),
//! its payments with liability ([`crate::game::win_deltas`]), waits,
//! swap-calling and tenpai payments.
//!
//! What the rollouts simplify (the search only compares candidates, so an
//! approximation shared by all of them costs little):
//! - the policies never declare a kan; a kan chosen as the candidate is made
//!   (replacement draw, new dora indicator at once, live wall one shorter),
//!   but nobody robs it;
//! - one ron per discard: the first winner in turn order from the discarder
//!   takes it (no double ron, no triple-ron abort);
//! - no abortive draws (four winds, four riichi, four kans) and no nagashi
//!   mangan; nine terminals is only taken as a candidate (everyone scores 0);
//! - tenpai at the exhaustive draw is read from the shape (keishiki tenpai):
//!   3,000 points split between the ready and the not ready.

use super::policy::{self, Call};
use super::world::{code_of, kind, End, SimMeld, Spot, World, RED};
use crate::game::{tenpai_payments, Action, Pai};
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::score::RIICHI_STICK;

/// The end of one rollout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub fn won(&self, seat: u8) -> bool {
        matches!(self.end, End::Win { winner, .. } if winner == seat)
    }

    /// Whether `seat` dealt in (its discard was ronned).
    pub fn dealt_in(&self, seat: u8) -> bool {
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

/// Rollout context: the rules, whether open tanyao counts and whether
/// swap-calling (kuikae) is forbidden.
struct Ctx<'a> {
    rules: &'a Rules,
    open_tanyao: bool,
    kuikae: bool,
}

/// Plays `world` to the end of the round from its decision point, the
/// deciding seat taking `action` first (see [`World::decision`]).
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
/// s.apply(&Event::StartGame { names: vec![], seed: None })?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     bakaze: "E".parse()?, kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "N".parse()? })?;
/// let d = Determinizer::new(&Observation::of(&s, 0), &rules);
/// let out = rollout(d.sample(1), &Action::Discard { pai: "N".parse()?, tsumogiri: true }, &rules);
/// // No sticks were on the table: the points only move, or go on the table.
/// assert!(out.deltas.iter().sum::<i32>() <= 0);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn rollout(mut w: World, action: &Action, rules: &Rules) -> RolloutResult {
    let ctx = Ctx {
        rules,
        open_tanyao: rules.scoring.open_tanyao,
        kuikae: rules.game.kuikae_forbidden,
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
        settle_draw(&mut w);
    }
    let mut tenpai = [false; 4];
    for (s, t) in tenpai.iter_mut().enumerate() {
        *t = w.waits[s] != 0 || matches!(end, End::Win { winner, .. } if winner as usize == s);
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
    match (spot, a) {
        (Spot::Turn, Action::Discard { pai, .. } | Action::Riichi { pai, .. }) => {
            first_discard(w, me, *pai, matches!(a, Action::Riichi { .. }))
        }
        (Spot::Turn, Action::Tsumo) => {
            let code = drawn.unwrap_or(0);
            win(w, ctx, m, m, code, false, false)
        }
        (Spot::Turn, Action::Ankan { tile }) => first_ankan(w, me, tile.index()),
        (Spot::Turn, Action::Kakan { pai }) => first_kakan(w, me, *pai),
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
        (Spot::Discard { from, code }, _) => {
            // Pass (or anything else): a winning tile passed is furiten.
            if w.waits[m] >> kind(code) & 1 == 1 {
                w.furiten[m] = true;
            }
            Step::Responses {
                seat: from,
                code,
                skip: 1 << m,
            }
        }
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
    discarded(w, m, code, riichi);
    Step::Responses {
        seat: me,
        code,
        skip: 0,
    }
}

/// `me` makes a closed kan of kind `k`.
fn first_ankan(w: &mut World, me: u8, k: usize) -> Step {
    let m = me as usize;
    let mut red = 0;
    for _ in 0..4 {
        match w.take_kind(m, k) {
            Some(c) if c & RED != 0 => red += 1,
            Some(_) => {}
            None => break,
        }
    }
    add_meld(w, m, MeldKind::ClosedKan, k as u8, red, None);
    kan_dora(w);
    // The waits of the hand left (a riichi hand keeps its own).
    w.waits[m] = w.compute_waits(m);
    Step::Draw {
        seat: me,
        rinshan: true,
    }
}

/// `me` adds `pai` to its pon.
fn first_kakan(w: &mut World, me: u8, pai: Pai) -> Step {
    let m = me as usize;
    let Some(c) = code_of(pai).filter(|&c| w.take_code(m, c)) else {
        return own_choice(me);
    };
    let k = kind(c) as u8;
    for x in &mut w.melds[m][..w.meld_len[m] as usize] {
        if x.kind == MeldKind::Pon && x.tile == k {
            x.kind = MeldKind::Kan;
            x.red += (c & RED != 0) as u8;
        }
    }
    w.seen[k as usize] = w.seen[k as usize].saturating_add(1);
    interrupt(w);
    kan_dora(w);
    w.waits[m] = w.compute_waits(m);
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
    let m = me as usize;
    let k = kind(code);
    let mut red = (code & RED != 0) as u8;
    let mut low = k;
    for p in consumed {
        if let Some(c) = code_of(*p).filter(|&c| w.take_code(m, c)) {
            red += (c & RED != 0) as u8;
            low = low.min(kind(c));
            w.seen[kind(c)] = w.seen[kind(c)].saturating_add(1);
        }
    }
    let (call, mk) = if pon {
        (Call::Pon, MeldKind::Pon)
    } else {
        (Call::Chi(low as u8), MeldKind::Chi)
    };
    add_meld(w, m, mk, low as u8, red, Some(from));
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
    let m = me as usize;
    let k = kind(code);
    let mut red = (code & RED != 0) as u8;
    for _ in 0..3 {
        if let Some(c) = w.take_kind(m, k) {
            red += (c & RED != 0) as u8;
        }
    }
    w.seen[k] = w.seen[k].saturating_add(3);
    add_meld(w, m, MeldKind::Kan, k as u8, red, Some(from));
    kan_dora(w);
    Step::Draw {
        seat: me,
        rinshan: true,
    }
}

/// Adds a meld to seat `s`, called `from` a seat (none for a closed kan),
/// and updates what depends on melds.
fn add_meld(w: &mut World, s: usize, kind: MeldKind, tile: u8, red: u8, from: Option<u8>) {
    let m = SimMeld {
        kind,
        tile,
        red,
        from,
    };
    if (w.meld_len[s] as usize) < 4 {
        w.melds[s][w.meld_len[s] as usize] = m;
        w.meld_len[s] += 1;
    }
    w.open[s] |= kind != MeldKind::ClosedKan;
    interrupt(w);
    w.simple_melds[s] &= m.is_simple();
    w.yakuhai_meld[s] |= kind != MeldKind::Chi && w.is_yakuhai(s, tile as usize);
}

/// A call or a kan (closed ones too, as in the engine) ends the first
/// go-around (no double riichi, tenhou or chiihou after it) and everyone's
/// ippatsu.
fn interrupt(w: &mut World) {
    w.any_call = true;
    w.ippatsu = [false; 4];
}

/// Turns a new dora indicator from the dead wall and shortens the live wall.
fn kan_dora(w: &mut World) {
    if w.dead_len > 5 && w.dora_len < 5 {
        w.dead_len -= 1;
        let c = w.dead[w.dead_len as usize];
        w.dora[w.dora_len as usize] = c;
        w.dora_len += 1;
        w.seen[kind(c)] = w.seen[kind(c)].saturating_add(1);
    }
}

fn draw(w: &mut World, seat: u8, rinshan: bool) -> Step {
    if w.live_left() == 0 {
        return Step::Done(End::Exhaustive);
    }
    let code = if rinshan && w.dead_len > 5 {
        // The replacement tile; the dead wall takes the live wall's last tile.
        w.dead_len -= 1;
        let c = w.dead[w.dead_len as usize];
        w.live_end -= 1;
        c
    } else {
        w.pos += 1;
        w.wall[w.pos as usize - 1]
    };
    w.add(seat as usize, code);
    Step::Act {
        seat,
        drawn: Some(code),
        rinshan,
        forbidden: 0,
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
        if w.waits[s] >> kind(c) & 1 == 1 {
            if let Some(d) = w.win_deltas(ctx.rules, s, s, c, rinshan, false) {
                return finish_win(w, s, s, d);
            }
        }
        if w.riichi[s] > 0 && w.take_code(s, c) {
            discarded(w, s, c, false);
            return Step::Responses {
                seat,
                code: c,
                skip: 0,
            };
        }
    }
    let choice = policy::turn(w, s, forbidden, &ctx.rules.game);
    let Some(code) = w.take_kind(s, choice.kind) else {
        return Step::Done(End::Abort);
    };
    w.waits[s] = choice.waits;
    discarded(w, s, code, choice.riichi);
    Step::Responses {
        seat,
        code,
        skip: 0,
    }
}

/// Bookkeeping of seat `s` discarding `code` (riichi declared with it when
/// `riichi`; the stick is paid if the tile passes).
fn discarded(w: &mut World, s: usize, code: u8, riichi: bool) {
    let k = kind(code);
    let bit = 1u64 << k;
    w.discarded[s] |= bit;
    w.safe[s] |= bit;
    for r in 0..4 {
        if r != s && w.riichi[r] > 0 {
            w.safe[r] |= bit;
        }
    }
    w.seen[k] = w.seen[k].saturating_add(1);
    if w.riichi[s] == 0 {
        w.furiten[s] = false;
    }
    w.ippatsu[s] = false;
    w.turns[s] = w.turns[s].saturating_add(1);
    if riichi && w.riichi[s] == 0 {
        // Marked now, paid in `responses` once nobody rons the tile.
        w.riichi[s] = if w.turns[s] == 1 && !w.any_call { 2 } else { 1 } | 4;
    }
}

/// The first ron on `code` from `from` among the seats not in `skip`, in turn
/// order; seats that pass a winning tile become furiten.
fn rons(w: &mut World, ctx: &Ctx, from: usize, code: u8, skip: u8) -> Option<Step> {
    let k = kind(code);
    for d in 1..4 {
        let o = (from + d) % 4;
        if skip >> o & 1 == 1 || w.waits[o] >> k & 1 == 0 {
            continue;
        }
        if !w.is_furiten(o) {
            if let Some(deltas) = w.win_deltas(ctx.rules, o, from, code, false, false) {
                return Some(finish_win(w, o, from, deltas));
            }
        }
        w.furiten[o] = true;
    }
    None
}

fn responses(w: &mut World, ctx: &Ctx, seat: u8, code: u8, skip: u8) -> Step {
    let from = seat as usize;
    if w.riichi[from] & 4 != 0 {
        // A riichi declared with a tile that is ronned is not made.
        let declared = w.riichi[from];
        w.riichi[from] = 0;
        if let Some(step) = rons(w, ctx, from, code, skip | 1 << from) {
            return step;
        }
        w.riichi[from] = declared;
    } else if let Some(step) = rons(w, ctx, from, code, skip | 1 << from) {
        return step;
    }
    if w.riichi[from] & 4 != 0 {
        w.riichi[from] &= 3;
        w.scores[from] -= RIICHI_STICK as i32;
        w.kyotaku = w.kyotaku.saturating_add(1);
        w.ippatsu[from] = true;
    }
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
            let low = match call {
                Call::Pon => k,
                Call::Chi(l) => l as usize,
            };
            let mut red = (code & RED != 0) as u8;
            let (mk, take): (MeldKind, [usize; 2]) = match call {
                Call::Pon => (MeldKind::Pon, [k, k]),
                Call::Chi(_) => {
                    let mut t = [0usize; 2];
                    let mut i = 0;
                    for x in low..low + 3 {
                        if x != k && i < 2 {
                            t[i] = x;
                            i += 1;
                        }
                    }
                    (MeldKind::Chi, t)
                }
            };
            for x in take {
                if let Some(c) = w.take_kind(o, x) {
                    red += (c & RED != 0) as u8;
                    w.seen[x] = w.seen[x].saturating_add(1);
                }
            }
            add_meld(w, o, mk, low as u8, red, Some(from as u8));
            w.waits[o] = 0;
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
    for (s, x) in d.iter().enumerate() {
        w.scores[s] += x;
    }
    w.kyotaku = 0;
    Step::Done(End::Win {
        winner: seat as u8,
        from: from as u8,
    })
}

/// Tenpai payments at an exhaustive draw ([`tenpai_payments`]).
fn settle_draw(w: &mut World) {
    let d = tenpai_payments(&w.waits.map(|x| x != 0));
    for (score, delta) in w.scores.iter_mut().zip(d) {
        *score += delta;
    }
}

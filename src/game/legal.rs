//! Legal actions: what a seat may do now, computed from the [`State`].
//!
//! The same rules are enforced when events are applied; the random-player test
//! checks that every action listed here is accepted by [`State::apply`].

use super::calls::{kuikae_forbidden, kuikae_leaves_discard};
use super::event::{DrawReason, Event};
use super::pai::Pai;
use super::riichi::riichi_allowed;
use super::seat_index::SeatIndex;
use super::state::{ankan_keeps_waits, Phase, RiichiState, Seat, State};
use crate::meld::MeldKind;
use crate::tile::{Tile, TileCounts, TileSet, KINDS};
use crate::waits::is_tenpai;

/// One choice a player can make.
///
/// In JSON (a front end's choices, [`crate::view::Choices`]), tagged by its
/// kind, tiles in mjai notation:
///
/// ```
/// use tenpai::game::Action;
/// let riichi = Action::Riichi { pai: "5mr".parse()?, tsumogiri: false };
/// assert_eq!(serde_json::to_string(&riichi)?, r#"{"type":"riichi","pai":"5mr","tsumogiri":false}"#);
/// let kan: Action = serde_json::from_str(r#"{"type":"ankan","tile":"E"}"#)?;
/// assert_eq!(kan, Action::Ankan { tile: "1z".parse()? });
/// assert_eq!(serde_json::to_string(&Action::NineTerminals)?, r#"{"type":"nine_terminals"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Discard a tile (`tsumogiri`: the tile just drawn).
    Discard {
        /// The tile.
        pai: Pai,
        /// It is the tile just drawn.
        tsumogiri: bool,
    },
    /// Declare riichi with this discard.
    Riichi {
        /// The riichi discard.
        pai: Pai,
        /// It is the tile just drawn.
        tsumogiri: bool,
    },
    /// Win on one's own draw.
    Tsumo,
    /// Win on the discard (or robbed kan).
    Ron,
    /// Chi the discard with these two tiles.
    Chi {
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// Pon the discard with these two tiles.
    Pon {
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// Open kan on the discard.
    Daiminkan,
    /// Closed kan of this kind.
    Ankan {
        /// The kind (in JSON, its plain mjai tile: `"5m"`, `"E"`).
        #[serde(with = "tile_as_pai")]
        tile: Tile,
    },
    /// Add this tile to one's pon.
    Kakan {
        /// The added tile.
        pai: Pai,
    },
    /// Abort the round with nine terminals.
    NineTerminals,
    /// Do nothing (only offered when a call or ron is possible).
    Pass,
}

/// A tile kind in JSON as its plain mjai tile (`"5m"`, `"E"`).
mod tile_as_pai {
    use super::{Pai, Tile};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(t: &Tile, s: S) -> Result<S::Ok, S::Error> {
        Pai::from(*t).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        Pai::deserialize(d)?
            .tile()
            .ok_or_else(|| serde::de::Error::custom("a hidden tile is no kind"))
    }
}

fn push_discards(state: &State, seat: u8, only_drawn: bool, out: &mut Vec<Action>, riichi: bool) {
    let s = state.seat_at(seat);
    let forbidden = match *state.phase() {
        Phase::Turn {
            after_call: Some(f),
            ..
        } => f,
        _ => crate::TileSet::EMPTY,
    };
    let mk = |pai, tsumogiri| {
        if riichi {
            Action::Riichi { pai, tsumogiri }
        } else {
            Action::Discard { pai, tsumogiri }
        }
    };
    if let Some(d) = s.drawn() {
        let ok = !riichi || {
            let mut h = *s.concealed();
            h[d.index()] -= 1;
            is_tenpai(&h)
        };
        if ok {
            out.push(mk(d, true));
        }
    }
    if only_drawn {
        return;
    }
    // Each distinct tile held, in index order, a red five before a plain one.
    let mut kinds = s.held().bits() & !forbidden.bits();
    while kinds != 0 {
        let i = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        let t = Tile::new(i as u8).expect("below 34");
        let red = if t.is_five() { s.red_fives()[i / 9] } else { 0 };
        let n = s.concealed()[i];
        for (is_red, copies) in [(true, red), (false, n - red)] {
            let p = Pai::new(t, is_red);
            if copies == 0 || (s.drawn() == Some(p) && copies < 2) {
                continue;
            }
            if riichi {
                let mut h = *s.concealed();
                h[i] -= 1;
                if !is_tenpai(&h) {
                    continue;
                }
            }
            out.push(mk(p, false));
        }
    }
}

/// The legal actions of `seat` now (empty when it has nothing to decide).
/// [`Action::Pass`] comes last when calling or ronning is optional. A seat's
/// own view ([`State::for_seat`]) gives it the same answers as the referee's
/// state; other seats, whose hands it hides, get none.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{legal_actions, Action, Event, State};
/// let mut s = State::new(tenpai::rules::Rules::tenhou());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "S".parse()? })?;
/// let a = legal_actions(&s, tenpai::game::SeatIndex::ALL[0]);
/// assert!(a.contains(&Action::Tsumo)); // tenhou (the dealer's first draw)
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn legal_actions(state: &State, seat: SeatIndex) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_into(state, seat, &mut out);
    out
}

/// [`legal_actions`] into `out` (cleared first), reusing its buffer: the game
/// driver asks every seat after every discard, and most answers are empty.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{legal_actions, legal_actions_into, State};
/// let s = State::new(tenpai::rules::Rules::tenhou());
/// let mut buf = vec![tenpai::game::Action::Pass];
/// legal_actions_into(&s, tenpai::game::SeatIndex::ALL[0], &mut buf);
/// assert_eq!(buf, legal_actions(&s, tenpai::game::SeatIndex::ALL[0]));
/// assert!(buf.is_empty()); // nothing to decide before the game starts
/// ```
pub fn legal_actions_into(state: &State, seat: SeatIndex, out: &mut Vec<Action>) {
    out.clear();
    let seat = seat.get();
    // A seat whose hand this view hides: nothing it can know.
    if state.seat_at(seat).is_hidden() {
        return;
    }
    match *state.phase() {
        Phase::Turn {
            seat: t,
            after_call,
            ..
        } if t == seat => {
            if after_call.is_some() {
                push_discards(state, seat, false, out, false);
            } else {
                push_turn_actions(state, seat, out);
            }
        }
        Phase::RiichiDiscard { seat: t } if t == seat => {
            push_discards(state, seat, false, out, true);
            for a in out {
                if let Action::Riichi { pai, tsumogiri } = *a {
                    *a = Action::Discard { pai, tsumogiri };
                }
            }
        }
        Phase::Discarded { seat: d, pai } if d != seat => {
            if state.may_ron_at(seat) {
                out.push(Action::Ron);
            }
            let s = state.seat_at(seat);
            let t = pai.tile().expect("known");
            // A pon or open kan needs two of the tile, a chi the next seat
            // and a suit tile; the checks that cost more come after.
            let may_call = s.concealed()[t.index()] >= 2 || ((d + 1) % 4 == seat && !t.is_honor());
            if may_call && !s.in_riichi() && state.live_left() > 0 && state.forced_draw().is_none()
            {
                push_calls(state, seat, d, t, out);
            }
            if !out.is_empty() {
                out.push(Action::Pass);
            }
        }
        Phase::Kan { seat: k, .. } if k != seat && state.may_ron_at(seat) => {
            out.push(Action::Ron);
            out.push(Action::Pass);
        }
        _ => {}
    }
}

/// The choices of `seat` after its own draw: tsumo, nine terminals, kans,
/// riichi discards, then the discards.
fn push_turn_actions(state: &State, seat: u8, out: &mut Vec<Action>) {
    let s = state.seat_at(seat);
    let g = &state.rules().game;
    let drawn = s.drawn().expect("a drawn tile after a draw");
    // The shape check is a few lookups; scoring (for the yaku) is not.
    if s.is_agari() && state.score_win_at(seat, seat, drawn, &[]).is_ok() {
        out.push(Action::Tsumo);
    }
    if g.nine_terminals && state.nine_terminals_possible_at(seat) {
        out.push(Action::NineTerminals);
    }
    if state.live_left() > 0 && state.kans().len() < 4 {
        push_own_kans(s, out);
    }
    let in_riichi = matches!(s.riichi(), RiichiState::Accepted { .. });
    let points = state.scores()[seat as usize];
    if riichi_allowed(s.in_riichi(), s.is_closed(), points, state.live_left(), g).is_ok()
        && s.riichi_possible()
    {
        push_discards(state, seat, false, out, true);
    }
    push_discards(state, seat, in_riichi, out, false);
}

/// Closed kans (in riichi only those that keep the wait) and added kans (not
/// in riichi) of the seat `s`, when a kan is possible at all.
fn push_own_kans(s: &Seat, out: &mut Vec<Action>) {
    for i in kinds_held_four(s.concealed()) {
        let t = Tile::new(i as u8).expect("below 34");
        if !s.in_riichi() || ankan_keeps_waits(s, t) {
            out.push(Action::Ankan { tile: t });
        }
    }
    if !s.in_riichi() {
        for m in s.melds().iter().filter(|m| m.kind == MeldKind::Pon) {
            let t = m.tile();
            if s.concealed()[t.index()] > 0 {
                // The hand lists a red five first among fives.
                let red = t.is_five() && s.red_fives()[t.index() / 9] > 0;
                out.push(Action::Kakan {
                    pai: Pai::new(t, red),
                });
            }
        }
    }
}

/// The kinds `counts` holds four of, ascending: eight counts at a time, and
/// only the words that may hold a four looked at count by count (a hand
/// after its draw, at every turn, seldom holds one).
fn kinds_held_four(counts: &TileCounts) -> impl Iterator<Item = usize> + '_ {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Counts 0-31 as four words, 32 and 33 as the fifth.
    let word = move |w: usize| match counts.get(w * 8..w * 8 + 8) {
        Some(b) => u64::from_le_bytes(b.try_into().expect("eight counts")),
        None => u64::from(u16::from_le_bytes([counts[32], counts[33]])),
    };
    // A byte of `x` is zero where the count is 4; the test flags every
    // word with a zero byte (and may flag others: each flagged word is read
    // count by count).
    let maybe = move |w: usize| {
        let x = word(w) ^ (4 * ONES);
        x.wrapping_sub(ONES) & !x & (0x80 * ONES) != 0
    };
    (0..KINDS.div_ceil(8))
        .filter(move |&w| maybe(w))
        .flat_map(move |w| (w * 8..(w * 8 + 8).min(KINDS)).filter(move |&i| counts[i] == 4))
}

/// Pon, open kan and chi of `seat` on the discard `t` of seat `d` (each pair
/// of tiles it may use, red fives told apart), where kuikae leaves a discard.
// Inlined into its one caller: it runs for every seat after every discard
// and usually finds nothing, so a call of its own costs more than its body.
#[inline(always)]
fn push_calls(state: &State, seat: u8, d: u8, t: Tile, out: &mut Vec<Action>) {
    let s = state.seat_at(seat);
    let kuikae = state.rules().game.kuikae_forbidden;
    if s.concealed()[t.index()] >= 2 {
        let forbid = kuikae_forbidden(MeldKind::Pon, t, t);
        for c in call_variants(s, t, t) {
            if !kuikae || leaves_discard(s, &c, forbid) {
                out.push(Action::Pon { consumed: c });
            }
        }
    }
    if s.concealed()[t.index()] >= 3 && state.kans().len() < 4 {
        out.push(Action::Daiminkan);
    }
    if (d + 1) % 4 != seat || t.is_honor() {
        return;
    }
    let n = t.number() as i32;
    for (da, db) in [(-2, -1), (-1, 1), (1, 2)] {
        if !(1..=9).contains(&(n + da)) || !(1..=9).contains(&(n + db)) {
            continue;
        }
        let a = Tile::new((t.index() as i32 + da) as u8).expect("in suit");
        let b = Tile::new((t.index() as i32 + db) as u8).expect("in suit");
        if s.concealed()[a.index()] == 0 || s.concealed()[b.index()] == 0 {
            continue;
        }
        let forbid = kuikae_forbidden(MeldKind::Chi, t, a.min(t));
        for c in call_variants(s, a, b) {
            if !kuikae || leaves_discard(s, &c, forbid) {
                out.push(Action::Chi { consumed: c });
            }
        }
    }
}

/// The distinct pairs of tiles of kinds `a` and `b` the seat holds (a red
/// five and a plain one are different tiles).
fn call_variants(s: &Seat, a: Tile, b: Tile) -> impl Iterator<Item = [Pai; 2]> {
    // At most four pairs (red or not, twice): kept on the stack, as the
    // seats after every discard are asked.
    let mut v = [[Pai::HIDDEN; 2]; 4];
    let mut n = 0;
    for ra in [false, true] {
        for rb in [false, true] {
            let pa = Pai::new(a, ra);
            let pb = Pai::new(b, rb);
            if (ra && !a.is_five()) || (rb && !b.is_five()) {
                continue;
            }
            let mut h = s.clone_hand();
            if h.take(pa) && h.take(pb) && !v[..n].contains(&[pa, pb]) {
                v[n] = [pa, pb];
                n += 1;
            }
        }
    }
    v.into_iter().take(n)
}

/// After calling with `consumed`, the seat still holds a tile of a kind not
/// in `forbid` ([`kuikae_leaves_discard`]).
#[inline]
fn leaves_discard(s: &Seat, consumed: &[Pai], forbid: TileSet) -> bool {
    let mut h = s.clone_hand();
    for &c in consumed {
        h.take(c);
    }
    kuikae_leaves_discard(h.concealed(), forbid)
}

/// Whether an action is the one an event records.
type OfferTest<'a> = Box<dyn Fn(&Action) -> bool + 'a>;

/// Checks that `event` is one of the actions [`legal_actions`] offers its
/// actor now (for events that are a player's choice: discards, riichi, calls,
/// kans, wins, nine terminals; the first `hora` of a multiple ron). Other
/// events pass.
///
/// # Errors
/// [`super::GameError::Illegal`] naming the event when it is not offered.
///
/// # Panics
/// Never.
pub fn check_offered(state: &State, event: &Event) -> Result<(), super::GameError> {
    // Over 80 lines: one short arm per kind of event, read as one table.
    let (seat, offered): (u8, OfferTest<'_>) = match event {
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
        } => (
            *actor,
            Box::new(move |a| {
                *a == Action::Discard {
                    pai: *pai,
                    tsumogiri: *tsumogiri,
                }
            }),
        ),
        Event::Reach { actor } => (*actor, Box::new(|a| matches!(a, Action::Riichi { .. }))),
        Event::Chi {
            actor, consumed, ..
        }
        | Event::Pon {
            actor, consumed, ..
        } if consumed.len() == 2 => {
            let mut c = [consumed[0], consumed[1]];
            c.sort();
            let chi = matches!(event, Event::Chi { .. });
            (
                *actor,
                Box::new(move |a| match a {
                    Action::Chi { consumed } if chi => {
                        let mut d = *consumed;
                        d.sort();
                        d == c
                    }
                    Action::Pon { consumed } if !chi => {
                        let mut d = *consumed;
                        d.sort();
                        d == c
                    }
                    _ => false,
                }),
            )
        }
        Event::Daiminkan { actor, .. } => (*actor, Box::new(|a| *a == Action::Daiminkan)),
        Event::Ankan { actor, consumed } if !consumed.is_empty() => {
            let t = consumed[0].tile();
            (
                *actor,
                Box::new(move |a| matches!(a, Action::Ankan { tile } if Some(*tile) == t)),
            )
        }
        Event::Kakan { actor, pai, .. } => (
            *actor,
            Box::new(move |a| matches!(a, Action::Kakan { pai: p } if p == pai)),
        ),
        Event::Hora { actor, target, .. } if !matches!(state.phase(), Phase::Ended) => {
            let tsumo = actor == target;
            (
                *actor,
                Box::new(move |a| *a == if tsumo { Action::Tsumo } else { Action::Ron }),
            )
        }
        Event::Ryukyoku {
            reason: Some(DrawReason::NineTerminals),
            ..
        } => match *state.phase() {
            Phase::Turn { seat, .. } => (seat, Box::new(|a| *a == Action::NineTerminals)),
            _ => return Ok(()),
        },
        _ => return Ok(()),
    };
    // An actor that is no seat: `State::apply` refuses the event itself
    // (`GameError::Seat`).
    let Ok(seat) = SeatIndex::new(seat) else {
        return Ok(());
    };
    if legal_actions(state, seat).iter().any(offered) {
        Ok(())
    } else {
        Err(super::GameError::illegal(
            "action",
            seat.get(),
            format!("{} is not among the legal actions", event.to_json()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_held_four_are_the_counts_of_four_in_every_place() {
        // Counts 0-4 at random (fours common), and each single four alone.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for round in 0..5000 {
            let mut c = [0u8; KINDS];
            c.iter_mut().for_each(|x| *x = rng.gen_range(0..=4));
            if round < KINDS {
                c = [3; KINDS];
                c[round] = 4;
            }
            let want: Vec<usize> = (0..KINDS).filter(|&i| c[i] == 4).collect();
            assert_eq!(kinds_held_four(&c).collect::<Vec<_>>(), want, "{c:?}");
        }
    }
}

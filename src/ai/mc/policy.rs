//! The fast policies every seat follows inside a rollout: table-driven tile
//! efficiency, riichi on a ready hand, the baseline's calls (yakuhai pons, open
//! tanyao), and the baseline's defense against riichi (genbutsu, honors seen,
//! suji). They read only the [`World`]'s arrays, mirror
//! [`crate::ai::BaselinePlayer`]'s rules, and cost a few table lookups each.
//! Where the baseline's versions differ (its `Style`: riichi on any wait,
//! the finer danger ranking, the push one from ready with dora), the turn
//! follows the version the search is built on, through the baseline's own
//! functions. The keep value of dora and red fives needs no switch here:
//! the efficient discard counts no acceptance, and ranks a dora (+5) and a
//! red five (+3) above tiles of the same shape already.
//!
//! Efficiency: the tiles held are ordered by a cheap keep value (isolated
//! honors and terminals first, dora and connected tiles last) and the first
//! whose discard keeps the hand's best shanten is thrown, instead of ranking
//! every discard by ukeire (several times slower, for a rollout policy that
//! need not be perfect).

use super::world::{is_simple, World};
use crate::ai::baseline::danger::{not_genbutsu_safety, unpassed_safety_v2};
use crate::ai::baseline::style::{held_dora, push_pick, Style};
use crate::game::{kuikae_forbidden, kuikae_leaves_discard, riichi_allowed};
use crate::meld::MeldKind;
use crate::rules::GameRules;
use crate::tile::{Tile, TileCounts, TileSet, KINDS};

/// Shanten of counts, 8 for counts the tables refuse.
#[inline(always)]
pub(crate) fn shanten(c: &TileCounts) -> i8 {
    crate::shanten(c).unwrap_or(8)
}

/// How much a held tile of kind `k` is worth keeping (lower goes first).
#[inline]
fn keep_value(w: &World, s: usize, k: usize, dora: u64) -> i32 {
    let h = &w.hands[s];
    let c = h[k] as i32;
    let mut v = if k >= 27 {
        if w.is_yakuhai(s, k) {
            4 * c - 2
        } else {
            4 * c - 4
        }
    } else {
        let n = k % 9;
        let at = |d: isize| -> i32 {
            let m = n as isize + d;
            if (0..9).contains(&m) {
                h[(k as isize + d) as usize] as i32
            } else {
                0
            }
        };
        let edge = if n == 0 || n == 8 { 0 } else { 1 };
        4 * c + 3 * (at(-1) + at(1)) + at(-2) + at(2) + edge
    };
    if dora >> k & 1 == 1 {
        v += 5;
    }
    if k < 27 && k % 9 == 4 && w.red[s][k / 9] > 0 {
        v += 3;
    }
    v
}

/// The most efficient discard of the seat's 3n+2 hand, avoiding the kinds in
/// `forbidden`: the kind and the shanten left.
pub(crate) fn efficient_discard(w: &World, s: usize, forbidden: u64) -> (usize, i8) {
    let h = w.hands[s];
    let best = shanten(&h);
    let dora = w.dora_mask();
    let mut order = [(0i32, 0u8); 14];
    let mut n = 0;
    for (k, &c) in h.iter().enumerate() {
        if c > 0 && forbidden >> k & 1 == 0 && n < order.len() {
            order[n] = (keep_value(w, s, k, dora), k as u8);
            n += 1;
        }
    }
    if n == 0 {
        // Everything is forbidden (cannot happen in a legal game): any tile
        // held. A world dealt from an observation built by hand may hold
        // none: kind 0, which no step panics on (`tests/ai_mc.rs`,
        // `determinize_never_panics_on_odd_observations`).
        let k = (0..KINDS).find(|&k| h[k] > 0).unwrap_or(0);
        return (k, 8);
    }
    let order = &mut order[..n];
    // Lowest keep value first, picked one at a time (the first or second
    // usually keeps the shanten, so a full sort would be wasted).
    let mut fallback = (order[0].1 as usize, i8::MAX);
    for i in 0..n {
        let mut m = i;
        for j in i + 1..n {
            if order[j] < order[m] {
                m = j;
            }
        }
        order.swap(i, m);
        let k = order[i].1 as usize;
        let mut rest = h;
        rest[k] -= 1;
        let sh = shanten(&rest);
        if sh <= best {
            return (k, sh);
        }
        if sh < fallback.1 {
            fallback = (k, sh);
        }
    }
    fallback
}

/// Seats other than `s` in riichi, as a bitmask of seats.
#[inline]
pub(crate) fn threats(w: &World, s: usize) -> u8 {
    let mut m = 0;
    for o in 0..4 {
        if o != s && w.flags[o].in_riichi() {
            m |= 1 << o;
        }
    }
    m
}

/// Safety of discarding kind `k` against the riichi seats in `threat` (the
/// worst of them; higher is safer), on the baseline's scale: 100 for a kind
/// safe against the seat (its river and what it let pass since its riichi),
/// else, with `known` (the copies this seat knows of, for the second
/// baseline's ranking), [`unpassed_safety_v2`], without it the first
/// baseline's [`not_genbutsu_safety`] (honors by copies seen, suji,
/// terminals).
fn safety(w: &World, s: usize, k: usize, threat: u8, known: Option<&TileCounts>) -> i32 {
    let mut worst = i32::MAX;
    for r in 0..4 {
        if threat >> r & 1 == 0 {
            continue;
        }
        let safe = w.safe[r];
        let t = Tile::of_kind(k);
        let score = if safe >> k & 1 == 1 {
            100
        } else if let Some(known) = known {
            unpassed_safety_v2(t, |x: Tile| safe >> x.index() & 1 == 1, known)
        } else {
            let n = k % 9 + 1;
            let below = k < 27 && n > 3 && safe >> (k - 3) & 1 == 1;
            let above = k < 27 && n < 7 && safe >> (k + 3) & 1 == 1;
            not_genbutsu_safety(t, w.seen[k].saturating_add(w.hands[s][k]), below, above)
        };
        worst = worst.min(score);
    }
    worst
}

/// The copies of each kind seat `s` knows of: public and in its hand.
fn known_copies(w: &World, s: usize) -> TileCounts {
    std::array::from_fn(|k| w.seen[k].saturating_add(w.hands[s][k]))
}

/// The shanten number of 3n+1 counts and the kinds that lower it, as a kind
/// bitmask, from one lookup of the tables' useful tiles (`(8, 0)` for counts
/// the tables refuse): the same kinds as adding each kind in turn and asking
/// [`shanten`], at the cost of about one shanten lookup instead of 35.
#[inline]
pub(crate) fn shanten_useful(c: &TileCounts) -> (i8, u64) {
    crate::tables::Tables::embedded()
        .useful_tiles(c)
        .unwrap_or((8, 0))
}

/// The second baseline's push of a hand one from ready against a riichi
/// ([`push_pick`]): the safest discard that keeps it one from ready with
/// half the best acceptance or more; `None` when no discard keeps it.
fn push(
    w: &World,
    s: usize,
    forbidden: u64,
    threat: u8,
    known: Option<&TileCounts>,
) -> Option<usize> {
    let dora = w.dora_mask();
    let mut rows = [(0usize, 0u32, (0i32, 0u32, 0i32, 0i32)); 14];
    let mut n = 0;
    for k in 0..KINDS {
        if w.hands[s][k] == 0 || forbidden >> k & 1 == 1 || n == rows.len() {
            continue;
        }
        let mut rest = w.hands[s];
        rest[k] -= 1;
        let (sh, useful) = shanten_useful(&rest);
        if sh != 1 {
            continue;
        }
        // Unseen copies (as the seat sees them) of the kinds that bring the
        // hand one step closer.
        let count = wait_count(w, &w.hands[s], useful);
        let key = (
            safety(w, s, k, threat, known),
            count,
            -keep_value(w, s, k, dora),
            -(k as i32),
        );
        rows[n] = (k, count, key);
        n += 1;
    }
    push_pick(rows[..n].iter().copied())
}

/// What a seat does on its turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnChoice {
    /// The kind to discard.
    pub kind: usize,
    /// Declare riichi with it.
    pub riichi: bool,
    /// Waits of the hand left (0 when not tenpai).
    pub waits: u64,
}

/// Copies of the kinds in `waits` neither public (`w.seen`) nor in `hand`:
/// the live tiles of a wait as its holder sees them.
pub(crate) fn wait_count(w: &World, hand: &TileCounts, waits: u64) -> u32 {
    let mut n = 0;
    let mut bits = waits;
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        n += 4u32.saturating_sub(w.seen[k] as u32 + hand[k] as u32);
    }
    n
}

/// The turn of a seat not in riichi holding 3n+2 tiles, by the baseline
/// rules of `style`: against a riichi when not ready, the push one from
/// ready ([`Style::pushes_one_from_ready`]) or the fold to the safest tile;
/// else the efficient discard, with riichi on a closed ready hand when the
/// baseline would declare it ([`Style::declares_riichi`]).
pub(crate) fn turn(
    w: &World,
    s: usize,
    forbidden: u64,
    rules: &GameRules,
    style: &Style,
) -> TurnChoice {
    let threat = threats(w, s);
    let sh = if threat != 0 { shanten(&w.hands[s]) } else { 0 };
    if sh >= 1 {
        let known = style.danger_v2.then(|| known_copies(w, s));
        let known = known.as_ref();
        let pushes = sh == 1
            && style.pushes_one_from_ready(
                held_dora(&w.hands[s], w.red[s], &w.dora_counts()),
                w.live_left(),
            );
        let dora = w.dora_mask();
        let fold = || {
            let mut best: Option<(i32, i32, usize)> = None;
            for k in 0..KINDS {
                if w.hands[s][k] == 0 || forbidden >> k & 1 == 1 {
                    continue;
                }
                let key = (
                    safety(w, s, k, threat, known),
                    -keep_value(w, s, k, dora),
                    k,
                );
                if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                    best = Some(key);
                }
            }
            best.map(|(_, _, k)| k)
        };
        let pushed = if pushes {
            push(w, s, forbidden, threat, known)
        } else {
            None
        };
        if let Some(k) = pushed.or_else(fold) {
            let mut rest = w.hands[s];
            rest[k] -= 1;
            return TurnChoice {
                kind: k,
                riichi: false,
                waits: w.waits_for(s, &rest),
            };
        }
    }
    let (k, sh) = efficient_discard(w, s, forbidden);
    let mut rest = w.hands[s];
    rest[k] = rest[k].saturating_sub(1);
    let waits = if sh == 0 { w.waits_for(s, &rest) } else { 0 };
    let mut riichi = false;
    let may_riichi =
        || riichi_allowed(false, !w.open[s], w.scores[s], w.live_left(), rules).is_ok();
    if waits != 0 && forbidden == 0 && may_riichi() {
        let count = wait_count(w, &w.hands[s], waits);
        riichi = style.declares_riichi(count, threat != 0, w.live_left());
    }
    TurnChoice {
        kind: k,
        riichi,
        waits,
    }
}

/// A call a seat makes on a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Call {
    /// Pon.
    Pon,
    /// Chi of the sequence starting at this kind.
    Chi(u8),
}

/// All concealed tiles are 2–8 and so are the melds.
fn all_simple(w: &World, o: usize) -> bool {
    w.simple_melds[o] && (0..KINDS).all(|k| w.hands[o][k] == 0 || is_simple(k))
}

/// Whether seat `o` calls kind `k` discarded by `from`, as the baseline does:
/// never when anyone is in riichi or from riichi; a yakuhai pon that does not
/// lower the hand; otherwise only a call that improves shanten and keeps a
/// yaku (a yakuhai meld already, or open tanyao), and that leaves a discard
/// kuikae allows (`forbid_kuikae`: the rules forbid swap-calling).
pub(crate) fn call(
    w: &World,
    o: usize,
    from: usize,
    k: usize,
    open_tanyao: bool,
    forbid_kuikae: bool,
) -> Option<Call> {
    if w.flags.iter().any(|f| f.in_riichi()) || w.meld_len[o] >= 4 {
        return None;
    }
    let h = &w.hands[o];
    let pon_ok = h[k] >= 2;
    let chi_ok = (from + 1) % 4 == o && k < 27;
    if !pon_ok && !chi_ok {
        return None;
    }
    let yakuhai = pon_ok && w.is_yakuhai(o, k);
    let tanyao = open_tanyao && is_simple(k) && all_simple(w, o);
    if !(yakuhai || tanyao || w.yakuhai_meld[o]) {
        return None;
    }
    let before = shanten(h);
    let mut best: Option<(i8, Call)> = None;
    if pon_ok {
        let mut after = *h;
        after[k] -= 2;
        let sh = shanten(&after);
        if (sh < before || (yakuhai && sh <= before))
            && leaves_discard(&after, Call::Pon, k, forbid_kuikae)
        {
            best = Some((sh, Call::Pon));
        }
    }
    if chi_ok && (tanyao || w.yakuhai_meld[o]) {
        let n = k % 9;
        for low in [n.wrapping_sub(2), n.wrapping_sub(1), n] {
            if low > 6 {
                continue;
            }
            let base = k - n + low;
            let mut after = *h;
            let mut ok = true;
            for (x, c) in after.iter_mut().enumerate().skip(base).take(3) {
                if x != k {
                    if *c == 0 || (tanyao && !w.yakuhai_meld[o] && !is_simple(x)) {
                        ok = false;
                        break;
                    }
                    *c -= 1;
                }
            }
            if !ok {
                continue;
            }
            let sh = shanten(&after);
            let chi = Call::Chi(base as u8);
            if sh < before
                && best.is_none_or(|(b, _)| sh < b)
                && leaves_discard(&after, chi, k, forbid_kuikae)
            {
                best = Some((sh, chi));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// After `call` of the kind `k`, the hand left (`after`) holds a tile that
/// kuikae allows to discard ([`kuikae_leaves_discard`]).
#[inline]
fn leaves_discard(after: &TileCounts, call: Call, k: usize, forbid: bool) -> bool {
    !forbid || kuikae_leaves_discard(after, TileSet::from_bits(kuikae(call, k, forbid)))
}

/// Kinds a seat may not discard right after `call` of the kind `k`, as a
/// kind bitset: [`kuikae_forbidden`], or none when the rules allow
/// swap-calling (`forbid` false).
pub(crate) fn kuikae(call: Call, k: usize, forbid: bool) -> u64 {
    let tile = |k: usize| Tile::of_kind(k);
    if !forbid {
        return 0;
    }
    let (kind, low) = match call {
        Call::Pon => (MeldKind::Pon, k),
        Call::Chi(low) => (MeldKind::Chi, low as usize),
    };
    kuikae_forbidden(kind, tile(k), tile(low)).bits()
}

#[cfg(test)]
mod tests;

//! How safe a discard is against the seats in riichi: the baseline's first
//! rules ([`safety`]: genbutsu, suji, honors by copies seen) and the
//! refined ranking of its second version ([`safety_v2`]: also the tiles
//! other seats threw after the riichi, kabe and one-chance, and how many
//! ryanmen waits are left open on each side of a number).

use crate::game::Observation;
use crate::tile::{Tile, TileCounts};

/// Safety of discarding `t` against every riichi opponent (higher is safer).
pub(crate) fn safety(obs: &Observation, t: Tile, seen: &TileCounts) -> i32 {
    let mut worst = i32::MAX;
    for s in 0..4 {
        if s == obs.seat.index() || !obs.riichi[s] {
            continue;
        }
        let river: Vec<Tile> = obs.rivers[s].iter().filter_map(|r| r.pai.tile()).collect();
        let in_river = |x: Tile| river.contains(&x);
        let score = if in_river(t) {
            100 // genbutsu
        } else {
            let n = t.number();
            let at =
                |d: i8| Tile::new((t.index() as i8 + d) as u8).filter(|x| x.suit() == t.suit());
            let below = !t.is_honor() && n > 3 && at(-3).is_some_and(in_river);
            let above = !t.is_honor() && n < 7 && at(3).is_some_and(in_river);
            not_genbutsu_safety(t, seen[t.index()], below, above)
        };
        worst = worst.min(score);
    }
    worst
}

/// Safety of a tile that is not in the riichi player's river (genbutsu is
/// 100): an honor by the copies `seen` (95, 75, 45), a number by suji
/// (`below` / `above`: the tile three lower / higher is in the river; 60 for
/// a 1-3 or 7-9 covered from inside, 55 for both sides, 35 for one), else 25
/// for a terminal and 10. Shared with the Monte Carlo rollouts.
pub(crate) fn not_genbutsu_safety(t: Tile, seen: u8, below: bool, above: bool) -> i32 {
    if t.is_honor() {
        return match seen {
            3.. => 95,
            2 => 75,
            _ => 45,
        };
    }
    match (t.number(), below, above) {
        (1..=3, _, true) | (7..=9, true, _) => 60,
        (_, true, true) => 55,
        (_, true, _) | (_, _, true) => 35,
        (1 | 9, _, _) => 25,
        _ => 10,
    }
}

/// Safety of discarding `t` against every riichi opponent, refined (higher
/// is safer, on [`safety`]'s scale): 100 for genbutsu and for a tile
/// another seat threw after the riichi (the riichi seat let it pass, so it
/// is furiten on it); an honor as [`safety`]; a number by the ryanmen waits
/// that could still win on it ([`number_safety`]), each side closed by suji
/// or by a wall of four copies seen of a tile the wait needs (kabe), half
/// closed by three (one-chance). `seen` counts every copy this seat knows
/// of (visible, in its hand and melds).
pub(crate) fn safety_v2(obs: &Observation, t: Tile, seen: &TileCounts) -> i32 {
    let mut worst = i32::MAX;
    for s in 0..4 {
        if s == obs.seat.index() || !obs.riichi[s] {
            continue;
        }
        let river = &obs.rivers[s];
        let in_river = |x: Tile| river.iter().any(|r| r.pai.tile() == Some(x));
        let score = if in_river(t) || passed_after_riichi(obs, s, t) {
            100
        } else {
            unpassed_safety_v2(t, in_river, seen)
        };
        worst = worst.min(score);
    }
    worst
}

/// Safety of `t` against one riichi seat that has not let it pass (the
/// rest of [`safety_v2`]): an honor as [`safety`]; a number by the ryanmen
/// waits that could still win on it ([`number_safety`]), each side closed
/// by suji (`in_river`: the tile is genbutsu against that seat) or by a
/// wall of four copies in `seen` of a tile the wait needs (kabe), half
/// closed by three (one-chance). Shared with the Monte Carlo rollouts.
pub(crate) fn unpassed_safety_v2(
    t: Tile,
    in_river: impl Fn(Tile) -> bool,
    seen: &TileCounts,
) -> i32 {
    if t.is_honor() {
        return not_genbutsu_safety(t, seen[t.index()], false, false);
    }
    let at = |d: i8| Tile::new((t.index() as i8 + d) as u8).filter(|x| x.suit() == t.suit());
    let copies = |d: i8| at(d).map_or(0, |x| seen[x.index()]);
    // How open one side's ryanmen is: 0 closed, 1 half, 2 open.
    let side = |suji: i8, near: i8, far: i8| -> u8 {
        if at(suji).is_some_and(&in_river) || copies(near) >= 4 || copies(far) >= 4 {
            0
        } else if copies(near) == 3 || copies(far) == 3 {
            1
        } else {
            2
        }
    };
    let n = t.number();
    let below = (n > 3).then(|| side(-3, -1, -2));
    let above = (n < 7).then(|| side(3, 1, 2));
    number_safety(n, below, above) + if seen[t.index()] >= 3 { 5 } else { 0 }
}

/// Safety of a number tile `n` (1–9) by how open its ryanmen sides are
/// (`None`: the side does not exist, as below a 1–3; else 0 closed, 1 half
/// closed, 2 open): a terminal 60 / 45 / 25 as its one side closes, a 2 or
/// 8 58 / 40 / 18, a 3 or 7 55 / 38 / 14, a 4–6 by both sides together
/// (0–4 open halves) 55, 42, 35, 20, 10.
pub(crate) fn number_safety(n: u8, below: Option<u8>, above: Option<u8>) -> i32 {
    match (below, above) {
        (Some(a), Some(b)) => [55, 42, 35, 20, 10][usize::from(a + b)],
        (Some(o), None) | (None, Some(o)) => {
            let row = match n {
                1 | 9 => [60, 45, 25],
                2 | 8 => [58, 40, 18],
                _ => [55, 38, 14],
            };
            row[usize::from(o)]
        }
        (None, None) => 10,
    }
}

/// Whether a seat other than `riichi_seat` threw `t` after its riichi
/// declaration (and the riichi seat let it pass). The rivers do not say
/// when each tile fell, so the count of tiles each seat threw since comes
/// from the riichi seat's: one more for the seats between it and this
/// seat (they moved after its last discard), as many for the others. A
/// call skips the seats between the discarder and the caller, so each call
/// of the round (the rivers do not say which came after the riichi) takes
/// one from every seat's count: a tile is then sometimes missed, never
/// taken from before the riichi.
fn passed_after_riichi(obs: &Observation, riichi_seat: usize, t: Tile) -> bool {
    let river = &obs.rivers[riichi_seat];
    let Some(declared) = river.iter().position(|r| r.riichi) else {
        return false;
    };
    let since = river.len() - declared - 1;
    let calls = obs.rivers.iter().flatten().filter(|r| r.called).count();
    let me = obs.seat.index();
    let offset = |s: usize| (s + 4 - riichi_seat) % 4;
    (0..4).filter(|&s| s != riichi_seat).any(|s| {
        let n = (since + usize::from(offset(s) < offset(me))).saturating_sub(calls);
        let r = &obs.rivers[s];
        r[r.len().saturating_sub(n)..]
            .iter()
            .any(|x| x.pai.tile() == Some(t))
    })
}

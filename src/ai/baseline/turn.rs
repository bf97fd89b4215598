//! The baseline's own turn: a closed kan in riichi, riichi or dama, the
//! discard by efficiency and keep value, and the fold against riichi (the
//! second version pushes one from ready with dora).

use super::danger::{safety, safety_v2};
use super::style::{held_dora, push_pick};
use super::{analysis, discard_action, dora_tiles, keep_value, BaselinePlayer};
use crate::game::{Action, Observation};
use crate::tile::{Tile, TileCounts};
use crate::Discard;

/// `seen` with the tiles of this seat's own melds added (what the
/// observation's visible counts leave out).
fn with_own_melds(obs: &Observation, mut seen: TileCounts) -> TileCounts {
    for t in obs.melds[obs.seat.index()]
        .iter()
        .flat_map(|m| m.tiles.iter())
        .filter_map(|p| p.tile())
    {
        seen[t.index()] = seen[t.index()].saturating_add(1);
    }
    seen
}

pub(super) fn own_turn(
    p: &BaselinePlayer,
    obs: &Observation,
    legal: &[Action],
    counts: TileCounts,
    red: [u8; 3],
) -> Action {
    let seen = obs.visible_counts();
    let rows = analysis(obs, counts, red, &seen);
    let in_riichi = obs.riichi[obs.seat.index()];
    // After riichi: a closed kan that keeps the waits is free fu and dora.
    if let Some(kan) = legal.iter().find(|a| matches!(a, Action::Ankan { .. })) {
        if in_riichi {
            return kan.clone();
        }
    }
    let fallback = || {
        legal
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::Discard {
                        tsumogiri: true,
                        ..
                    }
                )
            })
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Discard { .. })))
            .unwrap_or(&legal[0])
            .clone()
    };
    if in_riichi || rows.is_empty() {
        return fallback();
    }
    if let Some(a) = p.model.as_ref().and_then(|m| m.choose_riichi(obs, legal)) {
        return a;
    }
    let best_shanten = rows[0].ukeire.shanten;
    let threatened = (0..4).any(|s| s != obs.seat.index() && obs.riichi[s]);
    let dora = dora_tiles(obs);
    let seen_all: TileCounts = std::array::from_fn(|i| seen[i].saturating_add(counts[i]));
    let style = &p.style;
    let known = if style.danger_v2 {
        with_own_melds(obs, seen_all)
    } else {
        seen_all
    };
    let safety_of = |t: Tile| -> i64 {
        if style.danger_v2 {
            i64::from(safety_v2(obs, t, &known))
        } else {
            i64::from(safety(obs, t, &seen_all))
        }
    };
    let keep = |d: &Discard| -> i64 {
        let t = d.tile;
        let lone_red = style.red_keep
            && !t.is_honor()
            && t.number() == 5
            && red[t.index() / 9] > 0
            && counts[t.index()] == 1;
        i64::from(keep_value(obs, &counts, t, &dora)) + if lone_red { 3 } else { 0 }
    };
    let legal_row = |d: &&Discard| discard_action(legal, d.tile, false).is_some();
    let push = threatened
        && best_shanten == 1
        && style.pushes_one_from_ready(held_dora(&counts, red, &dora), obs.live_left);
    // One from ready with dora against a riichi: the safest tile that keeps
    // the shanten and at least half the best acceptance.
    let push_tile = push
        .then(|| {
            push_pick(
                rows.iter()
                    .filter(legal_row)
                    .filter(|d| d.ukeire.shanten == 1)
                    .map(|d| {
                        let key = (
                            safety_of(d.tile),
                            d.ukeire.count,
                            -keep(d),
                            -(d.tile.index() as i64),
                        );
                        (d, d.ukeire.count, key)
                    }),
            )
        })
        .flatten();
    let defend = threatened && best_shanten >= 1 && push_tile.is_none();
    let score = |d: &Discard| -> (i64, i64, i64, i64) {
        let eff =
            -(d.ukeire.shanten as i64) * 1000 + d.ukeire.count as i64 - style.keep_weight * keep(d);
        if defend {
            (safety_of(d.tile), eff, -keep(d), -(d.tile.index() as i64))
        } else {
            (eff, -keep(d), 0, -(d.tile.index() as i64))
        }
    };
    // The model's discard, as a legal plain discard.
    let learned = p
        .model
        .as_ref()
        .and_then(|m| m.choose_discard(obs, legal))
        .and_then(|a| match a {
            Action::Discard { pai, .. } | Action::Riichi { pai, .. } => legal
                .iter()
                .find(|b| matches!(b, Action::Discard { pai: q, .. } if *q == pai))
                .cloned(),
            _ => None,
        });
    let best = match &learned {
        Some(Action::Discard { pai, .. }) => rows.iter().find(|d| pai.tile() == Some(d.tile)),
        _ => push_tile.or_else(|| rows.iter().filter(legal_row).max_by_key(|d| score(d))),
    };
    let Some(best) = best else {
        return fallback();
    };
    let plain = || {
        learned
            .clone()
            .or_else(|| discard_action(legal, best.tile, false))
    };
    // Unseen winning tiles to declare riichi on (the second version: any
    // wait unless another seat is in riichi).
    if best.ukeire.shanten == 0
        && style.declares_riichi(best.ukeire.count, threatened, obs.live_left)
    {
        let riichi = match plain() {
            Some(Action::Discard { pai, .. }) => legal
                .iter()
                .find(|a| matches!(a, Action::Riichi { pai: q, .. } if *q == pai))
                .cloned(),
            _ => None,
        };
        if let Some(r) = riichi {
            return r;
        }
    }
    plain().unwrap_or_else(fallback)
}

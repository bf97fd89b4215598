//! The baseline's answer to another seat's discard: a chi or pon that
//! secures a yaku (yakuhai, open tanyao) and brings the hand closer, or a
//! pass; never against a riichi. Both versions call alike (the second's
//! extra calls did not pay, `docs/strength.md`).

use super::{hand_of, is_yakuhai, shanten_of, BaselinePlayer};
use crate::game::{Action, Observation};
use crate::meld::{Meld, MeldKind};
use crate::tile::{Tile, TileCounts};

pub(super) fn call_or_pass(
    p: &BaselinePlayer,
    obs: &Observation,
    legal: &[Action],
    counts: TileCounts,
    red: [u8; 3],
) -> Action {
    if let Some(a) = p.model.as_ref().and_then(|m| m.choose_call(obs, legal)) {
        return a;
    }
    let pass = || {
        legal
            .iter()
            .find(|a| matches!(a, Action::Pass))
            .unwrap_or(&legal[0])
            .clone()
    };
    let Some((_, called)) = obs.last_tile else {
        return pass();
    };
    let Some(called_tile) = called.tile() else {
        return pass();
    };
    if (0..4).any(|s| s != obs.seat.index() && obs.riichi[s]) {
        return pass();
    }
    let Some(now) = hand_of(obs, counts, red, None) else {
        return pass();
    };
    let before = shanten_of(&now);
    let own_melds = &obs.melds[obs.seat.index()];
    let has_yakuhai_meld = own_melds
        .iter()
        .any(|m| m.kind != MeldKind::Chi && is_yakuhai(obs, m.tile()));
    let all_simple = |c: &TileCounts| {
        Tile::all().all(|t| c[t.index()] == 0 || t.is_simple())
            && own_melds
                .iter()
                .all(|m| m.tiles.iter().filter_map(|x| x.tile()).all(Tile::is_simple))
    };
    let mut best: Option<(i8, Action)> = None;
    for a in legal {
        let (kind, consumed) = match a {
            Action::Pon { consumed } => (MeldKind::Pon, consumed),
            Action::Chi { consumed } => (MeldKind::Chi, consumed),
            _ => continue,
        };
        let mut after = counts;
        let mut tiles = vec![called_tile];
        for c in consumed {
            let Some(t) = c.tile() else { continue };
            after[t.index()] -= 1;
            tiles.push(t);
        }
        let low = *tiles.iter().min().expect("three tiles");
        let reds = consumed
            .iter()
            .chain(std::iter::once(&called))
            .filter(|x| x.is_red())
            .count() as u8;
        let Ok(meld) = Meld::new(kind, low, reds) else {
            continue;
        };
        let yakuhai_pon = kind == MeldKind::Pon && is_yakuhai(obs, called_tile);
        let tanyao = p.open_tanyao && tiles.iter().all(|t| t.is_simple()) && all_simple(&after);
        if !(yakuhai_pon || has_yakuhai_meld || tanyao) {
            continue;
        }
        let Some(h) = hand_of(obs, after, red, Some(meld)) else {
            continue;
        };
        let s = shanten_of(&h);
        let worth_it = (yakuhai_pon && s <= before) || s < before;
        if worth_it && best.as_ref().is_none_or(|(b, _)| s < *b) {
            best = Some((s, a.clone()));
        }
    }
    best.map(|(_, a)| a).unwrap_or_else(pass)
}

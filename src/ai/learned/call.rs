//! The features of the call part of a [`super::LearnedModel`]: when another
//! seat's discard can be called, the pass (all features 0) and each
//! distinct call (chi, pon, open kan) are the alternatives; a call is
//! scored by what it does to the hand (shanten, acceptance, a yaku in
//! reach: yakuhai, tanyao, a flush) and by the table (a riichi, the stage
//! of the round, dora, the dealer seat).

use super::logit::Choice;
use crate::ai::baseline::{dora_tiles, hand_of, is_yakuhai};
use crate::ai::mc::same_play;
use crate::game::{Action, Observation, Pai};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::tables::Tables;
use crate::tile::{Tile, TileCounts};

/// The features of a call, in the order of the weights (a pass has all 0).
pub const CALL_FEATURES: [&str; 22] = [
    // 1 for any call.
    "call",
    // A chi.
    "chi",
    // An open kan (daiminkan).
    "kan",
    // Shanten before the call less shanten after it (after its best
    // discard).
    "shanten_gain",
    // ln(1 + unseen copies of the tiles that improve the hand after the
    // call and its best discard).
    "log_ukeire_after",
    // ln(1 + the same before the call).
    "log_ukeire_before",
    // The hand is ready after the call and its best discard.
    "ready_after",
    // A pon or kan of a yakuhai.
    "yakuhai_pon",
    // The seat already has a called or closed yakuhai triplet or kan.
    "yakuhai_meld",
    // A yakuhai pair stays in the concealed hand after the call.
    "yakuhai_pair",
    // Open tanyao allowed and every tile of the hand after the call, melds
    // included, a simple.
    "tanyao",
    // As tanyao but for one or two terminals or honors in the concealed
    // hand.
    "tanyao_near",
    // Every number tile of the hand after the call, melds included, in one
    // suit (a flush in reach).
    "flush",
    // None of the above yaku in reach (yakuhai, tanyao or near it, flush).
    "no_yaku",
    // The seat had called before.
    "open_already",
    // Another seat is in riichi.
    "threat",
    // Shanten before the call, over 4 (at most 1).
    "shanten_before",
    // Dora and red fives in the hand after the call, melds included, over 4
    // (at most 1).
    "dora_held",
    // The share of the live wall drawn (0 at the deal, 1 at its end).
    "late",
    // A pon or kan of a wind that is no yakuhai for the seat.
    "guest_honor_pon",
    // A pon or kan: pairs and triplets left in the concealed hand, over 4
    // (at most 1; toitoi in reach).
    "pon_pairs",
    // The called tile is a dora (or a red five).
    "called_dora",
];

/// The live wall after the deal of four-player riichi (136 − 14 − 52).
const LIVE_WALL: f64 = 70.0;

/// Shanten and acceptance of a hand: after its best discard for 3n+2
/// tiles, as it is for 3n+1; (8, 0) for a hand the tables refuse.
fn standing(h: &Hand, seen: &TileCounts) -> (i8, u32) {
    let t = Tables::embedded();
    if h.len() % 3 == 2 {
        t.analyze_with_melds(h, Some(seen))
            .ok()
            .and_then(|a| a.first().map(|d| (d.ukeire.shanten, d.ukeire.count)))
            .unwrap_or((8, 0))
    } else {
        t.ukeire_with_melds(h, Some(seen))
            .map(|u| (u.shanten, u.count))
            .unwrap_or((8, 0))
    }
}

/// The pass and every distinct call of another seat's discard in `legal`,
/// each with its features (the pass first, all 0); empty when `legal`
/// offers no such call (or no pass).
///
/// # Panics
/// Never.
pub fn call_alternatives(obs: &Observation, legal: &[Action]) -> Vec<(Action, Vec<f64>)> {
    let calls: Vec<&Action> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan
            )
        })
        .collect();
    let Some(pass) = legal.iter().find(|a| matches!(a, Action::Pass)) else {
        return Vec::new();
    };
    let Some(called) = obs.last_tile.map(|(_, p)| p) else {
        return Vec::new();
    };
    let Some(called_tile) = called.tile() else {
        return Vec::new();
    };
    if calls.is_empty() {
        return Vec::new();
    }
    let me = obs.seat.index();
    let (counts, red) = Pai::counts(&obs.hand);
    let seen = obs.visible_counts();
    let Some(now) = hand_of(obs, counts, red, None) else {
        return Vec::new();
    };
    let (before, before_count) = standing(&now, &seen);
    let dora = dora_tiles(obs);
    let own_melds = &obs.melds[me];
    let meld_tiles: Vec<Tile> = own_melds
        .iter()
        .flat_map(|m| m.tiles.iter().filter_map(|x| x.tile()))
        .collect();
    let meld_reds = own_melds
        .iter()
        .flat_map(|m| m.tiles.iter())
        .filter(|x| x.is_red())
        .count();
    let yakuhai_meld = own_melds
        .iter()
        .any(|m| m.kind != MeldKind::Chi && is_yakuhai(obs, m.tile()));
    let threat = (0..4).any(|s| s != me && obs.riichi[s]);
    let late = (1.0 - f64::from(obs.live_left) / LIVE_WALL).clamp(0.0, 1.0);
    let flag = |b: bool| f64::from(u8::from(b));
    let mut out = vec![(pass.clone(), vec![0.0; CALL_FEATURES.len()])];
    for a in calls {
        if out.iter().any(|(b, _)| same_play(a, b)) {
            continue;
        }
        let (kind, consumed): (MeldKind, Vec<Pai>) = match a {
            Action::Chi { consumed } => (MeldKind::Chi, consumed.to_vec()),
            Action::Pon { consumed } => (MeldKind::Pon, consumed.to_vec()),
            _ => {
                let mine: Vec<Pai> = obs
                    .hand
                    .iter()
                    .filter(|p| p.tile() == Some(called_tile))
                    .copied()
                    .collect();
                (MeldKind::Kan, mine)
            }
        };
        let mut after = counts;
        let mut red_after = red;
        let mut tiles = vec![called_tile];
        for c in &consumed {
            let Some(t) = c.tile() else { continue };
            after[t.index()] = after[t.index()].saturating_sub(1);
            if c.is_red() {
                red_after[t.index() / 9] = red_after[t.index() / 9].saturating_sub(1);
            }
            tiles.push(t);
        }
        let low = *tiles.iter().min().expect("the called tile");
        let reds = consumed
            .iter()
            .chain(std::iter::once(&called))
            .filter(|x| x.is_red())
            .count();
        let Ok(meld) = Meld::new(kind, low, reds as u8) else {
            continue;
        };
        let Some(h) = hand_of(obs, after, red_after, Some(meld)) else {
            continue;
        };
        let (s, count) = standing(&h, &seen);
        let yakuhai_pon = kind != MeldKind::Chi && is_yakuhai(obs, called_tile);
        let yakuhai_pair = Tile::all().any(|t| after[t.index()] >= 2 && is_yakuhai(obs, t));
        let all_tiles = || {
            Tile::all()
                .filter(|t| after[t.index()] > 0)
                .chain(meld_tiles.iter().copied())
                .chain(tiles.iter().copied())
        };
        let melds_simple = meld_tiles.iter().chain(&tiles).all(|t| t.is_simple());
        let yaochu: u8 = Tile::all()
            .filter(|t| !t.is_simple())
            .map(|t| after[t.index()])
            .sum();
        let tanyao = melds_simple && yaochu == 0;
        let tanyao_near = melds_simple && (1..=2).contains(&yaochu);
        let suits: Vec<usize> = all_tiles()
            .filter(|t| !t.is_honor())
            .map(|t| t.index() / 9)
            .collect();
        let flush = suits.windows(2).all(|w| w[0] == w[1]);
        let held_dora: u32 = all_tiles_counted(&after, &meld_tiles, &tiles)
            .map(|t| u32::from(dora[t.index()]))
            .sum::<u32>()
            + red_after.iter().map(|&r| u32::from(r)).sum::<u32>()
            + (meld_reds + reds) as u32;
        out.push((
            a.clone(),
            vec![
                1.0,
                flag(kind == MeldKind::Chi),
                flag(kind == MeldKind::Kan),
                f64::from(before - s),
                (1.0 + f64::from(count)).ln(),
                (1.0 + f64::from(before_count)).ln(),
                flag(s == 0),
                flag(yakuhai_pon),
                flag(yakuhai_meld),
                flag(yakuhai_pair),
                flag(tanyao),
                flag(tanyao_near),
                flag(flush),
                flag(
                    !(yakuhai_pon
                        || yakuhai_meld
                        || yakuhai_pair
                        || tanyao
                        || tanyao_near
                        || flush),
                ),
                flag(!own_melds.is_empty()),
                flag(threat),
                (f64::from(before) / 4.0).min(1.0),
                (f64::from(held_dora) / 4.0).min(1.0),
                late,
                flag(
                    kind != MeldKind::Chi
                        && called_tile.is_honor()
                        && !is_yakuhai(obs, called_tile),
                ),
                if kind == MeldKind::Chi {
                    0.0
                } else {
                    (f64::from(after.iter().filter(|&&n| n >= 2).count() as u8) / 4.0).min(1.0)
                },
                flag(dora[called_tile.index()] > 0 || called.is_red()),
            ],
        ));
    }
    out
}

/// Every tile of the hand after a call, one item a copy: the concealed
/// `after`, the earlier melds' tiles and the new meld's `tiles`.
fn all_tiles_counted<'a>(
    after: &'a TileCounts,
    melds: &'a [Tile],
    tiles: &'a [Tile],
) -> impl Iterator<Item = Tile> + 'a {
    Tile::all()
        .flat_map(move |t| std::iter::repeat_n(t, usize::from(after[t.index()])))
        .chain(melds.iter().copied())
        .chain(tiles.iter().copied())
}

/// The training choice of one call offer: its alternatives' features and
/// the played one's place among them; `None` when `legal` offers no call
/// of another seat's discard or the played action is none of them.
pub fn call_choice(obs: &Observation, legal: &[Action], played: &Action) -> Option<Choice> {
    let alts = call_alternatives(obs, legal);
    let chosen = alts.iter().position(|a| same_play(&a.0, played))?;
    (alts.len() > 1).then(|| Choice {
        alternatives: alts.into_iter().map(|a| a.1).collect(),
        chosen,
    })
}

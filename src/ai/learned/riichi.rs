//! The features of the riichi part of a [`super::LearnedModel`]: at a
//! decision where a riichi is legal, each distinct play (a plain discard of
//! a tile, or a riichi with it) is an alternative, scored by the discard
//! part's score of its tile and, for a riichi, by what makes strong players
//! declare or stay dama (the wait's size and shape, a yaku without riichi,
//! dora, the stage of the round, a riichi against them, the dealer seat,
//! the score).

use super::discard::discard_candidates;
use super::logit::{Choice, Logit};
use crate::ai::baseline::{analysis, dora_tiles, hand_of};
use crate::ai::mc::same_play;
use crate::game::{Action, Observation, Pai};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::score::Situation;
use crate::tile::{Tile, TileSet};
use std::sync::OnceLock;

/// The features of a riichi decision's alternative, in the order of the
/// weights. `r·` is 1 for a riichi and 0 for a plain discard, times what
/// follows.
pub const RIICHI_FEATURES: [&str; 12] = [
    // The discard part's score of the tile thrown.
    "discard_score",
    // r: the play is a riichi.
    "riichi",
    // r · ln(1 + unseen copies of the waits).
    "riichi_log_waits",
    // r · the wait is one kind of tile.
    "riichi_one_kind",
    // r · a ron on some wait scores without riichi (a yaku of its own).
    "riichi_dama_yaku",
    // r · dora and red fives in the hand, over 4 (at most 1).
    "riichi_dora",
    // r · the share of the live wall drawn (0 at the deal, 1 at its end).
    "riichi_late",
    // r · another seat is in riichi.
    "riichi_threat",
    // r · the seat is the dealer.
    "riichi_dealer",
    // r · the seat's points less the best of the others', over 10,000.
    "riichi_lead",
    // r · the han of the best ron on a wait without riichi, dora
    // included, over 5 (at most 1; 0 without a yaku).
    "riichi_dama_han",
    // r · a wait is in the seat's own river (furiten).
    "riichi_furiten",
];

/// The live wall after the deal of four-player riichi (136 − 14 − 52).
const LIVE_WALL: f64 = 70.0;

/// The han (yaku only, no dora) of winning `hand` (3n+1 tiles, closed) by
/// ron on `tile` with no riichi; `None` without a yaku of its own.
fn ron_han(obs: &Observation, hand: &Hand, tile: Tile) -> Option<u32> {
    static RULES: OnceLock<Rules> = OnceLock::new();
    let rules = RULES.get_or_init(Rules::tenhou);
    let mut counts = *hand.concealed();
    counts[tile.index()] += 1;
    let full = Hand::new(counts, [0; 3], hand.melds().to_vec()).ok()?;
    let mut s = Situation::new(full, tile);
    let c = obs.win_context();
    s.seat_wind = c.seat_wind;
    s.round_wind = c.round_wind;
    crate::score::score(&s, rules).ok().map(|x| x.han)
}

/// Every distinct play of a riichi decision (each candidate tile thrown
/// plainly, and with riichi when legal), with its features weighed by the
/// discard part `discard`; empty when `legal` offers no riichi.
///
/// # Panics
/// Never.
pub fn riichi_alternatives(
    obs: &Observation,
    legal: &[Action],
    discard: &Logit,
) -> Vec<(Action, Vec<f64>)> {
    if !legal.iter().any(|a| matches!(a, Action::Riichi { .. })) {
        return Vec::new();
    }
    let me = obs.seat.index();
    let (counts, red) = Pai::counts(&obs.hand);
    let seen = obs.visible_counts();
    let rows = analysis(obs, counts, red, &seen);
    let dora = dora_tiles(obs);
    let held_dora = crate::ai::baseline::style::held_dora(&counts, red, &dora);
    let threat = (0..4).any(|s| s != me && obs.riichi[s]);
    let dealer = obs.dealer == obs.seat;
    let others = (0..4)
        .filter(|&s| s != me)
        .map(|s| obs.scores[s])
        .max()
        .unwrap_or(0);
    let lead = f64::from(obs.scores[me] - others) / 10_000.0;
    let late = (1.0 - f64::from(obs.live_left) / LIVE_WALL).clamp(0.0, 1.0);
    let river: Vec<Tile> = obs.rivers[me].iter().filter_map(|r| r.pai.tile()).collect();
    let mut out = Vec::new();
    for (pai, x) in discard_candidates(obs, legal) {
        let score = discard.score(&x);
        let plain = legal
            .iter()
            .find(|a| matches!(a, Action::Discard { pai: p, .. } if *p == pai));
        if let Some(a) = plain {
            let mut f = vec![0.0; RIICHI_FEATURES.len()];
            f[0] = score;
            out.push((a.clone(), f));
        }
        let Some(r) = legal
            .iter()
            .find(|a| matches!(a, Action::Riichi { pai: p, .. } if *p == pai))
        else {
            continue;
        };
        let Some(t) = pai.tile() else { continue };
        let (waits, count) = rows
            .iter()
            .find(|d| d.tile == t)
            .map_or((TileSet::EMPTY, 0), |d| (d.ukeire.tiles, d.ukeire.count));
        let mut left = counts;
        left[t.index()] -= 1;
        let thrown_red = u8::from(pai.is_red());
        let mut red_left = red;
        if pai.is_red() {
            red_left[t.index() / 9] = red_left[t.index() / 9].saturating_sub(1);
        }
        let han = hand_of(obs, left, red_left, None)
            .and_then(|h| waits.iter().filter_map(|w| ron_han(obs, &h, w)).max());
        let dora_after = held_dora - u32::from(dora[t.index()]) - u32::from(thrown_red);
        let flag = |b: bool| f64::from(u8::from(b));
        out.push((
            r.clone(),
            vec![
                score,
                1.0,
                (1.0 + f64::from(count)).ln(),
                flag(waits.len() == 1),
                flag(han.is_some()),
                (f64::from(dora_after) / 4.0).min(1.0),
                late,
                flag(threat),
                flag(dealer),
                lead,
                han.map_or(0.0, |h| (f64::from(h + dora_after) / 5.0).min(1.0)),
                flag(waits.iter().any(|w| river.contains(&w))),
            ],
        ));
    }
    out
}

/// The training choice of one riichi decision: its alternatives' features
/// and the played one's place among them; `None` when `legal` offers no
/// riichi or the played action is none of the alternatives.
pub fn riichi_choice(
    obs: &Observation,
    legal: &[Action],
    played: &Action,
    discard: &Logit,
) -> Option<Choice> {
    let alts = riichi_alternatives(obs, legal, discard);
    let chosen = alts.iter().position(|a| same_play(&a.0, played))?;
    (alts.len() > 1).then(|| Choice {
        alternatives: alts.into_iter().map(|a| a.1).collect(),
        chosen,
    })
}

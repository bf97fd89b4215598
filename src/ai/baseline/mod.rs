//! The rule-based baseline player: tile efficiency from the analysis engine,
//! riichi with a decent wait, calls that secure a yaku, and defense against
//! riichi (genbutsu, suji, honors already seen). Two versions: the first
//! ([`BaselinePlayer::v1`]) and the second ([`BaselinePlayer::v2`], the
//! default: riichi on any wait, a finer danger ranking, dora weighed
//! against acceptance, a push one from ready with dora); the levers that
//! tell them apart are in [`style`].
//!
//! Every decision is deterministic (ties broken by tile order), so games with
//! baseline players reproduce from the wall seed alone.

mod call;
pub(crate) mod danger;
pub(crate) mod style;
mod turn;

use super::learned::LearnedModel;
use crate::game::{Action, Observation, Pai};
use crate::hand::Hand;
use crate::meld::Meld;
use crate::tables::Tables;
use crate::tile::{Tile, TileCounts, KINDS};
use crate::Discard;
use std::sync::Arc;
use style::Style;

/// Wait size (unseen copies of the winning tiles) from which the baseline
/// declares riichi at once; with fewer it stays quiet until the wall runs low.
pub(crate) const RIICHI_MIN_WAITS: u32 = 4;

/// Live-wall size below which the baseline declares riichi on any wait.
pub(crate) const LATE_WALL: u8 = 24;

/// The rule-based baseline player.
///
/// ```
/// use tenpai::ai::BaselinePlayer;
/// use tenpai::game::{play_game, Player, RandomPlayer};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut b = BaselinePlayer::new(&rules);
/// let mut r: [RandomPlayer; 3] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [r1, r2, r3] = &mut r;
/// let mut players: [&mut dyn Player; 4] = [&mut b, r1, r2, r3];
/// let game = play_game(&rules, 7, &mut players, true)?;
/// assert_eq!(game.scores.iter().sum::<i32>(), 100_000);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BaselinePlayer {
    open_tanyao: bool,
    /// Which rules are on.
    style: Style,
    /// Chooses the discards, and riichi and calls when it has those parts,
    /// when set (else the rules below do).
    model: Option<Arc<LearnedModel>>,
}

impl BaselinePlayer {
    /// The default baseline player for these rules (open tanyao decides
    /// which calls it makes): [`BaselinePlayer::v2`], which beats three
    /// [`BaselinePlayer::v1`] in self-play (`docs/strength.md`).
    pub fn new(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer::v2(rules)
    }

    /// The first baseline: riichi on four or more unseen winning tiles
    /// (any wait late in the wall), calls that secure yakuhai or open
    /// tanyao, a fold by genbutsu, suji and honors seen when another seat
    /// is in riichi and the hand is not ready, a ready hand pushed.
    ///
    /// ```
    /// let _v1 = tenpai::ai::BaselinePlayer::v1(&tenpai::rules::Rules::tenhou());
    /// ```
    pub fn v1(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer {
            open_tanyao: rules.scoring.open_tanyao,
            style: Style::V1,
            model: None,
        }
    }

    /// The second baseline: [`BaselinePlayer::v1`] with riichi on any wait
    /// (four or more unseen winning tiles against a riichi, as the first),
    /// tiles ranked against riichi also by those other seats threw after
    /// it, kabe and one-chance, dora, red fives and yakuhai pairs weighed
    /// against acceptance (two tiles of acceptance a point of keep value),
    /// and, one from ready against a riichi with a dora or a red five
    /// before the last 24 tiles of the wall, a push with the safest tile
    /// that keeps the shanten instead of a fold.
    ///
    /// ```
    /// let _v2 = tenpai::ai::BaselinePlayer::v2(&tenpai::rules::Rules::tenhou());
    /// ```
    pub fn v2(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer {
            style: Style::V2,
            ..BaselinePlayer::v1(rules)
        }
    }

    /// The third baseline: [`BaselinePlayer::v2`]'s rules for riichi,
    /// calls, wins and kans, with the discard part of the shipped learned
    /// model ([`LearnedModel::shipped_discard`]) choosing which tile to
    /// throw (its features weigh acceptance, shape, value and the danger of
    /// each tile as phoenix-room players did). As strong as `v2` against
    /// three [`BaselinePlayer::v1`] and much closer to strong players'
    /// choices (`docs/agreement.md`); each decision costs more (the
    /// acceptance two draws ahead of every candidate), so the quick default
    /// stays `v2`. The Monte Carlo AI's prior.
    ///
    /// ```
    /// let _v3 = tenpai::ai::BaselinePlayer::v3(&tenpai::rules::Rules::tenhou());
    /// ```
    pub fn v3(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer {
            model: Some(LearnedModel::shipped_discard()),
            ..BaselinePlayer::v2(rules)
        }
    }

    /// The baseline with the learned model the program ships
    /// ([`LearnedModel::shipped`]) choosing its discards, riichi and calls
    /// (as [`BaselinePlayer::with_model`]). Closer to the choices of strong
    /// players than any other baseline, but no stronger in self-play than
    /// [`BaselinePlayer::v1`] (`docs/agreement.md`), so not the default.
    pub fn learned(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer::with_model(rules, LearnedModel::shipped())
    }

    /// A baseline player whose discards `model` chooses (see
    /// [`crate::ai::learned`]), and its riichi and calls of another seat's
    /// discard when the model has those parts; wins, kans of its own turn
    /// and the rest as [`BaselinePlayer::v1`]'s (the rules the model was
    /// measured against). Without a riichi part it
    /// declares riichi when the tile the model throws leaves the hand ready
    /// on a wait the baseline would declare.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use tenpai::ai::{learned::LearnedModel, BaselinePlayer};
    /// let rules = tenpai::rules::Rules::tenhou();
    /// let _learned = BaselinePlayer::with_model(&rules, Arc::new(LearnedModel::embedded().clone()));
    /// ```
    pub fn with_model(rules: &crate::rules::Rules, model: Arc<LearnedModel>) -> BaselinePlayer {
        BaselinePlayer {
            model: Some(model),
            ..BaselinePlayer::v1(rules)
        }
    }
}

impl crate::game::Player for BaselinePlayer {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        choose(self, obs, legal)
    }
}

/// The seat's hand with its melds, if it is a valid hand.
pub(crate) fn hand_of(
    obs: &Observation,
    counts: TileCounts,
    red: [u8; 3],
    extra: Option<Meld>,
) -> Option<Hand> {
    let mut melds: Vec<Meld> = obs.melds[obs.seat.index()]
        .iter()
        .filter_map(|m| m.to_meld().ok())
        .collect();
    melds.extend(extra);
    let red = std::array::from_fn(|s| red[s].min(counts[s * 9 + 4]));
    Hand::new(counts, red, melds).ok()
}

/// Winds and dragons that are yakuhai for this seat.
pub(crate) fn is_yakuhai(obs: &Observation, t: Tile) -> bool {
    let c = obs.win_context();
    crate::score::is_yakuhai(t, c.seat_wind, c.round_wind)
}

/// Tiles shown as dora by the indicators.
pub(crate) fn dora_tiles(obs: &Observation) -> TileCounts {
    let mut d = [0u8; KINDS];
    for t in obs.dora_indicators.iter().filter_map(|p| p.tile()) {
        d[t.dora_of_indicator().index()] += 1;
    }
    d
}

/// How much a tile is worth keeping beyond efficiency: dora, red fives,
/// yakuhai pairs; isolated non-yakuhai honors are worth least.
pub(crate) fn keep_value(
    obs: &Observation,
    counts: &TileCounts,
    t: Tile,
    dora: &TileCounts,
) -> i32 {
    let mut v = 3 * dora[t.index()] as i32;
    if is_yakuhai(obs, t) && counts[t.index()] >= 2 {
        v += 4;
    }
    if t.is_honor() && !is_yakuhai(obs, t) {
        v -= 2;
    } else if t.is_terminal() {
        v -= 1;
    }
    v
}

pub(crate) fn discard_action(legal: &[Action], t: Tile, riichi: bool) -> Option<Action> {
    let matching = legal.iter().filter(|a| match a {
        Action::Discard { pai, .. } => !riichi && pai.tile() == Some(t),
        Action::Riichi { pai, .. } => riichi && pai.tile() == Some(t),
        _ => false,
    });
    // Keep a red five when a plain copy can go.
    matching
        .min_by_key(|a| match a {
            Action::Discard { pai, .. } | Action::Riichi { pai, .. } => pai.is_red(),
            _ => true,
        })
        .cloned()
}

/// The per-discard analysis of the seat's 3n+2 hand, meld-aware; empty for
/// counts the analysis refuses (no engine observation has them: a hand-built
/// one may), and the caller then plays its first legal discard.
pub(crate) fn analysis(
    obs: &Observation,
    counts: TileCounts,
    red: [u8; 3],
    seen: &TileCounts,
) -> Vec<Discard> {
    let t = Tables::embedded();
    match hand_of(obs, counts, red, None) {
        Some(h) if !h.melds().is_empty() => {
            t.analyze_with_melds(&h, Some(seen)).unwrap_or_default()
        }
        _ => t.analyze(&counts, Some(seen)).unwrap_or_default(),
    }
}

/// Best shanten reachable by one discard from a 3n+2 hand, meld-aware; the
/// shanten itself for a 3n+1 hand.
pub(crate) fn shanten_of(h: &Hand) -> i8 {
    let t = Tables::embedded();
    if h.len() % 3 == 2 && !h.melds().is_empty() {
        best_after_discard(t, h).unwrap_or(8)
    } else if h.len() % 3 == 2 {
        t.analyze_with_melds(h, None)
            .ok()
            .and_then(|a| a.first().map(|d| d.ukeire.shanten))
            .unwrap_or(8)
    } else {
        t.shanten_with_melds(h).map(|s| s.min()).unwrap_or(8)
    }
}

/// The least shanten (meld-aware) of the hands one discard leaves of the
/// 3n+2 hand `h`: the shanten of [`Tables::analyze_with_melds`]'s best
/// discard, without working out every discard's tile acceptance (a
/// hand with melds grows each tile into every pattern for it: most of a
/// baseline call's cost). A 3n+2 hand's shanten is the least over its
/// discards, except that a complete hand (-1) leaves a ready one (0).
/// `None` where the hand is refused.
fn best_after_discard(t: &Tables, h: &Hand) -> Option<i8> {
    t.shanten_with_melds(h).ok().map(|s| s.min().max(0))
}

fn choose(p: &BaselinePlayer, obs: &Observation, legal: &[Action]) -> Action {
    if let Some(win) = legal
        .iter()
        .find(|a| matches!(a, Action::Tsumo | Action::Ron))
    {
        return win.clone();
    }
    let (counts, red) = Pai::counts(&obs.hand);
    if legal.contains(&Action::NineTerminals) {
        let kinds = crate::shanten::YAOCHU
            .iter()
            .filter(|&&i| counts[i] > 0)
            .count();
        if kinds < 11 {
            return Action::NineTerminals;
        }
    }
    if legal
        .iter()
        .any(|a| matches!(a, Action::Discard { .. } | Action::Riichi { .. }))
    {
        return turn::own_turn(p, obs, legal, counts, red);
    }
    call::call_or_pass(p, obs, legal, counts, red)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meld::MeldKind;
    use rand::{Rng, SeedableRng};

    /// Random hands of one to four melds (pons, chis, kans) and the
    /// concealed tiles left, 3n+2: the shortcut's shanten is the meld-aware
    /// analysis's best discard's, hand for hand.
    #[test]
    fn best_after_discard_ok_is_the_analysis_best_shanten() {
        let t = Tables::embedded();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut checked, mut shantens) = (0, std::collections::BTreeSet::new());
        while checked < 3000 {
            let mut all = [0u8; KINDS];
            let mut melds = Vec::new();
            for _ in 0..rng.gen_range(1..=4) {
                let kind = [MeldKind::Pon, MeldKind::Chi, MeldKind::Kan][rng.gen_range(0..3)];
                let tile = Tile::new(rng.gen_range(0..KINDS as u8)).unwrap();
                let Ok(m) = Meld::new(kind, tile, 0) else {
                    continue;
                };
                let mut after = all;
                m.tiles().for_each(|x| after[x.index()] += 1);
                if after.iter().any(|&c| c > 4) {
                    continue;
                }
                all = after;
                melds.push(m);
            }
            let mut concealed = [0u8; KINDS];
            let want = 14 - 3 * melds.len();
            while concealed.iter().map(|&c| c as usize).sum::<usize>() < want {
                let i = rng.gen_range(0..KINDS);
                if all[i] < 4 {
                    all[i] += 1;
                    concealed[i] += 1;
                }
            }
            let Ok(h) = Hand::new(concealed, [0; 3], melds) else {
                continue;
            };
            let analysed = t
                .analyze_with_melds(&h, None)
                .ok()
                .and_then(|a| a.first().map(|d| d.ukeire.shanten));
            assert_eq!(best_after_discard(t, &h), analysed, "{h}");
            shantens.insert(analysed);
            checked += 1;
        }
        assert!(shantens.len() >= 4, "{shantens:?}");
    }
}

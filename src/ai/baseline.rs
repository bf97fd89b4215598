//! The rule-based baseline player: tile efficiency from the analysis engine,
//! riichi with a decent wait, calls that secure a yaku, and defense against
//! riichi (genbutsu, suji, honors already seen).
//!
//! Every decision is deterministic (ties broken by tile order), so games with
//! baseline players reproduce from the wall seed alone.

use super::learned::LearnedModel;
use crate::game::{Action, Observation, Pai};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::tables::Tables;
use crate::tile::{Tile, TileCounts, KINDS};
use crate::Discard;
use std::sync::Arc;

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
    /// Chooses the discards, and riichi and calls when it has those parts,
    /// when set (else the rules below do).
    model: Option<Arc<LearnedModel>>,
}

impl BaselinePlayer {
    /// A baseline player for these rules (open tanyao decides which calls it makes).
    pub fn new(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer {
            open_tanyao: rules.scoring.open_tanyao,
            model: None,
        }
    }

    /// The baseline with the learned model the program ships
    /// ([`LearnedModel::shipped`]) choosing its discards, riichi and calls
    /// (as [`BaselinePlayer::with_model`]). Closer to the choices of strong
    /// players than [`BaselinePlayer::new`], but weaker in self-play
    /// against it (`docs/strength.md`), so not the default.
    pub fn learned(rules: &crate::rules::Rules) -> BaselinePlayer {
        BaselinePlayer::with_model(rules, LearnedModel::shipped())
    }

    /// A baseline player whose discards `model` chooses (see
    /// [`crate::ai::learned`]), and its riichi and calls of another seat's
    /// discard when the model has those parts; wins, kans of its own turn
    /// and the rest as [`BaselinePlayer::new`]'s. Without a riichi part it
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
            ..BaselinePlayer::new(rules)
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
fn keep_value(obs: &Observation, counts: &TileCounts, t: Tile, dora: &TileCounts) -> i32 {
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

fn discard_action(legal: &[Action], t: Tile, riichi: bool) -> Option<Action> {
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
fn shanten_of(h: &Hand) -> i8 {
    let t = Tables::embedded();
    if h.len() % 3 == 2 {
        t.analyze_with_melds(h, None)
            .ok()
            .and_then(|a| a.first().map(|d| d.ukeire.shanten))
            .unwrap_or(8)
    } else {
        t.shanten_with_melds(h).map(|s| s.min()).unwrap_or(8)
    }
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
        return own_turn(p, obs, legal, counts, red);
    }
    call_or_pass(p, obs, legal, counts, red)
}

fn own_turn(
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
    let defend = threatened && best_shanten >= 1;
    let score = |d: &Discard| -> (i64, i64, i64, i64) {
        let eff = -(d.ukeire.shanten as i64) * 1000 + d.ukeire.count as i64;
        let keep = -keep_value(obs, &counts, d.tile, &dora) as i64;
        if defend {
            (
                safety(obs, d.tile, &seen_all) as i64,
                eff,
                keep,
                -(d.tile.index() as i64),
            )
        } else {
            (eff, keep, 0, -(d.tile.index() as i64))
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
        _ => rows
            .iter()
            .filter(|d| discard_action(legal, d.tile, false).is_some())
            .max_by_key(|d| score(d)),
    };
    let Some(best) = best else {
        return fallback();
    };
    let plain = || {
        learned
            .clone()
            .or_else(|| discard_action(legal, best.tile, false))
    };
    if best.ukeire.shanten == 0 && (!threatened || best.ukeire.count >= RIICHI_MIN_WAITS) {
        let decent = best.ukeire.count >= RIICHI_MIN_WAITS || obs.live_left < LATE_WALL;
        if decent && best.ukeire.count > 0 {
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
    }
    plain().unwrap_or_else(fallback)
}

fn call_or_pass(
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

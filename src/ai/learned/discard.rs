//! The features of a candidate discard ([`DISCARD_FEATURES`]), which the
//! discard part of a [`super::LearnedModel`] weighs by a conditional logit
//! fitted on the discards of strong players (`tenpai learn`).

use super::logit::Choice;
use crate::ai::baseline::danger::safety_v2;
use crate::ai::baseline::{analysis, dora_tiles, is_yakuhai};
use crate::game::{Action, Observation, Pai};
use crate::tile::{Tile, TileCounts};

/// The features of a candidate discard, in the order of the weights. Each is
/// about the hand left after the discard, or the tile thrown; "under threat"
/// means an opponent is in riichi.
pub const DISCARD_FEATURES: [&str; 38] = [
    // Shanten after the discard minus the best shanten reachable.
    "shanten_worse",
    // ln(1 + unseen copies of the tiles that lower the shanten).
    "log_ukeire",
    // ln(1 + the sum, over those tiles, of their copies times the best
    // acceptance after drawing one and the best discard): acceptance two
    // draws ahead (0 unless the discard keeps the best shanten and the hand
    // is not ready).
    "log_ukeire2",
    // ln(1 + unseen copies of the waits) when the hand is ready after it.
    "log_waits",
    // How many dora the tile is (indicators pointing to it).
    "dora",
    // The tile is a red five.
    "red",
    // A single wind that is not a yakuhai for the seat.
    "guest_honor_single",
    // A single yakuhai (dragon, seat or round wind).
    "yakuhai_single",
    // An honor held two or more times.
    "honor_pair",
    // A yakuhai held two or more times.
    "yakuhai_pair",
    // A 1 or 9 held once with no tile of its suit within two.
    "terminal_isolated",
    // A 2 to 8 held once with no tile of its suit within two.
    "simple_isolated",
    // A number tile's distance from 5, over 4 (0 for honors).
    "edge",
    // A number tile held twice.
    "pair_break",
    // A tile held three or four times.
    "set_break",
    // Copies of the tile visible outside the hand (rivers, melds,
    // indicators), over 4.
    "seen",
    // The tile just drawn.
    "drawn",
    // A number tile's share of the concealed tiles in its suit.
    "suit_share",
    // A terminal or honor while the hand holds three or fewer of them.
    "tanyao_reach",
    // Under threat: 1 − the tile's safety / 100 against the riichi players
    // (the second baseline's ranking: genbutsu and tiles passed after the
    // riichi 0, then suji, kabe, one-chance, honors by copies seen).
    "danger",
    // Under threat with a hand one or more steps from ready: the danger.
    "danger_far",
    // Under threat: shanten_worse.
    "shanten_worse_threat",
    // A number tile within two of a dora of its suit (not a dora itself).
    "dora_near",
    // A single honor (yakuhai or not) in the seat's first five discards.
    "early_honor",
    // An honor with two or more copies visible outside the hand.
    "honor_dead",
    // The danger when fewer than 30 tiles are left in the live wall.
    "danger_late",
    // Opponents not in riichi with two or more melds whose river does not
    // hold the tile.
    "open_threat_unsafe",
    // In the seat's first six discards: terminal_isolated, simple_isolated,
    // guest_honor_single, yakuhai_single.
    "early_terminal_isolated",
    "early_simple_isolated",
    "early_guest_honor_single",
    "early_yakuhai_single",
    // The seat's own discards of the tile's suit so far, over 10 (0 for
    // honors).
    "suit_thrown",
    // log_ukeire when the best discard leaves the hand one from ready.
    "log_ukeire_one_from_ready",
    // log_ukeire2 and log_ukeire when the best discard leaves the hand two
    // or more from ready.
    "log_ukeire2_far",
    "log_ukeire_far",
    // simple_isolated by the tile's number: a 2 or 8, a 3 or 7, a 4 to 6.
    "isolated_2_8",
    "isolated_3_7",
    "isolated_4_6",
];

/// The distinct tiles `legal` lets the seat discard (plain or with riichi;
/// a red five apart from a plain one), each with its features, in the order
/// they first appear in `legal`.
///
/// # Panics
/// Never; a hand the tables refuse gives features of zero acceptance.
pub fn discard_candidates(obs: &Observation, legal: &[Action]) -> Vec<(Pai, Vec<f64>)> {
    let mut pais: Vec<Pai> = Vec::new();
    for a in legal {
        if let Action::Discard { pai, .. } | Action::Riichi { pai, .. } = a {
            if !pais.contains(pai) {
                pais.push(*pai);
            }
        }
    }
    if pais.is_empty() {
        return Vec::new();
    }
    let ctx = Context::new(obs);
    pais.into_iter()
        .map(|p| (p, ctx.features(obs, p)))
        .collect()
}

/// The training choices of one decision: the candidates' features and the
/// played tile's place among them; `None` when the played action is not a
/// discard or the decision offers fewer than two tiles.
pub fn discard_choice(obs: &Observation, legal: &[Action], played: &Action) -> Option<Choice> {
    let pai = match played {
        Action::Discard { pai, .. } | Action::Riichi { pai, .. } => *pai,
        _ => return None,
    };
    let cands = discard_candidates(obs, legal);
    let chosen = cands.iter().position(|c| c.0 == pai)?;
    (cands.len() > 1).then(|| Choice {
        alternatives: cands.into_iter().map(|c| c.1).collect(),
        chosen,
    })
}

/// What every candidate of one decision shares.
struct Context {
    counts: TileCounts,
    seen: TileCounts,
    seen_all: TileCounts,
    dora: TileCounts,
    /// Shanten and acceptance after each discard kind, with the two-draw
    /// acceptance: (tile, shanten, count, ukeire2).
    rows: Vec<(Tile, i8, u32, u32)>,
    best: i8,
    threat: bool,
    yaochu: u8,
    /// The seat's discards so far.
    turn: usize,
    /// The seat's discards so far of each suit (man, pin, sou).
    suit_thrown: [u8; 3],
}

impl Context {
    fn new(obs: &Observation) -> Context {
        let (counts, red) = Pai::counts(&obs.hand);
        let seen = obs.visible_counts();
        let seen_all: TileCounts = std::array::from_fn(|i| seen[i].saturating_add(counts[i]));
        let analysed = analysis(obs, counts, red, &seen);
        let best = analysed.iter().map(|d| d.ukeire.shanten).min().unwrap_or(8);
        let rows = analysed
            .iter()
            .map(|d| {
                let s = d.ukeire.shanten;
                let two = if s == best && s >= 1 {
                    ukeire2(obs, &counts, red, &seen, d.tile, &d.ukeire)
                } else {
                    0
                };
                (d.tile, s, d.ukeire.count, two)
            })
            .collect();
        let me = obs.seat.index();
        Context {
            counts,
            seen,
            seen_all,
            dora: dora_tiles(obs),
            rows,
            best,
            threat: (0..4).any(|s| s != me && obs.riichi[s]),
            yaochu: Tile::all()
                .filter(|t| t.is_terminal_or_honor())
                .map(|t| counts[t.index()])
                .sum(),
            turn: obs.rivers[me].len(),
            suit_thrown: suit_thrown(obs),
        }
    }

    fn features(&self, obs: &Observation, p: Pai) -> Vec<f64> {
        let Some(t) = p.tile() else {
            return vec![0.0; DISCARD_FEATURES.len()];
        };
        let i = t.index();
        let held = self.counts[i];
        let (s, count, two) = self
            .rows
            .iter()
            .find(|r| r.0 == t)
            .map_or((self.best + 2, 0, 0), |r| (r.1, r.2, r.3));
        let log_ukeire = (1.0 + f64::from(count)).ln();
        let log_ukeire2 = (1.0 + f64::from(two)).ln();
        let worse = f64::from(s - self.best);
        let flag = |b: bool| f64::from(u8::from(b));
        let yakuhai = is_yakuhai(obs, t);
        let near = |d: i8| -> bool {
            let j = i as i8 + d;
            Tile::new(j as u8).is_some_and(|x| x.suit() == t.suit() && self.counts[x.index()] > 0)
        };
        let isolated = !t.is_honor() && held == 1 && ![-2, -1, 1, 2].iter().any(|&d| near(d));
        let suit_share = if t.is_honor() {
            0.0
        } else {
            let start = i - (t.number() as usize - 1);
            let in_suit: u8 = self.counts[start..start + 9].iter().sum();
            let all: u8 = self.counts.iter().sum();
            f64::from(in_suit) / f64::from(all.max(1))
        };
        let danger = if self.threat {
            1.0 - f64::from(safety_v2(obs, t, &self.seen_all)) / 100.0
        } else {
            0.0
        };
        let guest_single = t.is_honor() && !yakuhai && held == 1;
        let yakuhai_single = yakuhai && held == 1;
        let early = self.turn < 6;
        let far = self.best >= 2;
        let isolated_at =
            |numbers: &[u8]| flag(t.is_simple() && isolated && numbers.contains(&t.number()));
        vec![
            worse,
            log_ukeire,
            log_ukeire2,
            if s == 0 { log_ukeire } else { 0.0 },
            f64::from(self.dora[i]),
            flag(p.is_red()),
            flag(guest_single),
            flag(yakuhai_single),
            flag(t.is_honor() && held >= 2),
            flag(yakuhai && held >= 2),
            flag(t.is_terminal() && isolated),
            flag(t.is_simple() && isolated),
            if t.is_honor() {
                0.0
            } else {
                f64::from((t.number() as i8 - 5).unsigned_abs()) / 4.0
            },
            flag(!t.is_honor() && held == 2),
            flag(held >= 3),
            f64::from(self.seen[i]) / 4.0,
            flag(obs.drawn == Some(p)),
            suit_share,
            flag(t.is_terminal_or_honor() && self.yaochu <= 3),
            danger,
            if self.best >= 1 { danger } else { 0.0 },
            if self.threat { worse } else { 0.0 },
            flag(
                !t.is_honor()
                    && self.dora[i] == 0
                    && [-2, -1, 1, 2].iter().any(|&d| {
                        Tile::new((i as i8 + d) as u8)
                            .is_some_and(|x| x.suit() == t.suit() && self.dora[x.index()] > 0)
                    }),
            ),
            flag(t.is_honor() && held == 1 && self.turn < 5),
            flag(t.is_honor() && self.seen[i] >= 2),
            if obs.live_left < 30 { danger } else { 0.0 },
            f64::from(self.open_threat_unsafe(obs, t)),
            flag(early && t.is_terminal() && isolated),
            flag(early && t.is_simple() && isolated),
            flag(early && guest_single),
            flag(early && yakuhai_single),
            if t.is_honor() {
                0.0
            } else {
                f64::from(self.suit_thrown[t.suit() as usize]) / 10.0
            },
            if self.best == 1 { log_ukeire } else { 0.0 },
            if far { log_ukeire2 } else { 0.0 },
            if far { log_ukeire } else { 0.0 },
            isolated_at(&[2, 8]),
            isolated_at(&[3, 7]),
            isolated_at(&[4, 5, 6]),
        ]
    }

    /// Opponents not in riichi with two or more melds whose river does not
    /// hold `t` (an open hand near ready that `t` may deal into).
    fn open_threat_unsafe(&self, obs: &Observation, t: Tile) -> u8 {
        let me = obs.seat.index();
        (0..4)
            .filter(|&o| o != me && !obs.riichi[o] && obs.melds[o].len() >= 2)
            .filter(|&o| !obs.rivers[o].iter().any(|r| r.pai.tile() == Some(t)))
            .count() as u8
    }
}

/// The seat's discards so far of each suit (man, pin, sou).
fn suit_thrown(obs: &Observation) -> [u8; 3] {
    let mut n = [0u8; 3];
    for r in &obs.rivers[obs.seat.index()] {
        if let Some(t) = r.pai.tile().filter(|t| !t.is_honor()) {
            n[t.suit() as usize] = n[t.suit() as usize].saturating_add(1);
        }
    }
    n
}

/// Acceptance two draws ahead of the hand left by discarding `thrown`:
/// over the tiles it accepts, their unseen copies times the best
/// acceptance after drawing one and making the best discard.
fn ukeire2(
    obs: &Observation,
    counts: &TileCounts,
    red: [u8; 3],
    seen: &TileCounts,
    thrown: Tile,
    accepted: &crate::Ukeire,
) -> u32 {
    let mut rest = *counts;
    rest[thrown.index()] -= 1;
    let mut sum = 0u32;
    for (u, left) in accepted.iter() {
        if left == 0 || rest[u.index()] >= 4 {
            continue;
        }
        let mut next = rest;
        next[u.index()] += 1;
        let mut seen2 = *seen;
        seen2[thrown.index()] = seen2[thrown.index()].saturating_add(1);
        let rows = analysis(obs, next, red, &seen2);
        sum += u32::from(left) * rows.first().map_or(0, |d| d.ukeire.count);
    }
    sum
}

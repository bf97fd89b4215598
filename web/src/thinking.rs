//! The thinking panel: for a decision of one seat, the hand's shanten, each
//! discard's tile acceptance (waits without a yaku named apart and not
//! counted, as `tenpai play` marks them), and the Monte Carlo search's
//! candidates with their expected final rank (± 95 %), win and deal-in
//! rates, sent again as the search goes on; the recommended choice is what
//! the `a` key plays. Everything comes from the seat's own view.

use serde::Serialize;
use tenpai::ai::mc::{action_label, hand_text, same_play, SearchReport};
use tenpai::game::{Action, Observation, Pai, SeatIndex};
use tenpai::rules::Rules;
use tenpai::score::{mark_yakuless_discards, mark_yakuless_waits};
use tenpai::{Hand, Tables, TileSet, Ukeire};

/// What the panel shows of one decision.
#[derive(Clone, Debug, Serialize)]
pub struct Thinking {
    /// Whose decision.
    pub seat: SeatIndex,
    /// The decision (as in the table view).
    pub decision: u64,
    /// Shanten of the hand (-1 complete, 0 ready).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shanten: Option<i8>,
    /// On a turn: each discard's acceptance, best first.
    pub discards: Vec<DiscardView>,
    /// Between turns: the hand's waits or acceptance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waits: Option<Acceptance>,
    /// The Monte Carlo search, when the advisor searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchView>,
    /// The choice recommended (what `a` plays), once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recommended: Option<usize>,
    /// Who recommends: `mc` (the Monte Carlo AI), `baseline` (the
    /// person's baseline advisor) or `players` (a watched AI player that
    /// does not search: its own move is the recommendation).
    pub by: &'static str,
}

/// Tile acceptance: the tiles that lower the shanten (the waits when
/// ready) and how many are left unseen.
#[derive(Clone, Debug, Serialize)]
pub struct Acceptance {
    /// Shanten after the discard (or of the hand).
    pub shanten: i8,
    /// Tiles accepted, yakuless waits left out.
    pub tiles: Vec<Pai>,
    /// Copies of them left unseen.
    pub count: u32,
    /// Waits that complete the hand without a yaku (not counted).
    pub no_yaku: Vec<Pai>,
}

/// One discard and the acceptance it leaves.
#[derive(Clone, Debug, Serialize)]
pub struct DiscardView {
    /// The tile.
    pub pai: Pai,
    /// What the hand accepts after it.
    #[serde(flatten)]
    pub acceptance: Acceptance,
}

/// A search, so far or done.
#[derive(Clone, Debug, Serialize)]
pub struct SearchView {
    /// Rollouts played.
    pub samples: u32,
    /// Milliseconds thought.
    pub elapsed_ms: u64,
    /// The search is over.
    pub done: bool,
    /// The decision needed no search (one action, or a win taken).
    pub trivial: bool,
    /// The candidates, best expected final rank first.
    pub candidates: Vec<CandidateView>,
}

/// One candidate of the search.
#[derive(Clone, Debug, Serialize)]
pub struct CandidateView {
    /// Its position in the seat's choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<usize>,
    /// `discard 5m`, `riichi 3p`, `pon 55p`, `pass`…
    pub label: String,
    /// The tile it discards (discard, riichi), for bars on the hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pai: Option<Pai>,
    /// Expected final rank, 1–4 (null before any rollout).
    pub rank: Option<f64>,
    /// Half-width of its 95 % interval (null below two rollouts).
    pub ci95: Option<f64>,
    /// Mean point change of the round.
    pub points: Option<f64>,
    /// Win rate, 0–1.
    pub win: Option<f64>,
    /// Deal-in rate, 0–1.
    pub deal_in: Option<f64>,
    /// Rollouts played with it.
    pub samples: u32,
}

fn tiles(set: TileSet) -> Vec<Pai> {
    set.iter().map(|t| Pai::new(t, false)).collect()
}

fn acceptance(u: &Ukeire) -> Acceptance {
    Acceptance {
        shanten: u.shanten,
        tiles: tiles(TileSet::from_bits(u.tiles.bits() & !u.no_yaku.bits())),
        count: u.count,
        no_yaku: tiles(u.no_yaku),
    }
}

/// The seat's hand with its melds, from its view.
fn hand(obs: &Observation) -> Option<Hand> {
    hand_text(obs).parse().ok()
}

/// The panel's tile part for `obs` (no search yet).
pub fn panel(obs: &Observation, decision: u64, rules: &Rules, by: &'static str) -> Thinking {
    let mut t = Thinking {
        seat: obs.seat,
        decision,
        shanten: None,
        discards: Vec::new(),
        waits: None,
        search: None,
        recommended: None,
        by,
    };
    let Some(h) = hand(obs) else { return t };
    let tables = Tables::embedded();
    let seen = obs.visible_counts();
    let context = obs.win_context();
    t.shanten = tables.shanten_with_melds(&h).ok().map(|s| s.min());
    if h.len() % 3 == 2 {
        if let Ok(mut d) = tables.analyze_with_melds(&h, Some(&seen)) {
            mark_yakuless_discards(&h, &mut d, &context, rules);
            t.discards = d
                .iter()
                .map(|d| DiscardView {
                    pai: Pai::new(d.tile, d.red),
                    acceptance: acceptance(&d.ukeire),
                })
                .collect();
        }
    } else if let Ok(mut u) = tables.ukeire_with_melds(&h, Some(&seen)) {
        mark_yakuless_waits(&h, &mut u, &context, rules);
        t.waits = Some(acceptance(&u));
    }
    t
}

/// A finite number, or nothing.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some((x * 10_000.0).round() / 10_000.0)
}

/// The position of `a` among `legal` (a discard of the same tile counts,
/// drawn or not).
pub fn choice_of(a: &Action, legal: &[Action]) -> Option<usize> {
    legal
        .iter()
        .position(|b| b == a)
        .or_else(|| legal.iter().position(|b| same_play(a, b)))
}

/// The search `report` (so far, or `done`) in the panel's shape, its
/// candidates best expected rank first.
pub fn search_view(report: &SearchReport, legal: &[Action], done: bool) -> SearchView {
    let mut candidates: Vec<CandidateView> = report
        .candidates
        .iter()
        .map(|c| CandidateView {
            choice: choice_of(&c.action, legal),
            label: action_label(&c.action),
            pai: match c.action {
                Action::Discard { pai, .. } | Action::Riichi { pai, .. } => Some(pai),
                _ => None,
            },
            rank: finite(c.rank),
            ci95: finite(c.ci95),
            points: finite(c.points),
            win: finite(c.win),
            deal_in: finite(c.deal_in),
            samples: c.samples,
        })
        .collect();
    candidates.sort_by(|a, b| {
        let r = |c: &CandidateView| c.rank.unwrap_or(f64::INFINITY);
        r(a).total_cmp(&r(b))
    });
    SearchView {
        samples: report.samples,
        elapsed_ms: report.elapsed.as_millis() as u64,
        done,
        trivial: report.trivial,
        candidates,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenpai::game::Game;

    #[test]
    fn panel_ok_a_turn_lists_every_discard_best_first() {
        let rules = Rules::tenhou();
        let g = Game::new(&rules, 5, false).unwrap();
        let obs = Observation::of(g.state(), tenpai::game::SeatIndex::ALL[0]);
        let p = panel(&obs, 1, &rules, "baseline");
        assert_eq!(
            p.shanten,
            Some(p.discards[0].acceptance.shanten.min(p.shanten.unwrap()))
        );
        let kinds: std::collections::BTreeSet<_> =
            obs.hand.iter().map(|x| x.tile().unwrap()).collect();
        assert_eq!(
            p.discards.len(),
            kinds.len() + usize::from(obs.hand.iter().any(|x| x.is_red())) - usize::from(false)
        );
        let w = |d: &DiscardView| (d.acceptance.shanten, std::cmp::Reverse(d.acceptance.count));
        assert!(p.discards.windows(2).all(|x| w(&x[0]) <= w(&x[1])));
    }

    #[test]
    fn panel_ok_waits_without_yaku_are_named_and_not_counted() {
        let mut s = tenpai::game::State::new(Rules::tenhou());
        let deal = |t: &str| {
            t.split(' ')
                .map(|x| x.parse().unwrap())
                .collect::<Vec<Pai>>()
        };
        use tenpai::game::Event;
        s.apply(&Event::start_game(vec![], None, Default::default()))
            .unwrap();
        s.apply(&Event::StartKyoku {
            round_wind: "E".parse().unwrap(),
            kyoku: 2,
            honba: 0,
            kyoutaku: 0,
            dealer: 1,
            dora_marker: "9s".parse().unwrap(),
            scores: [25000; 4],
            tehais: [
                deal("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p 4s 5s"),
                deal("1p 1p 1p 2p 3p 3p 3p 4p 4p 4p 5p 6p 7p"),
                deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 5s 6s"),
                deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m"),
            ],
        })
        .unwrap();
        let obs = Observation::of(&s, tenpai::game::SeatIndex::ALL[0]);
        let p = panel(&obs, 1, &Rules::tenhou(), "baseline");
        let w = p.waits.unwrap();
        assert_eq!((p.shanten, w.shanten), (Some(0), 0));
        // 3s and 6s complete the hand, but an open-less hand without riichi
        // has pinfu only on a two-sided wait: both are yaku.
        assert_eq!(w.tiles, vec!["3s".parse().unwrap(), "6s".parse().unwrap()]);
        assert!(w.no_yaku.is_empty());
    }
}

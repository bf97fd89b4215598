//! The hint panel: shanten, the best discards with their tile acceptance
//! (ukeire) and waits, what the baseline AI would do, and the Monte Carlo
//! ranking of the person's choices — from the person's own view only (their
//! hand and the tiles everybody can see).

use super::command::Menu;
use super::tiles::TileMode;
use super::view::hand_of;
use crate::cmd::shanten_words;
use tenpai::ai::mc::{McPlayer, SearchReport, Settings};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{Action, Observation, Player};
use tenpai::rules::Rules;
use tenpai::{Tables, TileCounts, Ukeire, KINDS};

/// Tiles seen outside the person's hand and melds: rivers (called tiles once,
/// in their meld), the other seats' melds, dora indicators.
fn seen(obs: &Observation) -> TileCounts {
    let mut v = [0u8; KINDS];
    let rivers = obs
        .rivers
        .iter()
        .flatten()
        .filter(|r| !r.called)
        .map(|r| r.pai);
    let melds = (0..4)
        .filter(|&s| s != obs.seat as usize)
        .flat_map(|s| obs.melds[s].iter().flat_map(|m| m.tiles.iter().copied()));
    for p in rivers
        .chain(melds)
        .chain(obs.dora_indicators.iter().copied())
    {
        if let Some(t) = p.tile() {
            v[t.index()] = v[t.index()].saturating_add(1);
        }
    }
    v
}

/// `tenpai, waits 36p (5 left)`, `1-shanten, accepts 147m (9 left)`, or
/// `3-shanten, 60 tiles of 20 kinds` when the kinds are many.
fn acceptance(u: &Ukeire, mode: TileMode) -> String {
    let what = if u.shanten == 0 { "waits" } else { "accepts" };
    let tiles = if u.tiles.len() > 8 {
        format!("{} tiles of {} kinds", u.count, u.tiles.len())
    } else {
        format!("{} ({} left)", mode.set(u.tiles), u.count)
    };
    format!("{:<10} {what} {tiles}", shanten_words(u.shanten))
}

/// What the AI would do in the person's place.
pub fn ai_choice(rules: &Rules, obs: &Observation, legal: &[Action]) -> Action {
    BaselinePlayer::new(rules).act(obs, legal)
}

/// Candidates shown in the Monte Carlo ranking.
const MC_SHOWN: usize = 4;

/// The Monte Carlo search of the hint panel: the person's choices ranked by
/// the same search as the `mc` AI, on its own seed and budget.
#[derive(Debug)]
pub struct McHint {
    player: McPlayer,
}

impl McHint {
    /// A search for the hints with `settings` (budget, threads) per decision,
    /// seeded `seed`.
    pub fn new(rules: &Rules, settings: Settings, seed: u64) -> McHint {
        McHint {
            player: McPlayer::with_settings(rules, settings, seed),
        }
    }

    /// The ranking of `legal` in `obs`, or `None` when there is nothing to
    /// choose.
    pub fn think(&mut self, obs: &Observation, legal: &[Action]) -> Option<SearchReport> {
        (legal.len() > 1).then(|| self.player.think(obs, legal))
    }
}

/// The ranking as hint lines: `Monte Carlo, 500 rollouts (final rank ± 95%,
/// round points):`, then the best candidates, `  discard 2z  2.31 ± 0.05
/// +5537  win 73%  deal-in 8%`, then `MC: discard 4z` (the search's choice);
/// for a decision that needs no search (one choice, a win outside the last
/// round) the one line `Monte Carlo: tsumo (no search needed)`.
pub fn mc_lines(report: &SearchReport, menu: &Menu, mode: TileMode) -> Vec<String> {
    let label = |a: &Action| menu.label(a, mode);
    if report.trivial {
        return vec![format!(
            "Monte Carlo: {} (no search needed)",
            label(&report.chosen)
        )];
    }
    let mut out = vec![format!(
        "Monte Carlo, {} rollouts (final rank ± 95%, round points):",
        report.samples,
    )];
    let shown: Vec<_> = report.candidates.iter().take(MC_SHOWN).collect();
    let width = shown
        .iter()
        .map(|c| label(&c.action).len())
        .max()
        .unwrap_or(0);
    for c in shown {
        // One rollout gives no interval.
        let ci = if c.ci95.is_finite() {
            format!("{:.2}", c.ci95)
        } else {
            "-".to_string()
        };
        out.push(format!(
            "  {:<width$}  {:.2} ± {ci}  {:+.0}  win {:.0}%  deal-in {:.0}%",
            label(&c.action),
            c.rank,
            c.points,
            100.0 * c.win,
            100.0 * c.deal_in,
        ));
    }
    if report.candidates.len() > MC_SHOWN {
        out.push(format!("  ({} more)", report.candidates.len() - MC_SHOWN));
    }
    out.push(format!("MC: {}", label(&report.chosen)));
    out
}

/// The hint lines for the view `obs` with the choices `legal`; with `mc`,
/// the Monte Carlo ranking after them.
pub fn lines(
    rules: &Rules,
    obs: &Observation,
    legal: &[Action],
    menu: &Menu,
    mode: TileMode,
    mc: Option<&mut McHint>,
) -> Vec<String> {
    let mut out = Vec::new();
    let t = Tables::embedded();
    let seen = seen(obs);
    let Some(hand) = hand_of(&obs.hand, &obs.melds[obs.seat as usize]) else {
        return out;
    };
    let size: u8 = hand.concealed().iter().sum();
    if size % 3 == 2 {
        if let Ok(s) = t.shanten_with_melds(&hand) {
            out.push(format!("Hand: {}", shanten_words(s.min())));
        }
        if let Ok(discards) = t.analyze_with_melds(&hand, Some(&seen)) {
            out.push("Best discards:".into());
            for d in discards.iter().take(4) {
                out.push(format!(
                    "  {}  {}",
                    mode.pai(d.tile.into()),
                    acceptance(&d.ukeire, mode)
                ));
            }
        }
    } else if let Ok(u) = t.ukeire_with_melds(&hand, Some(&seen)) {
        out.push(format!("Hand: {}", acceptance(&u, mode)));
    }
    let ai = ai_choice(rules, obs, legal);
    out.push(format!("AI: {}", menu.label(&ai, mode)));
    if let Some(report) = mc.and_then(|m| m.think(obs, legal)) {
        out.extend(mc_lines(&report, menu, mode));
    }
    out
}

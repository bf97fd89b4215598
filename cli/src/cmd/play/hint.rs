//! The hint panel and the `a` key: one advisor ([`crate::cmd::advice`]: the
//! Monte Carlo search or the baseline AI) recommends one action, which is
//! what `a` plays; the panel shows that recommendation first, then the
//! hand's shanten, the best discards the rules allow now with their tile
//! acceptance (ukeire) or waits, and the Monte Carlo ranking of the
//! person's choices, best rank first — all from the person's own view
//! ([`SeatView::hand_hints`]: their hand and the tiles everybody can see).
//!
//! Hint lines separate their columns by two spaces; a front end that wraps
//! lines breaks them only there (see [`unbreakable`]).

use super::menu::Menu;
use crate::cmd::advice::Advice;
use crate::cmd::shanten_words;
use crate::render::TileMode;
use tenpai::ai::mc::SearchReport;
use tenpai::game::{Action, Pai};
use tenpai::rules::Rules;
use tenpai::view::SeatView;
use tenpai::{TileSet, Ukeire};

/// `tenpai  waits 36p (5 left)`, `1-shanten  accepts 147m (9 left)`, or
/// `3-shanten  60 tiles of 20 kinds` when the kinds are many; waits without
/// a yaku follow as `no yaku 36p` and are not counted.
fn acceptance(u: &Ukeire, mode: TileMode) -> String {
    let what = if u.shanten == 0 { "waits" } else { "accepts" };
    let counted = TileSet::from_bits(u.tiles.bits() & !u.no_yaku.bits());
    let tiles = if counted.is_empty() {
        "nothing that wins".to_string()
    } else if counted.len() > 8 {
        let n = u.count as usize;
        format!(
            "{n} tile{} of {} kinds",
            crate::cmd::plural(n),
            counted.len()
        )
    } else {
        format!("{} ({} left)", mode.set(counted), u.count)
    };
    let no_yaku = if u.no_yaku.is_empty() {
        String::new()
    } else {
        format!("  no yaku {}", mode.set(u.no_yaku))
    };
    format!("{}  {what} {tiles}{no_yaku}", shanten_words(u.shanten))
}

/// Candidates shown in the Monte Carlo ranking.
const MC_SHOWN: usize = 3;

/// Discards shown in the best discards.
const DISCARDS_SHOWN: usize = 3;

/// A short name of an action for the ranking: `discard 0m`, `riichi 3p`,
/// `chi 46p`, `pon 55p`, `kan 5m`, `tsumo`, `ron`, `pass`, `nine terminals`.
fn short_label(a: &Action, menu: &Menu, mode: TileMode) -> String {
    let pair = |c: &[Pai; 2]| format!("{}{}", mode.pai(c[0]), mode.pai(c[1]));
    let called = menu.called.map(|(_, p)| mode.pai(p)).unwrap_or_default();
    match a {
        Action::Discard { pai, .. } => format!("discard {}", mode.pai(*pai)),
        Action::Riichi { pai, .. } => format!("riichi {}", mode.pai(*pai)),
        Action::Chi { consumed } => format!("chi {}", pair(consumed)),
        Action::Pon { consumed } => format!("pon {}", pair(consumed)),
        Action::Daiminkan => format!("kan {called}"),
        Action::Ankan { tile } => format!("kan {}", mode.pai(Pai::from(*tile))),
        Action::Kakan { pai } => format!("kan {}", mode.pai(*pai)),
        Action::Tsumo => "tsumo".into(),
        Action::Ron => "ron".into(),
        Action::Pass => "pass".into(),
        Action::NineTerminals => "nine terminals".into(),
    }
}

/// Points with thousands separators and a sign: `+2,434`, `-800`, `0`.
fn signed(x: f64) -> String {
    crate::render::signed(x.round() as i32)
}

/// The ranking as hint lines, best expected final rank first (the measure
/// shown): a title, a header, up to [`MC_SHOWN`] candidates (the
/// recommendation marked `>`, always shown), `(n more)`.
fn ranking(report: &SearchReport, chosen: &Action, menu: &Menu, mode: TileMode) -> Vec<String> {
    let mut sorted = report.candidates.clone();
    crate::cmd::sort_by_rank(&mut sorted);
    let mut shown: Vec<_> = sorted.iter().take(MC_SHOWN).collect();
    if !shown.iter().any(|c| c.action == *chosen) {
        if let Some(c) = sorted.iter().find(|c| c.action == *chosen) {
            shown.push(c);
        }
    }
    let labels: Vec<String> = shown
        .iter()
        .map(|c| short_label(&c.action, menu, mode))
        .collect();
    let w = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let mut out = vec![
        format!(
            "Monte Carlo, {} rollout{}, best rank first:",
            crate::render::points(report.samples),
            crate::cmd::plural(report.samples as usize)
        ),
        format!("  {:<w$}  rank±95%   points  win  deal-in", "choice"),
    ];
    for (c, label) in shown.iter().zip(&labels) {
        let ci = if c.ci95.is_finite() {
            format!("{:.2}", c.ci95).trim_start_matches('0').to_string()
        } else {
            "-".to_string()
        };
        out.push(format!(
            "{} {label:<w$}  {:.2}±{ci:<3}  {:>7}  {:>3.0}%  {:>6.0}%",
            if c.action == *chosen { ">" } else { " " },
            c.rank,
            signed(c.points),
            100.0 * c.win,
            100.0 * c.deal_in,
        ));
    }
    let more = report.candidates.len().saturating_sub(shown.len());
    if more > 0 {
        out.push(format!("  ({more} more)"));
    }
    out
}

/// The recommendation: `Recommended (a): discard 8m`, with who made it,
/// and for a search that kept its prior (the baseline's choice) while
/// another candidate shows a better rank, one line saying so.
fn recommendation(advice: &Advice, menu: &Menu, mode: TileMode) -> Vec<String> {
    let label = menu.label(&advice.chosen, mode);
    let Some(report) = &advice.report else {
        return vec![format!("Recommended (a): {label}")];
    };
    if report.trivial {
        return vec![format!("Recommended (a): {label} (no search needed)")];
    }
    let mut out = vec![format!("Recommended (a): {label} (Monte Carlo)")];
    let best = report
        .candidates
        .iter()
        .filter(|c| !c.rank.is_nan())
        .min_by(|a, b| a.rank.total_cmp(&b.rank));
    let kept = report.prior.as_ref() == Some(&report.chosen);
    if kept && best.is_some_and(|b| b.action != report.chosen) {
        out.push(
            "Kept the search's starting choice (its baseline's): none ranks clearly better.".into(),
        );
    }
    out
}

/// The hint lines for `view` (its choices are those of `menu`) and the
/// advisor's `advice`: the recommendation, the hand, the best discards the
/// rules allow now, and the Monte Carlo ranking when the advisor searched.
pub fn lines(
    rules: &Rules,
    view: &SeatView,
    menu: &Menu,
    mode: TileMode,
    advice: &Advice,
) -> Vec<String> {
    let mut out = recommendation(advice, menu, mode);
    if let Some(h) = view.hand_hints(rules) {
        match &h.waits {
            None => {
                out.push(format!(
                    "Hand: {}; best discards:",
                    shanten_words(h.shanten)
                ));
                for d in h.discards.iter().take(DISCARDS_SHOWN) {
                    out.push(format!(
                        "  {}  {}",
                        mode.pai(Pai::new(d.tile, d.red)),
                        acceptance(&d.ukeire, mode)
                    ));
                }
            }
            Some(u) => out.push(format!("Hand: {}", acceptance(u, mode))),
        }
    }
    if let Some(report) = advice.report.as_ref().filter(|r| !r.trivial) {
        out.extend(ranking(report, &advice.chosen, menu, mode));
    }
    out
}

/// `line` with the spaces inside its columns made non-breaking, so that a
/// wrapping view breaks it only between columns (two spaces or more), never
/// inside `deal-in 8%` or `discard 5m`.
pub fn unbreakable(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let chars: Vec<char> = line.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let gap =
            c == ' ' && (chars.get(i + 1) == Some(&' ') || i > 0 && chars[i - 1] == ' ' || i == 0);
        out.push(if c == ' ' && !gap { '\u{a0}' } else { c });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::advice::Advisor;
    use crate::cmd::play::fixtures::{after_chi, turn};
    use tenpai::ai::mc::Candidate;
    use tenpai::score::{mark_yakuless_waits, WinContext};
    use tenpai::Tables;

    /// The hint lines of `menu`'s view with `advice`, in text.
    fn lines_of(menu: &Menu, advice: &Advice) -> Vec<String> {
        lines(&Rules::tenhou(), menu.view(), menu, TileMode::Text, advice)
    }

    fn candidate(action: Action, rank: f64) -> Candidate {
        Candidate {
            action,
            samples: 100,
            rank,
            ci95: 0.12,
            points: 1234.0,
            win: 0.3,
            deal_in: 0.08,
            tenpai: 0.5,
            vs_reference: None,
        }
    }

    fn discard(s: &str) -> Action {
        Action::Discard {
            pai: s.parse().unwrap(),
            tsumogiri: false,
        }
    }

    /// A search that kept its prior, 2p, while 6s shows a better rank.
    fn kept_prior() -> Advice {
        let report = SearchReport {
            candidates: vec![
                candidate(discard("2p"), 2.14),
                candidate(discard("6s"), 2.08),
                candidate(discard("1m"), 2.30),
                candidate(discard("9m"), 2.50),
                candidate(discard("5mr"), 2.20),
                candidate(discard("1p"), 2.60),
            ],
            chosen: discard("2p"),
            samples: 1000,
            elapsed: std::time::Duration::ZERO,
            placement: false,
            trivial: false,
            prior: Some(discard("2p")),
            reference: None,
        };
        Advice {
            chosen: discard("2p"),
            report: Some(report),
        }
    }

    #[test]
    fn hint_ok_one_recommendation_and_a_ranking_sorted_by_rank() {
        let menu = turn();
        let l = lines_of(&menu, &kept_prior());
        assert_eq!(
            l[..2],
            [
                "Recommended (a): discard 2p (Monte Carlo)",
                "Kept the search's starting choice (its baseline's): none ranks clearly better.",
            ]
        );
        let i = l.iter().position(|x| x.starts_with("Monte Carlo")).unwrap();
        assert_eq!(
            l[i..],
            [
                "Monte Carlo, 1,000 rollouts, best rank first:",
                "  choice      rank±95%   points  win  deal-in",
                "  discard 6s  2.08±.12   +1,234   30%       8%",
                "> discard 2p  2.14±.12   +1,234   30%       8%",
                "  discard 0m  2.20±.12   +1,234   30%       8%",
                "  (3 more)",
            ]
        );
        assert_eq!(l.iter().filter(|x| x.contains("Recommended")).count(), 1);
    }

    #[test]
    fn hint_ok_the_recommendation_is_shown_even_when_ranked_low() {
        let mut advice = kept_prior();
        advice.chosen = discard("1p");
        if let Some(r) = advice.report.as_mut() {
            r.chosen = discard("1p");
            r.prior = Some(discard("1p"));
        }
        let l = ranking(
            advice.report.as_ref().unwrap(),
            &advice.chosen,
            &turn(),
            TileMode::Text,
        );
        assert_eq!(l.len(), 2 + 4 + 1, "{l:?}");
        assert!(l[5].starts_with("> discard 1p  2.60"), "{l:?}");
        assert_eq!(l[6], "  (2 more)");
    }

    #[test]
    fn hint_ok_baseline_advice_has_no_ranking() {
        let menu = turn();
        let obs = crate::cmd::play::fixtures::turn_obs();
        let advice = Advisor::Baseline.advise(&Rules::tenhou(), &obs, menu.legal());
        let l = lines_of(&menu, &advice);
        assert_eq!(l[0], "Recommended (a): tsumo: win on your draw");
        assert!(!l.iter().any(|x| x.starts_with("Monte Carlo")), "{l:?}");
    }

    #[test]
    fn hint_ok_a_decision_without_search_says_so_and_shows_no_ranking() {
        let report = SearchReport {
            candidates: vec![candidate(Action::Tsumo, f64::NAN)],
            chosen: Action::Tsumo,
            samples: 0,
            elapsed: std::time::Duration::ZERO,
            placement: false,
            trivial: true,
            prior: None,
            reference: None,
        };
        let advice = Advice {
            chosen: Action::Tsumo,
            report: Some(report),
        };
        let menu = turn();
        let l = lines_of(&menu, &advice);
        assert_eq!(
            l[0],
            "Recommended (a): tsumo: win on your draw (no search needed)"
        );
        assert!(
            !l.iter()
                .any(|x| x.contains("Monte Carlo") || x.contains("rollout")),
            "{l:?}"
        );
    }

    #[test]
    fn hint_ok_best_discards_leave_out_what_swap_calling_forbids() {
        // Right after a chi of 3p with 45p: 3p and 6p may not go.
        let menu = after_chi();
        let advice = Advice {
            chosen: discard("7z"),
            report: None,
        };
        let l = lines_of(&menu, &advice);
        let shown: Vec<&str> = l
            .iter()
            .filter_map(|x| x.strip_prefix("  ")?.split("  ").next())
            .collect();
        assert_eq!(shown, ["7z", "1s", "1m"], "{l:?}");
        // The whole list the lines are taken from: every kind but 3p and 6p.
        let mut all: Vec<String> = menu
            .view()
            .hand_hints(&Rules::tenhou())
            .unwrap()
            .discards
            .iter()
            .map(|d| d.tile.to_string())
            .collect();
        all.sort();
        assert_eq!(all, ["1m", "1s", "2m", "2s", "3m", "3s", "7z", "9p"]);
    }

    #[test]
    fn unbreakable_ok_keeps_columns_whole() {
        assert_eq!(
            unbreakable("> discard 2p  2.14  win 30%"),
            ">\u{a0}discard\u{a0}2p  2.14  win\u{a0}30%"
        );
        assert_eq!(unbreakable("  a b"), "  a\u{a0}b");
    }

    #[test]
    fn acceptance_ok_waits_without_yaku_are_named_and_not_counted() {
        let h: tenpai::Hand = "33p11z [345p] [456s] [789m]".parse().unwrap();
        let mut u = Tables::embedded().ukeire_with_melds(&h, None).unwrap();
        mark_yakuless_waits(&h, &mut u, &WinContext::default(), &Rules::tenhou());
        assert_eq!(
            acceptance(&u, TileMode::Text),
            "tenpai  waits 1z (2 left)  no yaku 3p"
        );
        let h: tenpai::Hand = "45p11z [123p] [456s] [789m]".parse().unwrap();
        let mut u = Tables::embedded().ukeire_with_melds(&h, None).unwrap();
        mark_yakuless_waits(&h, &mut u, &WinContext::default(), &Rules::tenhou());
        assert_eq!(
            acceptance(&u, TileMode::Text),
            "tenpai  waits nothing that wins  no yaku 36p"
        );
    }

    #[test]
    fn acceptance_ok_one_tile_left_of_many_kinds_is_singular() {
        let h: tenpai::Hand = "147m258p369s1234z".parse().unwrap();
        let t = Tables::embedded();
        let all = t.ukeire_with_melds(&h, None).unwrap();
        assert!(all.tiles.len() > 8);
        // Every copy outside the hand seen but one of the first useful kind.
        let mut seen: tenpai::TileCounts = std::array::from_fn(|k| 4 - h.concealed()[k]);
        seen[all.tiles.iter().next().unwrap().index()] -= 1;
        let u = t.ukeire_with_melds(&h, Some(&seen)).unwrap();
        assert_eq!(
            acceptance(&u, TileMode::Text),
            format!(
                "{}  accepts 1 tile of {} kinds",
                shanten_words(u.shanten),
                all.tiles.len()
            )
        );
    }
}

//! The review as one self-contained web page, built with `maud`: inline CSS,
//! SVG tiles and chart, no script and nothing loaded from elsewhere. The
//! markup is also well-formed XML (every element closed, attributes with
//! values), so that the tests can parse it.

use super::svg::{self, Lie};
use super::text::{
    extent_text, loss_text, name, ordinal, played_text, plural, scores_title, seat_title,
    tally_text, turn_text,
};
use super::Reviewed;
use crate::render::table::hand_order;
use crate::render::{score, signed};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use tenpai::ai::mc::{action_label, same_play, Candidate};
use tenpai::log::LoggedResult;
use tenpai::review::ReviewedDecision;
use tenpai::view::{MeldEntry, RiverEntry, SeatView};

/// The page's style sheet.
const CSS: &str = r#"
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1000px; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; margin-bottom: .2em; }
h2 { font-size: 1.2em; margin: 1.4em 0 .3em; border-bottom: 1px solid #ddd; }
p.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; }
td, th { padding: 2px 8px; text-align: left; }
th { font-weight: 600; color: #444; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
table.figures td:first-child { color: #555; }
.chart { width: 100%; height: auto; }
details.decision { border: 1px solid #e3e3e3; border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
details.decision.mistake { border-color: #d62728; background: #fff7f7; }
details.decision > summary { cursor: pointer; }
.flag { color: #fff; background: #d62728; border-radius: 3px; padding: 0 5px; font-size: .85em; }
.board { display: grid; grid-template-columns: 11em 1fr; gap: 2px 10px; margin: 8px 0; align-items: center; }
.board .who { color: #555; font-size: .9em; }
.board .me { font-weight: 600; color: #222; }
.board .hand { grid-column: 1 / 3; margin-top: 4px; }
svg.tiles { vertical-align: middle; margin-right: 6px; }
table.cands td, table.cands th { border-bottom: 1px solid #eee; }
table.cands tr.played td { background: #fff3c4; }
table.cands tr.best td:first-child { font-weight: 600; color: #0087af; }
.rate { display: inline-block; height: 8px; vertical-align: middle; margin-left: 4px; }
.rate.win { background: #2ca02c; }
.rate.deal { background: #d62728; }
.rate.ready { background: #0087af; }
ol.largest li { margin: 2px 0; }
"#;

/// The page.
pub fn page(r: &Reviewed<'_>) -> String {
    let rev = r.review;
    let title = format!("tenpai review of {}", seat_title(r));
    let markup = html! {
        (DOCTYPE)
        html lang="en" xmlns="http://www.w3.org/1999/xhtml" {
            head {
                // A void element, written closed so that the page is also XML.
                (PreEscaped(r#"<meta charset="utf-8"/>"#))
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body {
                (svg::symbols(rev))
                (header(r, &title))
                (summary(r))
                section id="chart" {
                    h2 { "Loss along the game" }
                    (svg::chart(rev))
                }
                @for (ri, round_name) in rev.rounds.iter().enumerate() {
                    (round(r, ri, round_name))
                }
            }
        }
    };
    markup.into_string()
}

fn header(r: &Reviewed<'_>, title: &str) -> Markup {
    let rev = r.review;
    let places = tenpai::game::places(&rev.scores);
    html! {
        h1 { (title) }
        p.meta {
            (r.file.display()) " (" (rev.format) " log, " (plural(rev.rounds.len(), "round", "rounds")) "). Seat "
            (rev.seat) ", " (r.source.reason()) ". Search " (rev.options.settings().version.name()) ", " (rev.options.budget) " per decision, seed "
            (rev.options.seed) "; a mistake loses more than " (rev.options.threshold)
            " in expected final rank, beyond the 95% interval of the paired difference."
        }
        @if !rev.extent.is_whole() {
            p.unfinished { b { (extent_text(&rev.extent)) } }
        }
        table.players {
            tr { th { "Seat" } th { "Player" } th.n { (scores_title(&rev.extent)) } th.n { "Rank" } }
            @for s in 0..4u8 {
                tr {
                    td { (["East", "South", "West", "North"][s as usize]) " (seat " (s) ")" }
                    td { @if s == rev.seat.get() { b { (name(r, s)) } } @else { (name(r, s)) } }
                    td.n { (score(rev.scores[s as usize])) }
                    td.n { (ordinal(usize::from(places[s as usize]))) }
                }
            }
        }
    }
}

fn summary(r: &Reviewed<'_>) -> Markup {
    let rev = r.review;
    let s = &rev.summary;
    html! {
        section id="summary" {
            h2 { "Summary" }
            table.figures {
                tr { td { "Decisions" } td.n { (s.all.decisions) } }
                tr { td { "Agreement with the AI's first choice" }
                     td.n { (format!("{:.1}% ({})", 100.0 * s.agreement(), s.all.agreed)) } }
                tr { td { "Loss in all (expected final rank)" } td.n { (format!("{:.3}", s.all.loss)) } }
                tr { td { "Loss per decision" } td.n { (format!("{:.4}", s.average_loss())) } }
                tr { td { "Mistakes" } td.n { (s.all.mistakes) } }
                @if !rev.overruled.is_empty() {
                    tr { td { "Chances overruled by another seat (not reviewed)" } td.n { (rev.overruled.len()) } }
                }
            }
            h2 { "By category" }
            table {
                tr { th { "Category" } th.n { "Decisions" } th.n { "Agreed" } th.n { "Mistakes" } th.n { "Loss" } }
                @for (c, t) in &s.by_category {
                    tr { td { (c.name()) } td.n { (t.decisions) } td.n { (t.agreed) }
                         td.n { (t.mistakes) } td.n { (format!("{:.3}", t.loss)) } }
                }
            }
            @if !s.largest.is_empty() {
                h2 { "Largest mistakes" }
                ol.largest {
                    @for &i in &s.largest {
                        @let d = &rev.decisions[i];
                        li { a href=(format!("#d{i}")) { (turn_text(d)) } ": played "
                             (action_label(&d.point.played)) ", AI " (action_label(&d.best))
                             ", loss " (loss_text(d)) " (" (d.category) ")" }
                    }
                }
            }
            @for f in &rev.refused {
                p { "Not replayed: " (f.round_name) " from event " (f.event) ": " (f.message) }
            }
        }
    }
}

/// `You win` or `mc (South) wins`: a seat's name and the verb agreeing
/// with it.
fn wins(r: &Reviewed<'_>, seat: u8) -> String {
    crate::render::table::with_verb(&name(r, seat), "win")
}

/// What the log says of a round's end.
fn result_text(r: &Reviewed<'_>, ri: usize) -> String {
    let Some(round) = r.game.rounds.get(ri) else {
        return String::new();
    };
    if !round.is_finished() {
        return "No result: the log stops here".into();
    }
    let parts: Vec<String> = round
        .results
        .iter()
        .map(|res| match res {
            LoggedResult::Win(w) if w.seat == w.from => {
                format!("{} by tsumo", wins(r, w.seat))
            }
            LoggedResult::Win(w) => {
                format!("{} by ron from {}", wins(r, w.seat), name(r, w.from))
            }
            LoggedResult::Draw(_) => "drawn".to_string(),
        })
        .collect();
    parts.join("; ")
}

fn round(r: &Reviewed<'_>, ri: usize, round_name: &str) -> Markup {
    let rev = r.review;
    let tally = rev.summary.by_round.iter().find(|t| t.round == ri);
    html! {
        section.round id=(format!("r{ri}")) {
            h2 { (round_name) }
            p.meta {
                @match tally {
                    Some(t) => (tally_text(&t.tally)),
                    None => "no decision of the seat",
                }
                @let res = result_text(r, ri);
                @if !res.is_empty() { ". " (res) "." }
            }
            @for (i, d) in rev.decisions.iter().enumerate().filter(|(_, d)| d.point.round == ri) {
                (decision(r, i, d))
            }
        }
    }
}

fn decision(r: &Reviewed<'_>, i: usize, d: &ReviewedDecision) -> Markup {
    let class = if d.mistake {
        "decision mistake"
    } else {
        "decision"
    };
    html! {
        details class=(class) id=(format!("d{i}")) open=[d.mistake.then_some("open")] {
            summary {
                b { "turn " (d.point.turn) } " · played " (played_text(d)) " · AI "
                (action_label(&d.best)) " · loss " (loss_text(d)) " · " (d.category)
                @if d.mistake { " " span.flag { "mistake" } }
            }
            (board(r, &d.point.view))
            (candidates(d))
        }
    }
}

fn river(tiles: &[RiverEntry]) -> Vec<(tenpai::game::Pai, Lie)> {
    tiles
        .iter()
        .map(|t| {
            let lie = if t.called {
                Lie::Gone
            } else if t.riichi {
                Lie::Sideways
            } else if t.tsumogiri {
                Lie::Drawn
            } else {
                Lie::Plain
            };
            (t.pai, lie)
        })
        .collect()
}

fn meld(m: &MeldEntry) -> Vec<(tenpai::game::Pai, Lie)> {
    let mut called = m.called;
    m.tiles
        .iter()
        .map(|&p| {
            let lie = if called == Some(p) {
                called = None;
                Lie::Sideways
            } else {
                Lie::Plain
            };
            (p, lie)
        })
        .collect()
}

/// The table at the decision: each seat's river and melds, the seat's hand
/// with the drawn tile apart, the dora indicators.
fn board(r: &Reviewed<'_>, view: &SeatView) -> Markup {
    let (hand, drawn) = view.hand().map(hand_order).unwrap_or_default();
    let mut tiles: Vec<(tenpai::game::Pai, Lie)> = hand.iter().map(|&p| (p, Lie::Plain)).collect();
    if drawn {
        if let Some(last) = tiles.last_mut() {
            last.1 = Lie::Apart;
        }
    }
    let dora: Vec<_> = view
        .dora_indicators()
        .iter()
        .map(|&p| (p, Lie::Plain))
        .collect();
    let on = view.claimable().filter(|c| Some(c.seat) != view.seat());
    html! {
        div.board {
            @for seat in view.seats() {
                @let me = Some(seat.seat) == view.seat();
                div class=(if me { "who me" } else { "who" }) {
                    (seat.wind) " " (name(r, seat.seat)) " " (score(seat.score))
                    @if seat.riichi.is_some_and(|m| m.accepted) { " riichi" }
                }
                div {
                    (svg::row(&river(&seat.river)))
                    @for m in &seat.melds { (svg::row(&meld(m))) }
                }
            }
            div.hand {
                (svg::row(&tiles))
                @if let Some(c) = on {
                    " on " (name(r, c.seat)) "'s " (svg::row(&[(c.pai, Lie::Plain)]))
                }
                " dora indicator " (svg::row(&dora)) " wall " (view.tiles_left())
            }
        }
    }
}

/// A share (0–1) as a percentage and a bar of that width.
fn rate(x: f64, class: &str) -> Markup {
    html! {
        @if x.is_finite() {
            (format!("{:.1}", 100.0 * x))
            span class=(format!("rate {class}")) style=(format!("width:{:.0}px", 60.0 * x)) {}
        } @else { "-" }
    }
}

fn candidates(d: &ReviewedDecision) -> Markup {
    let finite: Vec<&Candidate> = d.candidates.iter().filter(|c| c.rank.is_finite()).collect();
    let ends = |c: &&Candidate| {
        let w = if c.ci95.is_finite() { c.ci95 } else { 0.0 };
        (c.rank - w, c.rank + w)
    };
    let lo = finite
        .iter()
        .map(|c| ends(c).0)
        .fold(f64::INFINITY, f64::min);
    let hi = finite
        .iter()
        .map(|c| ends(c).1)
        .fold(f64::NEG_INFINITY, f64::max);
    let num = |x: f64, f: &dyn Fn(f64) -> String| if x.is_finite() { f(x) } else { "-".into() };
    html! {
        table.cands {
            tr { th { "Action" } th.n { "Exp. rank" } th.n { "± 95%" } th { "Interval" }
                 th.n { "Points" } th { "Win %" } th { "Deal-in %" } th { "Tenpai %" } th.n { "Samples" } }
            @for c in &d.candidates {
                @let played = same_play(&c.action, &d.point.played);
                @let best = same_play(&c.action, &d.best);
                tr class=(match (played, best) { (true, true) => "played best", (true, false) => "played", (false, true) => "best", _ => "" }) {
                    td { (action_label(&c.action))
                         @if played { " (played)" } @if best { " (AI)" } }
                    td.n { (num(c.rank, &|x| format!("{x:.3}"))) }
                    td.n { (num(c.ci95, &|x| format!("{x:.3}"))) }
                    td { (svg::interval(c.rank, c.ci95, lo, hi, best)) }
                    td.n { (num(c.points, &|x| signed(x.round() as i32))) }
                    td { (rate(c.win, "win")) }
                    td { (rate(c.deal_in, "deal")) }
                    td { (rate(c.tenpai, "ready")) }
                    td.n { (c.samples) }
                }
            }
        }
    }
}

//! The page's pictures as inline SVG: tile faces defined once as symbols
//! and placed in rows (hands, rivers, melds), the interval of each
//! candidate's expected rank, and the chart of the loss along the game.
//! The tile faces are the browser table's ([`tenpai_web::tiles`]: one set
//! of tile pictures for both pages).

use maud::{html, Markup};
use tenpai::game::Pai;
use tenpai::review::Review;
use tenpai_web::tiles::symbol_id;

/// A tile face's size in SVG units.
const TILE_W: f64 = 30.0;
const TILE_H: f64 = 40.0;
/// Height of a row of tiles on the page, in CSS pixels.
const ROW_PX: f64 = 30.0;

/// The symbols of every tile the review shows, in one hidden SVG (each
/// face once: [`tenpai_web::tiles::sprite`]).
pub fn symbols(review: &Review) -> Markup {
    let mut tiles: Vec<Pai> = Vec::new();
    let mut add = |p: Pai| tiles.push(p);
    for d in &review.decisions {
        let o = &d.point.obs;
        o.hand.iter().copied().for_each(&mut add);
        o.dora_indicators.iter().copied().for_each(&mut add);
        o.rivers.iter().flatten().for_each(|r| add(r.pai));
        o.melds
            .iter()
            .flatten()
            .flat_map(|m| m.tiles.iter().copied())
            .for_each(&mut add);
        if let Some((_, p)) = o.last_tile {
            add(p);
        }
    }
    tenpai_web::tiles::sprite(tiles)
}

/// How a tile lies in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lie {
    /// Upright.
    Plain,
    /// Upright, faded: discarded as drawn (tsumogiri).
    Drawn,
    /// Sideways: the riichi declaration tile, or the called tile of a meld.
    Sideways,
    /// Faded out: called away by another player.
    Gone,
    /// Upright after a gap: the drawn tile in a hand.
    Apart,
}

/// A row of tiles as one inline SVG.
pub fn row(tiles: &[(Pai, Lie)]) -> Markup {
    let mut x = 0.0;
    let mut placed: Vec<(String, String, &'static str)> = Vec::new();
    for &(p, lie) in tiles {
        if lie == Lie::Apart {
            x += TILE_W / 2.0;
        }
        let href = format!("#{}", symbol_id(p));
        let opacity = match lie {
            Lie::Drawn => "0.6",
            Lie::Gone => "0.25",
            _ => "1",
        };
        if lie == Lie::Sideways {
            let t = format!("translate({},{}) rotate(90)", x + TILE_H, TILE_H - TILE_W);
            placed.push((href, t, opacity));
            x += TILE_H;
        } else {
            placed.push((href, format!("translate({x},0)"), opacity));
            x += TILE_W;
        }
    }
    let width = (x.max(1.0) * ROW_PX / TILE_H).round();
    html! {
        svg xmlns="http://www.w3.org/2000/svg" class="tiles" width=(width) height=(ROW_PX)
            viewBox=(format!("0 0 {} {}", x.max(1.0), TILE_H)) {
            @for (href, t, o) in &placed {
                use href=(href) width="30" height="40" transform=(t) opacity=(o) {}
            }
        }
    }
}

/// One candidate's expected rank with its 95 % interval, on the axis
/// `lo..hi` (ranks) shared by the decision's candidates; `best` in the
/// accent colour.
pub fn interval(rank: f64, ci95: f64, lo: f64, hi: f64, best: bool) -> Markup {
    const W: f64 = 160.0;
    let span = (hi - lo).max(1e-9);
    let at = |r: f64| (((r - lo) / span).clamp(0.0, 1.0) * (W - 8.0) + 4.0).round();
    let colour = if best { "#0087af" } else { "#555" };
    html! {
        svg xmlns="http://www.w3.org/2000/svg" class="ci" width="160" height="14" viewBox="0 0 160 14" {
            line x1="0" y1="7" x2="160" y2="7" stroke="#ddd" {}
            @if rank.is_finite() {
                @if ci95.is_finite() {
                    line x1=(at(rank - ci95)) y1="7" x2=(at(rank + ci95)) y2="7" stroke=(colour) stroke-width="3" {}
                }
                circle cx=(at(rank)) cy="7" r="4" fill=(colour) {}
            }
        }
    }
}

/// Chart size and margins, in SVG units.
const CHART_W: f64 = 900.0;
const CHART_H: f64 = 220.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 48.0;
const TOP: f64 = 26.0;
const BOTTOM: f64 = 20.0;

/// The loss along the game: one bar per decision (its loss; mistakes in red,
/// each a link to its decision), the running total as a line (right axis),
/// the threshold as a dashed line, the rounds marked along the top.
pub fn chart(review: &Review) -> Markup {
    let d = &review.decisions;
    let n = d.len().max(1) as f64;
    let plot_w = CHART_W - LEFT - RIGHT;
    let plot_h = CHART_H - TOP - BOTTOM;
    let step = plot_w / n;
    let top_loss = d
        .iter()
        .map(|x| x.loss)
        .fold(review.options.threshold * 2.0, f64::max)
        .max(1e-3);
    let total = review.summary.all.loss.max(1e-3);
    let y_loss = |v: f64| TOP + plot_h * (1.0 - v / top_loss);
    let y_total = |v: f64| TOP + plot_h * (1.0 - v / total);
    let x_of = |i: usize| LEFT + step * i as f64;
    let line: Vec<String> = review
        .summary
        .curve
        .iter()
        .enumerate()
        .map(|(i, &c)| format!("{:.1},{:.1}", x_of(i) + step / 2.0, y_total(c)))
        .collect();
    let starts: Vec<(usize, &str)> = review
        .summary
        .by_round
        .iter()
        .filter_map(|rt| {
            let i = d.iter().position(|x| x.point.round == rt.round)?;
            Some((i, rt.name.as_str()))
        })
        .collect();
    let threshold = review.options.threshold;
    html! {
        svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox=(format!("0 0 {CHART_W} {CHART_H}"))
            role="img" aria-label="Loss of each decision and in all along the game" {
            rect x=(LEFT) y=(TOP) width=(plot_w) height=(plot_h) fill="#fafafa" stroke="#ccc" {}
            @for (i, name) in &starts {
                line x1=(x_of(*i)) y1=(TOP - 14.0) x2=(x_of(*i)) y2=(TOP + plot_h) stroke="#ccc" {}
                text x=(x_of(*i) + 2.0) y=(TOP - 4.0) font-size="10" fill="#555" { (name) }
            }
            @if threshold > 0.0 && threshold < top_loss {
                line x1=(LEFT) y1=(y_loss(threshold)) x2=(LEFT + plot_w) y2=(y_loss(threshold))
                    stroke="#c00" stroke-dasharray="4 3" stroke-width="0.8" {}
            }
            @for (i, x) in d.iter().enumerate() {
                @let h = (TOP + plot_h - y_loss(x.loss)).max(if x.loss > 0.0 { 1.0 } else { 0.0 });
                @let tip = format!("{} turn {}: {:.3}", x.point.round_name, x.point.turn, x.loss);
                @if x.mistake {
                    a href=(format!("#d{i}")) {
                        rect class="bar mistake" x=(x_of(i) + step * 0.1) y=(TOP + plot_h - h)
                            width=(step * 0.8) height=(h) fill="#d62728" { title { (tip) } }
                    }
                } @else if h > 0.0 {
                    rect class="bar" x=(x_of(i) + step * 0.1) y=(TOP + plot_h - h)
                        width=(step * 0.8) height=(h) fill="#999" { title { (tip) } }
                }
            }
            polyline points=(line.join(" ")) fill="none" stroke="#0087af" stroke-width="2" {}
            text x=(LEFT - 4.0) y=(TOP + 4.0) font-size="10" text-anchor="end" fill="#555" { (format!("{top_loss:.2}")) }
            text x=(LEFT - 4.0) y=(TOP + plot_h) font-size="10" text-anchor="end" fill="#555" { "0" }
            text x=(LEFT + plot_w + 4.0) y=(TOP + 4.0) font-size="10" fill="#0087af" { (format!("{total:.2}")) }
            text x=(LEFT + plot_w / 2.0) y=(CHART_H - 4.0) font-size="11" text-anchor="middle" fill="#555" {
                "decisions in the order of the game; bars: loss of each (left axis); line: loss in all (right axis)"
            }
        }
    }
}

//! The review for the terminal: a header, the summary, and one compact block
//! per round with its mistakes (every decision with `--all`), tiles painted
//! as `tenpai play` paints them.

use super::Reviewed;
use crate::render::table::hand_order;
use crate::render::{paint, score, TileMode};
use std::io::{self, Write};
use tenpai::ai::mc::action_label;
use tenpai::game::Pai;
use tenpai::replay::Extent;
use tenpai::review::{ReviewedDecision, Tally};

/// How the text looks.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Tiles as text or glyphs.
    pub mode: TileMode,
    /// ANSI styles on tiles (the output is a terminal).
    pub styled: bool,
    /// With colours (`NO_COLOR` unset).
    pub colour: bool,
    /// Every decision, not only the mistakes.
    pub all: bool,
}

impl Style {
    /// One tile as `play` shows it, painted when styled.
    fn tile(self, p: Pai) -> String {
        let text = self.mode.pai(p);
        let sgr = if self.styled {
            paint(p).sgr(self.colour)
        } else {
            String::new()
        };
        if sgr.is_empty() {
            text
        } else {
            format!("{sgr}{text}\x1b[0m")
        }
    }

    /// Tiles separated by spaces.
    fn tiles(self, tiles: &[Pai]) -> String {
        tiles
            .iter()
            .map(|&p| self.tile(p))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `1st` … `4th`.
pub fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A seat's name: the log's, or `seat N` when it has none; a name two
/// seats share (three players all `mc`) gets its seat: `mc (South)`.
pub fn name(r: &Reviewed<'_>, seat: impl Into<u8>) -> String {
    seat_name(&r.review.names, seat.into())
}

/// The reviewed seat as titles say it: `seat 2: baseline (West)`, the
/// seat's number and its [`name`] (no parentheses around a name that has
/// its own), or `seat 2` alone when the log names no one.
pub fn seat_title(r: &Reviewed<'_>) -> String {
    let seat = r.review.seat;
    let who = name(r, seat);
    if who == format!("seat {seat}") {
        who
    } else {
        format!("seat {seat}: {who}")
    }
}

/// [`name`] from the log's `names`.
fn seat_name(names: &[String], seat: u8) -> String {
    match names.get(seat as usize) {
        Some(n) if !n.is_empty() && names.iter().filter(|m| *m == n).count() > 1 => {
            format!("{n} ({})", tenpai::Wind::ALL[seat as usize % 4].name())
        }
        Some(n) if !n.is_empty() => n.clone(),
        _ => format!("seat {seat}"),
    }
}

/// `1 round`, `2 rounds`: `n` and the word for one or many.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `12 decisions, 10 agreed, 1 mistake, loss 0.034`.
pub fn tally_text(t: &Tally) -> String {
    format!(
        "{}, {} agreed, {}, loss {:.3}",
        plural(t.decisions, "decision", "decisions"),
        t.agreed,
        plural(t.mistakes, "mistake", "mistakes"),
        t.loss
    )
}

/// `turn 7`: the decision's place in its round.
pub fn turn_text(d: &ReviewedDecision) -> String {
    format!("{} turn {}", d.point.round_name, d.point.turn)
}

/// `discard 5p (3rd of 9)`.
pub fn played_text(d: &ReviewedDecision) -> String {
    format!(
        "{} ({} of {})",
        action_label(&d.point.played),
        ordinal(d.place),
        d.candidates.len()
    )
}

/// `x` with 3 decimals, without the sign of a value that rounds to zero
/// (`0.000`, never `-0.000`).
fn fixed3(x: f64) -> String {
    if (x * 1000.0).round() == 0.0 {
        "0.000".into()
    } else {
        format!("{x:.3}")
    }
}

/// The loss with the interval of the check: `0.082 ± 0.030`; `0` when the
/// played action is the AI's choice; `0 (-0.004 ± 0.014)` when it measured
/// better in the check.
pub fn loss_text(d: &ReviewedDecision) -> String {
    match d.gap {
        Some(g) if g.mean > 0.0 => format!("{:.3} ± {:.3}", d.loss, g.ci95),
        Some(g) if g.mean.is_finite() => format!("0 ({} ± {:.3})", fixed3(g.mean), g.ci95),
        _ => "0".into(),
    }
}

/// Writes the review.
///
/// # Errors
/// An I/O error of `out`.
pub fn write<W: Write>(out: &mut W, r: &Reviewed<'_>, style: Style) -> io::Result<()> {
    header(out, r)?;
    summary(out, r)?;
    let decisions = &r.review.decisions;
    for round in &r.review.summary.by_round {
        let shown: Vec<&ReviewedDecision> = decisions
            .iter()
            .filter(|d| d.point.round == round.round && (style.all || d.mistake))
            .collect();
        if shown.is_empty() && !style.all {
            continue;
        }
        writeln!(out, "\n{}: {}", round.name, tally_text(&round.tally))?;
        for d in shown {
            decision(out, d, style)?;
        }
    }
    Ok(())
}

fn header<W: Write>(out: &mut W, r: &Reviewed<'_>) -> io::Result<()> {
    let rev = r.review;
    writeln!(out, "Review of {}, {}.", seat_title(r), r.source.reason())?;
    writeln!(
        out,
        "{} ({}, {}); search {}, {} per decision, seed {}; a mistake loses more than {} in expected rank, beyond the 95% interval.",
        r.file.display(),
        // "mjlog" is already a log's name.
        match rev.format {
            tenpai::log::LogFormat::Mjlog => "mjlog".to_string(),
            format => format!("{format} log"),
        },
        plural(rev.rounds.len(), "round", "rounds"),
        rev.options.settings().version.name(),
        rev.options.budget,
        rev.options.seed,
        rev.options.threshold
    )?;
    if !rev.extent.is_whole() {
        writeln!(out, "{}", extent_text(&rev.extent))?;
    }
    let places = tenpai::game::places(&rev.scores);
    let players: Vec<String> = (0..4u8)
        .map(|s| {
            let place = usize::from(places[s as usize]);
            format!(
                "{} {} {}",
                name(r, s),
                score(rev.scores[s as usize]),
                ordinal(place)
            )
        })
        .collect();
    writeln!(
        out,
        "{}: {}.",
        scores_title(&rev.extent),
        players.join(", ")
    )
}

/// What the review says of a log that is not the whole game: `Unfinished
/// log (it stops in E3-0): its recorded decisions are reviewed.`
pub fn extent_text(extent: &Extent) -> String {
    match extent {
        Extent::UnfinishedRound { round } => {
            format!("Unfinished log (it stops in {round}): its recorded decisions are reviewed.")
        }
        Extent::UnfinishedGame { next } => {
            format!("Unfinished log (it stops before {next}): every round in it is reviewed.")
        }
        Extent::Empty => "Empty log: no round.".into(),
        _ => "Whole game.".into(),
    }
}

/// `Final scores`, or `Scores at the end of the log` when the log is not
/// the whole game.
pub fn scores_title(extent: &Extent) -> &'static str {
    if extent.is_whole() {
        "Final scores"
    } else {
        "Scores at the end of the log"
    }
}

fn summary<W: Write>(out: &mut W, r: &Reviewed<'_>) -> io::Result<()> {
    let rev = r.review;
    let s = &rev.summary;
    writeln!(out)?;
    writeln!(
        out,
        "Decisions    {} ({} agree with the AI's first choice: {:.1}%)",
        s.all.decisions,
        s.all.agreed,
        100.0 * s.agreement()
    )?;
    writeln!(
        out,
        "Loss         {:.3} in expected final rank, {:.4} per decision",
        s.all.loss,
        s.average_loss()
    )?;
    writeln!(out, "Mistakes     {}", s.all.mistakes)?;
    for (c, t) in s.by_category.iter().filter(|(_, t)| t.decisions > 0) {
        writeln!(out, "  {:<11} {}", c.name(), tally_text(t))?;
    }
    let curve: Vec<String> = s
        .by_round
        .iter()
        .map(|rt| format!("{} {:.3}", rt.name, rt.tally.loss))
        .collect();
    if !curve.is_empty() {
        writeln!(out, "Loss by round {}", curve.join(", "))?;
    }
    if !s.largest.is_empty() {
        writeln!(out, "Largest mistakes")?;
        for &i in &s.largest {
            let d = &rev.decisions[i];
            writeln!(
                out,
                "  {}: {}, AI {}, loss {}",
                turn_text(d),
                action_label(&d.point.played),
                action_label(&d.best),
                loss_text(d)
            )?;
        }
    }
    if !rev.overruled.is_empty() {
        writeln!(
            out,
            "Not reviewed {} another seat's call or win took first",
            plural(
                rev.overruled.len(),
                "call or win chance",
                "call or win chances"
            )
        )?;
    }
    for f in &rev.refused {
        writeln!(
            out,
            "Not replayed {} from event {}: {}",
            f.round_name, f.event, f.message
        )?;
    }
    Ok(())
}

fn decision<W: Write>(out: &mut W, d: &ReviewedDecision, style: Style) -> io::Result<()> {
    let view = &d.point.view;
    let (hand, drawn) = view.hand().map(hand_order).unwrap_or_default();
    let hand = if drawn {
        let (last, rest) = hand.split_last().expect("a drawn tile is held");
        format!("{} + {}", style.tiles(rest), style.tile(*last))
    } else {
        style.tiles(&hand)
    };
    let melds: Vec<String> = view
        .me()
        .map_or(&[][..], |m| &m.melds[..])
        .iter()
        .map(|m| style.mode.meld(m))
        .collect();
    let on = match view.claimable().filter(|c| Some(c.seat) != view.seat()) {
        Some(c) => format!(", on seat {}'s {}", c.seat, style.tile(c.pai)),
        None => String::new(),
    };
    let mark = if d.mistake { "✗" } else { " " };
    writeln!(
        out,
        " {mark} turn {:<2} {}{}{on}",
        d.point.turn,
        hand,
        if melds.is_empty() {
            String::new()
        } else {
            format!("  {}", melds.join(" "))
        }
    )?;
    writeln!(
        out,
        "           played {} · AI {} · loss {} · {}",
        played_text(d),
        action_label(&d.best),
        loss_text(d),
        d.category
    )
}

#[cfg(test)]
mod tests {
    use super::{fixed3, seat_name};

    #[test]
    fn seat_name_ok_shared_names_get_their_seat() {
        let names: Vec<String> = ["You", "mc", "mc", ""].map(String::from).into();
        let all: Vec<String> = (0..5).map(|s| seat_name(&names, s)).collect();
        assert_eq!(all, ["You", "mc (South)", "mc (West)", "seat 3", "seat 4"]);
    }

    #[test]
    fn fixed3_drops_the_sign_of_a_value_that_rounds_to_zero() {
        assert_eq!(fixed3(-0.0), "0.000");
        assert_eq!(fixed3(-0.0004), "0.000");
        assert_eq!(fixed3(-0.0006), "-0.001");
        assert_eq!(fixed3(0.0123), "0.012");
    }
}

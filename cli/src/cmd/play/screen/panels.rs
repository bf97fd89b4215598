//! The full screen's panels: a seat (title, river, melds), the hand, the
//! choices, the moves, the hints, and a dialog over the table.

use super::{Dialog, Screen};
use crate::cmd::play::hint::unbreakable;
use crate::cmd::play::keys::Select;
use crate::cmd::play::menu::Group;
use crate::render::score;
use crate::render::table::river_tile;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use tenpai::game::{Action, Pai};
use tenpai::view::SeatView;

/// A panel: its title on a rule across the top (`─ Title ───`), no other
/// border.
fn panel(title: Line<'_>) -> Block<'_> {
    let mut spans = vec![Span::raw("─")];
    spans.extend(title.spans);
    Block::new().borders(Borders::TOP).title(Line::from(spans))
}

fn seat_title(s: &Screen, view: &SeatView, seat: u8) -> Line<'static> {
    let info = &view.seats()[seat as usize];
    let active = view.claimable().is_some_and(|c| c.seat.get() == seat);
    let mut name = Style::new().add_modifier(Modifier::BOLD);
    if active {
        // The seat whose discard may be called now.
        name = name.add_modifier(Modifier::REVERSED);
    }
    let mut spans = vec![Span::styled(
        format!(" {} {} {} ", s.names.of(seat), info.wind, score(info.score)),
        name,
    )];
    if info.dealer {
        spans.push(Span::styled(
            "dealer ",
            s.palette.fg(Style::new().add_modifier(Modifier::BOLD), 127),
        ));
    }
    if info.riichi.is_some_and(|r| r.accepted) {
        spans.push(Span::styled(
            "riichi ",
            s.palette.fg(Style::new().add_modifier(Modifier::BOLD), 196),
        ));
    }
    Line::from(spans)
}

/// A seat's river, wrapping between tiles, then its melds on a line of
/// their own, each meld whole (a row breaks only between melds).
fn seat_text(s: &Screen, view: &SeatView, seat: u8) -> Paragraph<'static> {
    let info = &view.seats()[seat as usize];
    let mut spans: Vec<Span> = Vec::new();
    for r in &info.river {
        let mut style = s.palette.tile(r.pai);
        if r.called {
            style = style.add_modifier(Modifier::DIM | Modifier::CROSSED_OUT);
        }
        if r.riichi {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        spans.push(Span::styled(river_tile(r, s.mode), style));
        spans.push(Span::raw(" "));
    }
    let mut lines = vec![Line::from(spans)];
    if !info.melds.is_empty() {
        // "melds" and the first meld, and each meld with its caller, are
        // joined by no-break spaces: a row breaks only between melds.
        let mut spans = vec![Span::raw("melds\u{a0}")];
        for (i, m) in info.melds.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            let style = m.tiles.first().map_or(Style::new(), |&p| s.palette.tile(p));
            spans.push(Span::styled(unbreakable(&s.mode.meld(m)), style));
            if let Some(from) = m.from {
                spans.push(Span::styled(
                    format!("<{}", s.names.of(from)),
                    Style::new().add_modifier(Modifier::DIM),
                ));
            }
        }
        lines.push(Line::from(spans));
    }
    Paragraph::new(lines).wrap(Wrap { trim: false })
}

/// One seat in `area`: title, then the river and melds, scrolled so that
/// the latest tiles show when they do not all fit.
pub(super) fn seat_panel(f: &mut Frame, area: Rect, s: &Screen, view: &SeatView, seat: u8) {
    let text = seat_text(s, view, seat);
    let rows = area.height.saturating_sub(1) as usize;
    let need = text.line_count(area.width);
    let skip = need.saturating_sub(rows) as u16;
    f.render_widget(
        text.scroll((skip, 0))
            .block(panel(seat_title(s, view, seat))),
        area,
    );
}

/// Rows of river and melds `seat` needs at `width` (at least one).
pub(super) fn seat_rows(s: &Screen, view: &SeatView, seat: u8, width: u16) -> u16 {
    seat_text(s, view, seat).line_count(width).max(1) as u16
}

/// The hand: positions, tiles (the drawn one apart) and the melds, the
/// selection mark.
pub(super) fn hand_panel(f: &mut Frame, area: Rect, s: &Screen, view: &SeatView) {
    let (hand, apart) = match (s.menu, view.hand()) {
        (Some(m), _) => (m.hand.clone(), m.drawn_apart),
        (None, Some(h)) => crate::render::table::hand_order(h),
        (None, None) => (Vec::new(), false),
    };
    let n = hand.len();
    let (selected, riichi) = match s.select {
        Select::Tile { index, riichi } => (Some(index), riichi),
        _ => (None, false),
    };
    let riichi_ok = |p: Pai| {
        s.menu.is_some_and(|m| {
            m.group(Group::Riichi)
                .iter()
                .any(|o| matches!(o.action, Action::Riichi { pai, .. } if pai == p))
        })
    };
    let mut top = vec![Span::raw(" ")];
    let mut mid = vec![Span::raw(" ")];
    let mut low = vec![Span::raw(" ")];
    for (i, &p) in hand.iter().enumerate() {
        let gap = if apart && i + 1 == n { "  " } else { "" };
        let mut style = s.palette.tile(p);
        if riichi && !riichi_ok(p) {
            style = style.add_modifier(Modifier::DIM);
        }
        if selected == Some(i) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        top.push(Span::styled(
            format!("{gap}{:>2} ", i + 1),
            Style::new().add_modifier(Modifier::DIM),
        ));
        mid.push(Span::raw(gap));
        mid.push(Span::styled(s.mode.pai(p), style));
        mid.push(Span::raw(" "));
        low.push(Span::raw(format!(
            "{gap}{} ",
            if selected == Some(i) { "^^" } else { "  " }
        )));
    }
    for m in view.me().map_or(&[][..], |m| &m.melds[..]) {
        let style = m.tiles.first().map_or(Style::new(), |&p| s.palette.tile(p));
        mid.push(Span::raw("  "));
        mid.push(Span::styled(s.mode.meld(m), style));
    }
    let title = if riichi {
        " Your hand: choose the riichi discard ".to_string()
    } else if s.names.watch {
        format!(" {} hand (played by the AI) ", s.names.yours())
    } else {
        " Your hand ".to_string()
    };
    let title = Line::styled(title, Style::new().add_modifier(Modifier::BOLD));
    f.render_widget(
        Paragraph::new(vec![Line::from(top), Line::from(mid), Line::from(low)]).block(panel(title)),
        area,
    );
}

/// The choices now: keys for a turn, numbered offers at a call prompt.
pub(super) fn action_lines(s: &Screen) -> Paragraph<'static> {
    // Reverse video reads on any background.
    let key = Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD);
    let Some(menu) = s.menu else {
        let text = if s.names.watch {
            "Watching · q quit · Ctrl-C leave at once"
        } else {
            "Waiting for the other players · q quit · h hints"
        };
        return Paragraph::new(text);
    };
    let mut spans = Vec::new();
    let mut push = |k: String, label: String, on: bool| {
        let label_style = if on {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        spans.push(Span::styled(k, key));
        spans.push(Span::styled(format!("\u{a0}{label}"), label_style));
        spans.push(Span::raw("  "));
    };
    if menu.turn {
        push("Enter".into(), "discard".into(), false);
        if menu.drawn_apart {
            push("d".into(), "drawn".into(), false);
        }
        let mut seen = Vec::new();
        for o in &menu.offers {
            if seen.contains(&o.group) {
                continue;
            }
            seen.push(o.group);
            let (k, label) = match o.group {
                Group::Riichi => ("i", "riichi"),
                Group::Tsumo => ("t", "tsumo"),
                Group::Kan => ("k", "kan"),
                Group::NineTerminals => ("9", "nine terminals"),
                _ => (o.group.key(), "?"),
            };
            push(k.into(), label.into(), false);
        }
    } else {
        for (i, o) in menu.offers.iter().enumerate() {
            push(
                format!("{}", i + 1),
                unbreakable(&o.label),
                s.select == Select::Offer(i),
            );
        }
    }
    push("a".into(), "AI".into(), false);
    push("h".into(), "hints".into(), false);
    push("?".into(), "help".into(), false);
    Paragraph::new(Line::from(spans)).wrap(Wrap { trim: true })
}

/// The dialog over the table, scrolled by `d.scroll`; its title says when
/// there is more than fits.
pub(super) fn dialog(f: &mut Frame, d: &Dialog) {
    let area = f.area();
    let width = d
        .lines
        .iter()
        .map(|l| l.chars().count())
        .chain([d.title.chars().count() + 20])
        .max()
        .unwrap_or(10) as u16
        + 4;
    let rect = area.centered(
        Constraint::Length(width.min(area.width)),
        Constraint::Length((d.lines.len() as u16 + 2).min(area.height)),
    );
    let text = Paragraph::new(
        d.lines
            .iter()
            .map(|l| Line::from(l.clone()))
            .collect::<Vec<_>>(),
    )
    .wrap(Wrap { trim: false });
    let inner = rect.height.saturating_sub(2);
    let total = text.line_count(rect.width.saturating_sub(2)) as u16;
    let scroll = d.scroll.min(total.saturating_sub(inner));
    let title = if total > inner {
        format!(" {} (Up/Down: more) ", d.title)
    } else {
        format!(" {} ", d.title)
    };
    f.render_widget(Clear, rect);
    f.render_widget(
        text.scroll((scroll, 0)).block(
            Block::bordered()
                .title(Line::styled(
                    title,
                    Style::new().add_modifier(Modifier::BOLD),
                ))
                .border_style(Style::new().add_modifier(Modifier::BOLD)),
        ),
        rect,
    );
}

/// The moves: a title, the latest moves that fit (wrapped), in `area`.
pub(super) fn moves_panel(f: &mut Frame, area: Rect, s: &Screen) {
    let lines: Vec<Line> = s.log.iter().map(|l| Line::from(l.clone())).collect();
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let rows = area.height.saturating_sub(1) as usize;
    let skip = text.line_count(area.width).saturating_sub(rows) as u16;
    let title = Line::styled(" Moves ", Style::new().add_modifier(Modifier::BOLD));
    f.render_widget(text.scroll((skip, 0)).block(panel(title)), area);
}

/// The hints in `area`, wrapped between columns only.
pub(super) fn hints_panel(f: &mut Frame, area: Rect, lines: &[String]) {
    let lines: Vec<Line> = lines.iter().map(|l| Line::from(unbreakable(l))).collect();
    let title = Line::styled(
        " Hints (h hides) ",
        Style::new().add_modifier(Modifier::BOLD),
    );
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(panel(title)),
        area,
    );
}

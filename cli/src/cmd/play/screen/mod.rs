//! Drawing one frame of the full-screen view: [`render`] lays out a
//! [`Screen`] — the status line, the four seats (title, river, melds), the
//! hand with its positions and selection, the choices, a message, the moves
//! so far and the hints — and a dialog over it.
//!
//! The layout fits 80×24 and grows with the terminal: each panel is a title
//! line and its text, the seats get the rows their rivers and melds need
//! (as many as the terminal allows, the latest tiles kept in view; Left and
//! Right side by side with a rule between them, a meld never broken
//! across rows), and the moves and hints share what is left, at least six
//! rows. Everything is drawn from the person's [`SeatView`]. Colours read on
//! dark and light terminals (the palette of [`Paint::colour`]); with
//! `NO_COLOR` only bold, underline and reverse video are used.
//!
//! `panels.rs` draws each panel; `tests.rs` renders frames on a test
//! terminal (the whole game at every size is tested in `cli/tests`).

mod panels;

use super::keys::Select;
use super::menu::Menu;
use super::text::Names;
use crate::render::table::status;
use crate::render::{paint, Paint, TileMode};
use panels::{action_lines, dialog, hand_panel, hints_panel, moves_panel, seat_panel, seat_rows};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;
use std::collections::VecDeque;
use tenpai::game::Pai;
use tenpai::view::SeatView;

/// The smallest terminal (columns, rows) the table is drawn on; a smaller
/// one shows a message saying so.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Rows the moves and hints get at least (a title and five lines).
const BOTTOM_MIN: u16 = 6;

/// Colours on, or only bold, underline and reverse video (`NO_COLOR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Colours are used.
    pub colour: bool,
}

impl Palette {
    /// `style` with the foreground `c` when colours are on.
    fn fg(self, style: Style, c: u8) -> Style {
        if self.colour {
            style.fg(Color::Indexed(c))
        } else {
            style
        }
    }

    /// The style of a tile: man orange, pin blue, sou green, honors bold in
    /// the terminal's colour, red fives bold, underlined and red, hidden
    /// tiles grey (see [`Paint::colour`]).
    pub fn tile(self, p: Pai) -> Style {
        let paint = paint(p);
        let mut style = Style::new();
        if paint.bold() {
            style = style.add_modifier(Modifier::BOLD);
        }
        if paint == Paint::Red {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if paint == Paint::Hidden && !self.colour {
            style = style.add_modifier(Modifier::DIM);
        }
        match paint.colour() {
            Some(c) => self.fg(style, c),
            None => style,
        }
    }
}

/// A dialog over the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialog {
    /// Its title.
    pub title: String,
    /// Its lines.
    pub lines: Vec<String>,
    /// Lines scrolled past at the top (when it is taller than the screen).
    pub scroll: u16,
}

impl Dialog {
    /// A dialog showing `lines` from the top.
    pub fn new(title: impl Into<String>, lines: Vec<String>) -> Dialog {
        Dialog {
            title: title.into(),
            lines,
            scroll: 0,
        }
    }
}

/// Everything one frame shows.
pub struct Screen<'a> {
    /// The person's view (none before the first event).
    pub view: Option<&'a SeatView>,
    /// Seat names.
    pub names: Names,
    /// Tile text or glyphs.
    pub mode: TileMode,
    /// Colours or not.
    pub palette: Palette,
    /// The choices, at a decision.
    pub menu: Option<&'a Menu>,
    /// What is highlighted.
    pub select: Select,
    /// The moves so far, oldest first.
    pub log: &'a VecDeque<String>,
    /// The hint panel, when shown.
    pub hints: Option<&'a [String]>,
    /// A one-line message (an error or a question).
    pub message: &'a str,
    /// A dialog, if one is open.
    pub dialog: Option<&'a Dialog>,
}

/// The seat drawn at the bottom: the view's own, or for a spectator's view
/// (which holds no seat and shows no hand) seat 0's chair.
fn bottom_seat(view: &SeatView) -> u8 {
    view.seat().map_or(0, tenpai::game::SeatIndex::get)
}

/// The seats around the person: Right, Across, Left.
fn others(view: &SeatView) -> [u8; 3] {
    let me = bottom_seat(view);
    [1u8, 2, 3].map(|k| (me + k) % 4)
}

/// Columns between Left's and Right's panels: a rule with a space on each
/// side (` │ `), so that where one river ends and the other starts is plain.
const SIDE_GAP: u16 = 3;

/// The widths of Left's and Right's panels side by side in `width`
/// columns, with [`SIDE_GAP`] columns between them.
fn side_widths(width: u16) -> (u16, u16) {
    let left = width.saturating_sub(SIDE_GAP) / 2;
    (left, width.saturating_sub(left + SIDE_GAP))
}

/// Rows for the across seat, the two side seats and the person's seat:
/// each gets a title and one row, then the rows its river and melds need,
/// one at a time in turn, while the moves and hints keep [`BOTTOM_MIN`].
fn seat_heights(s: &Screen, view: &SeatView, area: Rect, fixed: u16) -> [u16; 3] {
    let [right, across, left] = others(view);
    let me = bottom_seat(view);
    let (lw, rw) = side_widths(area.width);
    let need = [
        seat_rows(s, view, across, area.width),
        seat_rows(s, view, left, lw).max(seat_rows(s, view, right, rw)),
        seat_rows(s, view, me, area.width),
    ];
    let mut rows = [1u16; 3];
    let mut spare = area.height.saturating_sub(fixed + 3 * 2 + BOTTOM_MIN);
    while spare > 0 && (0..3).any(|i| rows[i] < need[i]) {
        for i in 0..3 {
            if spare > 0 && rows[i] < need[i] {
                rows[i] += 1;
                spare -= 1;
            }
        }
    }
    rows.map(|r| r + 1)
}

/// Draws one frame.
pub fn render(f: &mut Frame, s: &Screen) {
    let area = f.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "The terminal is {}×{}; the game needs at least {}×{}. Enlarge it, \
             or play in line mode (--plain). Ctrl-C leaves.",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let Some(view) = s.view else {
        f.render_widget(Paragraph::new("Starting the game…"), area);
        return;
    };
    let actions = action_lines(s);
    let actions_rows = actions.line_count(area.width).clamp(1, 3) as u16;
    // Status, the hand (title and three rows), the choices, the message.
    let fixed = 1 + 4 + actions_rows + 1;
    let [across_h, middle_h, me_h] = seat_heights(s, view, area, fixed);
    let [top, across, middle, me, hand, actions_area, message, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(across_h),
        Constraint::Length(middle_h),
        Constraint::Length(me_h),
        Constraint::Length(4),
        Constraint::Length(actions_rows),
        Constraint::Length(1),
        Constraint::Min(BOTTOM_MIN),
    ])
    .areas(area);
    f.render_widget(
        Paragraph::new(Line::styled(
            status(view, s.mode),
            Style::new().add_modifier(Modifier::BOLD),
        )),
        top,
    );
    let [right, across_seat, left] = others(view);
    seat_panel(f, across, s, view, across_seat);
    let (lw, _) = side_widths(middle.width);
    let [l, gap, r] = Layout::horizontal([
        Constraint::Length(lw),
        Constraint::Length(SIDE_GAP),
        Constraint::Min(1),
    ])
    .areas(middle);
    f.render_widget(
        Paragraph::new(vec![Line::raw(" │ "); usize::from(gap.height)]),
        gap,
    );
    seat_panel(f, l, s, view, left);
    seat_panel(f, r, s, view, right);
    seat_panel(f, me, s, view, bottom_seat(view));
    hand_panel(f, hand, s, view);
    f.render_widget(actions, actions_area);
    f.render_widget(
        Paragraph::new(Line::styled(
            s.message.to_string(),
            Style::new().add_modifier(Modifier::BOLD),
        )),
        message,
    );
    match s.hints {
        Some(lines) => {
            let [a, _, b] = Layout::horizontal([
                Constraint::Percentage(40),
                Constraint::Length(1),
                Constraint::Min(1),
            ])
            .areas(bottom);
            moves_panel(f, a, s);
            hints_panel(f, b, lines);
        }
        None => moves_panel(f, bottom, s),
    }
    if let Some(d) = s.dialog {
        dialog(f, d);
    }
}

/// The text of the frame `screen` draws on a `w`×`h` terminal, one string
/// a row without its trailing blanks (no-break spaces as spaces): what a
/// person reads, for the tests of every layout.
///
/// # Panics
/// Never (ratatui's test backend does not fail).
pub fn text_rows(screen: &Screen, w: u16, h: u16) -> Vec<String> {
    let mut t =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("a test terminal");
    t.draw(|f| render(f, screen))
        .expect("a test terminal draws");
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .replace('\u{a0}', " ")
                .trim_end()
                .to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests;

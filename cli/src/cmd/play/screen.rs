//! Drawing one frame of the full-screen view: [`render`] lays out a
//! [`Screen`] — the status line, the four seats (title, river, melds), the
//! hand with its positions and selection, the choices, a message, the moves
//! so far and the hints — and a dialog over it.
//!
//! The layout fits 80×24: each panel is a title line and its text, the
//! seats get the rows their rivers need (as many as the terminal allows, the
//! latest tiles kept in view), and the moves and hints share what is left,
//! at least six rows. Colours read on dark and light terminals (the palette
//! of [`Paint::colour`]); with `NO_COLOR` only bold, underline and reverse
//! video are used.

use super::command::{Group, Menu};
use super::hint::unbreakable;
use super::keys::Select;
use super::tiles::{paint, Paint, TileMode};
use super::view::{hand_order, river_tile, score, seat_wind, status, Names};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::collections::VecDeque;
use tenpai::game::{Action, Observation, Pai};

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
    /// The view (none before the first event).
    pub obs: Option<&'a Observation>,
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

/// A panel: its title on a rule across the top (`─ Title ───`), no other
/// border.
fn panel(title: Line<'_>) -> Block<'_> {
    let mut spans = vec![Span::raw("─")];
    spans.extend(title.spans);
    Block::new().borders(Borders::TOP).title(Line::from(spans))
}

fn seat_title(s: &Screen, obs: &Observation, seat: u8) -> Line<'static> {
    let active = obs.last_tile.is_some_and(|(t, _)| t == seat);
    let mut name = Style::new().add_modifier(Modifier::BOLD);
    if active {
        // The seat whose discard may be called now.
        name = name.add_modifier(Modifier::REVERSED);
    }
    let mut spans = vec![Span::styled(
        format!(
            " {} {} {} ",
            s.names.of(seat),
            seat_wind(obs, seat),
            score(obs.scores[seat as usize])
        ),
        name,
    )];
    if seat == obs.oya {
        spans.push(Span::styled(
            "dealer ",
            s.palette.fg(Style::new().add_modifier(Modifier::BOLD), 127),
        ));
    }
    if obs.riichi[seat as usize] {
        spans.push(Span::styled(
            "riichi ",
            s.palette.fg(Style::new().add_modifier(Modifier::BOLD), 196),
        ));
    }
    Line::from(spans)
}

/// A seat's river and melds, as one wrapping paragraph.
fn seat_text(s: &Screen, obs: &Observation, seat: u8) -> Paragraph<'static> {
    let mut spans: Vec<Span> = Vec::new();
    for r in &obs.rivers[seat as usize] {
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
    let melds = &obs.melds[seat as usize];
    if !melds.is_empty() {
        spans.push(Span::raw("  melds "));
        for m in melds {
            let style = m.tiles.first().map_or(Style::new(), |&p| s.palette.tile(p));
            spans.push(Span::styled(s.mode.meld(m), style));
            match m.from {
                Some(from) => spans.push(Span::styled(
                    format!("<{} ", s.names.of(from)),
                    Style::new().add_modifier(Modifier::DIM),
                )),
                None => spans.push(Span::raw(" ")),
            }
        }
    }
    Paragraph::new(Line::from(spans)).wrap(Wrap { trim: false })
}

/// One seat in `area`: title, then the river and melds, scrolled so that
/// the latest tiles show when they do not all fit.
fn seat_panel(f: &mut Frame, area: Rect, s: &Screen, obs: &Observation, seat: u8) {
    let text = seat_text(s, obs, seat);
    let rows = area.height.saturating_sub(1) as usize;
    let need = text.line_count(area.width);
    let skip = need.saturating_sub(rows) as u16;
    f.render_widget(
        text.scroll((skip, 0))
            .block(panel(seat_title(s, obs, seat))),
        area,
    );
}

/// Rows of river and melds `seat` needs at `width` (at least one).
fn seat_rows(s: &Screen, obs: &Observation, seat: u8, width: u16) -> u16 {
    seat_text(s, obs, seat).line_count(width).max(1) as u16
}

/// The hand: positions, tiles (the drawn one apart) and the melds, the
/// selection mark.
fn hand_panel(f: &mut Frame, area: Rect, s: &Screen, obs: &Observation) {
    let (hand, apart) = match s.menu {
        Some(m) => (m.hand.clone(), m.drawn_apart),
        None => hand_order(obs),
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
    for m in &obs.melds[obs.seat as usize] {
        let style = m.tiles.first().map_or(Style::new(), |&p| s.palette.tile(p));
        mid.push(Span::raw("  "));
        mid.push(Span::styled(s.mode.meld(m), style));
    }
    let title = if riichi {
        " Your hand: choose the riichi discard "
    } else if s.names.watch {
        " Your hand (played by the AI) "
    } else {
        " Your hand "
    };
    let title = Line::styled(title, Style::new().add_modifier(Modifier::BOLD));
    f.render_widget(
        Paragraph::new(vec![Line::from(top), Line::from(mid), Line::from(low)]).block(panel(title)),
        area,
    );
}

/// The choices now: keys for a turn, numbered offers at a call prompt.
fn action_lines(s: &Screen) -> Paragraph<'static> {
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
fn dialog(f: &mut Frame, d: &Dialog) {
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
fn moves_panel(f: &mut Frame, area: Rect, s: &Screen) {
    let lines: Vec<Line> = s.log.iter().map(|l| Line::from(l.clone())).collect();
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let rows = area.height.saturating_sub(1) as usize;
    let skip = text.line_count(area.width).saturating_sub(rows) as u16;
    let title = Line::styled(" Moves ", Style::new().add_modifier(Modifier::BOLD));
    f.render_widget(text.scroll((skip, 0)).block(panel(title)), area);
}

/// The hints in `area`, wrapped between columns only.
fn hints_panel(f: &mut Frame, area: Rect, lines: &[String]) {
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

/// Rows for the across seat, the two side seats and the person's seat:
/// each gets a title and one row, then the rows its river needs, one at a
/// time in turn, while the moves and hints keep [`BOTTOM_MIN`].
fn seat_heights(s: &Screen, obs: &Observation, area: Rect, fixed: u16) -> [u16; 3] {
    let [right, across, left] = [1u8, 2, 3].map(|k| (obs.seat + k) % 4);
    let half = area.width / 2;
    let need = [
        seat_rows(s, obs, across, area.width),
        seat_rows(s, obs, left, half).max(seat_rows(s, obs, right, area.width - half)),
        seat_rows(s, obs, obs.seat, area.width),
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
    let Some(obs) = s.obs else {
        f.render_widget(Paragraph::new("Starting the game…"), area);
        return;
    };
    let actions = action_lines(s);
    let actions_rows = actions.line_count(area.width).clamp(1, 3) as u16;
    // Status, the hand (title and three rows), the choices, the message.
    let fixed = 1 + 4 + actions_rows + 1;
    let [across_h, middle_h, me_h] = seat_heights(s, obs, area, fixed);
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
            status(obs, s.mode),
            Style::new().add_modifier(Modifier::BOLD),
        )),
        top,
    );
    let [right, across_seat, left] = [1u8, 2, 3].map(|k| (obs.seat + k) % 4);
    seat_panel(f, across, s, obs, across_seat);
    let half = middle.width / 2;
    let [l, r] = Layout::horizontal([Constraint::Length(half), Constraint::Min(1)]).areas(middle);
    seat_panel(f, l, s, obs, left);
    seat_panel(f, r, s, obs, right);
    seat_panel(f, me, s, obs, obs.seat);
    hand_panel(f, hand, s, obs);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::command::tests::{turn, turn_view, view, NAMES};
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use tenpai::game::RiverTile;

    /// A screen with `obs` and `log` and nothing else.
    fn bare<'a>(obs: Option<&'a Observation>, log: &'a VecDeque<String>) -> Screen<'a> {
        Screen {
            obs,
            names: NAMES,
            mode: TileMode::Text,
            palette: Palette { colour: true },
            menu: None,
            select: Select::Nothing,
            log,
            hints: None,
            message: "",
            dialog: None,
        }
    }

    /// Renders `screen` on a `w`×`h` test terminal; the rows as text.
    fn rows(screen: &Screen, w: u16, h: u16) -> Vec<String> {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| render(f, screen)).unwrap();
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

    /// Seat 0's view late in a round: every river 24 tiles long (all
    /// discarded as drawn), Left with three melds.
    fn late_view() -> Observation {
        let mut obs = turn_view();
        let tiles = "1m 9m 1z 2z 3z 4z 5z 6z 7z 1p 9p 1s 9s 2m 8m 2p 8p 3m 7m 3p 7p 3s 7s 2s";
        for s in 0..4 {
            obs.rivers[s] = tiles
                .split(' ')
                .map(|t| RiverTile {
                    pai: t.parse().unwrap(),
                    tsumogiri: true,
                    riichi: false,
                    called: false,
                })
                .collect();
        }
        let meld = |t: &str| tenpai::game::TableMeld {
            kind: tenpai::MeldKind::Pon,
            tiles: vec![t.parse().unwrap(); 3],
            called: Some(t.parse().unwrap()),
            from: Some(0),
            added: false,
        };
        obs.melds[3] = vec![meld("4m"), meld("5p"), meld("6s")];
        obs
    }

    #[test]
    fn render_ok_table_hand_choices_moves_and_hints() {
        let obs = turn_view();
        let menu = turn();
        let log: VecDeque<String> = ["Left: discard 9m (as drawn)".to_string()].into();
        let hints = vec!["Hand: tenpai".to_string()];
        let screen = Screen {
            menu: Some(&menu),
            select: Select::Tile {
                index: 13,
                riichi: false,
            },
            hints: Some(&hints),
            message: "Riichi is not possible now.",
            ..bare(Some(&obs), &log)
        };
        let r = rows(&screen, 80, 24);
        assert_eq!(
            r[0],
            "East 1 · 0 honba · 0 sticks · dora indicator 1m · wall 60"
        );
        assert!(r[1].starts_with("─ Across W 25,000 ─"), "{}", r[1]);
        assert!(r[3].starts_with("─ Left N 25,000 ─"), "{}", r[3]);
        assert_eq!(r[4], "9m*");
        assert!(r[5].starts_with("─ You E 25,000 dealer ─"), "{}", r[5]);
        assert!(r[7].starts_with("─ Your hand ─"), "{}", r[7]);
        assert_eq!(r[8], "  1  2  3  4  5  6  7  8  9 10 11 12 13   14");
        assert_eq!(r[9], " 1m 2m 3m 4m 0m 6m 1p 1p 5p 6p 7p 8s 8s   4m");
        assert_eq!(
            r[10].trim_end(),
            "                                          ^^"
        );
        assert_eq!(
            r[11],
            "Enter discard  d drawn  t tsumo  i riichi  a AI  h hints  ? help"
        );
        assert_eq!(r[12], "Riichi is not possible now.");
        assert!(r[13].starts_with("─ Moves ─"), "{}", r[13]);
        assert!(r[13].contains("─ Hints (h hides) ─"), "{}", r[13]);
        assert!(
            r[14].starts_with("Left: discard 9m (as drawn)"),
            "{}",
            r[14]
        );
        assert!(r[14].ends_with(" Hand: tenpai"), "{}", r[14]);
        // Eleven rows for the moves and hints at 80×24.
        assert_eq!(r.len() - 13, 11);
    }

    #[test]
    fn render_ok_late_rivers_fit_80x24_with_room_for_moves() {
        let obs = late_view();
        let log: VecDeque<String> = (1..=40).map(|i| format!("move {i}")).collect();
        let r = rows(&bare(Some(&obs), &log), 80, 24);
        let moves = r.iter().position(|l| l.starts_with("─ Moves ─")).unwrap();
        assert!(r.len() - moves >= BOTTOM_MIN as usize, "{r:#?}");
        assert_eq!(r[23], "move 40");
        // Every seat's latest river tile and Left's melds are in view.
        let text = r.join("\n");
        assert_eq!(text.matches("2s*").count(), 4, "{r:#?}");
        assert!(
            text.contains("melds [444m]<You") && text.contains("[666s]<You"),
            "{r:#?}"
        );
        // On a tall terminal every river is whole.
        let r = rows(&bare(Some(&obs), &log), 80, 40);
        assert_eq!(
            r.iter().filter(|l| l.starts_with("1m* 9m*")).count(),
            3,
            "{r:#?}"
        );
    }

    #[test]
    fn render_ok_hint_lines_wrap_between_columns_only() {
        let obs = turn_view();
        let log = VecDeque::new();
        let hints = vec!["> discard 2p  2.14±.12   +1,234   30%  deal-in 8%".to_string()];
        let screen = Screen {
            hints: Some(&hints),
            ..bare(Some(&obs), &log)
        };
        let r = rows(&screen, 80, 24);
        let text: String = r[14..].join("\n");
        assert!(
            !text.contains("deal-in\n") && text.contains("deal-in 8%"),
            "{text}"
        );
        assert!(text.contains("discard 2p"), "{text}");
    }

    #[test]
    fn render_ok_dialog_and_unicode_tiles() {
        let obs = view("1m 2m 3m 4m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 7z", None, None);
        let log = VecDeque::new();
        let dialog = Dialog::new("Quit?", vec!["Leave the game?".into()]);
        let screen = Screen {
            mode: TileMode::Unicode,
            dialog: Some(&dialog),
            ..bare(Some(&obs), &log)
        };
        let r = rows(&screen, 80, 24);
        assert!(
            r[9].starts_with(" 🀇  🀈  🀉  🀊  🀊  🀋r 🀌  🀙  🀙  🀝  🀞  🀟  🀗  🀄"),
            "{}",
            r[9]
        );
        assert!(r.iter().any(|l| l.contains("┌ Quit? ─")));
        assert!(r.iter().any(|l| l.contains("│Leave the game?")));
        assert!(r[11].starts_with("Waiting for the other play"), "{}", r[11]);
    }

    #[test]
    fn render_ok_tall_dialog_scrolls_and_says_so() {
        let obs = turn_view();
        let log = VecDeque::new();
        let mut dialog = Dialog::new(
            "End of the round",
            (1..=30).map(|i| format!("line {i}")).collect(),
        );
        let screen = Screen {
            dialog: Some(&dialog),
            ..bare(Some(&obs), &log)
        };
        let r = rows(&screen, 80, 24);
        assert!(
            r[0].contains("End of the round (Up/Down: more)"),
            "{}",
            r[0]
        );
        assert!(r[1].contains("│line 1 "), "{}", r[1]);
        dialog.scroll = 100;
        let screen = Screen {
            dialog: Some(&dialog),
            ..bare(Some(&obs), &log)
        };
        let r = rows(&screen, 80, 24);
        assert!(r[22].contains("│line 30 "), "{}", r[22]);
    }

    #[test]
    fn render_ok_on_tiny_terminals() {
        let obs = late_view();
        let menu = turn();
        let log: VecDeque<String> = ["a long line of the log ".repeat(9)].into();
        let hints = vec!["Hand: tenpai".to_string(); 20];
        let dialog = Dialog::new("End of the round", vec!["x".repeat(200); 30]);
        for (w, h) in [
            (1, 1),
            (2, 3),
            (10, 5),
            (20, 8),
            (33, 13),
            (80, 24),
            (81, 25),
        ] {
            let screen = Screen {
                mode: TileMode::Unicode,
                menu: Some(&menu),
                select: Select::Tile {
                    index: 13,
                    riichi: true,
                },
                hints: Some(&hints),
                message: "a message",
                dialog: Some(&dialog),
                ..bare(Some(&obs), &log)
            };
            rows(&screen, w, h);
        }
    }

    #[test]
    fn render_ok_too_small_terminal_says_so() {
        let obs = turn_view();
        let log = VecDeque::new();
        let screen = bare(Some(&obs), &log);
        let r = rows(&screen, 79, 24);
        assert_eq!(
            r[..3].join(" ").trim_end(),
            "The terminal is 79×24; the game needs at least 80×24. Enlarge it, or play in \
             line mode (--plain). Ctrl-C leaves."
        );
        let r = rows(&screen, 80, 23);
        assert!(r[0].starts_with("The terminal is 80×23;"), "{}", r[0]);
        let r = rows(&screen, 80, 24);
        assert!(r[0].starts_with("East 1 · 0 honba"), "{}", r[0]);
    }

    #[test]
    fn render_ok_before_the_first_event() {
        let log = VecDeque::new();
        assert_eq!(rows(&bare(None, &log), 80, 24)[0], "Starting the game…");
    }

    #[test]
    fn palette_ok_no_color_keeps_bold_and_underline_only() {
        let red: Pai = "5mr".parse().unwrap();
        let plain = Palette { colour: false };
        assert_eq!(plain.tile(red).fg, None);
        assert!(plain
            .tile(red)
            .add_modifier
            .contains(Modifier::UNDERLINED | Modifier::BOLD));
        assert_eq!(
            Palette { colour: true }.tile(red).fg,
            Some(Color::Indexed(196))
        );
        assert_eq!(plain.tile("3p".parse().unwrap()), Style::new());
    }
}

//! The full-screen view (`ratatui` + `crossterm`): a thin layer over the
//! shared modules. [`render`] draws a [`Screen`] (the table, the hand with
//! its positions and selection, the choices, the log, hints, a dialog);
//! [`Tui`] maps keys to the menu's actions and shows the AI players' moves
//! with a pause.
//!
//! The terminal is restored by a guard when the view ends, on an error, on
//! Ctrl-C (read as a key in raw mode: it leaves at once), on a panic (a
//! hook restores it before the message is printed), and on SIGTERM
//! (`signal-hook` sets a flag that the key wait checks every 100 ms; the
//! program then restores the terminal and exits with 143; a second SIGTERM
//! ends it at once). SIGHUP keeps its default action: the terminal is gone,
//! so the program ends at once (catching it left the program reading the
//! closed terminal in a loop inside crossterm).

use super::command::{Group, Menu};
use super::hint;
use super::keys::{step, Cursor, Key, Select, Step};
use super::session::{self, Choice, Ending, Frontend, Leave, Setup, Update};
use super::tiles::{paint, Paint, TileMode};
use super::view::{
    event_line, final_ranking, hand_order, mover, river_tile, round_end, score, seat_wind, status,
    Names, RIVER_LEGEND,
};
use anyhow::{Context, Result};
use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::{Frame, Terminal};
use std::collections::VecDeque;
use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tenpai::game::{Action, GameRecord, Observation, Pai};
use tenpai::rules::Rules;

/// The keys, for the help dialog.
const KEYS: &str = "\
Left/Right, Home/End  select a tile       1-14  select by position
Enter or Space        discard it          d     discard the drawn tile
i  riichi: select the discard, then Enter (Esc cancels)
t  tsumo    r  ron    c  chi    p  pon    k  kan    n  pass
9  nine terminals (when offered; asks first), else position 9
At a call prompt: Up/Down or a number picks, Enter takes it (pass at first).
a  let the AI choose    h  hints on/off    ?  this help
q  leave the game (asks first)            Ctrl-C  leave at once";

/// The smallest terminal (columns, rows) the table is drawn on; a smaller
/// one shows a message saying so.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Puts the terminal in raw mode on the alternate screen; restores it when
/// dropped, and from a panic hook.
struct Guard;

/// The terminal is in raw mode on the alternate screen.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// The signal (SIGTERM) that asked the program to end, or 0.
fn signalled() -> &'static Arc<AtomicUsize> {
    static SIGNALLED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    SIGNALLED.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// How often the key wait checks for a termination signal.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// Restores the terminal and exits when a termination signal came.
fn exit_if_signalled() {
    let sig = signalled().load(Ordering::SeqCst);
    if sig != 0 {
        restore();
        std::process::exit(128 + sig as i32);
    }
}

/// Restores the terminal once (leaving the alternate screen twice would move
/// the cursor back over what was printed in between, a panic's message).
fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = terminal::disable_raw_mode();
        let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
    }
}

impl Guard {
    fn enter() -> Result<Guard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        let term = signal_hook::consts::SIGTERM;
        // A second SIGTERM (the flag already set) ends the program at once,
        // should the first one not be seen (e.g. inside a long computation).
        let second = Arc::new(AtomicBool::new(false));
        signal_hook::flag::register_conditional_shutdown(term, 143, Arc::clone(&second))
            .context("a signal handler")?;
        signal_hook::flag::register(term, second).context("a signal handler")?;
        signal_hook::flag::register_usize(term, Arc::clone(signalled()), term as usize)
            .context("a signal handler")?;
        terminal::enable_raw_mode().context("the terminal's raw mode")?;
        ACTIVE.store(true, Ordering::SeqCst);
        let guard = Guard;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)
            .context("the alternate screen")?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// The style of a tile: man yellow, pin cyan, sou green, honors bold white,
/// red fives bold red.
pub fn tile_style(p: Pai) -> Style {
    match paint(p) {
        Paint::Man => Style::new().fg(Color::Yellow),
        Paint::Pin => Style::new().fg(Color::Cyan),
        Paint::Sou => Style::new().fg(Color::Green),
        Paint::Honor => Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
        Paint::Red => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        Paint::Hidden => Style::new().fg(Color::DarkGray),
    }
}

/// A dialog over the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialog {
    /// Its title.
    pub title: String,
    /// Its lines.
    pub lines: Vec<String>,
}

/// Everything one frame shows.
pub struct Screen<'a> {
    /// The view (none before the first event).
    pub obs: Option<&'a Observation>,
    /// Seat names.
    pub names: Names,
    /// Tile text or glyphs.
    pub mode: TileMode,
    /// The choices, at a decision.
    pub menu: Option<&'a Menu>,
    /// What is highlighted.
    pub select: Select,
    /// Recent events, oldest first.
    pub log: &'a VecDeque<String>,
    /// The hint panel, when shown.
    pub hints: Option<&'a [String]>,
    /// A one-line message (an error or a question).
    pub message: &'a str,
    /// A dialog, if one is open.
    pub dialog: Option<&'a Dialog>,
}

fn seat_title(obs: &Observation, names: Names, s: u8) -> Line<'static> {
    let mut spans = vec![Span::styled(
        format!(
            " {} {} {} ",
            names.of(s),
            seat_wind(obs, s),
            score(obs.scores[s as usize])
        ),
        Style::new().add_modifier(Modifier::BOLD),
    )];
    if s == obs.oya {
        spans.push(Span::styled("dealer ", Style::new().fg(Color::Magenta)));
    }
    if obs.riichi[s as usize] {
        spans.push(Span::styled(
            "riichi ",
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        ));
    }
    Line::from(spans)
}

/// One seat: title (name, wind, score, dealer, riichi), river, melds.
fn seat_panel(f: &mut Frame, area: Rect, s: &Screen, obs: &Observation, seat: u8) {
    let mut river: Vec<Span> = Vec::new();
    for r in &obs.rivers[seat as usize] {
        let mut style = tile_style(r.pai);
        if r.called {
            style = style.add_modifier(Modifier::DIM | Modifier::CROSSED_OUT);
        }
        if r.riichi {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        river.push(Span::styled(river_tile(r, s.mode), style));
        river.push(Span::raw(" "));
    }
    let mut lines = vec![Line::from(river)];
    let melds = &obs.melds[seat as usize];
    if !melds.is_empty() {
        let mut spans = vec![Span::raw("melds ")];
        for m in melds {
            let style = m.tiles.first().map_or(Style::new(), |&p| tile_style(p));
            spans.push(Span::styled(s.mode.meld(m), style));
            if let Some(from) = m.from {
                spans.push(Span::styled(
                    format!("<{} ", s.names.of(from)),
                    Style::new().add_modifier(Modifier::DIM),
                ));
            } else {
                spans.push(Span::raw(" "));
            }
        }
        lines.push(Line::from(spans));
    }
    let active = obs.last_tile.is_some_and(|(t, _)| t == seat);
    let border = if active {
        Style::new().fg(Color::Yellow)
    } else {
        Style::new()
    };
    let block = Block::bordered()
        .title(seat_title(obs, s.names, seat))
        .border_style(border);
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The hand: positions, tiles (the drawn one apart), the selection mark.
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
        let mut style = tile_style(p);
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
        let style = m.tiles.first().map_or(Style::new(), |&p| tile_style(p));
        mid.push(Span::raw("  "));
        mid.push(Span::styled(s.mode.meld(m), style));
    }
    let title = if riichi {
        " Your hand: choose the riichi discard ".to_string()
    } else if s.names.watch {
        format!(" {}'s hand ", s.names.of(obs.seat))
    } else {
        " Your hand ".to_string()
    };
    f.render_widget(
        Paragraph::new(vec![Line::from(top), Line::from(mid), Line::from(low)])
            .block(Block::bordered().title(title)),
        area,
    );
}

/// The choices now: keys for a turn, numbered offers at a call prompt.
fn action_lines(s: &Screen) -> Vec<Line<'static>> {
    let key = Style::new()
        .fg(Color::Black)
        .bg(Color::Gray)
        .add_modifier(Modifier::BOLD);
    let Some(menu) = s.menu else {
        let text = if s.names.watch {
            "Watching · q quit · Ctrl-C leave at once"
        } else {
            "Waiting for the other players · q quit · h hints"
        };
        return vec![Line::from(text)];
    };
    let mut spans = Vec::new();
    let mut push = |k: String, label: String, on: bool| {
        let label_style = if on {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        spans.push(Span::styled(k, key));
        spans.push(Span::styled(format!(" {label} "), label_style));
        spans.push(Span::raw(" "));
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
                o.label.clone(),
                s.select == Select::Offer(i),
            );
        }
    }
    push("a".into(), "AI".into(), false);
    push("?".into(), "help".into(), false);
    vec![Line::from(spans)]
}

fn dialog(f: &mut Frame, d: &Dialog) {
    let area = f.area();
    let width = d
        .lines
        .iter()
        .map(|l| l.chars().count())
        .chain([d.title.chars().count()])
        .max()
        .unwrap_or(10) as u16
        + 4;
    let height = d.lines.len() as u16 + 2;
    let rect = area.centered(
        Constraint::Length(width.min(area.width)),
        Constraint::Length(height.min(area.height)),
    );
    f.render_widget(Clear, rect);
    let lines: Vec<Line> = d.lines.iter().map(|l| Line::from(l.clone())).collect();
    f.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(format!(" {} ", d.title))
                .border_style(Style::new().fg(Color::Yellow)),
        ),
        rect,
    );
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
    let [top, across, middle, me, hand, actions, message, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(4),
        Constraint::Length(5),
        Constraint::Length(4),
        Constraint::Length(5),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(3),
    ])
    .areas(f.area());
    let Some(obs) = s.obs else {
        f.render_widget(Paragraph::new("Starting the game…"), top);
        return;
    };
    f.render_widget(
        Paragraph::new(Line::styled(
            status(obs, s.mode),
            Style::new().add_modifier(Modifier::BOLD),
        )),
        top,
    );
    let [right, across_seat, left] = [1u8, 2, 3].map(|k| (obs.seat + k) % 4);
    seat_panel(f, across, s, obs, across_seat);
    let [l, r] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(middle);
    seat_panel(f, l, s, obs, left);
    seat_panel(f, r, s, obs, right);
    seat_panel(f, me, s, obs, obs.seat);
    hand_panel(f, hand, s, obs);
    f.render_widget(
        Paragraph::new(action_lines(s)).wrap(Wrap { trim: false }),
        actions,
    );
    f.render_widget(
        Paragraph::new(Line::styled(
            s.message.to_string(),
            Style::new().fg(Color::Yellow),
        )),
        message,
    );
    let (log_area, hint_area) = match s.hints {
        Some(_) => {
            let [a, b] =
                Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                    .areas(bottom);
            (a, Some(b))
        }
        None => (bottom, None),
    };
    let rows = log_area.height.saturating_sub(2) as usize;
    let log: Vec<Line> = s
        .log
        .iter()
        .skip(s.log.len().saturating_sub(rows))
        .map(|l| Line::from(l.clone()))
        .collect();
    f.render_widget(
        Paragraph::new(log).block(Block::bordered().title(" Table ")),
        log_area,
    );
    if let (Some(lines), Some(area)) = (s.hints, hint_area) {
        let lines: Vec<Line> = lines.iter().map(|l| Line::from(l.clone())).collect();
        f.render_widget(
            Paragraph::new(lines)
                .block(Block::bordered().title(" Hints "))
                .wrap(Wrap { trim: false }),
            area,
        );
    }
    if let Some(d) = s.dialog {
        dialog(f, d);
    }
}

fn key_of(k: KeyEvent) -> Option<Key> {
    if k.kind != KeyEventKind::Press {
        return None;
    }
    Some(match k.code {
        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => Key::CtrlC,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        _ => return None,
    })
}

/// What a decision screen shows besides the table.
struct Scene<'m> {
    menu: Option<&'m Menu>,
    select: Select,
    dialog: Option<Dialog>,
}

/// The full-screen front end.
pub struct Tui {
    term: Terminal<CrosstermBackend<Stdout>>,
    rules: Rules,
    names: Names,
    mode: TileMode,
    hints: bool,
    hint_lines: Vec<String>,
    mc_hint: Option<hint::McHint>,
    delay: Duration,
    obs: Option<Observation>,
    log: VecDeque<String>,
    message: String,
}

impl Tui {
    fn draw(&mut self, scene: &Scene) -> Result<()> {
        let Tui {
            term,
            names,
            mode,
            hints,
            hint_lines,
            obs,
            log,
            message,
            ..
        } = self;
        let screen = Screen {
            obs: obs.as_ref(),
            names: *names,
            mode: *mode,
            menu: scene.menu,
            select: scene.select,
            log,
            hints: hints.then_some(hint_lines.as_slice()),
            message,
            dialog: scene.dialog.as_ref(),
        };
        term.draw(|f| render(f, &screen))?;
        Ok(())
    }

    /// The next key, or `None` when `timeout` passes first or the terminal
    /// was resized (the caller redraws).
    fn key(&mut self, timeout: Option<Duration>) -> Result<Option<Key>> {
        let until = timeout.map(|t| Instant::now() + t);
        loop {
            exit_if_signalled();
            let left = until.map(|u| u.saturating_duration_since(Instant::now()));
            let step = left.map_or(SIGNAL_CHECK, |l| l.min(SIGNAL_CHECK));
            if event::poll(step)? {
                break;
            }
            if left.is_some_and(|l| l <= step) {
                return Ok(None);
            }
        }
        Ok(match event::read()? {
            TermEvent::Key(k) => key_of(k),
            _ => None,
        })
    }

    /// Asks a yes/no question in a dialog; Ctrl-C counts as yes.
    fn confirm(&mut self, scene: &mut Scene, title: &str, question: &str) -> Result<bool> {
        let saved = scene.dialog.take();
        scene.dialog = Some(Dialog {
            title: title.into(),
            lines: vec![question.into(), "y = yes, any other key = no".into()],
        });
        let answer = loop {
            self.draw(scene)?;
            match self.key(None)? {
                Some(Key::Char('y' | 'Y') | Key::CtrlC) => break true,
                Some(_) => break false,
                None => {}
            }
        };
        scene.dialog = saved;
        Ok(answer)
    }

    /// Shows `dialog` until a key: `Some` when the person leaves.
    fn pause(&mut self, dialog: Dialog) -> Result<Option<Leave>> {
        let mut scene = Scene {
            menu: None,
            select: Select::Nothing,
            dialog: Some(dialog),
        };
        loop {
            self.draw(&scene)?;
            match self.key(None)? {
                Some(Key::CtrlC) => return Ok(Some(Leave::Quit)),
                Some(Key::Char('q')) if self.confirm(&mut scene, "Quit?", "Leave the game?")? => {
                    return Ok(Some(Leave::Quit))
                }
                Some(Key::Char('q')) | None => {}
                Some(_) => return Ok(None),
            }
        }
    }

    /// Redraws and waits `delay`, reading keys meanwhile: `Some` when the
    /// person leaves.
    fn wait(&mut self, delay: Duration) -> Result<Option<Leave>> {
        let mut scene = Scene {
            menu: None,
            select: Select::Nothing,
            dialog: None,
        };
        let end = Instant::now() + delay;
        loop {
            self.draw(&scene)?;
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            match self.key(Some(left))? {
                Some(Key::CtrlC) => return Ok(Some(Leave::Quit)),
                Some(Key::Char('q')) if self.confirm(&mut scene, "Quit?", "Leave the game?")? => {
                    return Ok(Some(Leave::Quit))
                }
                Some(Key::Char('h')) => self.hints = !self.hints,
                _ => {}
            }
        }
    }

    fn refresh_hints(&mut self, obs: &Observation, legal: &[Action], menu: &Menu) {
        if self.hints {
            let mc = self.mc_hint.as_mut();
            self.hint_lines = hint::lines(&self.rules, obs, legal, menu, self.mode, mc);
        }
    }

    /// The chooser for several offers of one group (chi, pon, kan).
    fn choose(&mut self, menu: &Menu, group: Group) -> Result<Option<Action>> {
        let offers = menu.group(group);
        let mut sel = 0usize;
        loop {
            let lines = offers
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    format!(
                        "{} {}  {}",
                        if i == sel { ">" } else { " " },
                        i + 1,
                        o.label
                    )
                })
                .chain(["Up/Down or a number, Enter; Esc cancels".to_string()])
                .collect();
            let scene = Scene {
                menu: Some(menu),
                select: Select::Nothing,
                dialog: Some(Dialog {
                    title: "Which one?".into(),
                    lines,
                }),
            };
            self.draw(&scene)?;
            match self.key(None)? {
                Some(Key::Up) => sel = sel.checked_sub(1).unwrap_or(offers.len() - 1),
                Some(Key::Down) => sel = (sel + 1) % offers.len(),
                Some(Key::Enter | Key::Char(' ')) => return Ok(Some(offers[sel].action.clone())),
                Some(Key::Char(c @ '1'..='9')) => {
                    let i = c as usize - '1' as usize;
                    if let Some(o) = offers.get(i) {
                        return Ok(Some(o.action.clone()));
                    }
                }
                Some(Key::Esc | Key::CtrlC | Key::Char('q')) => return Ok(None),
                _ => {}
            }
        }
    }
}

impl Frontend for Tui {
    fn show(&mut self, u: &Update) -> Result<Option<Leave>> {
        self.obs = Some(u.obs.clone());
        if let Some(line) = event_line(&u.event, &u.obs, self.names, self.mode) {
            if self.log.len() >= 200 {
                self.log.pop_front();
            }
            self.log.push_back(line);
        }
        if let Some(re) = &u.round_end {
            let mut lines = round_end(re, self.names, self.mode);
            lines.push(String::new());
            lines.push(if re.game_over {
                "Any key: the final ranking".into()
            } else {
                "Any key: the next round · q quit".into()
            });
            return self.pause(Dialog {
                title: "End of the round".into(),
                lines,
            });
        }
        let ai_move = mover(&u.event).is_some_and(|s| self.names.watch || s != self.names.me);
        if ai_move && !self.delay.is_zero() {
            return self.wait(self.delay);
        }
        self.wait(Duration::ZERO)
    }

    fn decide(&mut self, obs: &Observation, legal: &[Action]) -> Result<Choice> {
        self.obs = Some(obs.clone());
        self.message.clear();
        let menu = Menu::new(obs, legal, self.names, self.mode);
        self.refresh_hints(obs, legal, &menu);
        let mut cur = Cursor::new(&menu);
        let mut scene = Scene {
            menu: Some(&menu),
            select: Select::Nothing,
            dialog: None,
        };
        loop {
            scene.select = cur.select(&menu);
            self.draw(&scene)?;
            let Some(key) = self.key(None)? else {
                continue;
            };
            match step(&menu, &mut cur, key, self.mode) {
                Step::Act(a) => {
                    self.message.clear();
                    return Ok(Choice::Act(a));
                }
                Step::Auto => return Ok(Choice::Act(hint::ai_choice(&self.rules, obs, legal))),
                Step::Quit => return Ok(Choice::Leave(Leave::Quit)),
                Step::AskQuit => {
                    if self.confirm(&mut scene, "Quit?", "Leave the game?")? {
                        return Ok(Choice::Leave(Leave::Quit));
                    }
                }
                Step::AskNineTerminals => {
                    let question = "Declare nine terminals and abort the round?";
                    if self.confirm(&mut scene, "Nine terminals", question)? {
                        return Ok(Choice::Act(Action::NineTerminals));
                    }
                    cur.go_to(&menu, 9);
                }
                Step::Choose(group) => {
                    if let Some(a) = self.choose(&menu, group)? {
                        return Ok(Choice::Act(a));
                    }
                }
                Step::ToggleHints => {
                    self.hints = !self.hints;
                    self.refresh_hints(obs, legal, &menu);
                }
                Step::Help => {
                    let lines = KEYS
                        .lines()
                        .chain([RIVER_LEGEND])
                        .map(String::from)
                        .collect();
                    scene.dialog = Some(Dialog {
                        title: "Keys".into(),
                        lines,
                    });
                    self.draw(&scene)?;
                    while self.key(None)?.is_none() {}
                    scene.dialog = None;
                }
                Step::Message(m) => self.message = m,
                Step::Moved => self.message.clear(),
            }
        }
    }

    fn game_over(&mut self, record: &GameRecord, final_points: &[i32; 4]) -> Result<()> {
        let mut lines = final_ranking(record, final_points, self.names);
        lines.push(String::new());
        lines.push("Any key: leave".into());
        self.pause(Dialog {
            title: "Game over".into(),
            lines,
        })?;
        Ok(())
    }
}

/// Plays `setup` full screen, `banner` (the seed...) first in the log; the
/// terminal is restored when it returns.
///
/// # Errors
/// An I/O error of the terminal, or the game's errors.
pub fn run(
    setup: &Setup,
    names: Names,
    mode: TileMode,
    hints: bool,
    mc_hint: Option<hint::McHint>,
    delay: Duration,
    banner: &str,
) -> Result<Ending> {
    let guard = Guard::enter()?;
    let term = Terminal::new(CrosstermBackend::new(io::stdout())).context("the terminal")?;
    let mut tui = Tui {
        term,
        rules: setup.rules.clone(),
        names,
        mode,
        hints,
        hint_lines: Vec::new(),
        mc_hint,
        delay,
        obs: None,
        log: VecDeque::from([banner.to_string()]),
        message: String::new(),
    };
    let ending = session::play(setup, &mut tui);
    drop(tui);
    drop(guard);
    ending
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::command::tests::{turn, turn_view, view, NAMES};
    use ratatui::backend::TestBackend;

    /// A screen with `obs` and `log` and nothing else.
    fn bare<'a>(obs: Option<&'a Observation>, log: &'a VecDeque<String>) -> Screen<'a> {
        Screen {
            obs,
            names: NAMES,
            mode: TileMode::Text,
            menu: None,
            select: Select::Nothing,
            log,
            hints: None,
            message: "",
            dialog: None,
        }
    }

    /// A bordered row's text, borders and trailing spaces left out.
    fn inner(row: &str) -> &str {
        row.trim_start_matches('│').trim_end_matches('│').trim_end()
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
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn render_ok_table_hand_choices_log_and_hints() {
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
        let r = rows(&screen, 80, 26);
        assert_eq!(
            r[0],
            "East 1 · 0 honba · 0 sticks · dora indicator 1m · wall 60"
        );
        assert!(r[1].starts_with("┌ Across W 25,000 ─"), "{}", r[1]);
        assert!(r[5].starts_with("┌ Left N 25,000 ─"), "{}", r[5]);
        assert!(r[6].starts_with("│9m*"), "{}", r[6]);
        assert!(r[10].starts_with("┌ You E 25,000 dealer ─"), "{}", r[10]);
        assert_eq!(
            inner(&r[15]),
            "  1  2  3  4  5  6  7  8  9 10 11 12 13   14"
        );
        assert_eq!(
            inner(&r[16]),
            " 1m 2m 3m 4m 0m 6m 1p 1p 5p 6p 7p 8s 8s   4m"
        );
        assert_eq!(
            inner(&r[17]),
            "                                          ^^"
        );
        assert_eq!(
            r[19],
            "Enter discard  d drawn  t tsumo  i riichi  a AI  ? help"
        );
        assert_eq!(r[20], "Riichi is not possible now.");
        assert!(
            r[22].starts_with("│Left: discard 9m (as drawn)"),
            "{}",
            r[22]
        );
        assert!(
            r[22].ends_with("││Hand: tenpai                          │"),
            "{}",
            r[22]
        );
    }

    #[test]
    fn render_ok_dialog_and_unicode_tiles() {
        let obs = view("1m 2m 3m 4m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 7z", None, None);
        let log = VecDeque::new();
        let dialog = Dialog {
            title: "Quit?".into(),
            lines: vec!["Leave the game?".into()],
        };
        let screen = Screen {
            mode: TileMode::Unicode,
            dialog: Some(&dialog),
            ..bare(Some(&obs), &log)
        };
        let r = rows(&screen, 80, 26);
        assert!(
            r[16].starts_with("│ 🀇  🀈  🀉  🀊  🀊  🀋r 🀌  🀙  🀙  🀝  🀞  🀟  🀗  🀄"),
            "{}",
            r[16]
        );
        assert!(r.iter().any(|l| l.contains("┌ Quit? ─")));
        assert!(r.iter().any(|l| l.contains("│Leave the game?")));
        assert_eq!(r[19], "Waiting for the other players · q quit · h hints");
    }

    #[test]
    fn render_ok_on_tiny_terminals() {
        let obs = turn_view();
        let menu = turn();
        let log: VecDeque<String> = ["a long line of the log ".repeat(9)].into();
        let hints = vec!["Hand: tenpai".to_string(); 20];
        let dialog = Dialog {
            title: "End of the round".into(),
            lines: vec!["x".repeat(200); 30],
        };
        for (w, h) in [(1, 1), (2, 3), (10, 5), (20, 8), (33, 13), (80, 24)] {
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
}

//! The full-screen view (`ratatui` + `crossterm`): a thin layer over the
//! shared modules. [`render`] (in `screen.rs`) draws a [`Screen`]; [`Tui`]
//! maps keys to the menu's actions and shows the AI players' moves with a
//! pause.
//!
//! The terminal is restored by a guard when the view ends, on an error, on
//! Ctrl-C (read as a key in raw mode: it leaves at once, and the program
//! exits with 130 as after an interrupt), on a panic (a
//! hook restores it before the message is printed), and on SIGTERM
//! (`signal-hook` sets a flag that the key wait checks every 100 ms; the
//! program then restores the terminal and exits with 143; a second SIGTERM
//! ends it at once). SIGHUP (the terminal is gone) is caught by a thread of
//! its own, which ends the external bots and the program (status 129):
//! crossterm's key wait would spin on the closed terminal.

use super::hint;
use super::keys::{step, Cursor, Key, Select, Step};
use super::menu::{Group, Menu};
use super::screen::{render, Dialog, Palette, Screen};
use super::session::{self, BotFaults, Choice, Ending, Frontend, Leave, Setup, Update};
use super::text::{event_line, final_ranking, mover, round_end, round_header, Names};
use crate::cmd::advice::{Advice, Advisor};
use crate::render::table::RIVER_LEGEND;
use crate::render::TileMode;
use anyhow::{Context, Result};
use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::collections::VecDeque;
use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tenpai::game::{Action, Event, GameRecord, Observation};
use tenpai::rules::Rules;
use tenpai::view::SeatView;

/// The keys, for the help dialog.
const KEYS: &str = "\
Left/Right, Home/End  select a tile       1-14  select by position
Enter or Space        discard it          d     discard the drawn tile
i  riichi: select the discard, then Enter (Esc cancels)
t  tsumo    r  ron    c  chi    p  pon    k  kan    n  pass
9  nine terminals (when offered; asks first), else position 9
At a call prompt: Up/Down or a number picks, Enter takes it (pass at first).
a  let the AI choose (the hints' recommendation)
h  hints on/off         ?  this help
q  leave the game (asks first)            Ctrl-C  leave at once";

/// Puts the terminal in raw mode on the alternate screen; restores it when
/// dropped, and from a panic hook.
struct Guard;

/// The terminal is in raw mode on the alternate screen.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// How often the key wait checks for a termination signal.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// Restores the terminal and exits when a termination signal came.
fn exit_if_signalled() {
    if let Some(sig) = crate::cmd::signals::received() {
        tenpai::bot::end_all_bots();
        restore();
        std::process::exit(128 + sig);
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
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        // SIGTERM, SIGINT: the key wait sees the signal, ends the external
        // bots, restores the terminal and exits with 128 + the signal. A
        // second one (the flag already set) ends the program at once, should
        // the first one not be seen.
        for sig in [SIGTERM, SIGINT] {
            let second = Arc::new(AtomicBool::new(false));
            signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&second))
                .context("a signal handler")?;
            signal_hook::flag::register(sig, second).context("a signal handler")?;
            crate::cmd::signals::record(sig)?;
        }
        // SIGHUP: the terminal is gone, and crossterm's key wait spins on it
        // without returning (crossterm issue 793), so a thread of its own
        // ends the external bots and the program (status 129).
        let mut hangup =
            signal_hook::iterator::Signals::new([SIGHUP]).context("a signal handler")?;
        std::thread::spawn(move || {
            if hangup.forever().next().is_some() {
                tenpai::bot::end_all_bots();
                std::process::exit(128 + SIGHUP);
            }
        });
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
    advisor: Advisor,
    /// The advice of the current decision, asked once.
    advice: Option<Advice>,
    delay: Duration,
    view: Option<SeatView>,
    log: VecDeque<String>,
    message: String,
    /// Ctrl-C was pressed.
    interrupted: bool,
}

impl Tui {
    fn draw(&mut self, scene: &Scene) -> Result<()> {
        let Tui {
            term,
            names,
            mode,
            hints,
            hint_lines,
            view,
            log,
            message,
            ..
        } = self;
        let screen = Screen {
            view: view.as_ref(),
            names: *names,
            mode: *mode,
            palette: Palette {
                colour: super::no_color_unset(),
            },
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
        let key = match event::read()? {
            TermEvent::Key(k) => key_of(k),
            _ => None,
        };
        // However it is then answered, Ctrl-C leaves as an interrupt.
        self.interrupted |= key == Some(Key::CtrlC);
        Ok(key)
    }

    /// Asks a yes/no question in a dialog; Ctrl-C counts as yes.
    fn confirm(&mut self, scene: &mut Scene, title: &str, question: &str) -> Result<bool> {
        let saved = scene.dialog.take();
        scene.dialog = Some(Dialog::new(
            title,
            vec![question.into(), "y = yes, any other key = no".into()],
        ));
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

    /// Shows `dialog` until a key (Up and Down scroll it): `Some` when the
    /// person leaves.
    fn pause(&mut self, dialog: Dialog) -> Result<Option<Leave>> {
        let mut scene = Scene {
            menu: None,
            select: Select::Nothing,
            dialog: Some(dialog),
        };
        loop {
            self.draw(&scene)?;
            let key = self.key(None)?;
            if let (Some(d), Some(k @ (Key::Up | Key::Down))) = (scene.dialog.as_mut(), key) {
                let lines = d.lines.len() as u16;
                d.scroll = match k {
                    Key::Up => d.scroll.saturating_sub(1),
                    _ => (d.scroll + 1).min(lines),
                };
                continue;
            }
            match key {
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
            let key = self.key(Some(left))?;
            if let Some(leave) = self.waiting_key(key, &mut scene)? {
                return Ok(Some(leave));
            }
        }
    }

    /// Answers `key` pressed while the game goes on by itself: Ctrl-C
    /// leaves, `q` leaves after a confirmation, `h` toggles the hints.
    fn waiting_key(&mut self, key: Option<Key>, scene: &mut Scene) -> Result<Option<Leave>> {
        match key {
            Some(Key::CtrlC) => return Ok(Some(Leave::Quit)),
            Some(Key::Char('q')) if self.confirm(scene, "Quit?", "Leave the game?")? => {
                return Ok(Some(Leave::Quit))
            }
            Some(Key::Char('h')) => self.hints = !self.hints,
            _ => {}
        }
        Ok(None)
    }

    /// The advice of the current decision (asked once per decision).
    fn advice(&mut self, obs: &Observation, menu: &Menu) -> Advice {
        let Tui {
            advisor,
            advice,
            rules,
            ..
        } = self;
        advice
            .get_or_insert_with(|| advisor.advise(rules, obs, menu.legal()))
            .clone()
    }

    fn refresh_hints(&mut self, obs: &Observation, menu: &Menu) {
        if self.hints {
            let advice = self.advice(obs, menu);
            self.hint_lines = hint::lines(&self.rules, menu.view(), menu, self.mode, &advice);
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
                dialog: Some(Dialog::new("Which one?", lines)),
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
        self.view = Some(u.view.clone());
        // A round's header in its short form: the Moves panel is narrow.
        let line = match u.event {
            Event::StartKyoku { .. } => Some(round_header(&u.view, self.names)),
            _ => event_line(&u.event, &u.view, self.names, self.mode),
        };
        if let Some(line) = line {
            if self.log.len() >= 200 {
                self.log.pop_front();
            }
            self.log.push_back(line);
        }
        if let (Event::EndKyoku, Some(re)) = (&u.event, u.view.result()) {
            let mut lines = round_end(re, self.names, self.mode);
            lines.push(String::new());
            lines.push(if u.view.stage() == tenpai::view::Stage::GameOver {
                "Any key: the final ranking".into()
            } else {
                "Any key: the next round · q quit".into()
            });
            return self.pause(Dialog::new("End of the round", lines));
        }
        let ai_move = mover(&u.event).is_some_and(|s| self.names.watch || s != self.names.me);
        if ai_move && !self.delay.is_zero() {
            return self.wait(self.delay);
        }
        self.wait(Duration::ZERO)
    }

    fn idle(&mut self) -> Result<Option<Leave>> {
        let mut scene = Scene {
            menu: None,
            select: Select::Nothing,
            dialog: None,
        };
        let key = self.key(Some(Duration::from_millis(1)))?;
        let leave = self.waiting_key(key, &mut scene)?;
        if key.is_some() && leave.is_none() {
            self.draw(&scene)?;
        }
        Ok(leave)
    }

    fn decide(&mut self, obs: &Observation, view: &SeatView) -> Result<Choice> {
        self.view = Some(view.clone());
        self.message.clear();
        self.advice = None;
        let menu = Menu::new(view, self.names, self.mode);
        self.refresh_hints(obs, &menu);
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
                Step::Auto => return Ok(Choice::Act(self.advice(obs, &menu).chosen)),
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
                    self.refresh_hints(obs, &menu);
                }
                Step::Help => {
                    let lines = KEYS
                        .lines()
                        .chain(RIVER_LEGEND.lines())
                        .map(String::from)
                        .collect();
                    scene.dialog = Some(Dialog::new("Keys", lines));
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
        self.pause(Dialog::new("Game over", lines))?;
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
    advisor: Advisor,
    delay: Duration,
    banner: &str,
) -> Result<(Ending, Vec<BotFaults>)> {
    let guard = Guard::enter()?;
    let term = Terminal::new(CrosstermBackend::new(io::stdout())).context("the terminal")?;
    let mut tui = Tui {
        term,
        rules: setup.rules.clone(),
        names,
        mode,
        hints,
        hint_lines: Vec::new(),
        advisor,
        advice: None,
        delay,
        view: None,
        log: VecDeque::from([banner.to_string()]),
        message: String::new(),
        interrupted: false,
    };
    let ending = session::play(setup, &mut tui).map(|(e, faults)| match e {
        Ending::Left {
            why: Leave::Quit,
            view,
            played,
        } if tui.interrupted => (
            Ending::Left {
                why: Leave::Interrupted,
                view,
                played,
            },
            faults,
        ),
        e => (e, faults),
    });
    drop(tui);
    drop(guard);
    ending
}

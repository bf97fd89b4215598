//! The full-screen view's keys at a decision, as a step over a cursor with
//! no input or output, so that the tests can press keys: arrows and numbers
//! move the selection, Enter or Space takes it, letters pick the menu's
//! actions (through the same [`Menu`] as the line mode's commands).

use super::menu::{Group, Menu};
use super::parse::Input;
use crate::render::TileMode;
use tenpai::game::Action;

/// A key press, simplified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character.
    Char(char),
    /// Ctrl-C.
    CtrlC,
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Left arrow.
    Left,
    /// Right arrow.
    Right,
    /// Up arrow.
    Up,
    /// Down arrow.
    Down,
    /// Home.
    Home,
    /// End.
    End,
}

/// What is highlighted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// Nothing (watching, waiting).
    Nothing,
    /// The hand tile at this index; `riichi`: choosing the riichi discard.
    Tile {
        /// Index into the hand as shown.
        index: usize,
        /// Riichi is being declared.
        riichi: bool,
    },
    /// The menu offer at this index (call prompts).
    Offer(usize),
}

/// The selection during one decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    /// The selected hand tile (index into [`Menu::hand`]); the drawn tile at first.
    pub tile: usize,
    /// The selected offer at a call prompt.
    pub offer: usize,
    /// Riichi is being declared: Enter takes the tile as the riichi discard.
    pub riichi: bool,
    /// A first digit that may start a two-digit position.
    digit: Option<usize>,
}

/// What a key asks the view to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Take this legal action.
    Act(Action),
    /// Leave at once (Ctrl-C).
    Quit,
    /// Ask whether to leave (q).
    AskQuit,
    /// Ask whether to declare nine terminals (9, when offered).
    AskNineTerminals,
    /// Let the person choose among several offers of this group.
    Choose(Group),
    /// Hints on or off.
    ToggleHints,
    /// Show the keys.
    Help,
    /// Let the AI choose.
    Auto,
    /// Show this message.
    Message(String),
    /// The selection moved (or was cancelled): clear the message.
    Moved,
}

impl Cursor {
    /// The cursor at the start of a decision: on the drawn (last) tile; at a
    /// call prompt on pass, so that Enter or Space (the discard keys) never
    /// call or win by mistake.
    pub fn new(menu: &Menu) -> Cursor {
        Cursor {
            tile: menu.hand.len().saturating_sub(1),
            offer: menu
                .offers
                .iter()
                .position(|o| o.group == Group::Pass)
                .unwrap_or(0),
            riichi: false,
            digit: None,
        }
    }

    /// What to highlight.
    pub fn select(&self, menu: &Menu) -> Select {
        if menu.turn {
            Select::Tile {
                index: self.tile,
                riichi: self.riichi,
            }
        } else {
            Select::Offer(self.offer)
        }
    }

    /// Selects the tile at position `pos` (1-based), if there is one.
    pub fn go_to(&mut self, menu: &Menu, pos: usize) {
        if (1..=menu.hand.len()).contains(&pos) {
            self.tile = pos - 1;
        }
    }
}

/// A command's action, or its message.
fn command(menu: &Menu, line: &str, mode: TileMode) -> Step {
    command_riichi(menu, line, false, mode)
}

/// A command's action (a riichi discard when `riichi`), or its message.
fn command_riichi(menu: &Menu, line: &str, riichi: bool, mode: TileMode) -> Step {
    match menu.parse(line, riichi, mode) {
        Ok(Input::Act(a)) => Step::Act(a),
        Ok(_) => Step::Moved,
        Err(m) => Step::Message(m),
    }
}

fn taken(r: Result<Action, String>) -> Step {
    match r {
        Ok(a) => Step::Act(a),
        Err(m) => Step::Message(m),
    }
}

/// What `key` does at the decision of `menu`, moving `cur`.
pub fn step(menu: &Menu, cur: &mut Cursor, key: Key, mode: TileMode) -> Step {
    let n = menu.hand.len();
    let offers = menu.offers.len();
    let typed = cur.digit.take();
    match key {
        Key::CtrlC => Step::Quit,
        Key::Char('q') => Step::AskQuit,
        Key::Char('h') => Step::ToggleHints,
        Key::Char('?') => Step::Help,
        Key::Char('a') => Step::Auto,
        Key::Esc => {
            cur.riichi = false;
            Step::Moved
        }
        Key::Left | Key::Up if !menu.turn && offers > 0 => {
            cur.offer = cur.offer.checked_sub(1).unwrap_or(offers - 1);
            Step::Moved
        }
        Key::Right | Key::Down if !menu.turn && offers > 0 => {
            cur.offer = (cur.offer + 1) % offers;
            Step::Moved
        }
        Key::Left if n > 0 => {
            cur.tile = cur.tile.checked_sub(1).unwrap_or(n - 1);
            Step::Moved
        }
        Key::Right if n > 0 => {
            cur.tile = (cur.tile + 1) % n;
            Step::Moved
        }
        Key::Home => {
            cur.tile = 0;
            Step::Moved
        }
        Key::End => {
            cur.tile = n.saturating_sub(1);
            Step::Moved
        }
        Key::Char('9') if menu.turn && !menu.group(Group::NineTerminals).is_empty() => {
            Step::AskNineTerminals
        }
        Key::Char(c @ '0'..='9') if !menu.turn => {
            let d = c as usize - '0' as usize;
            taken(
                menu.offers
                    .get(d.wrapping_sub(1))
                    .map(|o| o.action.clone())
                    .ok_or_else(|| format!("No option {d} (1-{offers}).")),
            )
        }
        Key::Char(c @ '0'..='9') => {
            // One digit selects 1-9 (0: 10); a second digit right after makes
            // 10-14 when the hand is that long.
            let d = c as usize - '0' as usize;
            let pos = match typed {
                Some(p) if (10..=n).contains(&(p * 10 + d)) => p * 10 + d,
                _ if d == 0 => 10,
                _ => {
                    if d * 10 <= n {
                        cur.digit = Some(d);
                    }
                    d
                }
            };
            cur.go_to(menu, pos);
            Step::Moved
        }
        Key::Enter | Key::Char(' ') if menu.turn => {
            taken(menu.discard_at(cur.tile + 1, cur.riichi))
        }
        Key::Enter | Key::Char(' ') => taken(
            menu.offers
                .get(cur.offer)
                .map(|o| o.action.clone())
                .ok_or_else(|| "Nothing to choose.".to_string()),
        ),
        // As the line mode's d: the drawn tile, and none right after a call.
        Key::Char('d') if menu.turn => command_riichi(menu, "d", cur.riichi, mode),
        Key::Char('i') => match menu.parse("riichi", false, mode) {
            Ok(_) => {
                cur.riichi = true;
                if menu.discard_at(cur.tile + 1, true).is_err() {
                    // Onto the first tile that may be the riichi discard.
                    if let Some(i) = (0..n).find(|&i| menu.discard_at(i + 1, true).is_ok()) {
                        cur.tile = i;
                    }
                }
                Step::Message("Riichi: select the discard and press Enter (Esc cancels).".into())
            }
            Err(m) => Step::Message(m),
        },
        Key::Char(c @ ('c' | 'p' | 'k')) => {
            let group = match c {
                'c' => Group::Chi,
                'p' => Group::Pon,
                _ => Group::Kan,
            };
            if menu.group(group).len() > 1 {
                Step::Choose(group)
            } else {
                command(menu, &c.to_string(), mode)
            }
        }
        Key::Char(c @ ('t' | 'r' | 'n')) => command(menu, &c.to_string(), mode),
        _ => Step::Message("Unknown key (? lists the keys).".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::fixtures::{after_chi, call, discard, menu_of, obs, pai, riichi, turn};

    fn press(menu: &Menu, cur: &mut Cursor, keys: &[Key]) -> Vec<Step> {
        keys.iter()
            .map(|&k| step(menu, cur, k, TileMode::Text))
            .collect()
    }

    #[test]
    fn keys_ok_select_and_discard() {
        let m = turn();
        let mut cur = Cursor::new(&m);
        assert_eq!(
            cur.select(&m),
            Select::Tile {
                index: 13,
                riichi: false
            }
        );
        // Enter at once: the drawn tile.
        assert_eq!(
            step(&m, &mut cur.clone(), Key::Enter, TileMode::Text),
            Step::Act(discard("8s", true))
        );
        press(&m, &mut cur, &[Key::Right, Key::Right]);
        assert_eq!(cur.tile, 1);
        press(&m, &mut cur, &[Key::Left, Key::Left, Key::Left]);
        assert_eq!(cur.tile, 12);
        press(&m, &mut cur, &[Key::Char('5')]);
        assert_eq!(cur.tile, 4);
        assert_eq!(
            step(&m, &mut cur, Key::Char(' '), TileMode::Text),
            Step::Act(discard("5mr", false))
        );
        // Two digits: 1 then 2 is position 12; 0 is 10.
        press(&m, &mut cur, &[Key::Char('1'), Key::Char('2')]);
        assert_eq!(cur.tile, 11);
        press(&m, &mut cur, &[Key::Char('0')]);
        assert_eq!(cur.tile, 9);
        press(&m, &mut cur, &[Key::Home]);
        assert_eq!(cur.tile, 0);
        assert_eq!(
            step(&m, &mut cur, Key::Char('d'), TileMode::Text),
            Step::Act(discard("8s", true))
        );
    }

    #[test]
    fn keys_err_d_with_no_drawn_tile_discards_nothing() {
        // Right after a call there is no drawn tile: d says so, as in line mode.
        let m = after_chi();
        let mut cur = Cursor::new(&m);
        assert_eq!(
            step(&m, &mut cur, Key::Char('d'), TileMode::Text),
            Step::Message("You have no drawn tile: discard by position or name.".into())
        );
        assert_eq!(
            step(&m, &mut cur, Key::Enter, TileMode::Text),
            Step::Act(discard("7z", false))
        );
    }

    #[test]
    fn keys_ok_ron_prompt_selects_pass() {
        // 234m 456m 234p 55p 88s and 8s: tanyao by ron, or pon.
        let m = menu_of(&obs(
            "2m 3m 4m 4m 5m 6m 2p 3p 4p 5p 5p 8s 8s",
            None,
            Some("8s"),
        ));
        let pon = Action::Pon {
            consumed: [pai("8s"), pai("8s")],
        };
        assert_eq!(m.legal(), [Action::Ron, pon, Action::Pass]);
        let mut cur = Cursor::new(&m);
        assert_eq!(cur.select(&m), Select::Offer(2));
        assert_eq!(
            step(&m, &mut cur.clone(), Key::Enter, TileMode::Text),
            Step::Act(Action::Pass)
        );
        assert_eq!(
            step(&m, &mut cur, Key::Char('r'), TileMode::Text),
            Step::Act(Action::Ron)
        );
    }

    #[test]
    fn keys_ok_riichi_then_the_discard() {
        // One discard from ready: riichi by discarding a 4m or the 1m.
        let m = menu_of(&obs(
            "1m 2m 3m 4m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 8s",
            Some("4m"),
            None,
        ));
        let mut cur = Cursor::new(&m);
        cur.tile = 0;
        let s = step(&m, &mut cur, Key::Char('i'), TileMode::Text);
        assert!(matches!(s, Step::Message(_)));
        // On a tile that may be the riichi discard (1m): it stays there.
        assert_eq!((cur.tile, cur.riichi), (0, true));
        assert_eq!(
            step(&m, &mut cur.clone(), Key::Enter, TileMode::Text),
            Step::Act(riichi("1m", false))
        );
        press(&m, &mut cur, &[Key::Right]);
        assert_eq!(
            step(&m, &mut cur, Key::Enter, TileMode::Text),
            Step::Message("Discarding 2m leaves no wait; riichi is possible with 4m 1m.".into())
        );
        press(&m, &mut cur, &[Key::End]);
        assert_eq!(
            step(&m, &mut cur, Key::Enter, TileMode::Text),
            Step::Act(riichi("4m", true))
        );
        press(&m, &mut cur, &[Key::Esc]);
        assert!(!cur.riichi);
        assert_eq!(
            step(&m, &mut cur, Key::Char('t'), TileMode::Text),
            Step::Message("Tsumo is not possible: your hand does not win.".into())
        );
        // A winning hand: t wins.
        let m = turn();
        assert_eq!(
            step(&m, &mut Cursor::new(&m), Key::Char('t'), TileMode::Text),
            Step::Act(Action::Tsumo)
        );
    }

    #[test]
    fn keys_ok_call_prompt() {
        let m = call();
        let mut cur = Cursor::new(&m);
        // Pass is selected at first: Enter or Space lets the tile go.
        assert_eq!(cur.select(&m), Select::Offer(3));
        for k in [Key::Enter, Key::Char(' ')] {
            assert_eq!(
                step(&m, &mut cur.clone(), k, TileMode::Text),
                Step::Act(Action::Pass)
            );
        }
        press(&m, &mut cur, &[Key::Down]);
        assert_eq!(cur.select(&m), Select::Offer(0));
        assert_eq!(
            step(&m, &mut cur, Key::Char('c'), TileMode::Text),
            Step::Choose(Group::Chi)
        );
        assert_eq!(
            step(&m, &mut cur, Key::Char('p'), TileMode::Text),
            Step::Act(Action::Pon {
                consumed: [pai("5p"), pai("5p")]
            })
        );
        press(&m, &mut cur, &[Key::Down, Key::Down, Key::Down]);
        assert_eq!(
            step(&m, &mut cur, Key::Enter, TileMode::Text),
            Step::Act(Action::Pass)
        );
        press(&m, &mut cur, &[Key::Up]);
        assert_eq!(cur.offer, 2);
        assert_eq!(
            step(&m, &mut cur, Key::Char('3'), TileMode::Text),
            Step::Act(Action::Chi {
                consumed: [pai("4p"), pai("6p")]
            })
        );
        assert_eq!(
            step(&m, &mut cur, Key::Char('7'), TileMode::Text),
            Step::Message("No option 7 (1-4).".into())
        );
        assert_eq!(
            step(&m, &mut cur, Key::Char('n'), TileMode::Text),
            Step::Act(Action::Pass)
        );
        assert_eq!(
            step(&m, &mut cur, Key::Char('t'), TileMode::Text),
            Step::Message("Tsumo is not possible: there is no tile to win on now.".into())
        );
        assert_eq!(
            step(&m, &mut cur, Key::Char('x'), TileMode::Text),
            Step::Message("Unknown key (? lists the keys).".into())
        );
        assert_eq!(step(&m, &mut cur, Key::CtrlC, TileMode::Text), Step::Quit);
        assert_eq!(
            step(&m, &mut cur, Key::Char('q'), TileMode::Text),
            Step::AskQuit
        );
    }
}

//! The full screen drawn on a test terminal.

use super::*;
use crate::cmd::play::fixtures::{obs, turn, turn_obs, view_of, NAMES};
use ratatui::style::Modifier;

/// A screen with `view` and `log` and nothing else.
fn bare<'a>(view: Option<&'a SeatView>, log: &'a VecDeque<String>) -> Screen<'a> {
    Screen {
        view,
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
    text_rows(screen, w, h)
}

#[test]
fn render_ok_table_hand_choices_moves_and_hints() {
    let menu = turn();
    let obs = menu.view().clone();
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
    assert_eq!(r[4], "9m*                                    │");
    assert!(r[5].starts_with("─ You E 25,000 dealer ─"), "{}", r[5]);
    assert!(r[7].starts_with("─ Your hand ─"), "{}", r[7]);
    assert_eq!(r[8], "  1  2  3  4  5  6  7  8  9 10 11 12 13   14");
    assert_eq!(r[9], " 1m 2m 3m 4m 0m 6m 1p 1p 5p 6p 7p 8s 8s   8s");
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
fn render_ok_hint_lines_wrap_between_columns_only() {
    let obs = view_of(&turn_obs());
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
    let obs = view_of(&obs(
        "1m 2m 3m 4m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 7z",
        Some("7z"),
        None,
    ));
    let log = VecDeque::new();
    let dialog = Dialog::new("Quit?", vec!["Leave the game?".into()]);
    let screen = Screen {
        mode: TileMode::Unicode,
        dialog: Some(&dialog),
        ..bare(Some(&obs), &log)
    };
    let r = rows(&screen, 80, 24);
    assert!(
        r[9].starts_with(" 🀇  🀈  🀉  🀊  🀊  🀋r 🀌  🀙  🀙  🀝  🀞  🀟  🀗    🀄"),
        "{}",
        r[9]
    );
    assert!(r.iter().any(|l| l.contains("┌ Quit? ─")));
    assert!(r.iter().any(|l| l.contains("│Leave the game?")));
    assert!(r[11].starts_with("Waiting for the other play"), "{}", r[11]);
}

#[test]
fn render_ok_tall_dialog_scrolls_and_says_so() {
    let obs = view_of(&turn_obs());
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
    let obs = view_of(&turn_obs());
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
    let obs = view_of(&turn_obs());
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

/// Watching four AI players: no seat is "You"; each is named by its seat
/// number (true whatever the round), and the hand panel says whose hand it
/// is.
#[test]
fn render_ok_watching_names_every_seat_by_its_number_and_none_you() {
    let obs = view_of(&turn_obs());
    let log = VecDeque::new();
    let screen = Screen {
        names: crate::cmd::play::text::Names { me: 0, watch: true },
        ..bare(Some(&obs), &log)
    };
    let r = rows(&screen, 80, 24);
    assert!(r[1].starts_with("─ Seat 2 W 25,000 ─"), "{}", r[1]);
    assert!(r[3].starts_with("─ Seat 3 N 25,000 ─"), "{}", r[3]);
    assert!(r[3].contains("─ Seat 1 S 25,000 ─"), "{}", r[3]);
    assert!(r[5].starts_with("─ Seat 0 E 25,000 dealer ─"), "{}", r[5]);
    assert!(
        r[7].starts_with("─ Seat 0's hand (played by the AI) ─"),
        "{}",
        r[7]
    );
    assert_eq!(r[11], "Watching · q quit · Ctrl-C leave at once");
    let all = r.join("\n");
    assert!(!all.contains("You"), "{all}");
}

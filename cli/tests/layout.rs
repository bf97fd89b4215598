//! The full screen of `tenpai play` at 80×24, 100×30, 120×40 and 200×50,
//! drawn without a terminal (`tenpai_cli`'s screen on ratatui's test
//! backend) from a busy position: late in a seeded round where every seat
//! called whatever it could, so the rivers are long and the melds many.
//!
//! Each size is checked three ways: the text of the whole screen against
//! `tests/snapshots/layout-WxH.txt`; Left's and Right's panels side by side
//! never run into each other (a rule ` │ ` between them, each side's text
//! the tail of its own river and melds, in order); no meld is broken across
//! rows. After a deliberate change to the screen, regenerate the texts and
//! read their diff:
//!
//! ```sh
//! UPDATE_SNAPSHOTS=1 cargo test --release -p tenpai-cli --test integration layout::
//! ```

use std::collections::VecDeque;
use tenpai::game::SeatIndex;
use tenpai::game::{Action, Game};
use tenpai::rules::Rules;
use tenpai::view::SeatView;
use tenpai_cli::cmd::play::keys::Select;
use tenpai_cli::cmd::play::menu::Menu;
use tenpai_cli::cmd::play::screen::{text_rows, Palette, Screen};
use tenpai_cli::cmd::play::text::{round_header, Names};
use tenpai_cli::render::table::river_tile;
use tenpai_cli::render::TileMode;

/// The sizes every layout is tested at.
const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (120, 40), (200, 50)];

const NAMES: Names = Names {
    me: 0,
    watch: false,
};

/// Seat 0's view late in the round of seed 3 where every seat calls
/// whatever it may and otherwise takes its first legal action: eight tiles
/// or fewer left in the wall, seat 0 to discard.
fn busy_view() -> SeatView {
    let mut g = Game::new(&Rules::tenhou(), 3, false).unwrap();
    loop {
        let view = SeatView::of(g.state(), SeatIndex::ALL[0]);
        let late = view.tiles_left() <= 8;
        if late
            && g.to_act() == Some(SeatIndex::ALL[0])
            && view.choices().is_some_and(|c| c.discard_due)
        {
            return view;
        }
        let call = g
            .legal()
            .iter()
            .find(|a| matches!(a, Action::Chi { .. } | Action::Pon { .. }))
            .cloned();
        let a = call.unwrap_or_else(|| g.legal()[0].clone());
        g.step(&a).unwrap();
    }
}

/// The screen at `w`×`h`, one string a row (trailing blanks dropped), with
/// thirty moves in the Moves panel.
fn rows(view: &SeatView, w: u16, h: u16) -> Vec<String> {
    let log: VecDeque<String> = (1..=30).map(|i| format!("move {i}")).collect();
    rows_with(view, w, h, &log)
}

/// The screen at `w`×`h` with `log` in the Moves panel.
fn rows_with(view: &SeatView, w: u16, h: u16, log: &VecDeque<String>) -> Vec<String> {
    let menu = Menu::new(view, NAMES, TileMode::Text);
    let hints = vec!["Hand: 1-shanten; best discards:".to_string()];
    let screen = Screen {
        view: Some(view),
        names: NAMES,
        mode: TileMode::Text,
        palette: Palette { colour: false },
        menu: Some(&menu),
        select: Select::Tile {
            index: 0,
            riichi: false,
        },
        log,
        hints: Some(&hints),
        message: "",
        dialog: None,
    };
    text_rows(&screen, w, h)
}

/// A seat's panel text as words: its river tiles, then `melds` and each
/// meld with its caller (`[345p]<Left`).
fn seat_words(view: &SeatView, seat: u8) -> Vec<String> {
    let info = &view.seats()[seat as usize];
    let mut words: Vec<String> = info
        .river
        .iter()
        .map(|r| river_tile(r, TileMode::Text))
        .collect();
    if !info.melds.is_empty() {
        words.push("melds".into());
        words.extend(info.melds.iter().map(meld_word));
    }
    words
}

/// A meld as the seat panel writes it, with its caller.
fn meld_word(m: &tenpai::view::MeldEntry) -> String {
    let from = m
        .from
        .map(|s| format!("<{}", NAMES.of(s)))
        .unwrap_or_default();
    format!("{}{from}", TileMode::Text.meld(m))
}

/// The rows from the one starting with `title` to the next panel title.
fn panel<'a>(r: &'a [String], title: &str) -> &'a [String] {
    let start = r
        .iter()
        .position(|l| l.starts_with(title))
        .unwrap_or_else(|| panic!("no {title:?} panel:\n{}", r.join("\n")));
    let len = r[start + 1..]
        .iter()
        .position(|l| l.starts_with('─'))
        .unwrap_or(r.len() - start - 1);
    &r[start..start + 1 + len]
}

/// Words of `rows` cut to the columns `cols`.
fn words_in(rows: &[String], cols: std::ops::Range<usize>) -> Vec<String> {
    rows.iter()
        .flat_map(|l| {
            let cut: String = l.chars().skip(cols.start).take(cols.len()).collect();
            cut.split_whitespace().map(String::from).collect::<Vec<_>>()
        })
        .collect()
}

/// `got` is the tail of `want` (the latest tiles kept in view), and not
/// empty.
#[track_caller]
fn assert_tail(got: &[String], want: &[String], what: &str, screen: &str) {
    assert!(
        !got.is_empty() && want.ends_with(got),
        "{what}: {got:?} is not the tail of {want:?}\n{screen}"
    );
}

#[test]
fn layout_ok_text_of_the_screen_at_every_size() {
    let view = busy_view();
    for (w, h) in SIZES {
        let text = rows(&view, w, h).join("\n") + "\n";
        let file = format!(
            "{}/tests/snapshots/layout-{w}x{h}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&file, &text).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{file}: {e} (UPDATE_SNAPSHOTS=1 writes it)"));
        assert!(
            text == want,
            "the screen at {w}×{h} differs from {file}:\n{text}"
        );
    }
}

#[test]
fn layout_ok_every_panel_at_every_size() {
    let view = busy_view();
    let status = tenpai_cli::render::table::status(&view, TileMode::Text);
    for (w, h) in SIZES {
        let r = rows(&view, w, h);
        let screen = r.join("\n");
        assert_eq!(r.len(), h as usize);
        assert_eq!(r[0], status, "{screen}");
        assert!(r.iter().all(|l| l.chars().count() <= w as usize));
        for title in ["─ Across ", "─ Left ", "─ You ", "─ Your hand ", "─ Moves "] {
            assert_eq!(
                r.iter().filter(|l| l.starts_with(title)).count(),
                1,
                "{title:?} at {w}×{h}:\n{screen}"
            );
        }
        assert!(panel(&r, "─ Left ")[0].contains("─ Right "), "{screen}");
        assert!(panel(&r, "─ Moves ")[0].contains("─ Hints "), "{screen}");
        // The moves keep at least a title and five rows, the latest last.
        let moves = panel(&r, "─ Moves ");
        assert!(moves.len() >= 6, "{screen}");
        let last = moves.iter().rev().find(|l| !l.is_empty()).unwrap();
        assert!(last.starts_with("move 30"), "{screen}");
    }
}

#[test]
fn layout_ok_left_and_right_never_overlap() {
    let view = busy_view();
    for (w, h) in SIZES {
        let r = rows(&view, w, h);
        let screen = r.join("\n");
        let band = &panel(&r, "─ Left ")[1..];
        let lw = (w as usize - 3) / 2;
        for l in band {
            // Rows are trimmed: the rule's trailing space may be gone.
            let gap: String = l.chars().skip(lw).take(3).collect();
            assert_eq!(
                gap.trim_end(),
                " │",
                "no rule between Left and Right at {w}×{h}:\n{screen}"
            );
        }
        // Each side shows the tail of its own seat's words, in order.
        let left = words_in(band, 0..lw);
        let right = words_in(band, lw + 3..w as usize);
        assert_tail(&left, &seat_words(&view, 3), "Left", &screen);
        assert_tail(&right, &seat_words(&view, 1), "Right", &screen);
        let across = words_in(&panel(&r, "─ Across ")[1..], 0..w as usize);
        assert_tail(&across, &seat_words(&view, 2), "Across", &screen);
        let you = words_in(&panel(&r, "─ You ")[1..], 0..w as usize);
        assert_tail(&you, &seat_words(&view, 0), "You", &screen);
        // From 120×40 up every river is whole.
        if h >= 40 {
            assert_eq!(left, seat_words(&view, 3), "{screen}");
            assert_eq!(right, seat_words(&view, 1), "{screen}");
            assert_eq!(across, seat_words(&view, 2), "{screen}");
            assert_eq!(you, seat_words(&view, 0), "{screen}");
        }
    }
}

/// Every word in a seat panel at `w`: Across, Left, Right, You.
fn seat_panel_words(r: &[String], w: usize) -> [Vec<String>; 4] {
    let band = &panel(r, "─ Left ")[1..];
    let lw = (w - 3) / 2;
    [
        words_in(&panel(r, "─ You ")[1..], 0..w),
        words_in(band, lw + 3..w),
        words_in(&panel(r, "─ Across ")[1..], 0..w),
        words_in(band, 0..lw),
    ]
}

#[test]
fn layout_ok_no_meld_is_broken_across_rows() {
    let view = busy_view();
    let melds: usize = view.seats().iter().map(|s| s.melds.len()).sum();
    assert!(melds >= 4, "a busy table: {melds} melds");
    for (w, h) in SIZES {
        let r = rows(&view, w, h);
        let screen = r.join("\n");
        let shown = seat_panel_words(&r, w as usize);
        for (seat, info) in view.seats().iter().enumerate() {
            for m in &info.melds {
                let word = meld_word(m);
                // A piece of a meld on a row: the rest is on the next.
                let piece = shown[seat]
                    .iter()
                    .find(|x| **x != word && word.starts_with(x.as_str()));
                assert!(
                    piece.is_none(),
                    "{word} broken ({piece:?}) at {w}×{h}:\n{screen}"
                );
                // From 100×30 up every meld is in view.
                if w >= 100 {
                    assert!(
                        shown[seat].contains(&word),
                        "{word} not shown at {w}×{h}:\n{screen}"
                    );
                }
            }
        }
    }
}

#[test]
fn layout_ok_a_round_header_fits_on_one_row_of_the_moves() {
    let view = busy_view();
    let header = round_header(&view, NAMES);
    assert_eq!(header, "=== E1-0 · dealer You ===");
    // The longest header round_header writes (a wind's fourth round, 99
    // honba, the dealer Across).
    let longest = "=== S4-99 · dealer Across ===";
    let log: VecDeque<String> = [header.as_str(), longest, "move 1"]
        .map(String::from)
        .into();
    for (w, h) in SIZES {
        let r = rows_with(&view, w, h, &log);
        let screen = r.join("\n");
        let moves = panel(&r, "─ Moves ");
        for line in [header.as_str(), longest] {
            assert!(
                moves.iter().any(|l| l.starts_with(line)),
                "{line:?} wraps at {w}×{h}:\n{screen}"
            );
        }
        let i = moves.iter().position(|l| l.starts_with(longest)).unwrap();
        assert!(moves[i + 1].starts_with("move 1"), "{screen}");
    }
}

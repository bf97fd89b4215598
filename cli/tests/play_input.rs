//! `tenpai play` in its line mode, input that changes nothing: garbage at
//! every prompt, illegal commands (each with its message), riichi and
//! discard rules enforced, a pending riichi cancelled, help and hints, bad
//! options named.

use crate::common::tenpai_in;
use crate::play::*;

/// Lines that no prompt accepts (each is tried before every answer).
const GARBAGE: [&str; 16] = [
    "xyzzy",
    "99",
    "0",
    "c 9",
    "p 9",
    "k 9",
    "8z",
    "5x",
    "riichi 8z",
    "tsumogiri please",
    "",
    "!",
    "ponn",
    "a b c",
    "\u{1F000}",
    "1m2m3m",
];

#[test]
fn play_ok_garbage_at_every_prompt_changes_nothing() {
    let (d, log) = grabby_game("300", grabby);
    let script: String = d.answers.iter().map(|a| format!("{a}\n")).collect();
    let mut noisy = String::new();
    for a in &d.answers {
        for g in GARBAGE {
            noisy.push_str(g);
            noisy.push('\n');
        }
        noisy.push_str(a);
        noisy.push('\n');
    }
    let args = ["play", BASELINE, "--seed", "300", "--length", "east"];
    let (clean_out, clean_log) = play_logged(&args, &script);
    let (noisy_out, noisy_log) = play_logged(&args, &noisy);
    assert_eq!(clean_out, d.out, "a script plays as the bot did");
    assert!(clean_log == log, "the script played another game");
    assert!(noisy_log == clean_log, "garbage changed the game");
    assert_eq!(ranking(&noisy_out), ranking(&clean_out));
    for message in [
        "> xyzzy\nUnknown command \"xyzzy\"; type help.\n",
        "> 99\nThere is no tile at position 99 (1-14).\n",
        "> 0\nThere is no tile at position 0 (1-14).\n",
        "> c 9\nYou cannot chi now.\n",
        "> 8z\n\"8z\" is not a tile: no tile 8z (at position 1).\n",
        "> riichi 8z\nRiichi is not possible: no discard leaves the hand tenpai.\n",
        "> a b c\nToo many words in \"a b c\"; type help.\n",
        "> \u{1F000}\nUnknown command \"\u{1F000}\"; type help.\n",
    ] {
        assert!(noisy_out.contains(message), "no {message:?}");
    }
    // At a call prompt a number picks an option.
    assert!(noisy_out.contains(
        "Left let go of 2p:\n\
         \x20 1  c     chi 2p with 3p4p\n\
         \x20 2  n     pass\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > xyzzy\n\
         Unknown command \"xyzzy\"; type help.\n\
         > 99\n\
         No option 99 (1-2).\n\
         > 0\n\
         No option 0 (1-2).\n\
         > c 9\n\
         No chi 9: c (chi 2p with 3p4p)\n\
         > p 9\n\
         You cannot pon now.\n"
    ));
}

#[test]
fn play_err_illegal_commands_get_a_message_and_change_nothing() {
    let args: &[&str] = SEED7;
    let (_, clean) = play_logged(args, &auto(2000));
    let tries = "5p\nriichi\np\nt\nn\nc\nr\nk\nkyuushu\n15\n";
    let (out, log) = play_logged(args, &(tries.to_string() + &auto(2000)));
    assert!(log == clean, "the tries changed the game");
    assert!(
        out.contains(
            "> 5p\n\
         You have no 5p.\n\
         > riichi\n\
         Riichi is not possible: no discard leaves the hand tenpai.\n\
         > p\n\
         You cannot pon now.\n\
         > t\n\
         Tsumo is not possible: your hand does not win.\n\
         > n\n\
         It is your turn: discard a tile.\n\
         > c\n\
         You cannot chi now.\n\
         > r\n\
         Ron is not possible: there is no tile to win on now.\n\
         > k\n\
         You cannot kan now.\n\
         > kyuushu\n\
         You cannot declare nine terminals now.\n\
         > 15\n\
         There is no tile at position 15 (1-14).\n\
         > a\n\
         You: discard 2z\n"
        ),
        "{out}"
    );
}

#[test]
fn play_ok_capital_honor_letters_discard_north_white_and_red() {
    // Seed 17: 4z, 5z and 7z in the first hand; n, p and c stay commands.
    let args = &["play", BASELINE, "--seed", "17", "--length", "east"];
    for (letter, tile, command) in [
        ("N", "4z", "It is your turn: discard a tile."),
        ("P", "5z", "You cannot pon now."),
        ("C", "7z", "You cannot chi now."),
    ] {
        let lower = letter.to_ascii_lowercase();
        let r = tenpai_in(args, &format!("{lower}\n{letter}\nq\n"));
        let out = r.ok();
        assert!(
            out.contains(&format!(
                "> {lower}\n{command}\n> {letter}\nYou: discard {tile}\n"
            )),
            "{letter}: {out}"
        );
    }
}

#[test]
fn play_err_riichi_and_discard_rules_are_enforced() {
    // The grabby game of seed 118 with an illegal try before each riichi and
    // each discard in riichi: the same game, and the messages.
    let mut tried = false;
    let (d, log) = grabby_game("118", |p| {
        let fresh_menu = p.fresh.contains("\nHand ");
        if fresh_menu && !tried {
            if p.menu.contains("riichi, discarding one of: 2s 3s") {
                tried = true;
                return "riichi 8m".into();
            }
            if p.menu.contains("\nIn riichi:") {
                tried = true;
                return "1".into();
            }
        }
        tried = false;
        grabby(p)
    });
    let (clean, clean_log) = grabby_game("118", grabby);
    assert!(log == clean_log, "the tries changed the game");
    assert_eq!(ranking(&d.out), ranking(&clean.out));
    assert!(d.out.contains(
        "> riichi 8m\nDiscarding 8m leaves no wait; riichi is possible with 2s 3s.\n> riichi\n"
    ));
    assert!(d
        .out
        .contains("> 1\nIn riichi you can only discard the drawn tile ("));
}

#[test]
fn play_ok_a_pending_riichi_is_cancelled_by_an_empty_line() {
    // The grabby game of seed 118, cancelling the first riichi whose discard
    // comes next, then declaring it again: the same game.
    let mut cancelled = false;
    let (d, log) = grabby_game("118", |p| {
        if p.fresh.contains("Riichi: which discard?") && !cancelled {
            cancelled = true;
            return String::new();
        }
        grabby(p)
    });
    let (clean, clean_log) = grabby_game("118", grabby);
    assert!(log == clean_log, "cancelling changed the game");
    assert_eq!(ranking(&d.out), ranking(&clean.out));
    assert!(
        d.out.contains(
            "> riichi\n\
         Riichi: which discard? (an empty line, n or cancel cancels)\n\
         riichi> \n\
         Riichi cancelled.\n\
         Discard: a position (1-14), a tile name, or d for the drawn 8m.\n\
         \x20 riichi X   riichi, discarding one of: 2s 3s\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > riichi\n\
         Riichi: which discard? (an empty line, n or cancel cancels)\n\
         riichi> 2s\n\
         You: riichi!\n"
        ),
        "{}",
        d.out
    );
}

#[test]
fn play_ok_help_hints_and_unicode_tiles() {
    let r = tenpai_in(
        &[
            "play", BASELINE, "--seed", "7", "--length", "east", "--tiles", "unicode", "--hints",
        ],
        "help\nh\nh\nq\n",
    );
    let out = r.ok();
    assert!(
        out.contains(
            "Hand   1  2  3  4  5  6  7  8  9 10 11 12 13   14\n\
         \x20     🀉  🀌  🀍  🀚  🀛  🀠  🀐  🀒  🀓  🀗  🀁  🀆  🀅    🀑\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "hint: Recommended (a): discard 🀁 \n\
         hint: Hand: 4-shanten; best discards:\n\
         hint:   🀁   4-shanten  accepts 83 tiles of 23 kinds\n"
        ),
        "{out}"
    );
    // Baseline opponents: the baseline advises, with no Monte Carlo ranking.
    assert!(!out.contains("hint: Monte Carlo"), "{out}");
    assert!(out.contains("> help\nCommands (one per line):\n"));
    assert!(out.contains("> h\nHints off.\n> h\nhint: Recommended (a): discard 🀁 \n"));
}

#[test]
fn play_ok_long_help_in_plain_words() {
    let r = tenpai_in(&["play", "--help"], "");
    let help = r.ok();
    assert!(!help.contains("[`"), "rustdoc markup in: {help}");
    for needle in [
        "mc-learned (mc: the Monte Carlo search; baseline: the rule-based AI; the versions as in \
         tenpai selfplay --help) or cmd:COMMAND (an mjai bot); one for all, or one per AI seat in \
         seat order",
        "otherwise 9 selects position 9",
        "otherwise 9 is position 9",
        "capitals are tiles, so N is North, n pass",
        "when you leave it (q, Ctrl-C, the end of input)",
        "each AI player by kind and seat (mc (South))",
    ] {
        assert!(
            help.contains(needle),
            "play --help lacks {needle:?}: {help}"
        );
    }
    let r = tenpai_in(&["play", BASELINE, "--seed", "7"], "help\nq\n");
    assert!(r.ok().contains(
        "  9 / kyuushu       nine terminals, when offered (otherwise 9 is position 9)\n"
    ));
}

#[test]
fn play_err_bad_options_are_named() {
    let err = |args: &[&str]| {
        let r = tenpai_in(args, "");
        assert_eq!(r.code, 1, "{}", r.out);
        r.err
    };
    // Usage errors: exit status 2, before the game.
    let usage = |args: &[&str]| {
        let r = tenpai_in(args, "");
        assert_eq!((r.code, r.out.as_str()), (2, ""), "{}", r.err);
        r.err
    };
    assert!(usage(&["play", "--seat", "X"]).starts_with(
        "error: invalid value 'X' for '--seat <SEAT>': seat \"X\": expected 0 to 3, or E, S, W or N\n"
    ));
    assert!(usage(&["play", "--length", "north"])
        .starts_with("error: invalid value 'north' for '--length <east|south>'\n"));
    let r = tenpai_in(&["play", "--opponents", "genius"], "");
    assert_eq!(r.code, 2);
    assert!(r
        .err
        .starts_with("error: invalid value 'genius' for '--opponents <KIND[,KIND...]>': unknown player \"genius\""));
    assert!(err(&["play", "--rules", "nosuchrules"]).starts_with("error: --rules nosuchrules: "));
    assert!(err(&["play", "--log", "/nonexistent/dir/game.mjson"])
        .starts_with("error: --log /nonexistent/dir/game.mjson: "));
    assert!(usage(&["play", "--samples", "0"])
        .starts_with("error: --samples must be 1 or more, got 0\n"));
    let r = tenpai_in(&["play", "--think", "fast"], "");
    assert_eq!(r.code, 2);
    assert!(r
        .err
        .contains("\"fast\": expected a time over 0 and under 1 hour, such as 50ms or 1s"));
    assert!(err(&["play", "--decisions", "/nonexistent/dir/d.csv"])
        .starts_with("error: --decisions /nonexistent/dir/d.csv: "));
}

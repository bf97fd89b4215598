//! `tenpai play` in its plain line mode (standard input and output are pipes
//! here, so the line mode is chosen by itself): whole scripted games with
//! exact results, every kind of call, riichi, wins and draws driven by a
//! small bot that reads the printed choices, garbage and illegal commands
//! that change nothing, the end of input, `--log` read back by `tenpai
//! replay`, and `--watch`.

use crate::common;
use common::{tenpai_in, MC7};
use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// A scratch directory removed at the end of the test.
pub(crate) fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Baseline opponents, whose games the tests know exactly (one argument:
/// the default opponents are the Monte Carlo AI).
pub(crate) const BASELINE: &str = "--opponents=baseline";

/// The east-only game of seed 7 against baseline opponents.
pub(crate) const SEED7: &[&str] = &["play", BASELINE, "--seed", "7", "--length", "east"];

/// `n` lines of `a` (let the AI choose), enough for any game.
pub(crate) fn auto(n: usize) -> String {
    "a\n".repeat(n)
}

/// Seat 0's events of an mjai log, as lines.
fn own_events<'a>(log: &'a str, kind: &str) -> Vec<&'a str> {
    let needle = format!("{{\"type\":\"{kind}\",\"actor\":0");
    log.lines()
        .filter(|l| {
            l.strip_prefix(&needle)
                .is_some_and(|rest| rest.starts_with(',') || rest.starts_with('}'))
        })
        .collect()
}

/// The last lines of the output, from `=== Game over`.
fn ranking(out: &str) -> &str {
    let i = out.rfind("=== Game over").expect("the game ended");
    &out[i..]
}

// ---- a bot that reads the printed choices ----

/// The screen at a prompt: the last full menu, and what was printed since the
/// last answer.
struct Prompt {
    menu: String,
    fresh: String,
}

impl Prompt {
    /// The choices: `(command, label)`, from the menu lines.
    fn options(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        let mut on = false;
        for l in self.menu.lines() {
            if l.starts_with("Discard:") || l.starts_with("In riichi:") || l.contains(" let go of ")
            {
                on = true;
                continue;
            }
            if !on || !l.starts_with("  ") || l.starts_with("  a = ") || l.starts_with("  (") {
                continue;
            }
            let numbered = l[2..].starts_with(|c: char| c.is_ascii_digit());
            let (key, label) = if numbered {
                (&l[5..11], &l[11..])
            } else {
                (&l[2..12], &l[12..])
            };
            v.push((key.trim().to_string(), label.trim().to_string()));
        }
        v
    }

    /// The command of the first choice whose label starts with `label`.
    fn pick(&self, label: &str) -> Option<String> {
        self.options()
            .into_iter()
            .find(|(_, l)| l.starts_with(label))
            .map(|(k, _)| k)
    }

    /// The commands of every choice whose label starts with `label`.
    fn all(&self, label: &str) -> Vec<String> {
        self.options()
            .into_iter()
            .filter(|(_, l)| l.starts_with(label))
            .map(|(k, _)| k)
            .collect()
    }
}

/// What a driven game printed, and the commands it was given.
struct Driven {
    out: String,
    err: String,
    code: i32,
    answers: Vec<String>,
}

/// Runs `tenpai ARGS...` and answers each prompt (`> `) with `bot`'s command.
fn drive(args: &[&str], mut bot: impl FnMut(&Prompt) -> String) -> Driven {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .env_remove("TENPAI_TABLES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tenpai binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut all: Vec<u8> = Vec::new();
    let mut since = 0;
    let mut menu = String::new();
    let mut answers = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        all.extend_from_slice(&buf[..n]);
        if all.ends_with(b"\n> ")
            || all.ends_with(b"\nriichi> ")
            || all.ends_with(b"> ") && all.len() - since == 2
        {
            let fresh = String::from_utf8(all[since..].to_vec()).unwrap();
            if fresh.contains("\nHand ") {
                menu = fresh.clone();
            }
            let cmd = if answers.len() > 20_000 {
                "q".to_string()
            } else {
                bot(&Prompt {
                    menu: menu.clone(),
                    fresh,
                })
            };
            stdin.write_all(format!("{cmd}\n").as_bytes()).unwrap();
            answers.push(cmd);
            since = all.len();
        }
    }
    drop(stdin);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    Driven {
        out: String::from_utf8(all).unwrap(),
        err,
        code: status.code().unwrap_or(-1),
        answers,
    }
}

/// A bot that takes every win, kan, pon and chi offered (the last of several
/// chi, as `c 2`), declares riichi when it can (naming the discard when there
/// is one, `riichi` then the tile when there are several), and lets the AI
/// choose the rest.
fn grabby(p: &Prompt) -> String {
    if p.fresh.contains("Riichi: which discard?") {
        let line = p.pick("riichi,").map(|_| ()).and_then(|()| {
            p.menu
                .lines()
                .find(|l| l.contains("riichi, discarding one of: "))
        });
        let tiles = line.unwrap().split(": ").nth(1).unwrap();
        return tiles.split(' ').next().unwrap().to_string();
    }
    for label in ["ron", "tsumo", "kan", "pon"] {
        if let Some(k) = p.pick(label) {
            return k;
        }
    }
    if let Some(k) = p.all("chi").pop() {
        return k;
    }
    if p.pick("riichi,").is_some() {
        let line = p
            .menu
            .lines()
            .find(|l| l.contains("riichi, discarding one of: "))
            .unwrap();
        let tiles: Vec<&str> = line.split(": ").nth(1).unwrap().split(' ').collect();
        return if tiles.len() == 1 {
            format!("riichi {}", tiles[0])
        } else {
            "riichi".to_string()
        };
    }
    "a".to_string()
}

// ---- whole games ----

/// Runs `tenpai play ARGS... --log LOG` with `input`; the output (without
/// the review command at its end) and the log.
fn play_logged(args: &[&str], input: &str) -> (String, String) {
    let dir = scratch();
    let log = dir.path().join("game.mjson");
    let mut all = args.to_vec();
    all.extend(["--log", log.to_str().unwrap()]);
    let r = tenpai_in(&all, input);
    // The last line is the command that reviews the game (cli/tests/review.rs
    // checks it); the rest is what the game printed.
    let review = format!("Review this game: tenpai review {}", log.display());
    let out = r.ok();
    let end = out.rfind(&review).expect("the review command at the end");
    (
        out[..end].to_string(),
        std::fs::read_to_string(&log).unwrap(),
    )
}

/// `tenpai replay` of `log` (with `rules` when given): its one summary line.
pub(crate) fn replay(log: &str, rules: Option<&str>) -> String {
    let dir = scratch();
    let f = dir.path().join("game.mjson");
    std::fs::write(&f, log).unwrap();
    let mut args = vec!["replay", f.to_str().unwrap()];
    let east = dir.path().join("east.toml");
    if let Some(r) = rules {
        std::fs::write(&east, r).unwrap();
        args.extend(["--rules", east.to_str().unwrap()]);
    }
    let r = tenpai_in(&args, "");
    r.ok()
        .strip_prefix(f.to_str().unwrap())
        .unwrap()
        .to_string()
}

/// Rules for replaying east-only games (mjai logs do not say the length).
pub(crate) const EAST: &str = "[game]\nlength = \"east\"\n";

#[test]
fn play_ok_whole_game_with_the_ai_choosing_every_move() {
    let r = tenpai_in(SEED7, &auto(2000));
    let out = r.ok();
    assert!(out.starts_with(
        "tenpai play: seed 7, east-only game, tenhou rules, you: seat E, opponents: baseline\n\
         Type help for the commands.\n\
         === East 1 · 0 honba · 0 sticks · dealer You · your seat wind East ===\n\
         \n\
         East 1 · 0 honba · 0 sticks · dora indicator 2p · wall 69\n\
         \x20 Right  S  25,000                -\n\
         \x20 Across W  25,000                -\n\
         \x20 Left   N  25,000                -\n\
         \x20 You    E  25,000  dealer        -\n\
         Hand   1  2  3  4  5  6  7  8  9 10 11 12 13   14\n\
         \x20     3m 6m 7m 2p 3p 8p 1s 3s 4s 8s 2z 5z 6z   2s\n\
         Discard: a position (1-14), a tile name, or d for the drawn 2s.\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > a\n\
         You: discard 2z\n\
         Right: discard 4z\n"
    ));
    assert_eq!(
        ranking(out),
        "=== Game over after 7 rounds ===\n\
         \x20 1. Left    31,000 points   final score +41.0\n\
         \x20 2. You     25,000 points   final score +5.0\n\
         \x20 3. Across  23,500 points   final score -16.5\n\
         \x20 4. Right   20,500 points   final score -29.5\n\
         Final score: the points after uma and oka, in thousands.\n"
    );
}

#[test]
fn play_ok_round_results_show_riichi_deposits() {
    // Seed 7: you win after riichi (+7,000 less the 1,000 deposit from
    // 25,000), then Right pays a deposit and gains 1,500 at a draw.
    let r = tenpai_in(SEED7, &auto(2000));
    let out = r.ok();
    assert!(
        out.contains(
            "  Points:\n\
             \x20   You     +7,000 (riichi -1,000) → 31,000\n\
             \x20   Right   -2,000 → 23,000\n\
             \x20   Across  -2,000 → 23,000\n\
             \x20   Left    -2,000 → 23,000\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  Points:\n\
             \x20   You     -1,500 → 29,500\n\
             \x20   Right   +1,500 (riichi -1,000) → 23,500\n\
             \x20   Across  +1,500 → 24,500\n\
             \x20   Left    -1,500 → 21,500\n"
        ),
        "{out}"
    );
}

#[test]
fn play_ok_east_south_game_logged_and_replayed() {
    let (out, log) = play_logged(&["play", BASELINE, "--seed", "3"], &auto(4000));
    assert!(out.starts_with("tenpai play: seed 3, east-south game, tenhou rules,"));
    assert_eq!(
        ranking(&out),
        "=== Game over after 11 rounds ===\n\
         \x20 1. Right   42,200 points   final score +52.2\n\
         \x20 2. Left    31,800 points   final score +11.8\n\
         \x20 3. Across  13,800 points   final score -26.2\n\
         \x20 4. You     12,200 points   final score -37.8\n\
         Final score: the points after uma and oka, in thousands.\n"
    );
    assert!(log.starts_with(
        "{\"type\":\"start_game\",\"names\":[\"You\",\"baseline (South)\",\"baseline (West)\",\"baseline (North)\"],\"wall_seed\":3,\"kyoku_first\":0,\"aka_flag\":true,\"rules\":\"tenhou\"}\n"
    ));
    assert_eq!(log.lines().last(), Some("{\"type\":\"end_game\"}"));
    assert_eq!(
        replay(&log, None),
        ": ok (mjai, 11 rounds, 5 wins, 6 draws, 1244 events)\n"
    );
}

#[test]
fn play_ok_watch_plays_the_same_game_as_the_ai_choosing_for_you() {
    let args: &[&str] = SEED7;
    let (_, played) = play_logged(args, &auto(2000));
    let (out, watched) = play_logged(&[args, &["--watch"]].concat(), "");
    assert!(out.starts_with(
        "tenpai play: seed 7, east-only game, tenhou rules, watching: seat E, opponents: baseline\n\
         === East 1 · 0 honba · 0 sticks · dealer You · your seat wind East ===\n\
         East 1 · 0 honba · 0 sticks · dora indicator 2p · wall 70\n"
    ));
    assert!(
        out.contains("\nYou: discard 2z\nRight: discard 4z\n"),
        "{out}"
    );
    assert!(
        !out.lines().any(|l| l.starts_with("> ")),
        "no prompt while watching"
    );
    assert!(ranking(&out).contains("1. Left    31,000 points"));
    // The same moves after start_game, whose names say who played.
    let rest = |log: &str| log.split_once('\n').unwrap().1.to_string();
    assert_eq!(
        rest(&played),
        rest(&watched),
        "the same moves give the same log"
    );
    assert!(watched.starts_with(
        "{\"type\":\"start_game\",\"names\":[\"baseline (East)\",\"baseline (South)\",\"baseline (West)\",\"baseline (North)\"],"
    ));
}

#[test]
fn play_ok_other_seat_and_random_opponents() {
    let r = tenpai_in(
        &[
            "play",
            "--seed",
            "5",
            "--seat",
            "S",
            "--opponents",
            "random",
            "--length",
            "east",
        ],
        &auto(2000),
    );
    let out = r.ok();
    assert!(out.starts_with(
        "tenpai play: seed 5, east-only game, tenhou rules, you: seat S, opponents: random\n\
         Type help for the commands.\n\
         === East 1 · 0 honba · 0 sticks · dealer Left · your seat wind South ===\n\
         Left: discard 9s\n\
         \n\
         East 1 · 0 honba · 0 sticks · dora indicator 2s · wall 68\n\
         \x20 Right  W  25,000                -\n\
         \x20 Across N  25,000                -\n\
         \x20 Left   E  25,000  dealer        9s\n\
         \x20 You    S  25,000                -\n\
         Hand   1  2  3  4  5  6  7  8  9 10 11 12 13   14\n\
         \x20     3m 6m 1p 2p 3p 7p 7p 2s 4s 8s 1z 2z 3z   5p\n"
    ));
    assert_eq!(
        ranking(out),
        "=== Game over after 4 rounds ===\n\
         \x20 1. You     32,700 points   final score +42.7\n\
         \x20 2. Left    25,000 points   final score +5.0\n\
         \x20 3. Across  25,000 points   final score -15.0\n\
         \x20 4. Right   17,300 points   final score -32.7\n\
         Final score: the points after uma and oka, in thousands.\n"
    );
}

// ---- calls, riichi, wins, draws ----

/// The log and output of the grabby bot's game of `seed` (east only).
fn grabby_game(seed: &str, bot: impl FnMut(&Prompt) -> String) -> (Driven, String) {
    let dir = scratch();
    let log = dir.path().join("g.mjson");
    let mut d = drive(
        &[
            "play",
            BASELINE,
            "--seed",
            seed,
            "--length",
            "east",
            "--log",
            log.to_str().unwrap(),
        ],
        bot,
    );
    assert_eq!((d.code, d.err.as_str()), (0, ""), "{}", d.out);
    // Without the review command at the end (as `play_logged`).
    let review = format!("Review this game: tenpai review {}", log.display());
    let end = d.out.rfind(&review).expect("the review command at the end");
    d.out.truncate(end);
    let log = std::fs::read_to_string(&log).unwrap();
    (d, log)
}

/// The final ranking is `ranking_text` and `tenpai replay` (east-only rules)
/// sums the log up as `summary`, with no mismatch.
#[track_caller]
fn assert_end(out: &str, log: &str, ranking_text: &str, summary: &str) {
    assert_eq!(ranking(out), ranking_text);
    assert_eq!(replay(log, Some(EAST)), summary);
}

#[test]
fn play_ok_calls_of_every_kind() {
    let (d, log) = grabby_game("300", grabby);
    let out = &d.out;
    // A chi with a choice: the second.
    assert!(out.contains(
        "Left let go of 4p:\n\
         \x20 1  c 1   chi 4p with 3p5p\n\
         \x20 2  c 2   chi 4p with 5p6p\n\
         \x20 3  n     pass\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > c 2\n\
         You: chi 4p from Left [456p]\n"
    ));
    assert!(out.contains("> p\nYou: pon 5p from Right [555p]\n"));
    assert!(out.contains(
        "Left let go of 3z:\n\
         \x20 1  p     pon 3z with 3z3z\n\
         \x20 2  k     kan: open kan on 3z\n\
         \x20 3  n     pass\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > k\n\
         You: kan 3z from Left [3333z]\n"
    ));
    assert!(out.contains(
        "\x20 k          kan: closed kan of 1s\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > k\n\
         You: closed kan (1111s)\n\
         New dora indicator: 7m\n"
    ));
    assert!(out.contains(
        "\x20 k          kan: add 1p to your pon\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > k\n\
         You: added kan [1111p]\n"
    ));
    let counts: Vec<usize> = ["chi", "pon", "daiminkan", "ankan", "kakan"]
        .iter()
        .map(|k| own_events(&log, k).len())
        .collect();
    assert_eq!(counts, [12, 10, 1, 1, 1]);
    assert!(own_events(&log, "chi").contains(
        &"{\"type\":\"chi\",\"actor\":0,\"target\":3,\"pai\":\"4p\",\"consumed\":[\"5p\",\"6p\"]}"
    ));
    assert_end(
        out,
        &log,
        "=== Game over after 10 rounds ===\n\
         \x20 1. Across  31,000 points   final score +41.0\n\
         \x20 2. Right   28,900 points   final score +8.9\n\
         \x20 3. Left    25,300 points   final score -14.7\n\
         \x20 4. You     14,800 points   final score -35.2\n\
         Final score: the points after uma and oka, in thousands.\n",
        ": ok (mjai, 10 rounds, 8 wins, 2 draws, 1033 events)\n",
    );
}

#[test]
fn play_ok_riichi_wins_and_an_exhaustive_draw() {
    let (d, log) = grabby_game("118", grabby);
    let out = &d.out;
    // Riichi with the discard named, and riichi then the discard.
    assert!(out.contains(
        "\x20 riichi X   riichi, discarding one of: 2s\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > riichi 2s\n\
         You: riichi!\n\
         You: discard 2s\n"
    ));
    assert!(out.contains(
        "\x20 riichi X   riichi, discarding one of: 2s 3s\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > riichi\n\
         Riichi: which discard? (an empty line, n or cancel cancels)\n\
         riichi> 2s\n\
         You: riichi!\n\
         You: discard 2s\n"
    ));
    assert_eq!(own_events(&log, "reach").len(), 2);
    assert!(out.contains(
        "--- You win by ron from Right ---\n\
         \x20 23488m456p78s [345s] + 6s\n\
         \x20   Tanyao  1 han\n\
         \x20 1 han 30 fu\n"
    ));
    assert!(out.contains(
        "\x20 Ron: 1,000 from the discarder\n\
         \x20 Total: 1,000\n\
         \x20 Points:\n\
         \x20   You     +1,000 → 47,200\n\
         \x20   Right   -1,000 → 16,200\n\
         \x20   Across       0 → 17,200\n\
         \x20   Left         0 → 19,400\n"
    ));
    assert!(out.contains("--- You win by tsumo ---\n"));
    assert!(out.contains(
        "Draw: exhaustive draw (the wall is empty)\n\
         --- Draw: exhaustive draw (the wall is empty) ---\n\
         \x20 Tenpai: You; noten: Right, Across, Left\n\
         \x20 You    5m [345s] [345p] [333m] [777z]\n\
         \x20 Points:\n\
         \x20   You     +3,000 → 50,200\n\
         \x20   Right   -1,000 → 15,200\n\
         \x20   Across  -1,000 → 16,200\n\
         \x20   Left    -1,000 → 18,400\n"
    ));
    let wins = log
        .lines()
        .filter(|l| l.starts_with("{\"type\":\"hora\",\"actor\":0,"));
    let tsumo = wins.clone().filter(|l| l.contains("\"target\":0,")).count();
    assert_eq!((wins.count(), tsumo), (3, 2));
    assert_end(
        out,
        &log,
        "=== Game over after 6 rounds ===\n\
         \x20 1. You     41,900 points   final score +51.9\n\
         \x20 2. Across  25,500 points   final score +5.5\n\
         \x20 3. Left    18,400 points   final score -21.6\n\
         \x20 4. Right   14,200 points   final score -35.8\n\
         Final score: the points after uma and oka, in thousands.\n",
        ": ok (mjai, 6 rounds, 5 wins, 1 draw, 621 events)\n",
    );
}

#[test]
fn play_ok_nine_terminals() {
    let (d, log) = grabby_game("300", |p| {
        if p.pick("nine terminals").is_some() {
            "9".into()
        } else {
            grabby(p)
        }
    });
    assert!(d.out.contains(
        "\x20 9          nine terminals: abort the round\n\
         \x20 (9 now means nine terminals: name the 9th tile to discard it)\n\
         \x20 a = the AI's choice · h = hints · help · q = quit\n\
         > 9\n\
         Draw: nine terminals (abortive)\n\
         --- Draw: nine terminals (abortive) ---\n"
    ));
    // The engine writes the draw's (zero) score changes and the scores after it.
    assert!(
        log.contains("{\"type\":\"ryukyoku\",\"reason\":\"nine_terminals\",\"deltas\":[0,0,0,0],")
    );
}

// ---- input that changes nothing ----

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
        "random or cmd:COMMAND (an mjai bot); one for all, or one per AI seat in seat order",
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
        "error: invalid value 'X' for '--seat <E|S|W|N>': bad wind \"X\": expected E, S, W or N\n"
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
        .starts_with("error: invalid value '0' for '--samples <N>': 0 is not in 1..=4294967295\n"));
    let r = tenpai_in(&["play", "--think", "fast"], "");
    assert_eq!(r.code, 2);
    assert!(r
        .err
        .contains("\"fast\": expected a time over 0 and under 1 hour, such as 50ms or 1s"));
    assert!(err(&["play", "--decisions", "/nonexistent/dir/d.csv"])
        .starts_with("error: --decisions /nonexistent/dir/d.csv: "));
}

// ---- the Monte Carlo AI ----

#[test]
fn play_ok_default_opponents_are_the_monte_carlo_ai() {
    let r = tenpai_in(&["play", "--seed", "7", "--length", "east"], "a\nq\n");
    let out = r.ok();
    assert!(
        out.starts_with(
            "tenpai play: seed 7, east-only game, tenhou rules, you: seat E, opponents: mc (300ms)\n"
        ),
        "{out}"
    );
    // Leaving stops the thinking: the rest of the game is played at once.
    assert!(
        out.ends_with("You left the game in East 1, 0 honba (seed 7).\n"),
        "{out}"
    );
}

#[test]
fn play_ok_whole_game_against_monte_carlo_opponents_reproduces_and_replays() {
    // Its ranking moves whenever the AI is tuned: it is in the snapshot
    // (snapshot.rs). Here: it ends, replays, and plays the same twice.
    let (out, log) = play_logged(MC7, &auto(2000));
    assert!(out.starts_with(
        "tenpai play: seed 7, east-only game, tenhou rules, you: seat E, opponents: mc (200 samples)\n"
    ));
    let end = ranking(&out);
    assert_eq!(end.lines().count(), 6, "{end}");
    assert!(end.ends_with("Final score: the points after uma and oka, in thousands.\n"));
    assert!(
        log.starts_with(
            "{\"type\":\"start_game\",\"names\":[\"You\",\"mc (South)\",\"mc (West)\",\"mc (North)\"],"
        ),
        "{log}"
    );
    assert!(
        replay(&log, Some(EAST)).starts_with(": ok (mjai, "),
        "{}",
        replay(&log, Some(EAST))
    );
    let (again, log_again) = play_logged(MC7, &auto(2000));
    assert_eq!(
        (again, log_again),
        (out, log),
        "the same seed and samples, the same game"
    );
}

#[test]
fn play_ok_decisions_csv_one_row_per_monte_carlo_decision() {
    let dir = scratch();
    let csv = dir.path().join("d.csv");
    let args = [MC7, &["--decisions", csv.to_str().unwrap()]].concat();
    tenpai_in(&args, &auto(2000)).ok();
    let text = std::fs::read_to_string(&csv).unwrap();
    let sp = dir.path().join("sp.csv");
    tenpai_in(
        &[
            "selfplay",
            "--games",
            "1",
            "--players",
            "mc,baseline,baseline,baseline",
            "--samples",
            "20",
            "--length",
            "east",
            "--decisions",
            sp.to_str().unwrap(),
        ],
        "",
    )
    .ok();
    let header = std::fs::read_to_string(&sp)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(header.as_str()), "selfplay's columns");
    let rows: Vec<&str> = lines.collect();
    assert!(rows.len() > 50, "{} rows", rows.len());
    for r in &rows {
        // game (the seed), round, seat: the opponents' seats only.
        assert!(r.starts_with("7,"), "{r}");
        let seat = r.split(',').nth(2).unwrap();
        assert!(["1", "2", "3"].contains(&seat), "{r}");
    }
    assert!(rows[0].starts_with("7,E1-0,1,1,"), "{}", rows[0]);
}

#[test]
fn play_ok_hints_rank_your_choices_by_monte_carlo() {
    let r = tenpai_in(&[MC7, &["--hints"]].concat(), "q\n");
    let out = r.ok();
    let i = out.find("hint: ").expect("hints");
    let hints: Vec<&str> = out[i..]
        .lines()
        .take_while(|l| l.starts_with("hint: "))
        .collect();
    // One recommendation, first; the ranking with a header, best rank first.
    assert!(
        hints[0].starts_with("hint: Recommended (a): discard "),
        "{hints:?}"
    );
    assert_eq!(
        hints.iter().filter(|l| l.contains("Recommended")).count(),
        1
    );
    let title = hints
        .iter()
        .position(|l| *l == "hint: Monte Carlo, 200 rollouts, best rank first:")
        .expect("the ranking");
    assert_eq!(
        hints[title + 1],
        "hint:   choice      rank±95%   points  win  deal-in"
    );
    let rows: Vec<&str> = hints[title + 2..]
        .iter()
        .take_while(|l| !l.starts_with("hint:   ("))
        .copied()
        .collect();
    assert!((3..=4).contains(&rows.len()), "{hints:?}");
    let ranks: Vec<f64> = rows.iter().map(|l| l[20..24].parse().unwrap()).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{rows:?}");
    // The recommendation is the marked row.
    let chosen = &hints[0]["hint: Recommended (a): ".len()..].replace(" (Monte Carlo)", "");
    let marked: Vec<&&str> = rows.iter().filter(|l| l.starts_with("hint: > ")).collect();
    assert_eq!(marked.len(), 1, "{rows:?}");
    assert!(
        marked[0].starts_with(&format!("hint: > {chosen}")),
        "{rows:?}"
    );
}

#[test]
fn play_ok_a_plays_the_recommendation() {
    // With hints on, each `a` plays the move the panel recommended just
    // before it: the game's first own discard is the first recommendation.
    let r = tenpai_in(&[MC7, &["--hints"]].concat(), "a\nq\n");
    let out = r.ok();
    let rec = out
        .lines()
        .find_map(|l| l.strip_prefix("hint: Recommended (a): "))
        .unwrap()
        .replace(" (Monte Carlo)", "");
    assert!(out.contains(&format!("> a\nYou: {rec}")), "{out}");
}

#[test]
fn play_ok_threads_do_not_change_a_game_with_a_sample_budget() {
    let (one, log_one) = play_logged(MC7, &auto(2000));
    let two_threads = [MC7, &["--threads", "2"]].concat();
    let (two, log_two) = play_logged(&two_threads, &auto(2000));
    assert_eq!(ranking(&one), ranking(&two));
    assert_eq!(log_one, log_two);
}

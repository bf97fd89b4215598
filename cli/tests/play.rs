//! `tenpai play` in its plain line mode (standard input and output are pipes
//! here, so the line mode is chosen by itself): whole scripted games with
//! exact results, every kind of call, riichi, wins and draws driven by a
//! small bot that reads the printed choices, garbage and illegal commands
//! that change nothing, the end of input, `--log` read back by `tenpai
//! replay`, and `--watch`.

use crate::common;
use common::tenpai_in;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// A scratch directory removed at the end of the test.
pub(crate) fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Baseline opponents, whose games the tests know exactly (one argument:
/// the default opponents are the Monte Carlo AI).
pub(crate) const BASELINE: &str = "--opponents=baseline-v1";

/// The east-only game of seed 7 against baseline opponents.
pub(crate) const SEED7: &[&str] = &["play", BASELINE, "--seed", "7", "--length", "east"];

/// `n` lines of `a` (let the AI choose), enough for any game.
pub(crate) fn auto(n: usize) -> String {
    "a\n".repeat(n)
}

/// Seat 0's events of an mjai log, as lines.
pub(crate) fn own_events<'a>(log: &'a str, kind: &str) -> Vec<&'a str> {
    let needle = format!("{{\"type\":\"{kind}\",\"actor\":0");
    log.lines()
        .filter(|l| {
            l.strip_prefix(&needle)
                .is_some_and(|rest| rest.starts_with(',') || rest.starts_with('}'))
        })
        .collect()
}

/// The last lines of the output, from `=== Game over`.
pub(crate) fn ranking(out: &str) -> &str {
    let i = out.rfind("=== Game over").expect("the game ended");
    &out[i..]
}

// ---- a bot that reads the printed choices ----

/// The screen at a prompt: the last full menu, and what was printed since the
/// last answer.
pub(crate) struct Prompt {
    pub(crate) menu: String,
    pub(crate) fresh: String,
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
pub(crate) struct Driven {
    pub(crate) out: String,
    pub(crate) err: String,
    pub(crate) code: i32,
    pub(crate) answers: Vec<String>,
}

/// Runs `tenpai ARGS...` and answers each prompt (`> `) with `bot`'s command.
pub(crate) fn drive(args: &[&str], mut bot: impl FnMut(&Prompt) -> String) -> Driven {
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
pub(crate) fn grabby(p: &Prompt) -> String {
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
pub(crate) fn play_logged(args: &[&str], input: &str) -> (String, String) {
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
        "tenpai play: seed 7, east-only game, tenhou rules, you: seat E, opponents: baseline-v1\n\
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
        "{\"type\":\"start_game\",\"names\":[\"You\",\"baseline-v1 (South)\",\"baseline-v1 (West)\",\"baseline-v1 (North)\"],\"wall_seed\":3,\"kyoku_first\":0,\"aka_flag\":true,\"rules\":\"tenhou\"}\n"
    ));
    assert_eq!(log.lines().last(), Some("{\"type\":\"end_game\"}"));
    assert_eq!(
        replay(&log, None),
        ": ok (mjai, 11 rounds, 5 wins, 6 draws, 1246 events)\n"
    );
}

#[test]
fn play_ok_watch_plays_the_same_game_as_the_ai_choosing_for_you() {
    let args: &[&str] = SEED7;
    let (_, played) = play_logged(args, &auto(2000));
    let (out, watched) = play_logged(&[args, &["--watch"]].concat(), "");
    assert!(out.starts_with(
        "tenpai play: seed 7, east-only game, tenhou rules, watching: seat E, opponents: baseline-v1\n\
         === East 1 · 0 honba · 0 sticks · dealer Seat 0 · Seat 0's seat wind East ===\n\
         East 1 · 0 honba · 0 sticks · dora indicator 2p · wall 70\n"
    ));
    assert!(
        out.contains("\nSeat 0: discard 2z\nSeat 1: discard 4z\n"),
        "{out}"
    );
    // Seats keep their names when the winds turn: seat 1 deals East 2.
    assert!(
        out.contains(
            "\n=== East 2 · 2 honba · 1 stick · dealer Seat 1 · Seat 0's seat wind North ===\n"
        ),
        "{out}"
    );
    assert!(out.contains("\n  Seat 1 E  "), "{out}");
    // Each draw is said once, by its result.
    let draws = |s: &str| out.matches(s).count();
    assert_eq!(
        (draws("Draw: exhaustive"), draws("\n--- Draw: exhaustive")),
        (4, 4)
    );
    assert!(
        !out.lines().any(|l| l.starts_with("> ")),
        "no prompt while watching"
    );
    assert!(ranking(&out).contains("1. Seat 3  31,000 points"));
    // No seat is "You" while watching: the table's rows, the moves and the
    // ranking name each seat by its number.
    assert!(out.contains("\n  Seat 0 E  25,000  dealer"), "{out}");
    assert!(!out.contains("You") && !out.contains("your"), "{out}");
    // The same moves after start_game, whose names say who played.
    let rest = |log: &str| log.split_once('\n').unwrap().1.to_string();
    assert_eq!(
        rest(&played),
        rest(&watched),
        "the same moves give the same log"
    );
    assert!(watched.starts_with(
        "{\"type\":\"start_game\",\"names\":[\"baseline-v1 (East)\",\"baseline-v1 (South)\",\"baseline-v1 (West)\",\"baseline-v1 (North)\"],"
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
         \x20 1. You     35,700 points   final score +45.7\n\
         \x20 2. Left    26,000 points   final score +6.0\n\
         \x20 3. Across  23,000 points   final score -17.0\n\
         \x20 4. Right   15,300 points   final score -34.7\n\
         Final score: the points after uma and oka, in thousands.\n"
    );
}

// ---- calls, riichi, wins, draws ----

/// The log and output of the grabby bot's game of `seed` (east only).
pub(crate) fn grabby_game(seed: &str, bot: impl FnMut(&Prompt) -> String) -> (Driven, String) {
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
pub(crate) fn assert_end(out: &str, log: &str, ranking_text: &str, summary: &str) {
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
        ": ok (mjai, 10 rounds, 8 wins, 2 draws, 1035 events)\n",
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
    // The draw is said once, by its result.
    assert!(out.contains(
        "\n--- Draw: exhaustive draw (the wall is empty) ---\n\
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
        ": ok (mjai, 6 rounds, 5 wins, 1 draw, 623 events)\n",
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
         --- Draw: nine terminals (abortive) ---\n"
    ));
    // The engine writes the draw's (zero) score changes and the scores after it.
    assert!(
        log.contains("{\"type\":\"ryukyoku\",\"reason\":\"nine_terminals\",\"deltas\":[0,0,0,0],")
    );
}

//! Other bots at tenpai's table (`game::bot::ExternalBot`): `tenpai mjai`
//! processes play the same games as the players in process, event for event;
//! small fixture bots (`tests/bots/`) play whole games, and misbehaving ones
//! leave the game complete with its invariants intact, their faults counted.

use std::time::Duration;
use tenpai::ai::mc::{Budget, McPlayer, Settings};
use tenpai::ai::BaselinePlayer;
use tenpai::bot::{ExternalBot, Faults, GIVE_UP_AFTER};
use tenpai::game::{play_game, GameRecord, Player, SeatIndex, State};
use tenpai::rules::{GameLength, Rules};

fn east() -> Rules {
    let mut r = Rules::tenhou();
    r.game.length = GameLength::East;
    r
}

/// `tenpai ARGS` as a shell command.
fn tenpai_cmd(args: &str) -> String {
    format!("{} {args}", env!("CARGO_BIN_EXE_tenpai"))
}

/// A fixture bot as a shell command.
fn fixture(args: &str) -> String {
    format!("python3 {}/tests/bots/{args}", env!("CARGO_MANIFEST_DIR"))
}

/// Four external bots running `commands` (baseline fallback).
fn bots(commands: [&str; 4], rules: &Rules, timeout: Duration) -> Vec<ExternalBot> {
    SeatIndex::ALL
        .into_iter()
        .map(|s| {
            let fallback = Box::new(BaselinePlayer::new(rules));
            ExternalBot::spawn(commands[s.index()], s, rules, timeout, fallback).unwrap()
        })
        .collect()
}

/// A game between `players`, its invariants checked after every event.
fn game(rules: &Rules, seed: u64, players: &mut [Box<dyn Player>]) -> GameRecord {
    let [a, b, c, d] = players else {
        panic!("four players")
    };
    let mut seats: [&mut dyn Player; 4] = [a.as_mut(), b.as_mut(), c.as_mut(), d.as_mut()];
    play_game(rules, seed, &mut seats, true).unwrap()
}

/// The game of `bots`, and each bot's faults.
fn game_of_bots(rules: &Rules, seed: u64, mut bots: Vec<ExternalBot>) -> (GameRecord, Vec<Faults>) {
    let [a, b, c, d] = &mut bots[..] else {
        panic!("four bots")
    };
    let mut seats: [&mut dyn Player; 4] = [a, b, c, d];
    let record = play_game(rules, seed, &mut seats, true).unwrap();
    (record, bots.iter().map(|b| b.faults().clone()).collect())
}

/// The number of faults of each bot.
fn counts(faults: &[Faults]) -> Vec<u32> {
    faults.iter().map(|f| f.count).collect()
}

/// Final scores add up and every event replays on a fresh referee.
fn assert_complete(record: &GameRecord) {
    assert_eq!(record.scores.iter().sum::<i32>(), 100_000);
    let mut s = State::new(east()).with_check(true);
    for e in &record.events {
        s.apply(e).unwrap();
    }
    assert!(s.game_over());
}

#[test]
fn bots_ok_tenpai_mjai_baseline_plays_the_in_process_game_event_for_event() {
    let rules = east();
    let cmd = tenpai_cmd("mjai --ai baseline");
    let (record, faults) = game_of_bots(
        &rules,
        5,
        bots([&cmd, &cmd, &cmd, &cmd], &rules, Duration::from_secs(10)),
    );
    let mut local: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(BaselinePlayer::new(&rules)) as Box<dyn Player>)
        .collect();
    assert_eq!(record.events, game(&rules, 5, &mut local).events);
    assert_eq!(counts(&faults), [0, 0, 0, 0]);
}

#[test]
fn bots_ok_tenpai_mjai_monte_carlo_plays_the_in_process_game_event_for_event() {
    let rules = east();
    let seed = 3;
    let cmd = tenpai_cmd(&format!("mjai --samples 16 --seed {seed}"));
    let base = tenpai_cmd("mjai --ai baseline");
    let (record, faults) = game_of_bots(
        &rules,
        seed,
        bots([&cmd, &base, &cmd, &base], &rules, Duration::from_secs(10)),
    );
    let settings = Settings {
        budget: Budget::Samples(16),
        threads: 1,
        ..Default::default()
    };
    let mut local: Vec<Box<dyn Player>> = (0..4u64)
        .map(|s| {
            if s % 2 == 0 {
                Box::new(McPlayer::with_settings(&rules, settings, seed * 4 + s)) as Box<dyn Player>
            } else {
                Box::new(BaselinePlayer::new(&rules))
            }
        })
        .collect();
    assert_eq!(record.events, game(&rules, seed, &mut local).events);
    assert_eq!(counts(&faults), [0, 0, 0, 0]);
}

#[test]
fn bots_ok_tsumogiri_fixture_plays_whole_games_without_faults() {
    let rules = east();
    let t = fixture("tsumogiri.py {seat}");
    let base = tenpai_cmd("mjai --ai baseline");
    for seed in 1..=2 {
        let (record, faults) = game_of_bots(
            &rules,
            seed,
            bots([&t, &base, &t, &t], &rules, Duration::from_secs(10)),
        );
        assert_complete(&record);
        assert_eq!(counts(&faults), [0, 0, 0, 0], "seed {seed}");
    }
}

#[test]
fn bots_ok_misbehaving_bots_leave_the_game_complete_their_faults_counted() {
    let rules = east();
    let base = tenpai_cmd("mjai --ai baseline");
    for mode in [
        "garbage", "illegal", "sleep", "exit", "flood", "binary", "silent",
    ] {
        let bad = fixture(&format!("misbehaving.py {{seat}} {mode}"));
        let timeout = Duration::from_millis(match mode {
            "sleep" | "silent" => 300,
            _ => 10_000,
        });
        let (record, faults) = game_of_bots(
            &rules,
            1,
            bots([&bad, &base, &base, &base], &rules, timeout),
        );
        assert_complete(&record);
        assert!(faults[0].count > 0, "{mode}: {faults:?}");
        let first = &faults[0].first[0];
        let want = match mode {
            "garbage" => "seat 0: not an mjai message: expected value at line 1 column 1: garbage",
            "illegal" => "seat 0: illegal answer {",
            "sleep" => "seat 0: no answer within 300ms to [",
            "exit" => "seat 0: the process ended (exit status: 3)",
            "flood" => "seat 0: an answer of 100000 bytes, over the limit of 65536",
            "silent" => "seat 0: no answer within 300ms to [",
            _ => "seat 0: an answer that is not UTF-8 text",
        };
        assert!(first.starts_with(want), "{mode}: {first}");
        if matches!(mode, "exit" | "flood" | "binary") {
            // One bad answer: the bot plays on (or is gone) after it.
            assert_eq!(faults[0].count, 1, "{mode}: {faults:?}");
        }
        if mode == "silent" {
            // Given up after three requests in a row, not waited for again.
            assert_eq!(faults[0].count, GIVE_UP_AFTER, "{faults:?}");
            assert!(
                faults[0].first[2].ends_with(" (3 in a row: given up for the rest of the game)"),
                "{faults:?}"
            );
        }
        assert_eq!(&counts(&faults)[1..], [0, 0, 0], "{mode}");
    }
}

mod selfplay {
    use super::{fixture, tenpai_cmd};
    use std::process::Command;

    /// `tenpai selfplay ARGS --json`: the parsed output and standard error.
    fn selfplay(players: &str, extra: &[&str]) -> (serde_json::Value, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args([
                "selfplay", "--games", "2", "--length", "east", "--seed", "4", "--json",
            ])
            .args(["--players", players])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v = serde_json::from_slice(&out.stdout).unwrap();
        (v, String::from_utf8(out.stderr).unwrap())
    }

    #[test]
    fn selfplay_ok_cmd_tenpai_mjai_counts_as_the_baseline_in_process() {
        let bot = format!("cmd:{}", tenpai_cmd("mjai --ai baseline"));
        let (external, err) = selfplay(&format!("{bot},baseline,random,{bot}"), &[]);
        let (local, _) = selfplay("baseline,baseline,random,baseline", &[]);
        assert_eq!(err, "");
        assert_eq!(external["tally"]["players"], local["tally"]["players"]);
        assert_eq!(
            external["players"][0]["faults"],
            serde_json::json!({"count": 0, "first": []})
        );
        assert_eq!(external["players"][1].get("faults"), None);
    }

    #[test]
    fn selfplay_ok_faults_per_seat_in_json_and_on_stderr() {
        let garbage = format!("cmd:{}", fixture("misbehaving.py {seat} garbage"));
        let t = format!("cmd:{}", fixture("tsumogiri.py {seat}"));
        let (v, err) = selfplay(
            &format!("baseline,{garbage},{t},random"),
            &["--bot-timeout", "5s"],
        );
        let f = &v["players"][1]["faults"];
        assert!(f["count"].as_u64().unwrap() > 10, "{f}");
        // Games finish in any order: the first messages name theirs.
        let first = f["first"][0].as_str().unwrap();
        assert!(
            first.ends_with(
                ": seat 1: not an mjai message: expected value at line 1 column 1: garbage"
            ),
            "{first}"
        );
        assert_eq!(v["players"][2]["faults"]["count"], 0);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(
            lines.iter().all(|l| l.contains(": player 1 (seat 1): ")),
            "{err}"
        );
    }
}

mod play {
    //! External bots at `tenpai play`'s table (`--opponents` per seat).
    use super::{fixture, tenpai_cmd};
    use std::io::Write;
    use std::process::{Command, Stdio};

    /// What one `tenpai play` printed and how it ended.
    struct Run {
        out: String,
        err: String,
        code: Option<i32>,
    }

    /// `tenpai play --seed 7 --length east --opponents OPPONENTS EXTRA...`
    /// in line mode, answering `input`.
    fn play(opponents: &str, extra: &[&str], input: &str) -> Run {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(["play", "--seed", "7", "--length", "east"])
            .args(["--opponents", opponents])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        // The game may end before all of the input is read.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let o = child.wait_with_output().unwrap();
        writer.join().unwrap();
        Run {
            out: String::from_utf8(o.stdout).unwrap(),
            err: String::from_utf8(o.stderr).unwrap(),
            code: o.status.code(),
        }
    }

    /// Enough `a` lines (the advisor's move) for any east-only game.
    fn auto() -> String {
        "a\n".repeat(2000)
    }

    /// All but the first line (the banner, which names the opponents).
    fn after_banner(out: &str) -> &str {
        out.split_once('\n').unwrap().1
    }

    #[test]
    fn play_ok_cmd_seat_plays_the_game_the_baseline_plays() {
        let bot = format!("cmd:{}", tenpai_cmd("mjai --ai baseline"));
        let external = play(&format!("baseline,{bot},baseline"), &[], &auto());
        let local = play("baseline", &[], &auto());
        assert_eq!(external.code, Some(0), "{}", external.err);
        assert_eq!(external.err, "");
        assert!(external.out.starts_with(&format!(
            "tenpai play: seed 7, east-only game, tenhou rules, you: seat E, opponents: \
             S baseline, W {bot}, N baseline\n"
        )));
        assert!(external.out.contains("=== Game over after 6 rounds ==="));
        assert_eq!(after_banner(&external.out), after_banner(&local.out));
    }

    #[test]
    fn play_ok_faulty_bots_leave_the_game_complete_and_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("game.mjson");
        let exits = format!("cmd:{}", fixture("misbehaving.py {seat} exit"));
        let garbage = format!("cmd:{}", fixture("misbehaving.py {seat} garbage"));
        let r = play(
            &format!("{exits},{garbage},baseline"),
            &["--bot-timeout", "5s", "--log", log.to_str().unwrap()],
            &auto(),
        );
        assert_eq!(r.code, Some(0), "{}", r.err);
        assert!(r.out.contains("=== Game over after "), "{}", r.out);
        let lines: Vec<&str> = r.err.lines().collect();
        assert_eq!(lines.len(), 2, "{}", r.err);
        assert_eq!(
            lines[0],
            format!(
                "seat S ({exits}): 1 fault (the baseline played): \
                 the process ended (exit status: 3)"
            )
        );
        let garbage_line = format!("seat W ({garbage}): ");
        assert!(lines[1].starts_with(&garbage_line), "{}", lines[1]);
        let rest = &lines[1][garbage_line.len()..];
        let (count, messages) = rest.split_once(" faults (the baseline played): ").unwrap();
        assert!(count.parse::<u32>().unwrap() > 10, "{rest}");
        assert_eq!(
            messages,
            ["not an mjai message: expected value at line 1 column 1: garbage"; 3].join("; ")
        );
        // The log names the bots and replays with no mismatch.
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(text.starts_with(&format!(
            "{{\"type\":\"start_game\",\"names\":[\"You\",{},{},\"baseline (North)\"]",
            serde_json::Value::from(format!("{exits} (South)")),
            serde_json::Value::from(format!("{garbage} (West)"))
        )));
        let east = dir.path().join("east.toml");
        std::fs::write(&east, "[game]\nlength = \"east\"\n").unwrap();
        let replay = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(["replay", log.to_str().unwrap(), "--rules"])
            .arg(&east)
            .output()
            .unwrap();
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
    }

    /// The processes' ids, from the file the bots wrote them to.
    ///
    /// Only whole lines count: a bot may be writing its line as it is read.
    fn pids(file: &std::path::Path) -> Vec<u32> {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let whole = text.rfind('\n').map_or("", |end| &text[..end]);
        whole.lines().map(|l| l.trim().parse().unwrap()).collect()
    }

    /// The process `pid` is gone, or a zombie nobody waits for.
    fn dead(pid: u32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit_once(')')
                .unwrap()
                .1
                .trim_start()
                .starts_with('Z'),
        }
    }

    /// The process `pid` is dead, or dies within 30 seconds (a killed
    /// process takes a moment to die, longer on a loaded machine; a
    /// lingering bot sleeps a minute).
    fn gone(pid: u32) -> bool {
        (0..600).any(|_| {
            let d = dead(pid);
            if !d {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            d
        })
    }

    /// Three bots that each start a child process, write both ids to
    /// `file`, and would outlive their input by a minute if not ended.
    fn lingering(file: &std::path::Path) -> String {
        format!(
            "cmd:{}",
            fixture(&format!(
                "misbehaving.py {{seat}} linger {}",
                file.display()
            ))
        )
    }

    #[test]
    fn play_ok_bot_processes_end_with_the_game_however_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        // Quit, end of input, the whole game.
        for (input, code) in [("1\nq\n", Some(0)), ("1\n", Some(1)), (&*auto(), Some(0))] {
            let file = dir.path().join("pids");
            let _ = std::fs::remove_file(&file);
            let r = play(&lingering(&file), &[], input);
            assert_eq!(r.code, code, "{input:?}: {}", r.err);
            let ids = pids(&file);
            assert_eq!(ids.len(), 6, "{input:?}");
            assert!(ids.iter().all(|&p| gone(p)), "{input:?}: {ids:?}");
        }
    }

    #[test]
    fn play_ok_interrupt_ends_the_bot_processes() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pids");
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(["play", "--seed", "7", "--length", "east"])
            .args(["--opponents", &lingering(&file)])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The game waits for the person's first discard; the bots are up
        // once all six ids are written, which they do within a minute even
        // on a loaded machine (else the test fails rather than hangs).
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while pids(&file).len() < 6 {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the bots wrote {:?} within a minute", pids(&file));
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        // `wait` closes the game's input as well: the program sees the end
        // of its input and the interrupt together, and the interrupt's
        // status must win however the threads are scheduled (under load the
        // input's end came first and the program exited with 1).
        assert_eq!(child.wait().unwrap().code(), Some(130));
        let ids = pids(&file);
        assert!(ids.iter().all(|&p| gone(p)), "{ids:?}");
    }

    #[test]
    fn play_err_cmd_opponents_are_counted_per_seat() {
        let r = play("baseline,cmd:bot", &[], "");
        assert_eq!(r.code, Some(2));
        assert_eq!(
            r.err,
            "error: --opponents: expected one player for all AI seats or 3 (S, W, N), got 2\n\n\
             Usage: tenpai play [OPTIONS]\n\nFor more information, try '--help'.\n"
        );
    }
}

//! Running the built `tenpai` binary in tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    /// Standard output.
    pub out: String,
    /// Standard error.
    pub err: String,
    /// Exit code (-1 when killed).
    pub code: i32,
}

impl Run {
    /// Standard output of a successful run with nothing on standard error.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(self.code, 0, "expected success, stderr: {}", self.err);
        assert_eq!(self.err, "", "unexpected stderr");
        &self.out
    }

    /// Standard error of a failed run.
    #[track_caller]
    pub fn failed(&self) -> &str {
        assert_ne!(self.code, 0, "expected failure, stdout: {}", self.out);
        &self.err
    }
}

/// Runs `tenpai ARGS...` with `input` on standard input and extra environment.
pub fn tenpai_with(args: &[&str], input: &str, env: &[(&str, &Path)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tenpai"));
    cmd.args(args).env_remove("TENPAI_TABLES");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tenpai binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let o = child.wait_with_output().unwrap();
    // A program that stops before reading all its input (a game that ends
    // first) closes the pipe: that is not the test's failure.
    match writer.join().unwrap() {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing input: {e}"),
        _ => {}
    }
    Run {
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
        code: o.status.code().unwrap_or(-1),
    }
}

/// Runs `tenpai ARGS...` with empty input.
pub fn tenpai(args: &[&str]) -> Run {
    tenpai_with(args, "", &[])
}

/// Runs `tenpai ARGS...` with `input` on standard input.
pub fn tenpai_in(args: &[&str], input: &str) -> Run {
    tenpai_with(args, input, &[])
}

/// The east-only game of seed 7 against Monte Carlo opponents on a sample
/// budget (reproducible).
pub const MC7: &[&str] = &[
    "play",
    "--opponents=mc",
    "--samples",
    "200",
    "--seed",
    "7",
    "--length",
    "east",
];

/// A suggestion from flags, 200 rollouts: seat 2's own turn with an open
/// hand in South 2, seat 1 in riichi, as JSON.
pub const SUGGEST_OPEN_HAND_JSON: &[&str] = &[
    "suggest",
    "--hand",
    "234m456p13z222z [789s]",
    "--drawn",
    "3z",
    "--rivers",
    "19m9p,4z1s,7z,8m",
    "--riichi",
    "1",
    "--round",
    "S2",
    "--seat",
    "2",
    "--scores",
    "30000,20000,25000,24000",
    "--kyoutaku",
    "1",
    "--samples",
    "200",
    "--json",
];

/// A suggestion from flags, 200 rollouts, seed 3: seat 0's first turn with
/// a closed hand, dora 1m.
pub const SUGGEST_CLOSED_HAND: &[&str] = &[
    "suggest",
    "--hand",
    "123m456p789s11234z",
    "--drawn",
    "4z",
    "--rivers",
    "19m,4z,7z,",
    "--dora",
    "1m",
    "--samples",
    "200",
    "--seed",
    "3",
];

/// A real east-south game (tests/data/tenhou6/2010081709gm-…) as mjai lines:
/// its first four rounds, then the fifth (E3-0) cut 41 events in, after
/// every seat's fifth discard: the log of a game still running.
pub fn mjai_cut_in_e3() -> String {
    let json =
        std::fs::read_to_string("../tests/data/tenhou6/2010081709gm-00a9-0000-fe3371ad.json")
            .unwrap();
    let lines = tenpai::log::parse(&json).unwrap().to_mjai();
    let lines: Vec<&str> = lines.lines().collect();
    let start = (0..lines.len())
        .filter(|&i| lines[i].contains("\"start_kyoku\""))
        .nth(4)
        .unwrap();
    lines[..start + 41].join("\n")
}

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
    writer.join().unwrap().unwrap();
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

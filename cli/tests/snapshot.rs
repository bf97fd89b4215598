//! The one snapshot of outputs that move whenever the Monte Carlo AI is
//! tuned: `suggest` rankings, a whole game against Monte Carlo opponents,
//! the hint panel's ranking, a seeded `review` of a shared log with every
//! decision. Every other CLI test checks what does not
//! depend on the AI's strength (shapes, counts, invariants, errors).
//!
//! After a change to the AI, regenerate the file and read its diff:
//!
//! ```sh
//! UPDATE_SNAPSHOTS=1 cargo test --release -p tenpai-cli --test integration snapshot::
//! ```

use crate::common;

use common::{tenpai_in, MC7, SUGGEST_CLOSED_HAND, SUGGEST_OPEN_HAND_JSON};

/// The snapshot file, relative to this crate.
const FILE: &str = "tests/snapshots/mc.txt";

/// Its first lines: what it is and how to regenerate it.
const HEADER: &str = "\
# Outputs of tenpai that move whenever the Monte Carlo AI is tuned, checked
# by cli/tests/snapshot.rs. After a change to the AI, regenerate and read the diff:
#   UPDATE_SNAPSHOTS=1 cargo test --release -p tenpai-cli --test integration snapshot::
";

/// The log of a real game the suggestions are asked about.
const LOG: &str = "../tests/data/tenhou6/double_ron.json";

/// One case: a title, the arguments, standard input, and the part of the
/// output kept.
struct Case {
    args: Vec<&'static str>,
    input: String,
    keep: fn(&str) -> String,
}

/// The whole output.
fn all(out: &str) -> String {
    out.to_string()
}

/// A JSON answer without its time ("micros", which varies from run to run).
fn json_without_time(out: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(out).expect("one JSON object");
    v["micros"] = serde_json::Value::Null;
    format!("{v}\n")
}

/// From the final ranking on.
fn ranking(out: &str) -> String {
    out[out.rfind("=== Game over").expect("the game ended")..].to_string()
}

/// The first decision's hint lines.
fn first_hints(out: &str) -> String {
    out.lines()
        .skip_while(|l| !l.starts_with("hint: "))
        .take_while(|l| l.starts_with("hint: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn cases() -> Vec<Case> {
    let game = MC7.to_vec();
    vec![
        Case {
            args: SUGGEST_CLOSED_HAND.to_vec(),
            input: String::new(),
            keep: all,
        },
        Case {
            args: SUGGEST_OPEN_HAND_JSON.to_vec(),
            input: String::new(),
            keep: json_without_time,
        },
        Case {
            args: vec!["suggest", "--log", LOG, "--event", "21", "--samples", "200"],
            input: String::new(),
            keep: all,
        },
        Case {
            args: vec![
                "review",
                LOG,
                "--seat",
                "2",
                "--samples",
                "300",
                "--seed",
                "5",
                "--all",
            ],
            input: String::new(),
            keep: all,
        },
        Case {
            args: [game.clone(), vec!["--hints"]].concat(),
            input: "q\n".into(),
            keep: first_hints,
        },
        Case {
            args: game,
            input: "a\n".repeat(2000),
            keep: ranking,
        },
    ]
}

#[test]
fn snapshot_of_the_monte_carlo_outputs() {
    let mut text = HEADER.to_string();
    for c in cases() {
        let run = tenpai_in(&c.args, &c.input);
        assert_eq!(run.code, 0, "{:?}: {}", c.args, run.err);
        text.push_str(&format!("\n=== $ tenpai {}\n", c.args.join(" ")));
        text.push_str(&(c.keep)(&run.out));
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    if old != text {
        let (i, (a, b)) = old
            .lines()
            .chain(std::iter::repeat(""))
            .zip(text.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((old.lines().count(), ("", "")));
        panic!(
            "cli/{FILE} differs from the output at line {}:\n  snapshot: {a}\n  now:      {b}\n\
             If the Monte Carlo AI changed on purpose, regenerate it and read the diff:\n  \
             UPDATE_SNAPSHOTS=1 cargo test --release -p tenpai-cli --test integration snapshot::",
            i + 1
        );
    }
}

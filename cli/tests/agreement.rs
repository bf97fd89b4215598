//! `tenpai agreement` from the outside: the baseline's agreement with the
//! players of a phoenix game in exact counts, the kinds adding up to the
//! whole, intervals around the rates, the Monte Carlo AI the same on any
//! number of threads, and bad logs refused with their name.

use crate::common;
use common::tenpai;
use serde_json::Value;

/// A real east-south game of Tenhou's phoenix room, 10 rounds.
const PHOENIX: &str = "../tests/data/tenhou6/2011020414gm-00a9-0000-ef18f336.json";

/// A real east-south game with a double ron, one round.
const DOUBLE_RON: &str = "../tests/data/tenhou6/double_ron.json";

/// `tenpai agreement ARGS... --json`: the parsed document.
fn agreement_json(args: &[&str]) -> Value {
    let mut all = vec!["agreement", "--json"];
    all.extend(args);
    serde_json::from_str(tenpai(&all).ok()).expect("one JSON document")
}

/// (decisions, agreed) of one share.
fn counts(v: &Value) -> (u64, u64) {
    (
        v["decisions"].as_u64().unwrap(),
        v["agreed"].as_u64().unwrap(),
    )
}

#[test]
fn agreement_ok_baseline_counts_every_seat_by_kind() {
    let doc = agreement_json(&[PHOENIX, "--ai", "baseline"]);
    assert_eq!(doc["ai"]["kind"], "baseline-v2");
    assert_eq!(counts(&doc["all"]), (ALL.0, ALL.1));
    let kinds = doc["by_kind"].as_object().unwrap();
    let names: Vec<&str> = kinds.keys().map(String::as_str).collect();
    assert_eq!(names, ["call", "discard", "riichi", "win"]);
    let got: Vec<(u64, u64)> = ["discard", "riichi", "call", "win"]
        .iter()
        .map(|k| counts(&kinds[*k]))
        .collect();
    assert_eq!(got, BY_KIND);
    let sum = got.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert_eq!(sum, counts(&doc["all"]));
    for share in kinds.values().chain([&doc["all"]]) {
        let rate = share["agreement"].as_f64().unwrap();
        let ci = share["ci95"].as_array().unwrap();
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(
            0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0,
            "{share}"
        );
    }
}

/// The baseline on the phoenix game: every decision with more than one play
/// of its four seats, and those agreed.
const ALL: (u64, u64) = (542, 339);
/// By kind: discard, riichi, call, win.
const BY_KIND: [(u64, u64); 4] = [(413, 232), (8, 8), (113, 91), (8, 8)];

#[test]
fn agreement_ok_baseline_v3_agrees_more_through_its_learned_discards() {
    let doc = agreement_json(&[PHOENIX, "--ai", "baseline-v3"]);
    assert_eq!(doc["ai"]["kind"], "baseline-v3");
    assert_eq!(counts(&doc["all"]), (542, 376));
    // Calls and wins are the second version's rules, as `baseline`'s; the
    // tiles thrown are the model's (`baseline`: 232 of 413 discards, 8 of 8
    // riichi decisions, where the tile thrown with or without riichi counts).
    let kinds = &doc["by_kind"];
    let got: Vec<(u64, u64)> = ["discard", "riichi", "call", "win"]
        .iter()
        .map(|k| counts(&kinds[*k]))
        .collect();
    assert_eq!(got, [(413, 270), (8, 7), (113, 91), (8, 8)]);
}

#[test]
fn agreement_ok_text_has_a_row_per_kind() {
    let r = tenpai(&["agreement", PHOENIX, "--ai", "baseline"]);
    let out = r.ok();
    assert!(
        out.starts_with(
            "Agreement of the AI (baseline-v2) with the players of 1 game (every seat)\n"
        ),
        "{out}"
    );
    for kind in ["all", "discard", "riichi", "call", "win"] {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{kind:<8} "))),
            "no row {kind}:\n{out}"
        );
    }
}

#[test]
fn agreement_ok_mc_is_the_same_on_any_number_of_threads() {
    let args = |threads| {
        agreement_json(&[
            DOUBLE_RON,
            "--ai",
            "mc",
            "--samples",
            "40",
            "--seed",
            "3",
            "--threads",
            threads,
        ])
    };
    let one = args("1");
    assert_eq!(one["ai"]["samples"], 40);
    assert_eq!(one["ai"]["seed"], 3);
    assert_eq!(one, args("2"));
}

#[test]
fn agreement_ok_mc_versions_are_named_and_mc_learned_is_mc() {
    // Each search version is measured under its own name; `mc-learned` is
    // the default `mc`, decision for decision; the learned prior changes
    // the counts of the double-ron game at 40 rollouts a decision.
    let of = |ai| agreement_json(&[DOUBLE_RON, "--ai", ai, "--samples", "40", "--seed", "3"]);
    let (mc, v1, v2, learned) = (of("mc"), of("mc-v1"), of("mc-v2"), of("mc-learned"));
    // `mc` is named by its version too: it was mc-v1 before session 11, so
    // a saved report must say which search it measured.
    for (doc, name) in [
        (&mc, "mc-learned"),
        (&v1, "mc-v1"),
        (&v2, "mc-v2"),
        (&learned, "mc-learned"),
    ] {
        assert_eq!(doc["ai"]["kind"], name);
        assert_eq!(doc["ai"]["samples"], 40);
    }
    assert_eq!(
        (mc["all"].clone(), mc["by_kind"].clone()),
        (learned["all"].clone(), learned["by_kind"].clone())
    );
    let all = [&v1, &v2, &learned].map(|d| counts(&d["all"]));
    assert_eq!(all, MC_VERSIONS_ALL);
    let text = tenpai(&["agreement", DOUBLE_RON, "--ai", "mc", "--samples", "40"]);
    assert!(
        text.ok()
            .starts_with("Agreement of the AI (mc-learned, 40 samples a decision)"),
        "{}",
        text.ok()
    );
}

#[test]
fn agreement_ok_random_is_measured_and_a_bot_refused() {
    // The random player: chance's agreement, seeded by --seed.
    let doc = agreement_json(&[DOUBLE_RON, "--ai", "random", "--seed", "3"]);
    assert_eq!(doc["ai"], serde_json::json!({"kind": "random", "seed": 3}));
    assert_eq!(
        doc,
        agreement_json(&[DOUBLE_RON, "--ai", "random", "--seed", "3"])
    );
    assert_eq!(counts(&doc["all"]), RANDOM_ALL);
    // An external bot follows whole games, not single positions.
    let r = tenpai(&["agreement", DOUBLE_RON, "--ai", "cmd:cat"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .contains("cmd:cat: an external bot is played by play and selfplay"),
        "{}",
        r.err
    );
}

/// (decisions, agreed) of `random` on the double-ron game, seed 3.
const RANDOM_ALL: (u64, u64) = (51, 9);

/// (decisions, agreed) of `mc-v1`, `mc-v2` and `mc-learned` on the double-ron
/// game, 40 rollouts a decision, seed 3.
const MC_VERSIONS_ALL: [(u64, u64); 3] = [(51, 32), (51, 33), (51, 40)];

#[test]
fn agreement_err_names_the_log_it_cannot_read() {
    let r = tenpai(&["agreement", PHOENIX, "no-such-log.json", "--ai", "baseline"]);
    assert!(r.failed().contains("no-such-log.json"), "{}", r.err);
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.mjson");
    std::fs::write(
        &empty,
        "{\"type\":\"start_game\",\"names\":[\"A\",\"B\",\"C\",\"D\"]}\n",
    )
    .unwrap();
    let r = tenpai(&["agreement", empty.to_str().unwrap(), "--ai", "baseline"]);
    assert!(
        r.failed().contains("empty.mjson: empty: no round"),
        "{}",
        r.err
    );
}

#[test]
fn agreement_ok_names_a_round_the_engine_refuses() {
    // A self-played game's log with its 22nd event (seat 1's discard of 9s
    // in E1-0) deleted: seat 2's next draw is refused.
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    tenpai(&[
        "selfplay",
        "--games",
        "1",
        "--seed",
        "7",
        "--length",
        "east",
        "--players",
        "baseline,baseline,baseline,baseline",
        "--log-dir",
        logs,
    ])
    .ok();
    let text = std::fs::read_to_string(dir.path().join("game-000000.mjson")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[21],
        r#"{"type":"dahai","actor":1,"pai":"9s","tsumogiri":true}"#
    );
    let cut = dir.path().join("cut.mjson");
    let kept: Vec<&str> = lines[..21].iter().chain(&lines[22..]).copied().collect();
    std::fs::write(&cut, kept.join("\n") + "\n").unwrap();
    let cut = cut.to_str().unwrap();
    let why = format!(
        "{cut}: E1-0 from event 21: {{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"W\"}} refused: \
         illegal tsumo by seat 2: not this seat's draw (seat 1 acts after its draw)"
    );
    let doc = agreement_json(&[cut, "--ai", "baseline"]);
    assert_eq!(doc["not_replayed"], serde_json::json!([why]));
    let r = tenpai(&["agreement", cut, "--ai", "baseline"]);
    let last = r.ok().lines().last().unwrap().to_string();
    assert_eq!(
        last,
        format!("Not replayed {why} (the round's later decisions are not counted)")
    );
    // A log the engine replays whole names none.
    let doc = agreement_json(&[PHOENIX, "--ai", "baseline"]);
    assert_eq!(doc["not_replayed"], serde_json::json!([]));
}

#[test]
fn agreement_err_needs_a_log() {
    let r = tenpai(&["agreement"]);
    assert_eq!(r.code, 2);
}

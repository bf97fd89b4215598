//! `tenpai review` from the outside: what the text, `--json` and `--html`
//! outputs hold whatever the AI's strength (the played action among the
//! candidates, mistakes only beyond the threshold and the paired interval,
//! one section per round, links to every flagged decision), determinism
//! with `--samples` and `--seed` on any number of threads, east-only logs
//! (Tenhou's and tenpai's own), the seat options and bad input refused with
//! a message. `tenpai play --log` ends with the command that reviews the
//! game; `play --review FILE` writes the page. The exact values of one
//! seeded review are in the snapshot (cli/tests/snapshot.rs).

use crate::common;
use common::{tenpai, tenpai_in};
use serde_json::Value;

/// A real east-south game with a double ron (the edge-case logs' smallest).
const DOUBLE_RON: &str = "../tests/data/tenhou6/double_ron.json";

/// A real east-south game of Tenhou's phoenix room, 10 rounds.
const PHOENIX: &str = "../tests/data/tenhou6/2011020414gm-00a9-0000-ef18f336.json";

/// A real east-only game (Tenhou room 上東喰赤速) with a robbed kan.
const EAST_ONLY: &str = "../tests/data/tenhou6/chankan.json";

/// `tenpai review LOG ARGS... --json`: the parsed document.
fn review_json(log: &str, args: &[&str]) -> Value {
    let mut all = vec!["review", log, "--json"];
    all.extend(args);
    let r = tenpai(&all);
    serde_json::from_str(r.ok()).expect("one JSON document")
}

/// The invariants every review keeps, whatever the search found.
fn assert_consistent(doc: &Value) {
    let decisions = doc["decisions"].as_array().unwrap();
    let threshold = doc["threshold"].as_f64().unwrap();
    assert_eq!(doc["summary"]["decisions"], decisions.len());
    let mut agreed = 0;
    let mut mistakes = 0;
    for d in decisions {
        let cands = d["candidates"].as_array().unwrap();
        let place = d["place"].as_u64().unwrap() as usize;
        assert_eq!(cands[place - 1]["action"], d["played"], "{d}");
        assert_eq!(cands[0]["action"], d["best"], "{d}");
        assert_eq!(
            cands.iter().filter(|c| c["action"] == d["played"]).count(),
            1
        );
        let agrees = d["played"] == d["best"];
        assert_eq!(d["agrees"], agrees);
        agreed += usize::from(agrees);
        let loss = d["loss"].as_f64().unwrap();
        if agrees {
            assert_eq!(loss, 0.0);
            assert_eq!(d["gap"], Value::Null);
        }
        if d["mistake"] == true {
            mistakes += 1;
            let gap = &d["gap"];
            let (mean, ci) = (gap["mean"].as_f64().unwrap(), gap["ci95"].as_f64().unwrap());
            assert!(loss > threshold && mean - ci > 0.0, "{d}");
        }
    }
    assert_eq!(doc["summary"]["agreed"], agreed);
    assert_eq!(doc["summary"]["mistakes"], mistakes);
}

#[test]
fn review_ok_json_keeps_the_played_action_among_the_candidates() {
    let doc = review_json(DOUBLE_RON, &["--samples", "100", "--seat", "2"]);
    assert_eq!(doc["seat"], 2);
    assert_eq!(doc["seat_from"], "given");
    assert_eq!(doc["format"], "tenhou6");
    assert_eq!(doc["length"], "south");
    assert_eq!(doc["budget"]["samples"], 100);
    // The search by its version: `mc` was another before session 11.
    assert_eq!(doc["search"], "mc-learned");
    assert_eq!(doc["rounds"].as_array().unwrap().len(), 1);
    assert!(doc["decisions"].as_array().unwrap().len() > 5);
    assert_consistent(&doc);
}

#[test]
fn review_ok_same_samples_and_seed_same_review_on_one_or_two_threads() {
    let args = ["--samples", "60", "--seed", "9"];
    let one = review_json(DOUBLE_RON, &[&args[..], &["--threads", "1"]].concat());
    let two = review_json(DOUBLE_RON, &[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    let other = review_json(DOUBLE_RON, &["--samples", "60", "--seed", "10"]);
    assert_ne!(one["decisions"], other["decisions"]);
}

#[test]
fn review_ok_east_only_tenhou_log() {
    let doc = review_json(EAST_ONLY, &["--samples", "60"]);
    assert_eq!(doc["length"], "east");
    assert_eq!(doc["seat_from"], "first");
    assert!(doc["refused"].as_array().unwrap().is_empty());
    assert_consistent(&doc);
}

#[test]
fn review_ok_text_says_which_seat_and_why() {
    let r = tenpai(&["review", DOUBLE_RON, "--samples", "50", "--all"]);
    let out = r.ok();
    assert!(
        out.starts_with("Review of seat 0: "),
        "{}",
        &out[..out.len().min(300)]
    );
    assert!(out.contains("by default: the first seat; --seat N or --player NAME reviews another"));
    assert!(out.contains("50 samples per decision, seed 1"));
    // The search named by its version (`mc` was another before session 11).
    assert!(
        out.contains("(tenhou6 log, 1 round); search mc-learned, 50 samples per decision, seed 1;")
    );
    assert!(
        out.contains("\nS4-0: 13 decisions, "),
        "one block for the round"
    );
    let first_line = std::fs::read_to_string(DOUBLE_RON).unwrap();
    let names: Value = serde_json::from_str(first_line.lines().next().unwrap()).unwrap();
    let third = names["name"][3].as_str().unwrap().to_string();
    let by_name = tenpai(&["review", DOUBLE_RON, "--samples", "50", "--player", &third]);
    assert!(by_name
        .ok()
        .starts_with(&format!("Review of seat 3: {third}, the player {third:?}")));
}

#[test]
fn review_err_bad_options_and_logs_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let bad = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![DOUBLE_RON.into(), "--seat".into(), "4".into()],
            "invalid value '4' for '--seat <SEAT>'",
        ),
        (
            vec![DOUBLE_RON.into(), "--player".into(), "nobody".into()],
            "no player named \"nobody\" in the log (its players: ",
        ),
        (
            vec![DOUBLE_RON.into(), "--samples".into(), "0".into()],
            "--samples must be 1 or more, got 0\n",
        ),
        (
            vec![DOUBLE_RON.into(), "--threshold=-1".into()],
            "invalid value '-1' for '--threshold <RANKS>': \"-1\": expected a loss of 0 or more",
        ),
        (vec!["no/such/file.json".into()], "no/such/file.json"),
        (vec![bad("empty.json", "")], "empty.json"),
        (
            vec![bad(
                "cut.json",
                "{\"name\":[\"a\",\"b\",\"c\",\"d\"],\"log\":[[",
            )],
            "cut.json",
        ),
        (
            vec![bad(
                "bad.mjlog",
                "<mjloggm ver=\"2.3\"><INIT seed=\"x\"/></mjloggm>",
            )],
            "INIT",
        ),
    ];
    for (args, needle) in cases {
        let mut all = vec!["review"];
        all.extend(args.iter().map(String::as_str));
        let r = tenpai(&all);
        let err = r.failed();
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

// ---- the web page ----

/// Every element's attribute `name`, in document order.
fn attributes<'a>(doc: &'a roxmltree::Document, name: &str) -> Vec<&'a str> {
    doc.descendants()
        .filter_map(|n| n.attribute(name))
        .collect()
}

#[test]
fn review_ok_html_is_well_formed_self_contained_and_links_every_mistake() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("review.html");
    // A whole game, with mistakes to link (seat 1: four at 200 rollouts).
    let r = tenpai(&[
        "review",
        PHOENIX,
        "--seat",
        "1",
        "--samples",
        "200",
        "--json",
        "--html",
        page.to_str().unwrap(),
    ]);
    let json: Value = serde_json::from_str(r.ok()).unwrap();
    let text = std::fs::read_to_string(&page).unwrap();
    let xml = text.strip_prefix("<!DOCTYPE html>").expect("a doctype");
    let doc = roxmltree::Document::parse(xml).expect("well-formed markup");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "html");
    assert!(
        text.contains(". Search mc-learned, "),
        "the search's version"
    );
    // Nothing loaded from elsewhere: no script or style file, every link and
    // every SVG reference inside the page.
    for n in doc.descendants() {
        let tag = n.tag_name().name();
        assert!(
            !["script", "link", "img", "iframe"].contains(&tag),
            "<{tag}>"
        );
        assert!(n.attribute("src").is_none());
    }
    let ids: std::collections::HashSet<&str> = attributes(&doc, "id").into_iter().collect();
    for href in attributes(&doc, "href") {
        let target = href
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("external {href}"));
        assert!(ids.contains(target), "dangling {href}");
    }
    // One section per round, one block per decision.
    let decisions = json["decisions"].as_array().unwrap();
    assert!(ids.contains("summary") && ids.contains("chart"));
    for ri in 0..json["rounds"].as_array().unwrap().len() {
        assert!(ids.contains(format!("r{ri}").as_str()), "round {ri}");
    }
    for i in 0..decisions.len() {
        assert!(ids.contains(format!("d{i}").as_str()), "decision {i}");
    }
    // Every flagged decision is a point of the chart linking to it; the
    // largest ones are linked from the summary too.
    let mistakes: Vec<String> = decisions
        .iter()
        .enumerate()
        .filter(|(_, d)| d["mistake"] == true)
        .map(|(i, _)| format!("#d{i}"))
        .collect();
    assert!(mistakes.len() >= 2, "the game has mistakes");
    let linked_from = |id: &str| -> Vec<String> {
        let section = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap();
        section
            .descendants()
            .filter_map(|n| n.attribute("href"))
            .map(str::to_string)
            .collect()
    };
    let chart = linked_from("chart");
    let summary = linked_from("summary");
    for m in &mistakes {
        assert!(chart.contains(m), "{m} not on the chart");
    }
    for i in json["summary"]["largest"].as_array().unwrap() {
        assert!(summary.contains(&format!("#d{i}")), "largest {i}");
    }
    let flagged = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("decision mistake"))
        .count();
    assert_eq!(flagged, mistakes.len());
    assert!(r.out.is_empty() || !r.out.contains("Wrote"), "JSON only");
}

// ---- tenpai play: the review command and --review ----

#[test]
fn play_ok_log_ends_with_the_review_command_which_reviews_your_seat() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.mjson");
    let log_s = log.to_str().unwrap();
    let r = tenpai_in(
        &[
            "play",
            "--opponents=baseline-v1",
            "--seed",
            "7",
            "--length",
            "east",
            "--seat",
            "W",
            "--log",
            log_s,
        ],
        &"a\n".repeat(2000),
    );
    let out = r.ok();
    // The log records its length: the command needs no --length.
    let command = format!("tenpai review {log_s}");
    assert!(
        out.ends_with(&format!("Review this game: {command}\n")),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
    let doc = review_json(log_s, &["--samples", "40"]);
    assert_eq!(doc["seat"], 2);
    assert_eq!(doc["seat_from"], "you");
    assert_eq!(doc["format"], "mjai");
    assert_eq!(doc["length"], "east");
    assert_eq!(doc["rules"], "tenhou");
    assert_eq!(doc["red_fives"], true);
    assert_eq!(doc["warnings"], serde_json::json!([]));
    assert_eq!(doc["names"][2], "You");
    assert!(doc["refused"].as_array().unwrap().is_empty());
    assert_consistent(&doc);
}

#[test]
fn play_ok_review_writes_the_page_when_the_game_ends() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("review.html");
    let page_s = page.to_str().unwrap();
    let args = [
        "play",
        "--opponents=baseline-v1",
        "--seed",
        "7",
        "--length",
        "east",
        "--samples",
        "40",
        "--review",
        page_s,
    ];
    let r = tenpai_in(&args, &"a\n".repeat(2000));
    let out = r.ok();
    assert!(out.contains("Reviewing the game (40 samples per decision)...\n"));
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("Wrote the review of seat E to {page_s}: ")),
        "{last}"
    );
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.contains("tenpai play --seed 7"));
    assert!(text.contains("the seat named You in this tenpai play log"));
    roxmltree::Document::parse(text.strip_prefix("<!DOCTYPE html>").unwrap()).unwrap();
    // Refused before the game when it cannot be written; no page when the
    // game is left.
    let missing = dir.path().join("no/dir/r.html");
    let e = tenpai_in(&["play", "--review", missing.to_str().unwrap()], "q\n");
    assert!(e.failed().contains("--review"), "{}", e.err);
    let left = dir.path().join("left.html");
    let q = tenpai_in(
        &[
            "play",
            "--opponents=baseline-v1",
            "--review",
            left.to_str().unwrap(),
        ],
        "q\n",
    );
    assert!(q
        .ok()
        .contains("no review written (the game did not finish)"));
    assert!(!left.exists());
}

#[test]
fn review_ok_unfinished_log_is_marked_in_text_json_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("running.mjson");
    std::fs::write(&path, common::mjai_cut_in_e3()).unwrap();
    let log = path.to_str().unwrap();
    let page = dir.path().join("r.html");
    let args = [
        "review",
        log,
        "--samples",
        "20",
        "--html",
        page.to_str().unwrap(),
    ];
    let text = tenpai(&args).ok().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[2],
        "Unfinished log (it stops in E3-0): its recorded decisions are reviewed."
    );
    assert!(
        lines[3].starts_with("Scores at the end of the log: "),
        "{text}"
    );
    let doc = review_json(log, &["--samples", "20"]);
    assert_eq!(
        doc["extent"],
        serde_json::json!({"kind": "unfinished_round", "round": "E3-0"})
    );
    assert_eq!(doc["rounds"].as_array().unwrap().len(), 5);
    let in_e3 = doc["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["round"] == "E3-0")
        .count();
    assert_eq!(in_e3, 6);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(
        "<p class=\"unfinished\"><b>Unfinished log (it stops in E3-0): its recorded decisions are reviewed.</b></p>"
    ));
    assert!(html.contains("No result: the log stops here."), "{html}");
    // A whole game says nothing of the kind.
    let whole = review_json(DOUBLE_RON, &["--samples", "20", "--seat", "2"]);
    assert_eq!(whole["extent"], serde_json::json!({"kind": "whole"}));
}

#[test]
fn review_err_empty_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("empty.mjson");
    std::fs::write(
        &log,
        "{\"type\":\"start_game\",\"names\":[\"A\",\"B\",\"C\",\"D\"]}\n",
    )
    .unwrap();
    let r = tenpai(&["review", log.to_str().unwrap()]);
    assert_eq!(
        r.failed(),
        format!("error: {}: empty: no round to review\n", log.display())
    );
}

// ---- the rules a log records ----

/// An east-only game of four baseline players (seed 3) as `selfplay` logs
/// it, and the same log with its record of the rules taken out (as a
/// program that writes no `kyoku_first` would write it).
fn east_logs(dir: &std::path::Path) -> (String, String) {
    let logs = dir.join("logs");
    let logs_s = logs.to_str().unwrap();
    tenpai(&[
        "selfplay",
        "--games=1",
        "--seed=3",
        "--length=east",
        "--players=baseline,baseline,baseline,baseline",
        "--log-dir",
        logs_s,
    ])
    .ok();
    let log = logs.join("game-000000.mjson");
    let bare = dir.join("bare.mjson");
    let text = std::fs::read_to_string(&log).unwrap();
    let record = r#","kyoku_first":4,"aka_flag":true,"rules":"tenhou""#;
    assert!(text.contains(record), "{text}");
    std::fs::write(&bare, text.replace(record, "")).unwrap();
    (
        log.to_str().unwrap().to_string(),
        bare.to_str().unwrap().to_string(),
    )
}

#[test]
fn review_ok_reads_the_length_a_log_records_and_warns_when_it_records_none() {
    let dir = tempfile::tempdir().unwrap();
    let (log, bare) = east_logs(dir.path());
    let fast = ["--samples", "8", "--seat", "1"];
    let doc = review_json(&log, &fast);
    assert_eq!(doc["length"], "east");
    assert_eq!(doc["warnings"], serde_json::json!([]));
    // No record: reviewed as the default says (east-south), with a warning
    // on standard error and in the JSON.
    let mut args = vec!["review", bare.as_str(), "--json"];
    args.extend(fast);
    let r = tenpai(&args);
    assert_eq!(r.code, 0, "{}", r.err);
    let doc: Value = serde_json::from_str(&r.out).unwrap();
    let warning = "the log does not record its length (no kyoku_first) and ends after E4-0 with nobody below zero, as an east-only game does; it is read as east-south (the rules' length): --length east reads it as east-only";
    assert_eq!(doc["length"], "south");
    assert_eq!(doc["warnings"], serde_json::json!([warning]));
    assert_eq!(r.err, format!("warning: {bare}: {warning}\n"));
    let mut told = fast.to_vec();
    told.extend(["--length", "east"]);
    assert_eq!(review_json(&bare, &told)["length"], "east");
    // A length the log contradicts is refused before the review.
    let r = tenpai(&["review", &log, "--length", "south"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        format!("error: {log}: --length south contradicts the log, which records an east-only game (kyoku_first 4)\n")
    );
}

/// The page's title and the text's first line name the seat and its
/// player once, without nested parentheses, for a watched `tenpai play`
/// game whose players are named `baseline (West)` and so on.
#[test]
fn review_ok_title_names_the_seat_and_its_player_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (log, page) = (dir.path().join("g.mjson"), dir.path().join("r.html"));
    let (log, page) = (log.to_str().unwrap(), page.to_str().unwrap());
    let play = [
        "play",
        "--watch",
        "--opponents",
        "baseline",
        "--seed",
        "7",
        "--length",
        "east",
        "--log",
        log,
    ];
    tenpai_in(&play, "").ok();
    let r = tenpai(&[
        "review",
        log,
        "--seat",
        "W",
        "--samples",
        "10",
        "--html",
        page,
    ]);
    assert!(
        r.ok()
            .starts_with("Review of seat 2: baseline (West), given with --seat.\n"),
        "{}",
        r.out
    );
    let html = std::fs::read_to_string(page).unwrap();
    assert!(
        html.contains("<title>tenpai review of seat 2: baseline (West)</title>"),
        "{}",
        &html[..html.len().min(400)]
    );
}

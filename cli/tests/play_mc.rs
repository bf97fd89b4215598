//! `tenpai play` against the Monte Carlo AI: the default opponents, a whole
//! game reproduced and replayed, the decisions CSV, hints ranked by the
//! search, `a` playing the recommendation, threads that change nothing.

use crate::common::{tenpai_in, MC7};
use crate::play::*;

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

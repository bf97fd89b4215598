//! Agreement with every line of `tests/data/score/cases.jsonl`: exact han,
//! fu, yaku with their han, yakuman, payments and total (or the "no yaku" error)
//! with the Mahjong Soul preset; the Tenhou preset differs only on the double
//! yakuman hands.

use serde_json::Value;
use tenpai::rules::Rules;
use tenpai::score::json::{ResultRecord, ScoreRecord, SituationRecord};
use tenpai::score::{score, Situation, Yaku};

fn cases() -> Vec<(usize, String, Value)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/score/cases.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            let v: Value = serde_json::from_str(line).unwrap();
            (n + 1, line.to_string(), v)
        })
        .collect()
}

fn expected(v: &Value) -> ResultRecord {
    serde_json::from_value(v["expected"].clone()).unwrap()
}

fn outcome(s: &Situation, rules: &Rules) -> ResultRecord {
    ResultRecord::from(&score(s, rules))
}

#[test]
fn score_cases_match_mahjongsoul_preset_exactly() {
    let rules = Rules::mahjongsoul();
    let cases = cases();
    assert_eq!(cases.len(), 3000);
    let mut failures = Vec::new();
    for (n, line, v) in &cases {
        let s = Situation::from_json(line).unwrap_or_else(|e| panic!("line {n}: {e}"));
        let got = outcome(&s, &rules);
        let want = expected(v);
        if got != want {
            failures.push(format!(
                "line {n}: {}\n  want {}\n  got  {}",
                v["hand"],
                serde_json::to_string(&want).unwrap(),
                serde_json::to_string(&got).unwrap()
            ));
        }
    }
    let shown: Vec<_> = failures.iter().take(30).cloned().collect();
    assert!(
        failures.is_empty(),
        "{} of 3000 differ:\n{}",
        failures.len(),
        shown.join("\n")
    );
}

#[test]
fn score_cases_batch_lines_match_expected_json() {
    // The JSON line writer gives the `expected` value exactly.
    let rules = Rules::mahjongsoul();
    for (n, line, v) in cases().iter().take(500) {
        let out: Value =
            serde_json::from_str(&tenpai::score::json::score_line(line, &rules)).unwrap();
        assert_eq!(out, v["expected"], "line {n}");
    }
}

/// With the double yakuman counted single: the yaku map with every 26 made 13.
fn singled(r: &ScoreRecord) -> Vec<(Yaku, u8)> {
    r.yaku
        .iter()
        .map(|(y, h)| (y, if h == 26 { 13 } else { h }))
        .collect()
}

#[test]
fn score_cases_tenhou_preset_differs_only_on_double_yakuman() {
    let rules = Rules::tenhou();
    let mut doubles = 0;
    for (n, line, v) in &cases() {
        let s = Situation::from_json(line).unwrap();
        let got = outcome(&s, &rules);
        let want = expected(v);
        let has_double =
            matches!(&want, ResultRecord::Score(r) if r.yaku.iter().any(|(_, h)| h == 26));
        if !has_double {
            assert_eq!(
                got, want,
                "line {n}: Tenhou differs on a hand without double yakuman"
            );
            continue;
        }
        doubles += 1;
        let (ResultRecord::Score(g), ResultRecord::Score(w)) = (&got, &want) else {
            panic!("line {n}: {got:?}")
        };
        assert_ne!(g, w, "line {n}");
        let g_yaku: Vec<_> = g.yaku.iter().collect();
        assert_eq!(g_yaku, singled(w), "line {n}: the same yakuman, single");
        let singles: u32 = g_yaku.iter().map(|&(_, h)| h as u32).sum::<u32>() / 13;
        assert_eq!(
            (g.yakuman, g.han, g.fu),
            (singles, 13 * singles, 0),
            "line {n}"
        );
        // Payments scale with the yakuman multiple (no honba in the ratio).
        let base = |r: &ScoreRecord| r.total - 300 * v["honba"].as_u64().unwrap() as u32;
        assert_eq!(
            base(g) * w.yakuman,
            base(w) * g.yakuman,
            "line {n}: payment"
        );
    }
    assert_eq!(doubles, 45, "hands with a double yakuman in the vectors");
}

#[test]
fn score_cases_situations_round_trip_through_json() {
    for (n, line, v) in &cases() {
        let s = Situation::from_json(line).unwrap();
        let mut want = v.clone();
        let want_map = want.as_object_mut().unwrap();
        want_map.remove("expected");
        // The vectors spell `riichi_sticks` (read by its alias); written, it
        // is `kyoutaku`.
        if let Some(k) = want_map.remove("riichi_sticks") {
            want_map.insert("kyoutaku".into(), k);
        }
        let back: Value = serde_json::from_str(&s.to_json()).unwrap();
        assert_eq!(back, want, "line {n}");
        let record: SituationRecord = serde_json::from_str(line).unwrap();
        assert_eq!(record.to_situation().unwrap(), s, "line {n}");
    }
}

#[test]
fn score_json_reads_the_old_names_of_kyoutaku() {
    // `riichi_sticks` (the shared vectors' name) and `sticks` (the old flag
    // name) are read as `kyoutaku`, which is the name written.
    let base = r#"{"hand":"123m456p789s11z555z","win_tile":"5z""#;
    for key in ["kyoutaku", "riichi_sticks", "sticks"] {
        let s = Situation::from_json(&format!(r#"{base},"{key}":2}}"#)).unwrap();
        assert_eq!(s.kyoutaku, 2, "{key}");
        assert!(s.to_json().contains(r#""kyoutaku":2"#), "{key}");
    }
}

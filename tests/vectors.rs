//! Agreement with every line of `tests/data/shanten/*.jsonl`.
use crate::common;
use common::{counts, testdata};
use serde_json::Value;

fn check_file(name: &str) {
    let path = testdata(&format!("shanten/{name}.jsonl"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = 0;
    for (n, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        let h = v["hand"].as_str().unwrap();
        let c = counts(h);
        let expected = v["shanten"].as_i64().unwrap() as i8;
        assert_eq!(
            tenpai::shanten(&c).unwrap(),
            expected,
            "{name}:{} shanten of {h}",
            n + 1
        );
        if let Some(u) = v["ukeire"].as_str() {
            let got = tenpai::ukeire(&c, None).unwrap();
            assert_eq!(got.shanten, expected, "{name}:{} {h}", n + 1);
            assert_eq!(got.tiles.to_string(), u, "{name}:{} ukeire of {h}", n + 1);
        }
        lines += 1;
    }
    assert_eq!(lines, 5000, "{name}");
}

#[test]
fn vectors_mixed() {
    check_file("mixed");
}
#[test]
fn vectors_t13() {
    check_file("t13");
}
#[test]
fn vectors_t14() {
    check_file("t14");
}
#[test]
fn vectors_chinitsu13() {
    check_file("chinitsu13");
}
#[test]
fn vectors_chinitsu14() {
    check_file("chinitsu14");
}
#[test]
fn vectors_pairs14() {
    check_file("pairs14");
}

/// The reference checker agrees with the vectors too (a sample of each file, as
/// it is slow).
#[test]
fn vectors_reference_sample() {
    for name in ["mixed", "t13", "t14", "chinitsu13", "chinitsu14", "pairs14"] {
        let text = std::fs::read_to_string(testdata(&format!("shanten/{name}.jsonl"))).unwrap();
        for line in text.lines().step_by(10) {
            let v: Value = serde_json::from_str(line).unwrap();
            let h = v["hand"].as_str().unwrap();
            let expected = v["shanten"].as_i64().unwrap() as i8;
            assert_eq!(
                tenpai::reference::shanten(&counts(h)).unwrap(),
                expected,
                "{name} {h}"
            );
        }
    }
}

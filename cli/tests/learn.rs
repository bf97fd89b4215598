//! `tenpai learn` from the outside: the shipped learned model is what its
//! command makes from the 16 phoenix games, a model written by `learn` is
//! read back by `agreement --model`, and bad options are refused.

use crate::common;
use common::tenpai;
use serde_json::Value;

/// A real east-south game of Tenhou's phoenix room, 10 rounds.
const PHOENIX: &str = "../tests/data/tenhou6/2011020414gm-00a9-0000-ef18f336.json";

/// The model the program ships.
const SHIPPED: &str = "../data/ai/model.json";

/// The 16 phoenix games the shipped model was fitted on.
fn phoenix_games() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir("../tests/data/tenhou6")
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("20") && n.ends_with(".json"))
        .map(|n| format!("../tests/data/tenhou6/{n}"))
        .collect();
    v.sort();
    v
}

#[test]
fn learn_ok_remakes_the_shipped_model() {
    let games = phoenix_games();
    assert_eq!(games.len(), 16);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("model.json");
    let mut args = vec!["learn", "--folds", "0", "--out", out.to_str().unwrap()];
    args.extend(games.iter().map(String::as_str));
    let r = tenpai(&args);
    assert!(
        r.ok()
            .starts_with("Learned model fitted on 7672 discards, 289 riichi decisions and 1986 call offers of 16 games"),
        "{}",
        r.out
    );
    let made: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let shipped: Value = serde_json::from_str(&std::fs::read_to_string(SHIPPED).unwrap()).unwrap();
    for part in ["discard", "riichi", "call"] {
        assert_eq!(made[part], shipped[part], "{part}");
    }
    assert_eq!(made["choices"], shipped["choices"]);
    let command = shipped["command"].as_str().unwrap();
    assert!(
        command.starts_with("tenpai learn tests/data/tenhou6/20"),
        "{command}"
    );
    assert!(command.ends_with(" --out data/ai/model.json"), "{command}");
}

#[test]
fn learn_ok_model_is_read_back_by_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.json");
    let r = tenpai(&[
        "learn",
        PHOENIX,
        "--folds",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(r
        .ok()
        .contains("In sample: the discard part picks the player's tile in "));
    let r = tenpai(&[
        "agreement",
        PHOENIX,
        "--ai",
        "baseline",
        "--model",
        out.to_str().unwrap(),
    ]);
    assert!(r.ok().contains("(baseline, model "), "{}", r.out);
}

#[test]
fn agreement_ok_baseline_with_the_shipped_model() {
    let r = tenpai(&[
        "agreement",
        PHOENIX,
        "--ai",
        "baseline",
        "--model",
        SHIPPED,
        "--json",
    ]);
    let doc: Value = serde_json::from_str(r.ok()).unwrap();
    assert_eq!(doc["ai"]["model"], SHIPPED);
    let c = |v: &Value| {
        (
            v["decisions"].as_u64().unwrap(),
            v["agreed"].as_u64().unwrap(),
        )
    };
    assert_eq!(c(&doc["all"]), SHIPPED_ALL);
    assert_eq!(c(&doc["by_kind"]["discard"]), SHIPPED_DISCARD);
    assert_eq!(c(&doc["by_kind"]["riichi"]), (8, 5));
    assert_eq!(c(&doc["by_kind"]["call"]), (113, 90));
    // The shipped model is the baseline-learned AI.
    let r = tenpai(&["agreement", PHOENIX, "--ai", "baseline-learned", "--json"]);
    let doc: Value = serde_json::from_str(r.ok()).unwrap();
    assert_eq!(doc["ai"]["kind"], "baseline-learned");
    assert_eq!(c(&doc["all"]), SHIPPED_ALL);
}

/// The baseline with the shipped model on the phoenix game: all decisions
/// and discards (decisions, agreed); the rules it replaces (`baseline-v1`),
/// (542, 322) and (413, 217).
const SHIPPED_ALL: (u64, u64) = (542, 373);
const SHIPPED_DISCARD: (u64, u64) = (413, 270);

#[test]
fn learn_err_refuses_a_bad_model_and_an_unwritable_out() {
    let r = tenpai(&["agreement", PHOENIX, "--ai", "mc", "--model", SHIPPED]);
    assert!(
        r.failed()
            .contains("--model: the model chooses the baseline's plays"),
        "{}",
        r.err
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        "{\"command\":\"\",\"choices\":0,\"discard\":{\"features\":[\"x\"],\"weights\":[1.0]}}",
    )
    .unwrap();
    let r = tenpai(&[
        "agreement",
        PHOENIX,
        "--ai",
        "baseline",
        "--model",
        bad.to_str().unwrap(),
    ]);
    assert!(
        r.failed()
            .contains("the discard model's features are x but this program's are shanten_worse, "),
        "{}",
        r.err
    );
    let r = tenpai(&["learn", PHOENIX, "--out", dir.path().to_str().unwrap()]);
    assert!(r.failed().contains("is a directory"), "{}", r.err);
}

/// Fewer games than folds: the output says that no cross-validation was
/// done (0 folds asks for none, 1 is refused: see the usage tests).
#[test]
fn learn_ok_says_when_too_few_games_for_the_folds() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.json");
    let r = tenpai(&[
        "learn",
        "../tests/data/tenhou6/four_reach.json",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = r.ok();
    assert!(
        text.starts_with("Learned model fitted on 45 discards, 7 riichi decisions and 13 call offers of 1 game (every seat), written to "),
        "{text}"
    );
    assert!(
        text.contains("\nNot cross-validated: --folds 4 needs at least 4 games, got 1\n"),
        "{text}"
    );
    assert!(!text.contains("Cross-validated"), "{text}");
}

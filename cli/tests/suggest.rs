//! `tenpai suggest` end to end: the shape of seeded rankings from flags and
//! from a log position (which candidates, their order, the rollouts spent,
//! the same result on any number of threads), JSON, the waits of ready
//! discards (the errors: `suggest_flags.rs`). The rankings themselves move
//! whenever the AI is tuned: they are in the one snapshot (`snapshot.rs`).

use crate::common;

use common::{tenpai, SUGGEST_CLOSED_HAND, SUGGEST_OPEN_HAND_JSON};

/// The candidate rows of a ranking table: (action, rank, rollouts).
fn rows(out: &str) -> Vec<(String, f64, u32)> {
    out.lines()
        .skip_while(|l| !l.starts_with("action "))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            (
                format!("{} {}", cols[0], cols[1]),
                cols[2].parse().unwrap(),
                cols[cols.len() - 1].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn suggest_ok_flags_ranking_every_discard_by_rank() {
    let out = tenpai(&[SUGGEST_CLOSED_HAND, &["--threads=1"]].concat());
    let text = out.ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "seat 0, E1-0, 65 tiles left, hand 123m456p789s11234z"
    );
    assert_eq!(
        lines[2],
        "action             rank   ± 95%    points  win % deal-in % tenpai % samples"
    );
    let r = rows(text);
    let mut actions: Vec<&str> = r.iter().map(|(a, _, _)| a.as_str()).collect();
    actions.sort();
    let every = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 2z 3z 4z".split(' ');
    let mut want: Vec<String> = every.map(|t| format!("discard {t}")).collect();
    want.sort();
    assert_eq!(actions, want);
    assert!(r.windows(2).all(|w| w[0].1 <= w[1].1), "by rank: {r:?}");
    assert_eq!(r.iter().map(|x| x.2).sum::<u32>(), 200);
    let choice = lines[lines.len() - 1];
    assert!(
        choice.starts_with("choice: discard ") && choice.ends_with(", 200 rollouts of mc-learned")
    );
    // The same with two threads: a sample budget does not depend on them.
    let two = [SUGGEST_CLOSED_HAND, &["--threads=2"]].concat();
    assert_eq!(tenpai(&two).ok(), text);
}

#[test]
fn suggest_ok_json_with_melds_riichi_and_round() {
    let out = tenpai(SUGGEST_OPEN_HAND_JSON);
    let v: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(v["seat"], 2);
    assert_eq!(v["round"], "S2-0");
    assert_eq!(v["hand"], "234m456p12223z [789s]");
    assert_eq!(v["samples"], 200);
    assert_eq!(v["trivial"], false);
    let c = v["candidates"].as_array().unwrap();
    // Open hand: no riichi; every distinct tile is a candidate.
    let labels: Vec<&str> = c.iter().map(|c| c["action"].as_str().unwrap()).collect();
    assert_eq!(labels.len(), 9, "{labels:?}");
    assert!(labels.iter().all(|l| l.starts_with("discard ")));
    let ranks: Vec<f64> = c.iter().map(|c| c["rank"].as_f64().unwrap()).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] <= w[1]),
        "best rank first: {ranks:?}"
    );
    assert_eq!(
        c.iter()
            .map(|c| c["samples"].as_u64().unwrap())
            .sum::<u64>(),
        200
    );
    // Discarding 1z waits on 3z (the 222z triplet: South seat, South round).
    let one = c.iter().find(|c| c["action"] == "discard 1z").unwrap();
    assert_eq!(
        (&one["waits"], &one["no_yaku"]),
        (&serde_json::json!(["3z"]), &serde_json::json!([]))
    );
    let two = c.iter().find(|c| c["action"] == "discard 2m").unwrap();
    assert!(two["waits"].is_null() && two["no_yaku"].is_null(), "{two}");
}

#[test]
fn suggest_ok_ready_discards_list_their_waits_without_yaku_apart() {
    let out = tenpai(&[
        "suggest",
        "--hand",
        "233p11z [345p] [456s] [789m]",
        "--drawn",
        "2p",
        "--samples",
        "60",
    ]);
    let text = out.ok();
    assert!(
        text.contains(
            "\ndiscard 2p       waits 1z (2 left); no yaku on 3p\n\
             discard 3p       waits on nothing that wins; no yaku on 14p\n"
        ) || text.contains(
            "\ndiscard 3p       waits on nothing that wins; no yaku on 14p\n\
             discard 2p       waits 1z (2 left); no yaku on 3p\n"
        ),
        "{text}"
    );
}

/// The candidate actions of a suggestion from flags (50 rollouts), sorted.
fn offered(flags: &[&str]) -> Vec<String> {
    let args = [&["suggest", "--samples", "50", "--json"], flags].concat();
    let v: serde_json::Value = serde_json::from_str(tenpai(&args).ok()).unwrap();
    let mut a: Vec<String> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["action"].as_str().unwrap().to_string())
        .collect();
    a.sort();
    a
}

#[test]
fn suggest_ok_offers_what_the_engine_offers_closed_kan_added_kan_nine_terminals() {
    // The engine's choices, the CLI's own list gone: the closed kan it missed,
    let a = offered(&["--hand", "1111m234p567p789s1z", "--drawn", "1z"]);
    assert!(a.contains(&"ankan 1m".to_string()), "{a:?}");
    assert!(a.contains(&"riichi 1m".to_string()), "{a:?}");
    // the added kan to a pon (open: no riichi),
    let a = offered(&["--hand", "1m567p234678s3z [111m]", "--drawn", "1m"]);
    assert!(a.contains(&"kakan 1m".to_string()), "{a:?}");
    assert!(!a.iter().any(|a| a.starts_with("riichi")), "{a:?}");
    // nine terminals on the first draw, not after a discard.
    let nine = ["--hand", "19m19p19s1234z2345m", "--drawn", "5m"];
    assert!(offered(&nine).contains(&"nine terminals".to_string()));
    let later = [&nine[..], &["--rivers", "6m,7m,8m,7p"]].concat();
    assert!(!offered(&later).contains(&"nine terminals".to_string()));
}

#[test]
fn suggest_ok_riichi_reads_the_presets_points_and_wall() {
    let ready = ["--hand", "123m456p789s22334z", "--drawn", "4z"];
    let riichi = |extra: &[&str]| {
        offered(&[&ready[..], extra].concat())
            .iter()
            .any(|a| a.starts_with("riichi"))
    };
    assert!(riichi(&[]));
    assert!(!riichi(&["--scores", "900,33100,33000,33000"]));
    assert!(riichi(&["--left", "4"]));
    assert!(!riichi(&["--left", "3"]));
    // A preset that lets a seat with 900 points declare riichi on 3 tiles.
    let dir = tempfile::tempdir().unwrap();
    let toml = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/rules/tenhou.toml"
    ))
    .unwrap()
    .replace("riichi_min_points = 1000", "riichi_min_points = 500")
    .replace("riichi_min_wall = 4", "riichi_min_wall = 1");
    let file = dir.path().join("loose.toml");
    std::fs::write(&file, toml).unwrap();
    let rules = file.to_str().unwrap();
    assert!(riichi(&[
        "--scores",
        "900,33100,33000,33000",
        "--left",
        "3",
        "--rules",
        rules
    ]));
}

#[test]
fn suggest_ok_trivial_tsumo() {
    let out = tenpai(&[
        "suggest",
        "--hand",
        "234m456p11222z [789s]",
        "--drawn",
        "1z",
        "--round",
        "S2",
        "--seat",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(
        (v["chosen"].as_str(), v["trivial"].as_bool()),
        (Some("tsumo"), Some(true))
    );
}

#[test]
fn suggest_ok_log_position() {
    let log = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/tenhou6/double_ron.json"
    );
    let out = tenpai(&["suggest", "--log", log, "--event", "21", "--samples", "200"]);
    let text = out.ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "seat 0, S4-0, 60 tiles left, hand 406799m1108p7889s"
    );
    // A red five is named 0m/0p, like every tile in the hand.
    let r = rows(text);
    assert!(r.iter().any(|(a, _, _)| a == "discard 0p"), "{r:?}");
    assert!(!r.iter().any(|(a, _, _)| a == "discard 5p"), "{r:?}");
    assert!(r.windows(2).all(|w| w[0].1 <= w[1].1), "by rank: {r:?}");
    let choice = lines[lines.len() - 2];
    assert!(
        choice.starts_with("choice: discard ") && choice.ends_with(", 200 rollouts of mc-learned")
    );
    assert_eq!(
        lines[lines.len() - 1],
        "played: {\"type\":\"dahai\",\"actor\":0,\"pai\":\"8s\",\"tsumogiri\":true}"
    );
}

/// A tenhou.net/6 log of one round (a double ron).
pub const LOG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/tenhou6/double_ron.json"
);

#[test]
fn suggest_ok_open_hand_without_yaku_is_not_offered_tsumo() {
    // Complete shape, but open and no yaku: only discards.
    let out = tenpai(&[
        "suggest",
        "--hand",
        "123m456p99p234s [789s]",
        "--drawn",
        "4s",
        "--samples",
        "100",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    let c = v["candidates"].as_array().unwrap();
    assert!(
        c.iter()
            .all(|c| c["action"].as_str().unwrap().starts_with("discard ")),
        "{c:?}"
    );
    // A complete open hand with a yaku (1z: East as seat and round wind) wins.
    let out = tenpai(&[
        "suggest",
        "--hand",
        "234m456p11122z [789s]",
        "--drawn",
        "1z",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(v["chosen"], "tsumo");
}

#[test]
fn suggest_ok_trivial_decision_shows_no_measurements() {
    let args = [
        "suggest",
        "--hand",
        "234m456p11122z [789s]",
        "--drawn",
        "1z",
    ];
    let table = tenpai(&args);
    assert!(
        table.ok().contains(
            "tsumo                 -       -         -      -        -       -       0\n"
        ),
        "{}",
        table.ok()
    );
    let json = tenpai(&[&args[..], &["--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(json.ok()).unwrap();
    let c = &v["candidates"][0];
    for key in ["rank", "ci95", "points", "win", "deal_in", "tenpai"] {
        assert!(c[key].is_null(), "{key}: {c}");
    }
    assert_eq!(
        (c["samples"].as_u64(), v["played"].is_null()),
        (Some(0), true)
    );
}

#[test]
fn suggest_ok_json_from_a_log_names_the_played_action() {
    let log = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/tenhou6/double_ron.json"
    );
    let out = tenpai(&[
        "suggest",
        "--log",
        log,
        "--event",
        "21",
        "--samples",
        "50",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(
        v["played"],
        serde_json::json!({"type": "dahai", "actor": 0, "pai": "8s", "tsumogiri": true})
    );
}

#[test]
fn suggest_ok_an_east_only_log_is_searched_as_east_only_and_refuses_south() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let players = "--players=baseline,baseline,baseline,baseline";
    let selfplay = [
        "selfplay",
        "--games=1",
        "--length=east",
        players,
        "--seed=5",
    ];
    tenpai(&[&selfplay[..], &["--log-dir", d]].concat()).ok();
    let log = dir.path().join("game-000000.mjson");
    let text = std::fs::read_to_string(&log).unwrap();
    let east4 = text
        .lines()
        .position(|l| l.contains("\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":4"))
        .expect("the game reaches East 4");
    // Before event east4 + 2 the dealer has drawn and must discard.
    let event = (east4 + 2).to_string();
    let log = log.to_str().unwrap();
    let base = [
        "suggest",
        "--log",
        log,
        "--event",
        &event,
        "--samples",
        "50",
        "--json",
    ];
    // The log records an east-only game (kyoku_first 4): East 4 is the last
    // round, whether --length repeats it or not.
    let mut outputs = Vec::new();
    for length in [None, Some("east")] {
        let mut args = base.to_vec();
        if let Some(l) = length {
            args.extend(["--length", l]);
        }
        let mut v: serde_json::Value = serde_json::from_str(tenpai(&args).ok()).unwrap();
        assert_eq!(v["round"], "E4-0", "{v}");
        assert_eq!(v["placement"], true, "{length:?}");
        // The time taken differs from run to run.
        v.as_object_mut().unwrap().remove("micros");
        outputs.push(v);
    }
    assert_eq!(outputs[0], outputs[1]);
    // Options the log contradicts are refused, as replay and review do.
    for (option, value) in [("--length", "south"), ("--rules", "mahjongsoul")] {
        let mut args = base.to_vec();
        args.extend([option, value]);
        let r = tenpai(&args);
        assert_eq!(r.code, 1, "{}", r.err);
        assert!(r.err.contains("contradicts the log"), "{option}: {}", r.err);
    }
}

#[test]
fn suggest_ok_log_position_alike_from_mjlog_and_its_twin() {
    // The same game as Tenhou's XML and as tenhou.net/6 JSON: the same
    // position and the same seeded search before event 31.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
    let game = "2010081709gm-00a9-0000-fe3371ad";
    let run = |path: String| {
        let args = [
            "suggest",
            "--log",
            &path,
            "--event",
            "31",
            "--samples",
            "50",
            "--seed",
            "1",
        ];
        tenpai(&args).ok().to_string()
    };
    let xml = run(format!("{dir}mjlog/{game}.mjlog"));
    let json = run(format!("{dir}tenhou6/{game}.json"));
    assert_eq!(xml, json);
    assert!(
        xml.starts_with("seat 0, E1-0, 57 tiles left, hand 134457m3p1223447s\n"),
        "{xml}"
    );
}

#[test]
fn suggest_ok_old_flag_name_sticks_is_still_read() {
    // `--sticks` is the old name of `--kyoutaku`: the same position and
    // ranking.
    let old: Vec<&str> = SUGGEST_OPEN_HAND_JSON
        .iter()
        .map(|a| if *a == "--kyoutaku" { "--sticks" } else { a })
        .collect();
    assert_ne!(old, SUGGEST_OPEN_HAND_JSON);
    let candidates = |args: &[&str]| {
        let v: serde_json::Value = serde_json::from_str(tenpai(args).ok()).unwrap();
        v["candidates"].clone()
    };
    let new = candidates(SUGGEST_OPEN_HAND_JSON);
    assert!(new.as_array().is_some_and(|c| !c.is_empty()));
    assert_eq!(candidates(&old), new);
}

#[test]
fn suggest_ok_a_negative_score_is_a_value_not_a_flag() {
    // A seat below zero (play on after busting, as some rooms allow):
    // `--scores -1000,…` is read as the value, not as an unknown flag.
    let out = tenpai(&[
        "suggest",
        "--hand",
        "234m456p11222z789s",
        "--drawn",
        "1z",
        "--scores",
        "-1000,41000,30000,30000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.ok()).unwrap();
    assert_eq!(v["chosen"].as_str(), Some("tsumo"));
    let r = tenpai(&[
        "suggest",
        "--hand",
        "234m456p11222z789s",
        "--scores",
        "-1000,41000",
    ]);
    assert!(
        r.failed()
            .contains("invalid value '-1000,41000' for '--scores <A,B,C,D>': expected four comma-separated numbers, got 2"),
        "{}",
        r.err
    );
}

#[test]
fn suggest_ok_one_tile_left_is_singular() {
    let r = tenpai(&[
        "suggest",
        "--hand",
        "123m456p789s11234z",
        "--drawn",
        "4z",
        "--left",
        "1",
        "--samples",
        "10",
    ]);
    let first = r.ok().lines().next().unwrap().to_string();
    assert_eq!(first, "seat 0, E1-0, 1 tile left, hand 123m456p789s11234z");
}

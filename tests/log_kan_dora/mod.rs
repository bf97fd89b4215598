//! Kan dora in logs, as each server writes them (issue 22 §1): every kind of
//! kan and sequence of kans — added after added, open then added, added then
//! closed, closed then added, closed after closed, a closed kan then riichi,
//! a rinshan win after a closed and after an added kan, a robbed added kan,
//! a ron on the discard after an open kan — written as Tenhou writes its XML
//! (mjlog), as tenhou.net/6 lists it, and as Mortal's referee writes mjai, is
//! read into the same events and replays with no mismatch.
//!
//! Where each server puts the new indicator (`DORA` in mjlog, `dora` in mjai):
//! - Tenhou (mjlog): a closed kan's right after the kan; an open or added
//!   kan's after the replacement draw, as the kan player discards (`N`, `T`,
//!   `DORA`, `D`) — or, when that player makes another kan first, right after
//!   that kan: `N`, `T`, `N`, `DORA` (the first's), `T`, `DORA` (the
//!   second's), `D` (a real phoenix game, issue 22; riichi.wiki "Kan",
//!   "Kandora timing"; tenhou.net/man: 暗槓は即乗り、明槓・加槓は打牌後).
//! - Mortal's referee (mjai, `libriichi/src/arena/board.rs`): a closed kan's
//!   right after it (an earlier open kan's owed indicator just before it);
//!   an open kan's before the discard (`dora`, `dahai`), or before the next
//!   replacement draw when another kan comes first.
//! - tenhou.net/6: no position; the indicators in the order they were turned.
//!
//! The scenarios are written once as actions; the three texts are made from
//! them here with each server's order, so the fixture states that order.

use tenpai::game::Event;
use tenpai::log::{self, ImportedGame, LogFormat};
use tenpai::replay::replay;

mod write;

use write::Act::*;
use write::*;

/// The round's events as mjai lines.
fn lines(game: &ImportedGame) -> Vec<String> {
    game.rounds[0].events.iter().map(Event::to_json).collect()
}

/// Reads the three texts, checks that both of Tenhou's formats give the
/// same events, that each replays with no mismatch, and returns the
/// events of the mjlog.
fn check(sc: &Scenario) -> Vec<String> {
    let (x, t6, m) = write(sc);
    let gx = log::parse(&x).unwrap_or_else(|e| panic!("{e}\n{x}"));
    let gt = log::parse(&t6).unwrap_or_else(|e| panic!("{e}\n{t6}"));
    let gm = log::parse(&m).unwrap_or_else(|e| panic!("{e}\n{m}"));
    assert_eq!(
        (gx.format, gt.format, gm.format),
        (LogFormat::Mjlog, LogFormat::Tenhou6, LogFormat::Mjai)
    );
    assert_eq!(
        lines(&gx),
        lines(&gt),
        "mjlog and tenhou.net/6 read differently\n{x}\n{t6}"
    );
    for (what, g, text) in [("mjlog", &gx, &x), ("tenhou6", &gt, &t6), ("mjai", &gm, &m)] {
        let rep = replay(
            g,
            &g.rules_for(&tenpai::log::RulesAsked::default())
                .expect("rules")
                .rules,
        );
        assert!(
            rep.mismatches.is_empty(),
            "{what}: {:?}\n{text}\n{}",
            rep.mismatches,
            lines(g).join("\n")
        );
        assert_eq!(g.rounds[0].is_finished(), sc.win.is_some(), "{what}");
    }
    lines(&gx)
}

/// The elements of an mjlog by name (`T` for every draw, `D` for every
/// discard), space-separated.
fn tags(x: &str) -> String {
    x.split('<')
        .skip(1)
        .map(|e| {
            let name: String = e.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
            match name.as_str() {
                "T" | "U" | "V" | "W" => "T".to_string(),
                "D" | "E" | "F" | "G" => "D".to_string(),
                _ => name,
            }
        })
        .filter(|n| !n.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The events of a round from its tsumo on `from` (the first event naming
/// it), as short names: `kakan 1m`, `tsumo 2m`, `dora 2p`, `dahai E`.
fn tail(events: &[String], from: usize) -> Vec<String> {
    events[from..]
        .iter()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let kind = v["type"].as_str().unwrap().to_string();
            let tile = v
                .get("pai")
                .or_else(|| v.get("dora_marker"))
                .and_then(|p| p.as_str())
                .unwrap_or("");
            format!("{kind} {tile}").trim().to_string()
        })
        .collect()
}

/// The index of the event where the kans begin: the last draw before the
/// first kan of the dealer's turn that ends the scenario.
fn from_first_kan(events: &[String]) -> usize {
    let k = events
        .iter()
        .position(|l| {
            l.contains("\"kakan\"") || l.contains("\"ankan\"") || l.contains("\"daiminkan\"")
        })
        .unwrap();
    k - 1
}

/// Seats 1–3 draw and throw these tiles in turn (one each).
fn go_round(t: [&'static str; 3]) -> Vec<Act> {
    vec![
        Draw(1, t[0]),
        Discard(1, t[0]),
        Draw(2, t[1]),
        Discard(2, t[1]),
        Draw(3, t[2]),
        Discard(3, t[2]),
    ]
}

/// The dealer pons 1m from seat 1 and, when `two`, 2m from seat 2; then
/// everyone draws and throws junk once, up to the dealer's next draw.
fn pons(two: bool) -> Vec<Act> {
    let mut v = vec![
        Draw(0, "9m"),
        Discard(0, "9m"),
        Draw(1, "9p"),
        Discard(1, "1m"),
        Pon(0, 1, "1m"),
        Discard(0, "W"),
    ];
    if two {
        v.extend([
            Draw(1, "9s"),
            Discard(1, "9s"),
            Draw(2, "1p"),
            Discard(2, "2m"),
            Pon(0, 2, "2m"),
            Discard(0, "S"),
        ]);
        v.extend(go_round(["4m", "7m", "1s"]));
    } else {
        v.extend(go_round(["9s", "1p", "1s"]));
    }
    v
}

const S1: &str = "1m 4m 7m 1p 4p 7p 1s 4s 7s N N P P";
const S2: &str = "2m 6m 8m 2p 3p 8p 2s 6s 8s F F C C";
const S3: &str = "3m 6m 9m 3p 6p 9p 3s 6s 9s N P F C";

#[test]
fn kan_dora_added_kan_after_added_kan() {
    // Issue 22: the second kan turns the first one's indicator; the second's
    // follows the replacement draw, before the discard.
    let mut acts = pons(true);
    acts.extend([
        Draw(0, "1m"),
        Kakan(0, "1m", "2p"),
        Draw(0, "2m"),
        Kakan(0, "2m", "3p"),
        Draw(0, "E"),
        Discard(0, "E"),
    ]);
    let sc = Scenario {
        hands: ["1m 1m 2m 2m 5p 6p 7p 3s 4s 5s E S W", S1, S2, S3],
        dora: "5m",
        acts,
        win: None,
    };
    let (x, _, _) = write(&sc);
    assert!(
        tags(&x).ends_with("T N T N DORA T DORA D"),
        "Tenhou's order N T N DORA T DORA D: {x}"
    );
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        [
            "tsumo 1m", "kakan 1m", "tsumo 2m", "kakan 2m", "dora 2p", "tsumo E", "dahai E",
            "dora 3p"
        ]
    );
}

#[test]
fn kan_dora_open_kan_then_added_kan() {
    let acts = vec![
        Draw(0, "9m"),
        Discard(0, "9m"),
        Draw(1, "9p"),
        Discard(1, "1m"),
        Pon(0, 1, "1m"),
        Discard(0, "W"),
        Draw(1, "9s"),
        Discard(1, "9s"),
        Draw(2, "1p"),
        Discard(2, "2m"),
        Daiminkan(0, 2, "2m", "2p"),
        Draw(0, "1m"),
        Kakan(0, "1m", "3p"),
        Draw(0, "E"),
        Discard(0, "E"),
    ];
    let sc = Scenario {
        hands: ["1m 1m 2m 2m 2m 6p 7p 3s 4s 5s E S W", S1, S2, S3],
        dora: "5m",
        acts,
        win: None,
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events) + 1),
        [
            "daiminkan 2m",
            "tsumo 1m",
            "kakan 1m",
            "dora 2p",
            "tsumo E",
            "dahai E",
            "dora 3p"
        ]
    );
}

#[test]
fn kan_dora_added_kan_then_closed_kan() {
    let mut acts = pons(false);
    acts.extend([
        Draw(0, "1m"),
        Kakan(0, "1m", "2p"),
        Draw(0, "E"),
        Ankan(0, "E", "3p"),
        Draw(0, "9p"),
        Discard(0, "9p"),
    ]);
    let sc = Scenario {
        hands: ["1m 1m 2m 2m 5p 6p 7p 3s 4s E E E W", S1, S2, S3],
        dora: "5m",
        acts,
        win: None,
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        [
            "tsumo 1m", "kakan 1m", "tsumo E", "ankan", "dora 2p", "dora 3p", "tsumo 9p",
            "dahai 9p"
        ]
    );
}

#[test]
fn kan_dora_closed_kan_then_added_kan() {
    let mut acts = pons(false);
    acts.extend([
        Draw(0, "E"),
        Ankan(0, "E", "2p"),
        Draw(0, "1m"),
        Kakan(0, "1m", "3p"),
        Draw(0, "9p"),
        Discard(0, "9p"),
    ]);
    let sc = Scenario {
        hands: ["1m 1m 2m 2m 5p 6p 7p E E E 3s 4s W", S1, S2, S3],
        dora: "5m",
        acts,
        win: None,
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        [
            "tsumo E", "ankan", "dora 2p", "tsumo 1m", "kakan 1m", "tsumo 9p", "dahai 9p",
            "dora 3p"
        ]
    );
}

/// Seats 1–3 hold nothing of 1m or 2m.
const T1: &str = "9m 4m 7m 1p 4p 7p 1s 4s 7s N N P P";
const T2: &str = "8m 6m 8m 2p 3p 8p 2s 6s 8s F F C C";

#[test]
fn kan_dora_closed_kan_after_closed_kan() {
    let mut acts = vec![Draw(0, "9p"), Discard(0, "9p")];
    acts.extend(go_round(["9s", "1p", "1s"]));
    acts.extend([
        Draw(0, "1m"),
        Ankan(0, "1m", "2p"),
        Draw(0, "2m"),
        Ankan(0, "2m", "3p"),
        Draw(0, "9p"),
        Discard(0, "9p"),
    ]);
    let sc = Scenario {
        hands: ["1m 1m 1m 2m 2m 2m 5p 6p 7p 3s 4s 5s W", T1, T2, S3],
        dora: "5m",
        acts,
        win: None,
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        ["tsumo 1m", "ankan", "dora 2p", "tsumo 2m", "ankan", "dora 3p", "tsumo 9p", "dahai 9p"]
    );
}

/// The dealer holds three 1m and, after the kan, 567p 345s 23p EE.
const CLOSED_KAN_HAND: &str = "1m 1m 1m 5p 6p 7p 3s 4s 5s 2p 3p E E";

#[test]
fn kan_dora_closed_kan_then_riichi() {
    let mut acts = vec![Draw(0, "9p"), Discard(0, "9p")];
    acts.extend(go_round(["9s", "1p", "1s"]));
    acts.extend([
        Draw(0, "1m"),
        Ankan(0, "1m", "8s"),
        Draw(0, "9s"),
        Riichi(0, "9s"),
        Draw(1, "7m"),
        Discard(1, "7m"),
    ]);
    let sc = Scenario {
        hands: [CLOSED_KAN_HAND, T1, T2, S3],
        dora: "5m",
        acts,
        win: None,
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        [
            "tsumo 1m",
            "ankan",
            "dora 8s",
            "tsumo 9s",
            "reach",
            "dahai 9s",
            "reach_accepted",
            "tsumo 7m",
            "dahai 7m"
        ]
    );
}

#[test]
fn kan_dora_closed_kan_then_rinshan_win_counts_the_new_indicator() {
    // The replacement 4p completes 567p 345s 234p EE with the kan of 1m:
    // menzen tsumo, rinshan, and the new dora 2p (indicator 1p): 3 han;
    // 20 + 2 tsumo + 32 closed kan of terminals + 4 double East pair = 58,
    // 60 fu: the dealer's 3,900 from each.
    let mut acts = vec![Draw(0, "9p"), Discard(0, "9p")];
    acts.extend(go_round(["9s", "1p", "1s"]));
    acts.extend([Draw(0, "1m"), Ankan(0, "1m", "1p"), Draw(0, "4p"), Tsumo(0)]);
    let sc = Scenario {
        hands: [CLOSED_KAN_HAND, T1, T2, S3],
        dora: "5m",
        acts,
        win: Some(Win {
            deltas: [11700, -3900, -3900, -3900],
            fu: 60,
            points: 11700,
            text: "60符3飜3900点∀",
            yaku: &[("門前清自摸和", 1), ("嶺上開花", 1), ("ドラ", 1)],
        }),
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        [
            "tsumo 1m",
            "ankan",
            "dora 1p",
            "tsumo 4p",
            "hora 4p",
            "end_kyoku"
        ]
    );
}

#[test]
fn kan_dora_added_kan_then_rinshan_win_turns_no_indicator() {
    // After the pon of 1m the dealer throws a 2m and waits on the other:
    // 567p 345s EEE 2m. The added kan's replacement 2m wins: rinshan, East
    // as round and as seat wind: 3 han; 20 + 2 tsumo + 16 open kan of
    // terminals + 8 closed East triplet + 2 tanki = 48, 50 fu: the dealer's
    // 3,200 from each. The added kan's indicator is never turned.
    let mut acts = vec![
        Draw(0, "9m"),
        Discard(0, "9m"),
        Draw(1, "9p"),
        Discard(1, "1m"),
        Pon(0, 1, "1m"),
        Discard(0, "2m"),
    ];
    acts.extend(go_round(["9s", "1p", "1s"]));
    acts.extend([Draw(0, "1m"), Kakan(0, "1m", "2p"), Draw(0, "2m"), Tsumo(0)]);
    let sc = Scenario {
        hands: ["1m 1m 2m 2m 5p 6p 7p 3s 4s 5s E E E", S1, S2, S3],
        dora: "5m",
        acts,
        win: Some(Win {
            deltas: [9600, -3200, -3200, -3200],
            fu: 50,
            points: 9600,
            text: "50符3飜3200点∀",
            yaku: &[("嶺上開花", 1), ("場風 東", 1), ("自風 東", 1)],
        }),
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        ["tsumo 1m", "kakan 1m", "tsumo 2m", "hora 2m", "end_kyoku"]
    );
}

#[test]
fn kan_dora_robbed_added_kan_turns_no_indicator() {
    // The dealer pons seat 2's 3p; seat 1 waits on 3p (12p 456m 789s NNN 99m)
    // and robs the added kan: chankan, 1 han; 20 + 10 closed ron + 8 closed
    // North triplet + 2 edge wait = 40 fu: 1,300.
    let mut acts = vec![
        Draw(0, "9s"),
        Discard(0, "9s"),
        Draw(1, "1s"),
        Discard(1, "1s"),
        Draw(2, "7m"),
        Discard(2, "3p"),
        Pon(0, 2, "3p"),
        Discard(0, "W"),
    ];
    acts.extend(go_round(["4s", "7p", "1s"]));
    acts.extend([Draw(0, "3p"), Kakan(0, "3p", "2s"), Ron(1, 0)]);
    let sc = Scenario {
        hands: [
            "3p 3p 2m 2m 5m 6m 7m 3s 4s 5s E S W",
            "1p 2p 4m 5m 6m 7s 8s 9s N N N 9m 9m",
            "3p 6m 8m 2p 8p 2s 6s 8s F F C C 4p",
            "3m 6m 9m 4p 6p 9p 3s 6s 9s N P F C",
        ],
        dora: "7p",
        acts,
        win: Some(Win {
            deltas: [-1300, 1300, 0, 0],
            fu: 40,
            points: 1300,
            text: "40符1飜1300点",
            yaku: &[("槍槓", 1)],
        }),
    };
    let events = check(&sc);
    assert_eq!(
        tail(&events, from_first_kan(&events)),
        ["tsumo 3p", "kakan 3p", "hora 3p", "end_kyoku"]
    );
}

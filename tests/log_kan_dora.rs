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

use std::collections::HashMap;
use tenpai::game::Event;
use tenpai::log::{self, ImportedGame, LogFormat, TENHOU_YAKU};
use tenpai::replay::replay;

/// One recorded action; kans carry the indicator they turn.
#[derive(Clone, Copy, Debug)]
enum Act {
    Draw(u8, &'static str),
    Discard(u8, &'static str),
    /// Riichi with this discard; accepted unless the next action rons it.
    Riichi(u8, &'static str),
    /// `who` pons `tile` from `from`'s last discard.
    Pon(u8, u8, &'static str),
    /// `who` makes an open kan of `from`'s last discard; its indicator.
    Daiminkan(u8, u8, &'static str, &'static str),
    /// `who` adds its fourth `tile` to its pon; its indicator.
    Kakan(u8, &'static str, &'static str),
    /// `who` makes a closed kan of `tile`; its indicator.
    Ankan(u8, &'static str, &'static str),
    /// `who` wins on the tile it drew.
    Tsumo(u8),
    /// `who` wins on `from`'s discard or added kan.
    Ron(u8, u8),
}

use Act::*;

/// A win as the logs record it (Tenhou's yaku names with their han).
struct Win {
    deltas: [i32; 4],
    fu: u32,
    points: u32,
    /// The points text of tenhou.net/6 (`60符3飜3900点∀`).
    text: &'static str,
    yaku: &'static [(&'static str, u32)],
}

struct Scenario {
    hands: [&'static str; 4],
    dora: &'static str,
    acts: Vec<Act>,
    /// The round's win; none leaves the round unfinished (no result).
    win: Option<Win>,
}

/// Tile ids 0–135 handed out as Tenhou numbers them: kind × 4 + copy, copy
/// 0 of a five the red one.
#[derive(Default)]
struct Ids {
    used: Vec<bool>,
    held: [Vec<u32>; 4],
}

fn kind(t: &str) -> u32 {
    let p: tenpai::game::Pai = t.parse().unwrap_or_else(|e| panic!("{t}: {e}"));
    p.index() as u32
}

impl Ids {
    fn new() -> Ids {
        Ids {
            used: vec![false; 136],
            ..Ids::default()
        }
    }

    /// A fresh id of tile `t` (a red five only when written `5mr`).
    fn fresh(&mut self, t: &str) -> u32 {
        let k = kind(t);
        let red = t.ends_with('r');
        let five = k < 27 && k % 9 == 4;
        let id = (0..4)
            .map(|c| 4 * k + c)
            .find(|&id| !self.used[id as usize] && (!five || (id % 4 == 0) == red))
            .unwrap_or_else(|| panic!("no copy of {t} left"));
        self.used[id as usize] = true;
        id
    }

    /// The id of a held `t` that `seat` gives up.
    fn give(&mut self, seat: u8, t: &str) -> u32 {
        let k = kind(t);
        let red = t.ends_with('r');
        let h = &mut self.held[seat as usize];
        let at = h
            .iter()
            .position(|&id| id / 4 == k && ((id % 4 == 0) == red || !(k < 27 && k % 9 == 4)))
            .unwrap_or_else(|| panic!("seat {seat} holds no {t}"));
        h.remove(at)
    }
}

/// tenhou.net/6 code of an id (51–53 for the red fives).
fn code(id: u32) -> u32 {
    let k = id / 4;
    if k < 27 && k % 9 == 4 && id % 4 == 0 {
        51 + k / 9
    } else if k < 27 {
        (k / 9 + 1) * 10 + k % 9 + 1
    } else {
        41 + k - 27
    }
}

/// mjai name of an id.
fn pai(id: u32) -> String {
    let k = id / 4;
    let p = tenpai::game::Pai::new(tenpai::Tile::new(k as u8).unwrap(), code(id) > 50);
    p.to_string()
}

/// The three texts of a scenario: mjlog, tenhou.net/6 and mjai.
fn write(sc: &Scenario) -> (String, String, String) {
    let mut ids = Ids::new();
    let dora0 = ids.fresh(sc.dora);
    let hai: Vec<Vec<u32>> = sc
        .hands
        .iter()
        .map(|h| h.split_whitespace().map(|t| ids.fresh(t)).collect())
        .collect();
    ids.held.clone_from_slice(&hai[..4]);
    // mjlog
    let mut x = String::from(
        r#"<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>"#,
    );
    let join = |v: &[u32]| {
        v.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    x += &format!(
        r#"<INIT seed="0,0,0,1,2,{dora0}" ten="250,250,250,250" oya="0" hai0="{}" hai1="{}" hai2="{}" hai3="{}"/>"#,
        join(&hai[0]),
        join(&hai[1]),
        join(&hai[2]),
        join(&hai[3])
    );
    // tenhou.net/6 lists
    let mut draws: [Vec<serde_json::Value>; 4] = Default::default();
    let mut discards: [Vec<serde_json::Value>; 4] = Default::default();
    let mut dora_list = vec![code(dora0)];
    // mjai
    let names = r#"["A","B","C","D"]"#;
    let tehais: Vec<String> = hai
        .iter()
        .map(|h| {
            let mut v: Vec<u32> = h.clone();
            v.sort_by_key(|&i| (i / 4, code(i) > 50));
            format!(
                "[{}]",
                v.iter()
                    .map(|&i| format!("\"{}\"", pai(i)))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect();
    let mut m = vec![
        format!(r#"{{"type":"start_game","names":{names}}}"#),
        format!(
            r#"{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"{}","scores":[25000,25000,25000,25000],"tehais":[{}]}}"#,
            pai(dora0),
            tehais.join(",")
        ),
    ];
    // The state of the walk.
    let mut drawn: [Option<u32>; 4] = [None; 4];
    let mut last_discard: [Option<u32>; 4] = [None; 4];
    // Pons: (seat, kind) -> (ids of the pon, the copy left out, rel source).
    let mut pons: HashMap<(u8, u32), ([u32; 3], u32, u32)> = HashMap::new();
    // Tenhou: the open kan whose indicator is owed (seat, id).
    let mut x_owed: Option<(u8, u32)> = None;
    // Mortal: owed at the discard, owed at the next draw.
    let mut m_at_discard: Option<u32> = None;
    let mut m_at_tsumo: Option<u32> = None;
    let mut m_accept: Option<u8> = None;
    let mut last_tile = 0u32;
    let letter = |s: u8, set: &str| set.chars().nth(s as usize).unwrap();
    for (i, act) in sc.acts.iter().enumerate() {
        let ronned = matches!(sc.acts.get(i + 1), Some(Ron(..)));
        match *act {
            Draw(s, t) => {
                let id = ids.fresh(t);
                ids.held[s as usize].push(id);
                drawn[s as usize] = Some(id);
                last_tile = id;
                x += &format!("<{}{id}/>", letter(s, "TUVW"));
                draws[s as usize].push(code(id).into());
                if let Some(a) = m_accept.take() {
                    m.push(format!(r#"{{"type":"reach_accepted","actor":{a}}}"#));
                }
                if let Some(d) = m_at_tsumo.take() {
                    m.push(format!(r#"{{"type":"dora","dora_marker":"{}"}}"#, pai(d)));
                }
                m.push(format!(
                    r#"{{"type":"tsumo","actor":{s},"pai":"{}"}}"#,
                    pai(id)
                ));
            }
            Discard(s, t) | Riichi(s, t) => {
                let riichi = matches!(act, Riichi(..));
                let id = ids.give(s, t);
                let tsumogiri = drawn[s as usize].take() == Some(id);
                last_discard[s as usize] = Some(id);
                last_tile = id;
                if riichi {
                    x += &format!(r#"<REACH who="{s}" step="1"/>"#);
                    m.push(format!(r#"{{"type":"reach","actor":{s}}}"#));
                }
                if let Some((o, d)) = x_owed {
                    if o == s {
                        x += &format!(r#"<DORA hai="{d}"/>"#);
                        dora_list.push(code(d));
                        x_owed = None;
                    }
                }
                x += &format!("<{}{id}/>", letter(s, "DEFG"));
                if riichi && !ronned {
                    x += &format!(r#"<REACH who="{s}" step="2" ten="250,250,250,250"/>"#);
                }
                let c = if tsumogiri { 60 } else { code(id) };
                discards[s as usize].push(if riichi {
                    format!("r{c}").into()
                } else {
                    c.into()
                });
                if let Some(d) = m_at_discard.take() {
                    m.push(format!(r#"{{"type":"dora","dora_marker":"{}"}}"#, pai(d)));
                }
                m.push(format!(
                    r#"{{"type":"dahai","actor":{s},"pai":"{}","tsumogiri":{tsumogiri}}}"#,
                    pai(id)
                ));
                if riichi && !ronned {
                    m_accept = Some(s);
                }
            }
            Pon(s, from, t) => {
                let called = last_discard[from as usize].expect("a discard to call");
                assert_eq!(called / 4, kind(t));
                let a = ids.give(s, t);
                let b = ids.give(s, t);
                let mut pon = [called, a, b];
                pon.sort();
                let left_out = (0..4).find(|c| !pon.iter().any(|&p| p % 4 == *c)).unwrap();
                let r = pon.iter().position(|&p| p == called).unwrap() as u32;
                let rel = ((from + 4 - s) % 4) as u32;
                let mm = ((kind(t) * 3 + r) << 9) | (left_out << 5) | 0x8 | rel;
                pons.insert((s, kind(t)), (pon, left_out, rel));
                x += &format!(r#"<N who="{s}" m="{mm}"/>"#);
                let (c, h1, h2) = (code(called), code(a), code(b));
                draws[s as usize].push(
                    match rel {
                        3 => format!("p{c}{h1}{h2}"),
                        2 => format!("{h1}p{c}{h2}"),
                        _ => format!("{h1}{h2}p{c}"),
                    }
                    .into(),
                );
                if let Some(acc) = m_accept.take() {
                    m.push(format!(r#"{{"type":"reach_accepted","actor":{acc}}}"#));
                }
                m.push(format!(
                    r#"{{"type":"pon","actor":{s},"target":{from},"pai":"{}","consumed":["{}","{}"]}}"#,
                    pai(called),
                    pai(a.min(b)),
                    pai(a.max(b))
                ));
            }
            Daiminkan(s, from, t, d) => {
                let called = last_discard[from as usize].expect("a discard to call");
                assert_eq!(called / 4, kind(t));
                let mut hand = [ids.give(s, t), ids.give(s, t), ids.give(s, t)];
                hand.sort();
                let rel = ((from + 4 - s) % 4) as u32;
                let d = ids.fresh(d);
                x += &format!(r#"<N who="{s}" m="{}"/>"#, (called << 8) | rel);
                x_owed = Some((s, d));
                let c = code(called);
                let [h1, h2, h3] = hand.map(code);
                draws[s as usize].push(
                    match rel {
                        3 => format!("m{c}{h1}{h2}{h3}"),
                        2 => format!("{h1}m{c}{h2}{h3}"),
                        _ => format!("{h1}{h2}{h3}m{c}"),
                    }
                    .into(),
                );
                discards[s as usize].push(0.into());
                if let Some(acc) = m_accept.take() {
                    m.push(format!(r#"{{"type":"reach_accepted","actor":{acc}}}"#));
                }
                m.push(format!(
                    r#"{{"type":"daiminkan","actor":{s},"target":{from},"pai":"{}","consumed":[{}]}}"#,
                    pai(called),
                    hand.iter().map(|&i| format!("\"{}\"", pai(i))).collect::<Vec<_>>().join(",")
                ));
                m_at_discard = Some(d);
            }
            Kakan(s, t, d) => {
                let (pon, left_out, rel) = pons[&(s, kind(t))];
                let added = ids.give(s, t);
                assert_eq!(added % 4, left_out, "the fourth copy");
                let r = 0; // which of the pon's tiles was called does not matter here
                let mm = ((kind(t) * 3 + r) << 9) | (left_out << 5) | 0x10 | rel;
                let d = ids.fresh(d);
                x += &format!(r#"<N who="{s}" m="{mm}"/>"#);
                if let Some((_, owed)) = x_owed.take() {
                    x += &format!(r#"<DORA hai="{owed}"/>"#);
                    dora_list.push(code(owed));
                }
                last_tile = added;
                x_owed = Some((s, d));
                let [p1, p2, p3] = pon.map(code);
                discards[s as usize].push(format!("{p1}{p2}k{}{p3}", code(added)).into());
                if m_at_discard.is_some() {
                    m_at_tsumo = m_at_discard;
                }
                m.push(format!(
                    r#"{{"type":"kakan","actor":{s},"pai":"{}","consumed":[{}]}}"#,
                    pai(added),
                    pon.iter()
                        .map(|&i| format!("\"{}\"", pai(i)))
                        .collect::<Vec<_>>()
                        .join(",")
                ));
                m_at_discard = Some(d);
                drawn[s as usize] = None;
            }
            Ankan(s, t, d) => {
                let mut tiles: Vec<u32> = (0..4).map(|_| ids.give(s, t)).collect();
                tiles.sort();
                let d = ids.fresh(d);
                x += &format!(r#"<N who="{s}" m="{}"/>"#, tiles[0] << 8);
                if let Some((_, owed)) = x_owed.take() {
                    x += &format!(r#"<DORA hai="{owed}"/>"#);
                    dora_list.push(code(owed));
                }
                x += &format!(r#"<DORA hai="{d}"/>"#);
                dora_list.push(code(d));
                let [a, b, c, e] = [tiles[0], tiles[1], tiles[2], tiles[3]].map(code);
                discards[s as usize].push(format!("{a}{b}{c}a{e}").into());
                if let Some(owed) = m_at_discard.take() {
                    m.push(format!(
                        r#"{{"type":"dora","dora_marker":"{}"}}"#,
                        pai(owed)
                    ));
                }
                m.push(format!(
                    r#"{{"type":"ankan","actor":{s},"consumed":[{}]}}"#,
                    tiles
                        .iter()
                        .map(|&i| format!("\"{}\"", pai(i)))
                        .collect::<Vec<_>>()
                        .join(",")
                ));
                m.push(format!(r#"{{"type":"dora","dora_marker":"{}"}}"#, pai(d)));
                drawn[s as usize] = None;
            }
            Tsumo(_) | Ron(..) => {}
        }
    }
    // The result.
    let result = sc.win.as_ref().map(|w| {
        let (who, from) = match sc.acts.last() {
            Some(Tsumo(s)) => (*s, *s),
            Some(Ron(s, f)) => (*s, *f),
            a => panic!("a win ends on Tsumo or Ron, not {a:?}"),
        };
        (who, from, w)
    });
    if let Some((who, from, w)) = &result {
        let yaku: Vec<String> = w
            .yaku
            .iter()
            .map(|(name, han)| {
                let id = TENHOU_YAKU.iter().position(|y| y == name).unwrap();
                format!("{id},{han}")
            })
            .collect();
        let sc_attr: Vec<String> = w
            .deltas
            .iter()
            .map(|d| format!("250,{}", d / 100))
            .collect();
        x += &format!(
            r#"<AGARI ba="0,0" hai="" machi="{last_tile}" ten="{},{},0" yaku="{}" doraHai="" who="{who}" fromWho="{from}" sc="{}"/>"#,
            w.fu,
            w.points,
            yaku.join(","),
            sc_attr.join(","),
        );
        m.push(format!(
            r#"{{"type":"hora","actor":{who},"target":{from},"pai":"{}","deltas":{:?}}}"#,
            pai(last_tile),
            w.deltas
        ));
        m.push(r#"{"type":"end_kyoku"}"#.into());
    }
    x += "</mjloggm>";
    // tenhou.net/6
    let mut round = vec![
        serde_json::json!([0, 0, 0]),
        serde_json::json!([25000, 25000, 25000, 25000]),
        serde_json::json!(dora_list),
        serde_json::json!([]),
    ];
    for s in 0..4 {
        round.push(serde_json::json!(hai[s]
            .iter()
            .map(|&i| code(i))
            .collect::<Vec<_>>()));
        round.push(serde_json::Value::Array(draws[s].clone()));
        round.push(serde_json::Value::Array(discards[s].clone()));
    }
    if let Some((who, from, w)) = &result {
        let mut info = vec![
            serde_json::json!(who),
            serde_json::json!(from),
            serde_json::json!(who),
            serde_json::json!(w.text),
        ];
        for (name, han) in w.yaku {
            info.push(serde_json::json!(format!("{name}({han}飜)")));
        }
        round.push(serde_json::json!(["和了", w.deltas, info]));
    }
    let t6 = serde_json::json!({
        "name": ["A", "B", "C", "D"],
        "rule": {"disp": "般南喰赤", "aka": 1},
        "log": [round],
    })
    .to_string();
    (x, t6, m.join("\n"))
}

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

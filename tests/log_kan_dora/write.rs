//! The kan-dora scenarios' fixture: a scenario written once as actions, and
//! its three texts made from it with each server's order of the new
//! indicator (mjlog as Tenhou writes it, tenhou.net/6, mjai as Mortal's
//! referee writes it; see the module above).

use std::collections::HashMap;
use tenpai::log::TENHOU_YAKU;

/// One recorded action; kans carry the indicator they turn.
#[derive(Clone, Copy, Debug)]
pub(super) enum Act {
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
pub(super) struct Win {
    pub(super) deltas: [i32; 4],
    pub(super) fu: u32,
    pub(super) points: u32,
    /// The points text of tenhou.net/6 (`60符3飜3900点∀`).
    pub(super) text: &'static str,
    pub(super) yaku: &'static [(&'static str, u32)],
}

pub(super) struct Scenario {
    pub(super) hands: [&'static str; 4],
    pub(super) dora: &'static str,
    pub(super) acts: Vec<Act>,
    /// The round's win; none leaves the round unfinished (no result).
    pub(super) win: Option<Win>,
}

/// Tile ids 0–135 handed out as Tenhou numbers them: kind × 4 + copy, copy
/// 0 of a five the red one.
#[derive(Default)]
pub(super) struct Ids {
    used: Vec<bool>,
    held: [Vec<u32>; 4],
}

pub(super) fn kind(t: &str) -> u32 {
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
pub(super) fn code(id: u32) -> u32 {
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
pub(super) fn pai(id: u32) -> String {
    let k = id / 4;
    let p = tenpai::game::Pai::new(tenpai::Tile::new(k as u8).unwrap(), code(id) > 50);
    p.to_string()
}

/// The three texts of a scenario: mjlog, tenhou.net/6 and mjai.
pub(super) fn write(sc: &Scenario) -> (String, String, String) {
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

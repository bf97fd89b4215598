//! tenhou.net/6 JSON logs, read through typed serde structures into an
//! [`ImportedGame`].
//!
//! Format (see `tests/data/README.md`): `{"name", "rule": {"disp", "aka"…},
//! "log": [[[kyoku, honba, sticks], scores, dora, ura, haipai, draws, discards
//! (×4), result], …], "sc"}`; a file holds one such document for a whole game
//! or one per line (one round each). Tile codes 11–19 man, 21–29 pin, 31–39
//! sou, 41–47 East South West North White Green Red, 51–53 red fives, 60 = the
//! drawn tile discarded. Calls are strings: `c` chi, `p` pon, `m` open kan in
//! the draw lists, `k` added kan, `a` closed kan and `r` riichi in the discard
//! lists; the letter's place says which seat the tile came from. A `0` in a
//! discard list stands for the turn of an open kan.
//!
//! Every value is checked as it is read: a malformed log is refused with the
//! round and the entry named.
//!
//! ```
//! let log = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[[3,0,0],[28200,42000,21600,28200],[18],[],
//!   [11,15,23,23,27,29,37,39,43,44,45,46,47],[41],[],[12,12,15,51,19,19,22,22,23,24,33,36,36],[],[],
//!   [11,11,14,17,22,35,35,35,36,37,41,44,47],[],[],[12,13,25,27,28,31,36,38,38,41,42,45,46],[37],[42],["九種九牌"]]]}"#;
//! let game = tenpai::log::tenhou6::parse(log)?;
//! assert_eq!(game.rounds.len(), 1);
//! assert_eq!(game.rounds[0].name(), "E4-0");
//! assert_eq!(game.rounds[0].events.len(), 6); // start_kyoku, tsumo, dahai, tsumo, ryukyoku, end_kyoku
//!
//! let bad = log.replace("[28200,42000", "[28200,\"x\"");
//! assert_eq!(
//!     tenpai::log::tenhou6::parse(&bad).unwrap_err().to_string(),
//!     "tenhou.net/6 log, round 1 (E4-0), scores, item 2: invalid type: string \"x\", expected i32"
//! );
//! # Ok::<(), tenpai::log::LogError>(())
//! ```

mod entry;
mod events;
mod plan;
mod round;

pub use entry::code_pai;

use super::{GameEnd, ImportedGame, LogError, LogFormat, Room};
use crate::game::LoggedRules;
use crate::rules::{GameLength, Rules};
use round::{entry_name, RawRound};
use serde::Deserialize;
use serde_json::Value;

/// One JSON document of a tenhou.net/6 file.
#[derive(Debug, Deserialize)]
struct Document {
    #[serde(default)]
    name: Vec<String>,
    #[serde(default)]
    rule: RuleBlock,
    log: Vec<RawRound>,
    /// Final scores and results: `[score, result, …]` by seat, in points.
    #[serde(default)]
    sc: Option<Vec<f64>>,
}

/// The `rule` block.
#[derive(Debug, Default, Deserialize)]
struct RuleBlock {
    #[serde(default)]
    disp: String,
    aka: Option<i64>,
    aka51: Option<i64>,
    aka52: Option<i64>,
    aka53: Option<i64>,
}

/// The room of a `rule` block: Tenhou's, or Mahjong Soul's for `Gold Room`
/// and other ASCII names; open tanyao from `喰`, length from `東`/`南`
/// (`East` in ASCII names), red fives from `aka` or `aka51`…`aka53` (or `赤`
/// when those are missing).
///
/// # Errors
/// A red-five count above 4, named with its key (and document `doc`, from 0,
/// after the first).
fn room(rule: &RuleBlock, doc: usize) -> Result<Room, LogError> {
    let disp = rule.disp.as_str();
    let ascii = disp.is_ascii() && !disp.is_empty();
    let preset = if ascii {
        Rules::mahjongsoul()
    } else {
        Rules::tenhou()
    };
    let east = if ascii {
        disp.contains("East")
    } else {
        disp.contains('東')
    };
    let count = |key: &str, v: Option<i64>| -> Result<Option<u8>, LogError> {
        match v {
            None => Ok(None),
            Some(n @ 0..=4) => Ok(Some(n as u8)),
            Some(n) => Err(LogError::Tenhou6 {
                place: match doc {
                    0 => format!("rule.{key}"),
                    d => format!("document {}, rule.{key}", d + 1),
                },
                problem: format!("{n} red fives per suit (expected 0 to 4)"),
            }),
        }
    };
    let aka = count("aka", rule.aka)?;
    let each = [
        count("aka51", rule.aka51)?,
        count("aka52", rule.aka52)?,
        count("aka53", rule.aka53)?,
    ];
    let red_fives = match (aka, each) {
        (Some(a), _) => [a; 3],
        (None, [None, None, None]) => {
            let red = disp.contains('赤') || ascii || disp.is_empty();
            [red as u8; 3]
        }
        (None, [m, p, s]) => [m.unwrap_or(0), p.unwrap_or(0), s.unwrap_or(0)],
    };
    Ok(Room {
        mahjong_soul: ascii,
        length: if east {
            GameLength::East
        } else {
            GameLength::South
        },
        open_tanyao: if ascii || disp.is_empty() {
            preset.scoring.open_tanyao
        } else {
            disp.contains('喰')
        },
        red_fives,
    })
}

/// Reads a tenhou.net/6 log (one document, or one per line). A file of
/// several documents cut short inside its last one is read up to the last
/// whole document (the game is then unfinished).
///
/// # Errors
/// [`LogError::Tenhou6`] naming the document, or the round and entry, and the
/// problem: JSON syntax, a value of the wrong type (text where a number
/// belongs), a tile code that is no tile, a malformed call or result, a red
/// five count above 4, a hand that is not 13 tiles, lists that no order of
/// calls fits.
pub fn parse(text: &str) -> Result<ImportedGame, LogError> {
    let mut docs = Vec::new();
    let mut before = 0;
    for (i, v) in serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .enumerate()
    {
        let v = match v {
            // A file cut short in its last document: the documents before
            // the cut are read (see `crate::replay::Extent`).
            Err(e) if e.is_eof() && i > 0 => break,
            // Cut inside the only document: tenhou.net/6 writes the rules,
            // the names and the final scores after the rounds, so what
            // precedes the cut does not say how to read them.
            Err(e) if e.is_eof() => {
                return Err(LogError::Tenhou6 {
                    place: "document 1".into(),
                    problem: format!(
                        "the file is cut short inside its only document ({e}); a \
                         document is read whole, because its rules and names may \
                         follow its rounds"
                    ),
                })
            }
            v => v.map_err(|e| LogError::Tenhou6 {
                place: format!("document {}", i + 1),
                problem: e.to_string(),
            })?,
        };
        let doc: Document =
            serde_path_to_error::deserialize(&v).map_err(|e| LogError::Tenhou6 {
                place: place(&v, e.path(), i, before),
                problem: e.inner().to_string(),
            })?;
        before += doc.log.len();
        docs.push((doc, v));
    }
    let Some((head, _)) = docs.first() else {
        return Err(LogError::Tenhou6 {
            place: "document 1".into(),
            problem: "no JSON document".into(),
        });
    };
    let mut rules = room(&head.rule, 0)?.rules();
    for (d, (doc, _)) in docs.iter().enumerate().skip(1) {
        room(&doc.rule, d)?;
    }
    without_missing_red_fives(docs.iter().map(|d| &d.0), &mut rules);
    let names = head.name.clone();
    let sc = head.sc.clone();
    let mut rounds = Vec::new();
    let total: usize = docs.iter().map(|(d, _)| d.log.len()).sum();
    for (doc, v) in &docs {
        for (r, raw) in doc.log.iter().enumerate() {
            // Only the last round may have no result yet (an unfinished game).
            if raw.16.is_none() && rounds.len() + 1 < total {
                return Err(LogError::Tenhou6 {
                    place: format!("{}, result", round_place(v, r, rounds.len())),
                    problem: "no result, and rounds follow".into(),
                });
            }
            let round = events::round_events(raw, &rules).map_err(|(entry, problem)| {
                let mut place = round_place(v, r, rounds.len());
                if let Some(e) = entry {
                    place = format!("{place}, {}", entry_name(e));
                }
                LogError::Tenhou6 { place, problem }
            })?;
            rounds.push(round);
        }
    }
    // The final scores say the game is over; without them only the rules
    // can tell (a file of one round saved alone, or cut between rounds,
    // holds no more than its rounds: see `crate::replay::Extent`).
    let finished = rounds
        .last()
        .is_none_or(|r: &crate::log::ImportedRound| r.is_finished());
    let whole = finished && !rounds.is_empty() && sc.is_some();
    let end = whole.then(|| GameEnd {
        scores: sc.map(|s| std::array::from_fn(|i| s.get(2 * i).copied().unwrap_or(0.0) as i32)),
    });
    Ok(ImportedGame {
        format: LogFormat::Tenhou6,
        names,
        logged: LoggedRules::of(&rules),
        rules: Some(rules),
        rounds,
        end,
    })
}

/// A log that shows four plain fives of a suit in one round (dora
/// indicators, haipai and draws) was played without a red five there,
/// whatever its rule block says (a hand-made shared log does this).
fn without_missing_red_fives<'a>(docs: impl Iterator<Item = &'a Document>, rules: &mut Rules) {
    use entry::DrawEntry;
    for raw in docs.flat_map(|d| &d.log) {
        let mut plain = [0usize; 3];
        let mut count = |p: crate::game::Pai| {
            if let Some(t) = p.tile().filter(|t| t.is_five() && !p.is_red()) {
                plain[t.index() / 9] += 1;
            }
        };
        raw.2.iter().for_each(|c| count(c.0));
        for s in 0..4 {
            let (hand, draws, _) = raw.seat(s);
            hand.iter().for_each(|c| count(c.0));
            for d in draws {
                if let DrawEntry::Tile(p) = d {
                    count(*p);
                }
            }
        }
        for (suit, n) in plain.into_iter().enumerate() {
            if n >= 4 {
                rules.scoring.red_fives[suit] = 0;
            }
        }
    }
}

/// `round N (E3-1)`, N counted over the whole file from 1 (`before` rounds in
/// earlier documents), with the round's name when its info can be read.
fn round_place(v: &Value, r: usize, before: usize) -> String {
    let info = v["log"][r][0].as_array().and_then(|a| {
        let idx = a.first()?.as_u64()?;
        let honba = a.get(1)?.as_u64()?;
        let wind = ["E", "S", "W", "N"].get(idx as usize / 4)?;
        Some(format!("{wind}{}-{honba}", idx % 4 + 1))
    });
    match info {
        Some(name) => format!("round {} ({name})", before + r + 1),
        None => format!("round {}", before + r + 1),
    }
}

/// Where in document `doc` the value at `path` is: `rule.aka` (`document 3,
/// rule.aka` after the first), or `round 3 (E3-1), seat 1 discards, item 7`.
fn place(v: &Value, path: &serde_path_to_error::Path, doc: usize, before: usize) -> String {
    use serde_path_to_error::Segment;
    let segs: Vec<&Segment> = path.iter().collect();
    match segs.as_slice() {
        [Segment::Map { key }, Segment::Seq { index: r }, rest @ ..] if key == "log" => {
            let mut s = round_place(v, *r, before);
            if let Some(Segment::Seq { index: e }) = rest.first() {
                s += &format!(", {}", entry_name(*e));
                if let Some(Segment::Seq { index: i }) = rest.get(1) {
                    s += &format!(", item {}", i + 1);
                }
            }
            s
        }
        _ => {
            let what = if segs.is_empty() {
                "the document".to_string()
            } else {
                path.to_string()
            };
            if doc > 0 {
                format!("document {}, {what}", doc + 1)
            } else {
                what
            }
        }
    }
}

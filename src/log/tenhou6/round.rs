//! A tenhou.net/6 round as typed serde structures: the 17 entries of
//! `[[kyoku, honba, sticks], scores, dora, ura, (haipai, draws, discards) × 4,
//! result]`, and the result with its wins or draw.

use super::entry::{Code, DiscardEntry, DrawEntry};
use crate::game::DrawReason;
use crate::log::LoggedWin;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// One round, entry by entry; the result is missing from the last round of
/// a game still running (or a file cut short).
#[derive(Debug, Deserialize)]
pub(super) struct RawRound(
    pub RoundInfo,
    pub [i32; 4],
    pub Vec<Code>,
    pub Vec<Code>,
    pub Vec<Code>,
    pub Vec<DrawEntry>,
    pub Vec<DiscardEntry>,
    pub Vec<Code>,
    pub Vec<DrawEntry>,
    pub Vec<DiscardEntry>,
    pub Vec<Code>,
    pub Vec<DrawEntry>,
    pub Vec<DiscardEntry>,
    pub Vec<Code>,
    pub Vec<DrawEntry>,
    pub Vec<DiscardEntry>,
    #[serde(default)] pub Option<RawResult>,
);

/// `[kyoku, honba, sticks]`: kyoku counts dealers from East 1 = 0.
#[derive(Debug, Deserialize)]
pub(super) struct RoundInfo(pub u8, pub u8, pub u8);

/// The names of a round's entries, by index (for messages).
pub(super) fn entry_name(i: usize) -> String {
    match i {
        0 => "round info".into(),
        1 => "scores".into(),
        2 => "dora indicators".into(),
        3 => "ura indicators".into(),
        4..=15 => {
            let what = ["haipai", "draws", "discards"][(i - 4) % 3];
            format!("seat {} {what}", (i - 4) / 3)
        }
        16 => "result".into(),
        _ => format!("entry {i}"),
    }
}

impl RawRound {
    /// Seat `s`'s haipai, draws and discards.
    pub fn seat(&self, s: usize) -> (&[Code], &[DrawEntry], &[DiscardEntry]) {
        match s {
            0 => (&self.4, &self.5, &self.6),
            1 => (&self.7, &self.8, &self.9),
            2 => (&self.10, &self.11, &self.12),
            _ => (&self.13, &self.14, &self.15),
        }
    }
}

/// How the round ended.
#[derive(Debug)]
pub(super) enum RawResult {
    /// `和了`: one or more wins.
    Wins(Vec<LoggedWin>),
    /// A draw of this kind, with its deltas (none written: nothing paid).
    Draw(DrawReason, [i32; 4]),
}

/// The draw of a result name.
fn draw_reason(kind: &str) -> Option<DrawReason> {
    Some(match kind {
        "流局" | "全員聴牌" | "全員不聴" | "流し満貫" => DrawReason::Exhaustive,
        "九種九牌" => DrawReason::NineTerminals,
        "四家立直" => DrawReason::FourRiichi,
        "四風連打" => DrawReason::FourWinds,
        "四槓散了" => DrawReason::FourKans,
        "三家和了" => DrawReason::TripleRon,
        _ => return None,
    })
}

impl<'de> Deserialize<'de> for RawResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawResult, D::Error> {
        d.deserialize_seq(ResultVisitor)
    }
}

struct ResultVisitor;

impl<'de> Visitor<'de> for ResultVisitor {
    type Value = RawResult;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a result: [\"和了\", deltas, win, …] or [draw name, deltas]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawResult, A::Error> {
        let kind: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::custom("an empty result"))?;
        if kind == "和了" {
            let mut wins = Vec::new();
            while let Some(deltas) = seq.next_element::<[i32; 4]>()? {
                let mut w: LoggedWin = seq
                    .next_element::<WinInfo>()?
                    .ok_or_else(|| de::Error::custom("deltas without the win's details"))?
                    .0;
                w.deltas = Some(deltas);
                wins.push(w);
            }
            if wins.is_empty() {
                return Err(de::Error::custom("和了 with no win"));
            }
            return Ok(RawResult::Wins(wins));
        }
        let reason = draw_reason(&kind).ok_or_else(|| {
            de::Error::custom(format!(
                "unknown result {kind:?} (和了, 流局, 全員聴牌, 全員不聴, 流し満貫, 九種九牌, 四家立直, 四風連打, 四槓散了, 三家和了)"
            ))
        })?;
        // Deltas, left out when nothing is paid (abortive draws, all noten);
        // a nagashi mangan of two players may list two.
        let mut deltas = [0; 4];
        while let Some(d) = seq.next_element::<[i32; 4]>()? {
            for (s, x) in deltas.iter_mut().zip(d) {
                *s += x;
            }
        }
        Ok(RawResult::Draw(reason, deltas))
    }
}

/// `[winner, from, pao, "<fu>符<han>飜<points>点", "yaku(n飜)", …]`.
struct WinInfo(LoggedWin);

impl<'de> Deserialize<'de> for WinInfo {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<WinInfo, D::Error> {
        d.deserialize_seq(WinVisitor)
    }
}

struct WinVisitor;

fn seat<'de, A: SeqAccess<'de>>(seq: &mut A, what: &str) -> Result<u8, A::Error> {
    let s: u8 = seq
        .next_element()?
        .ok_or_else(|| de::Error::custom(format!("no {what}")))?;
    if s > 3 {
        return Err(de::Error::custom(format!(
            "{what} {s} (expected a seat 0 to 3)"
        )));
    }
    Ok(s)
}

impl<'de> Visitor<'de> for WinVisitor {
    type Value = WinInfo;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a win: [winner, from, pao, points, yaku…]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<WinInfo, A::Error> {
        let winner = seat(&mut seq, "winner")?;
        let from = seat(&mut seq, "from")?;
        let pao = seat(&mut seq, "pao")?;
        let mut w = LoggedWin {
            seat: winner,
            from,
            pao: Some((pao != winner).then_some(pao)),
            ..LoggedWin::default()
        };
        if let Some(text) = seq.next_element::<String>()? {
            let (fu, points) = points(&text).map_err(de::Error::custom)?;
            w.fu = fu;
            w.points = Some(points);
        }
        while let Some(y) = seq.next_element::<String>()? {
            w.yaku.push(yaku(&y).map_err(de::Error::custom)?);
        }
        if !w.yaku.is_empty() {
            w.han = Some(w.yaku.iter().map(|y| y.1).sum());
        }
        Ok(WinInfo(w))
    }
}

/// Fu and the hand's value from a points text: `30符4飜7700点` (ron),
/// `満貫2000-4000点` (a non-dealer's tsumo: 2 × 2,000 + 4,000),
/// `2600点∀` (a dealer's tsumo: 3 × 2,600).
fn points(text: &str) -> Result<(Option<u32>, u32), String> {
    let bad = || format!("points {text:?} (expected like 30符4飜7700点, 満貫2000-4000点, 2600点∀)");
    let (body, all) = match text.strip_suffix("点∀") {
        Some(b) => (b, true),
        None => (text.strip_suffix('点').ok_or_else(bad)?, false),
    };
    let fu = match body.split_once('符') {
        Some((f, _)) => Some(f.parse::<u32>().map_err(|_| bad())?),
        None => None,
    };
    let start = body
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '-')
        .last()
        .map(|(i, _)| i)
        .ok_or_else(bad)?;
    let nums: Vec<u32> = body[start..]
        .split('-')
        .map(|x| x.parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let total = match (nums.as_slice(), all) {
        ([x], false) => *x,
        ([x], true) => 3 * x,
        ([k, d], false) => 2 * k + d,
        _ => return Err(bad()),
    };
    Ok((fu, total))
}

/// A yaku entry: `名(2飜)` or `名(役満)` (13 han).
fn yaku(text: &str) -> Result<(String, u32), String> {
    let bad = || format!("yaku {text:?} (expected name(n飜) or name(役満))");
    let (name, rest) = text.rsplit_once('(').ok_or_else(bad)?;
    let han = match rest.strip_suffix(')').ok_or_else(bad)? {
        "役満" => 13,
        h => h
            .strip_suffix('飜')
            .and_then(|h| h.parse().ok())
            .ok_or_else(bad)?,
    };
    Ok((name.to_string(), han))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_ok_ron_tsumo_and_limits() {
        assert_eq!(points("30符4飜7700点"), Ok((Some(30), 7700)));
        assert_eq!(points("40符1飜400-700点"), Ok((Some(40), 1500)));
        assert_eq!(points("満貫2000-4000点"), Ok((None, 8000)));
        assert_eq!(points("跳満6000点∀"), Ok((None, 18000)));
        assert_eq!(points("役満16000点∀"), Ok((None, 48000)));
    }

    #[test]
    fn points_err_text_named() {
        assert_eq!(
            points("7700").unwrap_err(),
            "points \"7700\" (expected like 30符4飜7700点, 満貫2000-4000点, 2600点∀)"
        );
        assert!(points("x符1飜1000点").is_err());
        assert!(points("1-2-3点").is_err());
        assert!(points("満貫点").is_err());
    }

    #[test]
    fn yaku_ok_and_err() {
        assert_eq!(yaku("自風 南(1飜)"), Ok(("自風 南".into(), 1)));
        assert_eq!(yaku("四槓子(役満)"), Ok(("四槓子".into(), 13)));
        assert_eq!(
            yaku("ドラ").unwrap_err(),
            "yaku \"ドラ\" (expected name(n飜) or name(役満))"
        );
    }
}

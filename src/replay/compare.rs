//! A round's end as the engine scored it, against the log's record: the one
//! place where every format's results are checked.

use crate::game::DrawReason;
use crate::game::Win;
use crate::log::{LoggedDraw, LoggedWin};
use crate::score::{payment, Payment};

/// What differs between a logged win and the engine's (`dealer`: the round's
/// dealer seat; `after`: the engine's scores after the win). Only what the
/// log records is compared; fu not for yakuman.
pub(super) fn win(logged: &LoggedWin, ours: &Win, dealer: u8, after: [i32; 4]) -> Vec<String> {
    let who = format!("seat {} from {}", ours.seat, ours.from);
    let mut out = Vec::new();
    if let Some(d) = logged.deltas.filter(|d| *d != ours.deltas) {
        out.push(format!("{who}: log deltas {d:?}, engine {:?}", ours.deltas));
    }
    if let Some(s) = logged.scores.filter(|s| *s != after) {
        out.push(format!("{who}: log scores after {s:?}, engine {after:?}"));
    }
    if let Some(p) = logged.pao.filter(|p| *p != ours.pao) {
        out.push(format!("{who}: log pao {p:?}, engine {:?}", ours.pao));
    }
    // Only a seat's view leaves a win unscored (replays use the referee's).
    let Some(s) = &ours.score else {
        return out;
    };
    if let Some(h) = logged.han.filter(|h| *h != s.han) {
        let yaku: Vec<_> = s.yaku.iter().collect();
        out.push(format!("{who}: log {h} han, engine {} ({yaku:?})", s.han));
    }
    // A yakuman hand has no fu to compare (the engine writes 0; Tenhou's XML
    // writes the hand's fu all the same).
    if let Some(f) = logged.fu.filter(|f| *f != s.fu && s.yakuman == 0) {
        out.push(format!("{who}: log {f} fu, engine {}", s.fu));
    }
    // The hand's value before honba: the payment rule with no honba.
    let tsumo = matches!(s.payment, Payment::Tsumo { .. });
    let value = payment(s.basic_points, ours.seat == dealer, tsumo, 0).1;
    if let Some(p) = logged.points.filter(|p| *p != value) {
        out.push(format!("{who}: log {p} points, engine {value}"));
    }
    out
}

/// What differs between a logged draw and the engine's deltas (`ours`) and
/// scores after it (`after`).
pub(super) fn draw(
    logged: &LoggedDraw,
    reason: Option<DrawReason>,
    ours: &[i32; 4],
    after: [i32; 4],
) -> Vec<String> {
    // The reason as mjai extensions write it: `exhaustive draw`, …
    let what = || match reason.and_then(|r| serde_json::to_value(r).ok()) {
        Some(serde_json::Value::String(r)) => format!("{} draw", r.replace('_', " ")),
        _ => "draw".into(),
    };
    let mut out = Vec::new();
    if let Some(d) = logged.deltas.filter(|d| d != ours) {
        out.push(format!("{}: log deltas {d:?}, engine {ours:?}", what()));
    }
    if let Some(s) = logged.scores.filter(|s| *s != after) {
        out.push(format!(
            "{}: log scores after {s:?}, engine {after:?}",
            what()
        ));
    }
    out
}

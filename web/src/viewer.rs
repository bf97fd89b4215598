//! The log viewer: any position of a kept log ([`crate::logs`]), rebuilt by
//! applying the log's events to the engine from the start — every hand open,
//! or one seat's view — with the list of rounds to jump to.
//!
//! An event the engine refuses stops its round there (the frame says why);
//! the next round starts afresh from its `start_kyoku`, as `tenpai replay`
//! and the review do.

use crate::logs::StoredLog;
use crate::view::TableView;
use serde::Serialize;
use tenpai::game::{Event, SeatIndex, State};

/// One position of a log.
#[derive(Clone, Debug, Serialize)]
pub struct Frame {
    /// The log.
    pub log: u64,
    /// Its name.
    pub name: String,
    /// The players' names.
    pub names: Vec<String>,
    /// Events applied (0 to `steps`).
    pub step: usize,
    /// The log's events in all.
    pub steps: usize,
    /// The last event applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<Event>,
    /// The table.
    pub view: TableView,
    /// Each round's name and the step of its `start_kyoku`.
    pub rounds: Vec<RoundMark>,
    /// The engine refused an event of this round at or before this step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// The log has a review.
    pub reviewed: bool,
    /// What the viewer says about the rules the log is read under (a log
    /// that records no length but ends as an east-only game…).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// A round in the round list.
#[derive(Clone, Debug, Serialize)]
pub struct RoundMark {
    /// `E1-0`…
    pub name: String,
    /// The step just after its `start_kyoku`.
    pub step: usize,
}

fn fresh(log: &StoredLog) -> State {
    let mut s = State::new(log.rules.clone());
    let start = log.game.start_event();
    // A fresh state always accepts `start_game`.
    let _ = s.apply(&start);
    s
}

/// The position of `log` after `step` events, every hand open (`seat`
/// `None`) or as `seat` saw it (clamped to the log's length).
pub fn frame(log: &StoredLog, step: usize, seat: Option<SeatIndex>) -> Frame {
    let events: Vec<Event> = log.game.events().collect();
    let step = step.min(events.len());
    let mut rounds = Vec::new();
    let mut at = 1;
    for r in &log.game.rounds {
        rounds.push(RoundMark {
            name: r.name(),
            step: at + 1,
        });
        at += r.events.len();
    }
    let mut state = fresh(log);
    let mut refused: Option<String> = None;
    for (i, e) in events.iter().enumerate().take(step).skip(1) {
        if let Event::StartKyoku { .. } = e {
            if refused.take().is_some() {
                state = fresh(log);
            }
        }
        if refused.is_some() {
            continue;
        }
        if let Err(err) = state.apply(e) {
            refused = Some(format!("event {i} ({}): {err}", e.to_json()));
        }
    }
    let event = step.checked_sub(1).map(|i| match seat {
        Some(s) => events[i].seen_by(s),
        None => events[i].clone(),
    });
    Frame {
        log: log.id,
        name: log.name.clone(),
        names: log.game.names.clone(),
        step,
        steps: events.len(),
        event,
        view: TableView::of(&state, seat, None, None),
        rounds,
        refused,
        reviewed: log.review.lock().map(|r| r.is_some()).unwrap_or(false),
        warnings: log.warnings.clone(),
    }
}

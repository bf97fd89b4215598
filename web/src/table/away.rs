//! A person who leaves a started game: after the table's grace period
//! ([`super::TableSpec::grace`]) an AI plays their seat (the baseline,
//! deciding at once) until they come back with their link; the others are
//! told each step ([`ServerMsg::Notice`]).

use super::seats::Ai;
use super::{Role, Stage, Table};
use crate::protocol::{NoticeKind, ServerMsg};
use std::time::Duration;
use tenpai::arena::PlayerKind;
use tenpai::game::SeatIndex;
use tokio::time::Instant;

/// The seats' winds, for the notices.
const WINDS: [&str; 4] = ["East", "South", "West", "North"];

/// `d` for a person: `20 s`, `1.5 s`, `250 ms`.
fn shown(d: Duration) -> String {
    if d.as_millis() % 1000 == 0 {
        format!("{} s", d.as_secs())
    } else if d >= Duration::from_secs(1) {
        format!("{} s", d.as_secs_f64())
    } else {
        format!("{} ms", d.as_millis())
    }
}

impl Table {
    /// The person at `seat` has no connection left.
    fn alone(&self, seat: SeatIndex) -> bool {
        !self.clients.iter().any(|c| c.role == Role::Seat(seat))
    }

    /// After a client left: each person's seat left empty in a started
    /// game gets its grace period (the others told).
    pub(super) fn after_leave(&mut self) {
        let Some(grace) = self.spec.grace else {
            return;
        };
        if !self.started || matches!(self.stage, Stage::Over) {
            return;
        }
        for seat in self.spec.persons() {
            let s = seat.index();
            if self.alone(seat) && self.away[s].is_none() && !self.covered[s] {
                self.away[s] = Some(Instant::now() + grace);
                let message = format!(
                    "{} left: an AI plays their seat in {} unless they come back",
                    WINDS[s],
                    shown(grace)
                );
                self.notice(seat, NoticeKind::Left, Some(grace), message);
            }
        }
    }

    /// The next grace period to end, if any.
    pub(super) fn next_takeover(&self) -> Option<Instant> {
        self.away.iter().flatten().min().copied()
    }

    /// The grace periods that have ended: an AI plays those seats (and
    /// answers a decision left open to their person).
    pub(super) fn take_over(&mut self) {
        let now = Instant::now();
        for seat in SeatIndex::ALL {
            let s = seat.index();
            if self.away[s].is_some_and(|at| at <= now) {
                self.away[s] = None;
                self.covered[s] = true;
                let message = format!(
                    "{} is away: an AI plays their seat until they come back",
                    WINDS[s]
                );
                self.notice(seat, NoticeKind::Covered, None, message);
                self.tell_seats();
                if matches!(self.stage, Stage::Person { seat: asked, .. } if asked == seat) {
                    // The person's decision is closed: the AI answers a
                    // new one.
                    self.decision += 1;
                    self.thinking = None;
                    self.ask_ai(seat);
                }
            }
        }
    }

    /// A person sat down at `seat`: their grace period ends, or the AI
    /// playing for them gives the seat back.
    pub(super) fn came_back(&mut self, seat: SeatIndex) {
        let s = seat.index();
        let was_away = self.away[s].take().is_some();
        if self.covered[s] {
            self.covered[s] = false;
            // An AI that is deciding now keeps its decision (it is played);
            // the next one is the person's.
            self.seats[s] = None;
        } else if !was_away {
            return;
        }
        let message = format!("{} is back", WINDS[s]);
        self.notice(seat, NoticeKind::Back, None, message);
    }

    /// The AI that plays a person's `seat` while they are away (made the
    /// first time it is asked; it hears the game from its start).
    pub(super) fn cover(&mut self, seat: SeatIndex) -> Option<Box<Ai>> {
        let s = seat.index();
        if !self.covered[s] {
            return None;
        }
        if let Some(ai) = self.seats[s].take() {
            return Some(ai);
        }
        self.heard[s] = 0;
        Ai::make(&PlayerKind::Baseline, &self.spec.rules, self.seed, seat)
            .ok()
            .map(Box::new)
    }

    fn notice(&self, seat: SeatIndex, kind: NoticeKind, grace: Option<Duration>, message: String) {
        self.broadcast(&ServerMsg::Notice {
            seat,
            kind,
            grace_ms: grace.map(|g| g.as_millis() as u64),
            message,
        });
    }
}

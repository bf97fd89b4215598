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
use tenpai::Wind;
use tokio::time::Instant;

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
    /// The person at `seat` has a connection.
    pub(super) fn connected(&self, seat: SeatIndex) -> bool {
        self.clients.iter().any(|c| c.role == Role::Seat(seat))
    }

    /// After a client left, a game started, or a client joined: the open
    /// decision's clock stops or runs on ([`Table::sync_clock`]); each
    /// person's seat left empty in a started game gets its grace period
    /// (the others told), once.
    pub(super) fn after_leave(&mut self) {
        self.sync_clock();
        let Some(grace) = self.spec.grace else {
            return;
        };
        if !self.started || matches!(self.stage, Stage::Over) {
            return;
        }
        for seat in self.spec.persons() {
            let s = seat.index();
            if !self.connected(seat) && self.away[s].is_none() && !self.covered[s] {
                self.away[s] = Some(Instant::now() + grace);
                let message = format!(
                    "{} left: an AI plays their seat in {} unless they come back",
                    Wind::ALL[s].name(),
                    shown(grace)
                );
                self.notice(seat, NoticeKind::Left, Some(grace), message);
            }
        }
    }

    /// The next grace period to end, if any (none once the game is over:
    /// nobody's seat is to be played).
    pub(super) fn next_takeover(&self) -> Option<Instant> {
        if matches!(self.stage, Stage::Over) {
            return None;
        }
        self.away.iter().flatten().min().copied()
    }

    /// The grace periods that have ended: an AI plays those seats (and
    /// answers a decision left open to their person). Nothing once the
    /// game is over.
    pub(super) fn take_over(&mut self) {
        if matches!(self.stage, Stage::Over) {
            return;
        }
        let now = Instant::now();
        for seat in SeatIndex::ALL {
            let s = seat.index();
            if self.away[s].is_some_and(|at| at <= now) {
                self.away[s] = None;
                self.covered[s] = true;
                let message = format!(
                    "{} is away: an AI plays their seat until they come back",
                    Wind::ALL[s].name()
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
        let message = format!("{} is back", Wind::ALL[s].name());
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

    pub(super) fn notice(
        &self,
        seat: SeatIndex,
        kind: NoticeKind,
        grace: Option<Duration>,
        message: String,
    ) {
        self.broadcast(&ServerMsg::Notice {
            seat,
            kind,
            grace_ms: grace.map(|g| g.as_millis() as u64),
            message,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Advisor, Out, Role, Table, TableMsg, TableSpec, OUT_QUEUE};
    use std::time::Duration;
    use tenpai::arena::PlayerKind;
    use tenpai::game::SeatIndex;
    use tenpai::rules::{GameLength, Rules};

    fn two_people(grace: Duration) -> Table {
        let mut rules = Rules::tenhou();
        rules.game.length = GameLength::East;
        let spec = TableSpec {
            rules,
            seed: 3,
            players: [
                None,
                None,
                Some(PlayerKind::Baseline),
                Some(PlayerKind::Baseline),
            ],
            ai_delay: Duration::ZERO,
            advisor: Advisor::Baseline,
            log_dir: None,
            spectators_see_hands: false,
            grace: Some(grace),
            turn_limit: None,
            saved: None,
        };
        Table::new(1, spec, crate::logs::Logs::default()).unwrap()
    }

    #[tokio::test]
    async fn take_over_ok_a_person_who_left_before_the_start_gets_a_grace_period() {
        let mut t = two_people(Duration::from_secs(3600));
        let (east, _to_east) = Out::channel(OUT_QUEUE);
        let (south, mut to_south) = Out::channel(OUT_QUEUE);
        let [e, s, ..] = SeatIndex::ALL;
        t.handle(TableMsg::Join {
            client: 1,
            out: east,
            role: Role::Seat(e),
        });
        t.handle(TableMsg::Leave { client: 1 });
        assert_eq!(t.next_takeover(), None, "no game yet: nothing to cover");
        // South sits: the game starts with East's seat empty.
        t.handle(TableMsg::Join {
            client: 2,
            out: south,
            role: Role::Seat(s),
        });
        assert!(t.next_takeover().is_some(), "East's grace period runs");
        let told: Vec<String> = std::iter::from_fn(|| to_south.try_recv().ok())
            .map(|m| m.to_string())
            .filter(|m| m.contains(r#""kind":"left""#))
            .collect();
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(
            told[0].contains("East left: an AI plays their seat in 3600 s unless they come back"),
            "{told:?}"
        );
    }

    #[tokio::test]
    async fn take_over_err_no_ai_for_a_seat_left_before_the_game_ended() {
        // The grace period ends at once: only the game's end stands
        // between South's leaving and an AI taking the seat.
        let mut t = two_people(Duration::ZERO);
        let (east, mut to_east) = Out::channel(OUT_QUEUE);
        let (south, _to_south) = Out::channel(OUT_QUEUE);
        let [e, s, ..] = SeatIndex::ALL;
        t.handle(TableMsg::Join {
            client: 1,
            out: east,
            role: Role::Seat(e),
        });
        t.handle(TableMsg::Join {
            client: 2,
            out: south,
            role: Role::Seat(s),
        });
        t.handle(TableMsg::Leave { client: 2 });
        assert!(t.next_takeover().is_some(), "South's grace period runs");
        // The game ends (the last win or draw) before the timer fires.
        t.finish();
        while to_east.try_recv().is_ok() {}
        assert_eq!(t.next_takeover(), None);
        t.take_over();
        let after: Vec<_> = std::iter::from_fn(|| to_east.try_recv().ok()).collect();
        assert!(after.is_empty(), "sent after the game's end: {after:?}");
    }
}

//! The decision loop: the table publishes the game's new events, then asks
//! the next decision — of a person (the table waits for their answer) or
//! of an AI (thinking on tokio's blocking pool, answering through the
//! table's internal channel, its move shown after the AI delay) — until
//! the game ends.

use super::advise::Progress;
use super::seats::{visible, Ai};
use super::{Role, Table};
use crate::protocol::ServerMsg;
use crate::thinking;
use tenpai::ai::mc::SearchReport;
use tenpai::game::{Action, Observation, SeatIndex};
use tokio::time::Instant;

/// What the blocking tasks tell the table.
pub(super) enum Internal {
    /// A search so far (or done) of decision `decision`.
    Progress {
        decision: u64,
        report: SearchReport,
        done: bool,
    },
    /// An AI decided.
    AiDone {
        seat: SeatIndex,
        decision: u64,
        ai: Box<Ai>,
        action: Action,
    },
}

/// Where the table stands.
pub(super) enum Stage {
    /// Waiting for the person at `seat` to answer decision `decision`.
    Person { seat: SeatIndex, decision: u64 },
    /// An AI is thinking.
    Thinking,
    /// An AI chose `action`; it is played at `at` (the AI delay).
    Ready { action: Action, at: Instant },
    /// Four AI players and nobody watching: the game waits for a client.
    Unwatched,
    /// Waiting for the people: the game starts when every person's seat
    /// has been taken.
    Waiting,
    /// The game is over (or stopped by an engine error).
    Over,
}

/// The pause before an AI's move while a client's queue is more than half
/// full ([`Table::crowded`]).
pub(super) const PACE: std::time::Duration = std::time::Duration::from_millis(20);

impl Table {
    /// A client still served has less than half its queue free
    /// ([`super::Out`]): the next AI move waits [`PACE`].
    fn crowded(&self) -> bool {
        self.clients
            .iter()
            .any(|c| !c.out.is_closed() && c.out.crowded())
    }

    pub(super) fn internal(&mut self, i: Internal) {
        match i {
            Internal::Progress {
                decision,
                report,
                done,
            } => {
                if decision != self.decision {
                    return;
                }
                let Some(t) = self.thinking.as_mut() else {
                    return;
                };
                let view = thinking::search_view(&report, self.game.legal(), done);
                if done {
                    t.recommended = thinking::choice_of(&report.chosen, self.game.legal());
                }
                t.search = Some(view);
                self.broadcast_thinking();
            }
            Internal::AiDone {
                seat,
                decision,
                ai,
                action,
            } => {
                self.seats[seat.index()] = Some(ai);
                if decision != self.decision || !matches!(self.stage, Stage::Thinking) {
                    return;
                }
                if let Some(t) = self.thinking.as_mut().filter(|t| t.recommended.is_none()) {
                    t.recommended = thinking::choice_of(&action, self.game.legal());
                    self.broadcast_thinking();
                }
                let now = Instant::now();
                if visible(&action) && self.next_ai > now {
                    let at = self.next_ai;
                    self.stage = Stage::Ready { action, at };
                } else if self.crowded() {
                    // A client's queue is more than half full: the move is
                    // played after a pause, from the table's loop (a game
                    // of quick AI players would otherwise be played at
                    // once, faster than any client reads it).
                    let at = now + PACE;
                    self.stage = Stage::Ready { action, at };
                } else {
                    self.step(&action);
                }
            }
        }
    }

    /// Plays `action` for the seat asked and runs the table on.
    pub(super) fn step(&mut self, action: &Action) {
        if let Err(e) = self.game.step(action) {
            return self.fail(&e);
        }
        if visible(action) && !self.spec.ai_delay.is_zero() {
            self.next_ai = Instant::now() + self.spec.ai_delay;
        }
        self.advance();
    }

    pub(super) fn fail(&mut self, e: &dyn std::fmt::Display) {
        eprintln!("tenpai serve: the game stopped (a bug): {e}");
        self.stage = Stage::Over;
        let msg = ServerMsg::Error {
            message: format!("the game stopped (a bug in the engine): {e}"),
        };
        self.broadcast(&msg);
    }

    /// Publishes the new events, then asks the next decision (or ends the
    /// game).
    pub(super) fn advance(&mut self) {
        if let Err(e) = self.publish() {
            return self.fail(&e);
        }
        let Some(seat) = self.game.to_act() else {
            return self.finish();
        };
        if self.spec.no_person() && self.clients.is_empty() {
            // A game of four AI players is played while someone watches.
            self.stage = Stage::Unwatched;
            return;
        }
        self.decision += 1;
        let decision = self.decision;
        self.thinking = None;
        if self.is_person(seat) && !self.covered[seat.index()] {
            self.stage = Stage::Person { seat, decision };
            self.start_clock(seat, decision);
            // The page answers with a position in the view's choices: they
            // must be the actions the game asks about.
            let own = self.table_view(Role::Seat(seat));
            let offered = own.view.choices().map_or(&[][..], |c| &c.actions[..]);
            if offered != self.game.legal() {
                return self.fail(&"the seat's view offers other actions than the game asks");
            }
            let mut own = Some(own);
            for i in 0..self.clients.len() {
                let role = self.clients[i].role;
                let view = match own.take_if(|_| role == Role::Seat(seat)) {
                    Some(view) => view,
                    None => self.table_view(role),
                };
                self.clients[i].send_table(None, view);
            }
            if self.wants_panel(seat) {
                self.advise(seat, decision);
            }
            return;
        }
        self.ask_ai(seat);
    }

    /// Asks the AI at `seat` (or the one playing for its away person) the
    /// open decision.
    pub(super) fn ask_ai(&mut self, seat: SeatIndex) {
        let decision = self.decision;
        self.stage = Stage::Thinking;
        let ai = match self.cover(seat) {
            Some(ai) => Some(ai),
            None => self.seats[seat.index()].take(),
        };
        let Some(mut ai) = ai else {
            return self.fail(&format!("seat {seat} has no player"));
        };
        let heard = std::mem::replace(&mut self.heard[seat.index()], self.game.events().len());
        // The view kept from the last quick AI's move, its buffers reused.
        let obs = match self.obs.take() {
            Some(mut obs) => {
                obs.refresh(self.game.state(), seat);
                obs
            }
            None => Observation::of(self.game.state(), seat),
        };
        // Watching four AI players: each one's thinking is shown.
        let watched = self.spec.no_person() && self.wants_panel(seat);
        if watched {
            let by = if matches!(*ai, Ai::Mc(_)) {
                "mc"
            } else {
                "players"
            };
            self.thinking = Some(thinking::panel(&obs, decision, &self.spec.rules, by));
            self.broadcast_thinking();
        }
        if ai.quick() {
            // Asked here: the events and the legal actions lent, not copied.
            let events = &self.game.events()[heard..];
            let (action, _) = ai.decide(events, &obs, self.game.legal(), None);
            self.obs = Some(obs);
            let done = Internal::AiDone {
                seat,
                decision,
                ai,
                action,
            };
            // Quick AIs answer one after another in a loop, not each
            // inside the one before (a game of four would nest a call per
            // decision and overflow the stack): inside the loop, the
            // answer waits for it.
            if let Some(waiting) = self.quick.as_mut() {
                *waiting = Some(done);
                return;
            }
            self.quick = Some(Some(done));
            while let Some(next) = self.quick.as_mut().and_then(Option::take) {
                self.internal(next);
            }
            self.quick = None;
            return;
        }
        let events = self.game.events()[heard..].to_vec();
        let legal = self.game.legal().to_vec();
        let tx = self.internal_tx.clone();
        tokio::task::spawn_blocking(move || {
            let progress = Progress::new(tx.clone(), decision);
            let watch = |r: &SearchReport| progress.tell(r);
            let watch: Option<&(dyn Fn(&SearchReport) + Sync)> =
                if watched { Some(&watch) } else { None };
            let (action, report) = ai.decide(&events, &obs, &legal, watch);
            if let (true, Some(r)) = (watched, report) {
                let _ = tx.send(Internal::Progress {
                    decision,
                    report: r,
                    done: true,
                });
            }
            let _ = tx.send(Internal::AiDone {
                seat,
                decision,
                ai,
                action,
            });
        });
    }
}

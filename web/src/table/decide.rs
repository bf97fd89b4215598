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

#[cfg(test)]
mod tests {
    use super::super::{Advisor, Out, Role, Stage, Table, TableMsg, TableSpec, OUT_QUEUE};
    use std::time::Duration;
    use tenpai::arena::PlayerKind;
    use tenpai::rules::{GameLength, Rules};

    /// Four baseline AI players, east only, seed 5, no AI delay: a lobby
    /// table nobody plays at.
    fn four_ai() -> TableSpec {
        let mut rules = Rules::tenhou();
        rules.game.length = GameLength::East;
        TableSpec {
            rules,
            seed: 5,
            players: std::array::from_fn(|_| Some(PlayerKind::Baseline)),
            ai_delay: Duration::ZERO,
            advisor: Advisor::Baseline,
            log_dir: None,
            spectators_see_hands: false,
            grace: Some(Duration::from_secs(20)),
            turn_limit: None,
            saved: None,
        }
    }

    /// Plays the AI move the table holds back (a crowded client's pace),
    /// as its loop does when the pause is over; false when none is held.
    fn play_held(t: &mut Table) -> bool {
        match std::mem::replace(&mut t.stage, Stage::Thinking) {
            Stage::Ready { action, .. } => {
                t.step(&action);
                true
            }
            other => {
                t.stage = other;
                false
            }
        }
    }

    #[tokio::test(start_paused = true)]
    async fn unwatched_ok_four_ai_players_play_only_while_someone_watches() {
        let mut t = Table::new(1, four_ai(), crate::logs::Logs::default()).unwrap();
        // Opened with nobody there: dealt, then waiting at the first
        // decision (the dealer's first discard).
        assert!(matches!(t.stage, Stage::Unwatched));
        let dealt = t.game.events().len();
        assert_eq!(t.published, dealt);
        // A spectator with a short queue: the game goes on, held back
        // while the queue is more than half full.
        let (out, mut inbox) = Out::channel(8);
        let role = Role::Spectator;
        t.handle(TableMsg::Join {
            client: 1,
            out,
            role,
        });
        let mut moves = 0;
        while moves < 20 {
            while inbox.try_recv().is_ok() {}
            assert!(play_held(&mut t), "paced, not over");
            moves += 1;
        }
        let seen = t.game.events().len();
        assert!(seen > dealt + 20, "{seen} events");
        // The spectator leaves: the move held is played, then nothing.
        t.handle(TableMsg::Leave { client: 1 });
        assert!(play_held(&mut t));
        assert!(matches!(t.stage, Stage::Unwatched));
        let paused = t.game.events().len();
        assert!(!play_held(&mut t));
        assert_eq!(t.game.events().len(), paused);
        assert!(t.game.to_act().is_some(), "the game is not over");
        // Someone comes to watch: it goes on from there, to the end.
        let (out, _inbox) = Out::channel(OUT_QUEUE * 64);
        t.handle(TableMsg::Join {
            client: 2,
            out,
            role,
        });
        assert!(matches!(t.stage, Stage::Over));
        assert!(t.game.events().len() > paused);
    }

    /// The table's own work for a person flat out (no socket): East a
    /// person taking patches, the thinking panel off, answering at once (a win, else the first
    /// choice), three baseline AI players, `games` east-only games of
    /// seeds 1, 2, …; the person's acts. Run under `valgrind
    /// --tool=callgrind` to count the instructions a person act costs
    /// the table's thread (docs/web-load.md, Under load).
    fn play_flat_out(games: u64) -> usize {
        let mut acts = 0;
        for seed in 1..=games {
            let mut spec = four_ai();
            spec.seed = seed;
            spec.players[0] = None;
            let mut t = Table::new(1, spec, crate::logs::Logs::default()).unwrap();
            let (out, mut inbox) = Out::channel(OUT_QUEUE);
            let east = Role::Seat(tenpai::game::SeatIndex::ALL[0]);
            t.handle(TableMsg::Join {
                client: 1,
                out,
                role: east,
            });
            // As the load bench's client: patches, no thinking panel.
            for msg in [
                crate::protocol::ClientMsg::Patches { on: true },
                crate::protocol::ClientMsg::Panel { on: false },
            ] {
                t.handle(TableMsg::Intent { client: 1, msg });
            }
            while let Stage::Person { decision, .. } = t.stage {
                t.flush();
                while inbox.try_recv().is_ok() {}
                let legal = t.game.legal();
                let choice = legal
                    .iter()
                    .position(|a| {
                        matches!(a, tenpai::game::Action::Tsumo | tenpai::game::Action::Ron)
                    })
                    .unwrap_or(0);
                let msg = crate::protocol::ClientMsg::Act { decision, choice };
                t.handle(TableMsg::Intent { client: 1, msg });
                acts += 1;
            }
            assert!(matches!(t.stage, Stage::Over), "seed {seed}");
        }
        acts
    }

    #[tokio::test]
    #[ignore = "a measurement: run under callgrind (docs/web-load.md)"]
    async fn table_work_of_twenty_flat_out_games() {
        let acts = play_flat_out(20);
        println!("person acts: {acts}");
    }

    #[tokio::test]
    async fn table_ok_a_person_flat_out_plays_seeded_games_to_their_end() {
        assert!(play_flat_out(2) > 40);
    }
}

//! The messages a table receives: a client joins (the game starts when
//! every person's seat is taken; a seat has one connection, the newest),
//! leaves, or asks something (an action of its open decision, the
//! thinking panel on or off, a new game); the server shutting down.

use super::decide::Stage;
use super::{
    fresh, may_see_thinking, send, spec::seats_for, Client, End, Role, StartError, Table, TableMsg,
};
use crate::protocol::{ClientMsg, ServerMsg};
use tenpai::game::{Game, SeatIndex};

impl Table {
    fn role_of(&self, client: u64) -> Option<Role> {
        self.clients.iter().find(|c| c.id == client).map(|c| c.role)
    }

    /// Does what `m` asks, then sends the updates it made
    /// ([`Table::flush`]).
    pub(super) fn handle(&mut self, m: TableMsg) {
        self.receive(m);
        self.flush();
    }

    fn receive(&mut self, m: TableMsg) {
        match m {
            TableMsg::Join { client, out, role } => {
                if let Role::Seat(s) = role {
                    self.replace_at(s);
                    self.joined[s.index()] = true;
                    self.came_back(s);
                }
                if !self.started && self.spec.persons().iter().all(|&s| self.joined[s.index()]) {
                    // The last person sits down: the game runs on to the
                    // first decision of a person before the newcomer is
                    // greeted with the table as it then stands.
                    self.started = true;
                    self.advance();
                }
                self.clients.push(Client {
                    id: client,
                    out,
                    role,
                    panel: true,
                    patches: false,
                    view: None,
                    seq: 0,
                });
                // A person who left before the game started (or before the
                // newcomer came) now gets their grace period.
                self.after_leave();
                self.greet(client);
                self.tell_seats();
                if matches!(self.stage, Stage::Unwatched) {
                    return self.advance();
                }
                if let (Stage::Person { seat, decision }, None) = (&self.stage, &self.thinking) {
                    let (seat, decision) = (*seat, *decision);
                    if role == Role::Seat(seat) {
                        self.advise(seat, decision);
                    }
                }
            }
            TableMsg::Leave { client } => {
                self.clients.retain(|c| c.id != client);
                self.tell_seats();
                self.after_leave();
            }
            TableMsg::Intent { client, msg } => self.intent(client, msg),
            // Done in `run`, which ends the task.
            TableMsg::Close { .. } => {}
        }
    }

    /// A connection joins at `seat`: the ones already there (the seat's
    /// link opened in another tab, or on another device) are dropped, their
    /// queues ended ([`End::Replaced`]): each is sent what it was owed, then
    /// its connection closes with [`crate::protocol::CLOSE_REPLACED`] and
    /// the reason. The seat is never empty meanwhile: no grace period
    /// starts, nobody is told it left.
    fn replace_at(&mut self, seat: SeatIndex) {
        self.clients.retain(|c| {
            let older = c.role == Role::Seat(seat);
            if older {
                c.out.end(End::Replaced);
            }
            !older
        });
    }

    /// The server shuts down: the game's log synced to the disk (a failure
    /// printed), every client told, none kept.
    pub(super) fn close(&mut self) {
        if let Some(j) = &mut self.journal {
            if let Err(why) = j.sync() {
                eprintln!("tenpai serve: {why}");
            }
        }
        let msg = ServerMsg::Closing {
            message: "the server is shutting down: the game stops here".into(),
        };
        for c in self.clients.drain(..) {
            send(&c.out, &msg);
        }
    }

    fn intent(&mut self, client: u64, msg: ClientMsg) {
        match msg {
            ClientMsg::Act { decision, choice } => {
                let role = self.role_of(client);
                let open = match self.stage {
                    Stage::Person { decision: d, seat } if role == Some(Role::Seat(seat)) => {
                        Some(d)
                    }
                    _ => None,
                };
                if open != Some(decision) {
                    let why = match open {
                        Some(d) => format!("decision {decision} is not open (decision {d} is)"),
                        None => format!("decision {decision} is not open: it is not your turn"),
                    };
                    return self.error(client, why);
                }
                let Some(action) = self.game.legal().get(choice).cloned() else {
                    let n = self.game.legal().len();
                    return self.error(client, format!("choice {choice} of {n}: no such choice"));
                };
                self.stop_clock();
                self.stage = Stage::Thinking;
                self.thinking = None;
                self.step(&action);
            }
            ClientMsg::Panel { on } => {
                let asked = match self.stage {
                    Stage::Person { seat, decision } => Some((seat, decision)),
                    _ => None,
                };
                let was = asked.is_some_and(|(s, _)| self.wants_panel(s));
                if let Some(c) = self.clients.iter_mut().find(|c| c.id == client) {
                    c.panel = on;
                }
                if let Some((seat, decision)) = asked {
                    if on && !was && self.wants_panel(seat) {
                        self.advise(seat, decision);
                    }
                }
            }
            ClientMsg::Patches { on } => {
                if let Some(c) = self.clients.iter_mut().find(|c| c.id == client) {
                    c.patches = on;
                    c.view = None;
                }
            }
            ClientMsg::NewGame => {
                if self.role_of(client) == Some(Role::Spectator) {
                    return self.error(client, "a spectator cannot deal a new game".into());
                }
                if !matches!(self.stage, Stage::Over) {
                    return self.error(client, "the game is not over".into());
                }
                if let Err(e) = self.new_game() {
                    let why = format!("a new game could not start: {e}");
                    self.error(client, why);
                }
            }
            other => self.error(client, format!("{other:?} is not a table's message")),
        }
    }

    fn new_game(&mut self) -> Result<(), StartError> {
        let seed = self.spec.seed.wrapping_add(self.games);
        let seats = seats_for(&self.spec, seed)?;
        self.game = Game::new(&self.spec.rules, seed, false)?;
        self.games += 1;
        self.seed = seed;
        self.seats = seats;
        self.shown = fresh(&self.spec.rules);
        self.published = 0;
        self.heard = [0; 4];
        self.thinking = None;
        self.ended = None;
        self.journal = None;
        self.journal_failed = false;
        self.fill_banks();
        self.update_public();
        for c in 0..self.clients.len() {
            let id = self.clients[c].id;
            self.greet(id);
        }
        // A person who left while the last game was over.
        self.after_leave();
        self.advance();
        Ok(())
    }

    /// A client that may see the thinking about `seat` shows the panel.
    pub(super) fn wants_panel(&self, seat: SeatIndex) -> bool {
        self.clients
            .iter()
            .any(|c| c.panel && may_see_thinking(c.role, seat))
    }
}

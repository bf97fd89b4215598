//! What the table sends its clients: each published event with the view
//! after it, the table as it stands for a client that joins, errors and
//! broadcasts.

use super::{may_see_thinking, Client, Out, Role, Stage, Table};
use crate::protocol::{SeatStatus, ServerMsg, VERSION};
use crate::view::{Sent, TableView};
use tenpai::game::{Event, GameError, SeatIndex};
use tungstenite::Utf8Bytes;

impl Table {
    /// Sends the open decision's thinking to the clients that may see it
    /// (the seat's person; a watcher of four AI players).
    pub(super) fn broadcast_thinking(&self) {
        if let Some(t) = &self.thinking {
            let text = to_text(&ServerMsg::Thinking(Box::new(t.clone())));
            for c in &self.clients {
                if may_see_thinking(c.role, t.seat) {
                    c.out.send(text.clone());
                }
            }
        }
    }

    /// Each seat: an AI, open (its person awaited), here or away.
    pub(super) fn seat_statuses(&self) -> [SeatStatus; 4] {
        std::array::from_fn(|s| {
            let seat = SeatIndex::ALL[s];
            if !self.is_person(seat) {
                SeatStatus::Ai
            } else if self.clients.iter().any(|c| c.role == Role::Seat(seat)) {
                SeatStatus::Here
            } else if self.covered[s] {
                SeatStatus::Covered
            } else if self.joined[s] {
                SeatStatus::Away
            } else {
                SeatStatus::Open
            }
        })
    }

    /// Updates where the table stands for the lobby.
    pub(super) fn update_public(&self) {
        if let Ok(mut p) = self.public.lock() {
            *p = super::TableStatus {
                seats: self.seat_statuses(),
                started: self.started,
                over: matches!(self.stage, Stage::Over),
            };
        }
    }

    /// Tells every client who sits where (after a join or a leave).
    pub(super) fn tell_seats(&self) {
        self.update_public();
        if self.spec.no_person() {
            return;
        }
        self.broadcast(&ServerMsg::Seats {
            seats: self.seat_statuses(),
            started: self.started,
        });
    }

    /// Applies the game's new events to the published table and sends each
    /// client its view after each.
    pub(super) fn publish(&mut self) -> Result<(), GameError> {
        while self.published < self.game.events().len() {
            let e = self.game.events()[self.published].clone();
            self.published += 1;
            self.shown.apply(&e)?;
            // Written before any client sees it.
            self.write(&e);
            if matches!(e, Event::EndKyoku) {
                self.round_ended = Some(tokio::time::Instant::now());
            }
            let asked = self.asked();
            for i in 0..self.clients.len() {
                let role = self.clients[i].role;
                // The view before last made the next in place (a client
                // taking patches), or a new one.
                let spare = self.clients[i].view.as_mut().and_then(Sent::take_spare);
                let view = match spare {
                    Some(mut view) => {
                        view.refresh(&self.shown, asked);
                        view
                    }
                    None => TableView::for_role(&self.shown, role, None, asked),
                };
                self.clients[i].send_table(Some(seen(&e, role)), view);
            }
        }
        self.clients.retain(|c| !c.out.is_closed());
        Ok(())
    }

    /// Appends `e` to the game's log file (with `--log-dir`); a failure is
    /// printed once and the game goes on.
    fn write(&mut self, e: &Event) {
        let Some(dir) = self.spec.log_dir.clone() else {
            return;
        };
        if self.journal_failed {
            return;
        }
        let names = self.spec.names();
        if self.journal.is_none() {
            match super::journal::Journal::create(&dir, self.id, self.games) {
                Ok(j) => {
                    // A lobby table's file names the log before it holds
                    // anything.
                    self.saved_journal(&j);
                    self.journal = Some(j);
                }
                Err(why) => {
                    eprintln!("tenpai serve: {why}");
                    self.journal_failed = true;
                    return;
                }
            }
        }
        let Some(j) = self.journal.as_mut() else {
            return;
        };
        let written = j.append(e, &names);
        if let Err(why) = written {
            eprintln!("tenpai serve: {why}");
            self.journal_failed = true;
        }
    }

    /// The published table as a client of `role` sees it, without choices
    /// (events still to publish).
    pub(super) fn published_view(&self, role: Role) -> TableView {
        TableView::for_role(&self.shown, role, None, self.asked())
    }

    /// The seat asked, as the published table shows it: none while
    /// events are still to publish or before the game starts.
    fn asked(&self) -> Option<SeatIndex> {
        (self.published == self.game.events().len() && self.started)
            .then(|| self.game.to_act())
            .flatten()
    }

    /// The table as it stands for a client of `role`, with the open
    /// decision's choices when they are its own (the library's legal
    /// actions of the seat, the ones the game asks).
    pub(super) fn table_view(&self, role: Role) -> TableView {
        match self.stage {
            Stage::Person { decision, seat } if role == Role::Seat(seat) => {
                let mut view = TableView::for_role(&self.shown, role, Some(decision), Some(seat));
                view.clock = self.clock_left(seat);
                view
            }
            _ => self.published_view(role),
        }
    }

    /// Sends one client what it needs to draw the table from nothing.
    pub(super) fn greet(&mut self, client: u64) {
        let Some(i) = self.clients.iter().position(|c| c.id == client) else {
            return;
        };
        let c = &self.clients[i];
        let advisor = match c.role {
            Role::Seat(_) => self.spec.advisor.name().to_string(),
            Role::Watcher => "players".to_string(),
            Role::Spectator => "none".to_string(),
        };
        send(
            &c.out,
            &ServerMsg::Welcome {
                version: VERSION,
                seat: c.role.seat(),
                spectator: c.role == Role::Spectator,
                names: self.spec.names(),
                ai_delay_ms: self.spec.ai_delay.as_millis() as u64,
                advisor,
            },
        );
        let view = self.table_view(c.role);
        let c = &mut self.clients[i];
        // The table from nothing: in full, whatever was sent before.
        c.view = None;
        c.send_table(None, view);
        let c = &self.clients[i];
        if let Some(t) = self
            .thinking
            .as_ref()
            .filter(|t| may_see_thinking(c.role, t.seat))
        {
            send(&c.out, &ServerMsg::Thinking(Box::new(t.clone())));
        }
        if let Some(end) = &self.ended {
            send(&c.out, &ServerMsg::GameEnd(Box::new(end.clone())));
        }
    }

    pub(super) fn error(&self, client: u64, message: String) {
        if let Some(c) = self.clients.iter().find(|c| c.id == client) {
            send(&c.out, &ServerMsg::Error { message });
        }
    }

    pub(super) fn broadcast(&self, msg: &ServerMsg) {
        let text = to_text(msg);
        for c in &self.clients {
            c.out.send(text.clone());
        }
    }
}

impl Client {
    /// Sends the table after `event` (`None`: the decision or its clock
    /// changed, or the client is greeted): in full, or to a client that
    /// takes patches as the difference from the view it was sent last
    /// ([`crate::view::Sent::update`]). A message the client's queue has no room
    /// for closes the client ([`Out`]).
    pub(super) fn send_table(&mut self, event: Option<Event>, view: TableView) {
        let seq = self.seq;
        self.seq += 1;
        if !self.patches {
            return send(
                &self.out,
                &ServerMsg::Table {
                    seq,
                    event,
                    view: Box::new(view),
                },
            );
        }
        match self.view.take() {
            // Written straight into the message gathering the table's
            // updates: one message when the table is done
            // ([`Out::batch_with`]).
            Some(mut sent) => match self
                .out
                .batch_with(|buf| write_update(buf, seq, event.as_ref(), &mut sent, view))
            {
                Ok(true) => self.view = Some(sent),
                Ok(false) => {}
                Err(e) => {
                    let message = format!("the view could not be written: {e}");
                    send(&self.out, &ServerMsg::Error { message });
                }
            },
            None => {
                let sent = Sent::new(view.clone());
                let msg = ServerMsg::Table {
                    seq,
                    event,
                    view: Box::new(view),
                };
                if self.out.send(to_text(&msg)) {
                    self.view = Some(sent);
                }
            }
        }
    }
}

/// Writes [`ServerMsg::Update`] number `seq` after `event` to the client
/// that was sent `sent`, whose view becomes `next`, at the end of `out`:
/// the message as [`to_text`] writes it, its patch written straight from
/// the two views ([`Sent::write_update`]), with no JSON tree between.
///
/// # Errors
/// A part could not be written as JSON (a bug).
fn write_update(
    out: &mut Vec<u8>,
    seq: u64,
    event: Option<&Event>,
    sent: &mut Sent,
    next: TableView,
) -> Result<(), serde_json::Error> {
    out.extend_from_slice(br#"{"type":"update","seq":"#);
    serde_json::to_writer(&mut *out, &seq)?;
    if let Some(e) = event {
        out.extend_from_slice(br#","event":"#);
        serde_json::to_writer(&mut *out, e)?;
    }
    out.extend_from_slice(br#","patch":"#);
    sent.write_update(next, out)?;
    out.push(b'}');
    Ok(())
}

/// `e` as a client of `role` sees it: its seat's view, a spectator's, or
/// all of it for a watcher of four AI players.
fn seen(e: &Event, role: Role) -> Event {
    match role {
        Role::Seat(seat) => e.seen_by(seat),
        Role::Spectator => e.seen_by_spectator(),
        Role::Watcher => e.clone(),
    }
}

/// A message as JSON text.
///
/// # Panics
/// Never (a message that cannot be written becomes an `error` naming why).
///
/// ```
/// use tenpai_web::{protocol::ServerMsg, table::to_text};
/// let text = to_text(&ServerMsg::Error { message: "no such log".into() });
/// assert_eq!(text.as_str(), r#"{"type":"error","message":"no such log"}"#);
/// ```
pub fn to_text(msg: &ServerMsg) -> Utf8Bytes {
    serde_json::to_string(msg)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","message":"{e}"}}"#))
        .into()
}

/// Sends `msg` to one client without waiting: a client whose queue is full
/// (it reads slower than it is sent) is closed ([`Out`]); a client whose
/// connection ended or overflowed is dropped at the next publish.
pub(super) fn send(out: &Out, msg: &ServerMsg) {
    out.send(to_text(msg));
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenpai::game::{Game, SeatIndex};

    /// Every event of a seeded game's first 60 actions: the update written
    /// straight is the message `to_text` writes of the same operations.
    #[test]
    fn update_text_is_the_update_message() {
        let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false).unwrap();
        let south = SeatIndex::ALL[1];
        let view = |g: &Game| TableView::for_role(g.state(), Role::Seat(south), None, g.to_act());
        let (mut kept, mut written) = (Sent::new(view(&game)), Sent::new(view(&game)));
        for _ in 0..60 {
            let a = game.legal()[0].clone();
            game.step(&a).unwrap();
            let event = game.events().last().map(|e| e.seen_by(south));
            let mut text = Vec::new();
            write_update(&mut text, 5, event.as_ref(), &mut written, view(&game)).unwrap();
            let text = String::from_utf8(text).unwrap();
            let patch = kept.update(view(&game)).unwrap();
            let expected = to_text(&ServerMsg::Update {
                seq: 5,
                event,
                patch,
            });
            let parse = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
            assert_eq!(parse(&text), parse(&expected));
        }
    }
}

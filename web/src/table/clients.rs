//! What the table sends its clients: each published event with the view
//! after it, the table as it stands for a client that joins, errors and
//! broadcasts.

use super::{Out, Stage, Table};
use crate::protocol::{ServerMsg, VERSION};
use crate::view::TableView;
use std::sync::Arc;
use tenpai::game::{Event, GameError};

impl Table {
    pub(super) fn broadcast_thinking(&self) {
        if let Some(t) = &self.thinking {
            self.broadcast(&ServerMsg::Thinking(Box::new(t.clone())));
        }
    }

    /// Applies the game's new events to the published table and sends each
    /// client its view after each.
    pub(super) fn publish(&mut self) -> Result<(), GameError> {
        while self.published < self.game.events().len() {
            let e = self.game.events()[self.published].clone();
            self.published += 1;
            self.shown.apply(&e)?;
            for c in 0..self.clients.len() {
                let msg = ServerMsg::Table {
                    event: Some(self.seen(&e)),
                    view: Box::new(self.published_view()),
                };
                send(&self.clients[c].out, &msg);
            }
        }
        self.clients.retain(|c| !c.out.is_closed());
        Ok(())
    }

    /// `e` as the clients see it: their seat's view, or all of it when they
    /// watch four AI players.
    pub(super) fn seen(&self, e: &Event) -> Event {
        match self.person() {
            Some(seat) => e.seen_by(seat),
            None => e.clone(),
        }
    }

    /// The published table, without choices (events still to publish).
    pub(super) fn published_view(&self) -> TableView {
        let asked = (self.published == self.game.events().len())
            .then(|| self.game.to_act())
            .flatten();
        TableView::of(&self.shown, self.person(), None, asked)
    }

    /// The table as it stands, with the open decision's choices (the
    /// library's legal actions of the seat, the ones the game asks).
    pub(super) fn table_view(&self) -> TableView {
        match self.stage {
            Stage::Person { decision, seat } => {
                TableView::of(&self.shown, Some(seat), Some(decision), Some(seat))
            }
            _ => self.published_view(),
        }
    }

    /// Sends one client what it needs to draw the table from nothing.
    pub(super) fn greet(&mut self, client: u64) {
        let Some(c) = self.clients.iter().find(|c| c.id == client) else {
            return;
        };
        let advisor = match self.person() {
            Some(_) => self.spec.advisor.name().to_string(),
            None => "players".to_string(),
        };
        send(
            &c.out,
            &ServerMsg::Welcome {
                version: VERSION,
                seat: self.person(),
                names: self.spec.names(),
                ai_delay_ms: self.spec.ai_delay.as_millis() as u64,
                advisor,
            },
        );
        send(
            &c.out,
            &ServerMsg::Table {
                event: None,
                view: Box::new(self.table_view()),
            },
        );
        if let Some(t) = &self.thinking {
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
        let text: Arc<str> = to_text(msg);
        for c in &self.clients {
            let _ = c.out.try_send(text.clone());
        }
    }
}

/// A message as JSON text.
pub fn to_text(msg: &ServerMsg) -> Arc<str> {
    serde_json::to_string(msg)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","message":"{e}"}}"#))
        .into()
}

/// Sends `msg` to one client without waiting (a client whose queue is full
/// misses it and is dropped at the next publish).
pub(super) fn send(out: &Out, msg: &ServerMsg) {
    let _ = out.try_send(to_text(msg));
}

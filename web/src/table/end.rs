//! The end of a game: the log (written as the game went, with `--log-dir`) kept for the
//! viewer, the standings sent, the AI players told the last events.

use super::{Stage, Table};
use crate::logs::Origin;
use crate::protocol::{GameEnd, ServerMsg};
use tenpai::game::{final_scores, ranking, Event};

impl Table {
    /// The game is over: the log written and kept for the viewer, the
    /// standings sent, the AI players told the last events.
    pub(super) fn finish(&mut self) {
        self.stage = Stage::Over;
        let mut events = self.game.events().to_vec();
        for seat in 0..4 {
            if let Some(mut ai) = self.seats[seat].take() {
                let rest = &events[self.heard[seat]..];
                // A quick AI hears them here (microseconds), as it decides
                // here; the others (a search, a bot's process) on the
                // blocking pool.
                if ai.quick() {
                    ai.observe(rest);
                } else {
                    let rest = rest.to_vec();
                    tokio::task::spawn_blocking(move || ai.observe(&rest));
                }
            }
        }
        // The log names the players (`You` for the person, whom a review
        // looks for), as `tenpai play --log` does.
        if let Some(Event::StartGame { names, .. }) = events.first_mut() {
            *names = self.spec.names().to_vec();
        }
        let scores = self.game.state().scores();
        // Written as the game went ([`super::journal`]).
        let log_file = match &self.journal {
            Some(j) if !self.journal_failed => Some(j.path.display().to_string()),
            _ => None,
        };
        // The engine's own log always reads back; if it ever did not, the
        // game still ends, without a log to view (id 0, never given out).
        let origin = Origin::Table {
            table: self.id,
            people: self.spec.persons().len(),
            spectators_see_hands: self.spec.spectators_see_hands,
        };
        // Named by table and game, never by the wall seed (clients see it).
        let name = format!("table {}, game {}", self.id, self.games);
        // Kept as its mjai log would read back, without writing and
        // reading the text.
        let read = tenpai::log::mjai::from_events(events);
        let log = match read.and_then(|game| {
            self.logs
                .add_game(game, &self.spec.rules, name.clone(), origin)
        }) {
            Ok(id) => id,
            Err(e) => {
                eprintln!("tenpai serve: {name}: its own log was refused: {e}");
                0
            }
        };
        let end = GameEnd {
            scores,
            points: final_scores(&scores, &self.spec.rules.game),
            ranking: ranking(&scores),
            log,
            log_file,
            reviewable: !self.spec.persons().is_empty(),
        };
        self.ended = Some(end.clone());
        self.update_public();
        self.broadcast(&ServerMsg::GameEnd(Box::new(end)));
    }
}

//! The thinking panel of the person's decision (the advisor), and a
//! search's progress sent to the table as it goes.

use super::{Advisor, Internal, Table, PROGRESS_EVERY};
use crate::thinking;
use std::sync::Mutex;
use tenpai::ai::mc::{McPlayer, SearchReport};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{Observation, Player, SeatIndex};
use tokio::sync::mpsc;

impl Table {
    /// The person's thinking panel for `decision`: the tiles at once, the
    /// advisor's recommendation (and search) after.
    pub(super) fn advise(&mut self, seat: SeatIndex, decision: u64) {
        let obs = Observation::of(self.game.state(), seat);
        let legal = self.game.legal().to_vec();
        let rules = &self.spec.rules;
        let mut t = thinking::panel(&obs, decision, rules, self.spec.advisor.name());
        match self.spec.advisor {
            Advisor::Baseline => {
                let a = BaselinePlayer::new(rules).act(&obs, &legal);
                t.recommended = thinking::choice_of(&a, &legal);
            }
            Advisor::Mc(settings) => {
                let tx = self.internal_tx.clone();
                let seed = tenpai::arena::seat_seed(self.seed ^ 0x5eed, seat.get()) ^ decision;
                let mut mc = McPlayer::with_settings(rules, settings, seed);
                tokio::task::spawn_blocking(move || {
                    let progress = Progress::new(tx.clone(), decision);
                    let report = mc.think_watched(&obs, &legal, &|r| progress.tell(r));
                    let _ = tx.send(Internal::Progress {
                        decision,
                        report,
                        done: true,
                    });
                });
            }
        }
        self.thinking = Some(t);
        self.broadcast_thinking();
    }
}

/// A search's progress, sent to the table at most every [`PROGRESS_EVERY`].
pub(super) struct Progress {
    tx: mpsc::UnboundedSender<Internal>,
    decision: u64,
    last: Mutex<Option<std::time::Instant>>,
}

impl Progress {
    pub(super) fn new(tx: mpsc::UnboundedSender<Internal>, decision: u64) -> Progress {
        Progress {
            tx,
            decision,
            last: Mutex::new(None),
        }
    }

    pub(super) fn tell(&self, r: &SearchReport) {
        let now = std::time::Instant::now();
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_some_and(|t| now.duration_since(t) < PROGRESS_EVERY) {
            return;
        }
        *last = Some(now);
        let _ = self.tx.send(Internal::Progress {
            decision: self.decision,
            report: r.clone(),
            done: false,
        });
    }
}

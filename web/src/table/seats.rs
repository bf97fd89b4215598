//! Who sits at a table: a person (answering through the page) or an AI
//! player, made from its kind as `tenpai play` makes them (each seeded with
//! [`seat_seed`]). An AI's decision runs on tokio's blocking pool, never on
//! the thread of the tables, so a thinking AI never delays a message.

use tenpai::ai::mc::{McPlayer, SearchReport};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::{seat_seed, PlayerKind};
use tenpai::bot::ExternalBot;
use tenpai::game::SeatIndex;
use tenpai::game::{Action, Event, Observation, Player, RandomPlayer};
use tenpai::rules::Rules;

/// An AI player.
pub enum Ai {
    /// The Monte Carlo AI (its search can be watched).
    Mc(Box<McPlayer>),
    /// A player that decides in microseconds (the baseline, random): asked
    /// on the table's own thread.
    Quick(Box<dyn Player + Send>),
    /// An external bot (it may take seconds).
    Bot(Box<dyn Player + Send>),
}

impl std::fmt::Debug for Ai {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ai::Mc(_) => "Ai::Mc",
            Ai::Quick(_) => "Ai::Quick",
            Ai::Bot(_) => "Ai::Bot",
        })
    }
}

/// The error of a `cmd:` bot that cannot be started, naming the command.
#[derive(Debug, thiserror::Error)]
#[error("--opponents cmd:{command}: cannot start it: {source}")]
pub struct SpawnError {
    /// The command.
    pub command: String,
    /// Why.
    #[source]
    pub source: std::io::Error,
}

impl Ai {
    /// The player of `kind` at `seat` in the game of wall seed `seed`.
    ///
    /// # Errors
    /// A `cmd:` bot whose process cannot be started.
    pub fn make(
        kind: &PlayerKind,
        rules: &Rules,
        seed: u64,
        seat: SeatIndex,
    ) -> Result<Ai, SpawnError> {
        let own = seat_seed(seed, seat.get());
        Ok(match kind {
            PlayerKind::Random => Ai::Quick(Box::new(RandomPlayer::new(own))),
            k @ (PlayerKind::Baseline
            | PlayerKind::BaselineV1
            | PlayerKind::BaselineV2
            | PlayerKind::BaselineV3
            | PlayerKind::BaselineLearned) => Ai::Quick(Box::new(
                k.baseline_player(rules)
                    .unwrap_or_else(|| BaselinePlayer::new(rules)),
            )),
            PlayerKind::Mc(settings) => {
                Ai::Mc(Box::new(McPlayer::with_settings(rules, *settings, own)))
            }
            PlayerKind::Cmd { command, timeout } => {
                let fallback = Box::new(BaselinePlayer::new(rules));
                let bot = ExternalBot::spawn(command, seat, rules, *timeout, fallback).map_err(
                    |source| SpawnError {
                        command: command.clone(),
                        source,
                    },
                )?;
                Ai::Bot(Box::new(bot))
            }
        })
    }

    /// Passes `events` on (an external bot hears them), then decides among
    /// `legal`; a Monte Carlo AI tells `watch` its search as it goes.
    pub fn decide(
        &mut self,
        events: &[Event],
        obs: &Observation,
        legal: &[Action],
        watch: Option<&(dyn Fn(&SearchReport) + Sync)>,
    ) -> (Action, Option<SearchReport>) {
        self.observe(events);
        match self {
            Ai::Mc(mc) => {
                let report = match watch {
                    Some(w) => mc.think_watched(obs, legal, w),
                    None => mc.think(obs, legal),
                };
                let a = if legal.contains(&report.chosen) {
                    report.chosen.clone()
                } else {
                    legal[0].clone()
                };
                (a, Some(report))
            }
            Ai::Quick(p) | Ai::Bot(p) => (p.act(obs, legal), None),
        }
    }

    /// Passes `events` on.
    pub fn observe(&mut self, events: &[Event]) {
        match self {
            Ai::Mc(mc) => events.iter().for_each(|e| mc.observe(e)),
            Ai::Quick(p) | Ai::Bot(p) => events.iter().for_each(|e| p.observe(e)),
        }
    }
}

impl Ai {
    /// It decides in microseconds: the table asks it on its own thread
    /// instead of the blocking pool.
    pub fn quick(&self) -> bool {
        matches!(self, Ai::Quick(_))
    }
}

/// The action is seen on the table (not a pass), so the next AI move waits
/// for the delay.
pub fn visible(a: &Action) -> bool {
    *a != Action::Pass
}

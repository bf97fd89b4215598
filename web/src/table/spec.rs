//! What a table plays: its rules, seed and players, the advisor of the
//! thinking panel, the AI delay, the log directory, the spectators' leave
//! the grace period and the turn time limit ([`TableSpec`]), and the AI
//! players made from it.

use super::seats::{self, Ai};
use crate::rooms::saved::Saved;
use std::path::PathBuf;
use std::time::Duration;
use tenpai::ai::mc::Settings;
use tenpai::arena::PlayerKind;
use tenpai::game::SeatIndex;
use tenpai::rules::Rules;
use tenpai::Wind;

/// Who recommends the person's moves in the thinking panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advisor {
    /// The rule-based AI (instant).
    Baseline,
    /// The Monte Carlo search with these settings.
    Mc(Settings),
}

impl Advisor {
    pub(super) fn name(self) -> &'static str {
        match self {
            Advisor::Baseline => "baseline",
            Advisor::Mc(_) => "mc",
        }
    }
}

/// What to play at a table.
#[derive(Clone, Debug)]
pub struct TableSpec {
    /// The rules (length included).
    pub rules: Rules,
    /// The first game's wall seed; each new game at the table takes the next.
    pub seed: u64,
    /// The AI player at each seat; `None` at the person's seat (four AI
    /// players: the clients watch).
    pub players: [Option<PlayerKind>; 4],
    /// How long each visible AI move stays before the next.
    pub ai_delay: Duration,
    /// The advisor of the thinking panel.
    pub advisor: Advisor,
    /// Where each game's mjai log is written as it is played.
    pub log_dir: Option<PathBuf>,
    /// Spectators may see every hand of the table's finished games in the
    /// viewer ([`crate::rooms::access`]).
    pub spectators_see_hands: bool,
    /// How long a person's seat waits after they leave a started game
    /// before an AI plays it until they come back; `None`: it waits for
    /// them (the server's own table).
    pub grace: Option<Duration>,
    /// The turn time limit of the people's decisions; `None`: no limit
    /// ([`super::TurnLimit`]).
    pub turn_limit: Option<super::TurnLimit>,
    /// A lobby table's file in `log_dir` ([`crate::rooms::saved`]): the
    /// table writes it when it opens and names each game's log in it, so
    /// that a server started again resumes the table.
    pub saved: Option<Saved>,
}

impl TableSpec {
    /// A person plays at `seat`.
    pub fn is_person(&self, seat: SeatIndex) -> bool {
        self.players.get(seat.index()).is_some_and(Option::is_none)
    }

    /// No person plays: four AI players, whom the clients watch.
    ///
    /// ```
    /// use tenpai::arena::PlayerKind;
    /// let mut spec = tenpai_web::Config::new(tenpai::rules::Rules::tenhou(), 7).table;
    /// assert!(!spec.no_person(), "the server's own table: one person, at East");
    /// spec.players[0] = Some(PlayerKind::Baseline);
    /// assert!(spec.no_person());
    /// ```
    pub fn no_person(&self) -> bool {
        self.players.iter().all(Option::is_some)
    }

    /// The seats where people play, in seat order.
    pub fn persons(&self) -> Vec<SeatIndex> {
        SeatIndex::ALL
            .into_iter()
            .filter(|&s| self.is_person(s))
            .collect()
    }

    /// The players' names: `You` for a single person (the name reviews
    /// look for), `person E`… when several play, and the AI players' kinds
    /// with their first seat (`baseline S`).
    pub fn names(&self) -> [String; 4] {
        let single = self.persons().len() == 1;
        std::array::from_fn(|s| match &self.players[s] {
            None if single => tenpai::review::PLAYER_NAME.to_string(),
            None => format!("person {}", Wind::ALL[s]),
            Some(k) => format!("{k} {}", Wind::ALL[s]),
        })
    }
}

/// The AI player of each AI seat of `spec`, for the game of wall seed `seed`.
pub(super) fn seats_for(
    spec: &TableSpec,
    seed: u64,
) -> Result<[Option<Box<Ai>>; 4], seats::SpawnError> {
    let mut out: [Option<Box<Ai>>; 4] = Default::default();
    for s in SeatIndex::ALL {
        if let Some(kind) = &spec.players[s.index()] {
            out[s.index()] = Some(Box::new(Ai::make(kind, &spec.rules, seed, s)?));
        }
    }
    Ok(out)
}

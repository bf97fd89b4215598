//! The lobby's request to open a table (`POST /api/tables`), read and
//! checked field by field: a bad field is refused with its name.

use super::About;
use crate::table::{Advisor, TableSpec, TurnLimit};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use tenpai::ai::mc::{Budget, Settings};
use tenpai::arena::PlayerKind;
use tenpai::rules::{GameLength, Rules};

/// A request to open a table, as the lobby sends it:
///
/// ```json
/// {"rules": "tenhou", "length": "east", "seats": ["person", "person", "mc", "baseline"], "think_ms": 300}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// A rule preset's name (`tenhou`, `mahjongsoul`); default `tenhou`.
    #[serde(default = "tenhou")]
    pub rules: String,
    /// `east` or `south`; default the preset's.
    #[serde(default)]
    pub length: Option<String>,
    /// Each seat, East first: `person`, `mc`, `baseline`, `random`, or
    /// `cmd:COMMAND` for one of the bots the server offers.
    pub seats: [String; 4],
    /// The Monte Carlo AI's thinking time per decision, in milliseconds
    /// (10 to 10,000; default 300).
    #[serde(default)]
    pub think_ms: Option<u64>,
    /// The Monte Carlo AI's rollouts per decision instead of a time (1 to
    /// 100,000).
    #[serde(default)]
    pub samples: Option<u32>,
    /// How long each AI move stays on screen, in milliseconds (0 to 5,000;
    /// default 600).
    #[serde(default)]
    pub ai_delay_ms: Option<u64>,
    /// The first game's wall seed; default a random one.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Spectators may see every hand of the finished games in the viewer;
    /// default false.
    #[serde(default)]
    pub spectators_see_hands: bool,
    /// The turn time limit: each decision's base time, in seconds (0 to
    /// 300). `turn_base_s` and `turn_bank_s` both absent: the server's
    /// default (`tenpai serve --turn-limit`, none unless given); both 0 (or
    /// one 0, the other absent): no limit.
    #[serde(default)]
    pub turn_base_s: Option<u64>,
    /// The turn time limit's bank of each person's seat for a game, in
    /// seconds (0 to 3600), spent once a decision's base time is gone.
    #[serde(default)]
    pub turn_bank_s: Option<u64>,
}

fn tenhou() -> String {
    "tenhou".into()
}

/// Who plays a seat of a new table.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatKind {
    /// A person (the seat gets a link).
    Person,
    /// An AI player.
    Ai(PlayerKind),
}

/// Why a request to open a table was refused, naming the field.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RequestError {
    /// A field's value is not allowed.
    #[error("{field}: {message}")]
    Field {
        /// The field (`seats[2]`, `think_ms`…).
        field: String,
        /// What is wrong.
        message: String,
    },
}

fn bad(field: impl Into<String>, message: impl Into<String>) -> RequestError {
    RequestError::Field {
        field: field.into(),
        message: message.into(),
    }
}

impl NewTable {
    /// The table this request asks for: its spec (rules, players, seed,
    /// the AI delay; the advisor the baseline, logs in `log_dir`) and what
    /// the listing shows. `bots` are the `cmd:` commands the server offers
    /// (the lobby runs no other command); `seed` is used when the request
    /// names none.
    ///
    /// # Errors
    /// [`RequestError`] naming the field: an unknown preset or length, a
    /// seat that is no known player or a command the server does not
    /// offer, a budget or delay out of range, both `think_ms` and
    /// `samples`, a turn time limit's base or bank out of range.
    ///
    /// ```
    /// use tenpai_web::rooms::NewTable;
    /// let r: NewTable = serde_json::from_str(
    ///     r#"{"length": "east", "seats": ["person", "person", "mc", "baseline"], "samples": 200}"#,
    /// )?;
    /// let (spec, about) = r.to_spec(&[], 7, None).expect("a table");
    /// assert_eq!(spec.persons(), tenpai::game::SeatIndex::ALL[..2]);
    /// assert_eq!(about.players, ["person", "person", "mc", "baseline"]);
    /// let r: NewTable = serde_json::from_str(r#"{"seats": ["person", "cmd:rm -rf /", "mc", "mc"]}"#)?;
    /// assert_eq!(
    ///     r.to_spec(&[], 7, None).unwrap_err().to_string(),
    ///     "seats[1]: cmd:rm -rf / is not one of the bots this server offers (none)"
    /// );
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn to_spec(
        &self,
        bots: &[String],
        seed: u64,
        log_dir: Option<std::path::PathBuf>,
    ) -> Result<(TableSpec, About), RequestError> {
        let mut rules = Rules::preset(&self.rules).map_err(|_| {
            bad(
                "rules",
                format!(
                    "unknown preset {:?} (known: {})",
                    self.rules,
                    tenpai::rules::PRESETS.join(", ")
                ),
            )
        })?;
        match self.length.as_deref() {
            None => {}
            Some("east") => rules.game.length = GameLength::East,
            Some("south") => rules.game.length = GameLength::South,
            Some(other) => return Err(bad("length", format!("{other:?}: expected east or south"))),
        }
        let budget = match (self.think_ms, self.samples) {
            (Some(_), Some(_)) => return Err(bad("samples", "give think_ms or samples, not both")),
            (Some(ms), None) if !(10..=10_000).contains(&ms) => {
                return Err(bad("think_ms", format!("{ms}: expected 10 to 10000")))
            }
            (None, Some(n)) if !(1..=100_000).contains(&n) => {
                return Err(bad("samples", format!("{n}: expected 1 to 100000")))
            }
            (None, Some(n)) => Budget::Samples(n),
            (ms, None) => Budget::Time(Duration::from_millis(ms.unwrap_or(300))),
        };
        let delay = self.ai_delay_ms.unwrap_or(600);
        if delay > 5_000 {
            return Err(bad("ai_delay_ms", format!("{delay}: expected 0 to 5000")));
        }
        let turn_limit =
            TurnLimit::seconds(self.turn_base_s.unwrap_or(0), self.turn_bank_s.unwrap_or(0))
                .map_err(|e| {
                    let field = if e.part == "base" {
                        "turn_base_s"
                    } else {
                        "turn_bank_s"
                    };
                    bad(field, format!("{}: expected 0 to {}", e.seconds, e.max))
                })?;
        let mc = Settings {
            budget,
            threads: 1,
            ..Default::default()
        };
        let mut players: [Option<PlayerKind>; 4] = Default::default();
        let mut shown: [String; 4] = Default::default();
        for (s, text) in self.seats.iter().enumerate() {
            let field = format!("seats[{s}]");
            let kind = seat_kind(text, bots).map_err(|m| bad(&field, m))?;
            (players[s], shown[s]) = match kind {
                SeatKind::Person => (None, "person".into()),
                SeatKind::Ai(k @ PlayerKind::Mc(s)) => (
                    Some(PlayerKind::Mc(Settings {
                        version: s.version,
                        ..mc
                    })),
                    k.to_string(),
                ),
                SeatKind::Ai(k @ PlayerKind::Cmd { .. }) => (Some(k), "cmd".into()),
                SeatKind::Ai(k) => {
                    let name = k.to_string();
                    (Some(k), name)
                }
            };
        }
        let about = About {
            rules: self.rules.clone(),
            length: match rules.game.length {
                GameLength::East => "east".into(),
                GameLength::South => "south".into(),
            },
            players: shown,
        };
        let spec = TableSpec {
            rules,
            seed: self.seed.unwrap_or(seed),
            players,
            ai_delay: Duration::from_millis(delay),
            advisor: Advisor::Baseline,
            log_dir,
            spectators_see_hands: self.spectators_see_hands,
            grace: Some(super::DEFAULT_GRACE),
            turn_limit,
            saved: None,
        };
        Ok((spec, about))
    }

    /// The request names a turn time limit (else the server's default
    /// applies).
    pub fn names_turn_limit(&self) -> bool {
        self.turn_base_s.is_some() || self.turn_bank_s.is_some()
    }
}

/// The player a seat names.
fn seat_kind(text: &str, bots: &[String]) -> Result<SeatKind, String> {
    if text == "person" {
        return Ok(SeatKind::Person);
    }
    if let Some(cmd) = text.strip_prefix("cmd:") {
        if !bots.iter().any(|b| b == cmd) {
            let offered = if bots.is_empty() {
                "none".to_string()
            } else {
                bots.iter()
                    .map(|b| format!("cmd:{b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(format!(
                "{text} is not one of the bots this server offers ({offered})"
            ));
        }
    }
    match text.parse::<PlayerKind>() {
        Ok(k) => Ok(SeatKind::Ai(k)),
        Err(_) => Err(format!(
            "{text:?}: expected person, mc, baseline, random or cmd:COMMAND"
        )),
    }
}

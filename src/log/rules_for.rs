//! The rules a log is read under: what the log records (a Tenhou room, or an
//! mjai `start_game`'s `kyoku_first`, `aka_flag` and `rules`), else the
//! reader's options, else the default; a given option that the log
//! contradicts is refused, and a log that records nothing but whose events
//! contradict the default length is reported. Every reader (`replay`,
//! `review`, `suggest`, the web viewer) calls [`ImportedGame::rules_for`].

use super::{ImportedGame, LogError};
use crate::rules::{GameLength, Rules};

/// The rules options a reader was given. A given option that the log
/// contradicts is an error; one the log does not speak of applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesAsked {
    /// `--rules`, when given.
    pub rules: Option<Rules>,
    /// `--length`, when given.
    pub length: Option<GameLength>,
    /// The rules when neither the log nor [`RulesAsked::rules`] says
    /// (Tenhou's by default).
    pub default: Rules,
}

impl Default for RulesAsked {
    /// Nothing given; Tenhou's rules by default.
    fn default() -> RulesAsked {
        RulesAsked {
            rules: None,
            length: None,
            default: Rules::tenhou(),
        }
    }
}

/// The rules a log is read under, and what its reader is told about them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LogRules {
    /// The rules.
    pub rules: Rules,
    /// Warnings for the reader (standard error, or `"warnings"` in JSON):
    /// a length taken by default that the log's events contradict, a
    /// recorded rule set or `kyoku_first` tenpai does not know.
    pub warnings: Vec<String>,
}

/// How a log's length is written in messages.
fn describe(length: GameLength) -> &'static str {
    match length {
        GameLength::East => "an east-only game (kyoku_first 4)",
        GameLength::South => "an east-south game (kyoku_first 0)",
    }
}

/// `east` or `south`, as `--length` takes it.
fn option_value(length: GameLength) -> &'static str {
    match length {
        GameLength::East => "east",
        GameLength::South => "south",
    }
}

impl ImportedGame {
    /// The rules to read the game under: the log's record first (a Tenhou
    /// room; an mjai `start_game`'s `rules`, `kyoku_first`, `aka_flag`),
    /// then `asked`'s options, then `asked.default`.
    ///
    /// # Errors
    /// [`LogError::Contradicts`] when a given option says otherwise than the
    /// log: `--rules` naming another rule set than the one it records (or
    /// red fives where it records none, or none where it records them),
    /// `--length` another length.
    ///
    /// ```
    /// use tenpai::log::{parse, RulesAsked};
    /// use tenpai::rules::GameLength;
    /// let east = parse(r#"{"type":"start_game","names":[],"kyoku_first":4,"aka_flag":true,"rules":"tenhou"}"#)?;
    /// let read = east.rules_for(&RulesAsked::default())?;
    /// assert_eq!(read.rules.game.length, GameLength::East);
    /// let south = RulesAsked { length: Some(GameLength::South), ..RulesAsked::default() };
    /// assert_eq!(
    ///     east.rules_for(&south).unwrap_err().to_string(),
    ///     "--length south contradicts the log, which records an east-only game (kyoku_first 4)"
    /// );
    /// # Ok::<(), tenpai::log::LogError>(())
    /// ```
    pub fn rules_for(&self, asked: &RulesAsked) -> Result<LogRules, LogError> {
        let mut warnings = Vec::new();
        let given = asked.rules.as_ref();
        // The recorded rule set: a Tenhou room, or a preset named by mjai.
        let recorded = match (&self.rules, &self.logged.rules) {
            (Some(room), _) => Some(room.clone()),
            (None, Some(name)) => match Rules::preset(name) {
                Ok(r) => Some(r),
                Err(_) if given.is_some_and(|g| g.name == *name) => None,
                Err(_) => {
                    let used = given.unwrap_or(&asked.default);
                    warnings.push(format!(
                        "the log records the rules {name:?}, which is not a preset \
                         (tenhou, mahjongsoul): read under {} (--rules FILE gives \
                         a rules file)",
                        used.name
                    ));
                    None
                }
            },
            (None, None) => None,
        };
        let mut rules = match (given, recorded) {
            (Some(g), Some(r)) if g.name != r.name => {
                return Err(LogError::Contradicts {
                    option: format!("--rules {}", g.name),
                    recorded: format!("the {} rules", r.name),
                })
            }
            (_, Some(r)) if self.rules.is_some() => r,
            (Some(g), _) => g.clone(),
            (None, Some(r)) => r,
            (None, None) => asked.default.clone(),
        };
        if let (Some(g), Some(aka), None) = (given, self.logged.aka_flag, &self.rules) {
            if (g.scoring.red_fives != [0; 3]) != aka {
                let what = if aka {
                    "red fives (aka_flag true)"
                } else {
                    "no red fives (aka_flag false)"
                };
                return Err(LogError::Contradicts {
                    option: format!("--rules {}", g.name),
                    recorded: what.into(),
                });
            }
        }
        let length = self.logged.length().unwrap_or_else(|k| {
            warnings.push(format!(
                "the log records kyoku_first {k}, neither 0 (east-south) nor 4 \
                 (east only): ignored"
            ));
            None
        });
        // The record's length and red fives (a kyoku_first tenpai does not
        // know was reported above and is left out).
        let mut known = self.logged.clone();
        known.kyoku_first = length.map(crate::game::kyoku_first);
        let _ = known.apply_to(&mut rules);
        match (length, asked.length) {
            (Some(l), Some(a)) if l != a => {
                return Err(LogError::Contradicts {
                    option: format!("--length {}", option_value(a)),
                    recorded: describe(l).into(),
                })
            }
            (Some(_), _) => {}
            (None, Some(a)) => rules.game.length = a,
            (None, None) => warnings.extend(self.length_warning(&rules)),
        }
        Ok(LogRules { rules, warnings })
    }

    /// When the log does not record its length and `rules` say east-south:
    /// a log that ends (`end_game`) in the East round with nobody below zero
    /// points is an east-only game by its events, which is worth saying.
    fn length_warning(&self, rules: &Rules) -> Option<String> {
        if rules.game.length != GameLength::South || self.end.is_none() {
            return None;
        }
        let last = self.rounds.last()?;
        let name = last.name();
        if !name.starts_with('E') {
            return None;
        }
        let bust = self
            .end
            .as_ref()
            .and_then(|e| e.scores)
            .is_some_and(|s| s.iter().any(|&p| p < 0));
        (!bust).then(|| {
            format!(
                "the log does not record its length (no kyoku_first) and ends \
                 after {name} with nobody below zero, as an east-only game does; \
                 it is read as {} (the rules' length): --length east reads it \
                 as east-only",
                describe_plain(rules.game.length)
            )
        })
    }
}

/// `east-south` or `east-only`.
fn describe_plain(length: GameLength) -> &'static str {
    match length {
        GameLength::East => "east-only",
        GameLength::South => "east-south",
    }
}

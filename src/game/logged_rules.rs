//! What a log's `start_game` records of the rules, so that a reader replays the
//! game under them: mjai's `kyoku_first` and `aka_flag` (as akochan and Mortal
//! write them) and tenpai's `rules` (the rule set's name).

use crate::rules::{GameLength, Rules};
use serde::{Deserialize, Serialize};

/// The rules a `start_game` records; each field is `None` when the log does
/// not say (logs written elsewhere, or by tenpai before it wrote them).
///
/// In the JSON the fields sit on the `start_game` object itself:
/// `{"type":"start_game","names":[…],"kyoku_first":4,"aka_flag":true,"rules":"tenhou"}`.
///
/// ```
/// use tenpai::game::LoggedRules;
/// use tenpai::rules::{GameLength, Rules};
/// let mut east = Rules::tenhou();
/// east.game.length = GameLength::East;
/// let logged = LoggedRules::of(&east);
/// assert_eq!(logged.kyoku_first, Some(4));
/// assert_eq!(logged.aka_flag, Some(true));
/// assert_eq!(logged.rules.as_deref(), Some("tenhou"));
/// assert_eq!(logged.length(), Ok(Some(GameLength::East)));
/// assert_eq!(LoggedRules::default().length(), Ok(None));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LoggedRules {
    /// mjai's `kyoku_first`: 0 for an east-south game (hanchan), 4 for an
    /// east-only one (tonpuusen), as akochan and Mortal read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kyoku_first: Option<u8>,
    /// mjai's `aka_flag`: whether the set holds red fives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aka_flag: Option<bool>,
    /// The name of the rule set ([`Rules::name`]): `tenhou`, `mahjongsoul`
    /// or the `name` of a rules file (a tenpai extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

impl LoggedRules {
    /// What a log of a game played under `rules` records: all three fields.
    ///
    /// # Panics
    /// Never.
    pub fn of(rules: &Rules) -> LoggedRules {
        LoggedRules {
            kyoku_first: Some(kyoku_first(rules.game.length)),
            aka_flag: Some(rules.scoring.red_fives != [0; 3]),
            rules: Some(rules.name.clone()),
        }
    }

    /// The game's length by `kyoku_first`: `Ok(None)` when not recorded.
    ///
    /// # Errors
    /// The value of a `kyoku_first` other than 0 or 4.
    ///
    /// ```
    /// use tenpai::game::LoggedRules;
    /// let odd = LoggedRules { kyoku_first: Some(8), ..LoggedRules::default() };
    /// assert_eq!(odd.length(), Err(8));
    /// ```
    pub fn length(&self) -> Result<Option<GameLength>, u8> {
        match self.kyoku_first {
            None => Ok(None),
            Some(0) => Ok(Some(GameLength::South)),
            Some(4) => Ok(Some(GameLength::East)),
            Some(k) => Err(k),
        }
    }

    /// `rules` with the length and the red fives this record gives (a set
    /// with red fives gets one of each when `rules` has none).
    ///
    /// # Errors
    /// The value of a `kyoku_first` other than 0 or 4 (`rules` unchanged).
    ///
    /// ```
    /// use tenpai::game::LoggedRules;
    /// let logged = LoggedRules { aka_flag: Some(false), ..LoggedRules::default() };
    /// let mut rules = tenpai::rules::Rules::tenhou();
    /// logged.apply_to(&mut rules).unwrap();
    /// assert_eq!(rules.scoring.red_fives, [0; 3]);
    /// ```
    pub fn apply_to(&self, rules: &mut Rules) -> Result<(), u8> {
        if let Some(length) = self.length()? {
            rules.game.length = length;
        }
        match self.aka_flag {
            Some(false) => rules.scoring.red_fives = [0; 3],
            Some(true) if rules.scoring.red_fives == [0; 3] => rules.scoring.red_fives = [1; 3],
            _ => {}
        }
        Ok(())
    }
}

/// mjai's `kyoku_first` of a game length: 0 east-south, 4 east only.
///
/// ```
/// use tenpai::rules::GameLength;
/// assert_eq!(tenpai::game::kyoku_first(GameLength::East), 4);
/// ```
pub fn kyoku_first(length: GameLength) -> u8 {
    match length {
        GameLength::East => 4,
        GameLength::South => 0,
    }
}

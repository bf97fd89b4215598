//! Rule options, read from TOML: the presets `data/rules/tenhou.toml` and
//! `data/rules/mahjongsoul.toml` (embedded in the library) or any file of the same
//! form.
//!
//! The file has a top-level `name` and one table per subsystem. Scoring reads
//! `[scoring]` (with `[scoring.double_yakuman]`); the game engine reads the same
//! files and adds its own tables to [`Rules`]. Unknown keys are refused, so a typo
//! is an error rather than a silently ignored option. Every key may be left out:
//! missing keys take the Tenhou value.

use super::error::RulesError;
use serde::{Deserialize, Serialize};

/// Names of the embedded presets.
pub const PRESETS: [&str; 2] = ["tenhou", "mahjongsoul"];

const TENHOU_TOML: &str = include_str!("../../data/rules/tenhou.toml");
const MAHJONGSOUL_TOML: &str = include_str!("../../data/rules/mahjongsoul.toml");

/// A rule set: the root of a rules TOML file.
///
/// ```
/// use tenpai::score::Rules;
/// let r = Rules::preset("mahjongsoul")?;
/// assert!(r.scoring.double_yakuman.kokushi_13_wait);
/// assert!(!Rules::tenhou().scoring.double_yakuman.kokushi_13_wait);
/// let custom = Rules::from_toml_str("name = \"house\"\n[scoring]\nkiriage_mangan = true\n", "inline")?;
/// assert!(custom.scoring.kiriage_mangan && custom.scoring.open_tanyao);
/// # Ok::<(), tenpai::score::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    /// A short name for the rule set, e.g. `tenhou`.
    pub name: String,
    /// Scoring options.
    pub scoring: ScoringRules,
    /// Game options (the `[game]` table, read by [`crate::game`]).
    pub game: crate::game::GameRules,
}

impl Default for Rules {
    /// Tenhou's rules.
    fn default() -> Rules {
        Rules {
            name: "tenhou".to_string(),
            scoring: ScoringRules::default(),
            game: crate::game::GameRules::default(),
        }
    }
}

/// The scoring options: the `[scoring]` table.
///
/// ```
/// use tenpai::score::{Renhou, Rules};
/// let mut r = Rules::tenhou();
/// r.scoring.renhou = Renhou::Yakuman;
/// r.scoring.double_wind_pair_fu = 2;
/// assert!(r.to_toml().contains("renhou = \"yakuman\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScoringRules {
    /// Tanyao counts on an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives in the set per suit (man, pin, sou); each one held is 1 han of aka
    /// dora. A hand with more is invalid.
    pub red_fives: [u8; 3],
    /// 4 han 30 fu and 3 han 60 fu are paid as mangan (kiriage mangan).
    pub kiriage_mangan: bool,
    /// 13 han or more from ordinary yaku and dora pay one yakuman (kazoe yakuman);
    /// otherwise they pay sanbaiman.
    pub kazoe_yakuman: bool,
    /// Different yakuman in one hand add up (e.g. tsuuiisou + daisangen = 2×);
    /// otherwise only the largest counts.
    pub multiple_yakuman: bool,
    /// Which yakuman count double.
    pub double_yakuman: DoubleYakuman,
    /// Fu for a pair of a wind that is both the seat and the round wind: 4 or 2.
    pub double_wind_pair_fu: u8,
    /// How renhou (a non-dealer's ron before their first draw) is scored.
    pub renhou: Renhou,
    /// Yakuman for which the player who fed the last meld can be liable (pao).
    pub pao: Pao,
}

impl Default for ScoringRules {
    /// Tenhou's scoring rules.
    fn default() -> ScoringRules {
        ScoringRules {
            open_tanyao: true,
            red_fives: [1, 1, 1],
            kiriage_mangan: false,
            kazoe_yakuman: true,
            multiple_yakuman: true,
            double_yakuman: DoubleYakuman::default(),
            double_wind_pair_fu: 4,
            renhou: Renhou::Off,
            pao: Pao::default(),
        }
    }
}

/// Which yakuman count double: the `[scoring.double_yakuman]` table. All off on
/// Tenhou, all on on Mahjong Soul.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DoubleYakuman {
    /// Kokushi musou won on a 13-sided wait (the pair is the winning tile).
    pub kokushi_13_wait: bool,
    /// Suuankou won on the pair (tanki).
    pub suuankou_tanki: bool,
    /// Junsei chuuren poutou: 1112345678999 waiting on all nine tiles.
    pub junsei_chuuren: bool,
    /// Daisuushii (four wind triplets).
    pub daisuushii: bool,
}

/// How renhou is scored: `"off"`, `"mangan"` or `"yakuman"` in TOML.
///
/// ```
/// let r = tenpai::score::Rules::from_toml_str("[scoring]\nrenhou = \"mangan\"\n", "x")?;
/// assert_eq!(r.scoring.renhou, tenpai::score::Renhou::Mangan);
/// # Ok::<(), tenpai::score::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Renhou {
    /// Not a yaku (Tenhou, Mahjong Soul).
    #[default]
    Off,
    /// A 5-han yaku that adds to the others (so at least mangan).
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// Yakuman for which pao (liability) applies: the `[scoring.pao]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Pao {
    /// Daisangen, for the player who fed the third dragon meld.
    pub daisangen: bool,
    /// Daisuushii, for the player who fed the fourth wind meld.
    pub daisuushii: bool,
    /// Suukantsu, for the player who fed the fourth kan.
    pub suukantsu: bool,
}

impl Default for Pao {
    /// Daisangen and daisuushii, as on Tenhou.
    fn default() -> Pao {
        Pao {
            daisangen: true,
            daisuushii: true,
            suukantsu: false,
        }
    }
}

impl Rules {
    /// Tenhou's rules (the embedded `tenhou` preset).
    ///
    /// # Panics
    /// Never (the embedded preset is checked by the tests).
    pub fn tenhou() -> Rules {
        Rules::from_toml_str(TENHOU_TOML, "tenhou").expect("embedded preset is valid")
    }

    /// Mahjong Soul's rules (the embedded `mahjongsoul` preset): Tenhou's with the
    /// four double yakuman.
    ///
    /// # Panics
    /// Never (the embedded preset is checked by the tests).
    pub fn mahjongsoul() -> Rules {
        Rules::from_toml_str(MAHJONGSOUL_TOML, "mahjongsoul").expect("embedded preset is valid")
    }

    /// An embedded preset by name: `tenhou` or `mahjongsoul` (case-insensitive;
    /// `majsoul` and `ms` also name Mahjong Soul).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for another name.
    ///
    /// ```
    /// assert_eq!(tenpai::score::Rules::preset("Tenhou")?.name, "tenhou");
    /// assert!(tenpai::score::Rules::preset("nope").is_err());
    /// # Ok::<(), tenpai::score::RulesError>(())
    /// ```
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match name.to_ascii_lowercase().as_str() {
            "tenhou" => Rules::from_toml_str(TENHOU_TOML, "tenhou"),
            "mahjongsoul" | "majsoul" | "ms" => {
                Rules::from_toml_str(MAHJONGSOUL_TOML, "mahjongsoul")
            }
            _ => Err(RulesError::UnknownPreset {
                name: name.to_string(),
            }),
        }
    }

    /// The text of an embedded preset, as in `data/rules/NAME.toml`.
    ///
    /// ```
    /// assert!(tenpai::score::Rules::preset_text("tenhou").unwrap().contains("[scoring]"));
    /// ```
    pub fn preset_text(name: &str) -> Option<&'static str> {
        match name {
            "tenhou" => Some(TENHOU_TOML),
            "mahjongsoul" => Some(MAHJONGSOUL_TOML),
            _ => None,
        }
    }

    /// Reads rules from a TOML file.
    ///
    /// # Errors
    /// [`RulesError::Io`] when the file cannot be read, [`RulesError::Toml`] when it
    /// is not valid rules.
    ///
    /// ```
    /// let dir = env!("CARGO_MANIFEST_DIR");
    /// let r = tenpai::score::Rules::from_file(format!("{dir}/data/rules/mahjongsoul.toml"))?;
    /// assert_eq!(r, tenpai::score::Rules::mahjongsoul());
    /// # Ok::<(), tenpai::score::RulesError>(())
    /// ```
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Rules, RulesError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|error| RulesError::Io {
            path: path.display().to_string(),
            error,
        })?;
        Rules::from_toml_str(&text, &path.display().to_string())
    }

    /// A preset name, or else a file path: what `--rules` takes.
    ///
    /// # Errors
    /// As [`Rules::from_file`]; [`RulesError::UnknownPreset`] when the text is
    /// neither a preset nor an existing file.
    ///
    /// ```
    /// assert!(tenpai::score::Rules::load("mahjongsoul")?.scoring.double_yakuman.daisuushii);
    /// # Ok::<(), tenpai::score::RulesError>(())
    /// ```
    pub fn load(name_or_path: &str) -> Result<Rules, RulesError> {
        match Rules::preset(name_or_path) {
            Ok(r) => Ok(r),
            Err(e) => {
                // Any existing path is read, so a directory gets the I/O error.
                if std::path::Path::new(name_or_path).exists() {
                    Rules::from_file(name_or_path)
                } else {
                    Err(e)
                }
            }
        }
    }

    /// Reads rules from TOML text; `origin` names it in errors.
    ///
    /// # Errors
    /// [`RulesError::Toml`] for bad syntax, an unknown key, a wrong type, or a
    /// `double_wind_pair_fu` other than 2 or 4.
    ///
    /// ```
    /// let e = tenpai::score::Rules::from_toml_str("[scoring]\nopen_tanyo = true\n", "x").unwrap_err();
    /// assert!(e.to_string().contains("open_tanyo"));
    /// ```
    pub fn from_toml_str(text: &str, origin: &str) -> Result<Rules, RulesError> {
        let bad = |message: String| RulesError::Toml {
            origin: origin.to_string(),
            message,
        };
        let rules: Rules = toml::from_str(text).map_err(|e| bad(e.to_string()))?;
        if !matches!(rules.scoring.double_wind_pair_fu, 2 | 4) {
            return Err(bad(format!(
                "scoring.double_wind_pair_fu must be 2 or 4, not {}",
                rules.scoring.double_wind_pair_fu
            )));
        }
        if rules.scoring.red_fives.iter().any(|&r| r > 4) {
            return Err(bad("scoring.red_fives: at most 4 per suit".to_string()));
        }
        Ok(rules)
    }

    /// The rules as TOML text (without comments).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let r = tenpai::score::Rules::mahjongsoul();
    /// assert_eq!(tenpai::score::Rules::from_toml_str(&r.to_toml(), "x")?, r);
    /// # Ok::<(), tenpai::score::RulesError>(())
    /// ```
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("rules serialize")
    }
}

//! The rules of a game, read from TOML: the presets `data/rules/tenhou.toml` and
//! `data/rules/mahjongsoul.toml` (embedded in the library) or any file of the same
//! form.
//!
//! The file has a top-level `name` and one table per layer: scoring reads
//! [`ScoringRules`] (`[scoring]`, with `[scoring.double_yakuman]` and
//! `[scoring.pao]`), the game engine [`GameRules`] (`[game]`). This module sits
//! below both, so each reads the one [`Rules`] value. Unknown keys are refused, so a typo
//! is an error rather than a silently ignored option. Every key may be left out:
//! missing keys take the Tenhou value.

mod error;
mod game;
mod scoring;

pub use error::RulesError;
pub use game::{GameLength, GameRules, KanDoraTiming, MultiRonHonba};
pub use scoring::{DoubleYakuman, Pao, PaoScope, Renhou, ScoringRules};

use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// Names of the embedded presets.
pub const PRESETS: [&str; 2] = ["tenhou", "mahjongsoul"];

const TENHOU_TOML: &str = include_str!("../../data/rules/tenhou.toml");
const MAHJONGSOUL_TOML: &str = include_str!("../../data/rules/mahjongsoul.toml");

/// The embedded presets, each read from its TOML once, at its first use:
/// a preset asked again is a clone. (Reading the TOML again cost about
/// 330,000 instructions each time; the web server asked for Tenhou's twice
/// at the end of every game, to keep its log for the viewer.)
static TENHOU: LazyLock<Rules> = LazyLock::new(|| {
    Rules::from_toml_str(TENHOU_TOML, "tenhou").expect("embedded preset is valid")
});
static MAHJONGSOUL: LazyLock<Rules> = LazyLock::new(|| {
    Rules::from_toml_str(MAHJONGSOUL_TOML, "mahjongsoul").expect("embedded preset is valid")
});

/// A rule set: the root of a rules TOML file.
///
/// ```
/// use tenpai::rules::Rules;
/// let r = Rules::preset("mahjongsoul")?;
/// assert!(r.scoring.double_yakuman.kokushi_13_wait);
/// assert!(!Rules::tenhou().scoring.double_yakuman.kokushi_13_wait);
/// let custom = Rules::from_toml_str("name = \"house\"\n[scoring]\nkiriage_mangan = true\n", "inline")?;
/// assert!(custom.scoring.kiriage_mangan && custom.scoring.open_tanyao);
/// # Ok::<(), tenpai::rules::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    /// A short name for the rule set, e.g. `tenhou`.
    pub name: String,
    /// Scoring options.
    pub scoring: ScoringRules,
    /// Game options (the `[game]` table, read by [`crate::game`]).
    pub game: GameRules,
}

impl Default for Rules {
    /// Tenhou's rules.
    fn default() -> Rules {
        Rules {
            name: "tenhou".to_string(),
            scoring: ScoringRules::default(),
            game: GameRules::default(),
        }
    }
}

impl Rules {
    /// Tenhou's rules (the embedded `tenhou` preset).
    ///
    /// # Panics
    /// Never (the embedded preset is checked by the tests).
    pub fn tenhou() -> Rules {
        TENHOU.clone()
    }

    /// Mahjong Soul's rules (the embedded `mahjongsoul` preset): Tenhou's with the
    /// four double yakuman.
    ///
    /// # Panics
    /// Never (the embedded preset is checked by the tests).
    pub fn mahjongsoul() -> Rules {
        MAHJONGSOUL.clone()
    }

    /// An embedded preset by name: `tenhou` or `mahjongsoul` (case-insensitive;
    /// `majsoul` and `ms` also name Mahjong Soul).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for another name.
    ///
    /// ```
    /// assert_eq!(tenpai::rules::Rules::preset("Tenhou")?.name, "tenhou");
    /// assert!(tenpai::rules::Rules::preset("nope").is_err());
    /// # Ok::<(), tenpai::rules::RulesError>(())
    /// ```
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match name.to_ascii_lowercase().as_str() {
            "tenhou" => Ok(Rules::tenhou()),
            "mahjongsoul" | "majsoul" | "ms" => Ok(Rules::mahjongsoul()),
            _ => Err(RulesError::UnknownPreset {
                name: name.to_string(),
            }),
        }
    }

    /// The text of an embedded preset, as in `data/rules/NAME.toml`.
    ///
    /// ```
    /// assert!(tenpai::rules::Rules::preset_text("tenhou").unwrap().contains("[scoring]"));
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
    /// let r = tenpai::rules::Rules::from_file(format!("{dir}/data/rules/mahjongsoul.toml"))?;
    /// assert_eq!(r, tenpai::rules::Rules::mahjongsoul());
    /// # Ok::<(), tenpai::rules::RulesError>(())
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
    /// assert!(tenpai::rules::Rules::load("mahjongsoul")?.scoring.double_yakuman.daisuushii);
    /// # Ok::<(), tenpai::rules::RulesError>(())
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
    /// [`RulesError::Toml`] for bad syntax, an unknown key, a wrong type, a
    /// `double_wind_pair_fu` other than 2 or 4, more than 4 red fives of a
    /// suit, a `start_points` of 0 or less, or an `uma` that does not sum to
    /// 0 (the final scores of a game must sum to 0).
    ///
    /// ```
    /// let e = tenpai::rules::Rules::from_toml_str("[scoring]\nopen_tanyo = true\n", "x").unwrap_err();
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
        if rules.game.start_points <= 0 {
            return Err(bad(format!(
                "game.start_points must be more than 0, not {}",
                rules.game.start_points
            )));
        }
        let uma = rules.game.uma;
        if uma.iter().map(|&u| i64::from(u)).sum::<i64>() != 0 {
            return Err(bad(format!(
                "game.uma must sum to 0 (the final scores sum to 0), not {uma:?}"
            )));
        }
        Ok(rules)
    }

    /// The rules as TOML text (without comments).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// let r = tenpai::rules::Rules::mahjongsoul();
    /// assert_eq!(tenpai::rules::Rules::from_toml_str(&r.to_toml(), "x")?, r);
    /// # Ok::<(), tenpai::rules::RulesError>(())
    /// ```
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("rules serialize")
    }
}

//! Errors of loading a rule preset or file.

use thiserror::Error;

/// Why a rule preset or file could not be loaded.
///
/// ```
/// let e = tenpai::rules::Rules::load("no-such-rules").unwrap_err();
/// assert!(matches!(e, tenpai::rules::RulesError::UnknownPreset { .. }));
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// No preset of that name, and no file at that path.
    #[error("no rule preset {name:?} (presets: {}) and no such file", super::PRESETS.join(", "))]
    UnknownPreset {
        /// The name given.
        name: String,
    },
    /// The file could not be read.
    #[error("cannot read the rules file {path}: {}", crate::io_problem(error))]
    Io {
        /// The file.
        path: String,
        /// The operating system's error (part of this error's message).
        error: std::io::Error,
    },
    /// The text is not valid rules TOML (syntax, an unknown option or a bad value).
    #[error("bad rules in {origin}: {message}")]
    Toml {
        /// The preset name or file path.
        origin: String,
        /// What the TOML reader said, with the line.
        message: String,
    },
}

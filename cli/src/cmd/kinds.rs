//! The AI players an option names (`play --opponents`, `selfplay
//! --players`, `mjai --ai`, `agreement --ai`): every one read by the
//! library's parser ([`PlayerKind`]'s `FromStr`), and every help text naming
//! the kinds from the library's one list ([`PLAYER_NAMES`]), so that a new
//! version is taken and named everywhere at once.

use tenpai::ai::PLAYER_NAMES;
use tenpai::arena::PlayerKind;

/// The kinds for a help text: `random, baseline, baseline-v1, …, mc-learned`.
///
/// ```
/// let kinds = tenpai_cli::cmd::kinds::names();
/// assert!(kinds.starts_with("random, baseline, ") && kinds.contains(", mc-v1, "));
/// ```
pub fn names() -> String {
    PLAYER_NAMES.join(", ")
}

/// `text` with `KINDS` replaced by the kinds ([`names`]), for an option's
/// help.
///
/// ```
/// let help = tenpai_cli::cmd::kinds::help("The AI: KINDS");
/// assert!(help.starts_with("The AI: random, ") && help.ends_with(", mc-learned"));
/// ```
pub fn help(text: &str) -> String {
    text.replace("KINDS", &names())
}

/// Parses a comma-separated list of players (`--players`, `--opponents`):
/// each one of [`PLAYER_NAMES`] or `cmd:COMMAND` ([`PlayerKind`]'s
/// parser). A comma inside a command stays in it unless what follows is
/// another player (`cmd:bot --x 1,2,mc` is a bot `bot --x 1,2` and `mc`).
///
/// # Errors
/// An empty list or an unknown player, named.
pub fn parse_players(text: &str) -> Result<Vec<PlayerKind>, String> {
    let starts_player = |piece: &str| {
        let p = piece.trim();
        PLAYER_NAMES.contains(&p) || p.starts_with("cmd:")
    };
    let mut items: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match items.last_mut() {
            Some(last) if last.trim_start().starts_with("cmd:") && !starts_player(piece) => {
                last.push(',');
                last.push_str(piece);
            }
            _ => items.push(piece.to_string()),
        }
    }
    items
        .iter()
        .map(|p| match p.trim() {
            "cmd:" => Err("cmd: needs a command (cmd:COMMAND)".to_string()),
            p => p.parse().map_err(|e| format!("{e}")),
        })
        .collect()
}

/// Parses one of tenpai's own players (`mjai --ai`, `agreement --ai`):
/// one of [`PLAYER_NAMES`]. An external bot (`cmd:COMMAND`) is refused:
/// `mjai` is itself the bot a host runs (it would only pass the lines on),
/// and `agreement` asks each decision from the position a log shows, while
/// an external bot follows a whole game from its first event.
///
/// # Errors
/// An unknown player or an external bot, with the kinds taken.
///
/// ```
/// use tenpai_cli::cmd::kinds::parse_own;
/// assert_eq!(parse_own("mc-v1").unwrap().to_string(), "mc-v1");
/// assert!(parse_own("cmd:bot").unwrap_err().starts_with("cmd:bot: an external bot"));
/// ```
pub fn parse_own(text: &str) -> Result<PlayerKind, String> {
    match text.trim().parse::<PlayerKind>() {
        Ok(PlayerKind::Cmd { .. }) => Err(format!(
            "{}: an external bot is played by play and selfplay; this option takes tenpai's own AIs: {}",
            text.trim(),
            names()
        )),
        Ok(kind) => Ok(kind),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_players_ok_commas_stay_in_commands() {
        let names = |t: &str| -> Vec<String> {
            parse_players(t)
                .unwrap()
                .iter()
                .map(PlayerKind::to_string)
                .collect()
        };
        assert_eq!(names("mc, baseline,random"), ["mc", "baseline", "random"]);
        assert_eq!(
            names("cmd:bot --x 1,2 --y,mc,cmd:b {seat},baseline"),
            ["cmd:bot --x 1,2 --y", "mc", "cmd:b {seat}", "baseline"]
        );
        assert_eq!(names("cmd:a,cmd:b"), ["cmd:a", "cmd:b"]);
        assert_eq!(names("cmd:a,mc-v3"), ["cmd:a", "mc-v3"]);
        assert_eq!(
            parse_players("mc,genius").unwrap_err(),
            "unknown player \"genius\" (known: random, baseline, baseline-v1, baseline-v2, baseline-v3, baseline-learned, mc, mc-v1, mc-v2, mc-v3, mc-learned, cmd:COMMAND)"
        );
        assert!(parse_players("").is_err());
        assert_eq!(
            parse_players("mc,cmd: ").unwrap_err(),
            "cmd: needs a command (cmd:COMMAND)"
        );
    }

    #[test]
    fn parse_own_ok_every_listed_kind_and_err_a_bot() {
        for name in PLAYER_NAMES {
            assert!(parse_own(name).is_ok(), "{name}");
        }
        assert_eq!(
            parse_own("cmd:x").unwrap_err(),
            format!(
                "cmd:x: an external bot is played by play and selfplay; this option takes tenpai's own AIs: {}",
                names()
            )
        );
        assert!(parse_own("mc-v9")
            .unwrap_err()
            .starts_with("unknown player \"mc-v9\""));
    }
}

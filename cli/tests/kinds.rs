//! The options that take an AI kind (`play --opponents`, `serve
//! --opponents`, `selfplay --players`, `mjai --ai`, `agreement --ai`): each
//! help names every kind of the library's one list, so that a new version
//! shows up in all of them.

use crate::common;

use common::tenpai;

/// The help of `command`'s `option`: its lines from the option's own line
/// to the next option's.
fn option_help(command: &str, option: &str) -> String {
    let help = tenpai(&[command, "--help"]).ok().to_string();
    let lines: Vec<&str> = help.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("{option} <")))
        .unwrap_or_else(|| panic!("{command} --help has no {option}"));
    let end = lines[at + 1..]
        .iter()
        .position(|l| l.trim_start().starts_with("--"))
        .map_or(lines.len(), |n| at + 1 + n);
    lines[at..end].join("\n")
}

#[test]
fn kinds_every_ai_option_help_names_every_kind() {
    for (command, option) in [
        ("play", "--opponents"),
        ("serve", "--opponents"),
        ("selfplay", "--players"),
        ("mjai", "--ai"),
        ("agreement", "--ai"),
    ] {
        let help = option_help(command, option);
        let list = tenpai::ai::PLAYER_NAMES.join(", ");
        assert!(help.contains(&list), "{command} {option}:\n{help}");
        assert!(help.contains("mc-v1"), "{command} {option}:\n{help}");
    }
}

//! The subcommands, one module each, and what they share: the table source,
//! hand and tile-list parsing with the argument named in errors, and output
//! helpers.

pub mod advice;
pub mod agari;
pub mod agreement;
pub mod analyze;
pub mod game_args;
pub mod kinds;
pub mod learn;
pub mod mjai;
mod output;
pub mod play;
pub mod replay;
pub mod report;
pub mod review;
pub mod score;
pub mod selfplay;
pub mod serve;
pub mod shanten;
pub mod signals;
pub mod suggest;
pub mod tables;
pub mod values;
pub mod waits;

use anyhow::{bail, Context, Result};
pub use kinds::parse_players;
pub use output::{check_output, file_error, make_output_dir, Output};
use std::io::{self, Write};
use std::path::Path;
use tenpai::{Decomposition, Hand, MappedTables, Meld, Tables, Tile, TileCounts, TileSet};
pub use values::{one_tile_text, tile_counts_text, tile_list_text};

/// Where the tables come from: built into the program (`None`), or a checked,
/// mapped file given with `--tables` / `TENPAI_TABLES`.
pub struct TableSource(Option<MappedTables>);

impl TableSource {
    /// The tables built into the program.
    pub const EMBEDDED: TableSource = TableSource(None);

    /// The embedded tables, or the file at `path` mapped and checked; errors
    /// name it as `label` (`--tables` or `TENPAI_TABLES`).
    ///
    /// # Errors
    /// The library's [`tenpai::TableError`] (unreadable, truncated, damaged,
    /// stale...), with the path in context.
    pub fn open(path: Option<&Path>, label: &str) -> Result<TableSource> {
        match path {
            Some(path) => TableSource::open_file(path, label),
            None => Ok(TableSource::EMBEDDED),
        }
    }

    /// The file at `path` mapped and checked; errors name it as `label`.
    ///
    /// # Errors
    /// As [`TableSource::open`].
    pub fn open_file(path: &Path, label: &str) -> Result<TableSource> {
        // SAFETY: `MappedTables::open` requires that the file is not modified
        // while mapped. The program only reads it; the user must not overwrite
        // it while a query runs (`tables export` itself replaces files by
        // renaming, which leaves existing maps intact).
        let mapped = unsafe { MappedTables::open(path) }.map_err(|e| match e {
            tenpai::TableError::Io { source, .. } => {
                // `tables info FILE`: the argument's name says nothing.
                let what = if label == "FILE" { "table" } else { label };
                file_error(&format!("read the {what} file"), path, &source)
            }
            e => anyhow::Error::new(e).context(format!("{label} {}", path.display())),
        })?;
        Ok(TableSource(Some(mapped)))
    }

    /// The tables to query.
    pub fn tables(&self) -> &Tables<'_> {
        match &self.0 {
            None => Tables::embedded(),
            Some(m) => m.tables(),
        }
    }
}

/// The values of `--length`: clap refuses any other (a usage error, exit
/// status 2) before [`load_rules`] reads it.
pub const LENGTHS: [&str; 2] = ["east", "south"];

/// The rules of `--rules NAME|FILE` (a preset name or a TOML file), with the
/// game length of `--length east|south` when given (one of [`LENGTHS`]).
///
/// # Errors
/// Unknown preset, unreadable or bad file, or a length other than east or
/// south; the message names the option.
pub fn load_rules(rules: &str, length: Option<&str>) -> Result<tenpai::rules::Rules> {
    let mut r = tenpai::rules::Rules::load(rules).with_context(|| format!("--rules {rules}"))?;
    if let Some(l) = length {
        r.game.length = parse_length(l)?;
    }
    Ok(r)
}

/// The game length of `--length east|south`.
///
/// # Errors
/// Another value (clap refuses it first: see [`LENGTHS`]).
fn parse_length(length: &str) -> Result<tenpai::rules::GameLength> {
    match length {
        "east" => Ok(tenpai::rules::GameLength::East),
        "south" => Ok(tenpai::rules::GameLength::South),
        other => bail!("--length {other:?}: expected east or south"),
    }
}

/// What a log reader (`replay`, `review`) was given: `--rules` and
/// `--length` when given, which the log's own record must not contradict
/// ([`tenpai::log::ImportedGame::rules_for`]); Tenhou's rules otherwise.
///
/// # Errors
/// Unknown preset, unreadable or bad file, naming `--rules`.
pub fn rules_asked(rules: Option<&str>, length: Option<&str>) -> Result<tenpai::log::RulesAsked> {
    Ok(tenpai::log::RulesAsked {
        rules: rules
            .map(|r| tenpai::rules::Rules::load(r).with_context(|| format!("--rules {r}")))
            .transpose()?,
        length: length.map(parse_length).transpose()?,
        default: tenpai::rules::Rules::tenhou(),
    })
}

/// What decides which waits of a hand with called melds win with a yaku:
/// the winds and the rules (open tanyao). A closed hand always has a yaku
/// by tsumo, so these matter only when melds are written.
#[derive(Debug, Clone, clap::Args)]
pub struct YakuCheck {
    /// The hand's seat wind (E is the dealer): a triplet of it is a yaku.
    #[arg(long, value_name = "E|S|W|N", default_value = "E")]
    pub seat: tenpai::Wind,

    /// The round wind: a triplet of it is a yaku.
    #[arg(long, value_name = "E|S|W|N", default_value = "E")]
    pub round: tenpai::Wind,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file (open tanyao).
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,
}

impl YakuCheck {
    /// The winds as a scoring context, and the rules.
    ///
    /// # Errors
    /// An unknown preset or a bad rules file, naming `--rules`.
    pub fn load(&self) -> Result<(tenpai::score::WinContext, tenpai::rules::Rules)> {
        let context = tenpai::score::WinContext {
            seat_wind: self.seat,
            round_wind: self.round,
        };
        Ok((context, load_rules(&self.rules, None)?))
    }
}

/// The error of `command` (`waits`, `analyze`) on the hand `text`, pointing
/// to the command that takes a hand of that size when it is the wrong size
/// (`waits` 3n+1 tiles, `analyze` 3n+2).
pub fn hand_error(e: tenpai::HandError, command: &str, text: &str) -> anyhow::Error {
    let hint = match e {
        tenpai::HandError::WrongTileCount { count, .. } if count % 3 == 2 && command == "waits" => {
            " (a hand of 3n+2 tiles: tenpai analyze HAND gives the waits after each discard)"
        }
        tenpai::HandError::WrongTileCount { count, .. } if count % 3 == 1 && command != "waits" => {
            " (a hand of 3n+1 tiles: tenpai waits HAND gives its waits)"
        }
        _ => "",
    };
    anyhow::anyhow!("HAND {text:?}: {e}{hint}")
}

/// Parses a hand given as the command-line argument `name`.
///
/// # Errors
/// The library's [`tenpai::HandError`], prefixed with the argument's name and text.
pub fn parse_hand_arg(name: &str, text: &str) -> Result<Hand> {
    text.parse::<Hand>()
        .with_context(|| format!("{name} {text:?}"))
}

/// Parses a list of tiles seen elsewhere (rivers, dora indicators, other
/// players' melds) for `--visible` with the library's tile-list parser
/// ([`Tile::parse_counts`]): mpsz groups of any length, such as `1155z406m`
/// (capital suit letters too); `0` is a red five; spaces and commas are
/// ignored.
///
/// # Errors
/// A character that is not mpsz notation, a number that names no tile (`8z`),
/// digits without a suit or a suit without digits, or a tile more than four
/// times; the message names `--visible`.
pub fn parse_visible(text: &str) -> Result<TileCounts> {
    Tile::parse_counts(text).with_context(|| format!("--visible {text:?}"))
}

/// Checks that the hand (concealed tiles and melds) and the visible tiles
/// together hold no tile more than four times.
///
/// # Errors
/// Names the tile and how many copies the hand and `--visible` hold.
pub fn check_visible(hand: &Hand, visible: &TileCounts) -> Result<()> {
    let melds = hand.meld_counts();
    for t in Tile::all() {
        let i = t.index();
        let held = hand.concealed()[i] + melds[i];
        if held + visible[i] > 4 {
            bail!(
                "--visible: tile {t} is {} in the hand and {} visible (max 4 in all)",
                count(held.into(), "time"),
                count(visible[i].into(), "time")
            );
        }
    }
    Ok(())
}

/// Writes `s` as a JSON string literal (quoted, escaped).
pub fn write_json_str<W: Write>(out: &mut W, s: &str) -> io::Result<()> {
    let bytes = s.as_bytes();
    if !bytes.iter().any(|&b| b == b'"' || b == b'\\' || b < 0x20) {
        out.write_all(b"\"")?;
        out.write_all(bytes)?;
        return out.write_all(b"\"");
    }
    out.write_all(b"\"")?;
    for ch in s.chars() {
        match ch {
            '"' => out.write_all(b"\\\"")?,
            '\\' => out.write_all(b"\\\\")?,
            '\n' => out.write_all(b"\\n")?,
            '\r' => out.write_all(b"\\r")?,
            '\t' => out.write_all(b"\\t")?,
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32)?,
            c => write!(out, "{c}")?,
        }
    }
    out.write_all(b"\"")
}

/// Sorts Monte Carlo candidates by their expected final rank, best (lowest)
/// first — the order of what the tables show; unmeasured ones (NaN) last.
pub fn sort_by_rank(candidates: &mut [tenpai::ai::mc::Candidate]) {
    let key = |x: f64| if x.is_nan() { f64::INFINITY } else { x };
    candidates.sort_by(|a, b| key(a.rank).total_cmp(&key(b.rank)));
}

/// `kinds` with the options' settings: every Monte Carlo player thinks
/// `mc` (in its own version), every external bot (`cmd:`) may take
/// `timeout` to answer.
pub fn with_settings(
    kinds: &[tenpai::arena::PlayerKind],
    mc: tenpai::ai::mc::Settings,
    timeout: std::time::Duration,
) -> Vec<tenpai::arena::PlayerKind> {
    use tenpai::arena::PlayerKind;
    kinds
        .iter()
        .map(|k| match k {
            PlayerKind::Mc(s) => PlayerKind::Mc(tenpai::ai::mc::Settings {
                version: s.version,
                ..mc
            }),
            PlayerKind::Cmd { command, .. } => PlayerKind::Cmd {
                command: command.clone(),
                timeout,
            },
            k => k.clone(),
        })
        .collect()
}

/// Some player of `kinds` is an external bot.
pub fn any_bot<'a>(kinds: impl IntoIterator<Item = &'a tenpai::arena::PlayerKind>) -> bool {
    kinds
        .into_iter()
        .any(|k| matches!(k, tenpai::arena::PlayerKind::Cmd { .. }))
}

/// `n` and `word`, plural unless `n` is one: `1 round`, `3 rounds`,
/// `2 mismatches`.
pub fn count(n: usize, word: &str) -> String {
    let s = match plural(n) {
        "s" if word.ends_with("ch") || word.ends_with('s') => "es",
        s => s,
    };
    format!("{n} {word}{s}")
}

/// `""` for one, `"s"` otherwise: `format!("{n} tile{}", plural(n))`.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// "tenpai", "complete" or "N-shanten" for a shanten number.
pub fn shanten_words(shanten: i8) -> String {
    match shanten {
        -1 => "complete".to_string(),
        0 => "tenpai".to_string(),
        n => format!("{n}-shanten"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_visible_ok_long_lists() {
        let v = parse_visible("1155z 406m, 9999s").unwrap();
        assert_eq!(v[27], 2);
        assert_eq!(v[31], 2);
        assert_eq!(v[3] + v[4] + v[5], 3);
        assert_eq!(v[4], 1);
        assert_eq!(v[26], 4);
        assert_eq!(v.iter().map(|&c| c as u32).sum::<u32>(), 11);
    }

    #[test]
    fn parse_visible_err_names_the_option() {
        let e = |s: &str| format!("{:#}", parse_visible(s).unwrap_err());
        assert_eq!(e("8z"), "--visible \"8z\": no tile 8z (at position 1)");
        assert_eq!(
            e("12"),
            "--visible \"12\": digit '1' at position 1 has no suit (add m, p, s or z)"
        );
        assert_eq!(
            e("m"),
            "--visible \"m\": suit 'm' at position 1 has no digits before it"
        );
        assert_eq!(
            e("1x"),
            "--visible \"1x\": unknown character 'x' at position 2"
        );
        assert_eq!(
            e("11111m"),
            "--visible \"11111m\": tile 1m appears 5 times (max 4)"
        );
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut v = Vec::new();
        write_json_str(&mut v, "a\"b\\c\nd\u{1}é").unwrap();
        assert_eq!(String::from_utf8(v).unwrap(), "\"a\\\"b\\\\c\\nd\\u0001é\"");
        let mut v = Vec::new();
        write_json_str(&mut v, "123m [789s]").unwrap();
        assert_eq!(String::from_utf8(v).unwrap(), "\"123m [789s]\"");
    }
}

/// How tiles are printed in human output (JSON output is always mpsz).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Style {
    /// Print tiles as Unicode mahjong glyphs (🀇🀈🀉) instead of mpsz text.
    /// Most terminals draw a glyph one cell wide.
    #[arg(long)]
    pub unicode: bool,
}

impl Style {
    /// A hand, melds in brackets.
    pub fn hand(self, hand: &Hand) -> String {
        if self.unicode {
            hand.to_unicode()
        } else {
            hand.to_string()
        }
    }

    /// A called meld or closed kan, in brackets.
    pub fn meld(self, m: &Meld) -> String {
        if self.unicode {
            m.to_unicode()
        } else {
            m.to_string()
        }
    }

    /// One tile.
    pub fn tile(self, t: Tile) -> String {
        if self.unicode {
            t.glyph().to_string()
        } else {
            t.to_string()
        }
    }

    /// A set of tiles in index order.
    pub fn tiles(self, set: TileSet) -> String {
        if self.unicode {
            set.iter().map(Tile::glyph).collect()
        } else {
            set.to_string()
        }
    }

    /// One reading of a complete hand.
    pub fn decomposition(self, d: &Decomposition) -> String {
        if !self.unicode {
            return d.to_string();
        }
        let glyphs = |tiles: &[Tile]| tiles.iter().map(|t| t.glyph()).collect::<String>();
        match d {
            Decomposition::Standard { pair, melds } => std::iter::once(glyphs(&[*pair, *pair]))
                .chain(melds.iter().map(|m| glyphs(&m.tiles())))
                .collect::<Vec<_>>()
                .join(" "),
            Decomposition::Chiitoitsu { pairs } => pairs
                .iter()
                .map(|p| glyphs(&[*p, *p]))
                .collect::<Vec<_>>()
                .join(" "),
            Decomposition::Kokushi { pair } => format!("kokushi (pair {})", pair.glyph()),
        }
    }
}

/// The message of a game log at `path` that cannot be read, naming the file
/// once: the library's own when the file cannot be read (`cannot read the
/// log tests/data: it is a directory`), else the file and what is wrong in
/// it (`game.mjson: mjai log, line 3: …`).
///
/// # Panics
/// Never.
pub fn log_error(path: &Path, e: &tenpai::log::LogError) -> String {
    match e {
        tenpai::log::LogError::Read { .. } => e.to_string(),
        _ => format!("{}: {e}", path.display()),
    }
}

/// The game log at `path`, read in any format ([`tenpai::log::load`]).
///
/// # Errors
/// The file cannot be read or is no log: [`log_error`]'s message.
pub fn read_log(path: &Path) -> Result<tenpai::log::ImportedGame> {
    tenpai::log::load(path).map_err(|e| anyhow::anyhow!("{}", log_error(path, &e)))
}

/// Reads a game log for a command that measures the AI on it (`agreement`,
/// `learn`): the log's own record of its rules wins
/// ([`tenpai::log::ImportedGame::rules_for`]); `default` is for logs that do
/// not record them. Warnings go to standard error.
///
/// # Errors
/// An unreadable or refused log, or a record the reader refuses, naming the
/// file.
pub fn load_log(
    path: &std::path::Path,
    default: &tenpai::rules::Rules,
) -> Result<(tenpai::log::ImportedGame, tenpai::rules::Rules)> {
    let game = read_log(path)?;
    let asked = tenpai::log::RulesAsked {
        default: default.clone(),
        ..tenpai::log::RulesAsked::default()
    };
    let read = game
        .rules_for(&asked)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    for w in &read.warnings {
        eprintln!("warning: {}: {w}", path.display());
    }
    Ok((game, read.rules))
}

/// A progress bar over `len` decisions on standard error when it is a
/// terminal (hidden otherwise), its line starting with `verb`
/// (`reviewing`, `asking`).
pub fn progress_bar(verb: &str, len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    let target = if std::io::stderr().is_terminal() {
        indicatif::ProgressDrawTarget::stderr()
    } else {
        indicatif::ProgressDrawTarget::hidden()
    };
    let bar = indicatif::ProgressBar::with_draw_target(Some(len), target);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{verb} {{bar:30}} {{pos}}/{{len}} decisions, {{elapsed}} ({{eta}} left)"
    )) {
        bar.set_style(style);
    }
    bar
}

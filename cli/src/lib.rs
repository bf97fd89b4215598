//! `tenpai`: the command-line shell over the `tenpai` library, as a library
//! of its own (`tenpai_cli`) so that the integration tests can draw the
//! terminal game's screen without a terminal; `src/main.rs` is the program.
//!
//! Thin by design (see STYLE.md, practice 10): clap parses the arguments, one
//! module per subcommand in [`cmd`] checks the hand text, calls the library and
//! prints, for people by default and one JSON document per answer with `--json`.
//! Every subcommand's `run` takes its parsed arguments, the tables and the
//! input/output streams, so the tests can drive it without a process.
//! [`render`] draws tiles, numbers and tables for every command that shows
//! them (`play`, `suggest`, `review`).

pub mod cmd;
pub mod render;

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::Path;

const ABOUT: &str = "\
tenpai: riichi mahjong in the terminal against a Monte Carlo AI, and the tools
around it: hand analysis (shanten, waits, tile efficiency, win detection),
scoring, replaying and checking real game logs, Monte Carlo advice on any
position, reviews of whole games, and AI self-play statistics.";

const NOTATION: &str = "\
Hand notation:
  mpsz          digits followed by a suit letter: m = man (characters),
                p = pin (circles), s = sou (bamboo), z = honors (capitals
                too: 123M)
                  123m456p789s1122z
  red fives     0m, 0p, 0s (a red 5m/5p/5s)
                  406m11z
  honors        1z-7z = East South West North White Green Red
  Chinese       numerals or digits before 万/萬, 饼/餅/筒, 条/條/索;
                honors 东/東 南 西 北 白 发/發 中
                  一二三万123条东南西北白发中
  called melds  after the concealed tiles, in brackets:
                  [789s] chi   [555p] pon   [5555p] open kan   (1111z) closed kan
                Spaces and commas between groups are ignored; quote the hand
                in the shell when it has spaces or brackets.

Examples, one per command (tenpai COMMAND --help for each):
  Play      tenpai play                          a game against three AI players
            tenpai play --hints --opponents baseline --seed 7
  Browser   tenpai serve --open                  the table in a web browser
  Analyse   tenpai shanten 123m456p789s1122z \"123m11z [789s] (1111p)\"
            tenpai shanten --json < hands.txt    (one hand a line)
            tenpai waits 123m456p789s1112z --visible 2z2z
            tenpai analyze 12345m0677889p66z     (what each discard leaves)
            tenpai agari 111222333m11p           (every reading of a win)
  Score     tenpai score 123m456p789s11z555z --win 5z --riichi --dora 4z
            tenpai score --batch cases.jsonl     (one JSON situation a line)
  Replay    tenpai replay game.json              (tenhou.net/6 or mjai logs)
  Suggest   tenpai suggest --hand 123m456p789s11234z --drawn 4z --dora 1m
            tenpai suggest --log game.json --event 21
  Review    tenpai review game.mjson --html review.html   (every decision of a game)
  Agreement tenpai agreement tests/data/tenhou6/20*.json --ai baseline   (the AI against real players)
  Selfplay  tenpai selfplay --games 200 --duplicate --players mc,baseline,baseline,baseline --samples 500
  Tables    tenpai tables export tables.bin && TENPAI_TABLES=tables.bin tenpai shanten 19m19p19s1234567z

Batches (shanten from standard input, score --batch) answer every good line,
report each bad one on standard error as \"line N: ...\", and exit with status
1 when any line was bad.

Exit status (every command):
  0    success
  1    a failure at run time, with its message: a bad hand or input line, a
       log or file that cannot be read or is refused, an output that cannot
       be written (checked before the work starts), rules that do not load
  2    a usage error, found before any work: an unknown option or command, a
       missing argument, a bad option value (--length west, --samples 0,
       --seat 5), options that exclude each other (--samples with --think)
  130  the game was left with Ctrl-C";

/// Riichi mahjong: play against the AI, analyse hands, score wins, review games.
#[derive(Debug, Parser)]
#[command(name = "tenpai", version, long_about = ABOUT, after_long_help = NOTATION)]
pub struct Cli {
    /// Answer every query with this table file (written by `tenpai tables
    /// export`) instead of the tables built into the program. A damaged or stale
    /// file is refused. The game, scoring and AI commands check the file and
    /// keep the built-in tables, which a file that opens equals. Empty: the
    /// built-in tables.
    #[arg(long, global = true, value_name = "FILE", env = "TENPAI_TABLES")]
    tables: Option<OsString>,

    /// `tables` was read from `TENPAI_TABLES`, not from `--tables` (errors
    /// name what the user wrote); set by [`Cli::try_parse_args`].
    #[arg(skip)]
    tables_from_env: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Play(cmd::play::Args),
    Serve(cmd::serve::Args),
    Shanten(cmd::shanten::Args),
    Waits(cmd::waits::Args),
    Analyze(cmd::analyze::Args),
    Agari(cmd::agari::Args),
    Score(cmd::score::Args),
    Replay(cmd::replay::Args),
    Review(cmd::review::Args),
    Agreement(cmd::agreement::Args),
    Learn(cmd::learn::Args),
    Suggest(cmd::suggest::Args),
    Mjai(cmd::mjai::Args),
    Selfplay(cmd::selfplay::Args),
    Tables(cmd::tables::Args),
}

/// A usage error found once the options are combined (they were each
/// well-formed): the program exits with status 2 and clap's usage lines, as
/// for an option clap refuses itself.
#[derive(Debug)]
pub struct UsageError {
    /// The subcommand whose usage is shown, e.g. `play`.
    pub command: &'static str,
    /// What is wrong, naming the option, e.g. `--opponents: expected …`.
    pub message: String,
}

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UsageError {}

impl UsageError {
    /// The error as clap shows it: `error: MESSAGE`, the subcommand's usage
    /// line and the `--help` hint; its exit status is 2.
    pub fn to_clap(&self) -> clap::Error {
        use clap::CommandFactory;
        let mut cli = Cli::command();
        cli.build();
        let mut sub = cli.find_subcommand(self.command).cloned().unwrap_or(cli);
        sub.error(clap::error::ErrorKind::ValueValidation, &self.message)
    }
}

impl Cli {
    /// Parses a command line as clap's `try_parse_from` does, and remembers
    /// where `--tables` came from (the option or the `TENPAI_TABLES`
    /// variable), so that errors about the file name the one the user wrote.
    ///
    /// # Errors
    /// clap's usage error (exit status 2 when the binary prints it).
    ///
    /// ```
    /// let cli = tenpai_cli::Cli::try_parse_args(["tenpai", "shanten", "--tables", "t.bin"])?;
    /// assert_eq!(cli.tables_label(), "--tables");
    /// # Ok::<(), clap::Error>(())
    /// ```
    pub fn try_parse_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        use clap::{parser::ValueSource, CommandFactory, FromArgMatches};
        let matches = Cli::command().try_get_matches_from(args)?;
        let mut cli = Cli::from_arg_matches(&matches)?;
        cli.tables_from_env = matches.value_source("tables") == Some(ValueSource::EnvVariable);
        Ok(cli)
    }

    /// How errors name the tables file: `TENPAI_TABLES` when the file came
    /// from that variable, else `--tables`.
    ///
    /// # Panics
    /// Never.
    pub fn tables_label(&self) -> &'static str {
        if self.tables_from_env {
            "TENPAI_TABLES"
        } else {
            "--tables"
        }
    }
}

/// Runs a parsed command line against the given streams.
///
/// # Errors
/// Whatever the subcommand reports: a bad hand (naming the argument or input
/// line), an unreadable or refused table file, an I/O error.
/// `terminal`: standard input is a terminal (interactive commands then say
/// what they wait for and answer line by line).
pub fn run<R: BufRead, W: Write, E: Write>(
    cli: Cli,
    input: R,
    terminal: bool,
    out: W,
    err: E,
) -> Result<()> {
    // An empty `TENPAI_TABLES=` means unset.
    let tables_file = cli
        .tables
        .as_deref()
        .filter(|f| !f.is_empty())
        .map(Path::new);
    // Errors name the file as the user gave it: the option or the variable.
    let label = cli.tables_label();
    if let Command::Tables(args) = &cli.command {
        return cmd::tables::run(args, tables_file.map(|f| (f, label)), out);
    }
    // A damaged or stale file is refused whatever the command. The game,
    // scoring and AI commands run on the built-in tables: a file that opens
    // is, by its checksum, the same tables, so their answers are the same.
    let source = cmd::TableSource::open(tables_file, label)?;
    let tables = source.tables();
    match cli.command {
        Command::Shanten(args) => cmd::shanten::run(&args, tables, input, terminal, out, err),
        Command::Waits(args) => cmd::waits::run(&args, tables, out),
        Command::Analyze(args) => cmd::analyze::run(&args, tables, out),
        Command::Agari(args) => cmd::agari::run(&args, tables, out),
        Command::Score(args) => cmd::score::run(&args, input, out, err),
        Command::Replay(args) => cmd::replay::run(&args, out),
        Command::Review(args) => cmd::review::run(&args, out),
        Command::Agreement(args) => cmd::agreement::run(&args, out),
        Command::Learn(args) => cmd::learn::run(&args, out),
        Command::Selfplay(args) => cmd::selfplay::run(&args, out, err),
        Command::Suggest(args) => cmd::suggest::run(&args, out),
        Command::Play(args) => cmd::play::run(&args, input, out),
        Command::Serve(args) => cmd::serve::run(&args, &mut { out }),
        Command::Mjai(args) => cmd::mjai::run(&args, input, out),
        Command::Tables(_) => unreachable!("handled above"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `tenpai ARGS...` with `input` on standard input; returns the result,
    /// standard output and standard error.
    pub(crate) fn tenpai(args: &[&str], input: &str) -> (Result<()>, String, String) {
        let cli = Cli::try_parse_from(std::iter::once("tenpai").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("bad test arguments {args:?}: {e}"));
        let mut out = Vec::new();
        let mut err = Vec::new();
        let r = run(cli, input.as_bytes(), false, &mut out, &mut err);
        (
            r,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn long_help_documents_notation() {
        use clap::CommandFactory;
        let help = Cli::command().render_long_help().to_string();
        for needle in [
            "123m456p789s1122z",
            "0m, 0p, 0s",
            "East South West North White Green Red",
            "一二三万",
            "(1111z)",
            "tenpai play",
            "tenpai replay",
            "tenpai suggest",
            "tenpai selfplay",
            "tenpai score",
            "tenpai analyze",
        ] {
            assert!(help.contains(needle), "long help lacks {needle:?}:\n{help}");
        }
    }

    #[test]
    fn run_ok_shanten_through_dispatch() {
        let (r, out, _) = tenpai(&["shanten", "--json", "123m456p789s1122z"], "");
        r.unwrap();
        assert_eq!(out, "{\"hand\":\"123m456p789s1122z\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":4,\"kokushi\":8}\n");
    }
}

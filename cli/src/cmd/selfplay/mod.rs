//! `tenpai selfplay`: AI-only games on all cores, with per-player
//! statistics, in memory that does not grow with the number of games; a run
//! cut into shards (`--shard K/N`) and the shards merged (`merge`).

mod merge;
mod output;
mod sink;

use crate::cmd::report::DecisionLog;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use tenpai::ai::mc::{Budget, Settings};
use tenpai::arena::{play, Config, PlayerKind, Shard};

const LONG_ABOUT: &str = "\
Plays AI-only games on all cores and prints, per player: average rank, win rate,
deal-in rate, riichi rate and call rate (per round), and average final points,
each with a 95% confidence interval. Game g uses wall seed SEED+g; with
--duplicate each wall seed is played four times with the players rotated through
the seats (game g: seed SEED+g/4, rotation g%4), so the luck of the deal cancels.
Games are reproducible from the seed. Each game is counted and written as it
finishes, then dropped: memory does not grow with --games.

Players: random (uniform legal actions, wins whenever it can), baseline (tile
efficiency with dora weighed in, riichi on any wait, yakuhai and tanyao calls,
defense against riichi by genbutsu, suji, kabe and tiles passed; its second
version, baseline-v2), baseline-v1 (the first version: riichi on four unseen
winning tiles, a plainer defense), baseline-v3 (the second version's rules
with the learned model's discards), baseline-learned (the learned model's
discards, riichi and calls), mc (Monte Carlo search over sampled worlds: --think TIME or --samples N
per decision; with --samples and a seed, games reproduce exactly; its prior is
the learned baseline's choice, its own seat plays the second baseline's rules
in its rollouts and the opponents the first's; also named mc-learned), mc-v1
(the search before issue 26: the first baseline's prior and rules for every
seat), mc-v2 (the second baseline's prior and rules for its own seat), mc-v3
(the third baseline's prior, the second's rules for its own seat), and cmd:COMMAND, an external mjai bot (run by sh -c, {seat} replaced by its seat,
spoken to as on mjai.app with only what its seat sees). A bot's illegal
action, bad line, crash or silence past --bot-timeout is a fault: the
baseline plays that decision, the faults go to standard error after the run
and, per player, into the JSON (\"faults\": {\"count\": n, \"first\": [...]}).

--decisions FILE writes one CSV row per Monte Carlo decision: game, round,
seat, turn, hand, live_left, chosen, prior, samples, micros, placement,
candidates. A failed write of it or of --log-dir stops the run with the error.

Shards (for batch schedulers such as Slurm array jobs): --shard K/N plays the
K-th of N nearly equal parts of the --games games (whole duplicate sets); save
each shard's --json and combine them with `tenpai selfplay merge FILES...`,
which gives exactly the statistics of one run over all the games.

JSON (--json): {\"games\": n, \"duplicate\": b, \"seconds\": s, \"players\":
[{\"player\": 0, \"kind\": \"baseline-v2\", \"rank\": {\"mean\": m, \"ci95\": h, \"n\": n},
\"win_rate\": ..., \"deal_in_rate\": ..., \"riichi_rate\": ..., \"call_rate\": ...,
\"points\": ...}, ...], \"tally\": {\"config\": ..., \"games\": [[first, end]],
\"players\": [{\"rank\": {\"n\": n, \"sum\": s, \"sum_sq\": q}, ...}, ...]}} where the
tally holds the run's settings, the games counted and each player's integer
counts, sums and sums of squares (what merge adds up). Players are named
explicitly there (baseline-v2, mc-learned), never baseline or mc, whose
meaning follows the default version and changed between builds.

Examples:
  tenpai selfplay --games 200 --duplicate --length east
  tenpai selfplay --games 100000 --players random,random,random,random --json
  tenpai selfplay --games 40000 --duplicate --shard 3/8 --json > shard-3.json
  tenpai selfplay merge shard-*.json";

/// AI-only games with statistics (or `merge` of saved shards).
#[derive(Debug, clap::Args)]
#[command(
    long_about = LONG_ABOUT,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Args {
    /// `merge`: combine saved shards.
    #[command(subcommand)]
    pub command: Option<SelfplayCommand>,

    /// The run's options.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Subcommands of `tenpai selfplay`.
#[derive(Debug, clap::Subcommand)]
pub enum SelfplayCommand {
    /// Combine the --json outputs of shards into one run's statistics.
    Merge(merge::Args),
}

/// The options of a self-play run.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Number of games (1 or more; a multiple of 4 with --duplicate).
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(1))]
    pub games: u64,

    /// Seed of the first game.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub seed: u64,

    #[arg(
        long,
        help = super::kinds::help("The four players, comma-separated, each one of KINDS (see Players in --help) or cmd:COMMAND (an mjai bot run by sh -c, {seat} replaced by its seat; a comma in the command stays unless another player follows it)"),
        value_name = "A,B,C,D",
        default_value = "baseline,random,random,random",
        value_parser = parse_four_players
    )]
    pub players: Players,

    /// Play each wall seed four times with the players rotated.
    #[arg(long)]
    pub duplicate: bool,

    /// east (one round of dealers) or south (two).
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Write every game's mjai log to DIR/game-NNNNNN.mjson (NNNNNN: the
    /// game number) as it finishes. DIR is made if missing, in a folder
    /// that exists.
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,

    /// Play only shard K of N of the games (1 <= K <= N); merge the shards'
    /// --json outputs with `tenpai selfplay merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

    /// Print one JSON object (with the mergeable tally) instead of the table.
    #[arg(long)]
    pub json: bool,

    /// Monte Carlo thinking time per decision, e.g. 50ms or 1s.
    #[arg(long, value_name = "TIME", default_value = "50ms", value_parser = super::values::parse_think)]
    pub think: std::time::Duration,

    /// Monte Carlo rollouts per decision instead of a time (reproducible).
    #[arg(long, value_name = "N", conflicts_with = "think", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub samples: Option<u32>,

    /// Write one CSV row per Monte Carlo decision to FILE.
    #[arg(long, value_name = "FILE")]
    pub decisions: Option<PathBuf>,

    /// How long an external bot (cmd:) may take to answer; then the
    /// baseline plays that decision.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = super::values::parse_think)]
    pub bot_timeout: std::time::Duration,

    #[arg(long, help = crate::cmd::values::threads_help("Threads for each Monte Carlo decision, RANGE; games are then played cores / N at a time. With --samples the choices do not depend on it"),
        value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::threads())]
    pub threads: usize,
}

/// The four players of `--players`, in seat order.
#[derive(Clone, Debug, PartialEq)]
pub struct Players(pub [PlayerKind; 4]);

/// Parses `--players`: four players ([`super::parse_players`]).
///
/// # Errors
/// An unknown player, or not four.
fn parse_four_players(text: &str) -> Result<Players, String> {
    let kinds = super::kinds::parse_players(text)?;
    let n = kinds.len();
    <[PlayerKind; 4]>::try_from(kinds)
        .map(Players)
        .map_err(|_| format!("expected four players, got {n}"))
}

fn config(args: &RunArgs) -> Result<Config> {
    let rules = super::load_rules(&args.rules, args.length.as_deref())?;
    let budget = match args.samples {
        Some(n) => Budget::Samples(n),
        None => Budget::Time(args.think),
    };
    let mc = Settings {
        budget,
        threads: args.threads,
        ..Default::default()
    };
    let kinds = super::with_settings(&args.players.0, mc, args.bot_timeout);
    let players = <[PlayerKind; 4]>::try_from(kinds)
        .map_err(|_| anyhow::anyhow!("--players: expected four players"))?;
    let config = Config {
        rules,
        games: args.games,
        seed: args.seed,
        players,
        duplicate: args.duplicate,
    };
    config
        .check()
        .with_context(|| format!("--games {}", args.games))?;
    Ok(config)
}

/// Runs `tenpai selfplay` (or `tenpai selfplay merge`).
///
/// # Errors
/// Bad options (named), an unwritable log directory or decision file (now
/// or during the run), a game error (a bug); for merge, see [`merge::run`].
pub fn run<W: Write, E: Write>(args: &Args, out: W, err: E) -> Result<()> {
    match &args.command {
        Some(SelfplayCommand::Merge(m)) => merge::run(m, out),
        None => run_games(&args.run, out, err),
    }
}

/// Plays the run (or its shard), counting and writing each game as it
/// finishes, and prints the statistics (external bots' faults on `err`).
fn run_games<W: Write, E: Write>(args: &RunArgs, mut out: W, mut err: E) -> Result<()> {
    let config = config(args)?;
    if let Some(shard) = args.shard {
        shard.check(&config).map_err(|e| crate::UsageError {
            command: "selfplay",
            message: format!("--shard: {e}"),
        })?;
    }
    if super::any_bot(&config.players) {
        super::signals::end_bots_on_signals()?;
    }
    let log_dir = args.log_dir.as_deref().map(sink::log_dir).transpose()?;
    let decisions = args
        .decisions
        .as_deref()
        .map(DecisionLog::create)
        .transpose()?;
    let games = match args.shard {
        Some(s) => s.games(&config),
        None => 0..config.games,
    };
    let bar = indicatif::ProgressBar::new(games.end - games.start);
    let started = std::time::Instant::now();
    let observer = sink::Sink {
        log_dir: log_dir.as_deref(),
        decisions: decisions.as_ref(),
        bar: &bar,
        faults: Default::default(),
        reports: Default::default(),
    };
    let tally = play(&config, games, &observer).context("self-play")?;
    bar.finish_and_clear();
    if let Some(log) = &decisions {
        log.finish()?;
    }
    let origin = output::Origin::Played {
        seconds: started.elapsed().as_secs_f64(),
        shard: args.shard.map(|s| (s.index(), s.count())),
    };
    for line in observer.reports.into_inner().unwrap_or_default() {
        writeln!(err, "{line}")?;
    }
    let faults = observer.faults.into_inner().unwrap_or_default();
    output::print(&mut out, &tally, &origin, args.json, Some(&faults))
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    #[test]
    fn selfplay_ok_baseline_wins_against_random_in_duplicate_play() {
        let (r, out, _) = tenpai(
            &[
                "selfplay",
                "--games",
                "8",
                "--duplicate",
                "--length",
                "east",
                "--json",
            ],
            "",
        );
        r.unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["games"], 8);
        let players = v["players"].as_array().unwrap();
        assert_eq!(players[0]["kind"], "baseline-v2");
        assert_eq!(players[0]["rank"]["n"], 8);
        assert!(players[0]["rank"]["mean"].as_f64().unwrap() < 1.5, "{out}");
    }

    #[test]
    fn selfplay_ok_logs_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let (r, out, _) = tenpai(
            &[
                "selfplay",
                "--games",
                "3",
                "--length",
                "east",
                "--players",
                "random,random,random,random",
                "--log-dir",
                d,
            ],
            "",
        );
        r.unwrap();
        assert!(out.starts_with("3 east-only games, seed 1,"), "{out}");
        let log = std::fs::read_to_string(dir.path().join("game-000002.mjson")).unwrap();
        assert!(log.starts_with("{\"type\":\"start_game\""));
        let last = log.lines().last().unwrap();
        assert!(last.starts_with("{\"type\":\"end_game\""), "{last}");
    }

    #[test]
    fn selfplay_ok_mc_writes_decisions_csv() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("decisions.csv");
        let f = file.to_str().unwrap();
        let args = [
            "selfplay",
            "--games",
            "1",
            "--length",
            "east",
            "--players",
            "mc,baseline,baseline,baseline",
            "--samples",
            "16",
            "--decisions",
            f,
            "--json",
        ];
        let (r, out, _) = tenpai(&args, "");
        r.unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["players"][0]["kind"], "mc-learned");
        let csv = std::fs::read_to_string(&file).unwrap();
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("game,round,seat,turn,hand,live_left,chosen,prior,samples,micros,placement,candidates")
        );
        let rows: Vec<&str> = lines.collect();
        assert!(rows.len() > 20, "{csv}");
        for row in &rows {
            let fields: Vec<&str> = row.split(',').collect();
            assert_eq!(fields.len(), 12, "{row}");
            assert_eq!((fields[0], fields[2]), ("0", "0"), "{row}");
            // East rounds, or South ones when nobody reached 30,000 (extension).
            assert!(fields[1].starts_with(['E', 'S']), "{row}");
            // 16 rollouts, but every halving round plays each of its (up to
            // 14) candidates at least once: at most 14 + 8 + 5 + 3 + 2 rollouts.
            let samples = fields[8].parse::<u32>().unwrap();
            assert!(samples <= 2 * 14 + 4, "{row}");
            assert!(fields[11].contains(fields[6]), "{row}");
            // The prior: one of the candidates after a search, none without.
            assert!(samples > 0 || fields[7].is_empty(), "{row}");
            assert!(fields[11].contains(fields[7]), "{row}");
        }
        let priors = rows
            .iter()
            .filter(|r| !r.split(',').nth(7).unwrap().is_empty());
        assert!(priors.count() > 10, "{csv}");
        // With a sample budget the same seed gives the same decisions.
        let again = dir.path().join("again.csv");
        let mut args2 = args;
        args2[10] = again.to_str().unwrap();
        tenpai(&args2, "").0.unwrap();
        let strip = |t: &str| -> Vec<String> {
            t.lines()
                .map(|l| {
                    let f: Vec<&str> = l.split(',').collect();
                    [&f[..9], &f[10..]].concat().join(",")
                })
                .collect()
        };
        assert_eq!(
            strip(&csv),
            strip(&std::fs::read_to_string(&again).unwrap())
        );
    }

    /// The usage error clap gives for `tenpai ARGS` (exit status 2).
    fn usage_error(args: &[&str]) -> String {
        use clap::Parser;
        let e = crate::Cli::try_parse_from(std::iter::once("tenpai").chain(args.iter().copied()))
            .unwrap_err();
        assert_eq!(e.exit_code(), 2, "{args:?}");
        e.to_string()
    }

    #[test]
    fn selfplay_err_bad_options() {
        let e = usage_error(&["selfplay", "--players", "baseline,random"]);
        assert!(
            e.starts_with("error: invalid value 'baseline,random' for '--players <A,B,C,D>': expected four players, got 2\n"),
            "{e}"
        );
        let e = usage_error(&["selfplay", "--players", "a,b,c,d"]);
        assert!(
            e.starts_with("error: invalid value 'a,b,c,d' for '--players <A,B,C,D>': unknown player \"a\" (known: random, baseline, baseline-v1, baseline-v2, baseline-v3, baseline-learned, mc, mc-v1, mc-v2, mc-v3, mc-learned, cmd:COMMAND)\n"),
            "{e}"
        );
        for flag in ["--samples", "--games"] {
            let e = usage_error(&["selfplay", flag, "0"]);
            assert!(
                e.starts_with(&format!("error: {flag} must be 1 or more, got 0\n")),
                "{e}"
            );
        }
        let (r, _, _) = tenpai(&["selfplay", "--games", "5", "--duplicate"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--games 5: duplicate play needs a multiple of 4"
        );
    }
}

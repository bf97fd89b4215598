//! `tenpai serve`: the table in the browser. Starts the web server of
//! `tenpai-web` on a local address, prints it (and opens the system's
//! browser with `--open`), and serves until Ctrl-C.

use super::play::opponents::Opponents;
use super::play::{random_seed, PlayerKinds};
use anyhow::{Context, Result};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;
use tenpai::ai::mc::{Budget, Settings};
use tenpai::review::ReviewOptions;
use tenpai::Wind;
use tenpai_web::table::Advisor;

const LONG_ABOUT: &str = "\
Serves tenpai's table on a local web address: open it in a browser and play
against three AI players (or watch four with --watch). Click a tile to
discard it (a first tap selects it on a touch screen); the buttons are the
actions the game offers; keys as in tenpai play (left/right, Enter, d, i, t,
r, c, p, k, n, a). The thinking panel shows your shanten, each discard's
acceptance and, with the Monte Carlo advisor, every candidate's expected
final rank, win and deal-in rates while it searches. The Viewer tab opens
any log tenpai replay reads, and a review (tenpai review --json, or the
button at the end of a game) as bars on the hand's tiles.

The settings are play's: --rules, --length, --seat, --opponents (one kind
for all AI seats or one per seat, cmd:COMMAND for an mjai bot), --think or
--samples for the Monte Carlo AI, --seed. --log-dir DIR writes every
finished game's mjai log there. A closed tab does not end the game:
opening the address again resumes it. Ctrl-C stops the server.";

/// Serve the game in a web browser.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,

    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// Open the address in the system's browser.
    #[arg(long)]
    pub open: bool,

    /// Wall seed of the first game (default: a random one, printed); each
    /// new game takes the next.
    #[arg(long)]
    pub seed: Option<u64>,

    /// east (one round of dealers) or south (two); default: the rules' length.
    #[arg(long, value_name = "east|south", value_parser = crate::cmd::LENGTHS)]
    pub length: Option<String>,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Your seat: E (the first dealer), S, W or N.
    #[arg(long, value_name = "E|S|W|N", default_value = "E")]
    pub seat: Wind,

    /// Four AI players; the page watches them and shows each one's thinking
    /// (they play while a page is open).
    #[arg(long)]
    pub watch: bool,

    /// The AI players: mc (Monte Carlo), baseline, random or cmd:COMMAND;
    /// one for all, or one per AI seat in seat order, comma-separated.
    #[arg(long, value_name = "KIND[,KIND...]", default_value = "mc", value_parser = super::play::parse_opponents)]
    pub opponents: PlayerKinds,

    /// How long an external bot (cmd:) may take to answer.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = crate::cmd::selfplay::parse_think)]
    pub bot_timeout: Duration,

    /// Monte Carlo thinking time per decision, e.g. 300ms.
    #[arg(long, value_name = "TIME", default_value = "300ms", value_parser = crate::cmd::selfplay::parse_think)]
    pub think: Duration,

    /// Monte Carlo rollouts per decision instead of a time; also the
    /// advisor's budget (default 1,000).
    #[arg(long, value_name = "N", conflicts_with = "think", value_parser = clap::value_parser!(u32).range(1..))]
    pub samples: Option<u32>,

    /// Threads for each Monte Carlo decision.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::cmd::parse_threads)]
    pub threads: usize,

    /// The advisor of the thinking panel and the a key: mc or baseline
    /// (default: mc against mc opponents, else baseline).
    #[arg(long, value_enum, value_name = "mc|baseline")]
    pub advisor: Option<crate::cmd::advice::AdvisorKind>,

    /// How long each AI move stays on screen before the next, in
    /// milliseconds (0: at once).
    #[arg(long, value_name = "MS", default_value_t = 600)]
    pub ai_delay: u64,

    /// Write every finished game's mjai log into DIR.
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,

    /// Open this log (tenhou.net/6, mjai or mjlog) in the viewer.
    #[arg(long, value_name = "FILE")]
    pub open_log: Option<PathBuf>,

    /// Rollouts per decision of the review button (default: tenpai
    /// review's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub review_samples: Option<u32>,
}

/// Rollouts of the Monte Carlo advisor without `--samples` (as `play`'s hints).
const ADVISOR_SAMPLES: u32 = 1000;

/// The server's settings from the arguments.
///
/// # Errors
/// Bad rules, seat, opponents or sample counts; an unreadable log.
pub fn config(args: &Args) -> Result<tenpai_web::Config> {
    let rules = crate::cmd::load_rules(&args.rules, args.length.as_deref())?;
    if let Some(dir) = &args.log_dir {
        crate::cmd::check_output("--log-dir", dir, crate::cmd::Output::Dir)?;
    }
    let budget = match args.samples {
        Some(n) => Budget::Samples(n),
        None => Budget::Time(args.think),
    };
    let mc = Settings {
        budget,
        threads: args.threads,
    };
    let seat = args.seat as u8;
    let kinds = crate::cmd::with_settings(&args.opponents.0, mc, args.bot_timeout);
    let opponents =
        Opponents::seat(&kinds, (!args.watch).then_some(seat)).map_err(|e| crate::UsageError {
            command: "serve",
            message: format!("--opponents: {e}"),
        })?;
    let advisor = match args.advisor.unwrap_or(if opponents.any_mc() {
        crate::cmd::advice::AdvisorKind::Mc
    } else {
        crate::cmd::advice::AdvisorKind::Baseline
    }) {
        crate::cmd::advice::AdvisorKind::Baseline => Advisor::Baseline,
        crate::cmd::advice::AdvisorKind::Mc => Advisor::Mc(Settings {
            budget: Budget::Samples(args.samples.unwrap_or(ADVISOR_SAMPLES)),
            threads: args.threads,
        }),
    };
    let mut config = tenpai_web::Config::new(rules, args.seed.unwrap_or_else(random_seed));
    config.bind = SocketAddr::new(args.bind, args.port);
    config.table.players = std::array::from_fn(|s| opponents.at(s as u8).cloned());
    config.table.ai_delay = Duration::from_millis(args.ai_delay);
    config.table.advisor = advisor;
    config.table.log_dir.clone_from(&args.log_dir);
    config.review = ReviewOptions {
        budget: match args.review_samples {
            Some(n) => Budget::Samples(n),
            None => ReviewOptions::default().budget,
        },
        ..ReviewOptions::default()
    };
    if let Some(path) = &args.open_log {
        // Read here, so that an unreadable log is refused with replay's
        // message before the server starts.
        let game = tenpai::log::load(path)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        config.open_log = Some((game.to_mjai(), name));
    }
    Ok(config)
}

/// Runs `tenpai serve` until Ctrl-C.
///
/// # Errors
/// Bad arguments, an address that cannot be bound, a bot that cannot start.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let config = config(args)?;
    let seed = config.table.seed;
    let mut printed = Ok(());
    let open = args.open;
    tenpai_web::serve(config, |addr, opened| {
        let url = match opened {
            Some(id) => format!("http://{addr}/#viewer={id}"),
            None => format!("http://{addr}/"),
        };
        printed = writeln!(out, "tenpai serve: {url} (seed {seed}; Ctrl-C stops)")
            .and_then(|()| out.flush());
        if open {
            open_browser(&url);
        }
    })?;
    printed.context("writing the address")
}

/// Opens `url` in the system's browser (failures are only reported).
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(program).arg(url).spawn() {
        eprintln!("tenpai serve: --open: {program} {url}: {e}");
    }
}

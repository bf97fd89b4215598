//! `tenpai serve`: the table in the browser. Starts the web server of
//! `tenpai-web` on a local address, prints it (and opens the system's
//! browser with `--open`), and serves until Ctrl-C.

use super::play::opponents::Opponents;
use super::play::random_seed;
use anyhow::{Context, Result};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;
use tenpai::ai::mc::{Budget, Settings};
use tenpai::review::ReviewOptions;
use tenpai_web::limits::Limits;
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
--samples for the Monte Carlo AI, --seed. --log-dir DIR holds each game's
mjai log, written as it is played (tenpai-tableT-gameG.jsonl; a game cut short
keeps its events up to the last one played). A closed tab does not end the game:
opening the address again resumes it. Ctrl-C or SIGTERM stops the server:
each client is told, each game's log synced to the disk, exit status 0.

At a lobby table, --grace is how long a person who left may come back
before an AI plays their seat, and --turn-limit BASE+BANK (Tenhou's 5+10)
how long each person may take to decide, unless the table's creator says
otherwise.

The limits (--max-messages-per-second, --max-connections-per-address,
--max-tables, --max-tables-per-address) keep one visitor from taking the
server: past one, the client is told which (an error message, or HTTP 429 or
503 with the reason) and everyone else is served on.";

/// Serve the game in a web browser.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The address to listen on (127.0.0.1: this machine only), with its
    /// port or without: 127.0.0.1, 0.0.0.0:8080, [::1]:8080.
    #[arg(long, value_name = "ADDR[:PORT]", default_value = "127.0.0.1", value_parser = parse_bind)]
    pub bind: Bind,

    /// The port to listen on (0: any free port); the default is 8080,
    /// or the port --bind names.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u16>::at_least(0))]
    pub port: Option<u16>,

    /// Open the address in the system's browser.
    #[arg(long)]
    pub open: bool,

    /// The game: rules, seed, your seat, the AI players (as `play`'s).
    #[command(flatten)]
    pub game: crate::cmd::game_args::GameArgs,

    /// How long each AI move stays on screen before the next, in
    /// milliseconds (0: at once).
    #[arg(long, value_name = "MS", default_value_t = 600, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub ai_delay: u64,

    /// Write each game's mjai log into DIR as it is played. DIR is made if
    /// missing, in a folder that exists.
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,

    /// Open this log (tenhou.net/6, mjai or mjlog) in the viewer.
    #[arg(long, value_name = "FILE")]
    pub open_log: Option<PathBuf>,

    /// At a lobby table, how long a person's seat waits after they leave
    /// a started game before an AI plays it (until they come back with
    /// their link): 0s to 3600s, e.g. 20s or 500ms (0s: at once).
    #[arg(long, value_name = "TIME", default_value = "20s", value_parser = super::values::parse_wait)]
    pub grace: Duration,

    /// A turn time limit for lobby tables whose creator names none, as on
    /// Tenhou: BASE seconds for each decision of a person, then their BANK
    /// of seconds for the whole game; when both are gone the server plays
    /// tsumogiri (or a pass, or the hand's rightmost tile) for them. E.g.
    /// 5+10 (0+0 or absent: no limit).
    #[arg(long, value_name = "BASE+BANK", value_parser = super::values::parse_turn_limit)]
    pub turn_limit: Option<super::values::TurnLimitFlag>,

    /// A domain name the server is reached by (repeat for several), e.g.
    /// mahjong.example. Requests naming any other domain are refused (DNS
    /// rebinding); IP addresses and localhost are always served.
    #[arg(long = "public-host", value_name = "NAME")]
    pub public_hosts: Vec<String>,

    /// Let a lobby request choose its table's wall seed (`"seed"`), for
    /// tests and replays. Off by default: whoever chose the seed knows the
    /// wall, and so every other person's hand.
    #[arg(long)]
    pub seeded_tables: bool,

    /// Messages a connection may send per second (and at once); the ones
    /// past it are answered with an error and not read.
    #[arg(long, value_name = "N", default_value_t = Limits::default().messages_per_second, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub max_messages_per_second: u32,

    /// WebSocket connections open at once from one IP address; one more
    /// is refused (HTTP 429).
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections_per_address, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub max_connections_per_address: u32,

    /// Lobby tables whose game is not over, in all; one more is refused
    /// (HTTP 503).
    #[arg(long, value_name = "N", default_value_t = Limits::default().tables, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(0))]
    pub max_tables: u32,

    /// Lobby tables whose game is not over opened from one IP address;
    /// one more is refused (HTTP 429).
    #[arg(long, value_name = "N", default_value_t = Limits::default().tables_per_address, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(0))]
    pub max_tables_per_address: u32,

    /// Rollouts per decision of the review button (default: tenpai
    /// review's).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub review_samples: Option<u32>,
}

/// `--bind`: an IP address, with a port or without.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bind {
    /// The address.
    pub ip: IpAddr,
    /// The port `--bind` names, if any.
    pub port: Option<u16>,
}

/// The port without `--port` or a port in `--bind`.
const DEFAULT_PORT: u16 = 8080;

/// Parses `--bind`: `127.0.0.1`, `::1`, `[::1]`, `0.0.0.0:8080` or `[::1]:8080`.
///
/// # Errors
/// Anything else, with the forms it takes.
fn parse_bind(text: &str) -> Result<Bind, String> {
    // `[::1]` as well as `::1`: the brackets of `[::1]:8080` without a port.
    let bare = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(text);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(Bind { ip, port: None });
    }
    text.parse::<SocketAddr>()
        .map(|a| Bind {
            ip: a.ip(),
            port: Some(a.port()),
        })
        .map_err(|_| {
            "expected an IP address, with a port or without: 127.0.0.1, 0.0.0.0:8080, [::1]:8080"
                .into()
        })
}

/// The address to listen on: `--bind`'s, on `--port` or the port `--bind`
/// names (the same one if both do), else 8080.
///
/// # Errors
/// `--bind` and `--port` naming two ports (a usage error).
fn listen_address(args: &Args) -> Result<SocketAddr> {
    let port = match (args.bind.port, args.port) {
        (Some(b), Some(p)) if b != p => {
            return Err(crate::UsageError {
                command: "serve",
                message: format!(
                    "--bind {} names port {b} and --port {p}: give the port once",
                    SocketAddr::new(args.bind.ip, b)
                ),
            }
            .into())
        }
        (Some(p), _) | (None, Some(p)) => p,
        (None, None) => DEFAULT_PORT,
    };
    Ok(SocketAddr::new(args.bind.ip, port))
}

/// Rollouts of the Monte Carlo advisor without `--samples` (as `play`'s hints).
const ADVISOR_SAMPLES: u32 = 1000;

/// The server's settings from the arguments.
///
/// # Errors
/// `--bind` and `--port` naming two ports; bad rules, seat, opponents or
/// sample counts; an unreadable log.
pub fn config(args: &Args) -> Result<tenpai_web::Config> {
    let bind = listen_address(args)?;
    let rules = crate::cmd::load_rules(&args.game.rules, args.game.length.as_deref())?;
    if let Some(dir) = &args.log_dir {
        // Made now, as selfplay does, so that a directory that cannot be
        // made is said before the server starts, not when a game ends.
        crate::cmd::make_output_dir("--log-dir", dir)?;
    }
    let budget = match args.game.samples {
        Some(n) => Budget::Samples(n),
        None => Budget::Time(args.game.think),
    };
    let mc = Settings {
        budget,
        threads: args.game.threads,
        ..Default::default()
    };
    let seat = args.game.seat.get();
    let kinds = crate::cmd::with_settings(&args.game.opponents.0, mc, args.game.bot_timeout);
    let opponents = Opponents::seat(&kinds, (!args.game.watch).then_some(seat)).map_err(|e| {
        crate::UsageError {
            command: "serve",
            message: format!("--opponents: {e}"),
        }
    })?;
    let advisor = match args.game.advisor.unwrap_or(if opponents.any_mc() {
        crate::cmd::advice::AdvisorKind::Mc
    } else {
        crate::cmd::advice::AdvisorKind::Baseline
    }) {
        crate::cmd::advice::AdvisorKind::Baseline => Advisor::Baseline,
        crate::cmd::advice::AdvisorKind::Mc => Advisor::Mc(Settings {
            budget: Budget::Samples(args.game.samples.unwrap_or(ADVISOR_SAMPLES)),
            threads: args.game.threads,
            ..Default::default()
        }),
    };
    let mut config = tenpai_web::Config::new(rules, args.game.seed.unwrap_or_else(random_seed));
    config.bind = bind;
    config.public_hosts = tenpai_web::host::Names::new(&args.public_hosts);
    config.seeded_tables = args.seeded_tables;
    config.table.players = std::array::from_fn(|s| opponents.at(s as u8).cloned());
    config.table.ai_delay = Duration::from_millis(args.ai_delay);
    config.table.advisor = advisor;
    config.table.log_dir.clone_from(&args.log_dir);
    config.grace = args.grace;
    config.turn_limit = args.turn_limit.and_then(|t| t.0);
    config.limits = Limits {
        messages_per_second: args.max_messages_per_second,
        connections_per_address: args.max_connections_per_address,
        tables: args.max_tables,
        tables_per_address: args.max_tables_per_address,
        ..Limits::default()
    };
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
        let game = crate::cmd::read_log(path)?;
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

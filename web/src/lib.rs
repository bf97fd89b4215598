//! # tenpai-web
//!
//! tenpai's table in the browser, served by `tenpai serve`: an axum + tokio
//! server with WebSockets, the page (HTML, ES modules, styles, the tile
//! pictures) embedded in the binary, and a log viewer.
//!
//! - [`protocol`]: the messages between page and server (serde, documented
//!   with examples in `docs/web-protocol.md`).
//! - [`table`]: one task per table owning its game; intents checked against
//!   the legal actions it offered; AI players and searches on the blocking
//!   pool.
//! - [`rooms`]: the server's tables, each person's seat behind a secret
//!   link, spectators' links; the lobby (`/lobby`, `/api/tables`) opens
//!   and lists them.
//! - [`view`]: what a client gets of the table: the library's view of its
//!   seat ([`tenpai::view::SeatView`]); [`patch`]: each update as a JSON
//!   Patch of the view sent before it, for the clients that ask.
//! - [`thinking`]: the thinking panel (shanten, acceptance, the Monte Carlo
//!   candidates live).
//! - [`logs`], [`viewer`], [`review`]: the viewer's logs, positions and
//!   reviews.
//! - [`tiles`]: the one set of tile pictures (SVG), shared with the review's
//!   web page.
//! - [`limits`]: messages per second, connections per address, tables in
//!   all and per address.
//! - `routes`: the HTTP routes (the page, `/ws`, the lobby, logs and
//!   reviews) and the `Host`/`Origin` checks of every request;
//!   `listen`: the accept loop (hyper, HTTP/1.1); `upgrade`: the
//!   WebSocket upgrade, its socket moved to its table's thread;
//!   `conn`: one WebSocket connection; `close`: the close frames it ends
//!   with; `origin`: the `Origin` check of
//!   WebSocket upgrades; `shutdown`: the server's shutdown; `assets`: the
//!   embedded page.
//!
//! ```no_run
//! use tenpai_web::{Config, serve};
//! let config = Config::new(tenpai::rules::Rules::tenhou(), 42);
//! serve(config, |addr, _opened| println!("http://{addr}/"))?;
//! # Ok::<(), tenpai_web::ServeError>(())
//! ```

#![warn(missing_docs)]

mod assets;
mod close;
mod conn;
pub mod host;
pub mod limits;
mod listen;
mod lobby;
pub mod logs;
mod origin;
pub mod patch;
pub mod protocol;
pub mod review;
pub mod rooms;
mod routes;
mod shutdown;
pub mod table;
mod tables;
pub mod thinking;
pub mod tiles;
mod upgrade;
pub mod view;
pub mod viewer;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use table::{Advisor, Role, TableHandle, TableSpec};
use tables::{open_table, Opened, Tables};
use tenpai::arena::PlayerKind;
use tenpai::review::ReviewOptions;
use tenpai::rules::Rules;
use tokio::sync::oneshot;

/// What `tenpai serve` serves.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub bind: SocketAddr,
    /// The table.
    pub table: TableSpec,
    /// How the review button reviews a game.
    pub review: ReviewOptions,
    /// A log to open in the viewer at the start (its text and name).
    pub open_log: Option<(String, String)>,
    /// The external bots the lobby offers (`cmd:COMMAND` seats): the
    /// lobby starts no other command.
    pub bots: Vec<String>,
    /// At a lobby table, how long a person's seat waits after they leave
    /// a started game before an AI plays it until they come back.
    pub grace: Duration,
    /// The turn time limit of a lobby table whose request names none
    /// (`None`: no limit, the default).
    pub turn_limit: Option<table::TurnLimit>,
    /// The lobby takes a wall seed in a new table's request (tests,
    /// replays). Off by default: whoever chose a table's seed knows its
    /// wall, and so every other person's hand.
    pub seeded_tables: bool,
    /// The domain names the server answers to besides IP addresses and
    /// `localhost` (requests for any other name are refused: [`host`]).
    pub public_hosts: host::Names,
    /// Messages per second per connection, connections per address,
    /// tables in all and per address ([`limits::Limits`]).
    pub limits: limits::Limits,
    /// Threads the tables run on, each table on one of them (its id
    /// modulo their number); `None`: two per core the machine offers
    /// ([`std::thread::available_parallelism`]; why two: docs/web-load.md,
    /// session 10).
    pub table_threads: Option<std::num::NonZeroUsize>,
}

impl Config {
    /// One person (East) against three baseline AI players on `rules` from
    /// wall seed `seed`, on 127.0.0.1:8080, AI moves shown 600 ms, the
    /// baseline advising, no log directory, lobby seats taken over by an
    /// AI 20 s after their person leaves, the default limits
    /// ([`limits::Limits::default`]), the tables on one thread per core.
    pub fn new(rules: Rules, seed: u64) -> Config {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            table: TableSpec {
                rules,
                seed,
                players: [
                    None,
                    Some(PlayerKind::Baseline),
                    Some(PlayerKind::Baseline),
                    Some(PlayerKind::Baseline),
                ],
                ai_delay: Duration::from_millis(600),
                advisor: Advisor::Baseline,
                log_dir: None,
                spectators_see_hands: false,
                grace: None,
                turn_limit: None,
                saved: None,
            },
            review: ReviewOptions::default(),
            open_log: None,
            bots: Vec::new(),
            grace: rooms::DEFAULT_GRACE,
            turn_limit: None,
            seeded_tables: false,
            public_hosts: host::Names::default(),
            limits: limits::Limits::default(),
            table_threads: None,
        }
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The runtime or the tables' threads could not start, or the server
    /// failed.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
    /// The table could not start (an external bot, or an engine error).
    #[error(transparent)]
    Table(#[from] table::StartError),
    /// The log to open could not be read.
    #[error("{0}")]
    Log(#[from] tenpai::log::LogError),
}

/// What the handlers share.
#[derive(Clone)]
pub(crate) struct AppState {
    /// The server's own table (no key) and the role of a page opened
    /// without a link.
    home: (TableHandle, Role),
    /// The lobby's tables.
    rooms: rooms::Rooms,
    /// The way to open a table on one of the tables' threads.
    tables: Tables,
    /// The bots the lobby offers.
    bots: Arc<Vec<String>>,
    /// The lobby tables' grace period ([`Config::grace`]).
    grace: Duration,
    /// The lobby tables' default turn time limit ([`Config::turn_limit`]).
    turn_limit: Option<table::TurnLimit>,
    /// The lobby takes a request's seed ([`Config::seeded_tables`]).
    seeded_tables: bool,
    /// Where finished games' logs are written.
    log_dir: Option<std::path::PathBuf>,
    logs: logs::Logs,
    clients: Arc<AtomicU64>,
    review: ReviewOptions,
    /// The rules logs without a room of their own are replayed under.
    rules: Arc<Rules>,
    /// The server's shutdown.
    shutdown: shutdown::Shutdown,
    /// The names the server answers to ([`Config::public_hosts`]).
    hosts: Arc<host::Names>,
    /// The server's limits.
    limits: Arc<limits::Limits>,
    /// The WebSocket connections open from each address.
    connections: limits::PerAddress,
    /// Held while a lobby table is opened: the table limits are checked
    /// and the table registered at once.
    opening: Arc<tokio::sync::Mutex<()>>,
}

impl AppState {
    fn next_client(&self) -> u64 {
        self.clients.fetch_add(1, Ordering::Relaxed) + 1
    }
}

/// A running server (for tests and benches): its address, and the way to
/// stop it.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The log opened at the start, if any (its id in the viewer).
    pub opened: Option<u64>,
    stop: Option<oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    state: AppState,
}

impl Running {
    /// Stops the server and waits for it: no new connection; every
    /// table closed, its game's log (with `--log-dir`) synced to the disk
    /// and its clients told ([`protocol::ServerMsg::Closing`]); every
    /// connection closed once it has written what it holds.
    ///
    /// # Errors
    /// The server's I/O error, if it failed.
    pub async fn stop(mut self) -> std::io::Result<()> {
        let shutdown = self.state.shutdown.clone();
        shutdown.start();
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let mut tables = vec![self.state.home.0.clone()];
        tables.extend(self.state.rooms.handles());
        shutdown.finish(tables).await;
        match self.done.take() {
            Some(d) => d.await.unwrap_or(Ok(())),
            None => Ok(()),
        }
    }
}

/// Starts serving `config` on the current tokio runtime; returns once it
/// listens.
///
/// # Errors
/// [`ServeError`]: the address cannot be bound, an external bot cannot be
/// started, the log to open cannot be read.
pub async fn start(config: Config) -> Result<Running, ServeError> {
    let logs = logs::Logs::default();
    let opened = match &config.open_log {
        Some((text, name)) => Some(logs.add_text(text, &config.table.rules, name.clone())?),
        None => None,
    };
    let tables = Tables::start(config.table_threads)?;
    let table = open_table(&tables, table::HOME_TABLE, config.table.clone(), &logs)
        .await
        .map_err(|e| match e {
            Opened::Stopped => ServeError::Io(std::io::Error::other("the tables' threads stopped")),
            Opened::Start(e) => ServeError::Table(e),
        })?;
    let home_role = match config.table.persons().first() {
        Some(&s) => Role::Seat(s),
        None => Role::Watcher,
    };
    let state = AppState {
        home: (table, home_role),
        rooms: rooms::Rooms::default(),
        tables: tables.clone(),
        bots: Arc::new(config.bots.clone()),
        grace: config.grace,
        turn_limit: config.turn_limit,
        seeded_tables: config.seeded_tables,
        log_dir: config.table.log_dir.clone(),
        logs,
        clients: Arc::new(AtomicU64::new(0)),
        review: config.review,
        rules: Arc::new(config.table.rules.clone()),
        shutdown: shutdown::Shutdown::default(),
        hosts: Arc::new(config.public_hosts.clone()),
        limits: Arc::new(config.limits.clone()),
        connections: limits::PerAddress::default(),
        opening: Arc::new(tokio::sync::Mutex::new(())),
    };
    if let Some(dir) = &config.table.log_dir {
        lobby::resume(&state, dir).await;
    }
    let app = routes::router(state.clone());
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.bind,
            source,
        })?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = oneshot::channel::<()>();
    let done = tokio::spawn(async move {
        // The tables' threads end when their senders (kept here, in the
        // state and in each connection's) are dropped.
        let _tables = tables;
        listen::serve(listener, app, stopped).await;
        Ok::<(), std::io::Error>(())
    });
    Ok(Running {
        addr,
        opened,
        stop: Some(stop),
        done: Some(done),
        state,
    })
}

/// Serves `config` until Ctrl-C (or SIGTERM), calling `ready` with the
/// address once it listens (the CLI prints it, or opens the browser); then
/// stops as [`Running::stop`] does, not waiting more than a second for
/// the AI players still thinking.
///
/// # Errors
/// As [`start`]; the runtime's I/O errors.
pub fn serve(
    config: Config,
    ready: impl FnOnce(SocketAddr, Option<u64>),
) -> Result<(), ServeError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = rt.block_on(async move {
        let running = start(config).await?;
        // The handlers are installed before the address is printed: a
        // supervisor may send SIGTERM as soon as it reads it, and a signal
        // with no handler yet would kill the process unsynced.
        let signal = ShutdownSignal::install()?;
        ready(running.addr, running.opened);
        signal.wait().await;
        running.stop().await?;
        Ok(())
    });
    rt.shutdown_timeout(Duration::from_secs(1));
    served
}

/// Ctrl-C and (on Unix) SIGTERM, listened for from the moment it is made.
struct ShutdownSignal {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl ShutdownSignal {
    /// Installs the handlers now (not at the first poll, as
    /// `tokio::signal::ctrl_c` would).
    fn install() -> std::io::Result<ShutdownSignal> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(ShutdownSignal {
                interrupt: signal(SignalKind::interrupt())?,
                terminate: signal(SignalKind::terminate())?,
            })
        }
        #[cfg(not(unix))]
        {
            Ok(ShutdownSignal {})
        }
    }

    /// Resolves at the first of the signals.
    async fn wait(self) {
        #[cfg(unix)]
        {
            let ShutdownSignal {
                mut interrupt,
                mut terminate,
            } = self;
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Content type of an embedded file by its extension.
pub(crate) fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

pub(crate) fn with_type(name: &str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type(name)),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

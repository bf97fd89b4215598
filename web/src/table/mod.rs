//! One table: a task that owns its game (an actor). It receives the clients'
//! intents through a channel, checks each against the legal actions it
//! offered, steps the game, and sends every client the table as its seat
//! sees it — built from the seat's view ([`crate::view`]), event by event.
//! Nothing else holds the game; there is no lock around it.
//!
//! The events the game records are applied one by one to a second state,
//! the table as published: each client gets one message per event with the
//! view after it, in full or as a patch of the view before
//! ([`crate::view::Sent`]; the page animates from them), and a client that joins
//! (or comes back after closing its tab) gets the table as it stands.
//!
//! AI players and the advisor's searches run on tokio's blocking pool and
//! answer the table through its internal channel; the search is watched,
//! and its progress is sent as it goes.

mod advise;
mod away;
mod clients;
mod decide;
mod end;
mod intent;
mod journal;
mod out;
mod resume;
pub mod seats;
mod spec;
mod turn;

pub use clients::to_text;
pub use out::{End, Ending, Out, OUT_QUEUE};
pub use spec::{Advisor, TableSpec};
pub use turn::{TurnLimit, TurnLimitError, RESULT_PAUSE};

use crate::logs::Logs;
use crate::protocol::{ClientMsg, GameEnd, SeatStatus};
use crate::thinking::Thinking;
use clients::send;
use decide::{Internal, Stage};
use seats::Ai;
use spec::seats_for;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tenpai::game::{Game, GameError, Observation, SeatIndex, State};
use tenpai::rules::Rules;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Who a client is at a table: what it may see and do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The person at this seat: its own concealed tiles and choices.
    Seat(SeatIndex),
    /// A spectator: every discard and call, no concealed hand, no wall
    /// ([`tenpai::view::SeatView::spectator`]).
    Spectator,
    /// A watcher of four AI players at the server's own table: every hand
    /// and each AI's thinking.
    Watcher,
}

impl Role {
    /// The seat it plays: `None` for a spectator or a watcher.
    ///
    /// ```
    /// use tenpai_web::table::Role;
    /// let [_, south, _, _] = tenpai::game::SeatIndex::ALL;
    /// assert_eq!(Role::Seat(south).seat(), Some(south));
    /// assert_eq!(Role::Spectator.seat(), None);
    /// ```
    pub fn seat(self) -> Option<SeatIndex> {
        match self {
            Role::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// A message to a table.
#[derive(Debug)]
pub enum TableMsg {
    /// A client joins (and gets the table as it stands).
    Join {
        /// The client's id.
        client: u64,
        /// Where its messages go.
        out: Out,
        /// Who it is.
        role: Role,
    },
    /// A client left.
    Leave {
        /// The client's id.
        client: u64,
    },
    /// A client's intent (act, panel, new game).
    Intent {
        /// The client's id.
        client: u64,
        /// What it asks.
        msg: ClientMsg,
    },
    /// The server is shutting down: the game's log synced to the disk,
    /// every client told ([`crate::protocol::ServerMsg::Closing`]), the table's task ended;
    /// `done` answered then.
    Close {
        /// Answered once the table has closed.
        done: tokio::sync::oneshot::Sender<()>,
    },
}

/// The way to a table's task.
#[derive(Clone, Debug)]
pub struct TableHandle {
    id: u64,
    tx: mpsc::Sender<TableMsg>,
    status: Arc<Mutex<TableStatus>>,
}

impl TableHandle {
    /// The table's id, unique in this server: [`HOME_TABLE`] or the id the
    /// lobby lists it under (its finished games' logs carry it:
    /// [`crate::logs::Origin::Table`]).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use tenpai_web::{logs::Logs, table, Config};
    /// // A table's task runs on a `LocalSet` (the engine's game is not `Send`).
    /// let spec = Config::new(tenpai::rules::Rules::tenhou(), 1).table;
    /// let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    /// let local = tokio::task::LocalSet::new();
    /// let handle = local.block_on(&rt, async { table::spawn(7, spec, Logs::default()) })?;
    /// assert_eq!(handle.id(), 7);
    /// assert!(handle.status().seats.len() == 4 && !handle.status().over);
    /// # Ok(())
    /// # }
    /// ```
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Sends `msg` to the table; false when the table is gone.
    pub async fn send(&self, msg: TableMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }

    /// Where the table stands (nothing secret: for the lobby's listing).
    pub fn status(&self) -> TableStatus {
        self.status.lock().map(|s| *s).unwrap_or(TableStatus {
            seats: [SeatStatus::Ai; 4],
            started: false,
            over: true,
        })
    }
}

/// Where a table stands, as the lobby lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableStatus {
    /// Each seat: an AI's, or a person's (open, here, away).
    pub seats: [SeatStatus; 4],
    /// The game has started.
    pub started: bool,
    /// The game is over.
    pub over: bool,
}

struct Client {
    id: u64,
    out: Out,
    role: Role,
    /// The client shows the thinking panel.
    panel: bool,
    /// The client takes patches ([`ClientMsg::Patches`]).
    patches: bool,
    /// With `patches`: the view last sent to it, the base of the next
    /// patch (`None`: the next view goes in full).
    view: Option<crate::view::Sent>,
    /// The tables and updates sent to it (the next one's `seq`).
    seq: u64,
}

/// A search progress is sent at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Deals the first game of table `id` and starts its task on the current
/// `LocalSet` (a tables' thread: the engine's game is not `Send`). The
/// server's own table is [`HOME_TABLE`]; a lobby table has the id the
/// lobby lists it under ([`crate::rooms::Rooms::reserve`]), which also
/// names its logs (`tenpai-table{id}-game{n}.jsonl`, "table {id}, game {n}").
///
/// # Errors
/// An external bot that cannot be started; an engine error (a bug).
pub fn spawn(id: u64, spec: TableSpec, logs: Logs) -> Result<TableHandle, StartError> {
    let (tx, rx) = mpsc::channel(256);
    let t = Table::new(id, spec, logs)?;
    let status = t.public.clone();
    t.update_public();
    tokio::task::spawn_local(t.run(rx));
    Ok(TableHandle { id, tx, status })
}

/// The id of the server's own table (the one at `/`): the lobby's ids
/// start at 1 ([`crate::rooms::Rooms::reserve`]).
pub const HOME_TABLE: u64 = 0;

/// An error starting a game.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// An external bot could not be started.
    #[error(transparent)]
    Bot(#[from] seats::SpawnError),
    /// The engine failed (a bug).
    #[error("the engine failed: {0}")]
    Engine(#[from] GameError),
    /// A lobby table's game could not be resumed from its log.
    #[error("cannot resume: {0}")]
    Resume(String),
}

struct Table {
    /// Its id ([`TableHandle::id`]).
    id: u64,
    spec: TableSpec,
    logs: Logs,
    /// Games started at this table (the first is 1).
    games: u64,
    seed: u64,
    game: Game<'static>,
    /// The table as published: the game's events applied one by one.
    shown: State,
    published: usize,
    seats: [Option<Box<Ai>>; 4],
    /// Events each AI player has heard.
    heard: [usize; 4],
    /// The view the last quick AI was asked with, kept for its buffers.
    obs: Option<Observation>,
    clients: Vec<Client>,
    decision: u64,
    stage: Stage,
    /// The panel of the open decision.
    thinking: Option<Thinking>,
    /// The next AI move is not shown before this.
    next_ai: Instant,
    ended: Option<GameEnd>,
    /// The person's seats taken at least once.
    joined: [bool; 4],
    /// The game has started (every person's seat taken).
    started: bool,
    /// When an AI takes each left person's seat over.
    away: [Option<Instant>; 4],
    /// An AI plays the seat while its person is away.
    covered: [bool; 4],
    /// The clock of a person's open decision (with a turn time limit).
    clock: Option<turn::Clock>,
    /// Each seat's bank of time left for this game (with a turn time limit).
    banks: [Duration; 4],
    /// When the last round ended (its result published): no clock runs
    /// in the [`turn::RESULT_PAUSE`] after it.
    round_ended: Option<Instant>,
    /// The game's log file as it is played (with `--log-dir`).
    journal: Option<journal::Journal>,
    /// The log file could not be written (said once).
    journal_failed: bool,
    /// Where the table stands, for the lobby.
    public: Arc<Mutex<TableStatus>>,
    internal_tx: mpsc::UnboundedSender<Internal>,
    internal_rx: mpsc::UnboundedReceiver<Internal>,
    /// A quick AI's answer waiting for the loop of the quick AI answering
    /// before it (`Some` only inside that loop; see `decide::ask_ai`).
    quick: Option<Option<Internal>>,
}

impl Table {
    fn new(id: u64, spec: TableSpec, logs: Logs) -> Result<Table, StartError> {
        let (internal_tx, internal_rx) = mpsc::unbounded_channel();
        let seed = spec.seed;
        let game = Game::new(&spec.rules, seed, false)?;
        let started = spec.persons().is_empty();
        let saved = spec.saved.as_ref().and_then(|s| s.game.clone());
        let mut t = Table {
            id,
            shown: fresh(&spec.rules),
            // A resumed game's players are made once it is known to go on
            // ([`Table::resume`]): a finished one's never (no bot started
            // to list a table).
            seats: match saved {
                Some(_) => Default::default(),
                None => seats_for(&spec, seed)?,
            },
            spec,
            logs,
            games: 1,
            seed,
            game,
            published: 0,
            heard: [0; 4],
            obs: None,
            clients: Vec::new(),
            decision: 0,
            stage: Stage::Thinking,
            thinking: None,
            next_ai: Instant::now(),
            ended: None,
            joined: [false; 4],
            started,
            away: [None; 4],
            covered: [false; 4],
            clock: None,
            banks: [Duration::ZERO; 4],
            round_ended: None,
            journal: None,
            journal_failed: false,
            public: Arc::new(Mutex::new(TableStatus {
                seats: [SeatStatus::Ai; 4],
                started,
                over: false,
            })),
            internal_tx,
            internal_rx,
            quick: None,
        };
        t.fill_banks();
        if !started {
            // Nothing is published before the game starts: a person who
            // sits down sees an empty table, not their deal, while the
            // others are awaited.
            t.stage = Stage::Waiting;
        }
        match saved {
            Some(game) => t.resume(&game)?,
            None => {
                t.save(None);
                if started {
                    t.advance();
                }
            }
        }
        Ok(t)
    }

    async fn run(mut self, mut rx: mpsc::Receiver<TableMsg>) {
        loop {
            let at = match &self.stage {
                Stage::Ready { at, .. } => Some(*at),
                _ => None,
            };
            let takeover = self.next_takeover();
            let turn = self.turn_deadline();
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(TableMsg::Close { done }) => {
                        self.close();
                        let _ = done.send(());
                        return;
                    }
                    Some(m) => self.handle(m),
                    None => return,
                },
                Some(i) = self.internal_rx.recv() => self.internal(i),
                _ = tokio::time::sleep_until(at.unwrap_or_else(Instant::now)), if at.is_some() => {
                    if let Stage::Ready { action, .. } = std::mem::replace(&mut self.stage, Stage::Thinking) {
                        self.step(&action);
                    }
                }
                _ = tokio::time::sleep_until(takeover.unwrap_or_else(Instant::now)), if takeover.is_some() => {
                    self.take_over();
                }
                _ = tokio::time::sleep_until(turn.unwrap_or_else(Instant::now)), if turn.is_some() => {
                    self.time_out();
                }
            }
            self.flush();
        }
    }

    /// Sends each client the updates gathered while the table did what it
    /// had to do at once ([`Out::batch`]): one message.
    fn flush(&self) {
        for c in &self.clients {
            c.out.flush();
        }
    }
    /// A person plays at `seat`.
    fn is_person(&self, seat: SeatIndex) -> bool {
        self.spec.is_person(seat)
    }
}

/// A client of `role` may see the thinking about `seat`: the person at that
/// seat, or a watcher of four AI players.
fn may_see_thinking(role: Role, seat: SeatIndex) -> bool {
    match role {
        Role::Seat(s) => s == seat,
        Role::Watcher => true,
        Role::Spectator => false,
    }
}

/// A state before any event (the published table starts from it).
fn fresh(rules: &Rules) -> State {
    State::new(rules.clone())
}

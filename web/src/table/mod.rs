//! One table: a task that owns its game (an actor). It receives the clients'
//! intents through a channel, checks each against the legal actions it
//! offered, steps the game, and sends every client the table as its seat
//! sees it — built from the seat's view ([`crate::view`]), event by event.
//! Nothing else holds the game; there is no lock around it.
//!
//! The events the game records are applied one by one to a second state,
//! the table as published: each client gets one message per event with the
//! view after it (the page animates from them), and a client that joins
//! (or comes back after closing its tab) gets the table as it stands.
//!
//! AI players and the advisor's searches run on tokio's blocking pool and
//! answer the table through its internal channel; the search is watched,
//! and its progress is sent as it goes.

mod advise;
mod away;
mod clients;
mod end;
mod journal;
pub mod seats;

pub use clients::to_text;

use crate::logs::Logs;
use crate::protocol::{ClientMsg, GameEnd, SeatStatus, ServerMsg};
use crate::thinking::{self, Thinking};
use advise::Progress;
use clients::send;
use seats::{visible, Ai};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tenpai::ai::mc::{SearchReport, Settings};
use tenpai::arena::PlayerKind;
use tenpai::game::{Action, Game, GameError, Observation, SeatIndex, State};
use tenpai::rules::Rules;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// A client's outgoing messages (JSON text); the connection writes them.
pub type Out = mpsc::Sender<Arc<str>>;

/// Messages a client may have waiting before it counts as gone.
pub const OUT_QUEUE: usize = 1024;

/// Who recommends the person's moves in the thinking panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advisor {
    /// The rule-based AI (instant).
    Baseline,
    /// The Monte Carlo search with these settings.
    Mc(Settings),
}

impl Advisor {
    fn name(self) -> &'static str {
        match self {
            Advisor::Baseline => "baseline",
            Advisor::Mc(_) => "mc",
        }
    }
}

/// What to play at a table.
#[derive(Clone, Debug)]
pub struct TableSpec {
    /// The rules (length included).
    pub rules: Rules,
    /// The first game's wall seed; each new game at the table takes the next.
    pub seed: u64,
    /// The AI player at each seat; `None` at the person's seat (four AI
    /// players: the clients watch).
    pub players: [Option<PlayerKind>; 4],
    /// How long each visible AI move stays before the next.
    pub ai_delay: Duration,
    /// The advisor of the thinking panel.
    pub advisor: Advisor,
    /// Where each game's mjai log is written as it is played.
    pub log_dir: Option<PathBuf>,
    /// Spectators may see every hand of the table's finished games in the
    /// viewer ([`crate::rooms::access`]).
    pub spectators_see_hands: bool,
    /// How long a person's seat waits after they leave a started game
    /// before an AI plays it until they come back; `None`: it waits for
    /// them (the server's own table).
    pub grace: Option<Duration>,
}

impl TableSpec {
    /// A person plays at `seat`.
    pub fn is_person(&self, seat: SeatIndex) -> bool {
        self.players.get(seat.index()).is_some_and(Option::is_none)
    }

    /// The seats where people play, in seat order.
    pub fn persons(&self) -> Vec<SeatIndex> {
        SeatIndex::ALL
            .into_iter()
            .filter(|&s| self.is_person(s))
            .collect()
    }

    /// The players' names: `You` for a single person (the name reviews
    /// look for), `person E`… when several play, and the AI players' kinds
    /// with their first seat (`baseline S`).
    pub fn names(&self) -> [String; 4] {
        let single = self.persons().len() == 1;
        std::array::from_fn(|s| match &self.players[s] {
            None if single => tenpai::review::PLAYER_NAME.to_string(),
            None => format!("person {}", ["E", "S", "W", "N"][s]),
            Some(k) => format!("{k} {}", ["E", "S", "W", "N"][s]),
        })
    }
}

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
    /// The seat it plays.
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
    /// every client told ([`ServerMsg::Closing`]), the table's task ended;
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
    /// The table's id, unique in this server (its finished games' logs
    /// carry it: [`crate::logs::Origin::Table`]).
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

/// What the blocking tasks tell the table.
enum Internal {
    /// A search so far (or done) of decision `decision`.
    Progress {
        decision: u64,
        report: SearchReport,
        done: bool,
    },
    /// An AI decided.
    AiDone {
        seat: SeatIndex,
        decision: u64,
        ai: Box<Ai>,
        action: Action,
    },
}

/// Where the table stands.
enum Stage {
    /// Waiting for the person at `seat` to answer decision `decision`.
    Person { seat: SeatIndex, decision: u64 },
    /// An AI is thinking.
    Thinking,
    /// An AI chose `action`; it is played at `at` (the AI delay).
    Ready { action: Action, at: Instant },
    /// Four AI players and nobody watching: the game waits for a client.
    Unwatched,
    /// Waiting for the people: the game starts when every person's seat
    /// has been taken.
    Waiting,
    /// The game is over (or stopped by an engine error).
    Over,
}

struct Client {
    id: u64,
    out: Out,
    role: Role,
    /// The client shows the thinking panel.
    panel: bool,
}

/// A search progress is sent at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Deals the table's first game and starts its task on the current
/// `LocalSet` (the tables' thread: the engine's game is not `Send`).
///
/// # Errors
/// An external bot that cannot be started; an engine error (a bug).
pub fn spawn(spec: TableSpec, logs: Logs) -> Result<TableHandle, StartError> {
    let (tx, rx) = mpsc::channel(256);
    let id = NEXT_TABLE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let t = Table::new(id, spec, logs)?;
    let status = t.public.clone();
    t.update_public();
    tokio::task::spawn_local(t.run(rx));
    Ok(TableHandle { id, tx, status })
}

/// The next table's id.
static NEXT_TABLE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// An error starting a game.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// An external bot could not be started.
    #[error(transparent)]
    Bot(#[from] seats::SpawnError),
    /// The engine failed (a bug).
    #[error("the engine failed: {0}")]
    Engine(#[from] GameError),
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
    /// The game's log file as it is played (with `--log-dir`).
    journal: Option<journal::Journal>,
    /// The log file could not be written (said once).
    journal_failed: bool,
    /// Where the table stands, for the lobby.
    public: Arc<Mutex<TableStatus>>,
    internal_tx: mpsc::UnboundedSender<Internal>,
    internal_rx: mpsc::UnboundedReceiver<Internal>,
}

impl Table {
    fn new(id: u64, spec: TableSpec, logs: Logs) -> Result<Table, StartError> {
        let (internal_tx, internal_rx) = mpsc::unbounded_channel();
        let seed = spec.seed;
        let game = Game::new(&spec.rules, seed, false)?;
        let started = spec.persons().is_empty();
        let mut t = Table {
            id,
            shown: fresh(&spec.rules),
            seats: seats_for(&spec, seed)?,
            spec,
            logs,
            games: 1,
            seed,
            game,
            published: 0,
            heard: [0; 4],
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
            journal: None,
            journal_failed: false,
            public: Arc::new(Mutex::new(TableStatus {
                seats: [SeatStatus::Ai; 4],
                started,
                over: false,
            })),
            internal_tx,
            internal_rx,
        };
        if started {
            t.advance();
        } else {
            // Nothing is published before the game starts: a person who
            // sits down sees an empty table, not their deal, while the
            // others are awaited.
            t.stage = Stage::Waiting;
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
            }
        }
    }

    /// A person plays at `seat`.
    fn is_person(&self, seat: SeatIndex) -> bool {
        self.spec.is_person(seat)
    }

    fn role_of(&self, client: u64) -> Option<Role> {
        self.clients.iter().find(|c| c.id == client).map(|c| c.role)
    }

    fn handle(&mut self, m: TableMsg) {
        match m {
            TableMsg::Join { client, out, role } => {
                if let Role::Seat(s) = role {
                    self.joined[s.index()] = true;
                    self.came_back(s);
                }
                if !self.started && self.spec.persons().iter().all(|&s| self.joined[s.index()]) {
                    // The last person sits down: the game runs on to the
                    // first decision of a person before the newcomer is
                    // greeted with the table as it then stands.
                    self.started = true;
                    self.advance();
                }
                self.clients.push(Client {
                    id: client,
                    out,
                    role,
                    panel: true,
                });
                self.greet(client);
                self.tell_seats();
                if matches!(self.stage, Stage::Unwatched) {
                    return self.advance();
                }
                if let (Stage::Person { seat, decision }, None) = (&self.stage, &self.thinking) {
                    let (seat, decision) = (*seat, *decision);
                    if role == Role::Seat(seat) {
                        self.advise(seat, decision);
                    }
                }
            }
            TableMsg::Leave { client } => {
                self.clients.retain(|c| c.id != client);
                self.tell_seats();
                self.after_leave();
            }
            TableMsg::Intent { client, msg } => self.intent(client, msg),
            // Done in `run`, which ends the task.
            TableMsg::Close { .. } => {}
        }
    }

    /// The server shuts down: the game's log synced to the disk (a failure
    /// printed), every client told, none kept.
    fn close(&mut self) {
        if let Some(j) = &mut self.journal {
            if let Err(why) = j.sync() {
                eprintln!("tenpai serve: {why}");
            }
        }
        let msg = ServerMsg::Closing {
            message: "the server is shutting down: the game stops here".into(),
        };
        for c in self.clients.drain(..) {
            send(&c.out, &msg);
        }
    }

    fn intent(&mut self, client: u64, msg: ClientMsg) {
        match msg {
            ClientMsg::Act { decision, choice } => {
                let role = self.role_of(client);
                let open = match self.stage {
                    Stage::Person { decision: d, seat } if role == Some(Role::Seat(seat)) => {
                        Some(d)
                    }
                    _ => None,
                };
                if open != Some(decision) {
                    let why = match open {
                        Some(d) => format!("decision {decision} is not open (decision {d} is)"),
                        None => format!("decision {decision} is not open: it is not your turn"),
                    };
                    return self.error(client, why);
                }
                let Some(action) = self.game.legal().get(choice).cloned() else {
                    let n = self.game.legal().len();
                    return self.error(client, format!("choice {choice} of {n}: no such choice"));
                };
                self.stage = Stage::Thinking;
                self.thinking = None;
                self.step(&action);
            }
            ClientMsg::Panel { on } => {
                let asked = match self.stage {
                    Stage::Person { seat, decision } => Some((seat, decision)),
                    _ => None,
                };
                let was = asked.is_some_and(|(s, _)| self.wants_panel(s));
                if let Some(c) = self.clients.iter_mut().find(|c| c.id == client) {
                    c.panel = on;
                }
                if let Some((seat, decision)) = asked {
                    if on && !was && self.wants_panel(seat) {
                        self.advise(seat, decision);
                    }
                }
            }
            ClientMsg::NewGame => {
                if self.role_of(client) == Some(Role::Spectator) {
                    return self.error(client, "a spectator cannot deal a new game".into());
                }
                if !matches!(self.stage, Stage::Over) {
                    return self.error(client, "the game is not over".into());
                }
                if let Err(e) = self.new_game() {
                    let why = format!("a new game could not start: {e}");
                    self.error(client, why);
                }
            }
            other => self.error(client, format!("{other:?} is not a table's message")),
        }
    }

    fn new_game(&mut self) -> Result<(), StartError> {
        let seed = self.spec.seed.wrapping_add(self.games);
        let seats = seats_for(&self.spec, seed)?;
        self.game = Game::new(&self.spec.rules, seed, false)?;
        self.games += 1;
        self.seed = seed;
        self.seats = seats;
        self.shown = fresh(&self.spec.rules);
        self.published = 0;
        self.heard = [0; 4];
        self.thinking = None;
        self.ended = None;
        self.journal = None;
        self.journal_failed = false;
        self.update_public();
        for c in 0..self.clients.len() {
            let id = self.clients[c].id;
            self.greet(id);
        }
        self.advance();
        Ok(())
    }

    /// A client that may see the thinking about `seat` shows the panel.
    fn wants_panel(&self, seat: SeatIndex) -> bool {
        self.clients
            .iter()
            .any(|c| c.panel && may_see_thinking(c.role, seat))
    }

    fn internal(&mut self, i: Internal) {
        match i {
            Internal::Progress {
                decision,
                report,
                done,
            } => {
                if decision != self.decision {
                    return;
                }
                let Some(t) = self.thinking.as_mut() else {
                    return;
                };
                let view = thinking::search_view(&report, self.game.legal(), done);
                if done {
                    t.recommended = thinking::choice_of(&report.chosen, self.game.legal());
                }
                t.search = Some(view);
                self.broadcast_thinking();
            }
            Internal::AiDone {
                seat,
                decision,
                ai,
                action,
            } => {
                self.seats[seat.index()] = Some(ai);
                if decision != self.decision || !matches!(self.stage, Stage::Thinking) {
                    return;
                }
                if let Some(t) = self.thinking.as_mut().filter(|t| t.recommended.is_none()) {
                    t.recommended = thinking::choice_of(&action, self.game.legal());
                    self.broadcast_thinking();
                }
                if visible(&action) && self.next_ai > Instant::now() {
                    let at = self.next_ai;
                    self.stage = Stage::Ready { action, at };
                } else {
                    self.step(&action);
                }
            }
        }
    }

    /// Plays `action` for the seat asked and runs the table on.
    fn step(&mut self, action: &Action) {
        if let Err(e) = self.game.step(action) {
            return self.fail(&e);
        }
        if visible(action) && !self.spec.ai_delay.is_zero() {
            self.next_ai = Instant::now() + self.spec.ai_delay;
        }
        self.advance();
    }

    fn fail(&mut self, e: &dyn std::fmt::Display) {
        eprintln!("tenpai serve: the game stopped (a bug): {e}");
        self.stage = Stage::Over;
        let msg = ServerMsg::Error {
            message: format!("the game stopped (a bug in the engine): {e}"),
        };
        self.broadcast(&msg);
    }

    /// Publishes the new events, then asks the next decision (or ends the
    /// game).
    fn advance(&mut self) {
        if let Err(e) = self.publish() {
            return self.fail(&e);
        }
        let Some(seat) = self.game.to_act() else {
            return self.finish();
        };
        if self.spec.persons().is_empty() && self.clients.is_empty() {
            // A game of four AI players is played while someone watches.
            self.stage = Stage::Unwatched;
            return;
        }
        self.decision += 1;
        let decision = self.decision;
        self.thinking = None;
        if self.is_person(seat) && !self.covered[seat.index()] {
            // The page answers with a position in the view's choices: they
            // must be the actions the game asks about.
            if tenpai::game::legal_actions(&self.shown, seat) != self.game.legal() {
                return self.fail(&"the seat's view offers other actions than the game asks");
            }
            self.stage = Stage::Person { seat, decision };
            for c in &self.clients {
                let msg = ServerMsg::Table {
                    event: None,
                    view: Box::new(self.table_view(c.role)),
                };
                send(&c.out, &msg);
            }
            if self.wants_panel(seat) {
                self.advise(seat, decision);
            }
            return;
        }
        self.ask_ai(seat);
    }

    /// Asks the AI at `seat` (or the one playing for its away person) the
    /// open decision.
    fn ask_ai(&mut self, seat: SeatIndex) {
        let decision = self.decision;
        self.stage = Stage::Thinking;
        let ai = match self.cover(seat) {
            Some(ai) => Some(ai),
            None => self.seats[seat.index()].take(),
        };
        let Some(mut ai) = ai else {
            return self.fail(&format!("seat {seat} has no player"));
        };
        let events = self.game.events()[self.heard[seat.index()]..].to_vec();
        self.heard[seat.index()] = self.game.events().len();
        let obs = Observation::of(self.game.state(), seat);
        let legal = self.game.legal().to_vec();
        // Watching four AI players: each one's thinking is shown.
        let watched = self.spec.persons().is_empty() && self.wants_panel(seat);
        if watched {
            let by = if matches!(*ai, Ai::Mc(_)) {
                "mc"
            } else {
                "players"
            };
            self.thinking = Some(thinking::panel(&obs, decision, &self.spec.rules, by));
            self.broadcast_thinking();
        }
        if ai.quick() {
            let (action, _) = ai.decide(&events, &obs, &legal, None);
            return self.internal(Internal::AiDone {
                seat,
                decision,
                ai,
                action,
            });
        }
        let tx = self.internal_tx.clone();
        tokio::task::spawn_blocking(move || {
            let progress = Progress::new(tx.clone(), decision);
            let watch = |r: &SearchReport| progress.tell(r);
            let watch: Option<&(dyn Fn(&SearchReport) + Sync)> =
                if watched { Some(&watch) } else { None };
            let (action, report) = ai.decide(&events, &obs, &legal, watch);
            if let (true, Some(r)) = (watched, report) {
                let _ = tx.send(Internal::Progress {
                    decision,
                    report: r,
                    done: true,
                });
            }
            let _ = tx.send(Internal::AiDone {
                seat,
                decision,
                ai,
                action,
            });
        });
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

fn seats_for(spec: &TableSpec, seed: u64) -> Result<[Option<Box<Ai>>; 4], seats::SpawnError> {
    let mut out: [Option<Box<Ai>>; 4] = Default::default();
    for s in SeatIndex::ALL {
        if let Some(kind) = &spec.players[s.index()] {
            out[s.index()] = Some(Box::new(Ai::make(kind, &spec.rules, seed, s)?));
        }
    }
    Ok(out)
}

//! One game between the person and the AI players: the engine runs in a worker
//! thread and sends the front end (plain lines or the full-screen view) only
//! what the person may see — every event with other players' draws and deals
//! hidden, the person's own [`Observation`], and at the end of a round the
//! hands that are shown (winners, and tenpai hands at an exhaustive draw).
//!
//! The person's seat is a [`Player`] that forwards its observation and legal
//! actions to the front end and waits for the answer. When the person leaves,
//! the channel closes; the worker then finishes the game on its own with
//! quick legal choices, unseen, and the front end returns at once.

use super::opponents::{make, Opponent, Opponents};
use anyhow::{bail, Context, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;
use tenpai::ai::mc::{Budget, DecisionHook, SearchReport};
use tenpai::bot::{BotHandle, Faults};
use tenpai::game::{
    final_scores, play_game_watched, Action, DrawReason, Event, GameError, GameRecord, Observation,
    Pai, Player, RoundOutcome, State, TableMeld,
};
use tenpai::rules::Rules;

/// What to play.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The rules (length included).
    pub rules: Rules,
    /// The wall seed (the game is reproducible from it and the person's choices).
    pub seed: u64,
    /// The person's seat, 0–3 (0 deals first); the seat whose view is shown
    /// when watching.
    pub seat: u8,
    /// Four AI players; the person only watches.
    pub watch: bool,
    /// The players at the AI seats (their settings: the Monte Carlo budget
    /// and threads, the external bots' timeout).
    pub opponents: Opponents,
    /// The Monte Carlo players' budget per decision (as in their settings in
    /// `opponents`; the banner shows it).
    pub budget: Budget,
    /// Threads for each Monte Carlo decision's rollouts (0 or 1: the game's
    /// own thread).
    pub threads: usize,
    /// Where the Monte Carlo players write one CSV row per decision.
    pub decisions: Option<Decisions>,
}

/// The shared decision CSV ([`crate::cmd::report::DecisionLog`]; the
/// caller reports a failed write when the game ends).
#[derive(Clone)]
pub struct Decisions(pub Arc<crate::cmd::report::DecisionLog>);

impl std::fmt::Debug for Decisions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Decisions(..)")
    }
}

/// A hand shown at the end of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Whose.
    pub seat: u8,
    /// The concealed tiles, the winning tile left out.
    pub concealed: Vec<Pai>,
    /// The melds.
    pub melds: Vec<TableMeld>,
    /// The winning tile (winners only).
    pub win_tile: Option<Pai>,
}

/// How a round ended, as everybody at the table sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    /// Wins with their scores, or the draw with its payments.
    pub outcome: RoundOutcome,
    /// Winners' hands, or the tenpai hands of an exhaustive draw.
    pub shown: Vec<Shown>,
    /// Ura dora indicators, when a winner was in riichi.
    pub ura: Vec<Pai>,
    /// Scores at the start of the round (before any riichi deposit).
    pub before: [i32; 4],
    /// Scores after the round.
    pub scores: [i32; 4],
    /// The game ends with this round.
    pub game_over: bool,
}

/// One event as the person sees it.
#[derive(Clone, Debug)]
pub struct Update {
    /// The event, with other players' draws and dealt tiles hidden (`?`).
    pub event: Event,
    /// The person's view after it.
    pub obs: Observation,
    /// At `end_kyoku`: how the round ended.
    pub round_end: Option<RoundEnd>,
}

/// What the front end answers at a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// One of the legal actions.
    Act(Action),
    /// The person leaves the game.
    Leave(Leave),
}

/// Why the person left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// They asked to (`q`).
    Quit,
    /// Their input ended (end of file).
    InputEnded,
    /// They pressed Ctrl-C (the program exits with 130, as interrupted).
    Interrupted,
}

/// How a session ended.
#[derive(Debug)]
pub enum Ending {
    /// The game was played to the end.
    Finished(GameRecord),
    /// The person left; the view they had last.
    Left(Leave, Box<Observation>),
}

/// A front end: shows events, asks the person, shows the end of the game.
pub trait Frontend {
    /// Shows one event; `Some` when the person leaves while watching it.
    ///
    /// # Errors
    /// An I/O error of the screen.
    fn show(&mut self, update: &Update) -> Result<Option<Leave>>;

    /// Asks the person for one of `legal` (never empty).
    ///
    /// # Errors
    /// An I/O error of the screen or input.
    fn decide(&mut self, obs: &Observation, legal: &[Action]) -> Result<Choice>;

    /// Called while the game is slow to send anything (an AI thinking, an
    /// external bot silent): `Some` when the person leaves meanwhile. The
    /// default does nothing.
    ///
    /// # Errors
    /// An I/O error of the screen or input.
    fn idle(&mut self) -> Result<Option<Leave>> {
        Ok(None)
    }

    /// Shows the end of the game: `record` and the final scores with uma
    /// and oka (points, by seat).
    ///
    /// # Errors
    /// An I/O error of the screen.
    fn game_over(&mut self, record: &GameRecord, final_points: &[i32; 4]) -> Result<()>;
}

enum Msg {
    Update(Box<Update>),
    Decide {
        obs: Box<Observation>,
        legal: Vec<Action>,
        reply: Sender<Action>,
    },
    Done(Result<GameRecord, GameError>),
}

/// The person's seat on the worker's side: asks the front end through the
/// channel; once it is closed, plays quick legal moves.
struct Person {
    to_front: Sender<Msg>,
}

impl Player for Person {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let (reply, answer) = mpsc::channel();
        let asked = self.to_front.send(Msg::Decide {
            obs: Box::new(obs.clone()),
            legal: legal.to_vec(),
            reply,
        });
        if asked.is_ok() {
            if let Ok(a) = answer.recv() {
                if legal.contains(&a) {
                    return a;
                }
            }
        }
        // The person left: finish quickly.
        quick(legal)
    }
}

/// The players at the AI seats of `setup`, made before the game starts; a
/// Monte Carlo player writes its decisions to `setup.decisions`.
///
/// # Errors
/// An external bot that cannot be started.
fn opponents(setup: &Setup) -> Result<Vec<Option<Opponent>>> {
    (0..4u8)
        .map(|seat| {
            let Some(kind) = setup.opponents.at(seat) else {
                return Ok(None);
            };
            let hook = setup.decisions.as_ref().map(|Decisions(log)| {
                let log = log.clone();
                let game = setup.seed;
                // A failed write is kept by the log and reported when the
                // game ends.
                Box::new(move |obs: &Observation, report: &SearchReport| {
                    log.record(game, obs, report)
                }) as DecisionHook
            });
            make(kind, &setup.rules, setup.seed, seat, hook).map(Some)
        })
        .collect()
}

/// An external bot's faults in a game, for standard error at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotFaults {
    /// Its seat.
    pub seat: u8,
    /// Its kind (`cmd:COMMAND`).
    pub player: String,
    /// What went wrong (the baseline played those decisions).
    pub faults: Faults,
}

/// An AI player that, once the person has left, plays quick legal moves
/// instead of thinking, and no longer tells an external bot the events (the
/// unseen rest of the game ends at once).
struct Ai {
    inner: Opponent,
    gone: Arc<AtomicBool>,
}

impl Player for Ai {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        if self.gone.load(Ordering::Relaxed) {
            return quick(legal);
        }
        self.inner.player().act(obs, legal)
    }

    fn observe(&mut self, event: &Event) {
        if !self.gone.load(Ordering::Relaxed) {
            self.inner.player().observe(event);
        }
    }
}

/// A quick legal move: a pass, a discard, whatever is first.
fn quick(legal: &[Action]) -> Action {
    legal
        .iter()
        .find(|a| matches!(a, Action::Pass | Action::Discard { .. }))
        .unwrap_or(&legal[0])
        .clone()
}

/// The hands shown at the end of a round: each winner's (with the winning
/// tile apart), or the tenpai hands of an exhaustive draw.
fn shown_hands(state: &State, wins: &[(u8, Option<Pai>)]) -> Vec<Shown> {
    let hand = |seat: u8, win_tile: Option<Pai>, tsumo: bool| {
        let s = state.seat(seat);
        let mut concealed = s.tiles();
        if let (true, Some(w)) = (tsumo, win_tile) {
            if let Some(i) = concealed.iter().position(|&p| p == w) {
                concealed.remove(i);
            }
        }
        Shown {
            seat,
            concealed,
            melds: s.melds().to_vec(),
            win_tile,
        }
    };
    match state.outcome() {
        Some(RoundOutcome::Wins(ws)) => ws
            .iter()
            .map(|w| {
                let tile = wins.iter().find(|(s, _)| *s == w.seat).and_then(|x| x.1);
                hand(w.seat, tile, w.seat == w.from)
            })
            .collect(),
        Some(RoundOutcome::Draw {
            reason: DrawReason::Exhaustive,
            tenpai,
            ..
        }) => (0..4u8)
            .filter(|&s| tenpai[s as usize])
            .map(|s| hand(s, None, false))
            .collect(),
        _ => Vec::new(),
    }
}

/// The external bots' faults in the game: the seats whose bot had any.
fn bot_faults(setup: &Setup, players: &[Seat]) -> Vec<BotFaults> {
    players
        .iter()
        .enumerate()
        .filter_map(|(seat, p)| match p {
            Seat::Ai(ai) => {
                let faults = ai.inner.faults().filter(|f| f.count > 0)?.clone();
                Some(BotFaults {
                    seat: seat as u8,
                    player: setup.opponents.at(seat as u8)?.to_string(),
                    faults,
                })
            }
            Seat::Person(_) => None,
        })
        .collect()
}

/// A seat at the worker's table.
enum Seat {
    Person(Person),
    Ai(Ai),
}

impl Seat {
    fn player(&mut self) -> &mut dyn Player {
        match self {
            Seat::Person(p) => p,
            Seat::Ai(a) => a,
        }
    }
}

/// Plays the game with `opponents` at the AI seats; the external bots'
/// faults when it is over (their processes end with it).
fn worker(
    setup: Setup,
    opponents: Vec<Option<Opponent>>,
    to_front: Sender<Msg>,
    gone: Arc<AtomicBool>,
) -> Vec<BotFaults> {
    let mut players: Vec<Seat> = opponents
        .into_iter()
        .map(|o| match o {
            None => Seat::Person(Person {
                to_front: to_front.clone(),
            }),
            Some(inner) => Seat::Ai(Ai {
                inner,
                gone: gone.clone(),
            }),
        })
        .collect();
    let [a, b, c, d] = &mut players[..] else {
        unreachable!("four players")
    };
    let mut seats: [&mut dyn Player; 4] = [a.player(), b.player(), c.player(), d.player()];
    let seat = setup.seat;
    let spectator_tx = to_front.clone();
    // Winning tiles and ura indicators of the round so far (from `hora`).
    let mut wins: Vec<(u8, Option<Pai>)> = Vec::new();
    let mut ura: Vec<Pai> = Vec::new();
    let mut before = [0; 4];
    let mut spectator = |e: &Event, state: &State| {
        let mut round_end = None;
        match e {
            Event::StartKyoku { .. } => {
                wins.clear();
                ura.clear();
                before = state.scores();
            }
            Event::Hora {
                actor,
                pai,
                ura_markers,
                ..
            } => {
                wins.push((*actor, *pai));
                if let Some(u) = ura_markers {
                    ura.clone_from(u);
                }
            }
            Event::EndKyoku => {
                if let Some(outcome) = state.outcome().cloned() {
                    round_end = Some(RoundEnd {
                        shown: shown_hands(state, &wins),
                        outcome,
                        ura: ura.clone(),
                        before,
                        scores: state.scores(),
                        game_over: state.game_over(),
                    });
                }
            }
            _ => {}
        }
        // A closed channel means the person left: nobody is watching.
        let _ = spectator_tx.send(Msg::Update(Box::new(Update {
            event: e.seen_by(seat),
            obs: Observation::of(state, seat),
            round_end,
        })));
    };
    let result = play_game_watched(
        &setup.rules,
        setup.seed,
        &mut seats,
        false,
        Some(&mut spectator),
    );
    let faults = bot_faults(&setup, &players);
    let _ = to_front.send(Msg::Done(result));
    faults
}

/// Plays the game of `setup`, showing it on `front` and asking it for the
/// person's choices; how it ended, and the external bots' faults (whose
/// processes have ended by then).
///
/// # Errors
/// An external bot that cannot be started, the front end's errors, or (a
/// bug) the engine's.
pub fn play(setup: &Setup, front: &mut dyn Frontend) -> Result<(Ending, Vec<BotFaults>)> {
    let opponents = opponents(setup)?;
    let bots: Vec<BotHandle> = opponents
        .iter()
        .flatten()
        .filter_map(Opponent::handle)
        .collect();
    let (to_front, from_game) = mpsc::channel();
    let s = setup.clone();
    let gone = Arc::new(AtomicBool::new(false));
    let gone_worker = gone.clone();
    let worker = std::thread::Builder::new()
        .name("game".into())
        .spawn(move || worker(s, opponents, to_front, gone_worker))
        .context("starting the game")?;
    let ending = drive(setup, &from_game, front);
    // Closing the channel lets the worker finish the game on its own, the
    // AI players no longer thinking and the external bots ended (a bot's
    // pending answer is not waited for).
    gone.store(true, Ordering::Relaxed);
    drop(from_game);
    if !matches!(ending, Ok(Ending::Finished(_))) {
        bots.iter().for_each(BotHandle::end);
    }
    let Ok(faults) = worker.join() else {
        bail!("the game engine stopped unexpectedly (a bug)");
    };
    Ok((ending?, faults))
}

/// How long the front end waits for the game before [`Frontend::idle`].
const IDLE: Duration = Duration::from_millis(50);

fn drive(setup: &Setup, from_game: &Receiver<Msg>, front: &mut dyn Frontend) -> Result<Ending> {
    let mut last_obs: Option<Observation> = None;
    loop {
        let msg = match from_game.recv_timeout(IDLE) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => {
                if let Some(obs) = &last_obs {
                    if let Some(why) = front.idle()? {
                        return Ok(Ending::Left(why, Box::new(obs.clone())));
                    }
                }
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => {
                bail!("the game engine stopped unexpectedly (a bug)")
            }
        };
        match msg {
            Msg::Update(u) => {
                let leave = front.show(&u)?;
                if let Some(why) = leave {
                    return Ok(Ending::Left(why, Box::new(u.obs)));
                }
                last_obs = Some(u.obs);
            }
            Msg::Decide { obs, legal, reply } => match front.decide(&obs, &legal)? {
                Choice::Act(a) => {
                    // The worker waits for the answer; it is gone only after a bug.
                    let _ = reply.send(a);
                }
                Choice::Leave(why) => return Ok(Ending::Left(why, obs)),
            },
            Msg::Done(Ok(record)) => {
                let points = final_scores(&record.scores, &setup.rules.game);
                front.game_over(&record, &points)?;
                return Ok(Ending::Finished(record));
            }
            Msg::Done(Err(e)) => {
                let at = last_obs
                    .map(|o| format!(" in {}", super::view::round_name(o.bakaze, o.kyoku)))
                    .unwrap_or_default();
                return Err(e).context(format!("the game engine failed{at} (a bug)"));
            }
        }
    }
}

//! One game between the person and the AI players: the engine runs in a worker
//! thread and sends the front end (plain lines or the full-screen view) only
//! what the person may see — every event with other players' draws and deals
//! hidden ([`Event::seen_by`]) and the library's [`SeatView`] of the person's
//! seat after it (at the end of a round it holds the result and the hands
//! the rules show).
//!
//! The person's seat is a [`Player`] that forwards its view (whose choices
//! are the legal actions) and its observation (for the advisor) to the front
//! end and waits for the answer. When the person leaves, the channel closes;
//! the worker then finishes the game on its own with quick legal choices,
//! unseen, and the front end returns at once with the rounds the person saw
//! finish.

use super::opponents::{make, Opponent, Opponents};
use crate::render::table::round_name;
use anyhow::{bail, Context, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tenpai::ai::mc::{Budget, DecisionHook, SearchReport};
use tenpai::bot::{BotHandle, Faults};
use tenpai::game::{
    final_scores, play_game_watched, Action, Event, GameError, GameRecord, Observation, Player,
    SeatIndex, State,
};
use tenpai::rules::Rules;
use tenpai::view::SeatView;

/// What to play.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The rules (length included).
    pub rules: Rules,
    /// The wall seed (the game is reproducible from it and the person's choices).
    pub seed: u64,
    /// The person's seat (0 deals first); the seat whose view is shown
    /// when watching.
    pub seat: SeatIndex,
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

/// One event as the person sees it.
#[derive(Clone, Debug)]
pub struct Update {
    /// The event, with other players' draws and dealt tiles hidden (`?`).
    pub event: Event,
    /// The person's view after it (at `end_kyoku`, with the round's result).
    pub view: SeatView,
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
    /// The person left.
    Left {
        /// Why.
        why: Leave,
        /// The view they had last.
        view: Box<SeatView>,
        /// The game's events up to the last one the person saw: the rounds
        /// that finished and the actions so far of the one they left, without
        /// `end_game`; `None` when no round had started.
        played: Option<Vec<Event>>,
    },
}

/// A front end: shows events, asks the person, shows the end of the game.
pub trait Frontend {
    /// Shows one event; `Some` when the person leaves while watching it.
    ///
    /// # Errors
    /// An I/O error of the screen.
    fn show(&mut self, update: &Update) -> Result<Option<Leave>>;

    /// Asks the person for one of the choices of `view` (its legal actions,
    /// never empty); `obs` is the same position as the AI players see it
    /// (for the advisor).
    ///
    /// # Errors
    /// An I/O error of the screen or input.
    fn decide(&mut self, obs: &Observation, view: &SeatView) -> Result<Choice>;

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
        view: Box<SeatView>,
        reply: Sender<Action>,
    },
    Done(Result<GameRecord, GameError>),
}

/// The person's seat on the worker's side: asks the front end through the
/// channel (with the view the table made after the last event, whose
/// choices are `legal`); once it is closed, plays quick legal moves.
struct Person {
    to_front: Sender<Msg>,
    view: Arc<Mutex<Option<SeatView>>>,
}

impl Player for Person {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let Some(view) = self.view.lock().map_or(None, |v| v.clone()) else {
            return quick(legal);
        };
        debug_assert_eq!(view.choices().map(|c| &c.actions[..]), Some(legal));
        let (reply, answer) = mpsc::channel();
        let asked = self.to_front.send(Msg::Decide {
            obs: Box::new(obs.clone()),
            view: Box::new(view),
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
    SeatIndex::ALL
        .into_iter()
        .map(|seat| {
            let Some(kind) = setup.opponents.at(seat.get()) else {
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

/// Plays the game with `opponents` at the AI seats; the game (finished by
/// quick moves once the person has left) and the external bots' faults
/// (their processes end with it).
fn worker(
    setup: Setup,
    opponents: Vec<Option<Opponent>>,
    to_front: Sender<Msg>,
    gone: Arc<AtomicBool>,
) -> (Result<GameRecord, GameError>, Vec<BotFaults>) {
    let seat = setup.seat;
    // The person's view after the last event, which their seat's player
    // sends with each question.
    let latest: Arc<Mutex<Option<SeatView>>> = Arc::default();
    let mut players: Vec<Seat> = opponents
        .into_iter()
        .map(|o| match o {
            None => Seat::Person(Person {
                to_front: to_front.clone(),
                view: latest.clone(),
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
    let spectator_tx = to_front.clone();
    let mut spectator = |e: &Event, state: &State| {
        let view = SeatView::of(state, seat);
        if let Ok(mut v) = latest.lock() {
            *v = Some(view.clone());
        }
        // A closed channel means the person left: nobody is watching.
        let _ = spectator_tx.send(Msg::Update(Box::new(Update {
            event: e.seen_by(seat),
            view,
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
    let _ = to_front.send(Msg::Done(result.clone()));
    (result, faults)
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
    if !matches!(ending, Ok((Ending::Finished(_), _))) {
        bots.iter().for_each(BotHandle::end);
    }
    let Ok((game, faults)) = worker.join() else {
        bail!("the game engine stopped unexpectedly (a bug)");
    };
    let ending = match ending? {
        // The events the person saw, from the game the worker ended.
        (Ending::Left { why, view, .. }, Some(cut)) => Ending::Left {
            why,
            view,
            played: game
                .ok()
                .map(|g| g.events[..cut.min(g.events.len())].to_vec())
                .filter(|e| e.iter().any(|e| matches!(e, Event::StartKyoku { .. }))),
        },
        (e, _) => e,
    };
    Ok((ending, faults))
}

/// How long the front end waits for the game before [`Frontend::idle`].
const IDLE: Duration = Duration::from_millis(50);

/// Passes the game's messages to `front` until the game ends or the person
/// leaves; with a person who left, the number of events they saw.
fn drive(
    setup: &Setup,
    from_game: &Receiver<Msg>,
    front: &mut dyn Frontend,
) -> Result<(Ending, Option<usize>)> {
    let mut last: Option<SeatView> = None;
    // Events shown.
    let mut shown = 0usize;
    let left = |why, view: SeatView, shown| {
        let view = Box::new(view);
        Ok((
            Ending::Left {
                why,
                view,
                played: None,
            },
            Some(shown),
        ))
    };
    loop {
        let msg = match from_game.recv_timeout(IDLE) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => {
                if let Some(view) = &last {
                    if let Some(why) = front.idle()? {
                        return left(why, view.clone(), shown);
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
                shown += 1;
                let leave = front.show(&u)?;
                if let Some(why) = leave {
                    return left(why, u.view, shown);
                }
                last = Some(u.view);
            }
            Msg::Decide { obs, view, reply } => match front.decide(&obs, &view)? {
                Choice::Act(a) => {
                    // The worker waits for the answer; it is gone only after a bug.
                    let _ = reply.send(a);
                }
                Choice::Leave(why) => return left(why, *view, shown),
            },
            Msg::Done(Ok(record)) => {
                let points = final_scores(&record.scores, &setup.rules.game);
                front.game_over(&record, &points)?;
                return Ok((Ending::Finished(record), None));
            }
            Msg::Done(Err(e)) => {
                let at = last
                    .map(|v| format!(" in {}", round_name(v.round())))
                    .unwrap_or_default();
                return Err(e).context(format!("the game engine failed{at} (a bug)"));
            }
        }
    }
}

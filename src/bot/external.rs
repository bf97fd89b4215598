//! An external mjai bot at tenpai's table: a process spoken to in the
//! mjai.app protocol ([`super::Protocol::Batch`]), its answers checked
//! against the seat's legal actions, and a fallback player taking every
//! decision the bot gets wrong.

use super::process::{BotHandle, Process, Reply};
use super::{answer_event, as_answer, parse_line, Protocol};
use crate::game::Action;
use crate::game::Event;
use crate::game::Observation;
use crate::game::Player;
use crate::game::{SeatIndex, State};
use crate::lines::MAX_LINE;
use crate::rules::Rules;
use std::io::Write;
use std::process::ExitStatus;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How many fault messages a bot keeps (the count goes on).
pub const KEPT_FAULTS: usize = 3;

/// Requests in a row a bot may leave unanswered (each waited for the
/// timeout) before it is given up: the fallback then plays its seat to the
/// end of the game without asking it.
pub const GIVE_UP_AFTER: u32 = 3;

/// What went wrong with an external bot in a game: each fault is a decision
/// the fallback player took instead.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Faults {
    /// Number of faults.
    pub count: u32,
    /// The first [`KEPT_FAULTS`] messages (`seat 2: no answer within 10s to …`).
    pub first: Vec<String>,
}

/// An mjai bot run as a process (`sh -c COMMAND`) at one seat: a [`Player`]
/// that sends the process the events its seat may see (others' tiles `?`) as
/// mjai.app lines, reads one action a line and plays it when it is legal.
/// An illegal action, a line that is not one, a crash or no answer within
/// the timeout is a fault ([`ExternalBot::faults`]): `fallback` plays that
/// decision, and the game goes on. After [`GIVE_UP_AFTER`] unanswered
/// requests in a row the bot is given up and `fallback` plays the rest. The
/// process runs in a process group of its own, and the group is ended when
/// the bot is dropped or its [`ExternalBot::handle`] ends it. A bot is
/// [`Send`]: a game may run on another thread.
///
/// ```
/// use std::time::Duration;
/// use tenpai::ai::BaselinePlayer;
/// use tenpai::bot::ExternalBot;
/// use tenpai::game::{play_game, Player, RandomPlayer};
/// use tenpai::rules::{GameLength, Rules};
///
/// let mut rules = Rules::tenhou();
/// rules.game.length = GameLength::East;
/// // A "bot" that never answers: every decision of seat 0 is a fault the
/// // baseline plays; the game goes on and ends.
/// let fallback = Box::new(BaselinePlayer::new(&rules));
/// let seat = tenpai::game::SeatIndex::ALL[0];
/// let mut bot = ExternalBot::spawn("cat > /dev/null", seat, &rules, Duration::from_millis(1), fallback)?;
/// let (mut a, mut b, mut c) = (RandomPlayer::new(1), RandomPlayer::new(2), RandomPlayer::new(3));
/// let mut seats: [&mut dyn Player; 4] = [&mut bot, &mut a, &mut b, &mut c];
/// let record = play_game(&rules, 1, &mut seats, false)?;
/// assert!(record.scores.iter().sum::<i32>() <= 100_000);
/// assert!(bot.faults().count > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ExternalBot {
    seat: SeatIndex,
    rules: Rules,
    process: Process,
    timeout: Duration,
    fallback: Box<dyn Player + Send>,
    /// The seat's view, following the game from the table's events.
    view: State,
    /// Events not yet sent, as the seat sees them (JSON).
    pending: Vec<String>,
    /// Answers owed by the bot, to lines sent without waiting (`start_game`,
    /// `end_kyoku`, `end_game`) and after timeouts: read and dropped first.
    owed: usize,
    /// The process is gone or given up: no more lines are sent.
    dead: bool,
    /// Requests in a row that went unanswered.
    silent: u32,
    /// The bot's `reach` was sent back to it: the table's own is not sent.
    reach_sent: bool,
    faults: Faults,
}

impl ExternalBot {
    /// Starts `command` (run by `sh -c`, `{seat}` replaced by the seat) for
    /// `seat`, with `fallback` for the decisions it gets wrong.
    ///
    /// # Errors
    /// The process cannot be started.
    pub fn spawn(
        command: &str,
        seat: SeatIndex,
        rules: &Rules,
        timeout: Duration,
        fallback: Box<dyn Player + Send>,
    ) -> std::io::Result<ExternalBot> {
        let process = Process::start(&command.replace("{seat}", &seat.to_string()))?;
        Ok(ExternalBot {
            seat,
            rules: rules.clone(),
            process,
            timeout,
            fallback,
            view: State::for_seat(rules.clone(), seat),
            pending: Vec::new(),
            owed: 0,
            dead: false,
            silent: 0,
            reach_sent: false,
            faults: Faults::default(),
        })
    }

    /// A handle that ends the bot's process from any thread (a host that
    /// stops waiting for it); its decisions from then on are the fallback's,
    /// not counted as faults.
    pub fn handle(&self) -> BotHandle {
        self.process.handle()
    }

    /// The faults so far.
    pub fn faults(&self) -> &Faults {
        &self.faults
    }

    fn fault(&mut self, what: String) {
        if self.process.ended_by_host() {
            return;
        }
        self.faults.count += 1;
        if self.faults.first.len() < KEPT_FAULTS {
            self.faults
                .first
                .push(format!("seat {}: {what}", self.seat));
        }
    }

    /// Sends the pending events as one line and returns it; `None` (a fault
    /// recorded) when the process is gone.
    fn send(&mut self) -> Option<String> {
        let line = format!("[{}]", self.pending.join(","));
        self.pending.clear();
        if self.dead {
            return None;
        }
        let sent = self
            .process
            .stdin()
            .map(|w| writeln!(w, "{line}").and_then(|()| w.flush()));
        if !matches!(sent, Some(Ok(()))) {
            self.dead = true;
            let status = self.process.exit_status();
            self.fault(format!("the process is gone ({})", exited(status)));
            return None;
        }
        Some(line)
    }

    /// Sends the pending events as one line, its answer owed (read and
    /// dropped before the next one): for the host's events that no bot acts
    /// on, so that a slow or silent bot does not hold the table up.
    fn send_owed(&mut self) {
        if self.send().is_some() {
            self.owed += 1;
        }
    }

    /// Sends the pending events as one line and reads the answer, within the
    /// timeout counted from now: `None` (a fault recorded) when the bot is
    /// gone, silent, or answers with a line that is not text.
    fn exchange(&mut self) -> Option<String> {
        let sent = self.send()?;
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.process.output().recv_timeout(left) {
                Ok(Some(_)) if self.owed > 0 => self.owed -= 1,
                Ok(Some(Reply::Text(answer))) => {
                    self.silent = 0;
                    return Some(answer);
                }
                Ok(Some(Reply::TooLong(n))) => {
                    self.fault(format!(
                        "an answer of {n} bytes, over the limit of {MAX_LINE}"
                    ));
                    return None;
                }
                Ok(Some(Reply::NotText)) => {
                    self.fault("an answer that is not UTF-8 text".into());
                    return None;
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    self.dead = true;
                    // Its output closed: it is ending (give it half a second
                    // to say how), or it closed its output and went on.
                    let status = self.process.exit_status();
                    self.fault(format!("the process ended ({})", exited(status)));
                    return None;
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.owed += 1;
                    self.silent += 1;
                    let mut what =
                        format!("no answer within {:?} to {}", self.timeout, short(&sent));
                    if self.silent >= GIVE_UP_AFTER {
                        // Silent, or its output held open by another process
                        // while it is gone: not waited for again.
                        self.dead = true;
                        what += &format!(
                            " ({GIVE_UP_AFTER} in a row: given up for the rest of the game)"
                        );
                    }
                    self.fault(what);
                    return None;
                }
            }
        }
    }

    /// The legal action the bot's answer `text` asks for, among `legal`.
    fn read_answer(&mut self, text: &str, legal: &[Action]) -> Option<Action> {
        let answer = match parse_line(text, Protocol::Lines) {
            Ok(mut v) if v.len() == 1 => Some(v.remove(0).event),
            Ok(_) => None,
            Err(_) if is_none(text) => None,
            Err(e) => {
                self.fault(format!("{e}: {}", short(text)));
                return None;
            }
        };
        let found = find_answer(&self.view, self.seat, legal, answer.map(as_answer));
        if found.is_none() {
            self.fault(format!("illegal answer {}", short(text)));
        }
        found
    }

    /// The second answer of a riichi: `reach` sent back, the discard read.
    fn riichi_discard(&mut self, legal: &[Action]) -> Option<Action> {
        self.pending.push(
            Event::Reach {
                actor: self.seat.get(),
            }
            .to_json(),
        );
        self.reach_sent = true;
        let text = self.exchange()?;
        let discards: Vec<Action> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Riichi { pai, tsumogiri } => Some(Action::Discard { pai, tsumogiri }),
                _ => None,
            })
            .collect();
        let mut view = self.view.clone();
        view.apply(&Event::Reach {
            actor: self.seat.get(),
        })
        .ok()?;
        let answer = parse_line(&text, Protocol::Lines)
            .ok()
            .and_then(|mut v| v.pop())
            .map(|m| as_answer(m.event));
        match find_answer(&view, self.seat, &discards, answer) {
            Some(Action::Discard { pai, tsumogiri }) => Some(Action::Riichi { pai, tsumogiri }),
            _ => {
                self.fault(format!("illegal riichi discard {}", short(&text)));
                None
            }
        }
    }
}

impl Player for ExternalBot {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let chosen = self.exchange().and_then(|text| {
            let a = self.read_answer(&text, legal)?;
            match a {
                Action::Riichi { .. } => self.riichi_discard(legal),
                a => Some(a),
            }
        });
        match chosen {
            Some(a) => a,
            // After a reach the bot was told of, the fallback keeps to riichi.
            None if self.reach_sent => {
                let riichi: Vec<Action> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Riichi { .. }))
                    .cloned()
                    .collect();
                self.fallback.act(obs, &riichi)
            }
            None => self.fallback.act(obs, legal),
        }
    }

    fn observe(&mut self, event: &Event) {
        // The view follows the table; an event it refuses (a bug) leaves the
        // bot's answers to be checked against what it had.
        let _ = self.view.apply(event);
        let own_reach = matches!(event, Event::Reach { actor } if *actor == self.seat.get());
        if own_reach && self.reach_sent {
            self.reach_sent = false;
            return;
        }
        self.reach_sent = false;
        let mut json = event.seen_by(self.seat).to_json();
        if let Event::StartGame { .. } = event {
            json = start_game_json(&json, self.seat, &self.rules);
        }
        self.pending.push(json);
        // The host's events that end a game or round, and the start, are
        // sent at once (their answer is `none`), as mjai.app does.
        if matches!(
            event,
            Event::StartGame { .. } | Event::EndKyoku | Event::EndGame { .. }
        ) {
            self.send_owed();
        }
    }
}

/// How a process exited, for messages: `exit status: 3`, `signal: 9 (SIGKILL)`,
/// `exit status: 127 (command not found)`, or `closed its output` when it is
/// still running.
fn exited(status: Option<ExitStatus>) -> String {
    match status {
        None => "closed its output".into(),
        Some(s) if s.code() == Some(127) => format!("{s} (command not found)"),
        Some(s) => s.to_string(),
    }
}

/// `start_game` with the fields a bot reads: its `id`, `kyoku_first`,
/// `aka_flag`.
fn start_game_json(json: &str, seat: SeatIndex, rules: &Rules) -> String {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("an event's JSON");
    v["id"] = seat.get().into();
    v["kyoku_first"] = crate::game::kyoku_first(rules.game.length).into();
    v["aka_flag"] = (rules.scoring.red_fives != [0; 3]).into();
    v.to_string()
}

/// The action of `legal` whose answer is `answer` (`None`: a pass). A
/// `hora` may leave out its `pai`; a `dahai` whose `tsumogiri` is wrong is
/// taken for the discard of that tile.
fn find_answer(
    view: &State,
    seat: SeatIndex,
    legal: &[Action],
    answer: Option<Event>,
) -> Option<Action> {
    let offered: Vec<(Option<Event>, &Action)> = legal
        .iter()
        .map(|a| (answer_event(view, seat, a), a))
        .collect();
    let loose = |e: &Option<Event>| match e.clone() {
        Some(Event::Hora { actor, target, .. }) => Some(Event::Hora {
            actor,
            target,
            pai: None,
            ura_markers: None,
            deltas: None,
            scores: None,
        }),
        Some(Event::Dahai { actor, pai, .. }) => Some(Event::Dahai {
            actor,
            pai,
            tsumogiri: false,
        }),
        e => e,
    };
    offered
        .iter()
        .find(|(e, _)| *e == answer)
        .or_else(|| offered.iter().find(|(e, _)| loose(e) == loose(&answer)))
        .map(|(_, a)| (*a).clone())
}

/// `{"type":"none"}` (which is no engine event).
fn is_none(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("type").and_then(|t| t.as_str()) == Some("none"))
}

/// At most 80 characters of `text`, for messages.
fn short(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
    }
}

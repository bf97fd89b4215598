//! tenpai as an mjai bot: a [`BotSession`] follows one seat's game from the
//! events a host sends (others' tiles `?`), and answers each decision with
//! an action chosen by a [`Player`] among the seat's legal actions — the same
//! [`legal_actions`] the engine offers, computed on the seat's own view
//! ([`State::for_seat`]), so an answer is never illegal.
//!
//! The wire format is mjai's, as mjai.app and Mortal speak it
//! ([`parse_line`], [`answer_json`]): the bot's answers are the events it
//! asks for (`dahai` with `tsumogiri`, `reach` and then its `dahai` when
//! asked again, `chi`/`pon`/`daiminkan` with `target`, `pai` and `consumed`,
//! `kakan`, `ankan`, `hora` with `target` and `pai`, `ryukyoku` for nine
//! terminals) or `none`. Events are accepted in the orders Tenhou and Mortal
//! write them: a closed kan's `dora` before its replacement `tsumo`, an open
//! or added kan's after the next `dahai`, `reach` → `dahai` →
//! `reach_accepted`.

mod external;
mod message;
mod process;

pub use external::{ExternalBot, Faults, GIVE_UP_AFTER, KEPT_FAULTS};
pub use process::{end_all_bots, BotHandle};

pub use message::{answer_json, parse_line, Incoming, Protocol};

use crate::game::Event;
use crate::game::GameError;
use crate::game::LoggedRules;
use crate::game::Observation;
use crate::game::Player;
use crate::game::{action_events, legal_actions, Action};
use crate::game::{Phase, SeatError, SeatIndex, State};
use crate::rules::Rules;
use thiserror::Error;

/// What is wrong with what a host sent a bot.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BotError {
    /// The line is not JSON of the protocol's shape.
    #[error("not an mjai message: {problem}")]
    Json {
        /// What the parser says.
        problem: String,
    },
    /// An event that cannot be read.
    #[error("event {index} ({kind}): {problem}")]
    Event {
        /// The event's place in its line, from 0.
        index: usize,
        /// Its `type` (`?` when it has none).
        kind: String,
        /// What is wrong.
        problem: String,
    },
    /// An event that does not fit the game the bot follows.
    #[error("event {index} ({kind}): {source}")]
    Game {
        /// The event's place in its line, from 0.
        index: usize,
        /// Its `type`.
        kind: &'static str,
        /// What the engine refused.
        source: GameError,
    },
    /// A game event before `start_game`.
    #[error("event {index} ({kind}): the game has not started (no start_game)")]
    NotStarted {
        /// The event's place in its line, from 0.
        index: usize,
        /// Its `type`.
        kind: &'static str,
    },
    /// `start_game` names no seat and none was given.
    #[error("start_game has no id and no seat was given")]
    NoSeat,
    /// `start_game`'s `id` is no seat (the message reader allows 0 to 3 only,
    /// so only a hand-built [`Incoming`] has one).
    #[error("start_game: {0}")]
    Seat(#[from] SeatError),
    /// `start_game`'s `kyoku_first` is neither 0 nor 4.
    #[error("start_game: kyoku_first {0} is neither 0 (east-south) nor 4 (east only)")]
    GameLength(u8),
    /// The player chose an action that is not legal (a bug in the player).
    #[error("the player chose {0}, which is not legal now")]
    Illegal(String),
}

/// Makes the player of a game: called at each `start_game` with the game's
/// rules (its length from `kyoku_first`) and the bot's seat.
pub type PlayerMaker = Box<dyn FnMut(&Rules, u8) -> Box<dyn Player>>;

/// One seat's bot: follows the game from the host's events and answers the
/// seat's decisions.
///
/// ```
/// use tenpai::bot::{parse_line, BotSession, Protocol};
/// use tenpai::game::RandomPlayer;
/// let mut bot = BotSession::new(
///     tenpai::rules::Rules::tenhou(),
///     None,
///     Box::new(|_: &_, seat: u8| Box::new(RandomPlayer::new(seat as u64)) as Box<_>),
/// );
/// let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
/// let line = format!(
///     r#"[{{"type":"start_game","id":0}},{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","E","S"],{hidden},{hidden},{hidden}]}},{{"type":"tsumo","actor":0,"pai":"N"}}]"#
/// );
/// for e in parse_line(&line, Protocol::Batch)? {
///     bot.observe(&e)?;
/// }
/// // The dealer's turn: a discard (or riichi), never a tile it does not hold.
/// let answer = bot.answer()?.expect("a turn");
/// assert!(answer.to_json().starts_with(r#"{"type":"#), "{answer:?}");
/// # Ok::<(), tenpai::bot::BotError>(())
/// ```
pub struct BotSession {
    rules: Rules,
    seat: Option<SeatIndex>,
    make: PlayerMaker,
    game: Option<Game>,
    /// Events observed so far, for error messages (index within the line).
    index: usize,
}

/// The game being played: the seat's view and its player.
struct Game {
    state: State,
    seat: SeatIndex,
    player: Box<dyn Player>,
    /// The discard of a riichi this bot declared, to answer with once the
    /// host shows the `reach`.
    riichi_discard: Option<Action>,
}

impl BotSession {
    /// A bot playing under `rules` at `seat` (or, when `None`, the `id` of
    /// `start_game`), its decisions made by the players `make` builds.
    pub fn new(rules: Rules, seat: Option<SeatIndex>, make: PlayerMaker) -> BotSession {
        BotSession {
            rules,
            seat,
            make,
            game: None,
            index: 0,
        }
    }

    /// The seat played, once known.
    pub fn seat(&self) -> Option<SeatIndex> {
        self.game.as_ref().map(|g| g.seat).or(self.seat)
    }

    /// The seat's view of the game, once it has started.
    pub fn state(&self) -> Option<&State> {
        self.game.as_ref().map(|g| &g.state)
    }

    /// Starts a new line of input: error messages count events from 0 again.
    pub fn new_line(&mut self) {
        self.index = 0;
    }

    /// Follows one event. `start_game` starts a new game (its `id` names the
    /// seat unless one was given; `kyoku_first` sets the length,
    /// `aka_flag` whether there are red fives).
    ///
    /// # Errors
    /// [`BotError`] naming the event: one before `start_game`, one the
    /// engine refuses in the seat's view of the game (the state is then
    /// unchanged), a `start_game` without a seat or with an unknown length.
    ///
    /// # Panics
    /// Never.
    pub fn observe(&mut self, incoming: &Incoming) -> Result<(), BotError> {
        let index = self.index;
        self.index += 1;
        let kind = incoming.event.kind();
        if let Event::StartGame { .. } = incoming.event {
            self.start_game(incoming)?;
        }
        let game = self
            .game
            .as_mut()
            .ok_or(BotError::NotStarted { index, kind })?;
        game.state
            .apply(&incoming.event)
            .map_err(|source| BotError::Game {
                index,
                kind,
                source,
            })
    }

    fn start_game(&mut self, incoming: &Incoming) -> Result<(), BotError> {
        let seat = match (self.seat, incoming.id) {
            (Some(s), _) => s,
            (None, Some(id)) => SeatIndex::new(id)?,
            (None, None) => return Err(BotError::NoSeat),
        };
        let mut rules = self.rules.clone();
        let logged = LoggedRules {
            kyoku_first: incoming.kyoku_first,
            aka_flag: incoming.aka_flag,
            rules: None,
        };
        logged.apply_to(&mut rules).map_err(BotError::GameLength)?;
        let player = (self.make)(&rules, seat.get());
        self.game = Some(Game {
            state: State::for_seat(rules, seat),
            seat,
            player,
            riichi_discard: None,
        });
        Ok(())
    }

    /// Whether the seat has a decision now (its legal actions are not
    /// empty).
    pub fn must_decide(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| !legal_actions(&g.state, g.seat).is_empty())
    }

    /// The seat's answer now: `None` when it has nothing to decide or lets
    /// the tile go; otherwise the event it asks for (the first of a riichi is
    /// `reach`; its discard is the answer once the host shows the `reach`).
    ///
    /// # Errors
    /// [`BotError::Illegal`] when the player picks an action not among the
    /// legal ones (a bug in the player: the bot does not answer it).
    ///
    /// # Panics
    /// Never.
    pub fn answer(&mut self) -> Result<Option<Event>, BotError> {
        let Some(g) = self.game.as_mut() else {
            return Ok(None);
        };
        let legal = legal_actions(&g.state, g.seat);
        let pending = g.riichi_discard.take();
        if legal.is_empty() {
            return Ok(None);
        }
        let riichi_turn =
            matches!(g.state.phase(), Phase::RiichiDiscard { seat } if *seat == g.seat.get());
        let action = match pending {
            Some(a) if riichi_turn && legal.contains(&a) => a,
            _ => g.player.act(&Observation::of(&g.state, g.seat), &legal),
        };
        if !legal.contains(&action) {
            return Err(BotError::Illegal(format!("{action:?}")));
        }
        if let Action::Riichi { pai, tsumogiri } = action {
            g.riichi_discard = Some(Action::Discard { pai, tsumogiri });
        }
        Ok(answer_event(&g.state, g.seat, &action))
    }
}

/// Whether `event`, the last one a host sent, may give a seat a decision:
/// a draw, a discard, a call or kan, a riichi declaration. A `dora` or
/// `reach_accepted` that follows a discard does not ask the seats again
/// (they were asked before it), nor do the round's and game's bookkeeping
/// events; [`Protocol::Lines`] answers only after such an event.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{bot::offers_decision, game::{Event, Pai}};
/// assert!(offers_decision(&Event::Tsumo { actor: 1, pai: Pai::HIDDEN }));
/// assert!(!offers_decision(&Event::ReachAccepted { actor: 1, deltas: None, scores: None }));
/// ```
pub fn offers_decision(event: &Event) -> bool {
    matches!(
        event,
        Event::Tsumo { .. }
            | Event::Dahai { .. }
            | Event::Chi { .. }
            | Event::Pon { .. }
            | Event::Daiminkan { .. }
            | Event::Kakan { .. }
            | Event::Ankan { .. }
            | Event::Reach { .. }
    )
}

/// The mjai event `seat` sends to ask for `action` (legal in `state`):
/// `None` for a pass, `reach` for a riichi (its discard follows as a second
/// answer), otherwise the action's event as a host writes it without what
/// only the host knows (ura-dora, deltas, the reason of a draw).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{bot::answer_event, game::{legal_actions, Action, Event, State}};
/// let s = State::new(tenpai::rules::Rules::tenhou());
/// let [s0, _, s2, _] = tenpai::game::SeatIndex::ALL;
/// assert_eq!(answer_event(&s, s0, &Action::Pass), None);
/// let riichi = Action::Riichi { pai: "E".parse()?, tsumogiri: true };
/// assert_eq!(answer_event(&s, s2, &riichi), Some(Event::Reach { actor: 2 }));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn answer_event(state: &State, seat: SeatIndex, action: &Action) -> Option<Event> {
    match action {
        Action::Pass => return None,
        Action::Riichi { .. } => return Some(Event::Reach { actor: seat.get() }),
        _ => {}
    }
    let first = action_events(state, seat, action, &[])
        .ok()?
        .into_iter()
        .next()?;
    Some(as_answer(first))
}

/// `event` as a bot asks for it: without what only the host knows (the
/// ura-dora, deltas and scores of a `hora`, the reason of a `ryukyoku`).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::{bot::as_answer, game::{Event}};
/// let won = Event::Hora { actor: 1, target: 2, pai: Some("1s".parse()?), ura_markers: Some(vec![]),
///     deltas: Some([0, 1000, -1000, 0]), scores: None };
/// assert_eq!(as_answer(won).to_json(), r#"{"type":"hora","actor":1,"target":2,"pai":"1s"}"#);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn as_answer(event: Event) -> Event {
    match event {
        Event::Hora {
            actor, target, pai, ..
        } => Event::Hora {
            actor,
            target,
            pai,
            ura_markers: None,
            deltas: None,
            scores: None,
        },
        Event::Ryukyoku { .. } => Event::Ryukyoku {
            reason: None,
            deltas: None,
            scores: None,
        },
        e => e,
    }
}

//! A whole seeded game played one decision at a time: [`Game`] deals from a
//! seeded [`Wall`], stops whenever a seat must choose among its legal
//! actions, and on [`Game::step`] settles competing calls (ron over pon and
//! kan over chi, ron in turn order), turns dora, draws replacement tiles and
//! records every event (mjai). [`crate::game::play_game`] drives it with
//! [`crate::game::Player`]s; the Python bindings drive it from Python.
//!
//! After a discard (or an added or closed kan) the other seats that may act
//! are asked one after the other in turn order, each without seeing the
//! others' answers; the table settles once all have answered.

use super::action_events::{action_events, action_events_into};
use super::action_space::action_index;
use super::error::GameError;
use super::event::{DrawReason, Event};
use super::legal::{legal_actions_into, Action};
use super::logged_rules::LoggedRules;
use super::pai::Pai;
use super::round::RoundId;
use super::seat_index::SeatIndex;
use super::state::{Phase, RiichiState, State};
use super::wall::{physical_pai, Wall};
use crate::rules::{KanDoraTiming, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rounds::record_result;

mod rounds;

/// What the game waits for.
#[derive(Clone, Debug)]
enum Question {
    /// The seat on its turn (or discarding after riichi) chooses.
    Turn(u8),
    /// `from` discarded or made a kan; `seat` is asked, [`Game`]'s
    /// `choices` holds the answers of the seats asked before it.
    Response { from: u8, seat: u8 },
    /// The game is over.
    Over,
}

/// Called with every event just applied and the whole state after it.
/// `Send`, so that a game (and a batch of them, [`crate::batch::VecGame`])
/// can move to another thread.
pub type Spectator<'w> = &'w mut (dyn FnMut(&Event, &State) + Send);

/// A seeded game, stopped at each decision.
///
/// ```
/// use tenpai::game::{Action, Game};
/// let mut g = Game::new(&tenpai::rules::Rules::tenhou(), 42, false)?;
/// assert_eq!(g.to_act(), Some(tenpai::game::SeatIndex::ALL[0])); // the first dealer, on its first draw
/// while g.to_act().is_some() {
///     // Win when possible, otherwise the first legal action.
///     let legal = g.legal();
///     let a = legal.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)).unwrap_or(&legal[0]);
///     g.step(&a.clone())?;
/// }
/// assert!(g.is_over() && g.legal().is_empty());
/// assert_eq!(g.state().scores().iter().sum::<i32>(), 100_000);
/// assert!(g.step(&Action::Pass).is_err()); // nothing to decide any more
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub struct Game<'w> {
    state: State,
    wall: Wall,
    /// The seeds of the rounds' walls.
    rounds_rng: ChaCha8Rng,
    round: RoundId,
    rounds: u32,
    events: Vec<Event>,
    check: bool,
    question: Question,
    /// The legal actions of the seat asked (a reused buffer).
    legal: Vec<Action>,
    /// The events of the action being taken (a reused buffer).
    acted: Vec<Event>,
    /// The answers (seat, action) to the discard or kan being answered, in
    /// the order asked (a reused buffer).
    choices: Vec<(u8, Action)>,
    spectator: Option<Spectator<'w>>,
}

impl Game<'static> {
    /// A game from `seed` (seat 0 deals first), stopped at its first
    /// decision. The same seed, rules and choices give the same game on every
    /// platform. With `check`, the state's invariants are checked after every
    /// event (always in debug builds), and the wall's physical tiles against
    /// the state's unseen tiles.
    ///
    /// # Errors
    /// [`GameError::Invariant`] only (a bug in the engine).
    ///
    /// # Panics
    /// Never.
    pub fn new(rules: &Rules, seed: u64, check: bool) -> Result<Game<'static>, GameError> {
        Game::watched(rules, seed, check, None)
    }
}

impl<'w> Game<'w> {
    /// [`Game::new`], calling `spectator` after every event with the event and
    /// the whole state after it.
    ///
    /// # Errors
    /// As [`Game::new`].
    ///
    /// # Panics
    /// Never (unless `spectator` panics).
    pub fn watched(
        rules: &Rules,
        seed: u64,
        check: bool,
        spectator: Option<Spectator<'w>>,
    ) -> Result<Game<'w>, GameError> {
        let check = check || cfg!(debug_assertions);
        let mut g = Game {
            state: State::new(rules.clone()).with_check(check),
            wall: Wall::shuffled(seed, rules.scoring.red_fives),
            rounds_rng: ChaCha8Rng::seed_from_u64(seed),
            round: RoundId::FIRST,
            rounds: 0,
            events: Vec::with_capacity(2048),
            check,
            question: Question::Over,
            legal: Vec::with_capacity(32),
            acted: Vec::with_capacity(2),
            choices: Vec::with_capacity(3),
            spectator,
        };
        g.emit(Event::start_game(
            vec![String::new(); 4],
            Some(seed),
            LoggedRules::of(rules),
        ))?;
        g.deal()?;
        g.advance()?;
        Ok(g)
    }

    /// The seat that must choose now; `None` once the game is over.
    pub fn to_act(&self) -> Option<SeatIndex> {
        match self.question {
            Question::Turn(seat) | Question::Response { seat, .. } => Some(SeatIndex::engine(seat)),
            Question::Over => None,
        }
    }

    /// The legal actions of the seat asked ([`Game::to_act`]): never empty
    /// while the game goes on, empty once it is over. [`Action::Pass`] comes
    /// last when calling or ronning is optional.
    pub fn legal(&self) -> &[Action] {
        &self.legal
    }

    /// The indices ([`action_index`]) of [`Game::legal`], in the same order.
    /// Two legal actions never get different indices for the same call; a
    /// pon listed twice (a red and a plain five, in either order) shares one.
    ///
    /// # Panics
    /// Never.
    pub fn legal_indices(&self, out: &mut Vec<usize>) {
        out.clear();
        self.for_each_legal_index(|i| out.push(i));
    }

    /// Calls `f` with the index of each of [`Game::legal`], in order
    /// (`usize::MAX` for one without an index): [`Game::legal_indices`]
    /// for a caller that keeps them in its own way (a batch of games, in a
    /// list and a set at once).
    #[inline]
    pub(crate) fn for_each_legal_index(&self, mut f: impl FnMut(usize)) {
        let called = self.called();
        for a in &self.legal {
            f(action_index(a, called).unwrap_or(usize::MAX));
        }
    }

    /// The legal action of the seat asked whose index is `index`.
    pub fn action_of_index(&self, index: usize) -> Option<&Action> {
        let called = self.called();
        self.legal
            .iter()
            .find(|a| action_index(a, called) == Some(index))
    }

    /// The discard or kan tile that may be called or robbed now.
    fn called(&self) -> Option<Pai> {
        match *self.state.phase() {
            Phase::Discarded { pai, .. } | Phase::Kan { pai, .. } => Some(pai),
            _ => None,
        }
    }

    /// The game is over (`end_game` recorded).
    pub fn is_over(&self) -> bool {
        matches!(self.question, Question::Over)
    }

    /// The whole state (the referee's view: every hand is known).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Every event so far, `start_game` first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Rounds dealt so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The events, giving up the game.
    pub fn into_events(self) -> Vec<Event> {
        self.events
    }

    /// The seat asked ([`Game::to_act`]) takes `action`, and the game runs on
    /// to the next decision (or its end).
    ///
    /// # Errors
    /// [`GameError::Illegal`] when the game is over or `action` is not among
    /// [`Game::legal`]; the game is then unchanged. [`GameError::Invariant`]
    /// for a bug in the engine.
    ///
    /// # Panics
    /// Never (unless a spectator panics).
    pub fn step(&mut self, action: &Action) -> Result<(), GameError> {
        let Some(seat) = self.to_act() else {
            return Err(GameError::illegal("action", 4, "the game is over"));
        };
        match self.legal.iter().position(|a| a == action) {
            Some(i) => self.step_legal(i),
            None => Err(GameError::illegal(
                "action",
                seat.get(),
                format!("{action:?} is not among the legal actions"),
            )),
        }
    }

    /// [`Game::step`] with the action at position `i` of [`Game::legal`].
    ///
    /// # Errors
    /// [`GameError::Illegal`] when the game is over or `i` is past the legal
    /// actions; the game is then unchanged. [`GameError::Invariant`] for a bug
    /// in the engine.
    ///
    /// # Panics
    /// Never (unless a spectator panics).
    pub fn step_legal(&mut self, i: usize) -> Result<(), GameError> {
        let Some(seat) = self.to_act() else {
            return Err(GameError::illegal("action", 4, "the game is over"));
        };
        let Some(action) = self.legal.get(i).cloned() else {
            return Err(GameError::illegal(
                "action",
                seat.get(),
                format!("legal action {i} of {}", self.legal.len()),
            ));
        };
        let action = &action;
        match std::mem::replace(&mut self.question, Question::Over) {
            Question::Turn(seat) => self.turn_action(seat, action)?,
            Question::Response { from, seat } => {
                self.choices.push((seat, action.clone()));
                let asked = (seat + 4 - from) % 4;
                if self.ask_responses(from, asked + 1)? {
                    return Ok(());
                }
            }
            Question::Over => unreachable!("checked above"),
        }
        self.advance()
    }

    fn emit(&mut self, mut e: Event) -> Result<(), GameError> {
        self.state.apply(&e)?;
        record_result(&mut e, &self.state);
        if let Some(f) = self.spectator.as_mut() {
            f(&e, &self.state);
        }
        self.events.push(e);
        if self.check {
            self.check_wall()?;
        }
        Ok(())
    }

    /// The physical tiles: every tile not yet drawn or turned in the wall is
    /// exactly what the state counts as unseen.
    fn check_wall(&self) -> Result<(), GameError> {
        if matches!(self.state.phase(), Phase::BeforeGame | Phase::BetweenRounds) {
            return Ok(());
        }
        let mut counts = [0u8; 34];
        for id in self.wall.unseen_ids() {
            counts[physical_pai(id, self.wall.red_fives()).index()] += 1;
        }
        let s = self.state.unseen();
        if &counts != s {
            return Err(GameError::Invariant(format!(
                "the wall holds {counts:?}, the state counts {s:?} unseen"
            )));
        }
        Ok(())
    }

    /// Runs the game on until a seat must choose, or the game ends.
    fn advance(&mut self) -> Result<(), GameError> {
        loop {
            match self.state.phase().clone() {
                Phase::Ended => {
                    self.emit(Event::EndKyoku)?;
                    if !self.next_round()? {
                        self.question = Question::Over;
                        self.legal.clear();
                        return Ok(());
                    }
                }
                Phase::Turn { seat, .. } | Phase::RiichiDiscard { seat } => {
                    legal_actions_into(&self.state, SeatIndex::engine(seat), &mut self.legal);
                    if self.legal.is_empty() {
                        return Err(GameError::Invariant("no legal action on a turn".into()));
                    }
                    self.question = Question::Turn(seat);
                    return Ok(());
                }
                Phase::Discarded { seat, .. } => {
                    self.turn_dora(0)?;
                    self.choices.clear();
                    if self.ask_responses(seat, 1)? {
                        return Ok(());
                    }
                }
                Phase::Kan { seat, .. } => {
                    self.choices.clear();
                    if self.ask_responses(seat, 1)? {
                        return Ok(());
                    }
                }
                Phase::Draw {
                    seat,
                    rinshan: true,
                } => self.rinshan(seat)?,
                other => {
                    return Err(GameError::Invariant(format!(
                        "the table cannot move from {other:?}"
                    )))
                }
            }
        }
    }

    /// Asks the first seat `from + k` (k = `first`..=3, in turn order) that
    /// has a legal action, and returns true; when none is left, settles the
    /// answers (`choices`) and returns false.
    fn ask_responses(&mut self, from: u8, first: u8) -> Result<bool, GameError> {
        for k in first..4 {
            let seat = (from + k) % 4;
            legal_actions_into(&self.state, SeatIndex::engine(seat), &mut self.legal);
            if !self.legal.is_empty() {
                self.question = Question::Response { from, seat };
                return Ok(true);
            }
        }
        self.legal.clear();
        let choices = std::mem::take(&mut self.choices);
        let settled = self.settle(from, &choices);
        self.choices = choices;
        settled?;
        Ok(false)
    }

    fn turn_action(&mut self, seat: u8, a: &Action) -> Result<(), GameError> {
        self.do_action(seat, a)?;
        match self.state.phase() {
            Phase::Kan { closed: true, .. } => self.turn_dora(0),
            Phase::Kan { closed: false, .. } if self.kan_dora_at_once() => self.turn_dora(0),
            _ => Ok(()),
        }
    }

    fn kan_dora_at_once(&self) -> bool {
        self.state.rules().game.open_kan_dora == KanDoraTiming::Immediate
    }

    fn do_action(&mut self, seat: u8, a: &Action) -> Result<(), GameError> {
        // Only a win reads the ura-dora indicators.
        let ura = match a {
            Action::Tsumo | Action::Ron => self.wall.ura_indicators(),
            _ => Vec::new(),
        };
        let mut acted = std::mem::take(&mut self.acted);
        action_events_into(&self.state, SeatIndex::engine(seat), a, &ura, &mut acted)?;
        for e in acted.drain(..) {
            self.emit(e)?;
        }
        self.acted = acted;
        Ok(())
    }

    fn turn_dora(&mut self, keep: u8) -> Result<(), GameError> {
        while self.state.pending_dora() > keep {
            let d = self
                .wall
                .turn_dora()
                .ok_or_else(|| GameError::Invariant("no dora indicator left".into()))?;
            self.emit(Event::Dora { dora_marker: d })?;
        }
        Ok(())
    }

    fn draw(&mut self, reason: DrawReason) -> Result<(), GameError> {
        self.emit(Event::Ryukyoku {
            reason: Some(reason),
            deltas: None,
            scores: None,
        })
    }

    /// Settles the answers to `from`'s discard or kan: rons, then the riichi
    /// stick, forced draws, pon or kan, chi, else the next draw.
    fn settle(&mut self, from: u8, choices: &[(u8, Action)]) -> Result<(), GameError> {
        let g = self.state.rules().game.clone();
        // Most discards are answered by no ron: no list is built for them.
        if choices.iter().any(|(_, a)| *a == Action::Ron) {
            let rons: Vec<u8> = choices
                .iter()
                .filter(|(_, a)| *a == Action::Ron)
                .map(|&(s, _)| s)
                .collect();
            if rons.len() >= 3 && g.triple_ron_abort {
                return self.draw(DrawReason::TripleRon);
            }
            let n = if g.multiple_ron { rons.len() } else { 1 };
            // Every ron is built against the discard before any is applied.
            let ura = self.wall.ura_indicators();
            let mut events = Vec::new();
            for &s in &rons[..n] {
                events.extend(action_events(
                    &self.state,
                    SeatIndex::engine(s),
                    &Action::Ron,
                    &ura,
                )?);
            }
            for e in events {
                self.emit(e)?;
            }
            return Ok(());
        }
        if let Phase::Kan { closed, .. } = *self.state.phase() {
            let keep = u8::from(!closed && g.open_kan_dora == KanDoraTiming::AfterDiscard);
            self.turn_dora(keep)?;
            return self.rinshan(from);
        }
        if let RiichiState::Declared { .. } = self.state.seat_at(from).riichi() {
            self.emit(Event::ReachAccepted {
                actor: from,
                deltas: None,
                scores: None,
            })?;
        }
        if let Some(r) = self.state.forced_draw() {
            return self.draw(r);
        }
        let call = choices
            .iter()
            .find(|(_, a)| matches!(a, Action::Pon { .. } | Action::Daiminkan))
            .or_else(|| {
                choices
                    .iter()
                    .find(|(_, a)| matches!(a, Action::Chi { .. }))
            })
            .cloned();
        if let Some((s, a)) = call {
            self.do_action(s, &a)?;
            if a == Action::Daiminkan {
                if g.open_kan_dora == KanDoraTiming::Immediate {
                    self.turn_dora(0)?;
                }
                return self.rinshan(s);
            }
            return Ok(());
        }
        if self.state.live_left() == 0 {
            return self.draw(DrawReason::Exhaustive);
        }
        let next = (from + 1) % 4;
        let p = self
            .wall
            .draw()
            .ok_or_else(|| GameError::Invariant("the wall is empty".into()))?;
        self.emit(Event::Tsumo {
            actor: next,
            pai: p,
        })
    }

    fn rinshan(&mut self, seat: u8) -> Result<(), GameError> {
        let p = self
            .wall
            .draw_rinshan()
            .ok_or_else(|| GameError::Invariant("no replacement tile".into()))?;
        self.emit(Event::Tsumo {
            actor: seat,
            pai: p,
        })
    }
}

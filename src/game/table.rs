//! Playing a whole game: the table deals from a seeded [`Wall`], asks each
//! [`Player`] for a choice among its legal actions, settles competing calls
//! (ron over pon and kan over chi, ron in turn order), turns dora and draws
//! replacement tiles, and records every event (mjai JSON lines).

use super::error::GameError;
use super::event::{DrawReason, Event};
use super::legal::{action_events, legal_actions_into, Action};
use super::observation::Observation;
use super::pai::Pai;
use super::round::RoundId;
use super::state::{Phase, RiichiState, RoundOutcome, State};
use super::wall::{physical_pai, Wall};
use crate::rules::KanDoraTiming;
use crate::rules::Rules;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player: given its view and the legal actions, it picks one — the way to
/// plug your own AI into [`play_game`], self-play and the terminal game.
///
/// The table asks at every decision: the seat's own turn (discards, riichi,
/// tsumo, kans, nine terminals) and every discard or kan it may call or rob
/// (chi, pon, kan, ron, pass). The [`Observation`] is the seat's view only
/// (its hand, every river and meld, the dora indicators, scores); `legal` is
/// never empty and the answer must be one of its actions.
///
/// A whole small player: it wins whenever it can, declares riichi when it
/// may, never calls, and otherwise discards the tile that leaves the most
/// tile acceptance (from [`crate::analyze`]). Against three random players
/// it wins the game:
///
/// ```
/// use tenpai::game::{play_game, Action, Observation, Player, RandomPlayer};
/// use tenpai::rules::{GameLength, Rules};
///
/// struct Efficient;
///
/// impl Player for Efficient {
///     fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
///         let win_or_riichi = |a: &&Action| {
///             matches!(a, Action::Tsumo | Action::Ron | Action::Riichi { .. })
///         };
///         if let Some(a) = legal.iter().find(win_or_riichi) {
///             return a.clone();
///         }
///         // The concealed tiles as counts; the analysis ranks every
///         // discard best first (lower shanten, then more ukeire).
///         let mut counts = [0u8; 34];
///         for t in obs.hand.iter().filter_map(|p| p.tile()) {
///             counts[t.index()] += 1;
///         }
///         for d in tenpai::analyze(&counts, None).unwrap_or_default() {
///             let this = |a: &&Action| {
///                 matches!(a, Action::Discard { pai, .. } if pai.tile() == Some(d.tile))
///             };
///             if let Some(a) = legal.iter().find(this) {
///                 return a.clone();
///             }
///         }
///         // A call prompt (or an unusual turn): let the tile go.
///         let pass = legal.iter().find(|a| **a == Action::Pass);
///         pass.unwrap_or(&legal[0]).clone()
///     }
/// }
///
/// let mut rules = Rules::tenhou();
/// rules.game.length = GameLength::East;
/// let mut me = Efficient;
/// let mut others: [RandomPlayer; 3] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [a, b, c] = &mut others;
/// let mut players: [&mut dyn Player; 4] = [&mut me, a, b, c];
/// let game = play_game(&rules, 1, &mut players, false)?;
/// assert_eq!(game.scores.iter().sum::<i32>(), 100_000);
/// assert_eq!(game.ranking[0], 0, "first place: seat 0");
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub trait Player {
    /// Picks one of `legal` (never empty). Returning an action not in `legal`
    /// makes [`play_game`] fail.
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action;

    /// Whether [`Player::act`] reads its observation (the default). A player
    /// that decides from the legal actions alone, such as [`RandomPlayer`],
    /// returns `false`; the table then does not bring its view up to date,
    /// so the observation it is handed is its own seat's but may be stale.
    fn reads_observation(&self) -> bool {
        true
    }

    /// Called with every event of the game, after the table applied it and
    /// before it asks anyone about it, as the referee sees it (every tile
    /// named): a player that passes events on, such as an external bot
    /// ([`crate::game::bot::ExternalBot`]), hides what its seat may not see
    /// ([`Event::seen_by`]). Does nothing by default.
    fn observe(&mut self, _event: &Event) {}
}

/// A player that wins whenever it can and otherwise picks uniformly at random
/// among its legal actions, from its own seeded RNG (for tests and self-play
/// baselines).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn reads_observation(&self) -> bool {
        false
    }

    fn act(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        if let Some(w) = legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            return w.clone();
        }
        legal[self.rng.gen_range(0..legal.len() as u32) as usize].clone()
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Every event, `start_game` to `end_game`.
    pub events: Vec<Event>,
    /// Final scores, in points, by seat.
    pub scores: [i32; 4],
    /// Seats by final rank (ties by seat order).
    pub ranking: [u8; 4],
    /// Rounds played.
    pub rounds: u32,
}

impl GameRecord {
    /// The game as mjai JSON lines (one event per line, newline-terminated).
    pub fn to_mjai(&self) -> String {
        let mut s = String::new();
        for e in &self.events {
            s.push_str(&e.to_json());
            s.push('\n');
        }
        s
    }
}

// The spectator's `&mut dyn FnMut(&Event, &State)` reads plainer spelled out
// than behind an alias.
#[allow(clippy::type_complexity)]
struct Table<'a> {
    state: State,
    wall: Wall,
    events: Vec<Event>,
    check: bool,
    players: &'a mut [&'a mut dyn Player; 4],
    spectator: Option<&'a mut dyn FnMut(&Event, &State)>,
    /// One view per seat, refreshed before each question (no allocation).
    views: [Observation; 4],
    /// Each view's concealed tiles at its last refresh (counts, red fives).
    view_hands: [Option<(crate::TileCounts, [u8; 3])>; 4],
    /// The legal actions of the seat being asked (a reused buffer).
    legal: Vec<Action>,
}

impl Table<'_> {
    fn emit(&mut self, mut e: Event) -> Result<(), GameError> {
        self.state.apply(&e)?;
        record_result(&mut e, &self.state);
        if let Some(f) = self.spectator.as_mut() {
            f(&e, &self.state);
        }
        for p in self.players.iter_mut() {
            p.observe(&e);
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
        let mut red = [0u8; 3];
        for id in self.wall.unseen_ids() {
            let p = physical_pai(id, self.wall.red_fives());
            counts[p.index()] += 1;
            if p.is_red() {
                red[p.index() / 9] += 1;
            }
        }
        let s = self.state.unseen();
        if &counts != s {
            return Err(GameError::Invariant(format!(
                "the wall holds {counts:?}, the state counts {s:?} unseen"
            )));
        }
        Ok(())
    }

    fn ask(&mut self, seat: u8) -> Result<Option<Action>, GameError> {
        let legal = &mut self.legal;
        legal_actions_into(&self.state, seat, legal);
        if legal.is_empty() {
            return Ok(None);
        }
        let obs = &mut self.views[seat as usize];
        if self.players[seat as usize].reads_observation() {
            let me = self.state.seat(seat);
            let hand = Some((*me.concealed(), me.red_fives()));
            let unchanged = self.view_hands[seat as usize] == hand;
            self.view_hands[seat as usize] = hand;
            obs.refresh_same_game(&self.state, seat, unchanged);
            if self.check && *obs != Observation::of(&self.state, seat) {
                return Err(GameError::Invariant(format!(
                    "seat {seat}'s refreshed view differs from a new one"
                )));
            }
        }
        let a = self.players[seat as usize].act(obs, legal);
        if !legal.contains(&a) {
            return Err(GameError::illegal(
                "action",
                seat,
                format!("{a:?} is not among the legal actions"),
            ));
        }
        Ok(Some(a))
    }

    fn do_action(&mut self, seat: u8, a: &Action) -> Result<(), GameError> {
        // Only a win reads the ura-dora indicators.
        let ura = match a {
            Action::Tsumo | Action::Ron => self.wall.ura_indicators(),
            _ => Vec::new(),
        };
        for e in action_events(&self.state, seat, a, &ura)? {
            self.emit(e)?;
        }
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

    /// Asks the seats after `from` (in turn order) and settles: rons, then the
    /// riichi stick, forced draws, pon or kan, chi.
    fn responses(&mut self, from: u8) -> Result<(), GameError> {
        let mut choices = Vec::new();
        for k in 1..4 {
            let s = (from + k) % 4;
            if let Some(a) = self.ask(s)? {
                choices.push((s, a));
            }
        }
        let rons: Vec<u8> = choices
            .iter()
            .filter(|(_, a)| *a == Action::Ron)
            .map(|&(s, _)| s)
            .collect();
        let g = self.state.rules().game.clone();
        if !rons.is_empty() {
            if rons.len() >= 3 && g.triple_ron_abort {
                return self.draw(DrawReason::TripleRon);
            }
            let n = if g.multiple_ron { rons.len() } else { 1 };
            // Every ron is built against the discard before any is applied.
            let ura = self.wall.ura_indicators();
            let mut events = Vec::new();
            for &s in &rons[..n] {
                events.extend(action_events(&self.state, s, &Action::Ron, &ura)?);
            }
            for e in events {
                self.emit(e)?;
            }
            return Ok(());
        }
        if matches!(self.state.phase(), Phase::Kan { .. }) {
            let closed = matches!(self.state.phase(), Phase::Kan { closed: true, .. });
            let keep = u8::from(!closed && g.open_kan_dora == KanDoraTiming::AfterDiscard);
            self.turn_dora(keep)?;
            return self.rinshan(from);
        }
        if let RiichiState::Declared { .. } = self.state.seat(from).riichi() {
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

    fn play_round(&mut self, seed: u64, round: RoundId) -> Result<(), GameError> {
        let oya = round.dealer();
        self.wall = Wall::shuffled(seed, self.state.rules().scoring.red_fives);
        let mut tehais: [Vec<Pai>; 4] = Default::default();
        for k in 0..4 {
            for i in 0..4u8 {
                let n = if k < 3 { 4 } else { 1 };
                for _ in 0..n {
                    let p = self.wall.draw().expect("a full wall deals");
                    tehais[((oya + i) % 4) as usize].push(p);
                }
            }
        }
        for t in &mut tehais {
            t.sort();
        }
        self.emit(Event::StartKyoku {
            bakaze: Pai::from(round.wind().tile()),
            kyoku: round.kyoku(),
            honba: round.honba(),
            kyotaku: round.sticks(),
            oya,
            dora_marker: self.wall.dora_indicators()[0],
            scores: self.state.scores(),
            tehais,
        })?;
        let p = self.wall.draw().expect("a full wall");
        self.emit(Event::Tsumo { actor: oya, pai: p })?;
        loop {
            match self.state.phase().clone() {
                Phase::Ended => return self.emit(Event::EndKyoku),
                Phase::Turn { seat, .. } | Phase::RiichiDiscard { seat } => {
                    let a = self
                        .ask(seat)?
                        .ok_or_else(|| GameError::Invariant("no legal action on a turn".into()))?;
                    self.do_action(seat, &a)?;
                    if let Phase::Kan { closed: true, .. } = self.state.phase() {
                        self.turn_dora(0)?;
                    }
                    if let Phase::Kan { closed: false, .. } = self.state.phase() {
                        if g_immediate(&self.state) {
                            self.turn_dora(0)?;
                        }
                    }
                }
                Phase::Discarded { seat, .. } => {
                    self.turn_dora(0)?;
                    self.responses(seat)?;
                }
                Phase::Kan { seat, .. } => self.responses(seat)?,
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
}

/// Writes the score changes and the scores after into a `reach_accepted`,
/// `hora` or `ryukyoku` the engine has just applied, as Mortal's logs carry
/// them, so that a recorded game replays with its points checked.
fn record_result(e: &mut Event, state: &State) {
    let now = state.scores();
    match e {
        Event::ReachAccepted {
            actor,
            deltas,
            scores,
        } if deltas.is_none() => {
            let mut d = [0; 4];
            d[*actor as usize] = -1000;
            (*deltas, *scores) = (Some(d), Some(now));
        }
        Event::Hora {
            actor,
            deltas,
            scores,
            ..
        } if deltas.is_none() => {
            if let Some(RoundOutcome::Wins(wins)) = state.outcome() {
                if let Some(w) = wins.iter().rev().find(|w| w.seat == *actor) {
                    (*deltas, *scores) = (Some(w.deltas), Some(now));
                }
            }
        }
        Event::Ryukyoku { deltas, scores, .. } if deltas.is_none() => {
            if let Some(RoundOutcome::Draw { deltas: d, .. }) = state.outcome() {
                (*deltas, *scores) = (Some(*d), Some(now));
            }
        }
        _ => {}
    }
}

fn g_immediate(s: &State) -> bool {
    s.rules().game.open_kan_dora == KanDoraTiming::Immediate
}

/// Plays a whole game from `seed` with four players (seat 0 deals first) and
/// records it. The same seed, rules and players give the same game on every
/// platform. With `check`, the state's invariants are checked after every event,
/// and the wall's physical tiles are compared with the state's unseen tiles.
///
/// # Errors
/// [`GameError`] when a player picks an action that is not legal, or (a bug)
/// when an invariant fails.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{play_game, Player, RandomPlayer};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [a, b, c, d] = &mut p;
/// let mut players: [&mut dyn Player; 4] = [a, b, c, d];
/// let g = play_game(&rules, 42, &mut players, true)?;
/// assert_eq!(g.scores.iter().sum::<i32>(), 100_000);
/// assert!(g.to_mjai().starts_with("{\"type\":\"start_game\""));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn play_game<'a>(
    rules: &Rules,
    seed: u64,
    players: &'a mut [&'a mut dyn Player; 4],
    check: bool,
) -> Result<GameRecord, GameError> {
    play_game_watched(rules, seed, players, check, None)
}

/// [`play_game`], calling `spectator` after every event with the event and the
/// whole state after it (the referee's view: every hand and nothing of the
/// wall). A terminal game uses it to redraw as the AI players move; show a
/// person only [`Observation::of`] their own seat.
///
/// # Errors
/// As [`play_game`].
///
/// # Panics
/// Never (unless `spectator` panics).
///
/// ```
/// use tenpai::game::{play_game_watched, Event, Player, RandomPlayer, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [a, b, c, d] = &mut p;
/// let mut players: [&mut dyn Player; 4] = [a, b, c, d];
/// let mut discards = 0;
/// let mut count = |e: &Event, _: &State| discards += usize::from(matches!(e, Event::Dahai { .. }));
/// let g = play_game_watched(&rules, 42, &mut players, false, Some(&mut count))?;
/// assert_eq!(discards, g.events.iter().filter(|e| matches!(e, Event::Dahai { .. })).count());
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn play_game_watched<'a>(
    rules: &Rules,
    seed: u64,
    players: &'a mut [&'a mut dyn Player; 4],
    check: bool,
    spectator: Option<&'a mut dyn FnMut(&Event, &State)>,
) -> Result<GameRecord, GameError> {
    let state = State::new(rules.clone()).with_check(check || cfg!(debug_assertions));
    let views = std::array::from_fn(|i| Observation::of(&state, i as u8));
    let mut t = Table {
        state,
        wall: Wall::shuffled(seed, rules.scoring.red_fives),
        views,
        legal: Vec::with_capacity(32),
        view_hands: [None; 4],
        events: Vec::with_capacity(2048),
        check: check || cfg!(debug_assertions),
        players,
        spectator,
    };
    t.emit(Event::StartGame {
        names: vec![String::new(); 4],
        seed: Some(seed),
    })?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut round = RoundId::FIRST;
    let mut rounds = 0;
    loop {
        t.play_round(rng.gen::<u64>(), round)?;
        rounds += 1;
        match t.state.next_round() {
            Some(n) if !t.state.game_over() => round = n,
            _ => break,
        }
        if rounds > 1000 {
            return Err(GameError::Invariant("more than 1000 rounds".into()));
        }
    }
    // `end_game` is written bare, as Mortal writes it; the record keeps the
    // final scores (leftover sticks to the first).
    t.emit(Event::EndGame { scores: None })?;
    let scores = t.state.scores();
    Ok(GameRecord {
        events: t.events,
        scores,
        ranking: super::ranking(&scores),
        rounds,
    })
}

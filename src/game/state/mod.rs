//! The event-sourced game state: it changes only by [`State::apply`]ing
//! [`Event`](super::Event)s, and an event the rules do not allow is an error
//! that leaves the state as it was.
//!
//! The state knows every hand (it is the referee's view); per-seat views are
//! [`crate::game::Observation`]s. Tiles not yet seen (the live wall and the
//! hidden part of the dead wall) are kept as counts, so the same code follows a
//! game of our own, an mjai log or an imported Tenhou log: each `tsumo` and
//! `dora` event takes its tile from those counts.
//!
//! Split by concern, as Mortal's `libriichi` splits its `state/`:
//! - `mod.rs`: the types ([`State`], [`Phase`], [`RoundOutcome`], [`Win`]);
//! - `seat.rs`: one seat's part ([`Seat`], [`TableMeld`], [`RiverTile`],
//!   [`RiichiState`]) and the hand queries the rules ask of it;
//! - `getters.rs`: read access to the state;
//! - `apply.rs`: applying events (the dispatch, the game's start and end, dora,
//!   the end of a round); `deal.rs`: a round's deal; `turn.rs`: draws,
//!   discards and riichi; `call.rs`: chi, pon and kans;
//! - `win.rs`: wins, their scoring situation and payments; `draw.rs`:
//!   exhaustive and abortive draws;
//! - `invariants.rs`: what must hold after every event.

mod apply;
mod call;
mod deal;
mod draw;
mod getters;
mod invariants;
mod seat;
mod turn;
mod win;

use super::error::GameError;
use super::event::DrawReason;
use super::pai::Pai;
use super::round::RoundId;
use crate::rules::Rules;
use crate::score::Score;
use crate::tile::{TileCounts, TileSet, KINDS};

pub(crate) use seat::ankan_keeps_waits;
pub use seat::{RiichiState, RiverTile, Seat, TableMeld};

/// Where the round is: whose move it is and what may happen next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before `start_game`.
    BeforeGame,
    /// Between rounds: `start_kyoku` or `end_game` next.
    BetweenRounds,
    /// `seat` draws next (a replacement draw when `rinshan`).
    Draw {
        /// Who draws.
        seat: u8,
        /// A replacement draw after a kan.
        rinshan: bool,
    },
    /// `seat` holds 3n+2 tiles and acts: discard, win, kan, riichi, nine
    /// terminals.
    Turn {
        /// Who acts.
        seat: u8,
        /// Right after a chi or pon: only a discard, and not these kinds (kuikae).
        after_call: Option<TileSet>,
        /// The drawn tile is a replacement tile.
        rinshan: bool,
    },
    /// `seat` declared riichi and discards next.
    RiichiDiscard {
        /// Who declared.
        seat: u8,
    },
    /// `seat` discarded `pai`: others may ron or call, or the game goes on.
    Discarded {
        /// The discarder.
        seat: u8,
        /// The tile.
        pai: Pai,
    },
    /// `seat` made a kan of `pai` (added or, when `closed`, closed): others may
    /// rob it (chankan), then `seat` draws a replacement tile.
    Kan {
        /// Who declared the kan.
        seat: u8,
        /// The kan's tile.
        pai: Pai,
        /// A closed kan (only thirteen orphans may rob it).
        closed: bool,
    },
    /// The round ended: `end_kyoku` next (or more `hora` in a multiple ron).
    Ended,
}

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundOutcome {
    /// One win (one entry per winner in a multiple ron).
    Wins(Vec<Win>),
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
        /// Seats that were tenpai (exhaustive draws only).
        tenpai: [bool; 4],
        /// Seats paid nagashi mangan.
        nagashi: [bool; 4],
        /// Score changes, in points, by seat (tenpai payments or nagashi mangan).
        deltas: [i32; 4],
    },
}

/// One scored win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The winner.
    pub seat: u8,
    /// Who dealt in (the winner for tsumo).
    pub from: u8,
    /// The liable seat (pao), if one paid.
    pub pao: Option<u8>,
    /// The scorer's result.
    pub score: Score,
    /// Score changes, in points, by seat (sticks included).
    pub deltas: [i32; 4],
}

/// The whole game state (the referee's view: every hand is known).
///
/// Read it through its accessors (players get an
/// [`crate::game::Observation`] instead); it changes only by
/// [`State::apply`], which checks every event. Points are in 1s.
///
/// ```
/// use tenpai::game::{Event, Phase, State};
/// let mut s = State::new(tenpai::rules::Rules::tenhou());
/// s.apply(&Event::StartGame { names: vec![], seed: None })?;
/// assert_eq!(s.phase(), &Phase::BetweenRounds);
/// // A draw before any deal is refused, and changes nothing.
/// assert!(s.apply(&Event::Tsumo { actor: 0, pai: "1m".parse()? }).is_err());
/// assert_eq!(s.phase(), &Phase::BetweenRounds);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct State {
    /// The rules.
    rules: Rules,
    /// Where the round is.
    phase: Phase,
    /// Scores, in points, by seat.
    scores: [i32; 4],
    /// The round as dealt (its sticks are those carried into it).
    round: RoundId,
    /// Riichi sticks on the table now (a count).
    sticks: u8,
    /// The four seats.
    seats: [Seat; 4],
    /// Dora indicators turned.
    dora: Vec<Pai>,
    /// Tiles left in the live wall.
    live_left: u8,
    /// Kans made this round, by seat, in order.
    kans: Vec<u8>,
    /// Kan dora indicators due but not turned yet.
    pending_dora: u8,
    /// A chi, pon or kan (closed too) was made this round.
    any_call: bool,
    /// How the round ended, once it has.
    outcome: Option<RoundOutcome>,
    /// The game is over (after the last round's `end_kyoku`).
    game_over: bool,
    /// The round that must come next, once known.
    next_round: Option<RoundId>,
    /// Copies of each kind not yet seen (live wall and hidden dead wall).
    unseen: TileCounts,
    /// Red fives among the unseen tiles, per suit.
    unseen_red: [u8; 3],
    /// Seats that could have ronned the current discard or kan.
    could_ron: [bool; 4],
    /// The phase the first ron of a multiple ron was made in.
    ron_phase: Option<Phase>,
    /// Points plus sticks on the table since the first deal.
    total_points: Option<i32>,
    /// Check invariants after every event (always on in debug builds).
    check: bool,
}

/// The error of an event the rules do not allow now.
fn err(event: &'static str, seat: u8, reason: impl Into<String>) -> GameError {
    GameError::illegal(event, seat, reason)
}

/// The score changes an event gives, when it gives them, must be the
/// engine's.
fn check_deltas(
    event: &'static str,
    logged: Option<[i32; 4]>,
    computed: [i32; 4],
) -> Result<(), GameError> {
    match logged {
        Some(logged) if logged != computed => Err(GameError::Deltas {
            event,
            logged,
            computed,
        }),
        _ => Ok(()),
    }
}

impl State {
    /// A fresh state before `start_game`, checking its invariants after every
    /// event in debug builds only (see [`State::with_check`]).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Phase, State};
    /// let s = State::new(tenpai::rules::Rules::tenhou());
    /// assert_eq!(s.phase(), &Phase::BeforeGame);
    /// ```
    pub fn new(rules: Rules) -> State {
        let start = rules.game.start_points;
        State {
            rules,
            phase: Phase::BeforeGame,
            scores: [start; 4],
            round: RoundId::FIRST,
            sticks: 0,
            seats: Default::default(),
            dora: Vec::new(),
            live_left: 0,
            kans: Vec::new(),
            pending_dora: 0,
            any_call: false,
            outcome: None,
            game_over: false,
            next_round: None,
            unseen: [4; KINDS],
            unseen_red: [0; 3],
            could_ron: [false; 4],
            ron_phase: None,
            total_points: None,
            check: cfg!(debug_assertions),
        }
    }

    /// This state, checking its invariants ([`State::check_invariants`])
    /// after every event when `on` (and not checking them when off, even in
    /// debug builds). The setting is kept for the whole game.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::State;
    /// let s = State::new(tenpai::rules::Rules::tenhou()).with_check(true);
    /// assert!(s.checks());
    /// ```
    pub fn with_check(mut self, on: bool) -> State {
        self.check = on;
        self
    }
}

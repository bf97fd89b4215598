//! The event-sourced game state: it changes only by [`State::apply`]ing
//! [`Event`](super::Event)s, and an event the rules do not allow is an error
//! that leaves the state as it was.
//!
//! The referee's state ([`State::new`]) knows every hand; a seat's state
//! ([`State::for_seat`]) follows the same game as that seat sees it, as an
//! mjai bot is told it: other seats' concealed tiles are only a number, their
//! draws `?`, and their discards, calls and kans show their tiles as they are
//! played. [`crate::game::legal_actions`] and [`crate::game::Observation`]
//! give the seat the same answers from either state. Tiles not yet seen (the
//! live wall, the hidden part of the dead wall, and in a seat's state the
//! other hands) are kept as counts, so the same code follows a game of our
//! own, an mjai log or an imported Tenhou log: each `tsumo` and `dora` event
//! takes its tile from those counts.
//!
//! Split by concern, as Mortal's `libriichi` splits its `state/`:
//! - `mod.rs`: the types ([`State`], [`Phase`]; how a round ended,
//!   [`RoundOutcome`] and [`Win`], is with the rounds in `game::round`);
//! - `seat/`: one seat's part ([`Seat`], [`TableMeld`], [`RiverTile`],
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
mod position;
mod seat;
mod turn;
mod win;

use super::error::GameError;
use super::pai::Pai;
use super::round::{RoundId, RoundOutcome, Win};
use super::seat_index::SeatIndex;
use crate::rules::Rules;
use crate::tile::{TileCounts, TileSet, KINDS};

pub use position::live_wall_left;
pub(crate) use seat::ankan_keeps_waits;
pub use seat::{RiichiState, RiverTile, Seat, TableMeld};

/// Where the round is: whose move it is and what may happen next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

impl std::fmt::Display for Phase {
    /// In words, for error messages: `seat 2 draws next`, `seat 1 acts
    /// after a call`, `seat 0 discarded 5m`, `between rounds`.
    ///
    /// ```
    /// use tenpai::game::Phase;
    /// let p = Phase::Draw { seat: 2, rinshan: true };
    /// assert_eq!(p.to_string(), "seat 2 draws a replacement tile next");
    /// assert_eq!(Phase::BetweenRounds.to_string(), "between rounds");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Phase::BeforeGame => f.write_str("before the game"),
            Phase::BetweenRounds => f.write_str("between rounds"),
            Phase::Draw {
                seat,
                rinshan: false,
            } => write!(f, "seat {seat} draws next"),
            Phase::Draw {
                seat,
                rinshan: true,
            } => write!(f, "seat {seat} draws a replacement tile next"),
            Phase::Turn {
                seat,
                after_call: Some(_),
                ..
            } => write!(f, "seat {seat} discards after a call"),
            Phase::Turn { seat, .. } => write!(f, "seat {seat} acts after its draw"),
            Phase::RiichiDiscard { seat } => {
                write!(f, "seat {seat} discards after declaring riichi")
            }
            Phase::Discarded { seat, pai } => write!(f, "seat {seat} discarded {pai}"),
            Phase::Kan { seat, pai, .. } => write!(f, "seat {seat} declared a kan of {pai}"),
            Phase::Ended => f.write_str("the round has ended"),
        }
    }
}

/// The whole game state: the referee's view, every hand known
/// ([`State::new`]), or one seat's view ([`State::for_seat`]).
///
/// Read it through its accessors (players get an
/// [`crate::game::Observation`] instead); it changes only by
/// [`State::apply`], which checks every event. Points are in 1s.
///
/// ```
/// use tenpai::game::{Event, Phase, State};
/// let mut s = State::new(tenpai::rules::Rules::tenhou());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
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
    kyoutaku: u32,
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
    /// The seat whose view this is (`None`: the referee's, every hand known).
    view: Option<u8>,
    /// A round ended with payments this view cannot know (a hidden hand's
    /// win or tenpai, and no deltas given): the scores are those before it
    /// until the next `start_kyoku` names them.
    unsettled: bool,
    /// Unseen tiles that are in none of the hidden places this state counts
    /// (the live wall, the hidden dead wall and hands): discards a position
    /// built from a partial description did not list
    /// ([`State::from_observation`]); 0 in a game followed event by event.
    unplaced: u8,
    /// Dora indicators turned that a position built from a partial
    /// description did not name; 0 in a game followed event by event.
    unnamed_dora: u8,
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

/// The scores after an event, when it gives them, must be the engine's
/// (`computed`: the scores with the event's payments), unless this view
/// cannot know them ([`State::scores_known`]).
fn check_scores(
    event: &'static str,
    logged: Option<[i32; 4]>,
    computed: [i32; 4],
    known: bool,
) -> Result<(), GameError> {
    match logged {
        Some(logged) if known && logged != computed => Err(GameError::ScoresAfter {
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
            kyoutaku: 0,
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
            view: None,
            unsettled: false,
            unplaced: 0,
            unnamed_dora: 0,
        }
    }

    /// A fresh state before `start_game` that follows the game as `seat`
    /// sees it: other seats' concealed tiles are hidden (each `start_kyoku`
    /// deals them as `?`, their draws are `?`; tiles given for them anyway
    /// are not looked at), and the seat's own draws must be named. It
    /// accepts the stream an mjai bot receives:
    /// - a hidden hand's discards, calls and kans take their tiles from the
    ///   unseen ones (what this seat cannot see); what depends on the hidden
    ///   tiles (its riichi being ready, its furiten, its tenpai at a draw, its
    ///   win's score) is taken as the events say;
    /// - a `hora` or `ryukyoku` pays the `deltas` it carries; without them, a
    ///   result this seat cannot work out (a hidden hand's win, tenpai
    ///   payments) leaves the scores unsettled ([`State::scores_known`])
    ///   until the next `start_kyoku`;
    /// - the host decides how the game goes on: `start_kyoku` may come at any
    ///   time after `start_game` (a round whose end this seat was not shown
    ///   ends there) and sets the round and the scores, whatever the rules
    ///   would have named, as long as a game can reach them (the points on
    ///   the table stay the first deal's, no seat below zero when that ends
    ///   the game: else [`GameError::Scores`]); `end_kyoku` and `end_game`
    ///   may come at any time
    ///   after `start_game`; [`State::next_round`] stays `None`.
    ///
    /// # Panics
    /// Never (a `seat` above 3 is taken modulo 4).
    ///
    /// ```
    /// use tenpai::game::{legal_actions, Event, Pai, State};
    /// let mut s = State::for_seat(tenpai::rules::Rules::tenhou(), tenpai::game::SeatIndex::ALL[1]);
    /// s.apply(&Event::start_game(vec![], None, Default::default()))?;
    /// let tiles = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<Pai>>();
    /// let hidden = vec![Pai::HIDDEN; 13];
    /// s.apply(&Event::StartKyoku {
    ///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
    ///     dora_marker: "1m".parse()?, scores: [25000; 4],
    ///     tehais: [hidden.clone(), tiles("1p 1p 3p 5p 7p 9p 1s 3s 5s 7s 9s E E"), hidden.clone(), hidden],
    /// })?;
    /// s.apply(&Event::Tsumo { actor: 0, pai: Pai::HIDDEN })?;
    /// s.apply(&Event::Dahai { actor: 0, pai: "E".parse()?, tsumogiri: false })?;
    /// // Seat 1 may pon the East (and pass); the dealer holds 13 unknown tiles.
    /// assert_eq!(legal_actions(&s, tenpai::game::SeatIndex::ALL[1]).len(), 2);
    /// assert_eq!((s.seat(tenpai::game::SeatIndex::ALL[0]).is_hidden(), s.seat(tenpai::game::SeatIndex::ALL[0]).len()), (true, 13));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn for_seat(rules: Rules, seat: SeatIndex) -> State {
        State {
            view: Some(seat.get()),
            ..State::new(rules)
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

    /// A fresh state with this one's rules, view and invariant check.
    fn fresh(&self) -> State {
        State {
            view: self.view,
            ..State::new(self.rules.clone()).with_check(self.check)
        }
    }

    /// This is one seat's view and `seat` is another's: its hand is hidden.
    #[inline]
    fn hides(&self, seat: u8) -> bool {
        self.view.is_some_and(|v| v != seat)
    }
}

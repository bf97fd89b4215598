//! What one seat sees and may do now: [`SeatView`], the one picture every
//! front end draws (the terminal game, the review's pages, the browser
//! table), built by the library from a game [`State`] and serializable as
//! JSON.
//!
//! A layer above [`crate::game`] (it reads the state and calls its rules:
//! [`legal_actions`](crate::game::legal_actions),
//! [`riichi_allowed`](crate::game::riichi_allowed), furiten, the scorer's
//! results) and below the AI and the front ends. Front ends draw what it
//! says and decide nothing: the choices are the legal actions, and an
//! action a person asks for is looked up with [`SeatView::discard`],
//! [`SeatView::tsumo`] and [`SeatView::ron`], which answer a legal action
//! or a typed [`Refusal`].
//!
//! What a view may hold is fixed by how it is made, never filtered
//! afterwards:
//! - [`SeatView::of`]: one seat's view: its own concealed tiles and
//!   choices, every seat's river, melds, score and riichi, the dora
//!   indicators, and at a round's end the hands the rules show (winners,
//!   ready hands at an exhaustive draw);
//! - [`SeatView::spectator`]: no concealed hand and no choices;
//! - [`SeatView::all_hands`]: every concealed hand, for log viewers and
//!   finished rounds, said so in its [`Perspective`].
//!
//! Its fields are private: a view is only ever made from a state by these
//! constructors (the nested types are `#[non_exhaustive]`, so another crate
//! cannot make them either), and it is not deserialized.
//!
//! # JSON
//! `serde_json::to_string(&view)` writes one object (tiles in mjai notation,
//! `5mr` a red five, `E`…`C` honors; winds `"E"`…`"N"`; seats 0–3):
//!
//! ```text
//! {"perspective":"seat","seat":0,"stage":"playing",
//!  "round":{"round_wind":"E","number":1,"honba":0,"kyoutaku":0,"dealer":0},
//!  "seats":[{"seat":0,"wind":"E","score":25000,"dealer":true,"riichi":null,
//!            "river":[{"pai":"9m","tsumogiri":false,"riichi":false,"called":false}],
//!            "melds":[{"type":"pon","tiles":["C","C","C"],"called":"C","from":2}],
//!            "hand_size":11,"hand":{"tiles":["1m",…],"drawn":"4p","furiten":false}},
//!           {…,"hand":null}, …],
//!  "dora_indicators":["3m"],"dora":["4m"],"tiles_left":60,"turn":0,
//!  "claimable":null,
//!  "choices":{"actions":[{"type":"discard","pai":"1m","tsumogiri":false},…],
//!             "discard_due":true,"riichi_discards":[],
//!             "riichi_refusal":{"refusal":"open"},"swap_forbidden":[]},
//!  "result":null}
//! ```
//!
//! `choices` is `null` when the seat has nothing to decide; `result` is set
//! from the end of a round until the next deal: `{"kind":"wins","wins":
//! [{"seat","from","tsumo","pai","pao","deltas","ura_indicators","score":
//! {"han","fu","yakuman","limit","yaku":[{"yaku","name","han","dora"}],
//! "fu_items","reading","payment","points","kyoutaku_points"}}],…}` or
//! `{"kind":"draw","reason":"exhaustive","abortive":false,"tenpai",
//! "nagashi",…}`, then `"shown":[{"seat","why":"win"|"tenpai","tiles",
//! "melds","win_tile"}],"deltas","riichi_deposits","scores","scores_known"`.
//!
//! ```
//! use tenpai::game::{Game, Action};
//! use tenpai::view::{SeatView, Stage};
//! let game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
//! let v = SeatView::of(game.state(), tenpai::game::SeatIndex::ALL[0]);
//! let s0 = Some(tenpai::game::SeatIndex::ALL[0]);
//! assert_eq!((v.seat(), v.stage(), v.turn()), (s0, Stage::Playing, s0));
//! assert_eq!(v.hand().expect("its own hand").all().len(), 14);
//! assert!(v.seats()[1].hand.is_none(), "another seat's hand is not in seat 0's view");
//! let choices = v.choices().expect("the dealer discards");
//! assert!(choices.discard_due && choices.actions.iter().all(|a| !matches!(a, Action::Pass)));
//! let json = serde_json::to_value(&v).expect("a view serializes");
//! assert_eq!(json["seats"][1]["hand"], serde_json::Value::Null);
//! assert_eq!(json["round"]["round_wind"], "E");
//! # Ok::<(), tenpai::game::GameError>(())
//! ```

mod choices;
mod hints;
mod result;
mod seat;

pub use choices::{Choices, Refusal};
pub use hints::HandHints;
pub use result::{ResultKind, RoundResult, ShowReason, ShownHand, WinResult};
pub use seat::{HandTiles, MeldEntry, MeldType, RiichiMark, RiverEntry, SeatInfo};

use crate::game::{Pai, Phase, SeatIndex, State};
use crate::Wind;
use serde::Serialize;

/// Whose picture a view is, which fixes the concealed tiles it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Perspective {
    /// One seat's: its own concealed tiles only ([`SeatView::of`]).
    Seat,
    /// A spectator's: no concealed tiles ([`SeatView::spectator`]).
    Spectator,
    /// Every concealed hand, for log viewers and finished rounds
    /// ([`SeatView::all_hands`]).
    AllHands,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Stage {
    /// Before the first deal.
    BeforeGame,
    /// A round is being played.
    Playing,
    /// The round is over ([`SeatView::result`]); the next one is not dealt yet.
    RoundOver,
    /// The game is over (the last round's result is still shown).
    GameOver,
}

/// The round: round wind, number, honba and the riichi sticks (kyoutaku) on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct RoundInfo {
    /// The round wind.
    pub round_wind: Wind,
    /// The round's number within its wind, 1–4 (East 1 …).
    pub number: u8,
    /// Honba (repeat counters).
    pub honba: u8,
    /// Riichi sticks on the table now (a count; 1,000 points each).
    pub kyoutaku: u32,
    /// The dealer's seat.
    pub dealer: SeatIndex,
}

/// The tile that may be called or robbed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct Claimable {
    /// The seat that discarded it (or made the kan).
    pub seat: SeatIndex,
    /// The tile.
    pub pai: Pai,
    /// It is a kan's tile, which only a ron may take (robbing the kan).
    pub kan: bool,
}

/// What one seat sees and may do now (see the [module](self) for what each
/// kind of view holds and its JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    perspective: Perspective,
    seat: Option<SeatIndex>,
    stage: Stage,
    round: RoundInfo,
    seats: [SeatInfo; 4],
    dora_indicators: Vec<Pai>,
    dora: Vec<Pai>,
    tiles_left: u8,
    turn: Option<SeatIndex>,
    claimable: Option<Claimable>,
    choices: Option<Choices>,
    result: Option<RoundResult>,
}

impl SeatView {
    /// The view of `seat` of `state`: its own concealed
    /// tiles and choices, and nothing of another seat's concealed tiles
    /// but their number (until the rules show a hand at the end of a round).
    /// `state` may be the referee's ([`State::new`]) or the seat's own
    /// ([`State::for_seat`]): the view is the same.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Game, Pai};
    /// use tenpai::view::SeatView;
    /// let game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let v = SeatView::of(game.state(), tenpai::game::SeatIndex::ALL[2]);
    /// assert_eq!(v.hand().expect("seat 2's own hand").tiles.len(), 13);
    /// assert!(v.choices().is_none(), "the dealer discards first");
    /// assert_eq!(v.seats().iter().filter(|s| s.hand.is_some()).count(), 1);
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn of(state: &State, seat: SeatIndex) -> SeatView {
        SeatView::build(state, Perspective::Seat, Some(seat), true, |s| {
            s == seat.get()
        })
    }

    /// [`SeatView::of`] without its choices, as
    /// [`SeatView::without_choices`] leaves it, their legal actions never
    /// worked out: for a host that shows the choices only to the seat
    /// asked and draws the table for the others at every event.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// use tenpai::view::SeatView;
    /// let game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let east = SeatIndex::ALL[0];
    /// let v = SeatView::of_without_choices(game.state(), east);
    /// assert!(v.choices().is_none() && v.hand().is_some());
    /// assert_eq!(v, SeatView::of(game.state(), east).without_choices());
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn of_without_choices(state: &State, seat: SeatIndex) -> SeatView {
        SeatView::build(state, Perspective::Seat, Some(seat), false, |s| {
            s == seat.get()
        })
    }

    /// A spectator's view of `state`: every seat's river, melds, score and
    /// riichi, no concealed tile (but the hands the rules show at the end of
    /// a round), no choices.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::view::{Perspective, SeatView};
    /// let game = tenpai::game::Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let v = SeatView::spectator(game.state());
    /// assert_eq!((v.perspective(), v.seat()), (Perspective::Spectator, None));
    /// assert!(v.seats().iter().all(|s| s.hand.is_none() && s.hand_size >= 13));
    /// assert!(v.choices().is_none());
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn spectator(state: &State) -> SeatView {
        SeatView::build(state, Perspective::Spectator, None, false, |_| false)
    }

    /// Every concealed hand `state` knows (for log viewers and finished
    /// rounds: not for a seat still playing), with the choices of `seat`
    /// when one is given.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::view::{Perspective, SeatView};
    /// let game = tenpai::game::Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let v = SeatView::all_hands(game.state(), Some(tenpai::game::SeatIndex::ALL[0]));
    /// assert_eq!(v.perspective(), Perspective::AllHands);
    /// assert!(v.seats().iter().all(|s| s.hand.is_some()));
    /// assert!(v.choices().is_some());
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn all_hands(state: &State, seat: Option<SeatIndex>) -> SeatView {
        SeatView::build(state, Perspective::AllHands, seat, true, |_| true)
    }

    /// This view without its choices: for a host that asks the seats that
    /// may answer a discard one at a time ([`crate::game::Game`]) and
    /// shows the choices only to the seat asked.
    ///
    /// # Panics
    /// Never.
    pub fn without_choices(mut self) -> SeatView {
        self.choices = None;
        self
    }

    /// This view made again from `state` in place, for its own
    /// perspective and seat, without choices: what
    /// [`SeatView::of_without_choices`], [`SeatView::spectator`] or
    /// [`SeatView::all_hands`] (then [`SeatView::without_choices`]) makes
    /// of `state`, the buffers of its rivers, hands and dora reused (a
    /// host that sends a view after every event then allocates for few).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// use tenpai::view::SeatView;
    /// let mut game = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let south = SeatIndex::ALL[1];
    /// let (mut seat, mut watching) = (SeatView::of(game.state(), south), SeatView::spectator(game.state()));
    /// for _ in 0..12 {
    ///     let a = game.legal()[0].clone();
    ///     game.step(&a)?;
    ///     seat.refresh_without_choices(game.state());
    ///     watching.refresh_without_choices(game.state());
    ///     assert_eq!(seat, SeatView::of_without_choices(game.state(), south));
    ///     assert_eq!(watching, SeatView::spectator(game.state()));
    /// }
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn refresh_without_choices(&mut self, state: &State) {
        let (perspective, seat) = (self.perspective, self.seat);
        let show = |i: u8| match perspective {
            Perspective::Seat => seat.is_some_and(|s| s.get() == i),
            Perspective::Spectator => false,
            Perspective::AllHands => true,
        };
        refresh_seats(&mut self.seats, state, show);
        let parts = Parts::of(state);
        self.stage = parts.stage;
        self.round = parts.round;
        self.dora_indicators.clear();
        self.dora_indicators.extend_from_slice(state.dora());
        self.dora.clear();
        self.dora.extend(dora_of(state));
        self.tiles_left = state.live_left();
        self.turn = parts.turn;
        self.claimable = parts.claimable;
        self.choices = None;
        self.result = parts.result;
    }

    fn build(
        state: &State,
        perspective: Perspective,
        seat: Option<SeatIndex>,
        with_choices: bool,
        show: impl Fn(u8) -> bool,
    ) -> SeatView {
        let mut seats = std::array::from_fn(|i| SeatInfo::blank(SeatIndex::engine(i as u8)));
        refresh_seats(&mut seats, state, show);
        let parts = Parts::of(state);
        SeatView {
            perspective,
            seat,
            stage: parts.stage,
            round: parts.round,
            seats,
            dora_indicators: state.dora().to_vec(),
            dora: dora_of(state).collect(),
            tiles_left: state.live_left(),
            turn: parts.turn,
            claimable: parts.claimable,
            choices: seat
                .filter(|_| with_choices)
                .and_then(|s| Choices::of(state, s.get())),
            result: parts.result,
        }
    }

    /// Whose picture this is.
    pub fn perspective(&self) -> Perspective {
        self.perspective
    }

    /// The seat the view belongs to (whose choices it holds); `None` for a
    /// spectator's.
    pub fn seat(&self) -> Option<SeatIndex> {
        self.seat
    }

    /// Where the game is.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The round: wind, number, honba, sticks on the table, dealer.
    pub fn round(&self) -> RoundInfo {
        self.round
    }

    /// The four seats, by seat number.
    pub fn seats(&self) -> &[SeatInfo; 4] {
        &self.seats
    }

    /// The view's own seat, if it has one.
    pub fn me(&self) -> Option<&SeatInfo> {
        self.seat.map(|s| &self.seats[s.index()])
    }

    /// The view's own concealed tiles, if it has a seat whose hand it shows.
    pub fn hand(&self) -> Option<&HandTiles> {
        self.me().and_then(|s| s.hand.as_ref())
    }

    /// The dora indicators turned, in order.
    pub fn dora_indicators(&self) -> &[Pai] {
        &self.dora_indicators
    }

    /// The dora the indicators point to, in the same order (plain tiles).
    pub fn dora(&self) -> &[Pai] {
        &self.dora
    }

    /// Tiles left in the live wall.
    pub fn tiles_left(&self) -> u8 {
        self.tiles_left
    }

    /// The seat whose turn it is (drawing, discarding, or whose discard or
    /// kan the others may answer); `None` between rounds.
    pub fn turn(&self) -> Option<SeatIndex> {
        self.turn
    }

    /// The discard (or kan tile) that may be called or robbed now.
    pub fn claimable(&self) -> Option<Claimable> {
        self.claimable
    }

    /// The view's seat's decision, when it has one.
    pub fn choices(&self) -> Option<&Choices> {
        self.choices.as_ref()
    }

    /// How the round ended, from its end until the next deal.
    pub fn result(&self) -> Option<&RoundResult> {
        self.result.as_ref()
    }
}

/// The parts of a view that are the table's, not a seat's.
struct Parts {
    stage: Stage,
    round: RoundInfo,
    turn: Option<SeatIndex>,
    claimable: Option<Claimable>,
    result: Option<RoundResult>,
}

impl Parts {
    fn of(state: &State) -> Parts {
        let round = state.round();
        let (turn, claimable) = match *state.phase() {
            Phase::Draw { seat, .. } | Phase::Turn { seat, .. } | Phase::RiichiDiscard { seat } => {
                (Some(SeatIndex::engine(seat)), None)
            }
            Phase::Discarded { seat, pai } => (
                Some(SeatIndex::engine(seat)),
                Some(Claimable {
                    seat: SeatIndex::engine(seat),
                    pai,
                    kan: false,
                }),
            ),
            Phase::Kan { seat, pai, .. } => (
                Some(SeatIndex::engine(seat)),
                Some(Claimable {
                    seat: SeatIndex::engine(seat),
                    pai,
                    kan: true,
                }),
            ),
            Phase::BeforeGame | Phase::BetweenRounds | Phase::Ended => (None, None),
        };
        let result = state.outcome().map(|o| RoundResult::of(state, o));
        let stage = if state.game_over() {
            Stage::GameOver
        } else if result.is_some() {
            Stage::RoundOver
        } else if matches!(state.phase(), Phase::BeforeGame | Phase::BetweenRounds) {
            Stage::BeforeGame
        } else {
            Stage::Playing
        };
        Parts {
            stage,
            round: RoundInfo {
                round_wind: round.round_wind(),
                number: round.kyoku(),
                honba: round.honba(),
                kyoutaku: state.kyoutaku(),
                dealer: round.dealer(),
            },
            turn,
            claimable,
            result,
        }
    }
}

/// Makes `seats` each seat of `state`, its concealed tiles shown when
/// `show` says so of its number, in place ([`SeatInfo::refresh`]).
fn refresh_seats(seats: &mut [SeatInfo; 4], state: &State, show: impl Fn(u8) -> bool) {
    let dealer = state.round().dealer();
    let scores = state.scores();
    for (i, info) in seats.iter_mut().enumerate() {
        let i = i as u8;
        info.refresh(
            state.seat_at(i),
            SeatIndex::engine(i),
            dealer,
            scores[i as usize],
            show(i),
        );
    }
}

/// The dora the indicators of `state` point at.
fn dora_of(state: &State) -> impl Iterator<Item = Pai> + '_ {
    state
        .dora()
        .iter()
        .filter_map(|p| p.tile())
        .map(|t| Pai::from(t.dora_of_indicator()))
}

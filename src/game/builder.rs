//! A position described as one seat sees it — its hand, the rivers, the
//! melds, riichi, dora indicators, scores and the round — built into a game
//! [`State`] by the rules: the dealer is the round's, every other hand holds
//! 13 tiles less three per meld, the live wall what the description leaves
//! unseen (unless given), a meld of the seat's own hand is called from the
//! seat on its left. `tenpai suggest --hand …` asks about such positions.

use super::error::GameError;
use super::observation::Observation;
use super::pai::Pai;
use super::round::RoundId;
use super::seat_index::SeatIndex;
use super::state::{live_wall_left, RiverTile, State, TableMeld};
use crate::meld::{Meld, MeldKind};
use crate::rules::Rules;
use crate::{Hand, Wind};
use std::str::FromStr;

/// What does not make a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A round that is not `E1` … `N4` (with an optional `-honba`).
    #[error("{text:?} is not a round: expected E1 to N4, with -N honba (S2-1)")]
    BadRound {
        /// The text.
        text: String,
    },
    /// The seat's own turn needs 14 tiles, a meld counting 3: 14
    /// concealed with no meld, 11 beside one, … 2 beside four.
    #[error("the seat's turn needs {} concealed tiles {}, got {tiles}", turn_tiles(*.melds), beside(*.melds))]
    HandSize {
        /// The hand's concealed tiles.
        tiles: usize,
        /// The hand's melds (closed kans included).
        melds: usize,
    },
    /// The drawn tile is not one of the hand's.
    #[error("the drawn tile {} is not in the hand", .pai.mpsz())]
    DrawnNotHeld {
        /// The tile.
        pai: Pai,
    },
    /// A closed hand's turn follows a draw: the drawn tile must be named.
    #[error("a closed hand's turn follows a draw: name the tile just drawn")]
    NeedsDrawn,
    /// A riichi declared with a discard the seat's river does not have.
    #[error("seat {seat} has no discard {n} to declare riichi with")]
    NoSuchDiscard {
        /// The seat.
        seat: u8,
        /// The discard asked for (1-based; 0: the seat has none).
        n: usize,
    },
    /// The description shows more tiles than a game holds.
    #[error("the position shows more tiles than a game holds")]
    TooManyTiles,
    /// The engine refuses the position (a fifth copy, a meld that is not
    /// one, no decision for the seat, …).
    #[error("{0}")]
    Engine(GameError),
}

/// The concealed tiles a seat holds on its own turn beside `melds` melds.
fn turn_tiles(melds: usize) -> usize {
    14usize.saturating_sub(3 * melds)
}

/// `with no meld`, `beside 1 meld (14 less 3 a meld)`, `beside 2 melds
/// (14 less 3 a meld)`.
fn beside(melds: usize) -> String {
    match melds {
        0 => "with no meld".into(),
        1 => "beside 1 meld (14 less 3 a meld)".into(),
        n => format!("beside {n} melds (14 less 3 a meld)"),
    }
}

impl FromStr for RoundId {
    type Err = PositionError;

    /// `E1` … `N4`: the round wind and the round's number (its dealer is
    /// seat number − 1), optionally `-N` honba: `S2-1`. No riichi sticks.
    ///
    /// ```
    /// use tenpai::game::RoundId;
    /// let r: RoundId = "S3-2".parse()?;
    /// assert_eq!((r.round_wind(), r.dealer().get(), r.honba(), r.kyoutaku()), (tenpai::Wind::South, 2, 2, 0));
    /// assert_eq!("e1".parse::<RoundId>()?, RoundId::FIRST);
    /// assert!("E5".parse::<RoundId>().is_err() && "X1".parse::<RoundId>().is_err());
    /// # Ok::<(), tenpai::game::PositionError>(())
    /// ```
    fn from_str(s: &str) -> Result<RoundId, PositionError> {
        let bad = || PositionError::BadRound {
            text: s.to_string(),
        };
        let t = s.trim();
        let (name, honba) = match t.split_once('-') {
            Some((n, h)) => (n, h.parse::<u8>().map_err(|_| bad())?),
            None => (t, 0),
        };
        let mut chars = name.chars();
        let wind: Wind = chars
            .next()
            .and_then(|c| c.to_string().parse().ok())
            .ok_or_else(bad)?;
        let number: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if !(1..=4).contains(&number) {
            return Err(bad());
        }
        // `number` is 1 to 4 (checked above), so its dealer is a seat.
        Ok(RoundId::new(
            wind,
            SeatIndex::ALL[usize::from(number - 1)],
            honba,
            0,
        ))
    }
}

/// A position as one seat sees it, built step by step and then into a
/// [`State`] ([`Position::build`]).
///
/// ```
/// use tenpai::game::{legal_actions, Action, Position, SeatIndex};
/// let rules = tenpai::rules::Rules::tenhou();
/// let [s0, _, _, s3] = SeatIndex::ALL;
/// let state = Position::new(s0, "E1".parse()?)
///     .hand(&"23m456p789s11z5z [789m]".parse()?, None)
///     .river(s3, &["1m".parse()?])
///     .dora_indicators(&["3s".parse()?])
///     .build(&rules)?;
/// // The seat's turn right after its chi: only discards.
/// let legal = legal_actions(&state, s0);
/// assert!(legal.iter().all(|a| matches!(a, Action::Discard { .. })));
/// assert_eq!((state.seat(tenpai::game::SeatIndex::ALL[0]).len(), state.seat(tenpai::game::SeatIndex::ALL[1]).len()), (11, 13));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    seat: SeatIndex,
    round: RoundId,
    kyoutaku: u32,
    hand: Option<Hand>,
    drawn: Option<Pai>,
    rivers: [Vec<Pai>; 4],
    melds: [Vec<Meld>; 4],
    riichi: [Option<Option<usize>>; 4],
    dora: Vec<Pai>,
    scores: Option<[i32; 4]>,
    live_left: Option<u8>,
}

impl Position {
    /// The position of `seat` in `round` (its honba included), before
    /// anything is described: no hand, empty rivers, no dora indicator,
    /// the rules' starting scores.
    pub fn new(seat: SeatIndex, round: RoundId) -> Position {
        Position {
            seat,
            round,
            kyoutaku: round.kyoutaku(),
            hand: None,
            drawn: None,
            rivers: Default::default(),
            melds: Default::default(),
            riichi: [None; 4],
            dora: Vec::new(),
            scores: None,
            live_left: None,
        }
    }

    /// The seat's concealed tiles (the drawn tile included) and melds, and
    /// the tile it just drew (`None`: its turn right after calling its last
    /// meld).
    pub fn hand(mut self, hand: &Hand, drawn: Option<Pai>) -> Position {
        self.hand = Some(hand.clone());
        self.drawn = drawn;
        self
    }

    /// A seat's discards, in order.
    pub fn river(mut self, seat: SeatIndex, tiles: &[Pai]) -> Position {
        self.rivers[seat.index()] = tiles.to_vec();
        self
    }

    /// Another seat's called melds (called from the seat on its left).
    pub fn melds(mut self, seat: SeatIndex, melds: &[Meld]) -> Position {
        self.melds[seat.index()] = melds.to_vec();
        self
    }

    /// A seat in riichi, declared with its `discard`-th discard (1-based;
    /// `None`: its last).
    pub fn riichi(mut self, seat: SeatIndex, discard: Option<usize>) -> Position {
        self.riichi[seat.index()] = Some(discard);
        self
    }

    /// The dora indicators turned.
    pub fn dora_indicators(mut self, tiles: &[Pai]) -> Position {
        self.dora = tiles.to_vec();
        self
    }

    /// Riichi sticks on the table (those of the seats in riichi included).
    pub fn kyoutaku(mut self, kyoutaku: u32) -> Position {
        self.kyoutaku = kyoutaku;
        self
    }

    /// Every seat's score, in points.
    pub fn scores(mut self, scores: [i32; 4]) -> Position {
        self.scores = Some(scores);
        self
    }

    /// Tiles left in the live wall (fewer than the description leaves
    /// unseen stand for discards not listed).
    pub fn live_left(mut self, left: u8) -> Position {
        self.live_left = Some(left);
        self
    }

    /// The position as the engine's state of the seat's game, its own turn.
    ///
    /// # Errors
    /// [`PositionError`] naming what does not fit: the hand's
    /// size, the drawn tile, a riichi discard, more tiles than a game holds,
    /// or what the engine refuses ([`State::from_observation`]).
    ///
    /// # Panics
    /// Never.
    pub fn build(&self, rules: &Rules) -> Result<State, PositionError> {
        let seat = self.seat.get();
        let hand = match &self.hand {
            Some(h) if h.len() == turn_tiles(h.melds().len()) => h,
            h => {
                return Err(PositionError::HandSize {
                    tiles: h.as_ref().map_or(0, Hand::len),
                    melds: h.as_ref().map_or(0, |h| h.melds().len()),
                });
            }
        };
        let tiles = Pai::list(hand.concealed(), hand.red_fives());
        if let Some(d) = self.drawn.filter(|d| !tiles.contains(d)) {
            return Err(PositionError::DrawnNotHeld { pai: d });
        }
        if self.drawn.is_none() && hand.melds().iter().all(|m| !m.is_open()) {
            return Err(PositionError::NeedsDrawn);
        }
        let mut melds = self.melds.clone();
        melds[seat as usize] = hand.melds().to_vec();
        let mut obs = Observation::of(&State::new(rules.clone()), self.seat);
        obs.round_wind = self.round.round_wind();
        obs.kyoku = self.round.kyoku();
        obs.dealer = self.round.dealer();
        obs.honba = self.round.honba();
        obs.kyoutaku = self.kyoutaku;
        obs.scores = self.scores.unwrap_or([rules.game.start_points; 4]);
        obs.hand = tiles;
        obs.drawn = self.drawn;
        obs.dora_indicators = self.dora.clone();
        for (s, melds) in melds.iter().enumerate() {
            let left = (s as u8 + 3) % 4;
            obs.melds[s] = melds.iter().map(|m| table_meld(m, left)).collect();
            obs.hand_sizes[s] = if s == seat as usize {
                hand.len() as u8
            } else {
                13u8.saturating_sub(3 * melds.len() as u8)
            };
            obs.rivers[s] = self.rivers[s]
                .iter()
                .map(|&pai| RiverTile {
                    pai,
                    tsumogiri: false,
                    riichi: false,
                    called: false,
                })
                .collect();
            if let Some(n) = self.riichi[s] {
                let len = obs.rivers[s].len();
                let n = n.unwrap_or(len);
                if n == 0 || n > len {
                    return Err(PositionError::NoSuchDiscard { seat: s as u8, n });
                }
                obs.rivers[s][n - 1].riichi = true;
                obs.riichi[s] = true;
            }
        }
        obs.live_left = match self.live_left {
            Some(n) => n,
            None => live_wall_left(&obs).ok_or(PositionError::TooManyTiles)?,
        };
        State::from_observation(rules.clone(), &obs).map_err(PositionError::Engine)
    }
}

/// A meld as it lies on the table, called from `from` (none for a closed
/// kan): the lowest tile the called one, red fives first.
fn table_meld(m: &Meld, from: u8) -> TableMeld {
    let mut reds = m.red_fives();
    let tiles: Vec<Pai> = m
        .tiles()
        .map(|t| {
            let red = t.is_five() && reds > 0;
            reds -= u8::from(red);
            Pai::new(t, red)
        })
        .collect();
    let open = m.kind() != MeldKind::ClosedKan;
    TableMeld {
        kind: m.kind(),
        called: open.then(|| tiles[0]),
        from: open.then_some(from),
        added: false,
        tiles,
    }
}

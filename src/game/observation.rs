//! What one seat may know: its own hand, every river (with tsumogiri and riichi
//! marks), every meld, the dora indicators, scores, riichi states and the wall
//! count — never another seat's concealed tiles or the wall.

use super::pai::Pai;
use super::seat_index::SeatIndex;
use super::state::{Phase, RiichiState, RiverTile, State, TableMeld};
use crate::error::HandError;
use crate::hand::Hand;
use crate::score::WinContext;
use crate::Wind;

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The seat this view belongs to.
    pub seat: SeatIndex,
    /// The round wind.
    pub round_wind: Wind,
    /// Dealer number within the wind, 1–4.
    pub kyoku: u8,
    /// Honba.
    pub honba: u8,
    /// Riichi sticks on the table.
    pub kyoutaku: u32,
    /// The dealer's seat.
    pub dealer: SeatIndex,
    /// Scores, in points, by seat.
    pub scores: [i32; 4],
    /// This seat's concealed tiles (the drawn tile included), in index order.
    pub hand: Vec<Pai>,
    /// The tile this seat just drew, if it is still in the hand.
    pub drawn: Option<Pai>,
    /// Number of concealed tiles of each seat.
    pub hand_sizes: [u8; 4],
    /// Every seat's melds.
    pub melds: [Vec<TableMeld>; 4],
    /// Every seat's discards.
    pub rivers: [Vec<RiverTile>; 4],
    /// Seats in riichi (declared and accepted).
    pub riichi: [bool; 4],
    /// Dora indicators turned.
    pub dora_indicators: Vec<Pai>,
    /// Tiles left in the live wall.
    pub live_left: u8,
    /// The discard (or kan tile) that may be called or robbed now, and its seat.
    pub last_tile: Option<(SeatIndex, Pai)>,
}

impl Observation {
    /// The view of `seat` of `state`.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Observation, SeatIndex, State};
    /// let s = State::new(tenpai::rules::Rules::tenhou());
    /// let o = Observation::of(&s, SeatIndex::ALL[2]);
    /// assert_eq!((o.seat.get(), o.hand.len(), o.scores), (2, 0, [25000; 4]));
    /// ```
    pub fn of(state: &State, seat: SeatIndex) -> Observation {
        let me = state.seat(seat);
        let round = state.round();
        Observation {
            seat,
            round_wind: round.round_wind(),
            kyoku: round.kyoku(),
            honba: round.honba(),
            kyoutaku: state.kyoutaku(),
            dealer: round.dealer(),
            scores: state.scores(),
            hand: me.tiles(),
            drawn: me.drawn(),
            hand_sizes: std::array::from_fn(|i| state.seats()[i].len() as u8),
            melds: std::array::from_fn(|i| state.seats()[i].melds().to_vec()),
            rivers: std::array::from_fn(|i| state.seats()[i].river().to_vec()),
            riichi: std::array::from_fn(|i| {
                matches!(state.seats()[i].riichi(), RiichiState::Accepted { .. })
            }),
            dora_indicators: state.dora().to_vec(),
            live_left: state.live_left(),
            last_tile: last_tile(state),
        }
    }

    /// Makes this the view of `seat` of `state`, reusing this view's buffers
    /// (the game driver keeps one view per seat, so asking a player costs no
    /// allocation). Afterwards it equals [`Observation::of`]`(state, seat)`.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Observation, SeatIndex, State};
    /// let s = State::new(tenpai::rules::Rules::tenhou());
    /// let mut o = Observation::of(&s, SeatIndex::ALL[0]);
    /// o.refresh(&s, SeatIndex::ALL[3]);
    /// assert_eq!(o, Observation::of(&s, SeatIndex::ALL[3]));
    /// ```
    pub fn refresh(&mut self, state: &State, seat: SeatIndex) {
        self.update(state, seat, false, false);
    }

    /// [`Observation::refresh`] for a view that was last refreshed (or made)
    /// from an earlier point of the same game: within a round a river only
    /// grows or marks its last tile (riichi, called) and the indicators only
    /// grow, so a river or indicator list of the same round with the same
    /// length and last entry is left as it is. The game driver's fast path.
    /// `hand_unchanged`: the seat's concealed tiles are those of the last
    /// refresh (the hand is then left as it is).
    pub(crate) fn refresh_same_game(
        &mut self,
        state: &State,
        seat: SeatIndex,
        hand_unchanged: bool,
    ) {
        self.update(state, seat, true, hand_unchanged);
    }

    fn update(&mut self, state: &State, seat: SeatIndex, same_game: bool, hand_unchanged: bool) {
        let round = state.round();
        let (round_wind, kyoku, honba) = (round.round_wind(), round.kyoku(), round.honba());
        // A round is named by wind, dealer number and honba: within one game
        // the three never come back once the round is over.
        let same_round = same_game
            && self.seat == seat
            && (self.round_wind, self.kyoku, self.honba) == (round_wind, kyoku, honba);
        let keep_hand = same_game && self.seat == seat && hand_unchanged;
        let me = state.seat(seat);
        self.seat = seat;
        self.round_wind = round_wind;
        self.kyoku = kyoku;
        self.honba = honba;
        self.kyoutaku = state.kyoutaku();
        self.dealer = round.dealer();
        self.scores = state.scores();
        if !keep_hand {
            me.tiles_into(&mut self.hand);
        }
        self.drawn = me.drawn();
        for (i, s) in state.seats().iter().enumerate() {
            self.hand_sizes[i] = s.len() as u8;
            // Within a round melds are only added or grown (an added kan), so
            // their number and tile total name them; otherwise compare before
            // copying (each meld owns its tiles).
            let tiles = |m: &[TableMeld]| m.iter().map(|m| m.tiles.len()).sum::<usize>();
            let melds = &mut self.melds[i];
            let unchanged = if same_round {
                melds.len() == s.melds().len() && tiles(melds) == tiles(s.melds())
            } else {
                *melds == s.melds()
            };
            if !unchanged {
                s.melds().clone_into(melds);
            }
            let river = &mut self.rivers[i];
            if !(same_round && river.len() == s.river().len() && river.last() == s.river().last()) {
                s.river().clone_into(river);
            }
            self.riichi[i] = matches!(s.riichi(), RiichiState::Accepted { .. });
        }
        if !(same_round && self.dora_indicators.len() == state.dora().len()) {
            state.dora().clone_into(&mut self.dora_indicators);
        }
        self.live_left = state.live_left();
        self.last_tile = last_tile(state);
    }

    /// The seat's wind (East for the dealer) and the round wind: what,
    /// besides the tiles, decides its yakuhai ([`crate::score::is_yakuhai`])
    /// and the yaku of its waits.
    ///
    /// ```
    /// use tenpai::game::{Observation, SeatIndex, State};
    /// use tenpai::Wind;
    /// let obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), SeatIndex::ALL[3]);
    /// let c = obs.win_context(); // seat 3 while seat 0 deals, East round
    /// assert_eq!((c.seat_wind, c.round_wind), (Wind::North, Wind::East));
    /// ```
    pub fn win_context(&self) -> WinContext {
        WinContext {
            seat_wind: Wind::of_seat(self.seat.get(), self.dealer.get()),
            round_wind: self.round_wind,
        }
    }

    /// Copies of each tile the seat sees outside its own hand and melds:
    /// the rivers (a called tile once, in its meld), the other seats' melds
    /// and the dora indicators, as `[u8; 34]` counts — the `visible`
    /// argument of [`crate::Tables::analyze_with_melds`] and
    /// [`crate::Tables::ukeire_with_melds`], which count the hand and its
    /// melds themselves.
    ///
    /// ```
    /// use tenpai::game::{Observation, SeatIndex, State};
    /// let obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), SeatIndex::ALL[0]);
    /// assert_eq!(obs.visible_counts(), [0; 34]);
    /// ```
    pub fn visible_counts(&self) -> crate::TileCounts {
        let mut v = [0u8; crate::KINDS];
        let mut add = |p: &Pai| {
            if let Some(t) = p.tile() {
                v[t.index()] = v[t.index()].saturating_add(1);
            }
        };
        for river in &self.rivers {
            river.iter().filter(|r| !r.called).for_each(|r| add(&r.pai));
        }
        for (s, melds) in self.melds.iter().enumerate() {
            if s != self.seat.index() {
                melds.iter().flat_map(|m| m.tiles.iter()).for_each(&mut add);
            }
        }
        self.dora_indicators.iter().for_each(add);
        v
    }

    /// Every tile this view shows: own hand, rivers (called tiles once, in the
    /// meld), melds and dora indicators. Used to prove nothing hidden leaks.
    pub fn visible_tiles(&self) -> Vec<Pai> {
        let mut v = self.hand.clone();
        for r in &self.rivers {
            v.extend(r.iter().filter(|t| !t.called).map(|t| t.pai));
        }
        for m in &self.melds {
            v.extend(m.iter().flat_map(|m| m.tiles.iter().copied()));
        }
        v.extend(&self.dora_indicators);
        v
    }

    /// This seat's concealed tiles and melds as a [`Hand`] ([`hand_of`]).
    ///
    /// # Errors
    /// As [`hand_of`].
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Observation, State};
    /// let mut obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), tenpai::game::SeatIndex::ALL[0]);
    /// obs.hand = "1m 2m 3m 5pr E E".split(' ').map(|t| t.parse().unwrap()).collect();
    /// assert_eq!(obs.own_hand()?.to_string(), "123m0p11z");
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn own_hand(&self) -> Result<Hand, HandError> {
        hand_of(&self.hand, &self.melds[self.seat.index()])
    }
}

/// Concealed tiles (hidden ones skipped) beside table melds as a [`Hand`]
/// of the hand queries: [`Pai::counts`] and [`TableMeld::to_meld`], the one
/// conversion of a seat's tiles that the AI and the command line use.
///
/// # Errors
/// [`HandError::BadMeld`] for a meld that is not one, or what
/// [`Hand::new`] finds wrong with the whole (more than four copies of a
/// tile, too many tiles).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{hand_of, Pai, TableMeld};
/// use tenpai::MeldKind;
/// let tiles = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<Pai>>();
/// let pon = TableMeld { kind: MeldKind::Pon, tiles: tiles("C C C"), called: None, from: Some(1), added: false };
/// let h = hand_of(&tiles("1m 2m 3m 4p"), &[pon])?;
/// assert_eq!(h.to_string(), "123m4p [777z]");
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn hand_of(concealed: &[Pai], melds: &[TableMeld]) -> Result<Hand, HandError> {
    let (counts, red) = Pai::counts(concealed);
    let melds = melds
        .iter()
        .map(TableMeld::to_meld)
        .collect::<Result<Vec<_>, _>>()?;
    Hand::new(counts, red, melds)
}

/// The discard (or kan tile) that may be called or robbed now, and its seat.
pub(crate) fn last_tile(state: &State) -> Option<(SeatIndex, Pai)> {
    match *state.phase() {
        Phase::Discarded { seat, pai } | Phase::Kan { seat, pai, .. } => {
            Some((SeatIndex::engine(seat), pai))
        }
        _ => None,
    }
}

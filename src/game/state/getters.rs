//! Read access to the state: every field has a getter returning a copy or a
//! reference; nothing here changes the state.

use super::{Phase, RoundOutcome, Seat, State};
use crate::game::pai::Pai;
use crate::game::round::RoundId;
use crate::game::seat_index::SeatIndex;
use crate::rules::Rules;
use crate::tile::TileCounts;
use crate::Wind;

impl State {
    /// The rules the game is played by.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Where the round is: whose move it is and what may happen next.
    #[inline]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Scores by seat, in points (sticks on the table are nobody's).
    #[inline]
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// The round being played (or last played, between rounds) as it was
    /// dealt: round wind, dealer, honba and the sticks carried into it.
    /// Before the first deal, East 1 with no honba or sticks.
    ///
    /// ```
    /// use tenpai::game::{RoundId, State};
    /// let s = State::new(tenpai::rules::Rules::tenhou());
    /// assert_eq!(s.round(), RoundId::FIRST);
    /// ```
    #[inline]
    pub fn round(&self) -> RoundId {
        self.round
    }

    /// Riichi sticks on the table now (a count; 1,000 points each): those
    /// carried into the round plus this round's riichi, until a win takes them.
    #[inline]
    pub fn kyoutaku(&self) -> u32 {
        self.kyoutaku
    }

    /// The dealer's seat (0–3) this round.
    #[inline]
    pub fn dealer(&self) -> SeatIndex {
        self.round.dealer()
    }

    /// Seat wind of `seat` this round.
    pub fn seat_wind(&self, seat: SeatIndex) -> Wind {
        self.seat_wind_at(seat.get())
    }

    /// [`State::seat_wind`] of a seat the engine holds.
    #[inline]
    pub(crate) fn seat_wind_at(&self, seat: u8) -> Wind {
        Wind::of_seat(seat, self.round.dealer().get())
    }

    /// Round wind.
    #[inline]
    pub fn round_wind(&self) -> Wind {
        self.round.round_wind()
    }

    /// One seat's part of the round.
    ///
    /// # Panics
    /// Never.
    #[inline]
    pub fn seat(&self, seat: SeatIndex) -> &Seat {
        &self.seats[seat.index()]
    }

    /// [`State::seat`] of a seat the engine holds (a phase's, an event's it
    /// has checked).
    ///
    /// # Panics
    /// When `seat > 3`: a bug in the engine.
    #[inline]
    pub(crate) fn seat_at(&self, seat: u8) -> &Seat {
        &self.seats[seat as usize]
    }

    /// The four seats, by seat number.
    #[inline]
    pub fn seats(&self) -> &[Seat; 4] {
        &self.seats
    }

    /// Dora indicators turned, in order.
    #[inline]
    pub fn dora(&self) -> &[Pai] {
        &self.dora
    }

    /// Tiles left in the live wall.
    #[inline]
    pub fn live_left(&self) -> u8 {
        self.live_left
    }

    /// The seats that made this round's kans, in order.
    #[inline]
    pub fn kans(&self) -> &[u8] {
        &self.kans
    }

    /// Kan dora indicators due but not turned yet.
    #[inline]
    pub fn pending_dora(&self) -> u8 {
        self.pending_dora
    }

    /// A chi, pon or kan (closed too) was made this round.
    #[inline]
    pub fn any_call(&self) -> bool {
        self.any_call
    }

    /// How the round ended, once it has (until the next deal).
    #[inline]
    pub fn outcome(&self) -> Option<&RoundOutcome> {
        self.outcome.as_ref()
    }

    /// The game is over (after the last round's `end_kyoku`).
    #[inline]
    pub fn game_over(&self) -> bool {
        self.game_over
    }

    /// The round that must come next, once the rules know it (after
    /// `end_kyoku`; `None` before and when the game is over).
    #[inline]
    pub fn next_round(&self) -> Option<RoundId> {
        self.next_round
    }

    /// Copies of each kind not yet seen, `[u8; 34]`: by anyone (live wall and
    /// hidden dead wall) in the referee's state, by the seat in a seat's view
    /// (the other hands too).
    #[inline]
    pub fn unseen(&self) -> &TileCounts {
        &self.unseen
    }

    /// The seat whose view this state is ([`State::for_seat`]); `None` for
    /// the referee's state, which knows every hand.
    #[inline]
    pub fn view(&self) -> Option<u8> {
        self.view
    }

    /// The scores are the game's: `false` in a seat's view from the end of a
    /// round whose payments it could not work out (a hidden hand's win or
    /// tenpai, with no deltas given, or a round whose end it was not shown)
    /// until the next `start_kyoku` names them. Always `true` for the
    /// referee's state.
    #[inline]
    pub fn scores_known(&self) -> bool {
        !self.unsettled
    }

    /// Whether the invariants are checked after every event.
    #[inline]
    pub fn checks(&self) -> bool {
        self.check
    }
}

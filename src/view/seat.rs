//! One seat at the table as a front end draws it: wind, score, riichi,
//! river, melds, the number of concealed tiles, and the concealed tiles
//! themselves only where the view may show them.

use crate::game::{Pai, RiichiState, RiverTile, Seat, SeatIndex, TableMeld};
use crate::{Meld, MeldKind, Wind};
use serde::Serialize;

/// One seat as the view shows it. The concealed tiles ([`SeatInfo::hand`])
/// are there only for the view's own seat, in an all-hands view, or for a
/// hand shown at the end of a round (then in [`crate::view::RoundResult`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct SeatInfo {
    /// The seat (0 deals first in the game).
    pub seat: SeatIndex,
    /// Its wind this round (East for the dealer).
    pub wind: Wind,
    /// Its score, in points (riichi sticks it put on the table are off it).
    pub score: i32,
    /// It deals this round.
    pub dealer: bool,
    /// Its riichi, once declared.
    pub riichi: Option<RiichiMark>,
    /// Its discards, in order.
    pub river: Vec<RiverEntry>,
    /// Its called melds and closed kans, in call order.
    pub melds: Vec<MeldEntry>,
    /// How many concealed tiles it holds (known for every seat).
    pub hand_size: u8,
    /// Its concealed tiles, where this view may show them; `null` otherwise.
    pub hand: Option<HandTiles>,
}

/// A seat's riichi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RiichiMark {
    /// The riichi discard passed and the stick is on the table (`false`
    /// while the declaration tile may still be ronned).
    pub accepted: bool,
    /// Declared with the seat's first discard before any call (double riichi).
    pub double: bool,
}

/// One discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RiverEntry {
    /// The tile.
    pub pai: Pai,
    /// It was the tile just drawn (tsumogiri).
    pub tsumogiri: bool,
    /// It declared riichi (drawn sideways).
    pub riichi: bool,
    /// Another seat called it: it now lies in that seat's meld.
    pub called: bool,
}

/// How a meld was made, in mjai's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MeldType {
    /// A called sequence.
    Chi,
    /// A called triplet.
    Pon,
    /// An open kan called on a discard.
    Daiminkan,
    /// An open kan made by adding the fourth tile to a pon (shouminkan).
    Kakan,
    /// A closed kan.
    Ankan,
}

/// A called meld or closed kan as it lies on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct MeldEntry {
    /// How it was made.
    #[serde(rename = "type")]
    pub kind: MeldType,
    /// Its tiles (the called one included), lowest first, a red five
    /// before a plain one.
    pub tiles: Vec<Pai>,
    /// The tile called from another seat (none for a closed kan).
    pub called: Option<Pai>,
    /// The seat it was called from (none for a closed kan).
    pub from: Option<SeatIndex>,
    /// The meld as hands write it (kind, lowest tile, red fives).
    #[serde(skip)]
    meld: Meld,
}

/// Concealed tiles, the drawn tile apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct HandTiles {
    /// The concealed tiles but the drawn one, in tile order (a red five
    /// before a plain one).
    pub tiles: Vec<Pai>,
    /// The tile just drawn, while it is in the hand.
    pub drawn: Option<Pai>,
    /// The hand is ready and furiten: a winning tile is among its own
    /// discards, or it let one go ([`crate::game::is_furiten`]; read while it
    /// holds 3n+1 tiles).
    pub furiten: bool,
}

impl HandTiles {
    /// Every concealed tile: [`HandTiles::tiles`], then the drawn tile.
    ///
    /// ```
    /// use tenpai::game::{Event, State};
    /// use tenpai::view::SeatView;
    /// let mut s = State::new(tenpai::rules::Rules::tenhou());
    /// s.apply(&Event::start_game(vec![], None, Default::default()))?;
    /// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
    /// s.apply(&Event::StartKyoku {
    ///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
    ///     dora_marker: "1m".parse()?, scores: [25000; 4],
    ///     tehais: [deal("9m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
    ///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
    /// })?;
    /// s.apply(&Event::Tsumo { actor: 0, pai: "1m".parse()? })?;
    /// let hand = SeatView::of(&s, tenpai::game::SeatIndex::ALL[0]).hand().cloned().expect("its own hand");
    /// assert_eq!(hand.drawn, Some("1m".parse()?));
    /// assert_eq!(hand.tiles[0], "2m".parse()?); // the drawn 1m is apart
    /// assert_eq!(hand.all().len(), 14);
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn all(&self) -> Vec<Pai> {
        self.tiles.iter().copied().chain(self.drawn).collect()
    }

    /// The concealed tiles of `seat`, the drawn tile apart.
    pub(super) fn of(seat: &Seat) -> HandTiles {
        let mut hand = HandTiles {
            tiles: Vec::with_capacity(14),
            drawn: None,
            furiten: false,
        };
        hand.refresh(seat);
        hand
    }

    /// Makes this [`HandTiles::of`] `seat` in place, its buffer reused.
    fn refresh(&mut self, seat: &Seat) {
        seat.tiles_into(&mut self.tiles);
        let drawn = seat.drawn();
        if let Some(d) = drawn {
            if let Some(i) = self.tiles.iter().rposition(|&p| p == d) {
                self.tiles.remove(i);
            }
        }
        self.drawn = drawn;
        self.furiten = seat.furiten();
    }
}

impl MeldEntry {
    /// The meld as hands write it ([`Meld`]: `[406m]`, `(1111z)`), for the
    /// hand queries and for text.
    ///
    /// ```
    /// use tenpai::game::Game;
    /// use tenpai::view::SeatView;
    /// // Seed 7 with the first legal action at every decision: seat 1 calls a chi.
    /// let mut g = Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// while g.state().seat(tenpai::game::SeatIndex::ALL[1]).melds().is_empty() {
    ///     let a = g.legal()[0].clone();
    ///     g.step(&a)?;
    /// }
    /// let v = SeatView::spectator(g.state());
    /// assert_eq!(v.seats()[1].melds[0].meld().to_string(), "[123s]");
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn meld(&self) -> Meld {
        self.meld
    }

    /// The entry of a meld on the table.
    pub(super) fn of(m: &TableMeld) -> MeldEntry {
        let kind = match m.kind {
            MeldKind::Chi => MeldType::Chi,
            MeldKind::Pon => MeldType::Pon,
            MeldKind::Kan if m.added => MeldType::Kakan,
            MeldKind::Kan => MeldType::Daiminkan,
            MeldKind::ClosedKan => MeldType::Ankan,
        };
        let mut tiles = m.tiles.clone();
        // By kind, a red five before a plain one (as mpsz writes `406m`).
        tiles.sort_by_key(|p| (p.tile().map(|t| t.index()), !p.is_red()));
        MeldEntry {
            kind,
            tiles,
            called: m.called,
            from: m.from.map(SeatIndex::engine),
            meld: m.to_meld().expect("table melds are valid"),
        }
    }
}

impl SeatInfo {
    /// Its concealed tiles and melds as a [`crate::Hand`] (for the hand
    /// queries and for text: `123m0p [777z]`), when the view shows them.
    ///
    /// ```
    /// let game = tenpai::game::Game::new(&tenpai::rules::Rules::tenhou(), 7, false)?;
    /// let v = tenpai::view::SeatView::of(game.state(), tenpai::game::SeatIndex::ALL[0]);
    /// assert_eq!(v.me().unwrap().concealed_hand().unwrap().len(), 14);
    /// assert!(v.seats()[1].concealed_hand().is_none());
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn concealed_hand(&self) -> Option<crate::Hand> {
        let hand = self.hand.as_ref()?;
        super::hints::hand_of(&hand.all(), self.melds.iter().map(MeldEntry::meld))
    }

    /// Seat `i` before anything is known of it: to be made a seat of a
    /// state in place ([`SeatInfo::refresh`]).
    pub(super) fn blank(i: SeatIndex) -> SeatInfo {
        SeatInfo {
            seat: i,
            wind: Wind::East,
            score: 0,
            dealer: false,
            riichi: None,
            river: Vec::new(),
            melds: Vec::new(),
            hand_size: 0,
            hand: None,
        }
    }

    /// Makes this seat `i` of the table (`seat`, its score, whether it
    /// deals) in place, its concealed tiles shown when `show`: the
    /// buffers of its river and hand reused.
    pub(super) fn refresh(
        &mut self,
        seat: &Seat,
        i: SeatIndex,
        dealer: SeatIndex,
        score: i32,
        show: bool,
    ) {
        self.seat = i;
        self.wind = Wind::of_seat(i.get(), dealer.get());
        self.score = score;
        self.dealer = i == dealer;
        self.riichi = match seat.riichi() {
            RiichiState::None => None,
            RiichiState::Declared { double } => Some(RiichiMark {
                accepted: false,
                double,
            }),
            RiichiState::Accepted { double } => Some(RiichiMark {
                accepted: true,
                double,
            }),
        };
        self.river.clear();
        self.river
            .extend(seat.river().iter().map(|r: &RiverTile| RiverEntry {
                pai: r.pai,
                tsumogiri: r.tsumogiri,
                riichi: r.riichi,
                called: r.called,
            }));
        self.melds.clear();
        self.melds.extend(seat.melds().iter().map(MeldEntry::of));
        self.hand_size = seat.len() as u8;
        if show && !seat.is_hidden() {
            match &mut self.hand {
                Some(h) => h.refresh(seat),
                None => self.hand = Some(HandTiles::of(seat)),
            }
        } else {
            self.hand = None;
        }
    }
}

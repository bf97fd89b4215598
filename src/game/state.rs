//! The event-sourced game state: it changes only by [`State::apply`]ing
//! [`Event`]s, and an event the rules do not allow is an error that leaves the
//! state as it was.
//!
//! The state knows every hand (it is the referee's view); per-seat views are
//! [`crate::game::Observation`]s. Tiles not yet seen (the live wall and the
//! hidden part of the dead wall) are kept as counts, so the same code follows a
//! game of our own, an mjai log or an imported Tenhou log: each `tsumo` and
//! `dora` event takes its tile from those counts.

use super::error::GameError;
use super::event::{DrawReason, Event};
use super::pai::Pai;
use super::wall::{DEAD_WALL, LIVE_AFTER_DEAL};
use crate::meld::{Meld, MeldKind};
use crate::rules::Rules;
use crate::rules::{KanDoraTiming, MultiRonHonba};
use crate::score::{score, Indicator, MeldOrigin, Riichi, Score, Situation, Timing};
use crate::tile::{Tile, TileCounts, TileSet, KINDS};
use crate::Hand;
use crate::Wind;

/// A called meld or closed kan as it lies on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeld {
    /// Chi, pon, open kan (called or added) or closed kan.
    pub kind: MeldKind,
    /// All its tiles, the called one included.
    pub tiles: Vec<Pai>,
    /// The tile called from another player (none for a closed kan).
    pub called: Option<Pai>,
    /// The seat it was called from (none for a closed kan).
    pub from: Option<u8>,
    /// An open kan made by adding a tile to a pon (kakan).
    pub added: bool,
}

impl TableMeld {
    /// The meld's lowest tile kind.
    pub fn tile(&self) -> Tile {
        self.tiles
            .iter()
            .filter_map(|p| p.tile())
            .min()
            .expect("melds hold tiles")
    }

    fn to_meld(&self) -> Meld {
        let red = self.tiles.iter().filter(|p| p.is_red()).count() as u8;
        Meld::new(self.kind, self.tile(), red).expect("table melds are valid")
    }
}

/// A discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverTile {
    /// The tile.
    pub pai: Pai,
    /// It was the tile just drawn.
    pub tsumogiri: bool,
    /// It was the riichi declaration tile.
    pub riichi: bool,
    /// Another player called it (it now lies in their meld).
    pub called: bool,
}

/// A player's riichi state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RiichiState {
    /// No riichi.
    #[default]
    None,
    /// Declared; the riichi discard has not passed yet.
    Declared {
        /// On the first discard with no call before it.
        double: bool,
    },
    /// In riichi (the stick is on the table).
    Accepted {
        /// Double riichi.
        double: bool,
    },
}

/// One seat's part of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Concealed tile counts (the drawn tile included).
    pub hand: TileCounts,
    /// Red fives among the concealed tiles, per suit.
    pub red: [u8; 3],
    /// Called melds and closed kans, in call order.
    pub melds: Vec<TableMeld>,
    /// The discards, in order.
    pub river: Vec<RiverTile>,
    /// Every kind this seat has discarded (called ones too): discard furiten.
    pub discarded: TileSet,
    /// Riichi.
    pub riichi: RiichiState,
    /// Ippatsu is still possible.
    pub ippatsu: bool,
    /// Temporary furiten (passed a winning tile; ends at the next own discard).
    pub furiten_temp: bool,
    /// Permanent furiten (passed a winning tile in riichi).
    pub furiten_riichi: bool,
    /// The tile just drawn, while it is in the hand.
    pub drawn: Option<Pai>,
    /// The seat liable (pao) for this seat's daisangen or daisuushii, if any.
    pub pao: Option<u8>,
    /// The last concealed hand whose waits were computed, with them.
    waits_cache: WaitsCache,
}

/// A one-entry memo of [`waits_of`], keyed by the whole concealed hand (so it
/// can never be stale); ignored by comparisons and debug output.
#[derive(Clone, Default)]
struct WaitsCache(std::cell::Cell<Option<(TileCounts, TileSet)>>);

impl PartialEq for WaitsCache {
    fn eq(&self, _: &WaitsCache) -> bool {
        true
    }
}

impl Eq for WaitsCache {}

impl std::fmt::Debug for WaitsCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WaitsCache")
    }
}

impl Seat {
    /// Concealed tiles in index order (red fives first among fives).
    pub fn tiles(&self) -> Vec<Pai> {
        let mut v = Vec::with_capacity(14);
        self.tiles_into(&mut v);
        v
    }

    /// [`Seat::tiles`] into `out` (cleared first), reusing its buffer.
    pub fn tiles_into(&self, out: &mut Vec<Pai>) {
        out.clear();
        let mut kinds = self.held().bits();
        while kinds != 0 {
            let i = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let t = Tile::new(i as u8).expect("below 34");
            let red = if t.is_five() { self.red[i / 9] } else { 0 };
            for k in 0..self.hand[i] {
                out.push(Pai::new(t, k < red));
            }
        }
    }

    /// Number of concealed tiles.
    pub fn len(&self) -> usize {
        match crate::shanten::scan(&self.hand) {
            Some(scan) => scan.len,
            None => self.hand.iter().map(|&c| c as usize).sum(),
        }
    }

    /// The kinds of which the seat holds at least one concealed tile.
    pub fn held(&self) -> TileSet {
        match crate::shanten::scan(&self.hand) {
            Some(scan) => TileSet::from_bits(scan.ones),
            None => (0..KINDS)
                .filter(|&i| self.hand[i] > 0)
                .filter_map(|i| Tile::new(i as u8))
                .collect(),
        }
    }

    /// Holds no concealed tile.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Holds this exact tile (a red five is told apart from a plain one).
    pub fn has(&self, p: Pai) -> bool {
        has_in(&self.hand, &self.red, p, 1)
    }

    /// No meld called from another player (closed kans keep it closed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| m.kind == MeldKind::ClosedKan)
    }

    /// In riichi or having declared it.
    pub fn in_riichi(&self) -> bool {
        self.riichi != RiichiState::None
    }

    /// The waits of a 3n+1 concealed hand (empty when not tenpai): tiles that
    /// complete its shape, yaku or not.
    /// A kind whose four copies the seat holds itself (concealed or in its
    /// melds) is no wait: there is no fifth copy to win on.
    pub fn waits(&self) -> TileSet {
        let mut w = match self.waits_cache.0.get() {
            Some((h, w)) if same_counts(&h, &self.hand) => w,
            _ => {
                let w = waits_of(&self.hand);
                self.waits_cache.0.set(Some((self.hand, w)));
                w
            }
        };
        if !w.is_empty() && !self.melds.is_empty() {
            let mut mine = self.hand;
            for m in &self.melds {
                for p in &m.tiles {
                    mine[p.index()] += 1;
                }
            }
            w = w.iter().filter(|t| mine[t.index()] < 4).collect();
        }
        w
    }

    pub(crate) fn clone_hand(&self) -> Seat {
        Seat {
            hand: self.hand,
            red: self.red,
            ..Seat::default()
        }
    }

    /// A copy of the seat with the `consumed` tiles taken from its hand, or
    /// [`GameError::MissingTile`] naming the first one it does not hold.
    pub(crate) fn without(
        &self,
        consumed: &[Pai],
        event: &'static str,
        actor: u8,
    ) -> Result<Seat, GameError> {
        let mut seat = self.clone();
        for &c in consumed {
            if !seat.take(c) {
                return Err(GameError::MissingTile {
                    event,
                    seat: actor,
                    tile: c.to_string(),
                });
            }
        }
        Ok(seat)
    }

    pub(crate) fn take(&mut self, p: Pai) -> bool {
        if !self.has(p) {
            return false;
        }
        let i = p.index();
        self.hand[i] -= 1;
        if p.is_red() {
            self.red[i / 9] -= 1;
        }
        true
    }

    fn put(&mut self, p: Pai) {
        let i = p.index();
        self.hand[i] += 1;
        if p.is_red() {
            self.red[i / 9] += 1;
        }
    }

    /// Furiten: a wait in its own discards, or a passed winning tile.
    pub fn furiten(&self) -> bool {
        self.furiten_temp || self.furiten_riichi || self.waits().bits() & self.discarded.bits() != 0
    }
}

impl Default for Seat {
    fn default() -> Seat {
        Seat {
            hand: [0; KINDS],
            red: [0; 3],
            melds: Vec::new(),
            river: Vec::new(),
            discarded: TileSet::EMPTY,
            riichi: RiichiState::None,
            ippatsu: false,
            furiten_temp: false,
            furiten_riichi: false,
            drawn: None,
            pao: None,
            waits_cache: WaitsCache::default(),
        }
    }
}

/// `a == b`, as four word compares and one of two bytes (the slice compare
/// calls `memcmp`, which costs more than this on every draw and discard).
#[inline(always)]
fn same_counts(a: &TileCounts, b: &TileCounts) -> bool {
    let word = |c: &TileCounts, i: usize| {
        u64::from_le_bytes(c[i * 8..i * 8 + 8].try_into().expect("eight counts"))
    };
    (0..4).all(|i| word(a, i) == word(b, i)) && a[32..] == b[32..]
}

fn has_in(hand: &TileCounts, red: &[u8; 3], p: Pai, n: u8) -> bool {
    let Some(t) = p.tile() else { return false };
    let i = t.index();
    if p.is_red() {
        red[i / 9] >= n && hand[i] >= n
    } else {
        let r = if t.is_five() { red[i / 9] } else { 0 };
        hand[i] >= r + n
    }
}

/// The waits of 3n+1 concealed counts: tile kinds that complete them (empty
/// when not tenpai or not 3n+1).
pub(crate) fn waits_of(hand: &TileCounts) -> TileSet {
    let n: usize = hand.iter().map(|&c| c as usize).sum();
    if n % 3 != 1 {
        return TileSet::EMPTY;
    }
    // Most hands are not tenpai: the shanten lookup is much cheaper than ukeire.
    if crate::shanten(hand) != Ok(0) {
        return TileSet::EMPTY;
    }
    match crate::ukeire(hand, None) {
        Ok(u) if u.shanten == 0 => u.tiles,
        _ => TileSet::EMPTY,
    }
}

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

/// What ended a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
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
/// The fields are public for reading (players get an
/// [`crate::game::Observation`] instead); change the state only with
/// [`State::apply`], which checks every event. Points are in 1s.
///
/// ```
/// use tenpai::game::{Event, Phase, State};
/// let mut s = State::new(tenpai::rules::Rules::tenhou());
/// s.apply(&Event::StartGame { names: vec![], seed: None })?;
/// assert_eq!(s.phase, Phase::BetweenRounds);
/// // A draw before any deal is refused, and changes nothing.
/// assert!(s.apply(&Event::Tsumo { actor: 0, pai: "1m".parse()? }).is_err());
/// assert_eq!(s.phase, Phase::BetweenRounds);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct State {
    /// The rules.
    pub rules: Rules,
    /// Where the round is.
    pub phase: Phase,
    /// Scores, in points, by seat.
    pub scores: [i32; 4],
    /// Round wind: 0 East, 1 South, 2 West, 3 North.
    pub bakaze: u8,
    /// Dealer number within the wind, 1–4.
    pub kyoku: u8,
    /// Honba.
    pub honba: u8,
    /// Riichi sticks on the table.
    pub kyotaku: u8,
    /// The dealer's seat.
    pub oya: u8,
    /// The four seats.
    pub seats: [Seat; 4],
    /// Dora indicators turned.
    pub dora: Vec<Pai>,
    /// Tiles left in the live wall.
    pub live_left: u8,
    /// Kans made this round, by seat, in order.
    pub kans: Vec<u8>,
    /// Kan dora indicators due but not turned yet.
    pub pending_dora: u8,
    /// A chi, pon or kan (closed too) was made this round.
    pub any_call: bool,
    /// How the round ended, once it has.
    pub outcome: Option<Outcome>,
    /// The game is over (after the last round's `end_kyoku`).
    pub game_over: bool,
    /// The round that must come next, once known (`bakaze`, `kyoku`, `honba`,
    /// `kyotaku`, `oya`).
    pub next_round: Option<[u8; 5]>,
    unseen: TileCounts,
    unseen_red: [u8; 3],
    /// Seats that could have ronned the current discard or kan.
    could_ron: [bool; 4],
    ron_phase: Option<Phase>,
    total_points: Option<i32>,
    /// Check invariants after every event (always on in debug builds).
    pub check: bool,
}

fn wind(i: u8) -> Wind {
    Wind::ALL[(i % 4) as usize]
}

fn err(event: &'static str, seat: u8, reason: impl Into<String>) -> GameError {
    GameError::illegal(event, seat, reason)
}

impl State {
    /// A fresh state before `start_game`.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Phase, State};
    /// let s = State::new(tenpai::rules::Rules::tenhou());
    /// assert_eq!(s.phase, Phase::BeforeGame);
    /// ```
    pub fn new(rules: Rules) -> State {
        let start = rules.game.start_points;
        State {
            rules,
            phase: Phase::BeforeGame,
            scores: [start; 4],
            bakaze: 0,
            kyoku: 1,
            honba: 0,
            kyotaku: 0,
            oya: 0,
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

    /// Seat wind of `seat` this round.
    pub fn seat_wind(&self, seat: u8) -> Wind {
        wind((seat + 4 - self.oya) % 4)
    }

    /// Round wind.
    pub fn round_wind(&self) -> Wind {
        wind(self.bakaze)
    }

    /// Copies of each kind not yet seen by anyone (live wall and hidden dead wall).
    pub fn unseen(&self) -> &TileCounts {
        &self.unseen
    }

    /// Applies one event.
    ///
    /// # Errors
    /// [`GameError`] naming what is wrong when the event is not legal now (the
    /// state is then unchanged), or when an event's deltas differ from the
    /// engine's.
    ///
    /// # Panics
    /// Never.
    pub fn apply(&mut self, event: &Event) -> Result<(), GameError> {
        if self.check {
            let mut next = self.clone();
            next.apply_in_place(event)?;
            next.check_invariants()?;
            *self = next;
            Ok(())
        } else {
            // Every handler checks everything before it changes anything, so a
            // refused event leaves the state as it was (the tests apply
            // 200,000 random events to hold it to that).
            self.apply_in_place(event)
        }
    }

    fn take_unseen(&mut self, p: Pai, event: &'static str) -> Result<(), GameError> {
        if p.is_hidden() || !has_in(&self.unseen, &self.unseen_red, p, 1) {
            return Err(if p.is_hidden() {
                err(event, 4, "the referee state needs every tile, not ?")
            } else {
                GameError::NotInWall {
                    tile: p.to_string(),
                }
            });
        }
        let i = p.index();
        self.unseen[i] -= 1;
        if p.is_red() {
            self.unseen_red[i / 9] -= 1;
        }
        Ok(())
    }

    fn seat_check(event: &'static str, actor: u8) -> Result<usize, GameError> {
        if actor > 3 {
            return Err(err(event, actor, "no such seat"));
        }
        Ok(actor as usize)
    }

    fn apply_in_place(&mut self, event: &Event) -> Result<(), GameError> {
        match event {
            Event::StartGame { .. } => {
                if !matches!(self.phase, Phase::BeforeGame) {
                    return Err(err("start_game", 4, "the game has already started"));
                }
                let rules = self.rules.clone();
                *self = State::new(rules);
                self.phase = Phase::BetweenRounds;
                Ok(())
            }
            Event::StartKyoku {
                bakaze,
                kyoku,
                honba,
                kyotaku,
                oya,
                dora_marker,
                scores,
                tehais,
            } => self.start_kyoku(
                bakaze,
                *kyoku,
                *honba,
                *kyotaku,
                *oya,
                *dora_marker,
                *scores,
                tehais,
            ),
            Event::Tsumo { actor, pai } => self.tsumo(*actor, *pai),
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            } => self.dahai(*actor, *pai, *tsumogiri),
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Chi, "chi", *actor, *target, *pai, consumed),
            Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Pon, "pon", *actor, *target, *pai, consumed),
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Kan, "daiminkan", *actor, *target, *pai, consumed),
            Event::Kakan {
                actor,
                pai,
                consumed,
            } => self.kakan(*actor, *pai, consumed),
            Event::Ankan { actor, consumed } => self.ankan(*actor, consumed),
            Event::Dora { dora_marker } => {
                if self.pending_dora == 0 {
                    return Err(err("dora", 4, "no kan dora is due"));
                }
                if self.dora.len() >= 5 {
                    return Err(err("dora", 4, "five indicators are already turned"));
                }
                self.take_unseen(*dora_marker, "dora")?;
                self.dora.push(*dora_marker);
                self.pending_dora -= 1;
                Ok(())
            }
            Event::Reach { actor } => self.reach(*actor),
            Event::ReachAccepted { actor, deltas, .. } => self.reach_accepted(*actor, *deltas),
            Event::Hora {
                actor,
                target,
                pai,
                ura_markers,
                deltas,
                ..
            } => {
                // Rare and many-sided: worked out on a copy.
                let mut next = self.clone();
                next.hora(*actor, *target, *pai, ura_markers.as_deref(), *deltas)?;
                *self = next;
                Ok(())
            }
            Event::Ryukyoku { reason, deltas, .. } => self.ryukyoku(*reason, *deltas),
            Event::EndKyoku => self.end_kyoku(),
            Event::EndGame { scores } => {
                if !matches!(self.phase, Phase::BetweenRounds) {
                    return Err(err("end_game", 4, "a round is in progress"));
                }
                if !self.game_over && self.next_round.is_some() {
                    return Err(err("end_game", 4, "the game is not over by the rules"));
                }
                let mut fin = self.scores;
                let mut sticks = self.kyotaku;
                if self.rules.game.leftover_sticks_to_first && sticks > 0 {
                    let first = super::ranking(&fin)[0] as usize;
                    fin[first] += 1000 * sticks as i32;
                    sticks = 0;
                }
                if let Some(given) = scores {
                    if *given != fin {
                        return Err(err(
                            "end_game",
                            4,
                            format!("final scores {given:?}, the engine's {fin:?}"),
                        ));
                    }
                }
                self.game_over = true;
                self.scores = fin;
                self.kyotaku = sticks;
                self.phase = Phase::BeforeGame;
                Ok(())
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn start_kyoku(
        &mut self,
        bakaze: &Pai,
        kyoku: u8,
        honba: u8,
        kyotaku: u8,
        oya: u8,
        dora_marker: Pai,
        scores: [i32; 4],
        tehais: &[Vec<Pai>; 4],
    ) -> Result<(), GameError> {
        const E: &str = "start_kyoku";
        if !matches!(self.phase, Phase::BetweenRounds) {
            return Err(err(E, 4, "not between rounds"));
        }
        let bk = match bakaze.tile() {
            Some(t) if t.is_wind() => t.index() as u8 - 27,
            _ => return Err(err(E, 4, format!("bakaze {bakaze} is not a wind"))),
        };
        if !(1..=4).contains(&kyoku) || oya > 3 || (kyoku - 1) != oya {
            return Err(err(
                E,
                4,
                format!("kyoku {kyoku} and oya {oya} do not fit (oya = kyoku - 1)"),
            ));
        }
        if let Some(n) = self.next_round {
            if n != [bk, kyoku, honba, kyotaku, oya] {
                return Err(err(
                    E,
                    4,
                    format!(
                        "the rules make the next round {:?} (bakaze, kyoku, honba, kyotaku, oya), not {:?}",
                        n,
                        [bk, kyoku, honba, kyotaku, oya]
                    ),
                ));
            }
            if scores != self.scores {
                return Err(err(
                    E,
                    4,
                    format!(
                        "scores {:?} differ from the game's {:?}",
                        scores, self.scores
                    ),
                ));
            }
        }
        if self.game_over {
            return Err(err(E, 4, "the game is over"));
        }
        let total = scores.iter().sum::<i32>() + 1000 * kyotaku as i32;
        if let Some(t) = self.total_points {
            if t != total {
                return Err(err(E, 4, format!("points {total} on the table, not {t}")));
            }
        }
        // The new round is built apart and replaces this state only when the
        // whole deal is good.
        let mut st = State::new(self.rules.clone());
        st.total_points = Some(self.total_points.unwrap_or(total));
        st.check = self.check;
        st.unseen_red = st.rules.scoring.red_fives;
        st.bakaze = bk;
        st.kyoku = kyoku;
        st.honba = honba;
        st.kyotaku = kyotaku;
        st.oya = oya;
        st.scores = scores;
        st.live_left = LIVE_AFTER_DEAL as u8;
        for (s, tiles) in tehais.iter().enumerate() {
            if tiles.len() != 13 {
                return Err(err(
                    E,
                    s as u8,
                    format!("{} tiles dealt, not 13", tiles.len()),
                ));
            }
            for &p in tiles {
                st.take_unseen(p, E)?;
                st.seats[s].put(p);
            }
            // A river rarely holds more than 24 tiles: one allocation a round.
            st.seats[s].river.reserve(24);
        }
        st.take_unseen(dora_marker, E)?;
        st.dora.push(dora_marker);
        st.phase = Phase::Draw {
            seat: oya,
            rinshan: false,
        };
        *self = st;
        Ok(())
    }

    /// Seats that passed a winning tile become furiten.
    fn settle_passes(&mut self) {
        for s in 0..4 {
            if std::mem::take(&mut self.could_ron[s]) {
                let seat = &mut self.seats[s];
                if matches!(seat.riichi, RiichiState::Accepted { .. }) {
                    seat.furiten_riichi = true;
                } else {
                    seat.furiten_temp = true;
                }
            }
        }
    }

    fn break_ippatsu(&mut self) {
        for s in &mut self.seats {
            s.ippatsu = false;
        }
    }

    /// The abortive draw the rules force now, if any (checked when a discard has
    /// passed without a win).
    pub fn forced_draw(&self) -> Option<DrawReason> {
        let Phase::Discarded { seat, pai } = self.phase else {
            return None;
        };
        if matches!(
            self.seats[seat as usize].riichi,
            RiichiState::Declared { .. }
        ) {
            return None;
        }
        let g = &self.rules.game;
        if g.four_riichi
            && self
                .seats
                .iter()
                .all(|s| matches!(s.riichi, RiichiState::Accepted { .. }))
        {
            return Some(DrawReason::FourRiichi);
        }
        if g.four_kans && self.kans.len() == 4 && self.kans.iter().any(|&k| k != self.kans[0]) {
            return Some(DrawReason::FourKans);
        }
        if g.four_winds
            && !self.any_call
            && self.seats.iter().all(|s| s.river.len() == 1)
            && pai.tile().is_some_and(|t| t.is_wind())
            && self
                .seats
                .iter()
                .all(|s| s.river[0].pai.tile() == pai.tile())
        {
            return Some(DrawReason::FourWinds);
        }
        None
    }

    fn discard_passed_check(&self, event: &'static str, actor: u8) -> Result<(), GameError> {
        if self.pending_dora > 0 {
            return Err(err(event, actor, "a kan dora must be turned first"));
        }
        if let Phase::Discarded { seat, .. } = self.phase {
            if matches!(
                self.seats[seat as usize].riichi,
                RiichiState::Declared { .. }
            ) {
                return Err(err(event, actor, "the riichi must be accepted first"));
            }
        }
        if let Some(r) = self.forced_draw() {
            return Err(err(event, actor, format!("the round must end: {r:?}")));
        }
        Ok(())
    }

    fn tsumo(&mut self, actor: u8, pai: Pai) -> Result<(), GameError> {
        const E: &str = "tsumo";
        let a = Self::seat_check(E, actor)?;
        let rinshan = match self.phase {
            Phase::Draw { seat, rinshan } if seat == actor => rinshan,
            Phase::Discarded { seat, .. } if (seat + 1) % 4 == actor => {
                self.discard_passed_check(E, actor)?;
                false
            }
            Phase::Kan { seat, .. } if seat == actor => true,
            _ => {
                return Err(err(
                    E,
                    actor,
                    format!("not this seat's draw ({:?})", self.phase),
                ))
            }
        };
        if self.live_left == 0 {
            return Err(err(E, actor, "the live wall is empty"));
        }
        // Due kan dora are turned before the replacement draw, except an open
        // kan's own when the rules turn it after the discard.
        if rinshan {
            let own_may_wait = self.rules.game.open_kan_dora == KanDoraTiming::AfterDiscard
                && !matches!(self.phase, Phase::Kan { closed: true, .. });
            if self.pending_dora > u8::from(own_may_wait) {
                return Err(err(E, actor, "a kan dora must be turned first"));
            }
        }
        self.take_unseen(pai, E)?;
        if matches!(self.phase, Phase::Kan { .. }) {
            self.break_ippatsu();
        }
        self.settle_passes();
        self.live_left -= 1;
        let s = &mut self.seats[a];
        s.put(pai);
        s.drawn = Some(pai);
        self.phase = Phase::Turn {
            seat: actor,
            after_call: None,
            rinshan,
        };
        Ok(())
    }

    fn dahai(&mut self, actor: u8, pai: Pai, tsumogiri: bool) -> Result<(), GameError> {
        const E: &str = "dahai";
        let a = Self::seat_check(E, actor)?;
        let (riichi_now, forbidden) = match self.phase {
            Phase::Turn {
                seat, after_call, ..
            } if seat == actor => (false, after_call),
            Phase::RiichiDiscard { seat } if seat == actor => (true, None),
            _ => return Err(err(E, actor, "not this seat's turn to discard")),
        };
        let s = &self.seats[a];
        if !s.has(pai) {
            return Err(GameError::MissingTile {
                event: E,
                seat: actor,
                tile: pai.to_string(),
            });
        }
        if tsumogiri && s.drawn != Some(pai) {
            return Err(err(E, actor, format!("{pai} is not the tile just drawn")));
        }
        if !tsumogiri && s.drawn == Some(pai) && !has_in(&s.hand, &s.red, pai, 2) {
            return Err(err(
                E,
                actor,
                format!("the only {pai} is the tile just drawn (tsumogiri)"),
            ));
        }
        if let Some(f) = forbidden {
            if self.rules.game.kuikae_forbidden && f.contains(pai.tile().expect("not hidden")) {
                return Err(err(
                    E,
                    actor,
                    format!("swap-calling (kuikae): {pai} may not be discarded"),
                ));
            }
        }
        if matches!(s.riichi, RiichiState::Accepted { .. }) && !tsumogiri {
            return Err(err(
                E,
                actor,
                "in riichi only the drawn tile may be discarded",
            ));
        }
        let mut after = s.hand;
        after[pai.index()] -= 1;
        if riichi_now && waits_of(&after).is_empty() {
            return Err(err(
                E,
                actor,
                format!("discarding {pai} leaves the riichi hand not tenpai"),
            ));
        }
        let in_riichi = matches!(s.riichi, RiichiState::Accepted { .. });
        let missed_tsumo = in_riichi
            && s.drawn
                .is_some_and(|d| s.waits_without(d).contains(d.tile().expect("not hidden")));
        let s = &mut self.seats[a];
        s.take(pai);
        s.drawn = None;
        s.furiten_temp = false;
        if missed_tsumo {
            s.furiten_riichi = true;
        }
        if !riichi_now {
            s.ippatsu = false;
        }
        s.discarded.insert(pai.tile().expect("not hidden"));
        s.river.push(RiverTile {
            pai,
            tsumogiri,
            riichi: riichi_now,
            called: false,
        });
        // An open kan's dora now due stays in `pending_dora`: the next event
        // must turn it (see `discard_passed_check`).
        let t = pai.tile().expect("not hidden");
        for o in 0..4 {
            self.could_ron[o] = o != a && self.seats[o].waits().contains(t);
        }
        self.phase = Phase::Discarded { seat: actor, pai };
        Ok(())
    }

    fn call(
        &mut self,
        kind: MeldKind,
        name: &'static str,
        actor: u8,
        target: u8,
        pai: Pai,
        consumed: &[Pai],
    ) -> Result<(), GameError> {
        let a = Self::seat_check(name, actor)?;
        let Phase::Discarded { seat, pai: d } = self.phase else {
            return Err(err(name, actor, "no discard to call"));
        };
        if seat != target || d != pai || actor == target {
            return Err(err(
                name,
                actor,
                format!("the last discard is {d} by seat {seat}"),
            ));
        }
        self.discard_passed_check(name, actor)?;
        if self.live_left == 0 {
            return Err(err(name, actor, "the last discard cannot be called"));
        }
        let s = &self.seats[a];
        if s.in_riichi() {
            return Err(err(name, actor, "in riichi"));
        }
        let t = pai.tile().expect("not hidden");
        let need = if kind == MeldKind::Kan { 3 } else { 2 };
        if consumed.len() != need {
            return Err(err(
                name,
                actor,
                format!("{} tiles consumed, not {need}", consumed.len()),
            ));
        }
        let mut hand = s.without(consumed, name, actor)?;
        let mut kinds: Vec<Tile> = consumed.iter().map(|c| c.tile().expect("taken")).collect();
        kinds.push(t);
        kinds.sort();
        let mut forbidden = TileSet::EMPTY;
        match kind {
            MeldKind::Chi => {
                if (target + 1) % 4 != actor {
                    return Err(err(name, actor, "chi only from the player on the left"));
                }
                let ok = !t.is_honor()
                    && kinds.iter().all(|k| k.suit() == t.suit())
                    && kinds[1].index() == kinds[0].index() + 1
                    && kinds[2].index() == kinds[1].index() + 1;
                if !ok {
                    return Err(err(name, actor, "the tiles are not a sequence"));
                }
                forbidden.insert(t);
                if t == kinds[0] && t.number() <= 6 {
                    forbidden.insert(Tile::new(t.index() as u8 + 3).expect("in suit"));
                }
                if t == kinds[2] && t.number() >= 4 {
                    forbidden.insert(Tile::new(t.index() as u8 - 3).expect("in suit"));
                }
            }
            _ => {
                if kinds.iter().any(|&k| k != t) {
                    return Err(err(name, actor, "the tiles are not all the same"));
                }
                forbidden.insert(t);
            }
        }
        if kind == MeldKind::Kan && self.kans.len() >= 4 {
            return Err(err(name, actor, "four kans already"));
        }
        if kind != MeldKind::Kan
            && self.rules.game.kuikae_forbidden
            && (0..KINDS).all(|i| {
                hand.hand[i] == 0 || forbidden.contains(Tile::new(i as u8).expect("below 34"))
            })
        {
            return Err(err(
                name,
                actor,
                "no discard would be left that kuikae allows",
            ));
        }
        // The call stands: the passes are settled, everyone's ippatsu ends.
        self.settle_passes();
        self.break_ippatsu();
        self.any_call = true;
        let river = &mut self.seats[target as usize].river;
        river.last_mut().expect("a discard").called = true;
        let mut tiles = consumed.to_vec();
        tiles.push(pai);
        hand.melds.push(TableMeld {
            kind,
            tiles,
            called: Some(pai),
            from: Some(target),
            added: false,
        });
        // Liability: the call that completes the third dragon or fourth wind set.
        if kind != MeldKind::Chi && (t.is_dragon() || t.is_wind()) {
            let sets = hand
                .melds
                .iter()
                .filter(|m| {
                    m.kind != MeldKind::Chi
                        && m.tile().is_dragon() == t.is_dragon()
                        && m.tile().is_wind() == t.is_wind()
                })
                .count();
            let pao_on = if t.is_dragon() {
                self.rules.scoring.pao.daisangen && sets == 3
            } else {
                self.rules.scoring.pao.daisuushii && sets == 4
            };
            if pao_on {
                hand.pao = Some(target);
            }
        }
        self.seats[a] = hand;
        if kind == MeldKind::Kan {
            self.kans.push(actor);
            self.pending_dora += 1;
            self.phase = Phase::Draw {
                seat: actor,
                rinshan: true,
            };
        } else {
            self.phase = Phase::Turn {
                seat: actor,
                after_call: Some(if self.rules.game.kuikae_forbidden {
                    forbidden
                } else {
                    TileSet::EMPTY
                }),
                rinshan: false,
            };
        }
        Ok(())
    }

    fn own_kan_check(&self, name: &'static str, actor: u8) -> Result<(), GameError> {
        match self.phase {
            Phase::Turn {
                seat,
                after_call: None,
                ..
            } if seat == actor => {}
            _ => return Err(err(name, actor, "not this seat's turn after a draw")),
        }
        if self.live_left == 0 {
            return Err(err(name, actor, "no kan on the last tile"));
        }
        if self.kans.len() >= 4 {
            return Err(err(name, actor, "four kans already"));
        }
        Ok(())
    }

    fn kakan(&mut self, actor: u8, pai: Pai, consumed: &[Pai]) -> Result<(), GameError> {
        const E: &str = "kakan";
        let a = Self::seat_check(E, actor)?;
        self.own_kan_check(E, actor)?;
        let t = pai.tile().ok_or_else(|| err(E, actor, "hidden tile"))?;
        let s = &self.seats[a];
        let Some(mi) = s
            .melds
            .iter()
            .position(|m| m.kind == MeldKind::Pon && m.tile() == t)
        else {
            return Err(err(E, actor, format!("no pon of {t}")));
        };
        let mut pon: Vec<Pai> = s.melds[mi].tiles.clone();
        let mut given = consumed.to_vec();
        pon.sort();
        given.sort();
        if pon != given {
            return Err(err(E, actor, format!("the pon is {pon:?}, not {given:?}")));
        }
        if s.in_riichi() {
            return Err(err(E, actor, "in riichi"));
        }
        if !s.has(pai) {
            return Err(GameError::MissingTile {
                event: E,
                seat: actor,
                tile: pai.to_string(),
            });
        }
        let s = &mut self.seats[a];
        s.take(pai);
        s.drawn = None;
        let m = &mut s.melds[mi];
        m.kind = MeldKind::Kan;
        m.added = true;
        m.tiles.push(pai);
        self.kans.push(actor);
        self.any_call = true;
        self.pending_dora += 1;
        for o in 0..4 {
            self.could_ron[o] = o != a && self.seats[o].waits().contains(t);
        }
        self.phase = Phase::Kan {
            seat: actor,
            pai,
            closed: false,
        };
        Ok(())
    }

    fn ankan(&mut self, actor: u8, consumed: &[Pai]) -> Result<(), GameError> {
        const E: &str = "ankan";
        let a = Self::seat_check(E, actor)?;
        self.own_kan_check(E, actor)?;
        if consumed.len() != 4 {
            return Err(err(E, actor, "a closed kan is four tiles"));
        }
        let t = consumed[0]
            .tile()
            .ok_or_else(|| err(E, actor, "hidden tile"))?;
        if consumed.iter().any(|c| c.tile() != Some(t)) {
            return Err(err(E, actor, "the four tiles differ"));
        }
        let s = &self.seats[a];
        let mut hand = s.without(consumed, E, actor)?;
        if matches!(s.riichi, RiichiState::Accepted { .. }) && !ankan_keeps_waits(s, t) {
            return Err(err(
                E,
                actor,
                format!("a closed kan of {t} would change the riichi wait"),
            ));
        }
        hand.drawn = None;
        hand.melds.push(TableMeld {
            kind: MeldKind::ClosedKan,
            tiles: consumed.to_vec(),
            called: None,
            from: None,
            added: false,
        });
        self.seats[a] = hand;
        self.kans.push(actor);
        self.any_call = true;
        self.pending_dora += 1;
        for o in 0..4 {
            self.could_ron[o] = o != a
                && self.rules.game.kokushi_robs_closed_kan
                && is_kokushi_tenpai(&self.seats[o])
                && self.seats[o].waits().contains(t);
        }
        self.phase = Phase::Kan {
            seat: actor,
            pai: consumed[0],
            closed: true,
        };
        Ok(())
    }

    fn reach(&mut self, actor: u8) -> Result<(), GameError> {
        const E: &str = "reach";
        let a = Self::seat_check(E, actor)?;
        match self.phase {
            Phase::Turn {
                seat,
                after_call: None,
                ..
            } if seat == actor => {}
            _ => return Err(err(E, actor, "not this seat's turn after a draw")),
        }
        let s = &self.seats[a];
        if s.in_riichi() {
            return Err(err(E, actor, "already in riichi"));
        }
        if !s.is_closed() {
            return Err(err(E, actor, "the hand is open"));
        }
        if self.scores[a] < self.rules.game.riichi_min_points {
            return Err(err(
                E,
                actor,
                format!(
                    "{} points, fewer than {}",
                    self.scores[a], self.rules.game.riichi_min_points
                ),
            ));
        }
        if self.live_left < self.rules.game.riichi_min_wall {
            return Err(err(
                E,
                actor,
                format!("only {} tiles left in the wall", self.live_left),
            ));
        }
        if !riichi_possible(&s.hand) {
            return Err(err(E, actor, "no discard leaves the hand tenpai"));
        }
        let double = !self.any_call && s.river.is_empty();
        self.seats[a].riichi = RiichiState::Declared { double };
        self.phase = Phase::RiichiDiscard { seat: actor };
        Ok(())
    }

    fn reach_accepted(&mut self, actor: u8, deltas: Option<[i32; 4]>) -> Result<(), GameError> {
        const E: &str = "reach_accepted";
        let a = Self::seat_check(E, actor)?;
        match (self.phase.clone(), self.seats[a].riichi) {
            (Phase::Discarded { seat, .. }, RiichiState::Declared { double }) if seat == actor => {
                if self.pending_dora > 0 {
                    return Err(err(E, actor, "a kan dora must be turned first"));
                }
                let mut d = [0; 4];
                d[a] = -1000;
                if let Some(l) = deltas {
                    if l != d {
                        return Err(GameError::Deltas {
                            event: E,
                            logged: l,
                            computed: d,
                        });
                    }
                }
                self.scores[a] -= 1000;
                self.kyotaku += 1;
                let s = &mut self.seats[a];
                s.riichi = RiichiState::Accepted { double };
                s.ippatsu = true;
                Ok(())
            }
            _ => Err(err(E, actor, "no riichi discard of this seat is waiting")),
        }
    }

    /// Builds the scoring situation for `seat` winning on `pai` (`tsumo` or not)
    /// now: hand and melds with their origins, winds, riichi and ippatsu, the
    /// timing (rinshan, chankan, haitei, houtei, tenhou, chiihou), dora and the
    /// given ura-dora indicators (used only in riichi), honba and sticks.
    ///
    /// # Errors
    /// [`GameError::Illegal`] when `pai` is hidden or the tiles do not make a
    /// hand (more than four copies).
    ///
    /// # Panics
    /// Never.
    pub fn situation(
        &self,
        seat: u8,
        pai: Pai,
        tsumo: bool,
        ura: &[Pai],
    ) -> Result<Situation, GameError> {
        let s = &self.seats[seat as usize];
        let mut hand = s.hand;
        let mut red = s.red;
        let t = pai.tile().ok_or_else(|| err("hora", seat, "hidden tile"))?;
        if !tsumo {
            hand[t.index()] += 1;
            if pai.is_red() {
                red[t.index() / 9] += 1;
            }
        }
        let melds: Vec<Meld> = s.melds.iter().map(TableMeld::to_meld).collect();
        let h = Hand::new(hand, red, melds).map_err(|e| err("hora", seat, e.to_string()))?;
        let mut sit = Situation::new(h, t);
        sit.meld_origins = s
            .melds
            .iter()
            .map(|m| MeldOrigin {
                added: m.added,
                from: m.from.map(|f| self.seat_wind(f)),
            })
            .collect();
        sit.win_tile_red = pai.is_red();
        sit.tsumo = tsumo;
        sit.seat_wind = self.seat_wind(seat);
        sit.round_wind = self.round_wind();
        sit.riichi = match s.riichi {
            RiichiState::Accepted { double: true } => Riichi::Double,
            RiichiState::Accepted { double: false } => Riichi::Declared,
            _ => Riichi::None,
        };
        sit.ippatsu = s.ippatsu && sit.riichi.is_declared();
        let first = !self.any_call && s.river.is_empty();
        sit.timing = match self.phase {
            Phase::Turn { rinshan: true, .. } if tsumo => Timing::Rinshan,
            Phase::Kan { .. } => Timing::Chankan,
            _ if tsumo && first => {
                if seat == self.oya {
                    Timing::Tenhou
                } else {
                    Timing::Chiihou
                }
            }
            _ if self.live_left == 0 => {
                if tsumo {
                    Timing::Haitei
                } else {
                    Timing::Houtei
                }
            }
            _ if !tsumo && first && self.rules.scoring.renhou != crate::rules::Renhou::Off => {
                Timing::Renhou
            }
            _ => Timing::Normal,
        };
        sit.dora_indicators = self.dora.iter().map(|&p| indicator(p)).collect();
        if sit.riichi.is_declared() {
            sit.ura_indicators = ura
                .iter()
                .take(self.dora.len())
                .map(|&p| indicator(p))
                .collect();
        }
        sit.honba = self.honba as u32;
        sit.riichi_sticks = self.kyotaku as u32;
        Ok(sit)
    }

    /// Scores `seat` winning on `pai` from `from` with the given ura-dora
    /// indicators: the score and every seat's score change (honba and sticks
    /// as they stand now).
    ///
    /// # Errors
    /// [`GameError::Win`] when the hand is not complete or has no yaku.
    pub fn score_win(&self, seat: u8, from: u8, pai: Pai, ura: &[Pai]) -> Result<Win, GameError> {
        let tsumo = seat == from;
        let sit = self.situation(seat, pai, tsumo, ura)?;
        let sc = score(&sit, &self.rules).map_err(|error| GameError::Win { seat, error })?;
        let seats = super::WinSeats {
            winner: seat,
            from,
            dealer: self.oya,
            liable: self.seats[seat as usize].pao,
        };
        let (deltas, pao) = super::win_deltas(&sc, &seats, sit.honba, &self.rules.scoring);
        Ok(Win {
            seat,
            from,
            pao,
            score: sc,
            deltas,
        })
    }

    fn hora(
        &mut self,
        actor: u8,
        target: u8,
        pai: Option<Pai>,
        ura: Option<&[Pai]>,
        deltas: Option<[i32; 4]>,
    ) -> Result<(), GameError> {
        const E: &str = "hora";
        let a = Self::seat_check(E, actor)?;
        Self::seat_check(E, target)?;
        let prior: Vec<Win> = match &self.outcome {
            Some(Outcome::Wins(w)) => w.clone(),
            Some(_) => return Err(err(E, actor, "the round ended in a draw")),
            None => Vec::new(),
        };
        let win_pai = if actor == target {
            match self.phase {
                Phase::Turn {
                    seat,
                    after_call: None,
                    ..
                } if seat == actor => {}
                _ => return Err(err(E, actor, "tsumo only right after one's own draw")),
            }
            self.seats[a]
                .drawn
                .ok_or_else(|| err(E, actor, "no drawn tile"))?
        } else {
            if matches!(self.phase, Phase::Ended) && !prior.is_empty() {
                if let Some(p) = self.ron_phase.clone() {
                    self.phase = p;
                }
            }
            let (d, p, kan) = match &self.phase {
                Phase::Discarded { seat, pai } => (*seat, *pai, None),
                Phase::Kan { seat, pai, closed } => (*seat, *pai, Some(*closed)),
                _ => return Err(err(E, actor, "no discard or kan to win on")),
            };
            if d != target || actor == target {
                return Err(err(
                    E,
                    actor,
                    format!("the tile came from seat {d}, not {target}"),
                ));
            }
            if self.pending_dora > 0 && kan.is_none() {
                return Err(err(E, actor, "a kan dora must be turned first"));
            }
            if let Some(w) = prior.last() {
                let dist = |s: u8| (s + 4 - d) % 4;
                if dist(actor) <= dist(w.seat) {
                    return Err(err(
                        E,
                        actor,
                        "multiple ron goes in turn order from the discarder",
                    ));
                }
                if !self.rules.game.multiple_ron {
                    return Err(err(E, actor, "only one player may ron"));
                }
                if prior.len() >= 2 && self.rules.game.triple_ron_abort {
                    return Err(err(E, actor, "three rons are an abortive draw"));
                }
            }
            if kan == Some(true) && !self.rules.game.kokushi_robs_closed_kan {
                return Err(err(E, actor, "the rules let no one rob a closed kan"));
            }
            if kan == Some(true) && !is_kokushi_tenpai(&self.seats[a]) {
                return Err(err(E, actor, "only thirteen orphans may rob a closed kan"));
            }
            if self.seats[a].furiten() {
                return Err(err(E, actor, "furiten"));
            }
            p
        };
        if let Some(p) = pai {
            if p != win_pai {
                return Err(err(
                    E,
                    actor,
                    format!("the winning tile is {win_pai}, not {p}"),
                ));
            }
        }
        let ura = ura.unwrap_or(&[]);
        let riichi = matches!(self.seats[a].riichi, RiichiState::Accepted { .. });
        if riichi && ura.len() < self.dora.len() {
            return Err(err(
                E,
                actor,
                format!(
                    "{} ura-dora indicators for {} dora",
                    ura.len(),
                    self.dora.len()
                ),
            ));
        }
        if riichi {
            let mut pool = self.unseen;
            let mut pool_red = self.unseen_red;
            for &u in ura.iter().take(self.dora.len()) {
                if !has_in(&pool, &pool_red, u, 1) {
                    return Err(GameError::NotInWall {
                        tile: u.to_string(),
                    });
                }
                pool[u.index()] -= 1;
                if u.is_red() {
                    pool_red[u.index() / 9] -= 1;
                }
            }
        }
        // Later winners of a multiple ron get no sticks (taken by the first), and
        // the honba only when the rules say so.
        let mut st = self.clone();
        if !prior.is_empty() {
            st.kyotaku = 0;
            if self.rules.game.multiple_ron_honba == MultiRonHonba::First {
                st.honba = 0;
            }
        }
        let win = st.score_win(actor, target, win_pai, ura)?;
        if let Some(l) = deltas {
            if l != win.deltas {
                return Err(GameError::Deltas {
                    event: E,
                    logged: l,
                    computed: win.deltas,
                });
            }
        }
        if prior.is_empty() && actor != target {
            self.ron_phase = Some(self.phase.clone());
        }
        for i in 0..4 {
            self.scores[i] += win.deltas[i];
        }
        self.kyotaku = 0;
        let mut wins = prior;
        wins.push(win);
        self.outcome = Some(Outcome::Wins(wins));
        self.phase = Phase::Ended;
        Ok(())
    }
}

fn indicator(p: Pai) -> Indicator {
    Indicator {
        tile: p.tile().expect("indicators are known"),
        red: p.is_red(),
    }
}

impl Seat {
    /// Waits of the hand with the drawn tile `d` taken out (the wait the hand had
    /// before drawing).
    fn waits_without(&self, d: Pai) -> TileSet {
        let mut h = self.hand;
        h[d.index()] -= 1;
        waits_of(&h)
    }
}

/// A closed kan of `t` after riichi keeps the wait: the drawn tile is `t` and the
/// waits with the four tiles set aside are the waits before the draw.
pub(crate) fn ankan_keeps_waits(s: &Seat, t: Tile) -> bool {
    if s.drawn.and_then(|d| d.tile()) != Some(t) || s.hand[t.index()] != 4 {
        return false;
    }
    let before = s.waits_without(s.drawn.expect("checked"));
    let mut after = s.hand;
    after[t.index()] = 0;
    let w = waits_of(&after);
    !w.is_empty() && w == before
}

/// The 3n+2 concealed hand can discard a tile and be tenpai.
pub(crate) fn riichi_possible(hand: &TileCounts) -> bool {
    if !matches!(crate::shanten(hand), Ok(-1 | 0)) {
        return false;
    }
    (0..KINDS).any(|i| {
        hand[i] > 0 && {
            let mut h = *hand;
            h[i] -= 1;
            !waits_of(&h).is_empty()
        }
    })
}

/// The hand is a thirteen-orphans tenpai (13 concealed terminals and honors).
pub(crate) fn is_kokushi_tenpai(s: &Seat) -> bool {
    if !s.melds.is_empty() || s.len() != 13 {
        return false;
    }
    let yao = |i: usize| {
        let t = Tile::new(i as u8).expect("below 34");
        t.is_terminal_or_honor()
    };
    let kinds = (0..KINDS).filter(|&i| s.hand[i] > 0).count();
    (0..KINDS).all(|i| s.hand[i] == 0 || yao(i)) && kinds >= 12
}

impl State {
    fn ryukyoku(
        &mut self,
        reason: Option<DrawReason>,
        deltas: Option<[i32; 4]>,
    ) -> Result<(), GameError> {
        const E: &str = "ryukyoku";
        if self.outcome.is_some() {
            return Err(err(E, 4, "the round is already over"));
        }
        let reason = match reason {
            Some(r) => r,
            None => self.infer_draw()?,
        };
        let g = &self.rules.game;
        let mut tenpai = [false; 4];
        let mut nagashi = [false; 4];
        let mut d = [0i32; 4];
        match reason {
            DrawReason::Exhaustive => {
                if !matches!(self.phase, Phase::Discarded { .. }) || self.live_left > 0 {
                    return Err(err(E, 4, "the wall is not exhausted"));
                }
                self.discard_passed_check(E, 4)?;
                for s in 0..4 {
                    tenpai[s] = !self.seats[s].waits().is_empty();
                    nagashi[s] = g.nagashi_mangan
                        && self.seats[s].river.iter().all(|r| {
                            !r.called && r.pai.tile().is_some_and(|t| t.is_terminal_or_honor())
                        });
                }
                if nagashi.iter().any(|&n| n) {
                    for s in 0..4u8 {
                        if !nagashi[s as usize] {
                            continue;
                        }
                        for o in 0..4u8 {
                            if o != s {
                                let pay = if s == self.oya || o == self.oya {
                                    4000
                                } else {
                                    2000
                                };
                                d[o as usize] -= pay;
                                d[s as usize] += pay;
                            }
                        }
                    }
                } else {
                    let n = tenpai.iter().filter(|&&t| t).count() as i32;
                    if n > 0 && n < 4 {
                        for s in 0..4 {
                            d[s] = if tenpai[s] { 3000 / n } else { -3000 / (4 - n) };
                        }
                    }
                }
            }
            DrawReason::NineTerminals => {
                let Phase::Turn {
                    seat,
                    after_call: None,
                    rinshan: false,
                } = self.phase
                else {
                    return Err(err(E, 4, "nine terminals only on one's own first draw"));
                };
                if !g.nine_terminals || !self.nine_terminals_possible(seat) {
                    return Err(err(E, seat, "nine terminals is not possible now"));
                }
            }
            DrawReason::FourWinds | DrawReason::FourRiichi | DrawReason::FourKans => {
                if self.pending_dora > 0 {
                    return Err(err(E, 4, "a kan dora must be turned first"));
                }
                if self.forced_draw() != Some(reason) {
                    return Err(err(E, 4, format!("{reason:?} has not happened")));
                }
            }
            DrawReason::TripleRon => {
                if !g.triple_ron_abort || self.ron_candidates().len() < 3 {
                    return Err(err(E, 4, "three players cannot ron now"));
                }
            }
        }
        if let Some(l) = deltas {
            if l != d {
                return Err(GameError::Deltas {
                    event: E,
                    logged: l,
                    computed: d,
                });
            }
        }
        for (score, delta) in self.scores.iter_mut().zip(d) {
            *score += delta;
        }
        self.outcome = Some(Outcome::Draw {
            reason,
            tenpai,
            nagashi,
            deltas: d,
        });
        self.phase = Phase::Ended;
        Ok(())
    }

    fn infer_draw(&self) -> Result<DrawReason, GameError> {
        match self.phase {
            Phase::Turn { .. } => Ok(DrawReason::NineTerminals),
            Phase::Discarded { .. } => {
                if let Some(r) = self.forced_draw() {
                    Ok(r)
                } else if self.live_left == 0 {
                    Ok(DrawReason::Exhaustive)
                } else {
                    Ok(DrawReason::TripleRon)
                }
            }
            Phase::Kan { .. } => Ok(DrawReason::TripleRon),
            _ => Err(err("ryukyoku", 4, "no draw is possible now")),
        }
    }

    /// `seat` may declare nine terminals now (its first draw, no call yet, nine
    /// different terminals and honors).
    pub fn nine_terminals_possible(&self, seat: u8) -> bool {
        let s = &self.seats[seat as usize];
        !self.any_call
            && s.river.is_empty()
            && (0..KINDS)
                .filter(|&i| {
                    s.hand[i] > 0 && Tile::new(i as u8).expect("below 34").is_terminal_or_honor()
                })
                .count()
                >= 9
    }

    /// Seats that may ron the current discard (or rob the current kan), in turn
    /// order from the discarder: complete hand, not furiten, a yaku.
    pub fn ron_candidates(&self) -> Vec<u8> {
        let d = match self.phase {
            Phase::Discarded { seat, .. } | Phase::Kan { seat, .. } => seat,
            _ => return Vec::new(),
        };
        (1..4)
            .map(|k| (d + k) % 4)
            .filter(|&o| self.may_ron(o))
            .collect()
    }

    /// Whether `seat` may ron the current discard (or rob the current kan):
    /// one seat's part of [`State::ron_candidates`].
    ///
    /// # Panics
    /// Never (any seat above 3 may not).
    pub fn may_ron(&self, seat: u8) -> bool {
        let (d, pai, closed) = match self.phase {
            Phase::Discarded { seat, pai } => (seat, pai, false),
            Phase::Kan { seat, pai, closed } => (seat, pai, closed),
            _ => return false,
        };
        // After a kan's discard, its dora indicator is turned before anyone
        // may answer the discard.
        let dora_due = self.pending_dora > 0 && matches!(self.phase, Phase::Discarded { .. });
        // `could_ron` (set with the discard or kan: the tile is a wait) rules
        // out most seats before furiten and yaku are looked at.
        if seat > 3 || seat == d || dora_due || !self.could_ron[seat as usize] {
            return false;
        }
        self.can_ron(seat, d, pai, closed)
    }

    fn can_ron(&self, o: u8, d: u8, pai: Pai, closed: bool) -> bool {
        let Some(t) = pai.tile() else { return false };
        let s = &self.seats[o as usize];
        s.waits().contains(t)
            && !s.furiten()
            && (!closed || (self.rules.game.kokushi_robs_closed_kan && is_kokushi_tenpai(s)))
            && self.score_win(o, d, pai, &[]).is_ok()
    }

    fn end_kyoku(&mut self) -> Result<(), GameError> {
        const E: &str = "end_kyoku";
        let Some(outcome) = self.outcome.clone() else {
            return Err(err(E, 4, "the round has not ended"));
        };
        let (next, over) = super::round::next_round(self, &outcome);
        self.next_round = if over { None } else { Some(next) };
        self.game_over = over;
        self.phase = Phase::BetweenRounds;
        Ok(())
    }

    /// Checks the invariants: every tile of the set accounted for exactly once
    /// (hands, rivers, melds, indicators, unseen), unseen tiles = live wall + the
    /// hidden dead wall, hand sizes, and points plus sticks conserved.
    ///
    /// # Errors
    /// [`GameError::Invariant`] naming the first one that fails.
    pub fn check_invariants(&self) -> Result<(), GameError> {
        let bad = |m: String| Err(GameError::Invariant(m));
        if let Some(t) = self.total_points {
            let now = self.scores.iter().sum::<i32>() + 1000 * self.kyotaku as i32;
            if now != t {
                return bad(format!("points {now} on the table, {t} at the start"));
            }
        }
        if matches!(self.phase, Phase::BeforeGame | Phase::BetweenRounds) {
            return Ok(());
        }
        let mut counts = self.unseen;
        let mut red = self.unseen_red;
        let mut add = |p: Pai| {
            counts[p.index()] += 1;
            if p.is_red() {
                red[p.index() / 9] += 1;
            }
        };
        for s in &self.seats {
            s.tiles().into_iter().for_each(&mut add);
            s.river
                .iter()
                .filter(|r| !r.called)
                .for_each(|r| add(r.pai));
            s.melds
                .iter()
                .flat_map(|m| m.tiles.iter())
                .for_each(|&p| add(p));
        }
        self.dora.iter().for_each(|&p| add(p));
        if let Some(i) = (0..KINDS).find(|&i| counts[i] != 4) {
            return bad(format!(
                "{} copies of {}",
                counts[i],
                Tile::new(i as u8).expect("kind")
            ));
        }
        if red != self.rules.scoring.red_fives {
            return bad(format!(
                "red fives {red:?}, the set has {:?}",
                self.rules.scoring.red_fives
            ));
        }
        let unseen: usize = self.unseen.iter().map(|&c| c as usize).sum();
        let expect = self.live_left as usize + DEAD_WALL - self.dora.len();
        if unseen != expect {
            return bad(format!(
                "{unseen} unseen tiles, live wall {} + dead wall {DEAD_WALL} - {} indicators",
                self.live_left,
                self.dora.len()
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            let n = s.len() + 3 * s.melds.len();
            let turn = match self.phase {
                Phase::Turn { seat, .. } | Phase::RiichiDiscard { seat } => seat as usize == i,
                _ => false,
            };
            if n != if turn { 14 } else { 13 } && !matches!(self.phase, Phase::Ended) {
                return bad(format!("seat {i} holds {n} tiles (melds as 3)"));
            }
        }
        Ok(())
    }
}

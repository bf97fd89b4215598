//! One seat's part of the round: its concealed tiles (as counts and red
//! fives), melds, river, riichi and furiten, and the hand queries the rules ask
//! of it (waits, tenpai after a discard, thirteen-orphans tenpai).
//!
//! Everything a seat knows about its own hand is read through methods, so that
//! a seat whose concealed tiles are hidden (another seat's hand in one seat's
//! view of the game, see [`crate::game::State::for_seat`]) answers them from
//! what is known: a number of tiles, none of them named.

use super::super::error::GameError;
use super::super::flags::SeatFlags;
use super::super::pai::Pai;
use crate::meld::MeldKind;
use crate::tile::{Tile, TileCounts, TileSet, KINDS};
use crate::waits::{concealed_shanten_waits, concealed_waits, without_held_fours};

mod counts;
mod river;
mod table_meld;
use counts::{add_counts, count_tiles, one_more_at, same_counts};
pub use river::RiverTile;
pub use table_meld::TableMeld;

/// A seat's concealed tiles as counts and red fives per suit: what a call
/// or kan leaves ([`Seat::without`]), worked out before the seat changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Concealed {
    /// Tile counts by kind.
    pub hand: TileCounts,
    /// Red fives per suit (man, pin, sou).
    pub red: [u8; 3],
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

/// One seat's part of the round, read through its methods; it changes only
/// as [`crate::game::State::apply`] applies events.
///
/// ```
/// use tenpai::game::{Event, RiichiState, State};
/// let mut s = State::new(tenpai::rules::Rules::tenhou());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// let dealer = s.seat(tenpai::game::SeatIndex::ALL[0]);
/// assert_eq!((dealer.len(), dealer.waits().to_string()), (13, "2z".to_string()));
/// assert_eq!((dealer.riichi(), dealer.drawn(), dealer.river().len()), (RiichiState::None, None, 0));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Concealed tile counts (the drawn tile included).
    hand: TileCounts,
    /// Red fives among the concealed tiles, per suit.
    red: [u8; 3],
    /// Called melds and closed kans, in call order (changed only through
    /// [`Seat::push_meld`], [`Seat::add_kan`] and [`Seat::set_melds`],
    /// which keep the counts below).
    melds: Vec<TableMeld>,
    /// The tiles of the melds by kind.
    meld_counts: TileCounts,
    /// The discards, in order (changed only through [`Seat::discard`],
    /// [`Seat::mark_last_called`] and [`Seat::set_river`], which keep the
    /// counts below).
    river: Vec<RiverTile>,
    /// The river as counts by kind: every discard, the called ones, the
    /// riichi declaration tile.
    river_counts: [TileCounts; 3],
    /// Every kind this seat has discarded (called ones too): discard furiten.
    pub(super) discarded: TileSet,
    /// Riichi, ippatsu and furiten.
    pub(super) flags: SeatFlags,
    /// The tile just drawn, while it is in the hand.
    pub(super) drawn: Option<Pai>,
    /// The seat liable (pao) for this seat's daisangen or daisuushii, if any.
    pub(super) pao: Option<u8>,
    /// The last concealed hand whose waits were computed, with them.
    waits_cache: WaitsCache,
    /// The number of concealed tiles when they are hidden from this view
    /// (the counts above then stay empty); `None` when they are known.
    hidden: Option<u8>,
}

/// A one-entry memo of [`concealed_waits`] and the shanten number its lookup
/// gives ([`concealed_shanten_waits`]), keyed by the whole concealed hand (so
/// it can never be stale); ignored by comparisons and debug output. The
/// number is exact, or after a discard a lower bound of two or more with no
/// waits ([`Seat::note_discard`]): what the memo's readers need is "at least
/// this far from ready".
#[derive(Clone, Default)]
struct WaitsCache(std::cell::Cell<Option<(TileCounts, Option<i8>, TileSet)>>);

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
    /// Concealed tile counts by kind, `[u8; 34]` (the drawn tile included; a
    /// red five counts as a five); all zero when the hand is hidden.
    #[inline]
    pub fn concealed(&self) -> &TileCounts {
        &self.hand
    }

    /// Red fives among the concealed tiles, per suit (man, pin, sou).
    #[inline]
    pub fn red_fives(&self) -> [u8; 3] {
        self.red
    }

    /// Called melds and closed kans, in call order.
    #[inline]
    pub fn melds(&self) -> &[TableMeld] {
        &self.melds
    }

    /// The tiles of [`Seat::melds`] by kind (`[u8; 34]`, a kan's four
    /// included) — what a learning agent's features read, kept as the melds
    /// are made.
    ///
    /// ```
    /// use tenpai::game::{Game, SeatIndex};
    /// let g = Game::new(&tenpai::rules::Rules::tenhou(), 1, false)?;
    /// assert_eq!(g.state().seat(SeatIndex::ALL[0]).meld_counts(), &[0; 34]); // no call yet
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    #[inline]
    pub fn meld_counts(&self) -> &TileCounts {
        &self.meld_counts
    }

    /// Adds a meld (a call or a closed kan).
    pub(super) fn push_meld(&mut self, meld: TableMeld) {
        add_counts(&mut self.meld_counts, &meld.tiles);
        self.melds.push(meld);
    }

    /// Makes meld `i` (a pon) an added kan with `pai`; `false` (and no
    /// change) past the melds.
    pub(super) fn add_kan(&mut self, i: usize, pai: Pai) -> bool {
        let Some(m) = self.melds.get_mut(i) else {
            return false;
        };
        m.kind = MeldKind::Kan;
        m.added = true;
        m.tiles.push(pai);
        add_counts(&mut self.meld_counts, &[pai]);
        true
    }

    /// Replaces the melds (a position built from a description).
    pub(super) fn set_melds(&mut self, melds: Vec<TableMeld>) {
        self.melds.clear();
        self.meld_counts = [0; KINDS];
        melds.into_iter().for_each(|m| self.push_meld(m));
    }

    /// Every kind this seat has discarded this round, called ones too (what
    /// discard furiten looks at).
    #[inline]
    pub fn discarded(&self) -> TileSet {
        self.discarded
    }

    /// The seat's riichi state.
    #[inline]
    pub fn riichi(&self) -> RiichiState {
        self.flags.riichi
    }

    /// The seat's riichi, ippatsu and furiten flags.
    #[inline]
    pub fn flags(&self) -> SeatFlags {
        self.flags
    }

    /// Ippatsu is still possible (in riichi, no call and no own discard since).
    #[inline]
    pub fn ippatsu(&self) -> bool {
        self.flags.ippatsu
    }

    /// Temporary furiten: it passed a winning tile since its last discard.
    #[inline]
    pub fn furiten_temp(&self) -> bool {
        self.flags.furiten_temp
    }

    /// Permanent furiten: it passed a winning tile while in riichi.
    #[inline]
    pub fn furiten_riichi(&self) -> bool {
        self.flags.furiten_riichi
    }

    /// The tile just drawn, while it is in the hand (never known for a hidden
    /// hand).
    #[inline]
    pub fn drawn(&self) -> Option<Pai> {
        self.drawn
    }

    /// The seat liable (pao) for this seat's daisangen or daisuushii, if any.
    #[inline]
    pub fn pao(&self) -> Option<u8> {
        self.pao
    }

    /// The concealed tiles are hidden from this view: only their number is
    /// known ([`Seat::len`]), and the hand queries answer as for an empty
    /// hand (no tiles, no waits, no furiten).
    #[inline]
    pub fn is_hidden(&self) -> bool {
        self.hidden.is_some()
    }

    /// Concealed tiles in index order (red fives first among fives); none
    /// when the hand is hidden.
    pub fn tiles(&self) -> Vec<Pai> {
        let mut v = Vec::with_capacity(14);
        self.tiles_into(&mut v);
        v
    }

    /// [`Seat::tiles`] into `out` (cleared first), reusing its buffer.
    pub fn tiles_into(&self, out: &mut Vec<Pai>) {
        Pai::list_into(&self.hand, self.red, out);
    }

    /// Number of concealed tiles (known for a hidden hand too).
    pub fn len(&self) -> usize {
        if let Some(n) = self.hidden {
            return n as usize;
        }
        count_tiles(&self.hand)
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

    /// Holds at least two of this exact tile.
    pub(super) fn has_two(&self, p: Pai) -> bool {
        has_in(&self.hand, &self.red, p, 2)
    }

    /// No meld called from another player (closed kans keep it closed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| m.kind == MeldKind::ClosedKan)
    }

    /// In riichi or having declared it.
    pub fn in_riichi(&self) -> bool {
        self.flags.in_riichi()
    }

    /// The waits of a 3n+1 concealed hand (empty when not tenpai): tiles that
    /// complete its shape, yaku or not, as [`crate::waits()`] reads them with
    /// the seat's melds (a kind whose four copies the seat holds itself is no
    /// wait): what the seat can win on.
    pub fn waits(&self) -> TileSet {
        let w = self.shape_waits();
        if w.is_empty() || self.melds.is_empty() {
            return w;
        }
        let mut called = [0u8; KINDS];
        for m in self.melds.iter().filter_map(|m| m.to_meld().ok()) {
            m.add_to(&mut called);
        }
        without_held_fours(w, &self.hand, &called)
    }

    /// The seat counts as ready (tenpai), as [`crate::is_tenpai`] rules: at an
    /// exhaustive draw, for the dealer's repeat. A wait whose copies all lie
    /// in its own kan counts (an empty [`Seat::waits`] then); a hidden hand
    /// is never ready in this view.
    pub fn is_tenpai(&self) -> bool {
        !self.shape_waits().is_empty()
    }

    /// The waits of the concealed tiles alone ([`concealed_waits`]: no fifth
    /// copy of a kind they hold four times), memoized.
    fn shape_waits(&self) -> TileSet {
        match self.waits_cache.0.get() {
            Some((h, _, w)) if same_counts(&h, &self.hand) => w,
            _ => {
                let (n, w) = concealed_shanten_waits(&self.hand);
                self.waits_cache.0.set(Some((self.hand, n, w)));
                w
            }
        }
    }

    /// At least the shanten number of the hand before the tile just drawn
    /// (the number itself, or a bound [`Seat::note_discard`] kept), when the
    /// memo of [`Seat::waits`] holds that hand (the seat's waits were asked
    /// since its last discard, as every other seat's discard asks them);
    /// `None` when no tile was drawn or the memo holds another hand. Adding
    /// a tile lowers a shanten number by one at most, so the hand with the
    /// draw is at least this number less one from ready.
    pub(super) fn shanten_before_draw(&self) -> Option<i8> {
        let d = self.drawn?.index();
        let (h, n, _) = self.waits_cache.0.get()?;
        if self.hand[d] > 0 && one_more_at(&h, &self.hand, d) {
            n
        } else {
            None
        }
    }

    /// Some discard leaves the 3n+2 concealed tiles ready
    /// ([`crate::game::riichi_possible`]); answered at once (no) when the
    /// hand before the draw is known to be two or more tiles from ready
    /// ([`Seat::shanten_before_draw`]).
    pub(crate) fn riichi_possible(&self) -> bool {
        self.shanten_before_draw().is_none_or(|n| n <= 1)
            && crate::game::riichi_possible(&self.hand)
    }

    /// The concealed tiles make a complete hand ([`crate::is_agari`], an
    /// error as no); answered at once (no) when the hand before the draw is
    /// known not to be ready ([`Seat::shanten_before_draw`]).
    pub(crate) fn is_agari(&self) -> bool {
        self.shanten_before_draw().is_none_or(|n| n <= 0) && crate::is_agari(&self.hand) == Ok(true)
    }

    /// The memo of [`Seat::waits`], when it is wrong (other waits, or a
    /// shanten number above the hand's): the hand it was computed for, the
    /// waits it holds and the waits computed afresh.
    pub(super) fn stale_waits(&self) -> Option<(TileCounts, TileSet, TileSet)> {
        let (h, n, w) = self.waits_cache.0.get()?;
        let (fresh_n, fresh_w) = concealed_shanten_waits(&h);
        let bound = match (n, fresh_n) {
            (Some(n), Some(f)) => n <= f,
            (n, f) => n == f,
        };
        (fresh_w != w || !bound).then_some((h, w, fresh_w))
    }

    /// After this seat's discard from a hand with a tile drawn: when the
    /// hand before that draw was at least `before` ≥ 3 from ready
    /// ([`Seat::shanten_before_draw`], read before the discard), the hand
    /// now is at least `before − 1` ≥ 2 from ready — a draw lowers the
    /// number by one at most, and a discard never lowers it (the tiles left
    /// hold every shape they held) — so it has no waits, and the memo keeps
    /// that bound: the other seats' next discard asks its waits without a
    /// shanten lookup. (A bound of 1 would cost more than it saves: the
    /// riichi test after the next draw skips only hands 2 or more from
    /// ready, and would run on every hand the bound left at 1.)
    pub(super) fn note_discard(&self, before: Option<i8>) {
        let Some(n) = before.filter(|&n| n >= 3) else {
            return;
        };
        match self.waits_cache.0.get() {
            // A tsumogiri: the memo holds this very hand.
            Some((h, _, _)) if same_counts(&h, &self.hand) => {}
            _ => self
                .waits_cache
                .0
                .set(Some((self.hand, Some(n - 1), TileSet::EMPTY))),
        }
    }

    /// Caches `wrong` as the waits of the current hand (to test the check).
    #[cfg(test)]
    pub(super) fn poison_waits_cache(&self, wrong: Pai) {
        let set = std::iter::once(wrong.tile().expect("a known tile")).collect();
        let n = crate::shanten(&self.hand).ok();
        self.waits_cache.0.set(Some((self.hand, n, set)));
    }

    /// Furiten: a wait in its own discards, or a passed winning tile.
    pub fn furiten(&self) -> bool {
        crate::game::is_furiten(self.waits(), self.discarded, self.flags.passed())
    }

    /// A seat holding only this seat's concealed tiles (no melds, river or
    /// riichi): a scratch copy for trying out calls.
    pub(crate) fn clone_hand(&self) -> Seat {
        Seat {
            hand: self.hand,
            red: self.red,
            ..Seat::default()
        }
    }

    /// The concealed tiles with the `consumed` tiles taken out (the seat
    /// itself unchanged: a call or kan checks everything before it changes
    /// anything), or [`GameError::MissingTile`] naming the first one it does
    /// not hold.
    pub(crate) fn without(
        &self,
        consumed: &[Pai],
        event: &'static str,
        actor: u8,
    ) -> Result<Concealed, GameError> {
        let mut left = Concealed {
            hand: self.hand,
            red: self.red,
        };
        for &c in consumed {
            if !has_in(&left.hand, &left.red, c, 1) {
                return Err(GameError::MissingTile {
                    event,
                    seat: actor,
                    tile: c.to_string(),
                });
            }
            left.hand[c.index()] -= 1;
            if c.is_red() {
                left.red[c.index() / 9] -= 1;
            }
        }
        Ok(left)
    }

    /// Gives up `n` concealed tiles to a call or kan: the hand becomes what
    /// [`Seat::without`] left, or (`None`, a hand hidden from this view)
    /// holds `n` fewer.
    pub(super) fn give_up(&mut self, left: Option<Concealed>, n: usize) {
        match left {
            Some(c) => (self.hand, self.red) = (c.hand, c.red),
            None => {
                self.take_hidden(n);
            }
        }
    }

    /// Takes this exact tile from the concealed hand; `false` (and no change)
    /// when the seat does not hold it.
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

    /// Makes the concealed hand hidden from this view, holding no tile yet.
    pub(super) fn hide(&mut self) {
        self.hidden = Some(0);
    }

    /// A hidden hand receives a tile (a deal or a draw).
    pub(super) fn put_hidden(&mut self) {
        if let Some(n) = &mut self.hidden {
            *n += 1;
        }
    }

    /// A hidden hand gives up `n` tiles (a discard, a call or a kan shows
    /// them); `false` (and no change) when it holds fewer or is not hidden.
    pub(super) fn take_hidden(&mut self, n: usize) -> bool {
        match &mut self.hidden {
            Some(k) if *k as usize >= n => {
                *k -= n as u8;
                true
            }
            _ => false,
        }
    }

    /// Puts a tile into the concealed hand (a deal or a draw).
    pub(super) fn put(&mut self, p: Pai) {
        let i = p.index();
        self.hand[i] += 1;
        if p.is_red() {
            self.red[i / 9] += 1;
        }
    }

    /// Waits of the hand with the drawn tile `d` taken out (the wait the hand had
    /// before drawing).
    pub(super) fn waits_without(&self, d: Pai) -> TileSet {
        let mut h = self.hand;
        h[d.index()] -= 1;
        concealed_waits(&h)
    }
}

impl Default for Seat {
    fn default() -> Seat {
        Seat {
            hand: [0; KINDS],
            red: [0; 3],
            melds: Vec::new(),
            meld_counts: [0; KINDS],
            river: Vec::new(),
            river_counts: [[0; KINDS]; 3],
            discarded: TileSet::EMPTY,
            flags: SeatFlags::default(),
            drawn: None,
            pao: None,
            waits_cache: WaitsCache::default(),
            hidden: None,
        }
    }
}

/// `hand` (counts with `red` fives per suit) holds at least `n` of this exact
/// tile (a red five told apart from a plain one); a hidden tile never.
pub(super) fn has_in(hand: &TileCounts, red: &[u8; 3], p: Pai, n: u8) -> bool {
    let Some(t) = p.tile() else { return false };
    let i = t.index();
    if p.is_red() {
        red[i / 9] >= n && hand[i] >= n
    } else {
        let r = if t.is_five() { red[i / 9] } else { 0 };
        hand[i] >= r + n
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
    let w = concealed_waits(&after);
    !w.is_empty() && w == before
}

#[cfg(test)]
mod tests;

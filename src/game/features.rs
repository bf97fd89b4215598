//! A fixed-size numeric encoding of an [`Observation`], for learning agents.
//!
//! Two arrays, both built only from what the seat may know:
//! - `tiles`: [`PLANES`] planes of 34 values (`u8`), one value per tile kind
//!   in index order 1m–9m, 1p–9p, 1s–9s, 1z–7z;
//! - `scalars`: [`SCALARS`] integers (`i32`, units below).
//!
//! Seats are relative to the observing seat: 0 = itself, 1 = the next in
//! turn order (shimocha, on its right), 2 = across (toimen), 3 = its left
//! (kamicha).
//!
//! Each plane and scalar is documented on [`Features`].

use super::observation::{last_tile, Observation};
use super::pai::Pai;
use super::seat_index::SeatIndex;
use super::state::{Phase, RiichiState, State};
use crate::tile::{TileCounts, KINDS};

/// Number of 34-value planes in [`Features::tiles`].
pub const PLANES: usize = 19;

/// Number of values in [`Features::scalars`].
pub const SCALARS: usize = 19;

/// The encoding of one observation, built only from what the seat may know.
/// Seats are relative to the observing seat (0 itself, 1 on its right, 2
/// across, 3 on its left).
///
/// | plane | meaning (value per tile kind) |
/// |---|---|
/// | 0 | own concealed tiles, drawn tile included (count 0–4) |
/// | 1 | own red fives (1 on 5m/5p/5s when held) |
/// | 2 | own drawn tile (1 on its kind) |
/// | 3–6 | tiles in the melds of relative seat 0–3 (count) |
/// | 7–10 | discards of relative seat 0–3, called ones included (count) |
/// | 11–14 | the riichi declaration tile of relative seat 0–3 (1) |
/// | 15 | dora indicators (count) |
/// | 16 | dora, the tiles the indicators point to (count) |
/// | 17 | the discard or kan tile that may be called or robbed now (1) |
/// | 18 | copies not visible to the seat: 4 − own hand − rivers − melds − indicators |
///
/// | scalar | meaning |
/// |---|---|
/// | 0 | own seat wind (0 East … 3 North) |
/// | 1 | round wind (0 East … 3 North) |
/// | 2 | dealer number within the wind (1–4) |
/// | 3 | honba |
/// | 4 | riichi sticks on the table (a count) |
/// | 5–8 | scores of relative seat 0–3, in points |
/// | 9–12 | relative seat 0–3 is in riichi (0 or 1) |
/// | 13–16 | concealed tiles of relative seat 0–3 (a count) |
/// | 17 | tiles left in the live wall |
/// | 18 | the relative seat whose tile may be called now, −1 when none |
///
/// ```
/// use tenpai::game::{Event, Features, Observation, State, PLANES};
/// let mut s = State::new(tenpai::rules::Rules::tenhou());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "9m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5pr 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// let f = Features::of(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]));
/// assert_eq!(f.tiles.len(), PLANES * 34);
/// assert_eq!(f.plane(0)[27], 3); // three East
/// assert_eq!(f.plane(1)[13], 1); // the red 5p
/// assert_eq!(f.plane(16)[0], 1); // indicator 9m: dora 1m
/// assert_eq!(f.scalars[5], 25000);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Features {
    /// [`PLANES`] × 34 values, plane after plane.
    pub tiles: [u8; PLANES * KINDS],
    /// [`SCALARS`] values.
    pub scalars: [i32; SCALARS],
}

impl Features {
    /// The encoding of `obs`.
    ///
    /// # Panics
    /// Never.
    pub fn of(obs: &Observation) -> Features {
        let mut f = Features {
            tiles: [0; PLANES * KINDS],
            scalars: [0; SCALARS],
        };
        Features::write(obs, &mut f.tiles, &mut f.scalars);
        f
    }

    /// Writes the encoding of `obs` into `tiles` (plane after plane) and
    /// `scalars`, overwriting every value, without allocating. Afterwards
    /// they equal [`Features::of`]`(obs)`'s arrays.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Features, Observation, State, PLANES, SCALARS};
    /// let obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), tenpai::game::SeatIndex::ALL[1]);
    /// let (mut tiles, mut scalars) = ([9u8; PLANES * 34], [9i32; SCALARS]);
    /// Features::write(&obs, &mut tiles, &mut scalars);
    /// assert_eq!((tiles, scalars), (Features::of(&obs).tiles, Features::of(&obs).scalars));
    /// ```
    pub fn write(
        obs: &Observation,
        tiles: &mut [u8; PLANES * KINDS],
        scalars: &mut [i32; SCALARS],
    ) {
        encode(obs, tiles, scalars);
    }

    /// Writes the encoding of what `seat` (0–3) sees of `state` — the same
    /// values as [`Features::of`]`(&`[`Observation::of`]`(state, seat))` —
    /// straight from the state, without building the observation or
    /// allocating: what a batch of games ([`crate::batch::VecGame`]) writes
    /// into its output rows.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Features, Game, Observation, SeatIndex, PLANES, SCALARS};
    /// let g = Game::new(&tenpai::rules::Rules::tenhou(), 5, false)?;
    /// let (mut tiles, mut scalars) = ([0u8; PLANES * 34], [0i32; SCALARS]);
    /// let s2 = SeatIndex::ALL[2];
    /// Features::write_seen_by(g.state(), s2, &mut tiles, &mut scalars);
    /// let f = Features::of(&Observation::of(g.state(), s2));
    /// assert_eq!((tiles, scalars), (f.tiles, f.scalars));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn write_seen_by(
        state: &State,
        seat: SeatIndex,
        tiles: &mut [u8; PLANES * KINDS],
        scalars: &mut [i32; SCALARS],
    ) {
        let seat = seat.get();
        encode(&SeenBy { state, seat }, tiles, scalars);
    }

    /// Plane `p` (0 ≤ p < [`PLANES`]): 34 values.
    ///
    /// # Panics
    /// When `p >= PLANES`.
    pub fn plane(&self, p: usize) -> &[u8] {
        &self.tiles[p * KINDS..(p + 1) * KINDS]
    }
}

/// What the encoding reads of one seat's view: an [`Observation`], or the
/// state itself seen by a seat ([`SeenBy`]), which reads the same values
/// ([`Observation::of`]) without copying them.
trait Seen {
    /// Seat, dealer, round wind (0–3), dealer number, honba, riichi sticks,
    /// tiles left in the live wall.
    fn header(&self) -> [u8; 7];
    fn scores(&self) -> [i32; 4];
    /// Own concealed tiles (drawn tile included) as counts, and the red
    /// fives among them per suit.
    fn hand(&self) -> (TileCounts, [u8; 3]);
    fn drawn(&self) -> Option<Pai>;
    fn hand_size(&self, seat: u8) -> u8;
    fn meld_counts(&self, seat: u8) -> TileCounts;
    /// The seat's river as counts by kind: every discard (called ones too),
    /// the called ones, and the riichi declaration tile's count by kind.
    fn river_counts(&self, seat: u8) -> [TileCounts; 3];
    fn riichi(&self, seat: u8) -> bool;
    fn dora_indicators(&self) -> &[Pai];
    fn last_tile(&self) -> Option<(u8, Pai)>;
    /// The copies of each kind the seat does not see (plane 18), when the
    /// view can tell them without summing what it sees.
    fn not_seen(&self) -> Option<TileCounts>;
}

impl Seen for Observation {
    fn header(&self) -> [u8; 7] {
        let o = self;
        [
            o.seat.get(),
            o.dealer.get(),
            o.round_wind as u8,
            o.kyoku,
            o.honba,
            u8::try_from(o.kyoutaku).unwrap_or(u8::MAX),
            o.live_left,
        ]
    }
    fn scores(&self) -> [i32; 4] {
        self.scores
    }
    fn hand(&self) -> (TileCounts, [u8; 3]) {
        Pai::counts(&self.hand)
    }
    fn drawn(&self) -> Option<Pai> {
        self.drawn
    }
    fn hand_size(&self, seat: u8) -> u8 {
        self.hand_sizes[seat as usize]
    }
    fn meld_counts(&self, seat: u8) -> TileCounts {
        let mut counts = [0; KINDS];
        for p in self.melds[seat as usize].iter().flat_map(|m| &m.tiles) {
            if let Some(t) = p.tile() {
                counts[t.index()] += 1;
            }
        }
        counts
    }
    fn river_counts(&self, seat: u8) -> [TileCounts; 3] {
        let mut counts = [[0; KINDS]; 3];
        for t in &self.rivers[seat as usize] {
            if let Some(k) = t.pai.tile() {
                let k = k.index();
                counts[0][k] += 1;
                counts[1][k] += u8::from(t.called);
                counts[2][k] += u8::from(t.riichi);
            }
        }
        counts
    }
    fn riichi(&self, seat: u8) -> bool {
        self.riichi[seat as usize]
    }
    fn dora_indicators(&self) -> &[Pai] {
        &self.dora_indicators
    }
    fn last_tile(&self) -> Option<(u8, Pai)> {
        self.last_tile.map(|(s, p)| (s.get(), p))
    }
    fn not_seen(&self) -> Option<TileCounts> {
        None
    }
}

/// The state as `seat` sees it: each value read as [`Observation::of`]
/// reads it.
struct SeenBy<'s> {
    state: &'s State,
    seat: u8,
}

impl Seen for SeenBy<'_> {
    fn header(&self) -> [u8; 7] {
        let (s, r) = (self.state, self.state.round());
        let (wind, live) = (r.round_wind() as u8, s.live_left());
        [
            self.seat,
            r.dealer().get(),
            wind,
            r.kyoku(),
            r.honba(),
            u8::try_from(s.kyoutaku()).unwrap_or(u8::MAX),
            live,
        ]
    }
    fn scores(&self) -> [i32; 4] {
        self.state.scores()
    }
    fn hand(&self) -> (TileCounts, [u8; 3]) {
        let me = self.state.seat_at(self.seat);
        (*me.concealed(), me.red_fives())
    }
    fn drawn(&self) -> Option<Pai> {
        self.state.seat_at(self.seat).drawn()
    }
    fn hand_size(&self, seat: u8) -> u8 {
        self.state.seat_at(seat).len() as u8
    }
    fn meld_counts(&self, seat: u8) -> TileCounts {
        *self.state.seat_at(seat).meld_counts()
    }
    fn river_counts(&self, seat: u8) -> [TileCounts; 3] {
        *self.state.seat_at(seat).river_counts()
    }
    fn riichi(&self, seat: u8) -> bool {
        matches!(
            self.state.seat_at(seat).riichi(),
            RiichiState::Accepted { .. }
        )
    }
    fn dora_indicators(&self) -> &[Pai] {
        self.state.dora()
    }
    fn last_tile(&self) -> Option<(u8, Pai)> {
        last_tile(self.state).map(|(s, p)| (s.get(), p))
    }
    /// In a round every copy is in one place (the state's invariants, which
    /// [`State::check_invariants`] checks): what the seat does not see is
    /// the state's unseen tiles and the other seats' concealed ones (none
    /// in a seat's own state, which counts the hands it hides as unseen).
    fn not_seen(&self) -> Option<TileCounts> {
        let s = self.state;
        if matches!(s.phase(), Phase::BeforeGame | Phase::BetweenRounds) {
            return None;
        }
        let mut n = *s.unseen();
        for o in (0..4).filter(|&o| o != self.seat) {
            for (x, &h) in n.iter_mut().zip(s.seat_at(o).concealed()) {
                *x += h;
            }
        }
        Some(n)
    }
}

/// Adds one `pai` (a hidden tile adds nothing) to plane `plane`.
#[inline]
fn add(tiles: &mut [u8; PLANES * KINDS], plane: usize, pai: Pai) {
    if let Some(t) = pai.tile() {
        tiles[plane * KINDS + t.index()] += 1;
    }
}

/// Plane 18 from the planes written before it: 4 less what the seat sees —
/// the hand, every meld, the rivers less their called tiles (those are in
/// the melds), the indicators (`Observation::visible_tiles`).
fn not_seen_of(view: &impl Seen, tiles: &[u8; PLANES * KINDS]) -> TileCounts {
    // Discards that were called: counted in their river and in the meld.
    let mut called = [0u8; KINDS];
    for seat in 0..4u8 {
        for (c, &k) in called.iter_mut().zip(&view.river_counts(seat)[1]) {
            *c += k;
        }
    }
    // A kind's count never passes 4 + its called copies, far below 256.
    let mut seen = [0u8; KINDS];
    for p in [0, 3, 4, 5, 6, 7, 8, 9, 10, 15] {
        let plane = &tiles[p * KINDS..(p + 1) * KINDS];
        for (s, &v) in seen.iter_mut().zip(plane) {
            *s = s.wrapping_add(v);
        }
    }
    let mut unseen = [0u8; KINDS];
    for ((u, &s), &c) in unseen.iter_mut().zip(&seen).zip(&called) {
        *u = 4u8.saturating_sub(s.saturating_sub(c));
    }
    unseen
}

/// The encoding of `view` (every value overwritten).
///
/// Written for speed (a batch of games writes it at every decision): the
/// melds and the rivers as counts the state keeps as they grow
/// ([`crate::game::Seat::meld_counts`], [`crate::game::Seat::river_counts`]),
/// and plane 18 from the state's
/// unseen counts when it has them, else summed plane by plane (whole
/// 34-value rows the compiler adds as vectors) rather than kind by kind.
fn encode(view: &impl Seen, tiles: &mut [u8; PLANES * KINDS], scalars: &mut [i32; SCALARS]) {
    // Planes 0, 3–14 and 18 are copied whole below; the others are set
    // value by value, on zeros.
    tiles[KINDS..3 * KINDS].fill(0);
    tiles[15 * KINDS..18 * KINDS].fill(0);
    let [me, dealer, round_wind, kyoku, honba, kyoutaku, live_left] = view.header();
    let rel = |seat: u8| (seat + 4 - me) % 4;
    let (hand, red) = view.hand();
    tiles[..KINDS].copy_from_slice(&hand);
    for (suit, &r) in red.iter().enumerate() {
        if r > 0 {
            tiles[KINDS + suit * 9 + 4] = 1;
        }
    }
    if let Some(t) = view.drawn().and_then(|d| d.tile()) {
        tiles[2 * KINDS + t.index()] = 1;
    }
    let scores = view.scores();
    for seat in 0..4u8 {
        let r = rel(seat) as usize;
        tiles[(3 + r) * KINDS..(4 + r) * KINDS].copy_from_slice(&view.meld_counts(seat));
        let [river, _, riichi] = view.river_counts(seat);
        tiles[(7 + r) * KINDS..(8 + r) * KINDS].copy_from_slice(&river);
        tiles[(11 + r) * KINDS..(12 + r) * KINDS].copy_from_slice(&riichi);
        scalars[5 + r] = scores[seat as usize];
        scalars[9 + r] = i32::from(view.riichi(seat));
        scalars[13 + r] = i32::from(view.hand_size(seat));
    }
    for &p in view.dora_indicators() {
        add(tiles, 15, p);
        if let Some(t) = p.tile() {
            add(tiles, 16, Pai::from(t.dora_of_indicator()));
        }
    }
    let last = view.last_tile();
    if let Some((_, p)) = last {
        add(tiles, 17, p);
    }
    let unseen = view.not_seen().unwrap_or_else(|| not_seen_of(view, tiles));
    tiles[18 * KINDS..19 * KINDS].copy_from_slice(&unseen);
    scalars[0] = i32::from((me + 4 - dealer) % 4);
    scalars[1] = i32::from(round_wind);
    scalars[2] = i32::from(kyoku);
    scalars[3] = i32::from(honba);
    scalars[4] = i32::from(kyoutaku);
    scalars[17] = i32::from(live_left);
    scalars[18] = last.map_or(-1, |(s, _)| i32::from(rel(s)));
}

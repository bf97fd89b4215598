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

use super::observation::Observation;
use super::pai::Pai;
use crate::score::dora_of;
use crate::tile::KINDS;

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
/// s.apply(&Event::StartGame { names: vec![], seed: None })?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     bakaze: "E".parse()?, kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
///     dora_marker: "9m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5pr 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// let f = Features::of(&Observation::of(&s, 0));
/// assert_eq!(f.tiles.len(), PLANES * 34);
/// assert_eq!(f.plane(0)[27], 3); // three East
/// assert_eq!(f.plane(1)[13], 1); // the red 5p
/// assert_eq!(f.plane(16)[0], 1); // indicator 9m: dora 1m
/// assert_eq!(f.scalars[5], 25000);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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
        f.fill(obs);
        f
    }

    /// Plane `p` (0 ≤ p < [`PLANES`]): 34 values.
    ///
    /// # Panics
    /// When `p >= PLANES`.
    pub fn plane(&self, p: usize) -> &[u8] {
        &self.tiles[p * KINDS..(p + 1) * KINDS]
    }

    fn add(&mut self, plane: usize, pai: Pai) {
        if let Some(t) = pai.tile() {
            self.tiles[plane * KINDS + t.index()] += 1;
        }
    }

    fn fill(&mut self, obs: &Observation) {
        let me = obs.seat;
        let rel = |seat: u8| (seat + 4 - me) % 4;
        for &p in &obs.hand {
            self.add(0, p);
            if p.is_red() {
                self.tiles[KINDS + p.index()] = 1;
            }
        }
        if let Some(d) = obs.drawn {
            self.tiles[2 * KINDS + d.index()] = 1;
        }
        for seat in 0..4u8 {
            let r = rel(seat) as usize;
            for m in &obs.melds[seat as usize] {
                for &p in &m.tiles {
                    self.add(3 + r, p);
                }
            }
            for t in &obs.rivers[seat as usize] {
                self.add(7 + r, t.pai);
                if t.riichi {
                    self.add(11 + r, t.pai);
                }
            }
            self.scalars[5 + r] = obs.scores[seat as usize];
            self.scalars[9 + r] = i32::from(obs.riichi[seat as usize]);
            self.scalars[13 + r] = i32::from(obs.hand_sizes[seat as usize]);
        }
        for &p in &obs.dora_indicators {
            self.add(15, p);
            if let Some(t) = p.tile() {
                self.add(16, Pai::from(dora_of(t)));
            }
        }
        if let Some((_, p)) = obs.last_tile {
            self.add(17, p);
        }
        let mut seen = [0u8; KINDS];
        for p in obs.visible_tiles() {
            if let Some(t) = p.tile() {
                seen[t.index()] += 1;
            }
        }
        for (i, &s) in seen.iter().enumerate() {
            self.tiles[18 * KINDS + i] = 4u8.saturating_sub(s);
        }
        self.scalars[0] = i32::from((me + 4 - obs.oya) % 4);
        self.scalars[1] = i32::from(obs.bakaze);
        self.scalars[2] = i32::from(obs.kyoku);
        self.scalars[3] = i32::from(obs.honba);
        self.scalars[4] = i32::from(obs.kyotaku);
        self.scalars[17] = i32::from(obs.live_left);
        self.scalars[18] = obs.last_tile.map_or(-1, |(s, _)| i32::from(rel(s)));
    }
}

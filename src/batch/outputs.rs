//! Where a batch of games writes what it returns: [`Outputs`], one row per
//! game in flat slices (the layout of C-ordered NumPy arrays), and
//! [`Buffers`], owned vectors of that layout for Rust callers.

use super::BatchError;
use crate::game::{ACTION_SPACE, PLANES, SCALARS};
use crate::tile::KINDS;

/// Room for the legal action indices of one decision in [`Outputs::legal`].
/// No decision has more than 33 (14 discards, 14 riichi discards, 3 closed
/// kans, tsumo, nine terminals); a game that listed more would be refused as
/// an engine bug ([`BatchError::Game`]).
pub const MAX_LEGAL: usize = 40;

/// Values per row of [`Outputs::tiles`]: `PLANES` × 34.
pub const TILE_VALUES: usize = PLANES * KINDS;

/// The output rows of a batch of `n` games, each slice `n` rows long, row
/// `i` for game `i`, rows in order (C order).
///
/// | field | values per row | type | meaning |
/// |---|---|---|---|
/// | `seat` | 1 | `i8` | the seat to act (0–3) |
/// | `tiles` | [`PLANES`] × 34 | `u8` | that seat's [`crate::game::Features::tiles`] |
/// | `scalars` | [`SCALARS`] | `i32` | that seat's [`crate::game::Features::scalars`] |
/// | `mask` | [`ACTION_SPACE`] | `bool` | true at its legal action indices |
/// | `legal` | [`MAX_LEGAL`] | `i16` | its legal action indices ascending, then −1 |
/// | `legal_count` | 1 | `i16` | how many: the entries of `legal` before its −1s |
/// | `reward` | 4 | `f32` | by seat: what the step's round and game ends gave ([`super::Reward`]) |
/// | `done` | 1 | `bool` | the game ended in the step; the row now holds the next game |
/// | `round_over` | 1 | `bool` | a round ended in the step |
/// | `seed` | 1 | `u64` | the wall seed of the game in the row |
/// | `final_scores` | 4 | `i32` | where `done`: the ended game's final scores by seat (points; leftover riichi sticks to the first); else 0 |
#[derive(Debug)]
#[allow(missing_docs)] // each field is described in the table above
pub struct Outputs<'a> {
    pub seat: &'a mut [i8],
    pub tiles: &'a mut [u8],
    pub scalars: &'a mut [i32],
    pub mask: &'a mut [bool],
    pub legal: &'a mut [i16],
    pub legal_count: &'a mut [i16],
    pub reward: &'a mut [f32],
    pub done: &'a mut [bool],
    pub round_over: &'a mut [bool],
    pub seed: &'a mut [u64],
    pub final_scores: &'a mut [i32],
}

/// One game's row of [`Outputs`].
pub(crate) struct Row<'r> {
    pub seat: &'r mut i8,
    pub tiles: &'r mut [u8; TILE_VALUES],
    pub scalars: &'r mut [i32; SCALARS],
    pub mask: &'r mut [bool; ACTION_SPACE],
    pub legal: &'r mut [i16; MAX_LEGAL],
    pub legal_count: &'r mut i16,
    pub reward: &'r mut [f32; 4],
    pub done: &'r mut bool,
    pub round_over: &'r mut bool,
    pub seed: &'r mut u64,
    pub final_scores: &'r mut [i32; 4],
}

/// The rows of `v`, `N` values a row.
fn rows<T, const N: usize>(v: &mut [T]) -> impl Iterator<Item = &mut [T; N]> {
    v.chunks_exact_mut(N)
        .map(|r| r.try_into().expect("a row of N values"))
}

impl<'a> Outputs<'a> {
    /// The number of values per row of each field, by name.
    const WIDTHS: [(&'static str, usize); 11] = [
        ("seat", 1),
        ("tiles", TILE_VALUES),
        ("scalars", SCALARS),
        ("mask", ACTION_SPACE),
        ("legal", MAX_LEGAL),
        ("legal_count", 1),
        ("reward", 4),
        ("done", 1),
        ("round_over", 1),
        ("seed", 1),
        ("final_scores", 4),
    ];

    /// The slices' lengths, in the order of [`Outputs::WIDTHS`].
    fn lens(&self) -> [usize; 11] {
        [
            self.seat.len(),
            self.tiles.len(),
            self.scalars.len(),
            self.mask.len(),
            self.legal.len(),
            self.legal_count.len(),
            self.reward.len(),
            self.done.len(),
            self.round_over.len(),
            self.seed.len(),
            self.final_scores.len(),
        ]
    }

    /// Checks that every slice holds `n` rows.
    ///
    /// # Errors
    /// [`BatchError::Buffer`] naming the first slice of another length.
    ///
    /// # Panics
    /// Never.
    pub fn check(&self, n: usize) -> Result<(), BatchError> {
        for ((name, width), got) in Outputs::WIDTHS.iter().zip(self.lens()) {
            let expected = n.saturating_mul(*width);
            if got != expected {
                return Err(BatchError::Buffer {
                    name,
                    expected,
                    got,
                });
            }
        }
        Ok(())
    }

    /// Rows `..k` and rows `k..` (the slices must hold at least `k` rows).
    pub(crate) fn split_at(self, k: usize) -> (Outputs<'a>, Outputs<'a>) {
        let (seat, seat2) = self.seat.split_at_mut(k);
        let (tiles, tiles2) = self.tiles.split_at_mut(k * TILE_VALUES);
        let (scalars, scalars2) = self.scalars.split_at_mut(k * SCALARS);
        let (mask, mask2) = self.mask.split_at_mut(k * ACTION_SPACE);
        let (legal, legal2) = self.legal.split_at_mut(k * MAX_LEGAL);
        let (legal_count, legal_count2) = self.legal_count.split_at_mut(k);
        let (reward, reward2) = self.reward.split_at_mut(k * 4);
        let (done, done2) = self.done.split_at_mut(k);
        let (round_over, round_over2) = self.round_over.split_at_mut(k);
        let (seed, seed2) = self.seed.split_at_mut(k);
        let (final_scores, final_scores2) = self.final_scores.split_at_mut(k * 4);
        (
            Outputs {
                seat,
                tiles,
                scalars,
                mask,
                legal,
                legal_count,
                reward,
                done,
                round_over,
                seed,
                final_scores,
            },
            Outputs {
                seat: seat2,
                tiles: tiles2,
                scalars: scalars2,
                mask: mask2,
                legal: legal2,
                legal_count: legal_count2,
                reward: reward2,
                done: done2,
                round_over: round_over2,
                seed: seed2,
                final_scores: final_scores2,
            },
        )
    }

    /// The rows in order, as many as the shortest slice holds (all of them
    /// after [`Outputs::check`]): zipped chunks, with no index arithmetic
    /// or bounds check per field and row.
    pub(crate) fn rows(&mut self) -> impl Iterator<Item = Row<'_>> {
        let fields = self.seat.iter_mut().zip(rows(self.tiles));
        let fields = fields.zip(rows(self.scalars)).zip(rows(self.mask));
        let fields = fields
            .zip(rows(self.legal))
            .zip(self.legal_count.iter_mut());
        let fields = fields.zip(rows(self.reward)).zip(self.done.iter_mut());
        let fields = fields
            .zip(self.round_over.iter_mut())
            .zip(self.seed.iter_mut());
        let fields = fields.zip(rows(self.final_scores));
        fields.map(
            |(
                (
                    (
                        (((((((seat, tiles), scalars), mask), legal), legal_count), reward), done),
                        round_over,
                    ),
                    seed,
                ),
                final_scores,
            )| Row {
                seat,
                tiles,
                scalars,
                mask,
                legal,
                legal_count,
                reward,
                done,
                round_over,
                seed,
                final_scores,
            },
        )
    }
}

/// Owned output rows for `n` games, laid out as [`Outputs`] describes (the
/// same fields, as vectors); [`Buffers::outputs`] lends them to
/// [`super::VecGame::step`].
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)] // each field is described on `Outputs`
pub struct Buffers {
    pub seat: Vec<i8>,
    pub tiles: Vec<u8>,
    pub scalars: Vec<i32>,
    pub mask: Vec<bool>,
    pub legal: Vec<i16>,
    pub legal_count: Vec<i16>,
    pub reward: Vec<f32>,
    pub done: Vec<bool>,
    pub round_over: Vec<bool>,
    pub seed: Vec<u64>,
    pub final_scores: Vec<i32>,
}

impl Buffers {
    /// Zeroed rows for `n` games.
    ///
    /// # Panics
    /// When the buffers do not fit in memory.
    ///
    /// ```
    /// let b = tenpai::batch::Buffers::new(3);
    /// assert_eq!(b.mask.len(), 3 * tenpai::game::ACTION_SPACE);
    /// ```
    pub fn new(n: usize) -> Buffers {
        Buffers {
            seat: vec![0; n],
            tiles: vec![0; n * TILE_VALUES],
            scalars: vec![0; n * SCALARS],
            mask: vec![false; n * ACTION_SPACE],
            legal: vec![0; n * MAX_LEGAL],
            legal_count: vec![0; n],
            reward: vec![0.0; n * 4],
            done: vec![false; n],
            round_over: vec![false; n],
            seed: vec![0; n],
            final_scores: vec![0; n * 4],
        }
    }

    /// The rows, lent as [`Outputs`].
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            seat: &mut self.seat,
            tiles: &mut self.tiles,
            scalars: &mut self.scalars,
            mask: &mut self.mask,
            legal: &mut self.legal,
            legal_count: &mut self.legal_count,
            reward: &mut self.reward,
            done: &mut self.done,
            round_over: &mut self.round_over,
            seed: &mut self.seed,
            final_scores: &mut self.final_scores,
        }
    }

    /// Game `i`'s legal action indices (the first `legal_count[i]` of its
    /// row of `legal`).
    ///
    /// # Panics
    /// When `i` is not a game of the buffers.
    pub fn legal_of(&self, i: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let count = usize::try_from(self.legal_count[i]).map_or(0, |c| c.min(MAX_LEGAL));
        self.legal[i * MAX_LEGAL..i * MAX_LEGAL + count]
            .iter()
            .map(|&a| a as usize)
    }
}

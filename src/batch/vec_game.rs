//! [`VecGame`]: `n` seeded games stepped together.

use super::helpers::Helpers;
use super::outputs::{Outputs, Row};
use super::slot::Slot;
use super::BatchError;
use crate::ai::mc::{Budget, Settings};
use crate::arena::PlayerKind;
use crate::game::{Game, GameError, Observation, SeatIndex, State};
use crate::rules::Rules;

/// What [`Outputs::reward`] gives each seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reward {
    /// At each round end, the seat's score change over the round, in
    /// thousands of points (riichi sticks paid and won included); at the
    /// game end, the last round's change with the leftover riichi sticks
    /// to the first. A game's rewards add up to its final score minus the
    /// start score, over 1000.
    Points,
    /// 0 until the game ends; then 1, 1/3, −1/3 or −1 for finishing first
    /// to fourth (ties by seat order, [`crate::game::ranking`]).
    Rank,
}

impl std::str::FromStr for Reward {
    type Err = BatchError;

    /// `points` or `rank`.
    ///
    /// ```
    /// use tenpai::batch::Reward;
    /// assert_eq!("rank".parse::<Reward>()?, Reward::Rank);
    /// assert!("score".parse::<Reward>().is_err());
    /// # Ok::<(), tenpai::batch::BatchError>(())
    /// ```
    fn from_str(s: &str) -> Result<Reward, BatchError> {
        match s {
            "points" => Ok(Reward::Points),
            "rank" => Ok(Reward::Rank),
            other => Err(BatchError::Settings(format!(
                "reward {other:?}: expected \"points\" or \"rank\""
            ))),
        }
    }
}

/// The most games a [`VecGame`] holds: 16,384. A row costs about 16 kB
/// when made (its game, built-in players, scratch view and the Python
/// package's arrays: `tenpai.VecGame(65536)` grew by 15,956 bytes a game)
/// and 0.5–0.8 MB once its games are under way (the game in progress and
/// the last finished one keep their event logs: the resident memory of 64
/// rows settles at 533 KiB a row after 20,000 steps of east-south games,
/// of 1,024 rows on two threads at about 700 KiB; 64 rows after 100,000
/// steps 0.78 MB a row, the longest games' logs), so the largest batch
/// needs 8–13 GB and fits a machine that trains; a larger `n` is refused
/// before anything is allocated. (Two cores are busiest at about 256 rows:
/// docs/python-speed.md.)
pub const MAX_GAMES: usize = 16_384;

/// Rows per chunk: each chunk is stepped by one thread with its own scratch
/// view.
const CHUNK: usize = 16;

/// `n` seeded games, each waiting for a seat the caller plays; see the
/// [module](super) docs.
pub struct VecGame {
    rules: Rules,
    seats: [Option<PlayerKind>; 4],
    reward: Reward,
    slots: Vec<Slot>,
    /// Each row's checked action index (a reused buffer).
    actions: Vec<usize>,
    /// Scratch views, one per chunk of [`CHUNK`] rows: a thread refreshes
    /// one view, which stays in its cache, rather than one per seat and game.
    views: Vec<Observation>,
    /// Rows from which the games are dealt on all cores.
    parallel_from: usize,
    /// The threads that step rows beside the caller's: [`helper_count`].
    helpers: Helpers,
}

impl VecGame {
    /// `n` games, row `i` dealt from wall seed `seed + i` (wrapping), each
    /// run on to the first decision of a seat the caller plays. `seats[s]`
    /// is `None` for a seat the caller plays, else the built-in player of
    /// that seat (random, baseline or Monte Carlo, seeded with
    /// [`crate::arena::seat_seed`] of the game's seed, as self-play seeds
    /// them).
    ///
    /// From 128 rows (2 with a Monte Carlo seat) the steps are shared, a
    /// chunk of 16 rows at a time, between the calling thread and helper
    /// threads started here: one per chunk after the first, at most one
    /// fewer than the rayon pool the batch is made in has threads (all
    /// cores, or `RAYON_NUM_THREADS`), so a batch of one chunk has none.
    /// They end when the batch is dropped; in a process forked from the
    /// one that made the batch (Python's `multiprocessing`), the calling
    /// thread does all the work. The outputs do not depend on the number
    /// of threads, except after a [`BatchError::Game`] (an engine bug):
    /// the error is the same, but alone, a step stops at the failing row,
    /// while shared, the other threads' chunks are stepped, so the rows'
    /// games then differ.
    ///
    /// # Errors
    /// [`BatchError::Settings`] for `n` = 0 or above [`MAX_GAMES`], no seat
    /// left to the caller, an external bot ([`PlayerKind::Cmd`]) at a seat,
    /// a Monte Carlo player on the clock ([`Budget::Time`]: its choices
    /// would depend on the machine's speed, so a row's games would not
    /// replay from their seeds; a rollout count, [`Budget::Samples`], is
    /// deterministic), or a player [`PlayerKind::check`] refuses (a Monte
    /// Carlo player without a budget);
    /// [`BatchError::Game`] for an engine bug.
    ///
    /// # Panics
    /// Never.
    pub fn new(
        rules: &Rules,
        n: usize,
        seed: u64,
        seats: [Option<PlayerKind>; 4],
        reward: Reward,
    ) -> Result<VecGame, BatchError> {
        if n == 0 {
            return Err(BatchError::Settings("n: expected at least one game".into()));
        }
        if n > MAX_GAMES {
            return Err(BatchError::Settings(format!(
                "n {n}: expected at most {MAX_GAMES} games"
            )));
        }
        for (s, k) in seats.iter().enumerate() {
            if let Some(Err(e)) = k.as_ref().map(PlayerKind::check) {
                return Err(BatchError::Settings(format!("seat {s}: {e}")));
            }
        }
        if let Some((s, t)) = seats.iter().enumerate().find_map(|(s, k)| match k {
            Some(PlayerKind::Mc(Settings {
                budget: Budget::Time(t),
                ..
            })) => Some((s, *t)),
            _ => None,
        }) {
            return Err(BatchError::Settings(format!(
                "seat {s}: a Monte Carlo player on the clock ({} ms a decision) would make \
                 games that do not replay from their seeds; give it a rollout count (samples)",
                t.as_millis()
            )));
        }
        if seats.iter().all(Option::is_some) {
            return Err(BatchError::Settings(
                "seats: every seat has a built-in player; leave at least one to the caller".into(),
            ));
        }
        if let Some(s) = seats
            .iter()
            .position(|k| matches!(k, Some(PlayerKind::Cmd { .. })))
        {
            return Err(BatchError::Settings(format!(
                "seat {s}: an external bot cannot play in a batch (random, baseline or mc)"
            )));
        }
        let mc = seats.iter().any(|k| matches!(k, Some(PlayerKind::Mc(_))));
        // A Monte Carlo decision takes milliseconds: two rows pay for a
        // thread; otherwise a row's step is about a microsecond.
        let parallel_from = if mc { 2 } else { 128 };
        let helpers = helper_count(n, parallel_from, rayon::current_num_threads());
        let mut v = VecGame {
            rules: rules.clone(),
            seats,
            reward,
            slots: Vec::new(),
            actions: vec![0; n],
            views: vec![
                Observation::of(&State::new(rules.clone()), SeatIndex::ALL[0]);
                n.div_ceil(CHUNK)
            ],
            parallel_from,
            helpers: Helpers::new(helpers),
        };
        let seeds: Vec<u64> = (0..n).map(|i| seed.wrapping_add(i as u64)).collect();
        v.slots = deal(&v.rules, &v.seats, &seeds, &mut v.views, v.parallel_from)?;
        Ok(v)
    }

    /// The number of games (rows).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never true: a batch has at least one game.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The built-in player of each seat (`None`: the caller's seat).
    pub fn seats(&self) -> &[Option<PlayerKind>; 4] {
        &self.seats
    }

    /// The rules the games are played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The reward the rows report.
    pub fn reward(&self) -> Reward {
        self.reward
    }

    /// The game now in row `i` (every event so far: [`Game::events`]);
    /// `None` past the rows.
    pub fn game(&self, i: usize) -> Option<&Game<'static>> {
        self.slots.get(i).map(|s| &s.game)
    }

    /// The wall seed of the game now in row `i`; `None` past the rows.
    pub fn seed(&self, i: usize) -> Option<u64> {
        self.slots.get(i).map(|s| s.seed)
    }

    /// The last game that ended in row `i` (whole, `end_game` recorded),
    /// kept until the row's next game ends; `None` before the first or past
    /// the rows.
    pub fn finished(&self, i: usize) -> Option<&Game<'static>> {
        self.slots.get(i).and_then(|s| s.finished.as_ref())
    }

    /// Starts every row again: with `seed`, row `i` plays the game of wall
    /// seed `seed + i` (as [`VecGame::new`]); without, each row its next
    /// game (`seed + i + k·n` for its `k`-th). Pending rewards are dropped;
    /// the games that were in progress are not kept as
    /// [`VecGame::finished`]. Then writes the decisions as
    /// [`VecGame::observe`] does.
    ///
    /// # Errors
    /// [`BatchError::Buffer`] for an output of the wrong length (nothing is
    /// changed then); [`BatchError::Game`] for an engine bug.
    ///
    /// # Panics
    /// Never.
    pub fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) -> Result<(), BatchError> {
        out.check(self.len())?;
        let n = self.len() as u64;
        let seeds: Vec<u64> = match seed {
            Some(seed) => (0..n).map(|i| seed.wrapping_add(i)).collect(),
            None => self.slots.iter().map(|s| s.seed.wrapping_add(n)).collect(),
        };
        // rayon's threads, too, do not exist in a forked child.
        let parallel_from = match self.helpers.forked() {
            true => usize::MAX,
            false => self.parallel_from,
        };
        self.slots = deal(
            &self.rules,
            &self.seats,
            &seeds,
            &mut self.views,
            parallel_from,
        )?;
        self.observe(out)
    }

    /// Writes what each row waits for into `out`, changing no game: the
    /// seat, its features and legal actions, the seed; rewards 0, `done`,
    /// `round_over` false, `final_scores` 0.
    ///
    /// # Errors
    /// [`BatchError::Buffer`] for an output of the wrong length;
    /// [`BatchError::Game`] for an engine bug.
    ///
    /// # Panics
    /// Never.
    pub fn observe(&mut self, mut out: Outputs<'_>) -> Result<(), BatchError> {
        out.check(self.len())?;
        for (i, (slot, mut row)) in self.slots.iter_mut().zip(out.rows()).enumerate() {
            row.reward.fill(0.0);
            row.final_scores.fill(0);
            *row.done = false;
            *row.round_over = false;
            slot.write_decision(&mut row)
                .map_err(|source| BatchError::Game { game: i, source })?;
        }
        Ok(())
    }

    /// Plays `actions[i]` (an action index, [`crate::game::action_index`])
    /// for the seat row `i` waits for, runs each game on to the next
    /// decision of a seat the caller plays (built-in seats play inside),
    /// starts the row's next game where one ends, and writes every row of
    /// `out` (see [`Outputs`]).
    ///
    /// Every action is checked before any game moves: a refused step
    /// changes no game.
    ///
    /// # Errors
    /// [`BatchError::Actions`] unless there is one action per row;
    /// [`BatchError::Buffer`] for an output of the wrong length;
    /// [`BatchError::Action`] for the first row whose action is not a legal
    /// index for its seat (out of range, negative, or not legal now);
    /// [`BatchError::Game`] for an engine bug.
    ///
    /// # Panics
    /// Never.
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), BatchError> {
        let n = self.len();
        if actions.len() != n {
            return Err(BatchError::Actions {
                expected: n,
                got: actions.len(),
            });
        }
        out.check(n)?;
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            self.actions[i] = slot.check(a).map_err(|reason| BatchError::Action {
                game: i,
                action: a,
                reason,
            })?;
        }
        let rows = Rows {
            first: 0,
            slots: &mut self.slots,
            actions: &self.actions,
            views: &mut self.views,
            out,
        };
        let ctx = Ctx {
            rules: &self.rules,
            seats: &self.seats,
            reward: self.reward,
            n: n as u64,
        };
        if self.helpers.len() > 0 {
            rows.step_shared(&ctx, &mut self.helpers)
        } else {
            rows.step(&ctx)
        }
    }
}

/// The helper threads of a batch of `n` rows, shared from `parallel_from`
/// rows, made in a rayon pool of `threads`: one per chunk of [`CHUNK`] rows
/// after the caller's, at most `threads - 1` (a helper without a chunk
/// would only be woken at each step for nothing).
fn helper_count(n: usize, parallel_from: usize, threads: usize) -> usize {
    if n < parallel_from {
        return 0;
    }
    threads.min(n.div_ceil(CHUNK)).saturating_sub(1)
}

/// The games of these seeds, a chunk of [`CHUNK`] games a thread from
/// `parallel_from` games.
fn deal(
    rules: &Rules,
    seats: &[Option<PlayerKind>; 4],
    seeds: &[u64],
    views: &mut [Observation],
    parallel_from: usize,
) -> Result<Vec<Slot>, BatchError> {
    let chunk = |(c, (seeds, view)): (usize, (&[u64], &mut Observation))| {
        let mut slots = Vec::with_capacity(seeds.len());
        for (k, &seed) in seeds.iter().enumerate() {
            let slot = Slot::new(rules, seats, seed, view).map_err(|source| BatchError::Game {
                game: c * CHUNK + k,
                source,
            })?;
            slots.push(slot);
        }
        Ok(slots)
    };
    let chunks: Vec<Vec<Slot>> = if seeds.len() >= parallel_from {
        use rayon::prelude::*;
        let pairs = seeds.par_chunks(CHUNK).zip(views.par_iter_mut());
        pairs.enumerate().map(chunk).collect::<Result<_, _>>()?
    } else {
        let pairs = seeds.chunks(CHUNK).zip(views.iter_mut());
        pairs.enumerate().map(chunk).collect::<Result<_, _>>()?
    };
    Ok(chunks.into_iter().flatten().collect())
}

/// What every row's step reads.
struct Ctx<'c> {
    rules: &'c Rules,
    seats: &'c [Option<PlayerKind>; 4],
    reward: Reward,
    n: u64,
}

/// Consecutive rows, starting at a chunk's first row: their games,
/// actions, outputs, and a scratch view per chunk of [`CHUNK`] rows.
struct Rows<'r> {
    /// The number of the first row.
    first: usize,
    slots: &'r mut [Slot],
    actions: &'r [usize],
    views: &'r mut [Observation],
    out: Outputs<'r>,
}

impl<'r> Rows<'r> {
    /// Steps the rows on the calling thread.
    fn step(mut self, ctx: &Ctx<'_>) -> Result<(), BatchError> {
        let view = &mut self.views[0];
        let rows = self.slots.iter_mut().zip(self.actions).zip(self.out.rows());
        for (i, ((slot, &action), mut row)) in rows.enumerate() {
            let game = self.first + i;
            step_row(slot, action, ctx, &mut row, view)
                .map_err(|source| BatchError::Game { game, source })?;
        }
        Ok(())
    }

    /// Steps the rows on the calling thread and the helpers, a chunk of
    /// [`CHUNK`] rows at a time: the caller takes chunks from the front, the
    /// helpers from the back, so that each thread tends to step the same
    /// rows (in its cache) from one step to the next, and a helper that is
    /// slow to start leaves its rows to the caller. The error of the lowest
    /// row wins.
    fn step_shared(self, ctx: &Ctx<'_>, helpers: &mut Helpers) -> Result<(), BatchError> {
        use std::collections::VecDeque;
        use std::sync::Mutex;
        let mut chunks = VecDeque::with_capacity(self.views.len());
        let mut rest = self;
        while rest.views.len() > 1 {
            let (a, b) = rest.split_at(1);
            chunks.push_back(a);
            rest = b;
        }
        chunks.push_back(rest);
        let queue = Mutex::new(chunks);
        let error: Mutex<Option<(usize, BatchError)>> = Mutex::new(None);
        let work = |front: bool| loop {
            let next = {
                let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
                if front {
                    q.pop_front()
                } else {
                    q.pop_back()
                }
            };
            let Some(rows) = next else { break };
            let first = rows.first;
            if let Err(e) = rows.step(ctx) {
                let mut slot = error.lock().unwrap_or_else(|e| e.into_inner());
                if slot.as_ref().is_none_or(|(old, _)| first < *old) {
                    *slot = Some((first, e));
                }
            }
        };
        helpers.run(&work);
        match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }

    /// The first `chunks` chunks, and the rest.
    fn split_at(self, chunks: usize) -> (Rows<'r>, Rows<'r>) {
        let k = chunks * CHUNK;
        let (s1, s2) = self.slots.split_at_mut(k);
        let (p1, p2) = self.actions.split_at(k);
        let (v1, v2) = self.views.split_at_mut(chunks);
        let (o1, o2) = self.out.split_at(k);
        (
            Rows {
                first: self.first,
                slots: s1,
                actions: p1,
                views: v1,
                out: o1,
            },
            Rows {
                first: self.first + k,
                slots: s2,
                actions: p2,
                views: v2,
                out: o2,
            },
        )
    }
}

/// One row's step: the action, the rewards, the next game if this one
/// ended, and the decision the row waits for now.
fn step_row(
    slot: &mut Slot,
    action: usize,
    ctx: &Ctx<'_>,
    row: &mut Row<'_>,
    view: &mut Observation,
) -> Result<(), GameError> {
    slot.step(action, view)?;
    row.reward.fill(0.0);
    slot.take_reward(ctx.reward, row.reward);
    *row.round_over = slot.take_round_over();
    *row.done = slot.game.is_over();
    if *row.done {
        *row.final_scores = slot.game.state().scores();
        let next = slot.seed.wrapping_add(ctx.n);
        slot.restart(ctx.rules, ctx.seats, next, view)?;
    } else {
        row.final_scores.fill(0);
    }
    slot.write_decision(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_are_one_per_chunk_after_the_first_up_to_the_pool_less_one() {
        // (rows, shared from, pool threads) -> helpers
        let cases = [
            ((1, 2, 64), 0),
            ((16, 2, 64), 0),    // one chunk: the caller's
            ((17, 2, 64), 1),    // two chunks
            ((64, 2, 2), 1),     // the pool less one
            ((127, 128, 64), 0), // not shared
            ((128, 128, 64), 7),
            ((256, 128, 64), 15),
            ((256, 128, 2), 1),
            ((256, 128, 1), 0),
        ];
        for ((n, from, threads), want) in cases {
            assert_eq!(
                helper_count(n, from, threads),
                want,
                "n {n}, from {from}, threads {threads}"
            );
        }
    }
}

//! The successive-halving schedule of the search (`search.rs`): every alive
//! candidate plays a batch of worlds, the worse half by mean value is
//! dropped, the survivors get twice as many, until one is left or the budget
//! is spent. A sample budget is played exactly; a time budget is refitted to
//! the measured rollout speed after every round.

use super::acc::{pair, Acc, Anchors};
use super::clock::Clock;
use super::determinize::Determinizer;
use super::rollout::{rollout_in, RolloutResult};
use super::search::{mix, ranked, Budget, SearchReport, Watch};
use super::value::Placement;
use super::world::World;
use crate::ai::baseline::style::Style;
use crate::game::Action;
use crate::rules::Rules;
use rayon::prelude::*;
use std::time::Duration;

/// Plays the halving schedule of `budget` over `cands` and returns what each
/// candidate's rollouts gave (`dropped`: the round it was dropped in,
/// `u32::MAX` for the survivors).
pub(super) fn halve(s: &mut Searcher<'_>, cands: &[Action], budget: Budget) -> Vec<Acc> {
    let k = cands.len();
    let mut acc = vec![Acc::default(); k];
    for a in &mut acc {
        a.dropped = u32::MAX;
    }
    let rounds = (usize::BITS - (k - 1).leading_zeros()).max(1);
    let mut alive: Vec<usize> = (0..k).collect();
    let mut total = match budget {
        Budget::Samples(n) => n as u64,
        Budget::Time(_) => 0,
    };
    let mut spent = 0u64;
    let mut target = 0u32;
    let t0 = s.clock.now();
    for round in 0..rounds {
        if round == 0 && total == 0 {
            // A time budget: a first batch to time the rollouts.
            let first = 4;
            s.run_batch(cands, &mut acc, &alive, first);
            spent += (first as usize * alive.len()) as u64;
            target = first;
        }
        if let Some(deadline) = s.deadline {
            // Fit the rest of the schedule to the rollout speed measured so
            // far (every round, so that a slow start, such as a thread pool
            // warming up, is not taken for the speed of the whole search).
            let now = s.clock.now();
            let per = now.saturating_sub(t0).as_secs_f64() / spent.max(1) as f64;
            let left = deadline.saturating_sub(now);
            total = spent + (left.as_secs_f64() / per.max(1e-9)) as u64;
        }
        let per_round = (total.saturating_sub(spent)) / (rounds - round) as u64;
        let add = (per_round / alive.len() as u64).max(1) as u32;
        target = if s.deadline.is_some() && round + 1 == rounds {
            // The last round of a time budget plays until the deadline.
            u32::MAX
        } else {
            target.saturating_add(add)
        };
        s.run_batch(cands, &mut acc, &alive, target);
        spent = acc.iter().map(|a| a.n as u64).sum();
        if s.deadline.is_none() && round + 1 == rounds && spent < total {
            // The even split leaves fewer rollouts than candidates: one more
            // each for the leaders, so that the budget is played exactly.
            let mut leaders = alive.clone();
            leaders.sort_by(|&a, &b| acc[b].mean().total_cmp(&acc[a].mean()).then(a.cmp(&b)));
            leaders.truncate((total - spent) as usize);
            leaders.sort_unstable();
            s.run_batch(cands, &mut acc, &leaders, target.saturating_add(1));
            spent = acc.iter().map(|a| a.n as u64).sum();
        }
        if s.out_of_time() || alive.len() <= 1 {
            break;
        }
        if round + 1 < rounds {
            drop_worse_half(&mut acc, &mut alive, round, s.anchors);
        }
    }
    acc
}

/// Drops the worse half of `alive` by mean value, marking them dropped in
/// `round`, but keeps the anchors in.
fn drop_worse_half(acc: &mut [Acc], alive: &mut Vec<usize>, round: u32, anchors: Anchors) {
    alive.sort_by(|&a, &b| acc[b].mean().total_cmp(&acc[a].mean()).then(a.cmp(&b)));
    let keep = alive.len().div_ceil(2);
    for &c in &alive[keep..] {
        acc[c].dropped = round;
    }
    // The prior stays in: the choice is measured against it; so does
    // the reference, which every candidate is measured against.
    let stay: Vec<usize> = [anchors.prior, anchors.reference]
        .into_iter()
        .flatten()
        .filter(|p| alive[keep..].contains(p))
        .collect();
    alive.truncate(keep);
    for p in stay {
        if !alive.contains(&p) {
            acc[p].dropped = u32::MAX;
            alive.push(p);
        }
    }
    alive.sort_unstable();
}

/// The state of one search: the worlds dealt so far and what plays them.
pub(super) struct Searcher<'a> {
    pub(super) det: &'a Determinizer,
    /// Worlds `base..base + worlds.len()`: those below every alive
    /// candidate's count are dropped (no candidate plays them again), so a
    /// long think keeps a window of worlds, not all it dealt.
    pub(super) worlds: Vec<World>,
    pub(super) base: usize,
    pub(super) seed: u64,
    pub(super) me: u8,
    pub(super) rules: &'a Rules,
    /// The baseline rules each seat follows in the rollouts (by seat number).
    pub(super) styles: [Style; 4],
    pub(super) model: Placement,
    pub(super) pool: Option<&'a rayon::ThreadPool>,
    pub(super) clock: &'a dyn Clock,
    /// The clock's reading at which a time budget runs out.
    pub(super) deadline: Option<Duration>,
    /// The prior's and the reference's candidate numbers: every other
    /// candidate's values are paired with theirs on the same worlds.
    pub(super) anchors: Anchors,
    /// Who watches the search, told after every step.
    pub(super) watch: Option<Watching<'a>>,
}

/// A watcher of the search and what it needs to build the report so far.
pub(super) struct Watching<'a> {
    pub(super) f: Watch<'a>,
    pub(super) cands: &'a [Action],
    /// The clock's reading when the search started.
    pub(super) started: Duration,
    pub(super) placement: bool,
    pub(super) reference: Option<&'a Action>,
}

impl Searcher<'_> {
    /// Tells the watcher, if any, the report so far.
    fn tell(&self, acc: &[Acc]) {
        let Some(w) = &self.watch else { return };
        let (candidates, pick) = ranked(acc, w.cands, self.anchors);
        (w.f)(&SearchReport {
            samples: candidates.iter().map(|c| c.samples).sum(),
            candidates,
            chosen: w.cands[pick].clone(),
            elapsed: self.clock.now().saturating_sub(w.started),
            placement: w.placement,
            trivial: false,
            prior: self.anchors.prior.map(|p| w.cands[p].clone()),
            reference: w.reference.cloned(),
        });
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| self.clock.now() >= d)
    }

    /// Makes sure worlds `..n` are dealt (fewer when the time runs out).
    fn worlds_upto(&mut self, n: usize) {
        while self.base + self.worlds.len() < n && !self.out_of_time() {
            let have = self.base + self.worlds.len();
            let end = n.min(have + CHUNK);
            let (det, seed) = (self.det, self.seed);
            let deal = |i: usize| det.sample(mix(seed, i as u64));
            let new: Vec<World> = match self.pool {
                Some(p) => p.install(|| (have..end).into_par_iter().map(deal).collect()),
                None => (have..end).map(deal).collect(),
            };
            self.worlds.extend(new);
        }
    }

    /// Forgets the worlds below every alive candidate's count: candidates
    /// only ever leave `alive`, so nobody plays them again. A long think
    /// keeps a window of worlds, not all it dealt.
    fn forget_played(&mut self, acc: &[Acc], alive: &[usize]) {
        let low = alive.iter().map(|&c| acc[c].n).min().unwrap_or(0) as usize;
        let done = low.saturating_sub(self.base).min(self.worlds.len());
        self.worlds.drain(..done);
        self.base += done;
    }

    /// Plays every candidate in `alive` on worlds up to `target`, a chunk of
    /// worlds at a time for all of them (so that a deadline leaves them
    /// compared on nearly the same worlds).
    fn run_batch(&mut self, cands: &[Action], acc: &mut [Acc], alive: &[usize], target: u32) {
        self.forget_played(acc, alive);
        let mut end = alive.iter().map(|&c| acc[c].n).min().unwrap_or(target) as usize;
        while end < target as usize {
            end = (end + CHUNK).min(target as usize);
            self.worlds_upto(end);
            // Every (candidate, world) pair of the step at once, so that the
            // threads share one queue; results come back in order.
            let to = end.min(self.base + self.worlds.len());
            let jobs: Vec<(usize, usize)> = alive
                .iter()
                .flat_map(|&c| (acc[c].n as usize..to).map(move |i| (c, i)))
                .collect();
            let one = |&(c, i): &(usize, usize)| -> Option<(usize, f64, RolloutResult)> {
                if self.out_of_time() {
                    return None;
                }
                let o = rollout_in(
                    self.worlds[i - self.base].clone(),
                    &cands[c],
                    self.rules,
                    self.styles,
                );
                Some((c, self.model.beaten(&o), o))
            };
            let results: Vec<Option<(usize, f64, RolloutResult)>> = match self.pool {
                Some(p) => p.install(|| jobs.par_iter().map(one).collect()),
                None => jobs.iter().map(one).collect(),
            };
            // A candidate's worlds must stay 0..n without gaps: after the
            // deadline, keep each one's results up to its first missing one.
            let mut gap = vec![false; acc.len()];
            for (job, r) in jobs.iter().zip(results) {
                match r {
                    Some((c, v, o)) if !gap[c] => acc[c].add(v, &o, self.me),
                    _ => gap[job.0] = true,
                }
            }
            pair(acc, self.anchors, alive);
            self.tell(acc);
            self.forget_played(acc, alive);
            if self.out_of_time() {
                return;
            }
        }
    }
}

/// Worlds dealt and played per step of a batch.
const CHUNK: usize = 16;

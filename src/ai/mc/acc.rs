//! What the search keeps of each candidate's rollouts: running sums for its
//! mean and interval, its paired difference with the prior (the baseline's
//! choice) and with the reference of a review (the played action) on the
//! worlds both played. Values are kept only until they are paired, so a long
//! think keeps a few worlds' values, not one per rollout.

use super::paired::PairedDiff;
use super::rollout::RolloutResult;
use super::search::Candidate;
use crate::game::{Action, SeatIndex};
use std::collections::VecDeque;

/// Standard errors of the paired difference by which a candidate must beat
/// the prior (the baseline's choice) on the same worlds to be chosen instead.
/// One standard error let the best of a dozen candidates deviate on noise
/// (100 duplicate east games, 300 samples: average rank 2.61 against the
/// baselines' 2.46); two and three both gave 2.46–2.49.
pub(crate) const PRIOR_Z: f64 = 2.0;

/// Running sums of one candidate's rollouts.
#[derive(Clone, Default)]
pub(super) struct Acc {
    /// Worlds played (always worlds `0..n`).
    pub(super) n: u32,
    sum: f64,
    sumsq: f64,
    points: f64,
    win: u32,
    deal_in: u32,
    tenpai: u32,
    /// Halving round in which it was dropped (`u32::MAX`: survived).
    pub(super) dropped: u32,
    /// Values of worlds `tail_from..n` that a pairing may still need.
    tail: VecDeque<f64>,
    tail_from: u32,
    /// The difference of its value and the prior's over worlds
    /// `0..paired.n` (unused for the prior itself).
    paired: Diff,
    /// The reference's value minus its own (its expected final rank minus
    /// the reference's) over worlds `0..vs_ref.n` (unused for the reference
    /// itself).
    vs_ref: Diff,
}

/// Count, sum and sum of squares of paired differences, in world order.
#[derive(Clone, Copy, Default)]
struct Diff {
    n: u32,
    sum: f64,
    sumsq: f64,
}

impl Diff {
    fn add(&mut self, d: f64) {
        self.n += 1;
        self.sum += d;
        self.sumsq += d * d;
    }

    fn summary(&self) -> PairedDiff {
        PairedDiff::from_sums(self.n, self.sum, self.sumsq)
    }
}

impl Acc {
    /// The mean value (negative infinity without samples).
    pub(super) fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NEG_INFINITY
        } else {
            self.sum / self.n as f64
        }
    }

    /// Adds the next world's value and ending, for the seat `me`.
    pub(super) fn add(&mut self, value: f64, o: &RolloutResult, me: u8) {
        self.tail.push_back(value);
        self.n += 1;
        self.sum += value;
        self.sumsq += value * value;
        self.points += o.deltas[me as usize] as f64;
        let seat = SeatIndex::engine(me);
        self.win += o.won(seat) as u32;
        self.deal_in += o.dealt_in(seat) as u32;
        self.tenpai += o.tenpai[me as usize] as u32;
    }

    /// The public summary of this candidate for `action`.
    pub(super) fn candidate(&self, action: Action) -> Candidate {
        // 0/0 = NaN without samples.
        let n = self.n as f64;
        let mean = self.sum / n;
        let ci95 = if self.n > 1 {
            let var = ((self.sumsq - n * mean * mean) / (n - 1.0)).max(0.0);
            1.96 * (var / n).sqrt()
        } else {
            f64::INFINITY
        };
        Candidate {
            action,
            samples: self.n,
            rank: 4.0 - mean,
            ci95,
            points: self.points / n,
            win: self.win as f64 / n,
            deal_in: self.deal_in as f64 / n,
            tenpai: self.tenpai as f64 / n,
            vs_reference: None,
        }
    }

    /// Whether it beats the prior on their common worlds by more than
    /// [`PRIOR_Z`] standard errors of the paired difference (after
    /// [`pair`]).
    pub(super) fn clearly_beats_prior(&self) -> bool {
        let d = self.paired.summary();
        d.worlds >= 2 && d.mean > PRIOR_Z * d.standard_error()
    }

    /// Its expected final rank minus the reference's on the worlds both
    /// played (after [`pair`] with a reference).
    pub(super) fn vs_reference(&self) -> PairedDiff {
        self.vs_ref.summary()
    }

    /// Drops the kept values of worlds below `world`.
    fn forget_below(&mut self, world: u32) {
        while self.tail_from < world && self.tail.pop_front().is_some() {
            self.tail_from += 1;
        }
    }
}

/// The candidates every other one is paired with: the prior (the
/// baseline's choice) and the reference of a review (the played action).
#[derive(Clone, Copy, Default)]
pub(super) struct Anchors {
    /// The prior's candidate number.
    pub(super) prior: Option<usize>,
    /// The reference's candidate number.
    pub(super) reference: Option<usize>,
}

/// Pairs every candidate's new values with the prior's and the reference's
/// on the same worlds, then forgets the values no pairing needs: a
/// candidate's once paired with both, an anchor's once every candidate that
/// may still play (`alive`) or still has unpaired values has passed them.
/// Without anchors nothing is kept.
pub(super) fn pair(acc: &mut [Acc], anchors: Anchors, alive: &[usize]) {
    let value = |a: &Acc, i: u32| a.tail[(i - a.tail_from) as usize];
    for c in 0..acc.len() {
        if let Some(p) = anchors.prior.filter(|&p| p != c) {
            while acc[c].paired.n < acc[c].n.min(acc[p].n) {
                let i = acc[c].paired.n;
                let d = value(&acc[c], i) - value(&acc[p], i);
                acc[c].paired.add(d);
            }
        }
        if let Some(r) = anchors.reference.filter(|&r| r != c) {
            while acc[c].vs_ref.n < acc[c].n.min(acc[r].n) {
                let i = acc[c].vs_ref.n;
                let d = value(&acc[r], i) - value(&acc[c], i);
                acc[c].vs_ref.add(d);
            }
        }
    }
    // Worlds below which another candidate no longer needs the anchor `a`'s
    // values (`diff` reads its pairing with `a`).
    let needed_of = |acc: &[Acc], a: usize, diff: fn(&Acc) -> u32| {
        (0..acc.len())
            .filter(|&c| c != a && (alive.contains(&c) || diff(&acc[c]) < acc[c].n))
            .map(|c| diff(&acc[c]))
            .min()
            .unwrap_or(acc[a].n)
    };
    let keep: Vec<u32> = (0..acc.len())
        .map(|c| {
            let mut from = acc[c].n;
            for (anchor, diff) in [
                (anchors.prior, (|a: &Acc| a.paired.n) as fn(&Acc) -> u32),
                (anchors.reference, |a: &Acc| a.vs_ref.n),
            ] {
                match anchor {
                    Some(a) if a == c => from = from.min(needed_of(acc, a, diff)),
                    Some(_) => from = from.min(diff(&acc[c])),
                    None => {}
                }
            }
            from
        })
        .collect();
    for (a, from) in acc.iter_mut().zip(keep) {
        a.forget_below(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::mc::End;

    fn outcome() -> RolloutResult {
        RolloutResult {
            deltas: [0; 4],
            end: End::Exhaustive,
            scores: [25_000; 4],
            tenpai: [false; 4],
        }
    }

    /// Candidate 0 is the prior; no reference.
    fn prior0() -> Anchors {
        Anchors {
            prior: Some(0),
            reference: None,
        }
    }

    /// The two-pass test the search used when it kept every value.
    fn two_pass(a: &[f64], b: &[f64]) -> bool {
        let n = a.len().min(b.len());
        if n < 2 {
            return false;
        }
        let d: Vec<f64> = (0..n).map(|i| a[i] - b[i]).collect();
        let mean = d.iter().sum::<f64>() / n as f64;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        mean > PRIOR_Z * (var / n as f64).sqrt()
    }

    #[test]
    fn paired_difference_streams_with_a_bounded_tail() {
        // Candidate 0 is the prior; 1 is a bit better, 2 the same; 2 is
        // dropped after 48 worlds, 1 and the prior play 4,000 in steps of 16.
        let value = |c: usize, i: usize| {
            let noise = ((i * 7919 + c * 104_729) % 1000) as f64 / 1000.0;
            2.0 + noise + if c == 1 { 0.03 } else { 0.0 }
        };
        let mut acc = vec![Acc::default(); 3];
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); 3];
        let mut alive = vec![0, 1, 2];
        let mut most_kept = 0;
        for step in 0..250 {
            if step == 3 {
                alive.retain(|&c| c != 2);
            }
            for &c in &alive {
                for i in step * 16..(step + 1) * 16 {
                    let v = value(c, i);
                    acc[c].add(v, &outcome(), 0);
                    values[c].push(v);
                }
            }
            pair(&mut acc, prior0(), &alive);
            most_kept = most_kept.max(acc.iter().map(|a| a.tail.len()).sum::<usize>());
        }
        assert_eq!(most_kept, 0, "every value paired within its step");
        assert_eq!((acc[1].paired.n, acc[2].paired.n), (4000, 48));
        assert!(acc[1].clearly_beats_prior() && !acc[2].clearly_beats_prior());
        assert_eq!(
            acc[1].clearly_beats_prior(),
            two_pass(&values[1], &values[0])
        );
        assert_eq!(
            acc[2].clearly_beats_prior(),
            two_pass(&values[2], &values[0])
        );
    }

    #[test]
    fn paired_difference_waits_for_the_prior_when_a_candidate_runs_ahead() {
        let mut acc = vec![Acc::default(); 2];
        for i in 0..5 {
            acc[1].add(3.0 + i as f64, &outcome(), 0);
        }
        acc[0].add(1.0, &outcome(), 0);
        pair(&mut acc, prior0(), &[0, 1]);
        assert_eq!(
            (acc[1].paired.n, acc[1].tail.len(), acc[0].tail.len()),
            (1, 4, 0)
        );
        for _ in 0..4 {
            acc[0].add(1.0, &outcome(), 0);
        }
        pair(&mut acc, prior0(), &[0, 1]);
        assert_eq!(
            (acc[1].paired.n, acc[1].tail.len(), acc[0].tail.len()),
            (5, 0, 0)
        );
        // Differences 2, 3, 4, 5, 6: mean 4, standard error √(2.5 / 5).
        assert!(acc[1].clearly_beats_prior());
        pair(&mut acc, Anchors::default(), &[0, 1]);
        assert!(acc.iter().all(|a| a.tail.is_empty()));
    }

    #[test]
    fn paired_difference_with_the_reference_streams_as_the_two_pass_one() {
        // Candidate 0 is the prior, 2 the reference (dropped by the halving
        // would be kept in: it stays alive here), 1 dropped after 64 worlds.
        let value = |c: usize, i: usize| ((i * 7919 + c * 104_729) % 1000) as f64 / 1000.0;
        for reference in [0, 2] {
            let anchors = Anchors {
                prior: Some(0),
                reference: Some(reference),
            };
            let mut acc = vec![Acc::default(); 3];
            let mut values: Vec<Vec<f64>> = vec![Vec::new(); 3];
            let mut alive = vec![0, 1, 2];
            let mut most_kept = 0;
            for step in 0..100 {
                if step == 4 {
                    alive.retain(|&c| c != 1);
                }
                for &c in &alive {
                    for i in step * 16..(step + 1) * 16 {
                        acc[c].add(value(c, i), &outcome(), 0);
                        values[c].push(value(c, i));
                    }
                }
                pair(&mut acc, anchors, &alive);
                most_kept = most_kept.max(acc.iter().map(|a| a.tail.len()).sum::<usize>());
            }
            assert_eq!(most_kept, 0, "every value paired within its step");
            for c in (0..3).filter(|&c| c != reference) {
                // Rank minus the reference's: the reference's value minus its own.
                let two_pass = PairedDiff::of(&values[reference], &values[c]);
                let streamed = acc[c].vs_reference();
                assert_eq!(streamed.worlds, two_pass.worlds);
                assert!((streamed.mean - two_pass.mean).abs() < 1e-12);
                assert!((streamed.ci95 - two_pass.ci95).abs() < 1e-9);
            }
        }
    }
}

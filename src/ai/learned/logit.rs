//! A conditional logit: the probability of each alternative of a choice is
//! the softmax of a linear score of its features, `w · x`. Fitted by
//! Newton's method on the log-likelihood of the choices made (concave, so
//! Newton's steps reach its one maximum), with a small ridge penalty that
//! keeps weights finite when a feature separates the choices.
//!
//! Source: D. McFadden, "Conditional logit analysis of qualitative choice
//! behavior" (1974); the gradient and Hessian as in K. Train, *Discrete
//! Choice Methods with Simulation* (2009), chapter 3.

use serde::{Deserialize, Serialize};

/// One choice seen: the features of every alternative and which was taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Each alternative's features (all of the same length).
    pub alternatives: Vec<Vec<f64>>,
    /// The index of the alternative taken.
    pub chosen: usize,
}

/// The weights of a conditional logit, with the names of the features they
/// weigh (in order).
///
/// ```
/// use tenpai::ai::learned::{Choice, Logit};
/// // One feature; the alternative with the larger value is taken 3 times in 4.
/// let c = |chosen| Choice { alternatives: vec![vec![1.0], vec![0.0]], chosen };
/// let data = [c(0), c(0), c(0), c(1)];
/// let m = Logit::fit(&["x".to_string()], &data, 0.0);
/// assert_eq!(format!("{:.4}", m.weights[0]), "1.0986"); // ln 3
/// assert_eq!(m.best(&data[0].alternatives), Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Logit {
    /// The features' names.
    pub features: Vec<String>,
    /// One weight a feature.
    pub weights: Vec<f64>,
}

/// Newton steps at most; the fits here converge in fewer than 15.
const MAX_STEPS: usize = 50;

impl Logit {
    /// The score `w · x` of one alternative (features past the weights
    /// count nothing).
    pub fn score(&self, x: &[f64]) -> f64 {
        self.weights.iter().zip(x).map(|(w, x)| w * x).sum()
    }

    /// The index of the alternative with the highest score (the first of
    /// equal ones); `None` for no alternative.
    pub fn best(&self, alternatives: &[Vec<f64>]) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (i, x) in alternatives.iter().enumerate() {
            let s = self.score(x);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((i, s));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The probabilities of the alternatives (softmax of the scores).
    pub fn probabilities(&self, alternatives: &[Vec<f64>]) -> Vec<f64> {
        let scores: Vec<f64> = alternatives.iter().map(|x| self.score(x)).collect();
        softmax(&scores)
    }

    /// The mean log-likelihood of `data` (0 for none).
    pub fn log_likelihood(&self, data: &[Choice]) -> f64 {
        if data.is_empty() {
            return 0.0;
        }
        let sum: f64 = data
            .iter()
            .map(|c| {
                self.probabilities(&c.alternatives)[c.chosen]
                    .max(1e-300)
                    .ln()
            })
            .sum();
        sum / data.len() as f64
    }

    /// The share of `data` whose highest-scored alternative is the one
    /// taken (0 for none).
    pub fn accuracy(&self, data: &[Choice]) -> f64 {
        if data.is_empty() {
            return 0.0;
        }
        let hit = data
            .iter()
            .filter(|c| self.best(&c.alternatives) == Some(c.chosen))
            .count();
        hit as f64 / data.len() as f64
    }

    /// The weights that maximise the log-likelihood of `data` less
    /// `ridge / 2 · |w|²` times the number of choices (a ridge of 0.01 moves
    /// a weight of 1 by about a hundredth). Choices with fewer than two
    /// alternatives, or a `chosen` out of range, teach nothing and are
    /// skipped.
    ///
    /// # Panics
    /// Never; features missing from an alternative count as 0.
    pub fn fit(features: &[String], data: &[Choice], ridge: f64) -> Logit {
        let k = features.len();
        let mut m = Logit {
            features: features.to_vec(),
            weights: vec![0.0; k],
        };
        let used: Vec<&Choice> = data
            .iter()
            .filter(|c| c.alternatives.len() > 1 && c.chosen < c.alternatives.len())
            .collect();
        let n = used.len().max(1) as f64;
        let x = |alt: &Vec<f64>, j: usize| alt.get(j).copied().unwrap_or(0.0);
        for _ in 0..MAX_STEPS {
            let mut grad = vec![0.0; k];
            let mut hess = vec![vec![0.0; k]; k];
            for c in &used {
                let p = m.probabilities(&c.alternatives);
                let mean: Vec<f64> = (0..k)
                    .map(|j| {
                        c.alternatives
                            .iter()
                            .zip(&p)
                            .map(|(a, p)| p * x(a, j))
                            .sum()
                    })
                    .collect();
                let taken = &c.alternatives[c.chosen];
                for (j, (g, mu)) in grad.iter_mut().zip(&mean).enumerate() {
                    *g += x(taken, j) - mu;
                }
                for (a, p) in c.alternatives.iter().zip(&p) {
                    let d: Vec<f64> = mean
                        .iter()
                        .enumerate()
                        .map(|(j, mu)| x(a, j) - mu)
                        .collect();
                    for (row, di) in hess.iter_mut().zip(&d) {
                        if *di == 0.0 {
                            continue;
                        }
                        for (h, dj) in row.iter_mut().zip(&d) {
                            *h += p * di * dj;
                        }
                    }
                }
            }
            for (j, (g, row)) in grad.iter_mut().zip(hess.iter_mut()).enumerate() {
                *g -= ridge * n * m.weights[j];
                row[j] += ridge * n + 1e-9;
            }
            let Some(step) = solve(hess, grad) else {
                break;
            };
            let size: f64 = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
            for (w, s) in m.weights.iter_mut().zip(&step) {
                *w += s;
            }
            if size < 1e-9 {
                break;
            }
        }
        m
    }
}

/// The softmax of `scores` (empty for none).
fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|x| x / sum).collect()
}

/// Solves `a · x = b` for a symmetric positive definite `a` (Gaussian
/// elimination with partial pivoting); `None` when `a` is singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, below) = a.split_at_mut(col + 1);
        let head = &top[col];
        let (b_top, b_below) = b.split_at_mut(col + 1);
        for (row, b_row) in below.iter_mut().zip(b_below.iter_mut()) {
            let f = row[col] / head[col];
            if f == 0.0 {
                continue;
            }
            for (r, h) in row[col..].iter_mut().zip(&head[col..]) {
                *r -= f * h;
            }
            *b_row -= f * b_top[col];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let rest: f64 = a[i][i + 1..]
            .iter()
            .zip(&x[i + 1..])
            .map(|(a, x)| a * x)
            .sum();
        x[i] = (b[i] - rest) / a[i][i];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_recovers_two_weights_of_a_seeded_sample() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let truth = [1.5, -0.7];
        let data: Vec<Choice> = (0..4000)
            .map(|_| {
                let alternatives: Vec<Vec<f64>> = (0..4)
                    .map(|_| vec![rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)])
                    .collect();
                let m = Logit {
                    features: vec![],
                    weights: truth.to_vec(),
                };
                let p = m.probabilities(&alternatives);
                let u: f64 = rng.gen();
                let mut acc = 0.0;
                let chosen = p
                    .iter()
                    .position(|q| {
                        acc += q;
                        u < acc
                    })
                    .unwrap_or(3);
                Choice {
                    alternatives,
                    chosen,
                }
            })
            .collect();
        let names = vec!["a".to_string(), "b".to_string()];
        let m = Logit::fit(&names, &data, 0.0);
        assert!((m.weights[0] - 1.5).abs() < 0.15, "{:?}", m.weights);
        assert!((m.weights[1] + 0.7).abs() < 0.15, "{:?}", m.weights);
        // The fitted weights explain the sample better than none.
        let zero = Logit {
            features: names,
            weights: vec![0.0; 2],
        };
        assert!(m.log_likelihood(&data) > zero.log_likelihood(&data));
    }

    #[test]
    fn ridge_keeps_a_separating_feature_finite() {
        let data = vec![
            Choice {
                alternatives: vec![vec![1.0], vec![0.0]],
                chosen: 0
            };
            10
        ];
        let m = Logit::fit(&["x".to_string()], &data, 0.01);
        assert!(
            m.weights[0].is_finite() && m.weights[0] > 2.0,
            "{:?}",
            m.weights
        );
        assert_eq!(m.accuracy(&data), 1.0);
    }

    #[test]
    fn fit_skips_choices_without_a_choice() {
        let data = vec![
            Choice {
                alternatives: vec![vec![1.0]],
                chosen: 0,
            },
            Choice {
                alternatives: vec![vec![1.0], vec![0.0]],
                chosen: 5,
            },
        ];
        let m = Logit::fit(&["x".to_string()], &data, 0.0);
        assert_eq!(m.weights, vec![0.0]);
    }
}

//! Paired differences: two candidates compared on the same sampled worlds
//! (common random numbers). The search deals one list of worlds and plays
//! every candidate on its first worlds, so the difference of two candidates'
//! values on world `i` has the world's luck taken out: its spread, and so
//! its interval, is much smaller than that of either value alone.

/// The difference between two candidates' values over the worlds both
/// played: its mean and the half-width of its 95 % interval (normal
/// approximation, 1.96 standard errors of the mean difference).
///
/// Equality compares the numbers bit for bit (the NaN of an empty
/// difference equals itself).
///
/// ```
/// use tenpai::ai::mc::PairedDiff;
/// // Differences 0.5, 0.3, 0.4: mean 0.4, standard deviation 0.1.
/// let d = PairedDiff::of(&[2.5, 2.0, 3.0], &[2.0, 1.7, 2.6, 9.9]);
/// assert_eq!(d.worlds, 3);
/// assert!((d.mean - 0.4).abs() < 1e-12);
/// assert!((d.ci95 - 1.96 * 0.1 / 3f64.sqrt()).abs() < 1e-12);
/// assert!(d.excludes_zero());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PairedDiff {
    /// Worlds both candidates played (the first `worlds` of the search).
    pub worlds: u32,
    /// Mean difference (first minus second). In a search report the values
    /// are expected final ranks (1–4, lower is better). NaN without worlds.
    pub mean: f64,
    /// Half-width of the 95 % interval of `mean`; infinite below two worlds.
    pub ci95: f64,
}

impl PairedDiff {
    /// The difference `a[i] - b[i]` over the worlds both lists hold (the
    /// shorter one's length), in world order.
    ///
    /// # Panics
    /// Never.
    pub fn of(a: &[f64], b: &[f64]) -> PairedDiff {
        let n = a.len().min(b.len());
        let d = || a.iter().zip(b).map(|(x, y)| x - y);
        let mean = d().sum::<f64>() / n as f64;
        let ci95 = if n > 1 {
            let var = d().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            1.96 * (var / n as f64).sqrt()
        } else {
            f64::INFINITY
        };
        PairedDiff {
            worlds: n as u32,
            mean,
            ci95,
        }
    }

    /// The difference of `worlds` paired values from their sum and sum of
    /// squares (as a search accumulates them, world by world).
    pub(crate) fn from_sums(worlds: u32, sum: f64, sumsq: f64) -> PairedDiff {
        let n = worlds as f64;
        let mean = sum / n;
        let ci95 = if worlds > 1 {
            let var = ((sumsq - sum * mean) / (n - 1.0)).max(0.0);
            1.96 * (var / n).sqrt()
        } else {
            f64::INFINITY
        };
        PairedDiff { worlds, mean, ci95 }
    }

    /// One standard error of the mean difference (`ci95 / 1.96`).
    ///
    /// ```
    /// let d = tenpai::ai::mc::PairedDiff::of(&[1.0, 3.0], &[0.0, 0.0]);
    /// assert!((d.standard_error() - 1.0).abs() < 1e-12); // sd √2 over √2 worlds
    /// ```
    pub fn standard_error(&self) -> f64 {
        self.ci95 / 1.96
    }

    /// Whether the 95 % interval lies wholly on one side of zero (two or more
    /// worlds and `|mean| > ci95`): the two candidates really differ.
    ///
    /// ```
    /// let d = tenpai::ai::mc::PairedDiff::of(&[1.0, -1.0, 1.0], &[0.0; 3]);
    /// assert!(!d.excludes_zero());
    /// ```
    pub fn excludes_zero(&self) -> bool {
        self.worlds >= 2 && self.mean.abs() > self.ci95
    }
}

impl PartialEq for PairedDiff {
    fn eq(&self, o: &PairedDiff) -> bool {
        self.worlds == o.worlds
            && self.mean.to_bits() == o.mean.to_bits()
            && self.ci95.to_bits() == o.ci95.to_bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_diff_of_empty_lists_is_nan_and_equals_itself() {
        let d = PairedDiff::of(&[], &[1.0]);
        assert_eq!(d.worlds, 0);
        assert!(d.mean.is_nan());
        assert_eq!(d.ci95, f64::INFINITY);
        assert_eq!(d, d);
        assert!(!d.excludes_zero());
    }

    #[test]
    fn paired_diff_removes_the_luck_both_share() {
        // Each world shifts both values alike; the difference is a constant
        // 0.1, far outside any interval, though the values overlap widely.
        let luck = [0.0, 1.5, -0.7, 0.9, 2.2, -1.3];
        let a: Vec<f64> = luck.iter().map(|l| 2.0 + l).collect();
        let b: Vec<f64> = luck.iter().map(|l| 1.9 + l).collect();
        let d = PairedDiff::of(&a, &b);
        assert_eq!(d.worlds, 6);
        assert!((d.mean - 0.1).abs() < 1e-12);
        assert!(d.ci95 < 1e-12);
        assert!(d.excludes_zero());
    }

    #[test]
    fn paired_diff_of_one_world_has_no_interval() {
        let d = PairedDiff::of(&[3.0], &[1.0]);
        assert_eq!((d.worlds, d.mean, d.ci95), (1, 2.0, f64::INFINITY));
        assert!(!d.excludes_zero());
    }
}

//! [`GameSet`]: which games of a run a tally counts, as sorted ranges, so
//! that merging refuses a game counted twice.

use super::ArenaError;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// A set of game numbers kept as sorted, disjoint, non-adjacent half-open
/// ranges: `[[0, 250], [500, 750]]` in JSON. A run of a million games is one
/// range, so the set stays small whatever the count.
///
/// ```
/// use tenpai::arena::GameSet;
/// let mut s = GameSet::default();
/// s.insert(4..8)?;
/// s.insert(0..4)?;
/// s.insert(10..12)?;
/// assert_eq!(s.ranges(), &[0..8, 10..12]);
/// assert_eq!(s.len(), 10);
/// assert_eq!(s.insert(7..9).unwrap_err().to_string(), "game 7 is counted twice");
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<[u64; 2]>", try_from = "Vec<[u64; 2]>")]
pub struct GameSet {
    ranges: Vec<Range<u64>>,
}

impl GameSet {
    /// The ranges, sorted; none empty, none touching another.
    pub fn ranges(&self) -> &[Range<u64>] {
        &self.ranges
    }

    /// Number of games in the set.
    pub fn len(&self) -> u64 {
        self.ranges.iter().map(|r| r.end - r.start).sum()
    }

    /// Whether the set has no game.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Whether the set is exactly the games `0..games`.
    pub fn is_all_of(&self, games: u64) -> bool {
        match self.ranges.as_slice() {
            [] => games == 0,
            [r] => r.start == 0 && r.end == games,
            _ => false,
        }
    }

    /// Adds the games `games` (nothing when empty).
    ///
    /// # Errors
    /// [`ArenaError::CountedTwice`] with the first game already in the set;
    /// the set is then unchanged.
    pub fn insert(&mut self, games: Range<u64>) -> Result<(), ArenaError> {
        if games.is_empty() {
            return Ok(());
        }
        // Ranges `i..j` touch or overlap the new one (at most two: the set's
        // ranges neither overlap nor touch each other).
        let i = self.ranges.partition_point(|r| r.end < games.start);
        let j = i + self.ranges[i..].partition_point(|r| r.start <= games.end);
        for r in &self.ranges[i..j] {
            let overlap = r.start.max(games.start)..r.end.min(games.end);
            if !overlap.is_empty() {
                return Err(ArenaError::CountedTwice(overlap.start));
            }
        }
        let start = self.ranges[i..j]
            .first()
            .map_or(games.start, |r| r.start.min(games.start));
        let end = self.ranges[i..j]
            .last()
            .map_or(games.end, |r| r.end.max(games.end));
        self.ranges.splice(i..j, std::iter::once(start..end));
        Ok(())
    }

    /// Adds every game of `other`.
    ///
    /// # Errors
    /// [`ArenaError::CountedTwice`] when a game is in both; the set is then
    /// unchanged.
    pub fn union(&mut self, other: &GameSet) -> Result<(), ArenaError> {
        let mut out = self.clone();
        for r in &other.ranges {
            out.insert(r.clone())?;
        }
        *self = out;
        Ok(())
    }
}

impl From<GameSet> for Vec<[u64; 2]> {
    fn from(s: GameSet) -> Vec<[u64; 2]> {
        s.ranges.iter().map(|r| [r.start, r.end]).collect()
    }
}

impl TryFrom<Vec<[u64; 2]>> for GameSet {
    type Error = ArenaError;

    /// Sorted, disjoint, non-empty, non-touching ranges only (what
    /// [`GameSet`] writes).
    fn try_from(v: Vec<[u64; 2]>) -> Result<GameSet, ArenaError> {
        let ranges: Vec<Range<u64>> = v.iter().map(|&[a, b]| a..b).collect();
        for (i, r) in ranges.iter().enumerate() {
            let after_previous = i == 0 || ranges[i - 1].end < r.start;
            if r.is_empty() || !after_previous {
                return Err(ArenaError::BadGames(format!("[{}, {}]", r.start, r.end)));
            }
        }
        Ok(GameSet { ranges })
    }
}

// The fixtures are lists of game ranges; one range in a list is meant.
#[allow(clippy::single_range_in_vec_init)]
#[cfg(test)]
mod tests {
    use super::*;

    fn set(ranges: &[Range<u64>]) -> GameSet {
        let mut s = GameSet::default();
        for r in ranges {
            s.insert(r.clone()).unwrap();
        }
        s
    }

    #[test]
    fn game_set_joins_touching_ranges_in_any_order() {
        assert_eq!(set(&[0..3, 6..9, 3..6]).ranges(), &[0..9]);
        assert_eq!(set(&[6..9, 0..3]).ranges(), &[0..3, 6..9]);
        assert_eq!(set(&[5..6, 3..4, 1..2, 4..5]).ranges(), &[1..2, 3..6]);
        assert_eq!(set(&[2..2]), GameSet::default());
        assert!(set(&[0..7]).is_all_of(7));
        assert!(!set(&[0..3, 4..7]).is_all_of(7));
    }

    #[test]
    fn game_set_err_overlap_leaves_the_set_unchanged() {
        let mut s = set(&[0..3, 6..9]);
        for (bad, first) in [(2..4, 2), (5..7, 6), (0..100, 0), (8..9, 8)] {
            assert_eq!(s.insert(bad), Err(ArenaError::CountedTwice(first)));
            assert_eq!(s, set(&[0..3, 6..9]));
        }
        assert_eq!(
            s.union(&set(&[3..6, 8..10])),
            Err(ArenaError::CountedTwice(8))
        );
        assert_eq!(s, set(&[0..3, 6..9]));
    }

    #[test]
    fn game_set_json_is_pairs_and_refuses_unsorted_ranges() {
        let s = set(&[0..3, 6..9]);
        assert_eq!(serde_json::to_string(&s).unwrap(), "[[0,3],[6,9]]");
        assert_eq!(serde_json::from_str::<GameSet>("[[0,3],[6,9]]").unwrap(), s);
        for bad in ["[[6,9],[0,3]]", "[[0,3],[3,9]]", "[[4,4]]", "[[5,1]]"] {
            let e = serde_json::from_str::<GameSet>(bad).unwrap_err();
            assert!(e.to_string().contains("sorted"), "{bad}: {e}");
        }
    }
}

//! Between rounds: who deals next, honba and sticks carried over, and when the
//! game ends (length, extension, bust, the last dealer's stop), and the final
//! ranking with uma and oka.

use super::event::DrawReason;
use super::state::{Outcome, State};
use crate::rules::GameLength;

/// Seats ranked by score, highest first; ties go to the seat nearer the first
/// dealer (seat 0).
///
/// ```
/// assert_eq!(tenpai::game::ranking(&[25000, 30000, 25000, 20000]), [1, 0, 2, 3]);
/// ```
pub fn ranking(scores: &[i32; 4]) -> [u8; 4] {
    let mut r = [0u8, 1, 2, 3];
    r.sort_by_key(|&s| (-scores[s as usize], s));
    r
}

/// Final scores in points: score − target + uma by rank, with the oka
/// ((target − start) × 4) to the first; they add up to 0 when the uma does.
///
/// ```
/// let rules = tenpai::rules::GameRules::default(); // uma 20000/10000, 25000 start, 30000 target
/// let f = tenpai::game::final_scores(&[40000, 30000, 20000, 10000], &rules);
/// assert_eq!(f, [50000, 10000, -20000, -40000]);
/// ```
pub fn final_scores(scores: &[i32; 4], rules: &crate::rules::GameRules) -> [i32; 4] {
    let mut out = [0; 4];
    for (rank, &s) in ranking(scores).iter().enumerate() {
        let s = s as usize;
        out[s] = scores[s] - rules.target_points + rules.uma[rank];
        if rank == 0 {
            out[s] += 4 * (rules.target_points - rules.start_points);
        }
    }
    out
}

/// The next round `[bakaze, kyoku, honba, kyotaku, oya]` after `outcome` in
/// `state` (scores already settled), and whether the game is over instead.
pub(crate) fn next_round(state: &State, outcome: &Outcome) -> ([u8; 5], bool) {
    let g = &state.rules.game;
    let oya = state.oya;
    let (dealer_keeps, draw, may_stop) = match outcome {
        Outcome::Wins(w) => {
            let k = w.iter().any(|w| w.seat == oya);
            (k, false, k)
        }
        Outcome::Draw {
            reason: DrawReason::Exhaustive,
            tenpai,
            ..
        } => (tenpai[oya as usize], true, tenpai[oya as usize]),
        Outcome::Draw { .. } => (true, true, false),
    };
    let honba = if dealer_keeps || draw {
        state.honba.saturating_add(1)
    } else {
        0
    };
    let idx = state.bakaze as usize * 4 + state.kyoku as usize - 1;
    let next_idx = if dealer_keeps { idx } else { idx + 1 };
    let length = match g.length {
        GameLength::East => 4,
        GameLength::South => 8,
    };
    let scores = &state.scores;
    let top = *scores.iter().max().expect("four");
    let over = (g.bust_ends && scores.iter().any(|&s| s < 0))
        || (next_idx >= length && top >= g.target_points)
        || next_idx >= length + if g.extension { 4 } else { 0 }
        || (g.last_dealer_stop
            && may_stop
            && idx + 1 >= length
            && super::ranking(scores)[0] == oya
            && scores[oya as usize] >= g.target_points);
    let next = [
        (next_idx / 4) as u8,
        (next_idx % 4) as u8 + 1,
        honba,
        state.kyotaku,
        (next_idx % 4) as u8,
    ];
    (next, over)
}

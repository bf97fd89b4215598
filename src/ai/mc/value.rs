//! What the end of a rollout is worth to the deciding seat: its expected
//! final rank.
//!
//! A rollout ends the round, not the game. The rounds still to come are
//! modelled as noise: the difference between two seats' scores moves by a
//! normal amount with standard deviation [`PAIR_SD`] per round left, so the
//! seat finishes ahead of an opponent with probability
//! Φ(difference / (`PAIR_SD` · √rounds left)), and its expected rank is one
//! plus the opponents expected to finish ahead (linearity of expectation).
//! When no round is left (the last round ending the game, or a bust) the
//! ranks are exact, ties going to the seat nearer the first dealer.
//!
//! The game is judged by its average rank, so this is the quantity to
//! minimise. Early in the game Φ is nearly linear over the usual swings,
//! so the value behaves like the point change; near the end it bends: a
//! leader stops gambling, a seat far behind takes risks. The normal
//! approximation of the remaining rounds follows the placement models of
//! Mahjong AIs such as Suphx (Li et al., "Suphx: Mastering Mahjong with Deep
//! Reinforcement Learning", 2020, the global reward predictor) in a much
//! simpler form.

use super::rollout::RolloutResult;
use super::world::End;
use crate::game::{next_round_after, Observation, RoundEnd, RoundId};
use crate::rules::{GameRules, Rules};

/// Standard deviation of the change of the difference between two seats'
/// scores over one round still to play, in points. Measured: 6,750 per
/// round over 1,917 rounds of 400 east-only games between four baselines
/// (`tenpai selfplay --games 400 --length east --players
/// baseline,baseline,baseline,baseline --seed 77 --log-dir D`, start scores
/// of consecutive rounds); a round left to play is counted once, and the
/// dealer's repeats (1.45 rounds per round on average) scale it to 8,000.
/// For example, two rounds left and 8,000 ahead: ahead at the end with
/// probability Φ(8,000 / (8,000 × √2)) = Φ(0.71) ≈ 0.76.
pub(crate) const PAIR_SD: f64 = 8000.0;

/// How the rounds after the current one are counted, from the seat's view.
#[derive(Clone, Debug)]
pub(crate) struct Placement {
    me: usize,
    /// The round being played.
    round: RoundId,
    /// Rounds of the game after the current one, not counting repeats.
    after: usize,
    rules: GameRules,
}

impl Placement {
    /// The placement model for the seat of `obs` under `rules`.
    pub(crate) fn new(obs: &Observation, rules: &Rules) -> Placement {
        let g = &rules.game;
        let round = RoundId::new(obs.round_wind, obs.dealer, obs.honba, obs.kyoutaku);
        Placement {
            me: obs.seat.index(),
            round,
            after: (g.length.rounds() - 1).saturating_sub(round.index()),
            rules: g.clone(),
        }
    }

    /// Whether this is the last round (ranks at its end are final unless the
    /// dealer repeats or nobody reached the target).
    pub(crate) fn last_round(&self) -> bool {
        self.after == 0
    }

    /// Rounds still to play after this ending (0: the game is over), by the
    /// engine's rule ([`next_round_after`]): the rounds up to the end of the
    /// game's length from the next one, at least one.
    pub(crate) fn rounds_left(&self, o: &RolloutResult) -> u32 {
        let dealer = self.round.dealer();
        let end = match o.end {
            End::Win { winner, .. } => RoundEnd::win(winner == dealer),
            End::Exhaustive => RoundEnd::exhaustive(o.tenpai[dealer.index()]),
            End::Abort => RoundEnd::ABORTIVE,
        };
        match next_round_after(self.round, end, &o.scores, 0, &self.rules) {
            None => 0,
            Some(next) => (self.rules.length.rounds().saturating_sub(next.index())).max(1) as u32,
        }
    }

    /// Opponents the seat is expected to finish ahead of (0–3); the expected
    /// final rank is 4 minus this.
    pub(crate) fn beaten(&self, o: &RolloutResult) -> f64 {
        let left = self.rounds_left(o);
        let me = self.me;
        let sd = PAIR_SD * (left as f64).sqrt();
        (0..4)
            .filter(|&s| s != me)
            .map(|s| {
                if left == 0 {
                    ahead(&o.scores, me, s) as u32 as f64
                } else {
                    let d = (o.scores[me] - o.scores[s]) as f64;
                    0.5 * libm::erfc(-d / (sd * std::f64::consts::SQRT_2))
                }
            })
            .sum()
    }
}

/// Whether seat `a` ranks above seat `b` on `scores` (ties: the lower seat).
fn ahead(scores: &[i32; 4], a: usize, b: usize) -> bool {
    scores[a] > scores[b] || (scores[a] == scores[b] && a < b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{SeatIndex, State};
    use crate::rules::GameLength;

    fn placement(kyoku: u8, seat: u8, dealer: u8) -> Placement {
        let mut rules = Rules::tenhou();
        rules.game.length = GameLength::East;
        let seat = crate::game::SeatIndex::new(seat).unwrap();
        let mut obs = Observation::of(&State::new(rules.clone()), seat);
        obs.kyoku = kyoku;
        obs.dealer = crate::game::SeatIndex::new(dealer).unwrap();
        Placement::new(&obs, &rules)
    }

    fn outcome(end: End, scores: [i32; 4], tenpai: [bool; 4]) -> RolloutResult {
        RolloutResult {
            deltas: [0; 4],
            end,
            scores,
            tenpai,
        }
    }

    const DRAW: End = End::Exhaustive;

    #[test]
    fn east_one_leaves_three_rounds_plus_a_dealer_repeat() {
        let p = placement(1, 0, 0);
        let o = outcome(DRAW, [25000; 4], [false; 4]);
        assert_eq!(p.rounds_left(&o), 3);
        let o = outcome(DRAW, [25000; 4], [true, false, false, false]);
        assert_eq!(p.rounds_left(&o), 4);
        assert!(!p.last_round());
    }

    #[test]
    fn even_scores_with_rounds_left_beat_half_of_each_opponent() {
        let p = placement(2, 1, 1);
        let o = outcome(DRAW, [25000; 4], [false; 4]);
        assert!((p.beaten(&o) - 1.5).abs() < 1e-12);
    }

    #[test]
    fn a_lead_of_one_sd_per_round_beats_each_opponent_at_phi_one() {
        // East 3, no repeat: one round left; 8,000 ahead of everyone.
        let p = placement(3, 0, 2);
        let o = outcome(DRAW, [33000, 25000, 25000, 25000], [false; 4]);
        assert_eq!(p.rounds_left(&o), 1);
        let phi1 = 0.841_344_746_068_542_9;
        assert!((p.beaten(&o) - 3.0 * phi1).abs() < 1e-9);
    }

    #[test]
    fn last_round_ranks_are_exact_with_ties_to_the_lower_seat() {
        let p = placement(4, 2, 3);
        assert!(p.last_round());
        let o = outcome(DRAW, [30000, 20000, 30000, 20000], [false; 4]);
        assert_eq!(p.rounds_left(&o), 0);
        assert_eq!(p.beaten(&o), 2.0); // above seats 1 and 3, below seat 0
    }

    #[test]
    fn last_round_dealer_repeats_unless_first() {
        let p = placement(4, 0, 3);
        let behind = outcome(
            DRAW,
            [31000, 25000, 20000, 24000],
            [false, false, false, true],
        );
        assert_eq!(p.rounds_left(&behind), 1);
        let top = outcome(
            DRAW,
            [24000, 25000, 20000, 31000],
            [false, false, false, true],
        );
        assert_eq!(p.rounds_left(&top), 0);
    }

    #[test]
    fn nobody_at_the_target_extends_the_game() {
        let p = placement(4, 0, 3);
        let o = outcome(DRAW, [26000, 25000, 25000, 24000], [false; 4]);
        assert_eq!(p.rounds_left(&o), 1);
    }

    #[test]
    fn a_bust_ends_the_game_at_once() {
        let p = placement(1, 0, 0);
        let o = outcome(
            End::Win {
                winner: SeatIndex::ALL[0],
                from: SeatIndex::ALL[1],
            },
            [60000, -1000, 21000, 20000],
            [true, false, false, false],
        );
        assert_eq!(p.rounds_left(&o), 0);
        assert_eq!(p.beaten(&o), 3.0);
    }
}

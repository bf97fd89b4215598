//! The player: legal seeded games, a game reproduced, a legal action at
//! every decision of recorded games.

use super::decision_points;
use tenpai::ai::mc::{Budget, McPlayer};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{play_game, Player, RandomPlayer};
use tenpai::rules::{GameLength, Rules};

#[test]
fn mc_player_plays_legal_seeded_games() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    for seed in [11, 12] {
        let mut mc = McPlayer::new(&rules, Budget::Samples(24), seed);
        let mut b: [BaselinePlayer; 2] = std::array::from_fn(|_| BaselinePlayer::v1(&rules));
        let mut r = RandomPlayer::new(seed);
        let [b1, b2] = &mut b;
        let mut players: [&mut dyn Player; 4] = [&mut mc, b1, &mut r, b2];
        // `check` on: every invariant is verified after every event.
        let game = play_game(&rules, seed, &mut players, true).unwrap();
        assert_eq!(game.scores.iter().sum::<i32>(), 100_000);
    }
}

#[test]
fn mc_player_reproduces_a_game() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let play = || {
        let mut mc = McPlayer::new(&rules, Budget::Samples(30), 5);
        let mut b: [BaselinePlayer; 3] = std::array::from_fn(|_| BaselinePlayer::v1(&rules));
        let [b1, b2, b3] = &mut b;
        let mut players: [&mut dyn Player; 4] = [b1, &mut mc, b2, b3];
        play_game(&rules, 21, &mut players, false).unwrap()
    };
    assert_eq!(play().events, play().events);
}

#[test]
fn mc_player_legal_at_every_decision_of_recorded_games() {
    let rules = Rules::tenhou();
    let mut mc = McPlayer::new(&rules, Budget::Samples(8), 1);
    let mut n = 0;
    for seed in [8, 9] {
        for (obs, legal) in decision_points(seed) {
            let a = mc.act(&obs, &legal);
            assert!(legal.contains(&a), "{a:?} not in {legal:?}");
            n += 1;
        }
    }
    assert!(n > 300);
}

//! `game::Game`, the game stopped at each decision: stepping it by hand gives
//! exactly the game `play_game` plays with the same players, an illegal step
//! changes nothing, and a finished game takes no more steps.

use tenpai::game::SeatIndex;
use tenpai::game::{
    action_index, play_game, Action, Event, Game, GameError, Observation, Player, RandomPlayer,
};
use tenpai::rules::{GameLength, Rules};

fn east() -> Rules {
    let mut r = Rules::tenhou();
    r.game.length = GameLength::East;
    r
}

#[test]
fn stepping_by_hand_is_the_game_play_game_plays() {
    let rules = east();
    for seed in [1, 2, 3] {
        let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64 + 10));
        let [a, b, c, d] = &mut p;
        let mut players: [&mut dyn Player; 4] = [a, b, c, d];
        let played = play_game(&rules, seed, &mut players, true).unwrap();

        let mut q: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64 + 10));
        let mut g = Game::new(&rules, seed, true).unwrap();
        while let Some(seat) = g.to_act() {
            let obs = Observation::of(g.state(), seat);
            let a = q[seat.index()].act(&obs, g.legal());
            g.step(&a).unwrap();
        }
        assert_eq!(g.rounds(), played.rounds);
        assert_eq!(g.state().scores(), played.scores);
        assert_eq!(g.events(), &played.events[..]);
    }
}

#[test]
fn step_err_illegal_action_changes_nothing() {
    let mut g = Game::new(&Rules::tenhou(), 5, true).unwrap();
    let (events, legal) = (g.events().len(), g.legal().to_vec());
    let e = g.step(&Action::Ron).unwrap_err();
    assert!(matches!(e, GameError::Illegal { seat: 0, .. }), "{e}");
    assert!(g.step_legal(legal.len()).is_err());
    assert_eq!((g.events().len(), g.legal()), (events, &legal[..]));
    assert_eq!(g.to_act(), Some(SeatIndex::ALL[0]));
}

#[test]
fn legal_indices_name_the_legal_actions() {
    let mut g = Game::new(&east(), 8, false).unwrap();
    let mut indices = Vec::new();
    let mut steps = 0;
    while g.to_act().is_some() {
        g.legal_indices(&mut indices);
        assert_eq!(indices.len(), g.legal().len());
        for (a, &i) in g.legal().iter().zip(&indices) {
            // The first legal action with an index is the one it names.
            let named = g.action_of_index(i).unwrap();
            let called = Observation::of(g.state(), SeatIndex::ALL[0])
                .last_tile
                .map(|(_, p)| p);
            assert_eq!(action_index(named, called), Some(i), "{a:?}");
        }
        // The last legal action: passes on calls, walks through the game.
        let last = indices.len() - 1;
        g.step_legal(last).unwrap();
        steps += 1;
    }
    assert!(steps > 100);
}

#[test]
fn a_finished_game_takes_no_step() {
    let mut g = Game::new(&east(), 4, false).unwrap();
    let mut r = RandomPlayer::new(1);
    while let Some(seat) = g.to_act() {
        let a = r.act(&Observation::of(g.state(), seat), g.legal());
        g.step(&a).unwrap();
    }
    assert!(g.is_over() && g.legal().is_empty());
    assert!(matches!(g.events().last(), Some(Event::EndGame { .. })));
    assert_eq!(g.state().scores().iter().sum::<i32>(), 100_000);
    let e = g.step(&Action::Pass).unwrap_err();
    assert_eq!(e.to_string(), "illegal action: the game is over");
}

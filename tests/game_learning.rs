//! The encodings for learning agents, checked at every decision of seeded
//! random games: action indices are distinct among a seat's legal actions and
//! name them back, and the observation features add up.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use tenpai::game::{
    action_index, action_name, play_game, Action, Features, Observation, Player, ACTION_SPACE,
    PLANES, SCALARS,
};
use tenpai::rules::Rules;

/// Picks uniformly among the legal actions (so calls, kans and riichi happen
/// often), after checking the encodings of its view and choices.
struct Checker {
    rng: ChaCha8Rng,
    decisions: usize,
    kinds: HashSet<usize>,
}

impl Checker {
    fn check_indices(&mut self, obs: &Observation, legal: &[Action]) {
        let called = obs.last_tile.map(|(_, p)| p);
        let mut seen: Vec<(usize, Action)> = Vec::new();
        for a in legal {
            let i = action_index(a, called).unwrap_or_else(|| panic!("{a:?} has no index"));
            assert!(i < ACTION_SPACE, "{a:?} -> {i}");
            // Two legal actions share an index only when they are the same
            // call written in another order (the engine lists a pon of a red
            // and a plain five both ways).
            if let Some((_, b)) = seen.iter().find(|(j, _)| *j == i) {
                assert_eq!(
                    sorted(a),
                    sorted(b),
                    "two legal actions share index {i}: {legal:?}"
                );
            }
            seen.push((i, a.clone()));
            assert!(action_name(i).is_some());
            self.kinds.insert(i);
        }
    }

    fn check_features(obs: &Observation) {
        let f = Features::of(obs);
        let sum = |p: usize| f.plane(p).iter().map(|&c| u32::from(c)).sum::<u32>();
        assert_eq!(sum(0) as usize, obs.hand.len());
        assert_eq!(f.scalars[13] as usize, obs.hand.len());
        for r in 0..4u8 {
            let seat = (obs.seat.index() + usize::from(r)) % 4;
            assert_eq!(sum(7 + r as usize) as usize, obs.rivers[seat].len());
            let meld_tiles: usize = obs.melds[seat].iter().map(|m| m.tiles.len()).sum();
            assert_eq!(sum(3 + r as usize) as usize, meld_tiles);
            assert_eq!(f.scalars[5 + r as usize], obs.scores[seat]);
        }
        assert_eq!(sum(15) as usize, obs.dora_indicators.len());
        assert_eq!(sum(16), sum(15));
        // Plane 18 counts what the seat has not seen: with what it has seen,
        // every kind has four copies.
        let mut seen = [0u32; 34];
        for p in obs.visible_tiles() {
            seen[p.index()] += 1;
        }
        for (k, &s) in seen.iter().enumerate() {
            assert_eq!(u32::from(f.plane(18)[k]) + s, 4, "tile {k}");
        }
        assert!(f.scalars[0] < 4 && f.scalars[18] < 4 && f.scalars[18] >= -1);
        assert_eq!(f.tiles.len(), PLANES * 34);
        assert_eq!(f.scalars.len(), SCALARS);
    }
}

/// A call's tiles in a fixed order; other actions as they are.
fn sorted(a: &Action) -> Action {
    match a {
        Action::Pon { consumed } => {
            let mut c = *consumed;
            c.sort();
            Action::Pon { consumed: c }
        }
        Action::Chi { consumed } => {
            let mut c = *consumed;
            c.sort();
            Action::Chi { consumed: c }
        }
        other => other.clone(),
    }
}

impl Player for Checker {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        self.decisions += 1;
        self.check_indices(obs, legal);
        Self::check_features(obs);
        legal[self.rng.gen_range(0..legal.len())].clone()
    }
}

#[test]
fn action_indices_and_features_hold_at_every_decision() {
    let rules = Rules::tenhou();
    let mut p: [Checker; 4] = std::array::from_fn(|i| Checker {
        rng: ChaCha8Rng::seed_from_u64(i as u64),
        decisions: 0,
        kinds: HashSet::new(),
    });
    for seed in 0..8 {
        let [a, b, c, d] = &mut p;
        let mut players: [&mut dyn Player; 4] = [a, b, c, d];
        play_game(&rules, seed, &mut players, false).unwrap();
    }
    let decisions: usize = p.iter().map(|c| c.decisions).sum();
    let kinds: HashSet<usize> = p.iter().flat_map(|c| c.kinds.iter().copied()).collect();
    assert!(decisions > 5_000, "{decisions}");
    // Every group of the numbering was met: discards, tsumogiri, riichi,
    // wins, chi, pon, kans, pass.
    for range in [
        0..37,
        37..74,
        74..148,
        148..150,
        150..156,
        156..158,
        159..227,
        228..229,
    ] {
        assert!(kinds.iter().any(|k| range.contains(k)), "none in {range:?}");
    }
}

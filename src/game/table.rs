//! Playing a whole game with four [`Player`]s: each decision of a
//! [`Game`] (which deals, settles competing calls, turns dora and records
//! every event) is put to the player of the seat asked.

use super::driver::{Game, Spectator};
use super::error::GameError;
use super::event::Event;
use super::legal::Action;
use super::observation::Observation;
use super::seat_index::SeatIndex;
use crate::rules::Rules;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player: given its view and the legal actions, it picks one — the way to
/// plug your own AI into [`play_game`], self-play and the terminal game.
///
/// The table asks at every decision: the seat's own turn (discards, riichi,
/// tsumo, kans, nine terminals) and every discard or kan it may call or rob
/// (chi, pon, kan, ron, pass). The [`Observation`] is the seat's view only
/// (its hand, every river and meld, the dora indicators, scores); `legal` is
/// never empty and the answer must be one of its actions.
///
/// A whole small player: it wins whenever it can, declares riichi when it
/// may, never calls, and otherwise discards the tile that leaves the most
/// tile acceptance (from [`crate::analyze`]). Against three random players
/// it wins the game:
///
/// ```
/// use tenpai::game::{play_game, Action, Observation, Player, RandomPlayer};
/// use tenpai::rules::{GameLength, Rules};
///
/// struct Efficient;
///
/// impl Player for Efficient {
///     fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
///         let win_or_riichi = |a: &&Action| {
///             matches!(a, Action::Tsumo | Action::Ron | Action::Riichi { .. })
///         };
///         if let Some(a) = legal.iter().find(win_or_riichi) {
///             return a.clone();
///         }
///         // The concealed tiles as counts; the analysis ranks every
///         // discard best first (lower shanten, then more ukeire).
///         let mut counts = [0u8; 34];
///         for t in obs.hand.iter().filter_map(|p| p.tile()) {
///             counts[t.index()] += 1;
///         }
///         for d in tenpai::analyze(&counts, None).unwrap_or_default() {
///             let this = |a: &&Action| {
///                 matches!(a, Action::Discard { pai, .. } if pai.tile() == Some(d.tile))
///             };
///             if let Some(a) = legal.iter().find(this) {
///                 return a.clone();
///             }
///         }
///         // A call prompt (or an unusual turn): let the tile go.
///         let pass = legal.iter().find(|a| **a == Action::Pass);
///         pass.unwrap_or(&legal[0]).clone()
///     }
/// }
///
/// let mut rules = Rules::tenhou();
/// rules.game.length = GameLength::East;
/// let mut me = Efficient;
/// let mut others: [RandomPlayer; 3] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [a, b, c] = &mut others;
/// let mut players: [&mut dyn Player; 4] = [&mut me, a, b, c];
/// let game = play_game(&rules, 1, &mut players, false)?;
/// assert_eq!(game.scores.iter().sum::<i32>(), 100_000);
/// assert_eq!(game.ranking[0], 0, "first place: seat 0");
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub trait Player {
    /// Picks one of `legal` (never empty). Returning an action not in `legal`
    /// makes [`play_game`] fail.
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action;

    /// Whether [`Player::act`] reads its observation (the default). A player
    /// that decides from the legal actions alone, such as [`RandomPlayer`],
    /// returns `false`; the table then does not bring its view up to date,
    /// so the observation it is handed is its own seat's but may be stale.
    fn reads_observation(&self) -> bool {
        true
    }

    /// Called with every event of the game, after the table applied it and
    /// before it asks anyone about it, as the referee sees it (every tile
    /// named): a player that passes events on, such as an external bot
    /// ([`crate::bot::ExternalBot`]), hides what its seat may not see
    /// ([`Event::seen_by`]). Does nothing by default.
    fn observe(&mut self, _event: &Event) {}
}

/// A player that wins whenever it can and otherwise picks uniformly at random
/// among its legal actions, from its own seeded RNG (for tests and self-play
/// baselines).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn reads_observation(&self) -> bool {
        false
    }

    fn act(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        if let Some(w) = legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            return w.clone();
        }
        legal[self.rng.gen_range(0..legal.len() as u32) as usize].clone()
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Every event, `start_game` to `end_game`.
    pub events: Vec<Event>,
    /// Final scores, in points, by seat.
    pub scores: [i32; 4],
    /// Seats by final rank (ties by seat order).
    pub ranking: [u8; 4],
    /// Rounds played.
    pub rounds: u32,
}

impl GameRecord {
    /// The game as mjai JSON lines (one event per line, newline-terminated).
    pub fn to_mjai(&self) -> String {
        let mut s = String::new();
        for e in &self.events {
            s.push_str(&e.to_json());
            s.push('\n');
        }
        s
    }
}

/// Plays a whole game from `seed` with four players (seat 0 deals first) and
/// records it. The same seed, rules and players give the same game on every
/// platform. With `check`, the state's invariants are checked after every event,
/// and the wall's physical tiles are compared with the state's unseen tiles.
///
/// # Errors
/// [`GameError`] when a player picks an action that is not legal, or (a bug)
/// when an invariant fails.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{play_game, Player, RandomPlayer};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [a, b, c, d] = &mut p;
/// let mut players: [&mut dyn Player; 4] = [a, b, c, d];
/// let g = play_game(&rules, 42, &mut players, true)?;
/// assert_eq!(g.scores.iter().sum::<i32>(), 100_000);
/// assert!(g.to_mjai().starts_with("{\"type\":\"start_game\""));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn play_game<'a>(
    rules: &Rules,
    seed: u64,
    players: &'a mut [&'a mut dyn Player; 4],
    check: bool,
) -> Result<GameRecord, GameError> {
    play_game_watched(rules, seed, players, check, None)
}

/// [`play_game`], calling `spectator` after every event with the event and the
/// whole state after it (the referee's view: every hand and nothing of the
/// wall). A terminal game uses it to redraw as the AI players move; show a
/// person only [`Observation::of`] their own seat.
///
/// # Errors
/// As [`play_game`].
///
/// # Panics
/// Never (unless `spectator` panics).
///
/// ```
/// use tenpai::game::{play_game_watched, Event, Player, RandomPlayer, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut p: [RandomPlayer; 4] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [a, b, c, d] = &mut p;
/// let mut players: [&mut dyn Player; 4] = [a, b, c, d];
/// let mut discards = 0;
/// let mut count = |e: &Event, _: &State| discards += usize::from(matches!(e, Event::Dahai { .. }));
/// let g = play_game_watched(&rules, 42, &mut players, false, Some(&mut count))?;
/// assert_eq!(discards, g.events.iter().filter(|e| matches!(e, Event::Dahai { .. })).count());
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn play_game_watched<'a>(
    rules: &Rules,
    seed: u64,
    players: &'a mut [&'a mut dyn Player; 4],
    check: bool,
    spectator: Option<Spectator<'a>>,
) -> Result<GameRecord, GameError> {
    let mut game = Game::watched(rules, seed, check, spectator)?;
    let check = check || cfg!(debug_assertions);
    // One view per seat, refreshed before each question (no allocation),
    // with the concealed tiles (counts, red fives) it was last refreshed with.
    let mut views: [Observation; 4] = SeatIndex::ALL.map(|s| Observation::of(game.state(), s));
    let mut view_hands: [Option<(crate::TileCounts, [u8; 3])>; 4] = [None; 4];
    // Events up to here have been shown to every player (Player::observe).
    let mut observed = 0;
    loop {
        for e in &game.events()[observed..] {
            for p in players.iter_mut() {
                p.observe(e);
            }
        }
        observed = game.events().len();
        let Some(seat) = game.to_act() else { break };
        let s = seat.index();
        let obs = &mut views[s];
        if players[s].reads_observation() {
            let me = game.state().seat(seat);
            let hand = Some((*me.concealed(), me.red_fives()));
            let unchanged = view_hands[s] == hand;
            view_hands[s] = hand;
            obs.refresh_same_game(game.state(), seat, unchanged);
            if check && *obs != Observation::of(game.state(), seat) {
                return Err(GameError::Invariant(format!(
                    "seat {seat}'s refreshed view differs from a new one"
                )));
            }
        }
        let a = players[s].act(obs, game.legal());
        game.step(&a)?;
    }
    let rounds = game.rounds();
    let scores = game.state().scores();
    Ok(GameRecord {
        events: game.into_events(),
        scores,
        ranking: super::ranking(&scores),
        rounds,
    })
}

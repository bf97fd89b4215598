//! [`McPlayer`]: the Monte Carlo search behind the [`Player`] trait.

use super::search::{mix, search_in, thread_pool, Budget, SearchReport, Settings, Watch};
use crate::game::{Action, Observation, Player};
use crate::rules::Rules;

/// A hook called after every decision with the seat's view and the search
/// report (for decision logs and hint panels).
pub type DecisionHook = Box<dyn FnMut(&Observation, &SearchReport) + Send>;

/// The Monte Carlo player: every decision is a [`search`](super::search()) over
/// sampled worlds.
///
/// The search seed of decision `i` is derived from the player's seed and `i`,
/// so a game with a sample budget reproduces exactly.
///
/// ```
/// use tenpai::ai::mc::{Budget, McPlayer};
/// use tenpai::game::{play_game, Player, RandomPlayer};
/// let mut rules = tenpai::rules::Rules::tenhou();
/// rules.game.length = tenpai::rules::GameLength::East;
/// let mut mc = McPlayer::new(&rules, Budget::Samples(40), 1);
/// let mut r: [RandomPlayer; 3] = std::array::from_fn(|i| RandomPlayer::new(i as u64));
/// let [r1, r2, r3] = &mut r;
/// let mut players: [&mut dyn Player; 4] = [&mut mc, r1, r2, r3];
/// let game = play_game(&rules, 7, &mut players, false)?;
/// assert_eq!(game.scores.iter().sum::<i32>(), 100_000);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub struct McPlayer {
    rules: Rules,
    settings: Settings,
    seed: u64,
    decisions: u64,
    hook: Option<DecisionHook>,
    last: Option<SearchReport>,
    /// The rollout threads when `settings.threads` > 1, started once.
    pool: Option<rayon::ThreadPool>,
}

impl std::fmt::Debug for McPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McPlayer")
            .field("settings", &self.settings)
            .field("seed", &self.seed)
            .field("decisions", &self.decisions)
            .finish_non_exhaustive()
    }
}

impl McPlayer {
    /// A Monte Carlo player for `rules` thinking `budget` per decision on the
    /// calling thread, seeded with `seed`.
    pub fn new(rules: &Rules, budget: Budget, seed: u64) -> McPlayer {
        McPlayer::with_settings(
            rules,
            Settings {
                budget,
                threads: 1,
                ..Default::default()
            },
            seed,
        )
    }

    /// A Monte Carlo player with every setting given; with `threads` > 1 it
    /// starts its rollout threads once, here, and keeps them (the calling
    /// thread alone if they cannot be started).
    pub fn with_settings(rules: &Rules, settings: Settings, seed: u64) -> McPlayer {
        McPlayer {
            rules: rules.clone(),
            settings,
            seed,
            decisions: 0,
            hook: None,
            last: None,
            pool: thread_pool(settings.threads),
        }
    }

    /// Calls `hook` after every decision with the view and the report.
    pub fn on_decision(mut self, hook: DecisionHook) -> McPlayer {
        self.hook = Some(hook);
        self
    }

    /// The report of the last decision.
    pub fn last_report(&self) -> Option<&SearchReport> {
        self.last.as_ref()
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Searches without acting (the decision counter still advances, so the
    /// seeds stay those of a game).
    pub fn think(&mut self, obs: &Observation, legal: &[Action]) -> SearchReport {
        self.think_in(obs, legal, None)
    }

    /// [`McPlayer::think`], calling `watch` with the report so far after
    /// every step of the search (a front end shows the search live); the
    /// result is the same as without it.
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use tenpai::ai::mc::{Budget, McPlayer};
    /// use tenpai::game::{legal_actions, Game, Observation};
    /// let rules = tenpai::rules::Rules::tenhou();
    /// let g = Game::new(&rules, 3, false)?;
    /// let obs = Observation::of(g.state(), tenpai::game::SeatIndex::ALL[0]);
    /// let steps = Mutex::new(Vec::new());
    /// let mut mc = McPlayer::new(&rules, Budget::Samples(600), 1);
    /// let r = mc.think_watched(&obs, g.legal(), &|so_far| steps.lock().unwrap().push(so_far.samples));
    /// let steps = steps.into_inner().unwrap();
    /// assert!(steps.len() > 1 && steps.windows(2).all(|w| w[0] <= w[1]));
    /// assert_eq!(steps.last(), Some(&r.samples));
    /// let unwatched = McPlayer::new(&rules, Budget::Samples(600), 1).think(&obs, g.legal());
    /// assert_eq!((r.candidates, r.chosen), (unwatched.candidates, unwatched.chosen));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn think_watched(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        watch: Watch<'_>,
    ) -> SearchReport {
        self.think_in(obs, legal, Some(watch))
    }

    fn think_in(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        watch: Option<Watch<'_>>,
    ) -> SearchReport {
        let seed = mix(self.seed, self.decisions);
        self.decisions += 1;
        search_in(
            obs,
            legal,
            &self.rules,
            self.settings,
            seed,
            self.pool.as_ref(),
            &super::SystemClock::new(),
            watch,
        )
    }
}

impl Player for McPlayer {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let report = self.think(obs, legal);
        if let Some(h) = self.hook.as_mut() {
            h(obs, &report);
        }
        let chosen = if legal.contains(&report.chosen) || legal.is_empty() {
            report.chosen.clone()
        } else {
            legal[0].clone()
        };
        self.last = Some(report);
        chosen
    }
}

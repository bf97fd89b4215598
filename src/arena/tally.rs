//! [`Tally`]: self-play statistics in mergeable form. Every measure is kept
//! as integer sums (count, sum, sum of squares), so adding games in any order,
//! on any number of threads or machines, and merging the parts gives exactly
//! the same numbers; means and intervals are computed only at the end
//! ([`Tally::stats`]).

use super::kind::ALIASES;
use super::{ArenaError, Config, GameSet, Played, PlayerKind, PlayerStats};
use crate::ai::mc::Settings;
use crate::game::{Event, GameRecord};
use serde::{Deserialize, Serialize};

/// Count, sum and sum of squares of integer samples: the sufficient
/// statistics of a mean and its variance, exact and mergeable by addition.
///
/// Sums never overflow in practice (`i128`/`u128`); they saturate rather
/// than wrap.
///
/// ```
/// use tenpai::arena::Moments;
/// let mut m = Moments::default();
/// for x in [1, 2, 2, 4] { m.add(x); }
/// assert_eq!((m.n, m.sum, m.sum_sq), (4, 9, 25));
/// let e = m.estimate();
/// assert_eq!(e.mean, 2.25);
/// // Sample variance (25 − 81/4) / 3 = 1.583…; 1.96 · √(1.583… / 4) = 1.2331…
/// assert!((e.ci95 - 1.2331).abs() < 1e-4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moments {
    /// Number of samples.
    pub n: u64,
    /// Sum of the samples.
    pub sum: i128,
    /// Sum of the squares of the samples.
    pub sum_sq: u128,
}

impl Moments {
    /// Adds one sample.
    pub fn add(&mut self, x: i64) {
        self.n = self.n.saturating_add(1);
        self.sum = self.sum.saturating_add(i128::from(x));
        self.sum_sq = self
            .sum_sq
            .saturating_add(i128::from(x).unsigned_abs().pow(2));
    }

    /// Adds every sample of `other`.
    pub fn merge(&mut self, other: &Moments) {
        self.n = self.n.saturating_add(other.n);
        self.sum = self.sum.saturating_add(other.sum);
        self.sum_sq = self.sum_sq.saturating_add(other.sum_sq);
    }

    /// The mean with its 95 % interval (normal approximation, sample
    /// variance); zeros without samples, a zero interval with one.
    ///
    /// # Panics
    /// Never.
    pub fn estimate(&self) -> super::Estimate {
        let n = self.n as f64;
        if self.n == 0 {
            return super::Estimate {
                mean: 0.0,
                ci95: 0.0,
                n: 0,
            };
        }
        let mean = self.sum as f64 / n;
        // n·Σx² − (Σx)² ≥ 0, exact in integers while it fits.
        let spread = self
            .sum_sq
            .checked_mul(u128::from(self.n))
            .zip(self.sum.unsigned_abs().checked_pow(2))
            .map(|(a, b)| a.saturating_sub(b) as f64)
            .unwrap_or_else(|| (self.sum_sq as f64 * n - mean * mean * n * n).max(0.0));
        let var = if self.n > 1 {
            spread / (n * (n - 1.0))
        } else {
            0.0
        };
        super::Estimate {
            mean,
            ci95: 1.96 * (var / n).sqrt(),
            n: self.n,
        }
    }
}

/// One player's sums over the games of a [`Tally`].
///
/// Per game: `rank` (final rank 1–4, ties by seat order) and `points` (final
/// points, in 1s). Per round played: `win` (1 when it won the round),
/// `deal_in` (1 when another seat won by ron on its discard), `riichi` (1
/// when it declared riichi), `call` (1 when it called chi, pon or an open
/// kan).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerTally {
    /// Final rank, per game.
    pub rank: Moments,
    /// Final points (in 1s), per game.
    pub points: Moments,
    /// Rounds won, per round.
    pub win: Moments,
    /// Rounds lost by dealing in, per round.
    pub deal_in: Moments,
    /// Rounds with a riichi declaration, per round.
    pub riichi: Moments,
    /// Rounds with a call, per round.
    pub call: Moments,
}

impl PlayerTally {
    /// Every measure, in the order of the fields.
    fn measures(&self) -> [&Moments; 6] {
        [
            &self.rank,
            &self.points,
            &self.win,
            &self.deal_in,
            &self.riichi,
            &self.call,
        ]
    }

    fn merge(&mut self, o: &PlayerTally) {
        self.rank.merge(&o.rank);
        self.points.merge(&o.points);
        self.win.merge(&o.win);
        self.deal_in.merge(&o.deal_in);
        self.riichi.merge(&o.riichi);
        self.call.merge(&o.call);
    }

    /// Adds one game of `record` played at `seat`.
    fn add_game(&mut self, record: &GameRecord, seat: u8) {
        let rank = record.ranking.iter().position(|&s| s == seat).unwrap_or(3);
        self.rank.add(rank as i64 + 1);
        self.points
            .add(i64::from(record.scores[usize::from(seat) % 4]));
        let (mut won, mut dealt_in, mut riichi, mut called, mut open) =
            (false, false, false, false, false);
        for e in &record.events {
            match e {
                Event::StartKyoku { .. } => {
                    (won, dealt_in, riichi, called) = (false, false, false, false);
                    open = true;
                }
                Event::Hora { actor, target, .. } => {
                    won |= *actor == seat;
                    dealt_in |= *target == seat && *actor != seat;
                }
                Event::Reach { actor } => riichi |= *actor == seat,
                Event::Chi { actor, .. }
                | Event::Pon { actor, .. }
                | Event::Daiminkan { actor, .. } => called |= *actor == seat,
                Event::EndKyoku if open => {
                    self.win.add(won.into());
                    self.deal_in.add(dealt_in.into());
                    self.riichi.add(riichi.into());
                    self.call.add(called.into());
                    open = false;
                }
                _ => {}
            }
        }
    }
}

/// The mergeable statistics of some games of one self-play run: the run's
/// [`Config`], which games are counted ([`GameSet`]), and per player (in the
/// order of [`Config::players`]) the integer sums of every measure
/// ([`PlayerTally`]).
///
/// Games are added as they finish ([`Tally::add`], or [`super::play()`] which
/// returns one) and then dropped, so a run of any length needs the memory of
/// a few games. Tallies of parts of one run — threads, shards, machines —
/// merge exactly ([`Tally::merge`]): N shards give the same tally, and so the
/// same [`Tally::stats`], as one run over the same games. A tally travels as
/// JSON ([`Tally::to_json`], [`Tally::from_json`], or serde): the same type
/// `tenpai selfplay --shard K/N --json` writes and `tenpai selfplay merge`
/// reads.
///
/// ```
/// use tenpai::arena::{play, Config, PlayerKind, Shard, Tally};
/// let mut rules = tenpai::rules::Rules::tenhou();
/// rules.game.length = tenpai::rules::GameLength::East;
/// let config = Config { rules, games: 12, seed: 5, duplicate: false,
///     players: [PlayerKind::Baseline, PlayerKind::Random, PlayerKind::Random, PlayerKind::Random] };
/// let whole = play(&config, 0..12, &())?;
/// let mut merged = Tally::new(config.clone());
/// for k in [3, 1, 2] {
///     let part = play(&config, Shard::new(k, 3)?.games(&config), &())?;
///     let json = part.to_json();                    // e.g. written by one machine
///     merged.merge(&Tally::from_json(&json)?)?;      // and read by another
/// }
/// assert_eq!(merged, whole);
/// assert_eq!(merged.stats(), whole.stats());
/// assert_eq!(whole.stats()[0].rank.n, 12);
/// # Ok::<(), tenpai::arena::ArenaError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "TallyIn", into = "TallyRepr")]
pub struct Tally {
    config: Config,
    games: GameSet,
    players: [PlayerTally; 4],
}

impl Tally {
    /// An empty tally of `config`'s run, its players named explicitly
    /// ([`PlayerKind::explicit`]: a [`PlayerKind::Baseline`] is kept as
    /// [`PlayerKind::BaselineV2`], the same player), as its JSON names them.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::arena::{Config, PlayerKind, Tally};
    /// let config = Config { rules: tenpai::rules::Rules::tenhou(), games: 4, seed: 1,
    ///     duplicate: false, players: std::array::from_fn(|_| PlayerKind::Baseline) };
    /// assert_eq!(Tally::new(config).config().players[0], PlayerKind::BaselineV2);
    /// ```
    pub fn new(mut config: Config) -> Tally {
        config.players = config.players.map(|k| k.explicit());
        Tally {
            config,
            games: GameSet::default(),
            players: [PlayerTally::default(); 4],
        }
    }

    /// The run's settings, every player named explicitly
    /// ([`PlayerKind::explicit`]).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The games counted.
    pub fn games(&self) -> &GameSet {
        &self.games
    }

    /// The sums of each player, in the order of [`Config::players`].
    pub fn players(&self) -> &[PlayerTally; 4] {
        &self.players
    }

    /// Whether every game of the run (`0..config.games`) is counted.
    pub fn is_complete(&self) -> bool {
        self.games.is_all_of(self.config.games)
    }

    /// Counts one finished game of this run.
    ///
    /// # Errors
    /// [`ArenaError::OutOfRange`] for a game outside the run,
    /// [`ArenaError::Mismatch`] when its seed or seating is not the run's for
    /// that game number, [`ArenaError::CountedTwice`]; the tally is then
    /// unchanged.
    pub fn add(&mut self, played: &Played) -> Result<(), ArenaError> {
        let g = played.game();
        if g >= self.config.games {
            return Err(ArenaError::OutOfRange {
                start: g,
                end: g + 1,
                games: self.config.games,
            });
        }
        if self.config.seating(g) != (played.seed(), *played.players()) {
            return Err(ArenaError::Mismatch("seed or seating"));
        }
        self.games.insert(g..g + 1)?;
        for (seat, &p) in played.players().iter().enumerate() {
            self.players[p].add_game(played.record(), seat as u8);
        }
        Ok(())
    }

    /// Adds every game of `other`, a tally of other games of the same run
    /// (the Monte Carlo players' threads may differ: they change how fast a
    /// decision is computed, not what is played; this tally's are kept).
    /// Players are compared by their explicit kinds: `mc-v1` and
    /// `mc-learned` differ, `baseline` and `baseline-v2` are one player.
    ///
    /// # Errors
    /// [`ArenaError::Mismatch`] naming the first setting that differs
    /// (length, rules preset, scoring rules, other game rules, games, seed,
    /// players, duplicate), [`ArenaError::CountedTwice`]
    /// when both count a game; the tally is then unchanged.
    pub fn merge(&mut self, other: &Tally) -> Result<(), ArenaError> {
        let (a, b) = (&self.config, &other.config);
        // The threads of a Monte Carlo decision say how it is computed, not
        // what is played: shards may run on machines of different sizes.
        let played = |k: &PlayerKind| match k {
            PlayerKind::Mc(s) => PlayerKind::Mc(Settings { threads: 1, ..*s }),
            k => k.clone(),
        };
        let differs = [
            (a.rules.game.length != b.rules.game.length, "length"),
            (a.rules.name != b.rules.name, "rules preset"),
            (a.rules.scoring != b.rules.scoring, "scoring rules"),
            (a.rules != b.rules, "game rules"),
            (a.games != b.games, "number of games"),
            (a.seed != b.seed, "seed"),
            (
                a.players
                    .iter()
                    .map(played)
                    .ne(b.players.iter().map(played)),
                "players",
            ),
            (a.duplicate != b.duplicate, "duplicate mode"),
        ];
        if let Some(&(_, field)) = differs.iter().find(|d| d.0) {
            return Err(ArenaError::Mismatch(field));
        }
        self.games.union(&other.games)?;
        for (p, o) in self.players.iter_mut().zip(&other.players) {
            p.merge(o);
        }
        Ok(())
    }

    /// Means and 95 % intervals per player, in the order of
    /// [`Config::players`].
    ///
    /// # Panics
    /// Never.
    pub fn stats(&self) -> [PlayerStats; 4] {
        std::array::from_fn(|p| {
            let t = &self.players[p];
            PlayerStats {
                player: p,
                kind: self.config.players[p].clone(),
                rank: t.rank.estimate(),
                win_rate: t.win.estimate(),
                deal_in_rate: t.deal_in.estimate(),
                riichi_rate: t.riichi.estimate(),
                call_rate: t.call.estimate(),
                points: t.points.estimate(),
            }
        })
    }

    /// The tally as one line of JSON: `{"config": {...}, "games": [[0, n]],
    /// "players": [{"rank": {"n": .., "sum": .., "sum_sq": ..}, "points":
    /// .., "win": .., "deal_in": .., "riichi": .., "call": ..}, ×4]}`, the
    /// config's players by their explicit names (`{"kind": "mc-learned",
    /// "samples": 200, "threads": 1}`, `{"kind": "baseline-v2"}`:
    /// [`PlayerKind`]'s JSON), the same players in every build.
    ///
    /// # Panics
    /// Never.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a tally serializes")
    }

    /// A tally from the JSON of [`Tally::to_json`], checked: every player
    /// named explicitly (`mc-learned`, `baseline-v2`, never `mc` or
    /// `baseline`, whose meaning changed between the builds that wrote
    /// them), game ranges sorted and inside the run, the per-game counts
    /// equal to the games, the per-round counts equal for every player and
    /// measure, ranks summing to 10 a game, 0/1 measures no larger than
    /// their counts.
    ///
    /// # Errors
    /// [`ArenaError::Json`] for text that is not a tally,
    /// [`ArenaError::AmbiguousPlayer`] for a player named `mc` or `baseline`
    /// (written by a build before explicit names), [`ArenaError::BadGames`],
    /// [`ArenaError::BadPlayer`] or [`ArenaError::Inconsistent`] (naming the
    /// count) for one that does not hold together.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::arena::{play, Config, PlayerKind, Tally};
    /// let mut rules = tenpai::rules::Rules::tenhou();
    /// rules.game.length = tenpai::rules::GameLength::East;
    /// let config = Config { rules, games: 1, seed: 1, duplicate: false,
    ///     players: [PlayerKind::Baseline, PlayerKind::Random, PlayerKind::Random, PlayerKind::Random] };
    /// let json = play(&config, 0..1, &())?.to_json();
    /// assert!(json.contains(r#"{"kind":"baseline-v2"}"#));
    /// let old = json.replace(r#"{"kind":"baseline-v2"}"#, r#"{"kind":"baseline"}"#);
    /// assert_eq!(Tally::from_json(&old).unwrap_err().to_string(),
    ///     "player 0 is \"baseline\", a name whose meaning changed (baseline-v1 in builds \
    ///      before 2026-12-02, commit 0766125, baseline-v2 in later ones): write \"baseline-v1\" \
    ///      or \"baseline-v2\" in the tally if you know which build wrote it");
    /// # Ok::<(), tenpai::arena::ArenaError>(())
    /// ```
    pub fn from_json(text: &str) -> Result<Tally, ArenaError> {
        let repr: TallyIn = serde_json::from_str(text)?;
        Tally::try_from(repr)
    }
}

/// The serialized form of a [`Tally`], as written (its players by their
/// explicit names, [`PlayerKind::explicit_name`]).
#[derive(Serialize)]
struct TallyRepr {
    config: Config,
    games: GameSet,
    players: [PlayerTally; 4],
}

/// The serialized form of a [`Tally`] as read, checked on the way in: the
/// config is kept as JSON until no player in it is named by an alias
/// ([`super::kind::ALIASES`], which reading it as a [`Config`] would take
/// for this build's default).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TallyIn {
    config: serde_json::Value,
    games: GameSet,
    players: [PlayerTally; 4],
}

impl From<Tally> for TallyRepr {
    fn from(t: Tally) -> TallyRepr {
        TallyRepr {
            config: t.config,
            games: t.games,
            players: t.players,
        }
    }
}

impl TryFrom<TallyIn> for Tally {
    type Error = ArenaError;

    fn try_from(r: TallyIn) -> Result<Tally, ArenaError> {
        let bad = |what: String| Err(ArenaError::Inconsistent(what));
        let names = r.config["players"].as_array().into_iter().flatten();
        for (player, kind) in names.map(|k| k["kind"].as_str()).enumerate() {
            if let Some(a) = ALIASES.iter().find(|a| Some(a.name) == kind) {
                return Err(ArenaError::AmbiguousPlayer {
                    player,
                    alias: a.name,
                    before: a.before,
                    after: a.after,
                    changed: a.changed,
                });
            }
        }
        let r = TallyRepr {
            config: Config::deserialize(r.config)?,
            games: r.games,
            players: r.players,
        };
        if let Some(last) = r.games.ranges().last() {
            if last.end > r.config.games {
                return Err(ArenaError::OutOfRange {
                    start: last.start,
                    end: last.end,
                    games: r.config.games,
                });
            }
        }
        let games = r.games.len();
        let rounds = r.players[0].win.n;
        let mut ranks = 0i128;
        let mut rank_squares = 0u128;
        for (p, t) in r.players.iter().enumerate() {
            if t.rank.n != games || t.points.n != games {
                return bad(format!(
                    "player {p} has {} ranks and {} point totals for {games} games",
                    t.rank.n, t.points.n
                ));
            }
            for (name, m) in ["win", "deal_in", "riichi", "call"]
                .iter()
                .zip(&t.measures()[2..])
            {
                if m.n != rounds
                    || m.sum < 0
                    || m.sum > i128::from(m.n)
                    || m.sum_sq != m.sum as u128
                {
                    return bad(format!("player {p}'s {name}: {} of {} rounds (sum of squares {}), expected 0/1 samples over {rounds} rounds", m.sum, m.n, m.sum_sq));
                }
            }
            // Ranks 1–4: n ≤ sum ≤ 4n, sum ≤ sum of squares ≤ 4 sum, and
            // sum² ≤ n × sum of squares (Cauchy–Schwarz).
            let (n, sum, sq) = (i128::from(t.rank.n), t.rank.sum, t.rank.sum_sq);
            let sq_fits = i128::try_from(sq).is_ok_and(|sq| {
                sum <= sq && sq <= 4 * sum && sum.checked_mul(sum).is_some_and(|s2| s2 <= n * sq)
            });
            if sum < n || sum > 4 * n || !sq_fits {
                return bad(format!(
                    "player {p}'s ranks sum to {sum} (squares {sq}) over {n} games, which ranks 1 to 4 cannot"
                ));
            }
            ranks += t.rank.sum;
            rank_squares += sq;
        }
        if ranks != 10 * i128::from(games) {
            return bad(format!(
                "ranks sum to {ranks} over {games} games (1 + 2 + 3 + 4 = 10 a game)"
            ));
        }
        if rank_squares != 30 * u128::from(games) {
            return bad(format!(
                "the ranks' squares sum to {rank_squares} over {games} games (1 + 4 + 9 + 16 = 30 a game)"
            ));
        }
        Ok(Tally {
            config: r.config,
            games: r.games,
            players: r.players,
        })
    }
}

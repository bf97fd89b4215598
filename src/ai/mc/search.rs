//! The search: compare the candidate actions on the same sampled worlds
//! (common random numbers) and spend the samples on the close ones by
//! successive halving (Karnin, Koren & Somekh, "Almost Optimal Exploration in
//! Multi-Armed Bandits", ICML 2013): every candidate gets a batch of worlds,
//! the worse half by mean value is dropped, the survivors get twice as many,
//! until one is left or the budget is spent.
//!
//! The value of an ending is the seat's expected final rank (`value.rs`):
//! exact when the round ends the game, otherwise with the rounds left
//! modelled as normal noise on the score differences, so that a lead is
//! protected and a deficit chased in proportion to the rounds left.
//!
//! Trivial decisions skip the search: a single legal action, and a win
//! (tsumo or ron) outside the last round, where taking the points is taken
//! as right: a win ends the round with the seat gaining on every opponent
//! (only in the last round can a cheap win cost a place, e.g. when a bigger
//! hand was needed).

use super::acc::{Acc, Anchors};
use super::against::Choices;
use super::clock::{Clock, SystemClock};
use super::determinize::Determinizer;
use super::halving::{halve, Searcher};
use super::paired::PairedDiff;
use super::policy::shanten;
use super::value::Placement;
use super::version::Version;
use super::world::{code_of, kind, World};
use crate::game::{Action, Observation};
use crate::rules::Rules;
use std::time::Duration;

/// How long a decision may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many rollouts in all (over every candidate), played exactly
    /// (more only when the first halving round has more candidates);
    /// deterministic for a given seed.
    Samples(u32),
    /// About this much wall-clock time: the halving schedule is refitted to
    /// the measured rollout speed after every round, and the last round plays
    /// until the deadline (results then depend on the machine's speed).
    Time(Duration),
}

impl Default for Budget {
    /// 50 ms per decision.
    fn default() -> Budget {
        Budget::Time(Duration::from_millis(50))
    }
}

impl std::fmt::Display for Budget {
    /// `2000 samples` or `50ms`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Samples(n) => write!(f, "{n} samples"),
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

/// Settings of the Monte Carlo search.
///
/// ```
/// use tenpai::ai::mc::{Budget, Settings};
/// let s = Settings { budget: Budget::Samples(500), ..Settings::default() };
/// assert_eq!(s.threads, 0); // the calling thread only
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings {
    /// The thinking budget.
    pub budget: Budget,
    /// Worker threads for the rollouts (0 or 1: the calling thread only).
    /// Results for a sample budget are the same for any number.
    pub threads: usize,
    /// The baseline the search is built on: its prior and rollout rules.
    pub version: Version,
}

/// One candidate action and what its rollouts gave.
///
/// Equality compares the numbers bit for bit, so that the NaN of a candidate
/// without samples equals itself and identical reports are equal.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The action.
    pub action: Action,
    /// Rollouts played with it.
    pub samples: u32,
    /// Expected final rank (1–4; lower is better), the quantity the search
    /// minimises. NaN without samples (a decision that needed no search).
    pub rank: f64,
    /// Half-width of the 95 % confidence interval of `rank` (normal
    /// approximation, 1.96 standard errors); infinite below two samples.
    pub ci95: f64,
    /// Mean point change of the round, in points. The rates below, like this,
    /// are NaN without samples.
    pub points: f64,
    /// Share of rollouts the seat won (0–1).
    pub win: f64,
    /// Share of rollouts the seat dealt in (0–1).
    pub deal_in: f64,
    /// Share of rollouts the seat ended ready or winning (0–1).
    pub tenpai: f64,
    /// In a search against a reference action ([`search_against`](super::search_against)): this
    /// candidate's expected final rank minus the reference's, on the worlds
    /// both played. `None` for the reference itself and in other searches.
    pub vs_reference: Option<PairedDiff>,
}

impl PartialEq for Candidate {
    fn eq(&self, o: &Candidate) -> bool {
        let same = |a: f64, b: f64| a.to_bits() == b.to_bits();
        self.action == o.action
            && self.samples == o.samples
            && same(self.rank, o.rank)
            && same(self.ci95, o.ci95)
            && same(self.points, o.points)
            && same(self.win, o.win)
            && same(self.deal_in, o.deal_in)
            && same(self.tenpai, o.tenpai)
            && self.vs_reference == o.vs_reference
    }
}

/// The result of one search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// Candidates, best first (the survivors of the halving first, by value;
    /// then the dropped ones, latest dropped first).
    pub candidates: Vec<Candidate>,
    /// The chosen action (one of the legal actions given).
    pub chosen: Action,
    /// Rollouts played in all.
    pub samples: u32,
    /// Time taken.
    pub elapsed: Duration,
    /// The last round of the game: ranks at the end of the round are final
    /// (unless the dealer repeats or nobody reached the target).
    pub placement: bool,
    /// The decision needed no search (one action, or a win taken).
    pub trivial: bool,
    /// The baseline's choice among the candidates (the prior): it is chosen
    /// unless the best candidate beats it on the same worlds by more than
    /// two standard errors of the paired difference.
    pub prior: Option<Action>,
    /// The reference action of a [`search_against`](super::search_against) (always among the
    /// candidates); `None` for other searches.
    pub reference: Option<Action>,
}

/// A search's progress: called on the searching thread after every step of
/// rollouts (16 worlds for each candidate still in) with the report so far —
/// the candidates ranked as the final report ranks them and the action the
/// search would choose now — so that a front end can show the search as it
/// runs. It does not change what the search plays or chooses.
pub type Watch<'a> = &'a (dyn Fn(&SearchReport) + Sync);

/// Mixes a seed and an index into a new seed (SplitMix64's finalizer).
pub(crate) fn mix(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether this is the last round of the game (placement decides).
pub fn is_last_round(obs: &Observation, rules: &Rules) -> bool {
    Placement::new(obs, rules).last_round()
}

/// Whether two actions are the same candidate of the search: discards (and
/// riichi discards) of the same tile are one candidate whether the tile was
/// just drawn or not; other actions must be equal.
///
/// ```
/// use tenpai::ai::mc::same_play;
/// use tenpai::game::Action;
/// let p = "5m".parse()?;
/// let drawn = Action::Discard { pai: p, tsumogiri: true };
/// assert!(same_play(&drawn, &Action::Discard { pai: p, tsumogiri: false }));
/// assert!(!same_play(&drawn, &Action::Riichi { pai: p, tsumogiri: true }));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn same_play(a: &Action, b: &Action) -> bool {
    same(a, b)
}

/// Identity of a candidate: discards of the same tile are one candidate
/// whether drawn or not.
fn same(a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Discard { pai: x, .. }, Action::Discard { pai: y, .. })
        | (Action::Riichi { pai: x, .. }, Action::Riichi { pai: y, .. }) => x == y,
        _ => a == b,
    }
}

/// The distinct candidates among `legal`; without a riichi against the seat,
/// discards that leave the hand two or more steps worse than the best are
/// left out (they are never close).
pub fn candidates(obs: &Observation, legal: &[Action]) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    for a in legal {
        if !out.iter().any(|b| same(a, b)) {
            out.push(a.clone());
        }
    }
    let me = obs.seat.index();
    let threatened = (0..4).any(|s| s != me && obs.riichi[s]);
    if threatened {
        return out;
    }
    let (w, _) = World::observed(obs);
    let after = |a: &Action| -> Option<i8> {
        match a {
            Action::Discard { pai, .. } | Action::Riichi { pai, .. } => {
                let k = kind(code_of(*pai)?);
                let mut h = w.hands[me];
                h[k] = h[k].checked_sub(1)?;
                Some(shanten(&h))
            }
            _ => None,
        }
    };
    let best = out.iter().filter_map(after).min();
    if let Some(best) = best {
        out.retain(|a| after(a).is_none_or(|s| s <= best + 1));
    }
    out
}

/// Searches the best of `legal` for the seat of `obs`.
///
/// The baseline's choice ([`Settings::version`]) is the prior: the best candidate by mean value is
/// chosen only when it beats the prior on the same worlds clearly (by more
/// than two standard errors of the paired difference); otherwise the prior
/// is. This keeps sampling noise from
/// changing a sound default, and lets the search correct it where the
/// rollouts see a real difference.
///
/// Deterministic for a [`Budget::Samples`] budget and a given `seed` (also
/// with several threads). The legal actions must be those the engine offers
/// ([`crate::game::legal_actions`]); `chosen` is always one of them (the
/// first when `legal` is empty... which the engine never asks).
///
/// # Panics
/// Never; an empty `legal` gives a report choosing [`Action::Pass`].
///
/// ```
/// use tenpai::ai::mc::{search, Budget, Settings};
/// use tenpai::game::{legal_actions, Event, Observation, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut s = State::new(rules.clone());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E N S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "C".parse()? })?;
/// let legal = legal_actions(&s, tenpai::game::SeatIndex::ALL[0]);
/// let settings = Settings { budget: Budget::Samples(400), threads: 1, ..Default::default() };
/// let r = search(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]), &legal, &rules, settings, 1);
/// assert!(legal.contains(&r.chosen));
/// assert_eq!(r.samples, r.candidates.iter().map(|c| c.samples).sum::<u32>());
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn search(
    obs: &Observation,
    legal: &[Action],
    rules: &Rules,
    settings: Settings,
    seed: u64,
) -> SearchReport {
    let pool = thread_pool(settings.threads);
    search_in(
        obs,
        legal,
        rules,
        settings,
        seed,
        pool.as_ref(),
        &SystemClock::new(),
        None,
    )
}

/// [`search`] reading `clock` for a [`Budget::Time`] budget and for
/// [`SearchReport::elapsed`]. With a [`super::StepClock`] the time is a count of the
/// search's work, so the budget logic can be tested on any machine.
///
/// # Panics
/// Never.
///
/// ```
/// use std::time::Duration;
/// use tenpai::ai::mc::{search_with_clock, Budget, Settings, StepClock};
/// use tenpai::game::{legal_actions, Event, Observation, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut s = State::new(rules.clone());
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E N S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// s.apply(&Event::Tsumo { actor: 0, pai: "C".parse()? })?;
/// let legal = legal_actions(&s, tenpai::game::SeatIndex::ALL[0]);
/// // 10 ms of budget at 50 µs a reading: at most 200 rollouts.
/// let settings = Settings { budget: Budget::Time(Duration::from_millis(10)), threads: 1, ..Default::default() };
/// let clock = StepClock::new(Duration::from_micros(50));
/// let r = search_with_clock(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]), &legal, &rules, settings, 1, &clock);
/// assert!(r.samples <= 200 && r.elapsed >= Duration::from_millis(10));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn search_with_clock(
    obs: &Observation,
    legal: &[Action],
    rules: &Rules,
    settings: Settings,
    seed: u64,
    clock: &dyn Clock,
) -> SearchReport {
    let pool = thread_pool(settings.threads);
    search_in(
        obs,
        legal,
        rules,
        settings,
        seed,
        pool.as_ref(),
        clock,
        None,
    )
}

/// A pool of `threads` rollout threads; `None` for 0 or 1 (the calling
/// thread) or when they cannot be started.
pub(crate) fn thread_pool(threads: usize) -> Option<rayon::ThreadPool> {
    (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        })
        .flatten()
}

/// [`search`] on a thread pool the caller keeps (`None`: the calling thread;
/// `settings.threads` is then not read). A [`super::McPlayer`] keeps one for
/// all its decisions instead of starting threads for each.
/// `watch`, when given, is called with the report so far as the search goes
/// on ([`Watch`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_in(
    obs: &Observation,
    legal: &[Action],
    rules: &Rules,
    settings: Settings,
    seed: u64,
    pool: Option<&rayon::ThreadPool>,
    clock: &dyn Clock,
    watch: Option<Watch<'_>>,
) -> SearchReport {
    let choices = Choices {
        legal,
        reference: None,
        watch,
    };
    run(obs, choices, rules, settings, seed, pool, clock)
}

/// The search of [`search_in`] and [`search_against`](super::search_against).
pub(super) fn run(
    obs: &Observation,
    choices: Choices<'_>,
    rules: &Rules,
    settings: Settings,
    seed: u64,
    pool: Option<&rayon::ThreadPool>,
    clock: &dyn Clock,
) -> SearchReport {
    let Choices {
        legal,
        reference,
        watch,
    } = choices;
    let started = clock.now();
    let model = Placement::new(obs, rules);
    let placement = model.last_round();
    let mut cands = candidates(obs, legal);
    if let Some(r) = reference.filter(|r| !cands.iter().any(|c| same(c, r))) {
        cands.push(r.clone());
    }
    let refi = reference.and_then(|r| cands.iter().position(|c| same(c, r)));
    if let Some(chosen) = trivial_pick(&cands, placement, reference) {
        return SearchReport {
            candidates: vec![Acc::default().candidate(chosen.clone())],
            chosen,
            samples: 0,
            elapsed: clock.now().saturating_sub(started),
            placement,
            trivial: true,
            prior: None,
            reference: reference.cloned(),
        };
    }
    let det = Determinizer::new(obs, rules);
    let prior = baseline_prior(obs, legal, rules, settings.version, &cands);
    let mut s = Searcher {
        det: &det,
        worlds: Vec::new(),
        base: 0,
        seed,
        me: obs.seat.get(),
        rules,
        styles: settings.version.styles(obs.seat.index()),
        model,
        pool,
        clock,
        anchors: Anchors {
            prior,
            reference: refi,
        },
        deadline: match settings.budget {
            Budget::Time(d) => Some(started + d),
            Budget::Samples(_) => None,
        },
        watch: watch.map(|f| super::halving::Watching {
            f,
            cands: &cands,
            started,
            placement,
            reference,
        }),
    };
    let acc = halve(&mut s, &cands, settings.budget);
    let (candidates, pick) = ranked(&acc, &cands, s.anchors);
    let chosen = cands[pick].clone();
    // The engine's own action (drawn-tile flag) for the chosen candidate.
    let chosen = legal
        .iter()
        .find(|a| same(a, &chosen))
        .cloned()
        .unwrap_or(chosen);
    SearchReport {
        samples: candidates.iter().map(|c| c.samples).sum(),
        candidates,
        chosen,
        elapsed: clock.now().saturating_sub(started),
        placement,
        trivial: false,
        prior: prior.map(|p| cands[p].clone()),
        reference: reference.cloned(),
    }
}

/// The action to take without a search, if the decision is trivial: the only
/// candidate, or (outside the last round) a win, unless a reference other
/// than the win is to be measured.
fn trivial_pick(cands: &[Action], placement: bool, reference: Option<&Action>) -> Option<Action> {
    if cands.len() <= 1 {
        Some(cands.first().cloned().unwrap_or(Action::Pass))
    } else if !placement {
        cands
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
            .filter(|w| reference.is_none_or(|r| same(w, r)))
            .cloned()
    } else {
        None
    }
}

/// The candidate number of the action of the baseline player of `version`
/// (the prior), if it is a candidate and the view is one the baseline can
/// read.
fn baseline_prior(
    obs: &Observation,
    legal: &[Action],
    rules: &Rules,
    version: Version,
    cands: &[Action],
) -> Option<usize> {
    // The baseline reads every meld's tiles: only for views a table can give.
    let sane = obs
        .melds
        .iter()
        .flatten()
        .all(|m| m.tiles.iter().any(|p| p.tile().is_some()));
    (!legal.is_empty() && sane)
        .then(|| {
            let a = crate::game::Player::act(&mut version.baseline(rules), obs, legal);
            cands.iter().position(|c| same(c, &a))
        })
        .flatten()
}

/// The candidates in report order (survivors first, then by the halving
/// round they were dropped in, latest first; each group by mean value) and
/// the number of the one to play: the best, unless it does not clearly beat
/// the prior.
pub(super) fn ranked(acc: &[Acc], cands: &[Action], anchors: Anchors) -> (Vec<Candidate>, usize) {
    let k = cands.len();
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| {
        acc[b]
            .dropped
            .cmp(&acc[a].dropped)
            .then(acc[b].mean().total_cmp(&acc[a].mean()))
            .then(a.cmp(&b))
    });
    let refi = anchors.reference;
    let candidates: Vec<Candidate> = order
        .iter()
        .map(|&i| {
            let mut c = acc[i].candidate(cands[i].clone());
            // Rank is 4 minus the value: rank(i) - rank(r) = value(r) - value(i).
            c.vs_reference = refi.filter(|&r| r != i).map(|_| acc[i].vs_reference());
            c
        })
        .collect();
    let best = order[0];
    let pick = match anchors.prior {
        Some(p) if p != best && !acc[best].clearly_beats_prior() => p,
        _ => best,
    };
    (candidates, pick)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_without_samples_is_nan_and_equals_itself() {
        let c = Acc::default().candidate(Action::Tsumo);
        assert!(c.rank.is_nan() && c.points.is_nan() && c.win.is_nan());
        assert_eq!(c.ci95, f64::INFINITY);
        assert_eq!(c, c.clone());
        let mut d = c.clone();
        d.samples = 1;
        assert_ne!(c, d);
    }
}

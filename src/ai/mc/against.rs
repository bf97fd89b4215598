//! The search of a review: every candidate measured against a reference
//! action (the played one) on the same worlds.

use super::clock::Clock;
use super::search::{run, thread_pool, SearchReport, Settings};
use crate::game::{Action, Observation};
use crate::rules::Rules;

/// Searches the best of `legal` for the seat of `obs` as [`search_with_clock`](super::search_with_clock)
/// does, measuring every candidate against `reference` (a review's played
/// action): the reference is always a candidate (added when [`candidates`](super::candidates)
/// leaves it out), it is never dropped by the halving, and each other
/// candidate's [`Candidate::vs_reference`](super::Candidate::vs_reference) is its expected final rank minus
/// the reference's on the worlds both played ([`PairedDiff`](super::PairedDiff)). A win the
/// reference is not is searched like any candidate (so that declining it is
/// measured); a reference that is the win outside the last round is taken
/// without search, as [`search`](super::search()) takes it.
///
/// `reference` should be one of `legal` (it is searched even when it is not).
/// Deterministic for a [`Budget::Samples`](super::Budget::Samples) budget and a given `seed`.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::ai::mc::{search_against, Budget, Settings, SystemClock};
/// use tenpai::game::{legal_actions, Action, Event, Observation, State};
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
/// // Throwing the 2m breaks a sequence: far from the best, yet measured.
/// let played = Action::Discard { pai: "2m".parse()?, tsumogiri: false };
/// let settings = Settings { budget: Budget::Samples(400), threads: 1, ..Default::default() };
/// let r = search_against(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]), &legal, &rules, settings, 1, &played, &SystemClock::new());
/// assert_eq!(r.reference.as_ref(), Some(&played));
/// let mine = r.candidates.iter().find(|c| c.action == played).unwrap();
/// assert!(mine.vs_reference.is_none());
/// let best = r.candidates.iter().find(|c| c.action == r.chosen).unwrap();
/// assert!(best.vs_reference.unwrap().mean < 0.0); // the choice ranks better
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn search_against(
    obs: &Observation,
    legal: &[Action],
    rules: &Rules,
    settings: Settings,
    seed: u64,
    reference: &Action,
    clock: &dyn Clock,
) -> SearchReport {
    let pool = thread_pool(settings.threads);
    let choices = Choices {
        legal,
        reference: Some(reference),
        watch: None,
    };
    run(obs, choices, rules, settings, seed, pool.as_ref(), clock)
}

/// What a search chooses among: the legal actions, and the action every
/// candidate is measured against, if any ([`search_against`]).
#[derive(Clone, Copy)]
pub(super) struct Choices<'a> {
    /// The legal actions.
    pub(super) legal: &'a [Action],
    /// The action measured against.
    pub(super) reference: Option<&'a Action>,
    /// Called with the report so far as the search goes on ([`super::Watch`]).
    pub(super) watch: Option<super::Watch<'a>>,
}

//! A seeded game resumed from its own log: a fresh [`Game`] of the same
//! seed and rules is stepped with the actions the log records, read at each
//! decision the way a review reads them ([`crate::review`]'s `played`: the
//! seat's next event on its turn, who took the tile after a discard), until
//! the log has nothing more to tell. The game then stands where the log
//! stops, its wall and the question it asks restored, and goes on as if
//! it had never stopped; every event it made on the way is checked against
//! the log's.
//!
//! A server that journals its games ([`Event::to_json`] lines as they are
//! played) resumes them after a crash this way: the log is the state.

use crate::game::{Action, Event, Game, GameError};
use crate::log::ImportedGame;
use crate::review::played::{seen, Seen};
use crate::rules::Rules;

/// Why a log does not resume as a game of the seed it is said to be.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The engine refused an action the log records, or failed.
    #[error("event {event}: {source}")]
    Engine {
        /// The log's event (0 is `start_game`) the action leads to.
        event: usize,
        /// The engine's error.
        #[source]
        source: GameError,
    },
    /// The game made another event than the log holds there (another seed,
    /// other rules, or a log that is not this game's).
    #[error("event {event}: the log has {logged}, the game of this seed {made}")]
    Differs {
        /// The event's position (0 is `start_game`).
        event: usize,
        /// The log's event (mjai JSON).
        logged: String,
        /// The game's event (mjai JSON).
        made: String,
    },
    /// The log records an action the seat could not take there, or goes on
    /// where the game has ended.
    #[error("event {event}: {logged} is not an action the game offers there")]
    NotOffered {
        /// The event's position.
        event: usize,
        /// The log's event (mjai JSON).
        logged: String,
    },
}

/// `e` as a log keeps it for comparing: no names and no seed on
/// `start_game` (the journal names the players, an imported log drops the
/// seed), no deltas or scores on `hora` and `ryukyoku` (an imported log
/// keeps them apart).
fn bare(e: &Event) -> Event {
    let mut e = e.clone();
    match &mut e {
        Event::StartGame { names, seed, .. } => {
            names.clear();
            *seed = None;
        }
        Event::Hora { deltas, scores, .. } | Event::Ryukyoku { deltas, scores, .. } => {
            (*deltas, *scores) = (None, None);
        }
        _ => {}
    }
    e
}

/// The game of wall seed `seed` under `rules`, stepped through the actions
/// `log` records: it stands at the first decision the log does not answer
/// (or over, when the log holds the whole game). The game may hold events
/// past the log's last (those its last action made that were not written):
/// `log.events().count()` of its events are the log's.
///
/// # Errors
/// [`ResumeError`] naming the event: the game of this seed makes another
/// event than the log, or the log records an action not offered there.
///
/// ```
/// use tenpai::game::{Action, Game};
/// use tenpai::{log, replay::resume, rules::Rules};
/// let rules = Rules::tenhou();
/// let mut g = Game::new(&rules, 5, false)?;
/// for _ in 0..40 {
///     let a = g.legal()[0].clone();
///     g.step(&a)?;
/// }
/// let text: String = g.events().iter().map(|e| e.to_json() + "\n").collect();
/// let resumed = resume(&log::parse(&text)?, &rules, 5)?;
/// assert_eq!(resumed.events(), g.events());
/// assert_eq!((resumed.to_act(), resumed.legal()), (g.to_act(), g.legal()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resume(log: &ImportedGame, rules: &Rules, seed: u64) -> Result<Game<'static>, ResumeError> {
    let logged: Vec<Event> = log.events().map(|e| bare(&e)).collect();
    let mut game =
        Game::new(rules, seed, false).map_err(|source| ResumeError::Engine { event: 0, source })?;
    let mut checked = 0;
    loop {
        let made = game.events();
        while checked < made.len().min(logged.len()) {
            let mine = bare(&made[checked]);
            if mine != logged[checked] {
                return Err(ResumeError::Differs {
                    event: checked,
                    logged: logged[checked].to_json(),
                    made: mine.to_json(),
                });
            }
            checked += 1;
        }
        let at = made.len();
        let Some(seat) = game.to_act() else {
            return match logged.get(at) {
                None => Ok(game),
                Some(e) => Err(ResumeError::NotOffered {
                    event: at,
                    logged: e.to_json(),
                }),
            };
        };
        let rest = logged.get(at..).unwrap_or_default();
        let action = match seen(game.state(), seat.get(), game.legal(), rest) {
            Seen::Chose(a) => a,
            // Another seat took the tile: the seat's answer changes nothing.
            Seen::Overruled => Action::Pass,
            Seen::Unknown if rest.is_empty() => return Ok(game),
            Seen::Unknown | Seen::NotOffered => {
                return Err(ResumeError::NotOffered {
                    event: at,
                    logged: rest.first().map(Event::to_json).unwrap_or_default(),
                })
            }
        };
        game.step(&action)
            .map_err(|source| ResumeError::Engine { event: at, source })?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wins when it can, else calls or makes a kan when it can (so that
    /// responses, kans and their dora are resumed too), else the first legal action.
    fn policy(g: &Game<'_>) -> Action {
        let legal = g.legal();
        let win = legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron));
        let call = legal.iter().find(|a| {
            !matches!(
                a,
                Action::Pass | Action::Discard { .. } | Action::Riichi { .. }
            )
        });
        win.or(call).unwrap_or(&legal[0]).clone()
    }

    fn text(events: &[Event]) -> String {
        events.iter().map(|e| e.to_json() + "\n").collect()
    }

    #[test]
    fn a_log_cut_anywhere_resumes_to_the_same_game() {
        let rules = Rules::tenhou();
        let mut whole = Game::new(&rules, 11, false).unwrap();
        while whole.to_act().is_some() {
            let a = policy(&whole);
            whole.step(&a).unwrap();
        }
        let all = whole.events().to_vec();
        let calls = all
            .iter()
            .filter(|e| matches!(e, Event::Chi { .. } | Event::Pon { .. }))
            .count();
        assert!(
            all.len() > 400 && calls > 10,
            "{} events, {calls} calls",
            all.len()
        );
        for cut in (1..=all.len()).step_by(23).chain([all.len()]) {
            let log = crate::log::parse(&text(&all[..cut])).unwrap();
            let mut g = resume(&log, &rules, 11).unwrap();
            assert!(g.events().len() >= cut);
            assert_eq!(g.events(), &all[..g.events().len()], "cut at {cut}");
            while g.to_act().is_some() {
                let a = policy(&g);
                g.step(&a).unwrap();
            }
            assert_eq!(g.events(), &all[..], "cut at {cut}");
        }
    }

    #[test]
    fn another_seed_is_refused_naming_the_event() {
        let rules = Rules::tenhou();
        let mut g = Game::new(&rules, 11, false).unwrap();
        for _ in 0..5 {
            let a = policy(&g);
            g.step(&a).unwrap();
        }
        let log = crate::log::parse(&text(g.events())).unwrap();
        let Err(e) = resume(&log, &rules, 12) else {
            panic!("seed 12 resumed seed 11's log");
        };
        assert!(matches!(e, ResumeError::Differs { event: 1, .. }), "{e}");
    }
}

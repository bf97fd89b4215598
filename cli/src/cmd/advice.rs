//! The advice behind `play`'s hint panel and `a` key and behind `suggest`:
//! one advisor (the Monte Carlo search, a game's Monte Carlo player, or the
//! baseline AI) recommends one action among the legal ones, with the search
//! report when it searched. What the hand itself leaves (shanten, discards,
//! waits) is the library's [`tenpai::view::HandHints`].

use tenpai::ai::mc::{search, McPlayer, SearchReport, Settings};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{Action, Observation, Player};
use tenpai::rules::Rules;

/// Which AI advises the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AdvisorKind {
    /// The Monte Carlo search (the hints also rank every choice).
    Mc,
    /// The rule-based baseline AI (instant).
    Baseline,
}

/// The advisor: its recommendation is the hint panel's and what `a` plays.
#[derive(Debug)]
pub enum Advisor {
    /// The baseline AI (its default version).
    Baseline,
    /// The baseline AI's first version (`play` against `baseline-v1`).
    BaselineV1,
    /// The Monte Carlo search, on its own seed and budget, one decision
    /// after another (the seed of each derived from the player's).
    Mc(Box<McPlayer>),
    /// One Monte Carlo search of one position on `seed` (`suggest`).
    Search {
        /// Its budget and threads.
        settings: Settings,
        /// The seed of its sampled worlds.
        seed: u64,
    },
}

/// One decision's advice.
#[derive(Clone, Debug)]
pub struct Advice {
    /// The recommended action (what `a` plays).
    pub chosen: Action,
    /// The Monte Carlo search behind it, when the advisor searched.
    pub report: Option<SearchReport>,
}

impl Advisor {
    /// The Monte Carlo advisor thinking `settings` per decision, seeded `seed`.
    pub fn mc(rules: &Rules, settings: Settings, seed: u64) -> Advisor {
        Advisor::Mc(Box::new(McPlayer::with_settings(rules, settings, seed)))
    }

    /// The advice on `legal` in `obs` (a search for the Monte Carlo
    /// advisors: ask once per decision and keep it).
    pub fn advise(&mut self, rules: &Rules, obs: &Observation, legal: &[Action]) -> Advice {
        match self {
            Advisor::Search { settings, seed } => {
                let report = search(obs, legal, rules, *settings, *seed);
                Advice {
                    chosen: report.chosen.clone(),
                    report: Some(report),
                }
            }
            Advisor::Baseline => Advice {
                chosen: BaselinePlayer::new(rules).act(obs, legal),
                report: None,
            },
            Advisor::BaselineV1 => Advice {
                chosen: BaselinePlayer::v1(rules).act(obs, legal),
                report: None,
            },
            Advisor::Mc(player) if legal.len() > 1 => {
                let report = player.think(obs, legal);
                let chosen = if legal.contains(&report.chosen) {
                    report.chosen.clone()
                } else {
                    legal[0].clone()
                };
                Advice {
                    chosen,
                    report: Some(report),
                }
            }
            Advisor::Mc(_) => Advice {
                chosen: legal[0].clone(),
                report: None,
            },
        }
    }
}

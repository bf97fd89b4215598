//! `tenpai learn`: fits the discard model on the discards of the players
//! of game logs, reports how often it picks their tile in the games it
//! learned from and, cross-validated, in games it did not, and writes the
//! weights.

use anyhow::{Context, Result};
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use tenpai::ai::learned::{discard_choice, Choice, DiscardModel, Logit, DISCARD_FEATURES};
use tenpai::ai::BaselinePlayer;
use tenpai::game::Player;
use tenpai::review::{find_decisions, is_choice, Agreement, DecisionKind, DecisionPoint};
use tenpai::rules::Rules;

const LONG_ABOUT: &str = "\
Fits the baseline's discard model on real games and writes its weights.

Every log is replayed through the engine; at every discard of every seat
with more than one tile to choose from (riichi discards included), each
candidate tile gets the features the model weighs (shanten and acceptance
after it, acceptance two draws ahead, dora and red fives, isolated honors
and terminals, the tile's danger against a riichi...; `tenpai learn --help`
lists them after fitting) and the tile the player threw is the choice. The
model is a conditional logit (a softmax over the candidate tiles of a
linear score), fitted by Newton's method with a small ridge penalty.

Reported: how often the model's best tile is the player's, in the games it
was fitted on and cross-validated by game (--folds: each game left out of
the fit of its fold, game i in fold i mod N), and the agreement of the
baseline using the model with every decision of the players (as `tenpai
agreement --ai baseline --model FILE` measures it), cross-validated too.

Example (the model the program ships):
  tenpai learn tests/data/tenhou6/20*.json --out data/ai/discard.json";

/// Fit the discard model on the discards of game logs.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The game logs: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML.
    #[arg(required = true, value_name = "LOG")]
    pub logs: Vec<PathBuf>,

    /// Write the fitted model (JSON) to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Folds of the cross-validation by game (0: none).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub folds: usize,

    /// The ridge penalty (per discard) on the squared weights.
    #[arg(long, value_name = "X", default_value_t = 0.001)]
    pub ridge: f64,

    /// Rule preset name or TOML file, for logs that do not record their rules.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,
}

/// One game's decisions (every seat, more than one play) with its rules.
struct Game {
    rules: Rules,
    points: Vec<DecisionPoint>,
    choices: Vec<Choice>,
}

/// Runs `tenpai learn`.
///
/// # Errors
/// An unwritable --out (before any work), an unreadable or refused log,
/// bad rules.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    super::check_output("--out", &args.out, super::Output::File)?;
    let rules = super::load_rules(&args.rules, None)?;
    let mut games = Vec::with_capacity(args.logs.len());
    for path in &args.logs {
        let (game, rules) = super::load_log(path, &rules)?;
        let points: Vec<DecisionPoint> = tenpai::game::SeatIndex::ALL
            .into_iter()
            .flat_map(|seat| find_decisions(&game, &rules, seat).points)
            .filter(|p| is_choice(&p.legal))
            .collect();
        let choices = points
            .par_iter()
            .filter_map(|p| discard_choice(&p.obs, &p.legal, &p.played))
            .collect();
        games.push(Game {
            rules,
            points,
            choices,
        });
    }
    let names: Vec<String> = DISCARD_FEATURES.iter().map(|s| s.to_string()).collect();
    let all: Vec<Choice> = games.iter().flat_map(|g| g.choices.clone()).collect();
    let logit = Logit::fit(&names, &all, args.ridge);
    let model = DiscardModel {
        command: command_line(args),
        choices: all.len(),
        logit,
    };
    std::fs::write(&args.out, serde_json::to_string_pretty(&model)? + "\n")
        .with_context(|| format!("--out {}", args.out.display()))?;

    writeln!(
        out,
        "Discard model fitted on {} discards of {} games (every seat), written to {}",
        all.len(),
        games.len(),
        args.out.display()
    )?;
    writeln!(out)?;
    writeln!(out, "{:<22} {:>9}", "feature", "weight")?;
    for (f, w) in model.logit.features.iter().zip(&model.logit.weights) {
        writeln!(out, "{f:<22} {w:>9.4}")?;
    }
    writeln!(out)?;
    let fitted = Arc::new(model);
    let in_sample = agreement_of(&games, &fitted);
    writeln!(
        out,
        "In sample: the model picks the player's tile in {:.1} % of discards; {}",
        100.0 * fitted.logit.accuracy(&all),
        shares(&in_sample)
    )?;
    if args.folds >= 2 && games.len() >= args.folds {
        let mut hits = 0.0;
        let mut total = Agreement::default();
        for fold in 0..args.folds {
            let (test, train): (Vec<usize>, Vec<usize>) =
                (0..games.len()).partition(|i| i % args.folds == fold);
            let train: Vec<Choice> = train
                .iter()
                .flat_map(|&i| games[i].choices.clone())
                .collect();
            let m = Arc::new(DiscardModel {
                command: String::new(),
                choices: train.len(),
                logit: Logit::fit(&names, &train, args.ridge),
            });
            let held: Vec<&Game> = test.iter().map(|&i| &games[i]).collect();
            for g in &held {
                hits += m.logit.accuracy(&g.choices) * g.choices.len() as f64;
            }
            total.merge(&agreement_of_games(&held, &m));
        }
        writeln!(
            out,
            "Cross-validated ({} folds by game): the model picks the player's tile in {:.1} % of discards; {}",
            args.folds,
            100.0 * hits / all.len().max(1) as f64,
            shares(&total)
        )?;
    }
    out.flush()?;
    Ok(())
}

/// The command line that remakes the model (the logs as given).
fn command_line(args: &Args) -> String {
    let mut c = String::from("tenpai learn");
    for l in &args.logs {
        c.push(' ');
        c.push_str(&l.display().to_string());
    }
    c.push_str(&format!(" --out {}", args.out.display()));
    if args.ridge != 0.001 {
        c.push_str(&format!(" --ridge {}", args.ridge));
    }
    if args.rules != "tenhou" {
        c.push_str(&format!(" --rules {}", args.rules));
    }
    c
}

fn agreement_of(games: &[Game], model: &Arc<DiscardModel>) -> Agreement {
    agreement_of_games(&games.iter().collect::<Vec<_>>(), model)
}

/// The agreement of the baseline using `model` with every decision of
/// `games`.
fn agreement_of_games(games: &[&Game], model: &Arc<DiscardModel>) -> Agreement {
    games
        .par_iter()
        .flat_map(|g| g.points.par_iter().map(move |p| (g, p)))
        .map(|(g, p)| {
            let chosen =
                BaselinePlayer::with_model(&g.rules, Arc::clone(model)).act(&p.obs, &p.legal);
            let mut a = Agreement::default();
            a.add(&p.legal, &p.played, &chosen);
            a
        })
        .reduce(Agreement::default, |mut x, y| {
            x.merge(&y);
            x
        })
}

/// `the baseline with it agrees on 61.2 % of all decisions, 54.1 % of
/// discards…`.
fn shares(a: &Agreement) -> String {
    let pct = |s: tenpai::review::Share| format!("{:.1} %", 100.0 * s.rate());
    format!(
        "the baseline with it agrees on {} of all {} decisions ({} of discards, {} of riichi, {} of calls, {} of wins)",
        pct(a.all),
        a.all.decisions,
        pct(a.of(DecisionKind::Discard)),
        pct(a.of(DecisionKind::Riichi)),
        pct(a.of(DecisionKind::Call)),
        pct(a.of(DecisionKind::Win)),
    )
}

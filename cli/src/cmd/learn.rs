//! `tenpai learn`: fits the learned model (its discard, riichi and call
//! parts) on the decisions of the players of game logs, reports how often
//! it chooses as they did in the games it learned from and, cross-validated,
//! in games it did not, and writes the weights.

use anyhow::Result;
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use tenpai::ai::learned::{
    call_choice, discard_choice, riichi_choice, Choice, LearnedModel, Logit, CALL_FEATURES,
    DISCARD_FEATURES, RIICHI_FEATURES,
};
use tenpai::ai::BaselinePlayer;
use tenpai::game::Player;
use tenpai::review::{find_decisions, is_choice, Agreement, DecisionKind, DecisionPoint};
use tenpai::rules::Rules;

const LONG_ABOUT: &str = "\
Fits the baseline's learned model on real games and writes its weights.

Every log is replayed through the engine, every seat. The model has three
parts, each a conditional logit (a softmax over the alternatives of a
choice of a linear score of their hand-made features; the output lists
them), fitted by Newton's method with a small ridge penalty:
- discard: at every discard with more than one tile to choose from (riichi
  discards included), each candidate tile (shanten and acceptance after
  it, acceptance two draws ahead, dora, isolated honors and terminals, the
  tile's danger against a riichi...); the tile the player threw is the
  choice;
- riichi: where a riichi is legal, each tile thrown plainly or with riichi
  (the discard part's score of the tile, and for a riichi the wait, a yaku
  without riichi, dora, the stage of the round...); fitted after the
  discard part, on its scores;
- call: where another seat's discard can be called, the pass and each chi,
  pon or open kan (shanten and acceptance after it, a yaku in reach,
  a riichi against the seat...).

Reported: how often each part chooses as the player did, in the games it
was fitted on and cross-validated by game (--folds: each game left out of
the fit of its fold, game i in fold i mod N), and the agreement of the
baseline using the model with every decision of the players (as `tenpai
agreement --ai baseline --model FILE` measures it), in sample and
cross-validated, with the discard part alone, with the riichi or the call
part added, and with all three.

Example (the model the program ships):
  tenpai learn tests/data/tenhou6/20*.json --out data/ai/model.json";

/// Fit the learned model on the decisions of game logs.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The game logs: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML.
    #[arg(required = true, value_name = "LOG")]
    pub logs: Vec<PathBuf>,

    /// Write the fitted model (JSON) to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Folds of the cross-validation by game (0: none; never 1). With fewer
    /// games than folds, the output says it was not cross-validated.
    #[arg(long, value_name = "N", default_value_t = 4, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::at_least(0))]
    pub folds: usize,

    /// The ridge penalty (per choice) on the squared weights of each part.
    /// A finite number from 0 to 1,000,000.
    #[arg(long, value_name = "X", default_value_t = 0.001, allow_negative_numbers = true,
        value_parser = crate::cmd::values::NonNegative::at_most(1e6))]
    pub ridge: f64,

    /// Rule preset name or TOML file, for logs that do not record their rules.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,
}

/// One game's decisions (every seat, more than one play) with its rules.
struct Game {
    rules: Rules,
    points: Vec<DecisionPoint>,
    discards: Vec<Choice>,
    calls: Vec<Choice>,
}

impl Game {
    /// The riichi choices of this game, scored by the discard part `discard`.
    fn riichi(&self, discard: &Logit) -> Vec<Choice> {
        self.points
            .par_iter()
            .filter_map(|p| riichi_choice(&p.obs, &p.legal, &p.played, discard))
            .collect()
    }
}

/// The names of a part's features.
fn names(features: &[&str]) -> Vec<String> {
    features.iter().map(|s| s.to_string()).collect()
}

/// The three parts fitted on `games`, with the number of choices of each.
fn fit(games: &[&Game], ridge: f64) -> (LearnedModel, [usize; 3]) {
    let discards: Vec<Choice> = games.iter().flat_map(|g| g.discards.clone()).collect();
    let discard = Logit::fit(&names(&DISCARD_FEATURES), &discards, ridge);
    let riichi: Vec<Choice> = games.iter().flat_map(|g| g.riichi(&discard)).collect();
    let calls: Vec<Choice> = games.iter().flat_map(|g| g.calls.clone()).collect();
    let counts = [discards.len(), riichi.len(), calls.len()];
    let model = LearnedModel {
        command: String::new(),
        choices: counts.iter().sum(),
        riichi: Some(Logit::fit(&names(&RIICHI_FEATURES), &riichi, ridge)),
        call: Some(Logit::fit(&names(&CALL_FEATURES), &calls, ridge)),
        discard,
    };
    (model, counts)
}

/// The model with only the parts named kept: (riichi, call).
fn variant(m: &LearnedModel, riichi: bool, call: bool) -> Arc<LearnedModel> {
    let mut v = m.clone();
    if !riichi {
        v.riichi = None;
    }
    if !call {
        v.call = None;
    }
    Arc::new(v)
}

/// The variants reported: (name, riichi part, call part).
const VARIANTS: [(&str, bool, bool); 4] = [
    ("discard part alone", false, false),
    ("discard and riichi parts", true, false),
    ("discard and call parts", false, true),
    ("all three parts", true, true),
];

/// How often each part picks the player's choice in `games`: the hits and
/// the choices of the discard, riichi and call parts.
fn part_hits(m: &LearnedModel, games: &[&Game]) -> ([f64; 3], [usize; 3]) {
    let hits = |logit: &Logit, data: &[Choice]| logit.accuracy(data) * data.len() as f64;
    let mut out = ([0.0; 3], [0; 3]);
    for g in games {
        let riichi = g.riichi(&m.discard);
        out.0[0] += hits(&m.discard, &g.discards);
        if let Some(r) = &m.riichi {
            out.0[1] += hits(r, &riichi);
        }
        if let Some(c) = &m.call {
            out.0[2] += hits(c, &g.calls);
        }
        out.1[0] += g.discards.len();
        out.1[1] += riichi.len();
        out.1[2] += g.calls.len();
    }
    out
}

/// Runs `tenpai learn`.
///
/// # Errors
/// `--folds 1` (a usage error), an unwritable --out (before any work), an
/// unreadable or refused log, bad rules.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    if args.folds == 1 {
        return Err(crate::UsageError {
            command: "learn",
            message: "--folds must be 0 (none) or 2 or more, got 1 (one fold leaves no game \
                      to train on)"
                .into(),
        }
        .into());
    }
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
        let discards = points
            .par_iter()
            .filter_map(|p| discard_choice(&p.obs, &p.legal, &p.played))
            .collect();
        let calls = points
            .par_iter()
            .filter_map(|p| call_choice(&p.obs, &p.legal, &p.played))
            .collect();
        games.push(Game {
            rules,
            points,
            discards,
            calls,
        });
    }
    let every: Vec<&Game> = games.iter().collect();
    let (mut model, counts) = fit(&every, args.ridge);
    model.command = command_line(args);
    std::fs::write(&args.out, serde_json::to_string_pretty(&model)? + "\n")
        .map_err(|e| super::file_error("write the --out model", &args.out, &e))?;

    writeln!(
        out,
        "Learned model fitted on {}, {} and {} of {} (every seat), written to {}",
        super::count(counts[0], "discard"),
        super::count(counts[1], "riichi decision"),
        super::count(counts[2], "call offer"),
        super::count(games.len(), "game"),
        args.out.display()
    )?;
    let parts = [
        ("discard", Some(&model.discard)),
        ("riichi", model.riichi.as_ref()),
        ("call", model.call.as_ref()),
    ];
    for (part, logit) in parts {
        let Some(logit) = logit else { continue };
        writeln!(out)?;
        writeln!(out, "{:<22} {:>9}", format!("{part} feature"), "weight")?;
        for (f, w) in logit.features.iter().zip(&logit.weights) {
            writeln!(out, "{f:<22} {w:>9.4}")?;
        }
    }
    writeln!(out)?;
    let (hits, _) = part_hits(&model, &every);
    writeln!(out, "In sample: {}", part_shares(hits, counts))?;
    for (name, r, c) in VARIANTS {
        let a = agreement_of_games(&every, &variant(&model, r, c));
        writeln!(out, "  {name}: {}", shares(&a))?;
    }
    if args.folds > games.len() {
        writeln!(
            out,
            "Not cross-validated: --folds {} needs at least {} games, got {}",
            args.folds,
            args.folds,
            games.len()
        )?;
    } else if args.folds >= 2 {
        let mut hits = [0.0; 3];
        let mut held_counts = [0; 3];
        let mut total = [Agreement::default(); 4];
        for fold in 0..args.folds {
            type Numbered<'a> = Vec<(usize, &'a Game)>;
            let (test, train): (Numbered, Numbered) = games
                .iter()
                .enumerate()
                .partition(|(i, _)| i % args.folds == fold);
            let test: Vec<&Game> = test.into_iter().map(|(_, g)| g).collect();
            let train: Vec<&Game> = train.into_iter().map(|(_, g)| g).collect();
            let (m, _) = fit(&train, args.ridge);
            let (h, c) = part_hits(&m, &test);
            for k in 0..3 {
                hits[k] += h[k];
                held_counts[k] += c[k];
            }
            for (t, (_, r, c)) in total.iter_mut().zip(VARIANTS) {
                t.merge(&agreement_of_games(&test, &variant(&m, r, c)));
            }
        }
        writeln!(
            out,
            "Cross-validated ({} folds by game): {}",
            args.folds,
            part_shares(hits, held_counts)
        )?;
        for ((name, _, _), a) in VARIANTS.iter().zip(&total) {
            writeln!(out, "  {name}: {}", shares(a))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// `the discard part picks the player's tile in 62.6 % of 7672 discards…`.
fn part_shares(hits: [f64; 3], counts: [usize; 3]) -> String {
    let pct = |k: usize| 100.0 * hits[k] / counts[k].max(1) as f64;
    format!(
        "the discard part picks the player's tile in {:.1} % of {} discards, the riichi part the player's play in {:.1} % of {} riichi decisions, the call part in {:.1} % of {} call offers",
        pct(0),
        counts[0],
        pct(1),
        counts[1],
        pct(2),
        counts[2]
    )
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

/// The agreement of the baseline using `model` with every decision of
/// `games`.
fn agreement_of_games(games: &[&Game], model: &Arc<LearnedModel>) -> Agreement {
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

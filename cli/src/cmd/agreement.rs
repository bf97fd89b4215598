//! `tenpai agreement`: how often the AI's first choice is the one the
//! players of real games made, over every seat of the given logs, overall
//! and by kind of decision, with 95 % intervals.

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tenpai::ai::learned::LearnedModel;
use tenpai::ai::mc::{search, Budget, Settings};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::PlayerKind;
use tenpai::game::{Action, Player};
use tenpai::review::{find_decisions, is_choice, Agreement, DecisionKind, DecisionPoint, Share};
use tenpai::rules::Rules;

const LONG_ABOUT: &str = "\
Measures how often the AI's first choice is what the players of real games
chose. Every log is replayed through the engine; at every decision of every
seat with more than one distinct play (a drawn tile and its copy in the hand
are one discard), the AI is asked what it would do from the position as the
player saw it, and the two are compared.

Decisions are counted in all and by kind, read from the legal actions alone
(so that two AIs are counted over the same decisions): win (tsumo, ron or
nine terminals is legal), riichi (a riichi is legal: declare or stay dama,
and with which tile), call (a chi, pon or kan is legal: call or pass),
discard (any other: which tile). Each share has its 95% interval (Wilson's).
A call another seat's call or win overruled is not in the log and is not
counted.

--ai baseline: the rule-based baseline (its second version), deterministic;
with --model FILE (a model `tenpai learn` wrote) its discards, riichi and
calls are the model's. --ai baseline-v1, baseline-v2: the first or second
version of the rules; baseline-v3: the second's rules with the shipped
model's discard part choosing the discards. --ai baseline-learned: the baseline with the shipped model
(data/ai/model.json). --ai mc: the Monte
Carlo search of `tenpai play` and `tenpai suggest`, with --samples rollouts
per decision (deterministic with --seed, on any number of --threads) or
--think TIME per decision; --ai mc-learned (the same as mc), mc-v1, mc-v2, mc-v3:
the search built on the learned baseline as its prior (the default), or on
the first (the default before issue 26), second or third baseline
(self-play's players of those names); the outputs name a search by its
version (mc is written mc-learned). --ai random: a uniformly random legal
action (seeded by --seed), the agreement of chance. An external bot
(cmd:COMMAND) is not taken: it follows whole games, not single positions.

Logs: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML (mjlog), as
`tenpai review` reads them; rules: the log's room, else --rules and
--length. A round the engine refuses from some event on is measured up to
that event; the output names it (text: a \"Not replayed\" line; JSON:
\"not_replayed\").

Examples:
  tenpai agreement tests/data/tenhou6/20*.json --ai baseline
  tenpai agreement tests/data/tenhou6/20*.json --ai mc --samples 1000 --json";

/// Measure how often the AI chooses what the players of game logs chose.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The game logs: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML.
    #[arg(required = true, value_name = "LOG")]
    pub logs: Vec<PathBuf>,

    #[arg(long, help = super::kinds::help("The AI measured: one of KINDS (see above)"),
        value_name = "KIND", default_value = "mc", value_parser = super::kinds::parse_own)]
    pub ai: PlayerKind,

    /// Rollouts per decision of --ai mc (deterministic with --seed).
    #[arg(long, value_name = "N", default_value_t = tenpai::review::DEFAULT_SAMPLES,
        conflicts_with = "think", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub samples: u32,

    /// Think this long per decision of --ai mc instead of a sample count.
    #[arg(long, value_name = "TIME", value_parser = super::values::parse_think)]
    pub think: Option<Duration>,

    /// Seed of the sampled worlds of --ai mc (and of --ai random's choices).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub seed: u64,

    #[arg(long, help = crate::cmd::values::threads_help("Decisions searched at once, RANGE (default: one per core; the result does not depend on it)"),
        value_name = "N", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::threads())]
    pub threads: Option<usize>,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file, for logs that
    /// do not record their rules (mjai).
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Game length for logs that do not record it: east or south.
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// The baseline's discards, riichi and calls chosen by this model (a
    /// file `tenpai learn` wrote) instead of its rules; --ai baseline only.
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,

    /// Print one JSON document instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// A decision to ask the AI about, with the rules of its game.
struct Asked<'a> {
    point: DecisionPoint,
    rules: &'a Rules,
}

/// Runs `tenpai agreement`.
///
/// # Errors
/// An unreadable or refused log (named), a log with no round, bad rules,
/// threads that cannot start.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    let model = match &args.model {
        Some(_) if args.ai != PlayerKind::Baseline => {
            anyhow::bail!("--model: the model chooses the baseline's plays: give --ai baseline")
        }
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| super::file_error("read the --model file", path, &e))?;
            let m = LearnedModel::from_json(&text)
                .with_context(|| format!("--model {}", path.display()))?;
            Some(Arc::new(m))
        }
        None => None,
    };
    let rules = super::load_rules(&args.rules, args.length.as_deref())?;
    let mut games = Vec::with_capacity(args.logs.len());
    for path in &args.logs {
        let (game, rules) = super::load_log(path, &rules)?;
        if game.rounds.is_empty() {
            anyhow::bail!("{}: empty: no round to measure", path.display());
        }
        games.push((game, rules));
    }
    let mut asked = Vec::new();
    // Rounds the engine refused from some event on (the same for every
    // seat): their decisions after it are not counted, and the output says so.
    let mut not_replayed = Vec::new();
    for ((game, rules), path) in games.iter().zip(&args.logs) {
        for seat in tenpai::game::SeatIndex::ALL {
            let found = find_decisions(game, rules, seat);
            if seat == tenpai::game::SeatIndex::ALL[0] {
                not_replayed.extend(found.refused.iter().map(|f| {
                    format!(
                        "{}: {} from event {}: {}",
                        path.display(),
                        f.round_name,
                        f.event,
                        f.message
                    )
                }));
            }
            asked.extend(
                found
                    .points
                    .into_iter()
                    .filter(|p| is_choice(&p.legal))
                    .map(|point| Asked { point, rules }),
            );
        }
    }
    let budget = match args.think {
        Some(t) => Budget::Time(t),
        None => Budget::Samples(args.samples),
    };
    let bar = super::progress_bar("asking", asked.len() as u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("--threads: cannot start the threads")?;
    let agreement = pool.install(|| {
        asked
            .par_iter()
            .enumerate()
            .map(|(i, a)| {
                let chosen = choose(&args.ai, model.as_ref(), a, budget, args.seed, i as u64);
                bar.inc(1);
                let mut one = Agreement::default();
                one.add(&a.point.legal, &a.point.played, &chosen);
                one
            })
            .reduce(Agreement::default, |mut x, y| {
                x.merge(&y);
                x
            })
    });
    bar.finish_and_clear();
    if args.json {
        let mut doc = document(args, budget, &agreement);
        doc["not_replayed"] = json!(not_replayed);
        serde_json::to_writer(&mut out, &doc)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, args, budget, &agreement)?;
        for n in &not_replayed {
            writeln!(
                out,
                "Not replayed {n} (the round's later decisions are not counted)"
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The AI's first choice at decision `i`.
fn choose(
    ai: &PlayerKind,
    model: Option<&Arc<LearnedModel>>,
    a: &Asked<'_>,
    budget: Budget,
    seed: u64,
    i: u64,
) -> Action {
    let p = &a.point;
    // Decision i's worlds (or random choice): its own seed, the same on any
    // thread.
    let seed = seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    match (ai, model) {
        (PlayerKind::Baseline, Some(m)) => {
            BaselinePlayer::with_model(a.rules, Arc::clone(m)).act(&p.obs, &p.legal)
        }
        (PlayerKind::Mc(s), _) => {
            let settings = Settings {
                budget,
                threads: 1,
                version: s.version,
            };
            search(&p.obs, &p.legal, a.rules, settings, seed).chosen
        }
        // `--ai` takes no external bot (`kinds::parse_own`), the only kind
        // without a built-in player.
        (k, _) => match k.player(a.rules, seed) {
            Some(mut player) => player.act(&p.obs, &p.legal),
            None => BaselinePlayer::new(a.rules).act(&p.obs, &p.legal),
        },
    }
}

/// The AI's name in the outputs: its explicit name (`mc-learned`, not
/// `mc`, which named `mc-v1` before session 11; `baseline-v2`, not
/// `baseline`, which named `baseline-v1` before session 7).
fn ai_name(ai: &PlayerKind) -> String {
    ai.explicit_name()
}

/// The AI as the outputs name it: `baseline` or `mc-learned, 4000 samples
/// a decision`.
fn ai_text(args: &Args, budget: Budget) -> String {
    let name = ai_name(&args.ai);
    match (&args.ai, budget) {
        (PlayerKind::Baseline, _) => match &args.model {
            Some(m) => format!("baseline, model {}", m.display()),
            None => name,
        },
        (PlayerKind::Mc(_), Budget::Samples(n)) => format!("{name}, {n} samples a decision"),
        (PlayerKind::Mc(_), Budget::Time(t)) => {
            format!("{name}, {} ms a decision", t.as_millis())
        }
        _ => name,
    }
}

fn write_text<W: Write>(out: &mut W, args: &Args, budget: Budget, a: &Agreement) -> Result<()> {
    writeln!(
        out,
        "Agreement of the AI ({}) with the players of {} game{} (every seat)",
        ai_text(args, budget),
        args.logs.len(),
        if args.logs.len() == 1 { "" } else { "s" }
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<8} {:>9} {:>7} {:>9}   95% interval",
        "kind", "decisions", "agreed", "agreement"
    )?;
    let row = |out: &mut W, name: &str, s: &Share| -> Result<()> {
        let (lo, hi) = s.wilson95();
        if s.decisions == 0 {
            writeln!(out, "{name:<8} {:>9} {:>7} {:>9}   -", 0, 0, "-")?;
        } else {
            writeln!(
                out,
                "{name:<8} {:>9} {:>7} {:>7.1} %   {:.1}-{:.1} %",
                s.decisions,
                s.agreed,
                100.0 * s.rate(),
                100.0 * lo,
                100.0 * hi
            )?;
        }
        Ok(())
    };
    row(out, "all", &a.all)?;
    for k in DecisionKind::ALL {
        row(out, k.name(), &a.of(k))?;
    }
    Ok(())
}

/// `x` rounded to 4 decimals.
fn num(x: f64) -> Value {
    json!((x * 10_000.0).round() / 10_000.0)
}

fn share(s: &Share) -> Value {
    let (lo, hi) = s.wilson95();
    json!({
        "decisions": s.decisions,
        "agreed": s.agreed,
        "agreement": num(s.rate()),
        "ci95": [num(lo), num(hi)],
    })
}

/// The whole JSON document.
fn document(args: &Args, budget: Budget, a: &Agreement) -> Value {
    let mut ai = json!({"kind": ai_name(&args.ai)});
    if let Some(m) = &args.model {
        ai["model"] = json!(m.display().to_string());
    }
    if matches!(args.ai, PlayerKind::Mc(_)) {
        match budget {
            Budget::Samples(n) => ai["samples"] = json!(n),
            Budget::Time(t) => ai["think_ms"] = json!(t.as_millis() as u64),
        }
    }
    if matches!(args.ai, PlayerKind::Mc(_) | PlayerKind::Random) {
        ai["seed"] = json!(args.seed);
    }
    json!({
        "ai": ai,
        "logs": args.logs.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "all": share(&a.all),
        "by_kind": DecisionKind::ALL.iter()
            .map(|k| (k.name().to_string(), share(&a.of(*k))))
            .collect::<serde_json::Map<_, _>>(),
    })
}

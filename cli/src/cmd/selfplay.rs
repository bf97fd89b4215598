//! `tenpai selfplay`: AI-only games on all cores, with per-player statistics.

use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tenpai::ai::mc::{csv_header, Budget, Settings};
use tenpai::arena::{
    play_all_logged, summarize, Config, DecisionSink, Estimate, PlayerKind, PlayerStats,
};
use tenpai::rules::GameLength;

const LONG_ABOUT: &str = "\
Plays AI-only games on all cores and prints, per player: average rank, win rate,
deal-in rate, riichi rate and call rate (per round), and average final points,
each with a 95% confidence interval. Game g uses wall seed SEED+g; with
--duplicate each wall seed is played four times with the players rotated through
the seats (game g: seed SEED+g/4, rotation g%4), so the luck of the deal cancels.
Games are reproducible from the seed.

Players: random (uniform legal actions, wins whenever it can), baseline (tile
efficiency, riichi on decent waits, yakuhai and tanyao calls, defense against
riichi), mc (Monte Carlo search over sampled worlds: --think TIME or --samples N
per decision; with --samples and a seed, games reproduce exactly).

--decisions FILE writes one CSV row per Monte Carlo decision: game, round,
seat, turn, hand, live_left, chosen, samples, micros, placement, candidates.

JSON (--json): {\"games\": n, \"duplicate\": b, \"seconds\": s, \"players\":
[{\"player\": 0, \"kind\": \"baseline\", \"rank\": {\"mean\": m, \"ci95\": h, \"n\": n},
\"win_rate\": ..., \"deal_in_rate\": ..., \"riichi_rate\": ..., \"call_rate\": ...,
\"points\": ...}, ...]}";

/// AI-only games with statistics.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,

    /// Seed of the first game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// The four players, comma-separated: random, baseline or mc.
    #[arg(
        long,
        value_name = "A,B,C,D",
        default_value = "baseline,random,random,random"
    )]
    pub players: String,

    /// Play each wall seed four times with the players rotated.
    #[arg(long)]
    pub duplicate: bool,

    /// east (one round of dealers) or south (two).
    #[arg(long, value_name = "east|south")]
    pub length: Option<String>,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Write every game's mjai log to DIR/game-NNNNNN.mjson.
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,

    /// Monte Carlo thinking time per decision, e.g. 50ms or 1s.
    #[arg(long, value_name = "TIME", default_value = "50ms", value_parser = parse_think)]
    pub think: std::time::Duration,

    /// Monte Carlo rollouts per decision instead of a time (reproducible).
    #[arg(long, value_name = "N")]
    pub samples: Option<u32>,

    /// Write one CSV row per Monte Carlo decision to FILE.
    #[arg(long, value_name = "FILE")]
    pub decisions: Option<PathBuf>,

    /// Threads for each Monte Carlo decision; games are then played
    /// cores / N at a time. With --samples the choices do not depend on it.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::parse_threads)]
    pub threads: usize,
}

/// A duration: a number with `ms` or `s` (`50ms`, `1.5s`).
///
/// # Errors
/// Anything else, or zero.
pub fn parse_think(text: &str) -> Result<std::time::Duration, String> {
    let bad = || format!("{text:?}: expected a time such as 50ms or 1s");
    let (n, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        return Err(bad());
    };
    let x: f64 = n.trim().parse().map_err(|_| bad())?;
    if !(x > 0.0 && x * scale < 3600.0) {
        return Err(bad());
    }
    Ok(std::time::Duration::from_secs_f64(x * scale))
}

#[derive(Serialize)]
struct EstimateOut {
    mean: f64,
    ci95: f64,
    n: u64,
}

impl From<Estimate> for EstimateOut {
    fn from(e: Estimate) -> EstimateOut {
        EstimateOut {
            mean: e.mean,
            ci95: e.ci95,
            n: e.n,
        }
    }
}

#[derive(Serialize)]
struct PlayerOut {
    player: usize,
    kind: String,
    rank: EstimateOut,
    win_rate: EstimateOut,
    deal_in_rate: EstimateOut,
    riichi_rate: EstimateOut,
    call_rate: EstimateOut,
    points: EstimateOut,
}

#[derive(Serialize)]
struct Output {
    games: u64,
    duplicate: bool,
    seconds: f64,
    players: Vec<PlayerOut>,
}

fn config(args: &Args) -> Result<Config> {
    let rules = super::load_rules(&args.rules, args.length.as_deref())?;
    let kinds: Vec<PlayerKind> = args
        .players
        .split(',')
        .map(|p| p.trim().parse::<PlayerKind>())
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow::anyhow!("--players {:?}: {e}", args.players))?;
    let budget = match args.samples {
        Some(0) => bail!("--samples 0: at least one rollout"),
        Some(n) => Budget::Samples(n),
        None => Budget::Time(args.think),
    };
    let kinds: Vec<PlayerKind> = kinds
        .into_iter()
        .map(|k| match k {
            PlayerKind::Mc(_) => PlayerKind::Mc(Settings {
                budget,
                threads: args.threads,
            }),
            k => k,
        })
        .collect();
    let Ok(players) = <[PlayerKind; 4]>::try_from(kinds) else {
        bail!("--players {:?}: expected four players", args.players);
    };
    if args.games == 0 {
        bail!("--games 0: nothing to play");
    }
    if args.duplicate && args.games % 4 != 0 {
        bail!(
            "--games {}: duplicate play needs a multiple of 4",
            args.games
        );
    }
    Ok(Config {
        rules,
        games: args.games,
        seed: args.seed,
        players,
        duplicate: args.duplicate,
    })
}

fn pct(e: Estimate) -> String {
    format!("{:5.1} ± {:4.1}", 100.0 * e.mean, 100.0 * e.ci95)
}

fn table(stats: &[PlayerStats]) -> String {
    let mut s = String::from(
        "player  kind      avg rank      win %         deal-in %     riichi %      call %        avg points\n",
    );
    for p in stats {
        s.push_str(&format!(
            "{:<6}  {:<8}  {:.2} ± {:.2}   {}   {}   {}   {}   {:.0} ± {:.0}\n",
            p.player,
            p.kind.to_string(),
            p.rank.mean,
            p.rank.ci95,
            pct(p.win_rate),
            pct(p.deal_in_rate),
            pct(p.riichi_rate),
            pct(p.call_rate),
            p.points.mean,
            p.points.ci95
        ));
    }
    s
}

/// Runs `tenpai selfplay`.
///
/// # Errors
/// Bad options (named), an unwritable log directory, or a game error (a bug).
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    let config = config(args)?;
    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("--log-dir {}", dir.display()))?;
    }
    let bar = indicatif::ProgressBar::new(config.games);
    let started = std::time::Instant::now();
    let sink: Option<DecisionSink> = match &args.decisions {
        None => None,
        Some(path) => {
            let f = std::fs::File::create(path)
                .with_context(|| format!("--decisions {}", path.display()))?;
            let mut w = std::io::BufWriter::new(f);
            writeln!(w, "{}", csv_header())?;
            Some(Arc::new(Mutex::new(w)))
        }
    };
    let games = play_all_logged(&config, &|| bar.inc(1), sink.as_ref()).context("self-play")?;
    bar.finish_and_clear();
    if let (Some(sink), Some(path)) = (&sink, &args.decisions) {
        let mut w = sink
            .lock()
            .map_err(|_| anyhow::anyhow!("decision log lock poisoned"))?;
        w.flush()
            .with_context(|| format!("--decisions {}", path.display()))?;
    }
    let seconds = started.elapsed().as_secs_f64();
    if let Some(dir) = &args.log_dir {
        for g in &games {
            let path = dir.join(format!("game-{:06}.mjson", g.game));
            std::fs::write(&path, g.record.to_mjai())
                .with_context(|| format!("writing {}", path.display()))?;
        }
    }
    let stats = summarize(&config, &games);
    if args.json {
        let o = Output {
            games: config.games,
            duplicate: config.duplicate,
            seconds,
            players: stats
                .iter()
                .map(|p| PlayerOut {
                    player: p.player,
                    kind: p.kind.to_string(),
                    rank: p.rank.into(),
                    win_rate: p.win_rate.into(),
                    deal_in_rate: p.deal_in_rate.into(),
                    riichi_rate: p.riichi_rate.into(),
                    call_rate: p.call_rate.into(),
                    points: p.points.into(),
                })
                .collect(),
        };
        serde_json::to_writer(&mut out, &o)?;
        writeln!(out)?;
    } else {
        let length = match config.rules.game.length {
            GameLength::East => "east-only",
            GameLength::South => "east-south",
        };
        writeln!(
            out,
            "{} {length} game{}{}, seed {}, {:.1} s ({:.0} games/s)\n",
            config.games,
            if config.games == 1 { "" } else { "s" },
            if config.duplicate { " (duplicate)" } else { "" },
            config.seed,
            seconds,
            config.games as f64 / seconds.max(1e-9)
        )?;
        out.write_all(table(&stats).as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    #[test]
    fn selfplay_ok_baseline_wins_against_random_in_duplicate_play() {
        let (r, out, _) = tenpai(
            &[
                "selfplay",
                "--games",
                "8",
                "--duplicate",
                "--length",
                "east",
                "--json",
            ],
            "",
        );
        r.unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["games"], 8);
        let players = v["players"].as_array().unwrap();
        assert_eq!(players[0]["kind"], "baseline");
        assert_eq!(players[0]["rank"]["n"], 8);
        assert!(players[0]["rank"]["mean"].as_f64().unwrap() < 1.5, "{out}");
    }

    #[test]
    fn selfplay_ok_logs_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let (r, out, _) = tenpai(
            &[
                "selfplay",
                "--games",
                "3",
                "--length",
                "east",
                "--players",
                "random,random,random,random",
                "--log-dir",
                d,
            ],
            "",
        );
        r.unwrap();
        assert!(out.starts_with("3 east-only games, seed 1,"), "{out}");
        let log = std::fs::read_to_string(dir.path().join("game-000002.mjson")).unwrap();
        assert!(log.starts_with("{\"type\":\"start_game\""));
        let last = log.lines().last().unwrap();
        assert!(last.starts_with("{\"type\":\"end_game\""), "{last}");
    }

    #[test]
    fn selfplay_ok_mc_writes_decisions_csv() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("decisions.csv");
        let f = file.to_str().unwrap();
        let args = [
            "selfplay",
            "--games",
            "1",
            "--length",
            "east",
            "--players",
            "mc,baseline,baseline,baseline",
            "--samples",
            "16",
            "--decisions",
            f,
            "--json",
        ];
        let (r, out, _) = tenpai(&args, "");
        r.unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["players"][0]["kind"], "mc");
        let csv = std::fs::read_to_string(&file).unwrap();
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("game,round,seat,turn,hand,live_left,chosen,prior,samples,micros,placement,candidates")
        );
        let rows: Vec<&str> = lines.collect();
        assert!(rows.len() > 20, "{csv}");
        for row in &rows {
            let fields: Vec<&str> = row.split(',').collect();
            assert_eq!(fields.len(), 12, "{row}");
            assert_eq!((fields[0], fields[2]), ("0", "0"), "{row}");
            // East rounds, or South ones when nobody reached 30,000 (extension).
            assert!(fields[1].starts_with(['E', 'S']), "{row}");
            // 16 rollouts, but every halving round plays each of its (up to
            // 14) candidates at least once: at most 14 + 8 + 5 + 3 + 2 rollouts.
            let samples = fields[8].parse::<u32>().unwrap();
            assert!(samples <= 2 * 14 + 4, "{row}");
            assert!(fields[11].contains(fields[6]), "{row}");
            // The prior: one of the candidates after a search, none without.
            assert!(samples > 0 || fields[7].is_empty(), "{row}");
            assert!(fields[11].contains(fields[7]), "{row}");
        }
        let priors = rows
            .iter()
            .filter(|r| !r.split(',').nth(7).unwrap().is_empty());
        assert!(priors.count() > 10, "{csv}");
        // With a sample budget the same seed gives the same decisions.
        let again = dir.path().join("again.csv");
        let mut args2 = args;
        args2[10] = again.to_str().unwrap();
        tenpai(&args2, "").0.unwrap();
        let strip = |t: &str| -> Vec<String> {
            t.lines()
                .map(|l| {
                    let f: Vec<&str> = l.split(',').collect();
                    [&f[..9], &f[10..]].concat().join(",")
                })
                .collect()
        };
        assert_eq!(
            strip(&csv),
            strip(&std::fs::read_to_string(&again).unwrap())
        );
    }

    #[test]
    fn selfplay_err_bad_options() {
        let (r, _, _) = tenpai(&["selfplay", "--players", "baseline,random"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--players \"baseline,random\": expected four players"
        );
        let (r, _, _) = tenpai(&["selfplay", "--players", "a,b,c,d"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--players \"a,b,c,d\": unknown player \"a\" (known: random, baseline, mc)"
        );
        use super::parse_think;
        assert_eq!(
            parse_think("50ms"),
            Ok(std::time::Duration::from_millis(50))
        );
        assert_eq!(
            parse_think("1.5s"),
            Ok(std::time::Duration::from_millis(1500))
        );
        for bad in ["fast", "0ms", "-1s", "50"] {
            assert!(
                parse_think(bad).unwrap_err().contains("expected a time"),
                "{bad}"
            );
        }
        let (r, _, _) = tenpai(&["selfplay", "--samples", "0"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--samples 0: at least one rollout"
        );
        let (r, _, _) = tenpai(&["selfplay", "--games", "0"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--games 0: nothing to play"
        );
        let (r, _, _) = tenpai(&["selfplay", "--games", "5", "--duplicate"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--games 5: duplicate play needs a multiple of 4"
        );
    }
}

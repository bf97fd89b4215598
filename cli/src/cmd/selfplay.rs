//! `tenpai selfplay`: AI-only games on all cores, with per-player statistics.

use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use tenpai::game::GameLength;
use tenpai::score::Rules;
use tenpai::selfplay::{play_all, summarize, Config, Estimate, PlayerKind, PlayerStats};

const LONG_ABOUT: &str = "\
Plays AI-only games on all cores and prints, per player: average rank, win rate,
deal-in rate, riichi rate and call rate (per round), and average final points,
each with a 95% confidence interval. Game g uses wall seed SEED+g; with
--duplicate each wall seed is played four times with the players rotated through
the seats (game g: seed SEED+g/4, rotation g%4), so the luck of the deal cancels.
Games are reproducible from the seed.

Players: random (uniform legal actions, wins whenever it can), baseline (tile
efficiency, riichi on decent waits, yakuhai and tanyao calls, defense against
riichi).

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

    /// The four players, comma-separated: random or baseline.
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
    let mut rules = Rules::load(&args.rules).with_context(|| format!("--rules {}", args.rules))?;
    match args.length.as_deref() {
        None => {}
        Some("east") => rules.game.length = GameLength::East,
        Some("south") => rules.game.length = GameLength::South,
        Some(other) => bail!("--length {other:?}: expected east or south"),
    }
    let kinds: Vec<PlayerKind> = args
        .players
        .split(',')
        .map(|p| p.trim().parse::<PlayerKind>())
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow::anyhow!("--players {:?}: {e}", args.players))?;
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
    let games = play_all(&config, &|| bar.inc(1)).context("self-play")?;
    bar.finish_and_clear();
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
    fn selfplay_err_bad_options() {
        let (r, _, _) = tenpai(&["selfplay", "--players", "baseline,random"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--players \"baseline,random\": expected four players"
        );
        let (r, _, _) = tenpai(&["selfplay", "--players", "a,b,c,d"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--players \"a,b,c,d\": unknown player \"a\" (known: random, baseline)"
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

//! `tenpai mjai`: tenpai's AI as an mjai bot on standard input and output.
//! The library's [`BotSession`] follows the game and picks the answers; this
//! command reads lines and writes them.

use anyhow::{anyhow, bail, Result};
use std::io::{BufRead, Write};
use std::time::Duration;
use tenpai::ai::mc::{Budget, Settings};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::PlayerKind;
use tenpai::bot::{answer_json, offers_decision, parse_line, BotSession, PlayerMaker, Protocol};
use tenpai::game::Player;
use tenpai::lines::{read_line, Line, MAX_LINE};

const LONG_ABOUT: &str = "\
Plays one seat as an mjai bot: reads mjai events on standard input and writes
its actions on standard output, one JSON object a line.

--protocol batch (the default, as on mjai.app): each input line is a JSON array
of the events since the last answer, and every line gets exactly one answer
({\"type\":\"none\"} when there is nothing to do). --protocol lines: one event a
line, and an answer only when the event lets this seat act (its own draw, its
riichi or call to discard after, another seat's discard or added kan it may
call or win on) unless the event carries \"can_act\": false.

The seat is --seat, else the id of start_game; the game's length is start_game's
kyoku_first (0 east-south, 4 east only) when present, and aka_flag says whether
it has red fives. Answers: dahai (with tsumogiri), reach (then the dahai when
asked again), chi/pon/daiminkan/kakan/ankan with consumed, hora with target and
pai, ryukyoku (nine terminals), none. The answers come from the legal actions
the engine computes from the seat's view, so none is illegal. A line that is not
mjai, or an event that does not fit the game, stops the bot with a message naming
the line and the problem, and exit status 1.";

/// Plays one seat as an mjai bot on standard input and output.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The seat played: its mjai id 0 to 3, or E, S, W or N (its wind in
    /// the first round: 0 = E, the first dealer). Default: the id of
    /// start_game.
    #[arg(long, value_name = "SEAT")]
    pub seat: Option<tenpai::game::SeatIndex>,

    #[arg(long, help = super::kinds::help("The AI: one of KINDS (mc: the Monte Carlo search, baseline: rule-based and fast, random: any legal action; the versions as in tenpai selfplay --help)"),
        value_name = "KIND", default_value = "mc", value_parser = super::kinds::parse_own)]
    pub ai: PlayerKind,

    /// Monte Carlo thinking time per decision, e.g. 300ms or 1s.
    #[arg(long, value_name = "TIME", default_value = "300ms", value_parser = super::values::parse_think)]
    pub think: std::time::Duration,

    /// Monte Carlo rollouts per decision instead of a time (reproducible).
    #[arg(long, value_name = "N", conflicts_with = "think", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub samples: Option<u32>,

    #[arg(long, help = crate::cmd::values::threads_help("Worker threads for the Monte Carlo rollouts, RANGE"),
        value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::threads())]
    pub threads: usize,

    /// Seed of the Monte Carlo player: it plays seat s with seed 4 × SEED + s,
    /// as `selfplay` seeds it for the game of wall seed SEED.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub seed: u64,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// batch (mjai.app: a JSON array of events a line, one answer a line) or
    /// lines (one event a line, answers only to decisions).
    #[arg(long, value_enum, default_value = "batch")]
    pub protocol: ProtocolArg,
}

/// The protocol of `--protocol` (the library's [`Protocol`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProtocolArg {
    /// A JSON array of events a line, one answer a line (mjai.app).
    Batch,
    /// One event a line, answers only to decisions.
    Lines,
}

/// The player maker the options ask for: `--ai`'s player (a Monte Carlo
/// one with `--think` or `--samples` and `--threads`), seeded for its seat
/// as self-play seeds it.
fn player_maker(args: &Args) -> PlayerMaker {
    let budget = match args.samples {
        Some(n) => Budget::Samples(n),
        None => Budget::Time(args.think),
    };
    let settings = Settings {
        budget,
        threads: args.threads,
        ..Default::default()
    };
    let seed = args.seed;
    let kind = super::with_settings(std::slice::from_ref(&args.ai), settings, Duration::ZERO)
        .pop()
        .unwrap_or_else(|| args.ai.clone());
    Box::new(move |rules: &_, seat: u8| {
        let own = tenpai::arena::seat_seed(seed, seat);
        match kind.player(rules, own) {
            Some(p) => p as Box<dyn Player>,
            // `--ai` takes no external bot (`kinds::parse_own`).
            None => Box::new(BaselinePlayer::new(rules)),
        }
    })
}

/// Runs `tenpai mjai`: answers `input`'s events on `out` until the input ends.
///
/// # Errors
/// Bad options; a line that is not mjai or an event that does not fit the
/// game (`line N: …`); a failed read or write.
pub fn run<R: BufRead, W: Write>(args: &Args, input: R, mut out: W) -> Result<()> {
    let protocol = match args.protocol {
        ProtocolArg::Batch => Protocol::Batch,
        ProtocolArg::Lines => Protocol::Lines,
    };
    let rules = super::load_rules(&args.rules, None)?;
    let mut bot = BotSession::new(rules, args.seat, player_maker(args));
    let mut input = input;
    let mut buf = Vec::new();
    let mut n = 0;
    while let Some(read) = read_line(&mut input, &mut buf, MAX_LINE)? {
        n += 1;
        if let Line::TooLong(len) = read {
            bail!("line {n}: {len} bytes, over the limit of {MAX_LINE}");
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            bail!("line {n}: not UTF-8 text");
        };
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: tenpai::bot::BotError| anyhow!("line {n}: {e}");
        let events = parse_line(line, protocol).map_err(at)?;
        bot.new_line();
        for e in &events {
            bot.observe(e).map_err(at)?;
        }
        let wanted = match protocol {
            Protocol::Batch => true,
            Protocol::Lines => {
                events
                    .last()
                    .is_some_and(|e| e.can_act && offers_decision(&e.event))
                    && bot.must_decide()
            }
        };
        if wanted {
            let answer = bot.answer().map_err(at)?;
            writeln!(out, "{}", answer_json(answer.as_ref()))?;
            out.flush()?;
        }
    }
    Ok(())
}

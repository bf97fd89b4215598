//! The options of a game against AI players, one set for `play` (the
//! terminal) and `serve` (the browser): both flatten [`GameArgs`] into
//! their arguments, so the two cannot drift apart.

use super::advice::AdvisorKind;
use super::play::{parse_opponents, PlayerKinds};
use std::time::Duration;
use tenpai::game::SeatIndex;

/// The game's rules and seed, the person's seat and the AI players.
#[derive(Debug, Clone, clap::Args)]
pub struct GameArgs {
    /// Wall seed (default: a random one, printed at the start); in `serve`
    /// each new game takes the next.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub seed: Option<u64>,

    /// east (one round of dealers) or south (two); default: the rules' length.
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Your seat: E, S, W or N (its wind in the first round), or 0 to 3
    /// (0 = E, the first dealer).
    #[arg(long, value_name = "SEAT", default_value = "E")]
    pub seat: SeatIndex,

    /// Four AI players; you watch from your seat.
    #[arg(long)]
    pub watch: bool,

    #[arg(long, help = super::kinds::help("The AI players, each one of KINDS (mc: the Monte Carlo search; baseline: the rule-based AI; the versions as in tenpai selfplay --help) or cmd:COMMAND (an mjai bot); one for all, or one per AI seat in seat order, comma-separated"),
        value_name = "KIND[,KIND...]", default_value = "mc", value_parser = parse_opponents)]
    pub opponents: PlayerKinds,

    /// How long an external bot (cmd:) may take to answer; then the
    /// baseline plays that decision.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = super::values::parse_think)]
    pub bot_timeout: Duration,

    /// Monte Carlo thinking time per decision, e.g. 300ms or 0.5s (the
    /// choices then depend on the machine's speed: --seed repeats the deal,
    /// not necessarily the game).
    #[arg(long, value_name = "TIME", default_value = "300ms", value_parser = super::values::parse_think)]
    pub think: Duration,

    /// Monte Carlo rollouts per decision instead of a time (the game then
    /// reproduces from --seed); also the advisor's budget (default 1,000).
    #[arg(long, value_name = "N", conflicts_with = "think", allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub samples: Option<u32>,

    #[arg(long, help = crate::cmd::values::threads_help("Threads for each Monte Carlo decision (the AI players' and the advisor's), RANGE; with --samples the choices do not depend on it"),
        value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::threads())]
    pub threads: usize,

    /// The AI behind the hints and the a key: mc (the Monte Carlo search,
    /// --samples N rollouts or 1,000; it also ranks your choices) or
    /// baseline (instant). Default: mc against mc opponents, else baseline.
    #[arg(long, value_enum, value_name = "mc|baseline")]
    pub advisor: Option<AdvisorKind>,
}

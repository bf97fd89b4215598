//! The report's rows: one run's counts as a row of the README's tables.

use crate::client::Seen;
use std::time::Duration;

/// One run: `n` tables of `seats` (the lobby's JSON request) measured for
/// `seconds` after all are playing; what each table's client saw, the
/// window's length, the server's memory (idle RSS, RSS at the window's
/// end, peak; KiB) and the load average.
pub struct Run {
    pub seen: Vec<Seen>,
    pub window: Duration,
    pub idle_kib: u64,
    pub rss_kib: u64,
    pub hwm_kib: u64,
    /// The server's CPU time in the window, s.
    pub cpu: f64,
    /// The clients' CPU time in the window (this process's), s.
    pub client_cpu: f64,
    pub load: String,
}

fn quantile<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    Some(sorted[((sorted.len() - 1) as f64 * q).round() as usize])
}

fn ms(d: Option<Duration>) -> String {
    match d {
        Some(d) if d < Duration::from_millis(10) => format!("{:.2} ms", d.as_secs_f64() * 1e3),
        Some(d) => format!("{:.1} ms", d.as_secs_f64() * 1e3),
        None => "–".into(),
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// The machine's cores.
fn cores() -> f64 {
    std::thread::available_parallelism().map_or(1, |n| n.get()) as f64
}

/// The baseline tables' row.
pub fn baseline_row(n: usize, pace: u64, r: &Run) -> String {
    let moves: u64 = r.seen.iter().map(|s| s.moves).sum();
    let mut trips: Vec<Duration> = r.seen.iter().flat_map(|s| s.trips.clone()).collect();
    trips.sort();
    let per_table = r.rss_kib.saturating_sub(r.idle_kib) as f64 / n as f64;
    let bytes: u64 = r.seen.iter().map(|s| s.bytes).sum();
    let acts = trips.len().max(1) as f64;
    format!(
        "| {n} | {pace} ms | {} | {:.0} | {:.0} | {:.0} µs | {:.0} µs | {:.0} | {:.0} | {} | {} | {} | {:.0} KiB | {} → {} | {} |",
        r.load,
        moves as f64 / r.window.as_secs_f64(),
        trips.len() as f64 / r.window.as_secs_f64(),
        r.cpu * 1e6 / acts,
        r.client_cpu * 1e6 / acts,
        // The ceiling of this machine's cores for server and clients both.
        cores() / ((r.cpu + r.client_cpu) / acts),
        bytes as f64 / acts,
        ms(quantile(&trips, 0.5)),
        ms(quantile(&trips, 0.99)),
        ms(trips.last().copied()),
        per_table,
        mib(r.idle_kib),
        mib(r.rss_kib),
        mib(r.hwm_kib),
    )
}

/// The Monte Carlo tables' row.
pub fn mc_row(n: usize, budget: &str, r: &Run) -> String {
    let mut means: Vec<Duration> = r
        .seen
        .iter()
        .filter(|s| !s.waits.is_empty())
        .map(|s| s.waits.iter().sum::<Duration>() / s.waits.len() as u32)
        .collect();
    means.sort();
    let decisions: usize = r.seen.iter().map(|s| s.waits.len()).sum();
    let starved = r.seen.iter().filter(|s| s.waits.is_empty()).count();
    format!(
        "| {n} | {budget} | {} | {decisions} | {} | {} | {} | {} | {starved} |",
        r.load,
        ms(means.first().copied()),
        ms(quantile(&means, 0.5)),
        ms(quantile(&means, 0.99)),
        ms(means.last().copied()),
    )
}

/// The baseline tables' table's head.
pub const BASELINE_HEAD: &str = "| tables | person's pace | load avg | actions/s (all tables) | person's acts/s | server CPU per act | clients' CPU per act | ceiling: cores / (server + clients) per act, acts/s | bytes to the person per act | round trip p50 | p99 | max | memory per table | server RSS idle → N tables | peak (VmHWM) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

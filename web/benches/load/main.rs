//! The server under load: many lobby tables at once.
//!
//! For each N of `--tables` (default 10,100,1000): a fresh `tenpai serve`
//! server in a child process (this program run again with
//! `TENPAI_LOAD_SERVER` set, so that its memory is the server's alone) with
//! the lobby's limits raised through its configuration
//! ([`tenpai_web::limits::Limits`], the `--max-…` flags of `serve`; the
//! defaults are not changed); N lobby tables opened over HTTP on loopback,
//! each an east-only game of one person and three baseline AI players (AI
//! delay 0); one scripted WebSocket client per table playing the person
//! (a win if offered, else the first choice; thinking panel off; a new
//! game when one ends), for each pace of `--pace` (default 0,2000: the
//! milliseconds it waits before answering; 0 answers at once, a table
//! flat out). Once every table is playing (its person has had a
//! decision), a window of `--seconds` (default 20) is measured:
//! - actions per second, all tables together: the players' moves the
//!   clients were sent (discards, calls, riichi, wins, draws of a round);
//! - the round trip of the person's action: from sending `act` to the
//!   first message it brings back (p50, p99, max). At pace 0 every table
//!   asks for work at once and the round trip is the queue: about N
//!   divided by the acts answered per second (Little's law);
//! - the server's memory: its resident set (`VmRSS` of
//!   `/proc/PID/status`) with N tables playing, minus that of the idle
//!   server, divided by N; and its peak (`VmHWM`);
//! - counts that move little with the machine's load: the server's CPU
//!   time in the window (user and system, `/proc/PID/stat`), the clients'
//!   (this process's own, `/proc/self/stat`) and the bytes the person
//!   received, each over the person's acts; and the ceiling they set on
//!   this machine, its cores over the server's and the clients' CPU per
//!   act (the acts a second if nothing else ran).
//!
//! The clients take the table's updates as patches
//! ([`tenpai_web::patch`]) and read them lean (`reader.rs`: only the open
//! decision and its choices are kept, every update's `seq` checked, no
//! view built), or apply each patch to the whole view with the
//! `json-patch` crate with `--patch-client` (as the page does), or take
//! each view in full with `--full`; `--threads K` runs the server's tables
//! on K threads (by default two per core).
//!
//! Then `--mc-tables` tables (default 100) whose three AI players are the
//! Monte Carlo AI at the lobby's default budget (300 ms a decision): the
//! CPU is the limit, and what counts is that the waits are fair. Each
//! person's wait runs from sending `act` to their next decision; reported
//! is the spread across tables of each table's mean wait (min, p50, p99,
//! max) and the tables that got no decision in the window (starved), over
//! a window of `--mc-seconds` (default 60).
//!
//! Every figure comes with the load average (`/proc/loadavg`) at the
//! window's end: the machine may be shared.
//!
//! ```text
//! cargo bench -p tenpai-web --bench load   # the defaults: --tables 10,100,1000 --pace 0,2000 --seconds 20 --mc-tables 100 --mc-seconds 60
//! cargo bench -p tenpai-web --bench load -- --test   # 2 tables, 2 Monte Carlo tables (10 ms), 0.5 s windows, < 5 s
//! ```

mod client;
mod reader;
mod report;
mod server;

use client::{open_table, play, Window};
use reader::Reading;
use report::{baseline_row, mc_row, Run, BASELINE_HEAD};
use server::{cpu_of, load_average, serve_child, Server, SERVER_ENV, THREADS_ENV};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// What to measure.
struct Args {
    tables: Vec<usize>,
    /// How long the scripted person waits before answering, ms (0: at
    /// once); a run per pace.
    paces: Vec<u64>,
    seconds: f64,
    mc_tables: usize,
    /// The Monte Carlo tables' window, s (their decisions are slow).
    mc_seconds: f64,
    /// The Monte Carlo AI's budget per decision (the lobby's default when
    /// `None`).
    mc_think_ms: Option<u64>,
    /// The server's tables' threads (`None`: its default, two per core).
    threads: Option<usize>,
    /// How the clients read the table ([`Reading`]).
    reading: Reading,
}

impl Args {
    fn parse() -> Args {
        let mut a = Args {
            tables: vec![10, 100, 1000],
            paces: vec![0, 2000],
            seconds: 20.0,
            mc_tables: 100,
            mc_seconds: 60.0,
            mc_think_ms: None,
            threads: None,
            reading: Reading::Lean,
        };
        let mut it = std::env::args().skip(1);
        while let Some(arg) = it.next() {
            let mut value = |name: &str| {
                it.next()
                    .unwrap_or_else(|| panic!("{name}: expected a value"))
            };
            match arg.as_str() {
                "--test" => {
                    a = Args {
                        tables: vec![2],
                        paces: vec![0],
                        seconds: 0.5,
                        mc_tables: 2,
                        mc_seconds: 0.5,
                        mc_think_ms: Some(10),
                        threads: None,
                        reading: Reading::Lean,
                    };
                }
                "--tables" => {
                    a.tables = value("--tables")
                        .split(',')
                        .map(|n| n.parse().expect("--tables: numbers like 10,100,1000"))
                        .collect();
                }
                "--pace" => {
                    a.paces = value("--pace")
                        .split(',')
                        .map(|n| n.parse().expect("--pace: milliseconds like 0,2000"))
                        .collect();
                }
                "--mc-seconds" => {
                    a.mc_seconds = value("--mc-seconds")
                        .parse()
                        .expect("--mc-seconds: a number");
                }
                "--full" => a.reading = Reading::Full,
                "--patch-client" => a.reading = Reading::Patches,
                "--threads" => {
                    a.threads = Some(value("--threads").parse().expect("--threads: a number"));
                }
                "--seconds" => a.seconds = value("--seconds").parse().expect("--seconds: a number"),
                "--mc-tables" => {
                    a.mc_tables = value("--mc-tables").parse().expect("--mc-tables: a number");
                }
                // cargo bench passes --bench.
                _ => {}
            }
        }
        a
    }
}

/// One run: `n` tables of `request` (the lobby's JSON request) measured
/// for `seconds` after all are playing.
fn run(
    rt: &tokio::runtime::Runtime,
    n: usize,
    request: &str,
    pace: Duration,
    seconds: f64,
    threads: Option<usize>,
    reading: Reading,
) -> Run {
    let server = Server::start(n, threads);
    std::thread::sleep(Duration::from_millis(200));
    let (idle_kib, _) = server.memory();
    let addr = server.addr;
    let (open_tx, opened) = watch::channel(None);
    let (close_tx, closed) = watch::channel(false);
    let window = Arc::new(Window {
        playing: AtomicUsize::new(0),
        opened,
        closed,
    });
    let (seen, took, (rss_kib, hwm_kib), cpu, client_cpu, load) = rt.block_on(async {
        let mut clients = Vec::with_capacity(n);
        for _ in 0..n {
            let path = open_table(addr, request).await;
            clients.push(tokio::spawn(play(
                addr,
                path,
                pace,
                reading,
                window.clone(),
            )));
        }
        while window.playing.load(Ordering::SeqCst) < n {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let (cpu0, client0) = (server.cpu(), cpu_of("self"));
        let t0 = Instant::now();
        open_tx.send(Some(t0)).unwrap();
        tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
        let memory = server.memory();
        let cpu = server.cpu() - cpu0;
        let client_cpu = cpu_of("self") - client0;
        let load = load_average();
        close_tx.send(true).unwrap();
        let took = t0.elapsed();
        let mut seen = Vec::with_capacity(n);
        for c in clients {
            seen.push(c.await.expect("a client plays"));
        }
        (seen, took, memory, cpu, client_cpu, load)
    });
    server.stop();
    Run {
        seen,
        window: took,
        idle_kib,
        rss_kib,
        hwm_kib,
        cpu,
        client_cpu,
        load,
    }
}

fn main() {
    if let Ok(tables) = std::env::var(SERVER_ENV) {
        let threads = std::env::var(THREADS_ENV)
            .ok()
            .map(|k| k.parse().expect("a number of threads"));
        return serve_child(tables.parse().expect("a number of tables"), threads);
    }
    let args = Args::parse();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    println!(
        "web/load: east-only lobby tables, one scripted person each (a win, else the first choice, answered after the pace; AI delay 0, panel off), {} s windows\n",
        args.seconds
    );
    println!("{BASELINE_HEAD}");
    let baseline = r#"{"length": "east", "seats": ["person", "baseline", "baseline", "baseline"], "ai_delay_ms": 0}"#;
    for &pace in &args.paces {
        for &n in &args.tables {
            let pace = Duration::from_millis(pace);
            let r = run(
                &rt,
                n,
                baseline,
                pace,
                args.seconds,
                args.threads,
                args.reading,
            );
            println!("{}", baseline_row(n, pace.as_millis() as u64, &r));
        }
    }
    if args.mc_tables == 0 {
        return;
    }
    let (budget, request) = match args.mc_think_ms {
        Some(ms) => (
            format!("{ms} ms"),
            format!(
                r#"{{"length": "east", "seats": ["person", "mc", "mc", "mc"], "ai_delay_ms": 0, "think_ms": {ms}}}"#
            ),
        ),
        None => (
            "300 ms (default)".into(),
            r#"{"length": "east", "seats": ["person", "mc", "mc", "mc"], "ai_delay_ms": 0}"#.into(),
        ),
    };
    println!("\nThree Monte Carlo AI players at each table, a {} s window: the person's wait from `act` to their next decision, each table's mean across tables\n", args.mc_seconds);
    println!(
        "| tables | AI budget | load avg | decisions | min | p50 | p99 | max | starved tables |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let r = run(
        &rt,
        args.mc_tables,
        &request,
        Duration::ZERO,
        args.mc_seconds,
        args.threads,
        args.reading,
    );
    println!("{}", mc_row(args.mc_tables, &budget, &r));
}

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
//! - two counts that move little with the machine's load: the server's
//!   CPU time in the window (user and system, `/proc/PID/stat`) and the
//!   bytes the person received, each over the person's acts.
//!
//! The clients take the table's updates as patches
//! ([`tenpai_web::patch`]), or each view in full with `--full`; `--threads
//! K` runs the server's tables on K threads (by default one per core).
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

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use std::io::{BufRead, Read, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tenpai::rules::Rules;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// Set in the child process: it serves, with room for this many tables.
const SERVER_ENV: &str = "TENPAI_LOAD_SERVER";
/// Set in the child process with `--threads`: the tables' threads.
const THREADS_ENV: &str = "TENPAI_LOAD_THREADS";

/// Clock ticks a second of `/proc/PID/stat`'s CPU times (`USER_HZ`, 100 on
/// Linux).
const TICKS: f64 = 100.0;

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
    /// The server's tables' threads (`None`: its default, one per core).
    threads: Option<usize>,
    /// The clients take the table in full after every event, not as
    /// patches.
    full: bool,
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
            full: false,
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
                        full: false,
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
                "--full" => a.full = true,
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

/// The child process: a server like `tenpai serve`'s (tokio's default
/// multi-threaded runtime), its lobby's limits raised for `tables` tables
/// from one address and for a script's pace; prints its address, serves until its standard input
/// closes.
fn serve_child(tables: u32, threads: Option<std::num::NonZeroUsize>) {
    let mut c = tenpai_web::Config::new(Rules::tenhou(), 0);
    c.bind = "127.0.0.1:0".parse().unwrap();
    c.limits.tables = tables;
    c.limits.tables_per_address = tables;
    c.limits.connections_per_address = tables + 16;
    // A scripted person at a quick table answers faster than a person.
    c.limits.messages_per_second = 100_000;
    c.table_threads = threads;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let running = tenpai_web::start(c).await.expect("the server starts");
        println!("{}", running.addr);
        std::io::stdout().flush().unwrap();
        tokio::task::spawn_blocking(|| {
            let _ = std::io::stdin().read_to_end(&mut Vec::new());
        })
        .await
        .unwrap();
        running.stop().await.unwrap();
    });
    rt.shutdown_timeout(Duration::from_secs(1));
}

/// The server in its child process.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(tables: usize, threads: Option<usize>) -> Server {
        let mut command = Command::new(std::env::current_exe().unwrap());
        if let Some(k) = threads {
            command.env(THREADS_ENV, k.to_string());
        }
        let mut child = command
            .env(SERVER_ENV, tables.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server process starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line.trim().parse().expect("the server prints its address");
        Server { child, addr }
    }

    /// `VmRSS` and `VmHWM` of the server process, KiB.
    fn memory(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let field = |name: &str| -> u64 {
            let line = status.lines().find(|l| l.starts_with(name)).unwrap();
            line[name.len()..]
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .unwrap()
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    /// The CPU time the server process has used (user and system), s.
    fn cpu(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        // The fields after the command's name (which may hold spaces):
        // utime and stime are the 14th and 15th of the line.
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        let f: Vec<&str> = after.split_whitespace().collect();
        let ticks: u64 = f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap();
        ticks as f64 / TICKS
    }

    /// Closes its standard input (it stops) and waits; killed if it has not
    /// stopped within 10 s.
    fn stop(mut self) {
        drop(self.child.stdin.take());
        let t0 = Instant::now();
        while t0.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The 1-minute load average.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// `POST /api/tables` on loopback; the person's WebSocket path.
async fn open_table(addr: SocketAddr, body: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 200"), "the table opens: {text}");
    let start = text.find("/?table=").expect("a seat's link");
    let link = &text[start + 1..];
    format!("/ws{}", &link[..link.find('"').unwrap()])
}

/// The type of a message and of its event, read from its start (the
/// server writes `{"type":"table","event":{"type":"dahai",…`): the clients
/// parse in full only the messages that ask them something.
fn head(t: &str) -> Option<(&str, Option<&str>)> {
    let (ty, rest) = t.strip_prefix(r#"{"type":""#)?.split_once('"')?;
    let event = rest
        .strip_prefix(r#","event":{"type":""#)
        .and_then(|r| r.split_once('"'))
        .map(|(e, _)| e);
    Some((ty, event))
}

/// A message with the table in full.
#[derive(Deserialize)]
struct Full {
    view: serde_json::Value,
}

/// A message with the table as a patch.
#[derive(Deserialize)]
struct Update {
    patch: json_patch::Patch,
}

/// A player's move, as an event (not a draw, a dora or a round's start).
fn is_move(event: &str) -> bool {
    matches!(
        event,
        "dahai" | "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "reach" | "hora" | "ryukyoku"
    )
}

/// The measuring window, shared by the clients.
struct Window {
    /// Tables whose person has had a first decision.
    playing: AtomicUsize,
    /// Opens at `Some(start)`; closes at `true`.
    opened: watch::Receiver<Option<Instant>>,
    closed: watch::Receiver<bool>,
}

/// What one table's client saw in the window.
#[derive(Default)]
struct Seen {
    moves: u64,
    /// The bytes of the messages received (their text).
    bytes: u64,
    /// From `act` to the first message back.
    trips: Vec<Duration>,
    /// From `act` to the person's next decision.
    waits: Vec<Duration>,
}

/// Plays the person at one table until the window closes.
async fn play(
    addr: SocketAddr,
    path: String,
    pace: Duration,
    full: bool,
    window: Arc<Window>,
) -> Seen {
    // tungstenite's default read buffer (128 KiB, zeroed as it grows)
    // cost the clients a quarter of their time; the messages are ~5 KiB.
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(
        format!("ws://{addr}{path}"),
        Some(config),
        true,
    )
    .await
    .expect("the person's link connects");
    let text = |v: &str| Message::Text(v.to_string().into());
    ws.send(text(r#"{"type":"panel","on":false}"#))
        .await
        .unwrap();
    if !full {
        ws.send(text(r#"{"type":"patches","on":true}"#))
            .await
            .unwrap();
    }
    // The table as the client holds it (in full: only the views that ask
    // a decision are read).
    let mut view = serde_json::Value::Null;
    let mut seen = Seen::default();
    let (mut opened, mut closed) = (window.opened.clone(), window.closed.clone());
    let mut first = true;
    let mut last_decision = 0;
    let mut sent: Option<Instant> = None;
    let mut waiting: Option<Instant> = None;
    loop {
        let frame = tokio::select! {
            f = ws.next() => f,
            _ = closed.wait_for(|c| *c) => break,
        };
        let now = Instant::now();
        let Some(Ok(Message::Text(t))) = frame else {
            panic!("the server closed a table's connection")
        };
        let start = *opened.borrow_and_update();
        let within = |at: Instant| start.is_some_and(|s| at >= s);
        if let Some(s) = sent.take().filter(|&s| within(s)) {
            seen.trips.push(now - s);
        }
        let (ty, event) = head(t.as_str()).expect("a message of the protocol");
        if event.is_some_and(is_move) && within(now) {
            seen.moves += 1;
        }
        if within(now) {
            seen.bytes += t.len() as u64;
        }
        match ty {
            "error" => panic!("the server refused the client: {t}"),
            "game_end" => {
                ws.send(text(r#"{"type":"new_game"}"#)).await.unwrap();
                continue;
            }
            "table" if !full || t.contains(r#""decision":"#) => {
                view = serde_json::from_str::<Full>(t.as_str()).expect("JSON").view;
            }
            "update" => {
                let u: Update = serde_json::from_str(t.as_str()).expect("JSON");
                json_patch::patch(&mut view, &u.patch).expect("the patch applies");
            }
            _ => continue,
        }
        let Some(d) = view["decision"].as_u64() else {
            continue;
        };
        let Some(choices) = view["choices"]["actions"].as_array() else {
            continue;
        };
        if d == last_decision {
            continue;
        }
        last_decision = d;
        if first {
            first = false;
            window.playing.fetch_add(1, Ordering::SeqCst);
        }
        if let Some(w) = waiting.take().filter(|&w| within(w)) {
            seen.waits.push(now - w);
        }
        let i = choices
            .iter()
            .position(|c| c["type"] == "tsumo" || c["type"] == "ron")
            .unwrap_or(0);
        let act = format!(r#"{{"type":"act","decision":{d},"choice":{i}}}"#);
        if !pace.is_zero() {
            tokio::time::sleep(pace).await;
        }
        let at = Instant::now();
        (sent, waiting) = (Some(at), Some(at));
        ws.send(text(&act)).await.unwrap();
    }
    seen
}

/// One run: `n` tables of `seats` (the lobby's JSON request) measured for
/// `seconds` after all are playing; what each table's client saw, the
/// window's length, the server's memory (idle RSS, RSS at the window's
/// end, peak; KiB) and the load average.
struct Run {
    seen: Vec<Seen>,
    window: Duration,
    idle_kib: u64,
    rss_kib: u64,
    hwm_kib: u64,
    /// The server's CPU time in the window, s.
    cpu: f64,
    load: String,
}

fn run(
    rt: &tokio::runtime::Runtime,
    n: usize,
    request: &str,
    pace: Duration,
    seconds: f64,
    threads: Option<usize>,
    full: bool,
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
    let (seen, took, (rss_kib, hwm_kib), cpu, load) = rt.block_on(async {
        let mut clients = Vec::with_capacity(n);
        for _ in 0..n {
            let path = open_table(addr, request).await;
            clients.push(tokio::spawn(play(addr, path, pace, full, window.clone())));
        }
        while window.playing.load(Ordering::SeqCst) < n {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let cpu0 = server.cpu();
        let t0 = Instant::now();
        open_tx.send(Some(t0)).unwrap();
        tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
        let memory = server.memory();
        let cpu = server.cpu() - cpu0;
        let load = load_average();
        close_tx.send(true).unwrap();
        let took = t0.elapsed();
        let mut seen = Vec::with_capacity(n);
        for c in clients {
            seen.push(c.await.expect("a client plays"));
        }
        (seen, took, memory, cpu, load)
    });
    server.stop();
    Run {
        seen,
        window: took,
        idle_kib,
        rss_kib,
        hwm_kib,
        cpu,
        load,
    }
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

/// The baseline tables' row.
fn baseline_row(n: usize, pace: u64, r: &Run) -> String {
    let moves: u64 = r.seen.iter().map(|s| s.moves).sum();
    let mut trips: Vec<Duration> = r.seen.iter().flat_map(|s| s.trips.clone()).collect();
    trips.sort();
    let per_table = r.rss_kib.saturating_sub(r.idle_kib) as f64 / n as f64;
    let bytes: u64 = r.seen.iter().map(|s| s.bytes).sum();
    let acts = trips.len().max(1) as f64;
    format!(
        "| {n} | {pace} ms | {} | {:.0} | {:.0} | {:.0} µs | {:.0} | {} | {} | {} | {:.0} KiB | {} → {} | {} |",
        r.load,
        moves as f64 / r.window.as_secs_f64(),
        trips.len() as f64 / r.window.as_secs_f64(),
        r.cpu * 1e6 / acts,
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
fn mc_row(n: usize, budget: &str, r: &Run) -> String {
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
    println!("| tables | person's pace | load avg | actions/s (all tables) | person's acts/s | server CPU per act | bytes to the person per act | round trip p50 | p99 | max | memory per table | server RSS idle → N tables | peak (VmHWM) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
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
                args.full,
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
        args.full,
    );
    println!("{}", mc_row(args.mc_tables, &budget, &r));
}

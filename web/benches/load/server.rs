//! The server under test, in a child process (this program run again with
//! [`SERVER_ENV`] set), so that its memory and CPU time are its own; and
//! the CPU time of a process, read from `/proc/PID/stat`.

use std::io::{BufRead, Read, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tenpai::rules::Rules;

/// Set in the child process: it serves, with room for this many tables.
pub const SERVER_ENV: &str = "TENPAI_LOAD_SERVER";
/// Set in the child process with `--threads`: the tables' threads.
pub const THREADS_ENV: &str = "TENPAI_LOAD_THREADS";

/// Clock ticks a second of `/proc/PID/stat`'s CPU times (`USER_HZ`, 100 on
/// Linux).
const TICKS: f64 = 100.0;

/// The child process: a server like `tenpai serve`'s (tokio's default
/// multi-threaded runtime), its lobby's limits raised for `tables` tables
/// from one address and for a script's pace; prints its address, serves
/// until its standard input closes.
pub fn serve_child(tables: u32, threads: Option<std::num::NonZeroUsize>) {
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
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    pub fn start(tables: usize, threads: Option<usize>) -> Server {
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
    pub fn memory(&self) -> (u64, u64) {
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
    pub fn cpu(&self) -> f64 {
        cpu_of(&self.child.id().to_string())
    }

    /// Closes its standard input (it stops) and waits; killed if it has not
    /// stopped within 10 s.
    pub fn stop(mut self) {
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

/// The CPU time process `pid` (`self`: this one) has used, user and
/// system, s.
pub fn cpu_of(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name (which may hold spaces):
    // utime and stime are the 14th and 15th of the line.
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap();
    ticks as f64 / TICKS
}

/// The 1-minute load average.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

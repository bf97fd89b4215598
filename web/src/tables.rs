//! The tables' threads: each a current-thread tokio runtime with a
//! `LocalSet` (the engine's game is not `Send`, so a table's task stays on
//! the thread it was opened on), two per core by default. A table is
//! opened on thread `id % threads`; its handle ([`TableHandle`]: channels)
//! is `Send` and reaches it from any connection. Tables share nothing but
//! the kept logs and the lobby's registry (each behind its own lock), so
//! two tables on two threads play at once.
//!
//! A WebSocket connection to a table is served on that table's thread too
//! ([`Tables::run_on`]): its socket is watched by that thread's runtime,
//! so that a client's message, the table's answer and its write to the
//! socket wake no other thread.

use crate::logs::Logs;
use crate::table::{self, TableHandle, TableSpec};
use std::num::NonZeroUsize;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// A request to open a table on its thread.
struct Open {
    id: u64,
    spec: TableSpec,
    logs: Logs,
    reply: oneshot::Sender<Result<TableHandle, table::StartError>>,
}

/// Work for a tables' thread.
enum Job {
    /// Open a table.
    Open(Box<Open>),
    /// Run this on the thread (inside its `LocalSet`: it may spawn tasks
    /// there, and register sockets with the thread's runtime).
    Run(Box<dyn FnOnce() + Send>),
}

/// The way to open tables on the tables' threads; the threads end when
/// every clone of it is dropped.
#[derive(Clone)]
pub(crate) struct Tables {
    threads: Arc<[mpsc::UnboundedSender<Job>]>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables({} threads)", self.threads.len())
    }
}

impl Tables {
    /// Starts `threads` tables' threads (`None`: [`default_threads`]).
    ///
    /// # Errors
    /// A runtime or a thread could not be started.
    pub(crate) fn start(threads: Option<NonZeroUsize>) -> std::io::Result<Tables> {
        let n = threads.map_or_else(default_threads, NonZeroUsize::get);
        let threads = (0..n).map(thread).collect::<std::io::Result<Vec<_>>>()?;
        Ok(Tables {
            threads: threads.into(),
        })
    }

    /// The thread table `id` is opened on.
    fn thread_of(&self, id: u64) -> &mpsc::UnboundedSender<Job> {
        &self.threads[(id % self.threads.len() as u64) as usize]
    }

    /// Runs `job` on the thread of table `id` (inside its `LocalSet`);
    /// false when the tables' threads have stopped (`job` dropped, not
    /// run).
    pub(crate) fn run_on(&self, id: u64, job: impl FnOnce() + Send + 'static) -> bool {
        self.thread_of(id).send(Job::Run(Box::new(job))).is_ok()
    }
}

/// Starts tables' thread `k`.
/// The tables' threads when none are asked for: two per core the machine
/// offers ([`std::thread::available_parallelism`]; 2 if it cannot tell).
///
/// Why two: a busy server shares its cores with other processes (on the
/// load bench, its 1,000 clients), and the kernel shares a core between
/// runnable threads, so twice the threads get the tables their share.
/// Measured (docs/web-load.md, session 10, quiet 2-core machine, 1,000
/// tables flat out): one thread a core 31,621–33,010 person acts a second,
/// p99 51.7–52.5 ms; two a core 35,043–36,048, p99 48.3–49.1 ms, and less
/// server CPU an act (39–40 µs against 42).
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| 2 * n.get())
}

fn thread(k: usize) -> std::io::Result<mpsc::UnboundedSender<Job>> {
    let (tx, mut rx) = mpsc::unbounded_channel::<Job>();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name(format!("tables-{k}"))
        .spawn(move || {
            let local = tokio::task::LocalSet::new();
            local.block_on(&rt, async move {
                while let Some(job) = rx.recv().await {
                    match job {
                        Job::Open(open) => {
                            let _ = open.reply.send(table::spawn(open.id, open.spec, open.logs));
                        }
                        Job::Run(run) => run(),
                    }
                }
            });
        })?;
    Ok(tx)
}

/// Why a table did not open.
pub(crate) enum Opened {
    /// The tables' threads stopped.
    Stopped,
    /// The table could not start.
    Start(table::StartError),
}

/// Opens `spec` as table `id` on its thread (`id` modulo their number).
pub(crate) async fn open_table(
    tables: &Tables,
    id: u64,
    spec: TableSpec,
    logs: &Logs,
) -> Result<TableHandle, Opened> {
    let (reply, handle) = oneshot::channel();
    let _ = tables.thread_of(id).send(Job::Open(Box::new(Open {
        id,
        spec,
        logs: logs.clone(),
        reply,
    })));
    handle
        .await
        .map_err(|_| Opened::Stopped)?
        .map_err(Opened::Start)
}

impl std::fmt::Display for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opened::Stopped => f.write_str("the tables' threads stopped"),
            Opened::Start(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_start_two_threads_a_core_by_default() {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(default_threads(), 2 * cores);
        let tables = Tables::start(None).unwrap();
        assert_eq!(tables.threads.len(), 2 * cores);
        assert_eq!(
            Tables::start(NonZeroUsize::new(3)).unwrap().threads.len(),
            3
        );
    }
}

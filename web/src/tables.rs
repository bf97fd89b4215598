//! The tables' threads: each a current-thread tokio runtime with a
//! `LocalSet` (the engine's game is not `Send`, so a table's task stays on
//! the thread it was opened on), one per core by default. A table is
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
    /// Starts `threads` tables' threads (`None`: one per core).
    ///
    /// # Errors
    /// A runtime or a thread could not be started.
    pub(crate) fn start(threads: Option<NonZeroUsize>) -> std::io::Result<Tables> {
        let n = threads
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get);
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

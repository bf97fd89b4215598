//! The tables' threads: each a current-thread tokio runtime with a
//! `LocalSet` (the engine's game is not `Send`, so a table's task stays on
//! the thread it was opened on), one per core by default. A table is
//! opened on thread `id % threads`; its handle ([`TableHandle`]: channels)
//! is `Send` and reaches it from any connection. Tables share nothing but
//! the kept logs and the lobby's registry (each behind its own lock), so
//! two tables on two threads play at once.

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

/// The way to open tables on the tables' threads; the threads end when
/// every clone of it is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    threads: Arc<[mpsc::UnboundedSender<Open>]>,
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

    /// The number of threads.
    pub(crate) fn len(&self) -> usize {
        self.threads.len()
    }
}

/// Starts tables' thread `k`.
fn thread(k: usize) -> std::io::Result<mpsc::UnboundedSender<Open>> {
    let (tx, mut rx) = mpsc::unbounded_channel::<Open>();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name(format!("tables-{k}"))
        .spawn(move || {
            let local = tokio::task::LocalSet::new();
            local.block_on(&rt, async move {
                while let Some(open) = rx.recv().await {
                    let _ = open.reply.send(table::spawn(open.id, open.spec, open.logs));
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
    let k = (id % tables.len() as u64) as usize;
    let _ = tables.threads[k].send(Open {
        id,
        spec,
        logs: logs.clone(),
        reply,
    });
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

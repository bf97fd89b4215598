//! Shutting the server down (SIGTERM, Ctrl-C, [`crate::Running::stop`]):
//! no new WebSocket (a join, a spectator) once it starts; every table
//! closed (its game's log synced to the disk, its clients told with
//! [`crate::protocol::ServerMsg::Closing`]); then every connection
//! writes what it still holds and closes.

use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How long the shutdown waits for the tables and the connections.
pub(crate) const WAIT: Duration = Duration::from_secs(5);

/// The server's shutdown, shared by the handlers and connections.
#[derive(Clone)]
pub(crate) struct Shutdown {
    /// Set when the shutdown starts: no new connection.
    closing: Arc<watch::Sender<bool>>,
    /// Set once the tables are closed: the connections end.
    hangup: Arc<watch::Sender<bool>>,
    /// Connections open.
    conns: Arc<watch::Sender<usize>>,
}

impl Default for Shutdown {
    fn default() -> Shutdown {
        Shutdown {
            closing: Arc::new(watch::Sender::new(false)),
            hangup: Arc::new(watch::Sender::new(false)),
            conns: Arc::new(watch::Sender::new(0)),
        }
    }
}

/// An open connection, counted until dropped.
pub(crate) struct Conn(Arc<watch::Sender<usize>>);

impl Drop for Conn {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n = n.saturating_sub(1));
    }
}

impl Shutdown {
    /// The shutdown has started: no new connection.
    pub(crate) fn closing(&self) -> bool {
        *self.closing.borrow()
    }

    /// Counts a connection while the returned guard lives.
    pub(crate) fn conn(&self) -> Conn {
        self.conns.send_modify(|n| *n += 1);
        Conn(self.conns.clone())
    }

    /// Resolves when the connections are to end (the tables are closed).
    pub(crate) async fn hung_up(&self) {
        let mut rx = self.hangup.subscribe();
        let _ = rx.wait_for(|h| *h).await;
    }

    /// Starts the shutdown: no new connection from now on.
    pub(crate) fn start(&self) {
        self.closing.send_replace(true);
    }

    /// Closes `tables` (each told to close and awaited, at most [`WAIT`]
    /// in all), then ends the connections and waits for them to write
    /// what they hold (at most [`WAIT`]).
    pub(crate) async fn finish(&self, tables: Vec<crate::table::TableHandle>) {
        let closed = async {
            for t in tables {
                let (done, closed) = tokio::sync::oneshot::channel();
                if t.send(crate::table::TableMsg::Close { done }).await {
                    let _ = closed.await;
                }
            }
        };
        let _ = tokio::time::timeout(WAIT, closed).await;
        self.hangup.send_replace(true);
        let mut conns = self.conns.subscribe();
        let _ = tokio::time::timeout(WAIT, conns.wait_for(|n| *n == 0)).await;
    }
}

//! The server's accept loop: each TCP connection served as HTTP/1.1 by
//! hyper with the router, as `axum::serve` serves it, but with the socket
//! handed to hyper as it is (`axum::serve` first reads whether a
//! connection speaks HTTP/2 and so wraps it in a type of its own), so that
//! a WebSocket upgrade gives the connection's TCP socket back
//! ([`crate::upgrade`]). The page is plain HTTP, where browsers speak
//! HTTP/1.1 only (HTTP/2 needs TLS), so nothing is lost.

use axum::extract::ConnectInfo;
use axum::{Extension, Router};
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use std::pin::pin;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};

/// Serves `app` on `listener` until `stop` resolves (or its sender is
/// dropped): then accepts no more, asks each HTTP connection to close
/// once the request it is serving is answered, and returns when they have
/// closed. A WebSocket is no longer an HTTP connection once upgraded: the
/// server's shutdown ends those ([`crate::shutdown`]).
///
/// Each connection's requests carry its peer's address
/// ([`ConnectInfo`] of its `SocketAddr`), and its small writes go out at once
/// (`TCP_NODELAY`: no Nagle delay waiting for an ACK).
pub(crate) async fn serve(listener: TcpListener, app: Router, stop: oneshot::Receiver<()>) {
    // `true` once the server stops; each connection holds a receiver, and
    // the loop waits for the last one to be dropped.
    let (stopping, stopped) = watch::channel(false);
    let mut stop = pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    pause_after(&e).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let _ = tcp.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone().layer(Extension(ConnectInfo(peer))));
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let conn = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(tcp), service)
                .with_upgrades();
            let mut conn = pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                _ = stopped.wait_for(|s| *s) => {}
            }
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        });
    }
    drop(stopped);
    stopping.send_replace(true);
    stopping.closed().await;
}

/// After a failed `accept`: none for a connection that failed before it
/// was accepted (the next one is accepted at once); a second for anything
/// else (out of file descriptors: the connections open may close
/// meanwhile), as `axum::serve` does.
async fn pause_after(e: &std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        eprintln!("tenpai serve: accepting a connection failed: {e}");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

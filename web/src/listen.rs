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

use crate::shutdown::WAIT;

/// How long a request's head (its line and headers) may take to arrive,
/// from its first byte: a client that stalls in the middle of one is
/// dropped after this.
pub(crate) const HEADER_WAIT: Duration = Duration::from_secs(30);

/// Serves `app` on `listener` until `stop` resolves (or its sender is
/// dropped): then closes the listener (a new connection is refused, not
/// left waiting), asks each HTTP connection to close once the request it
/// is serving is answered, and returns when they have closed or after
/// [`WAIT`], whichever is first — a client that sent half a request and
/// stalls holds up nobody's shutdown. A request's head must arrive within
/// [`HEADER_WAIT`] of its first byte (hyper's header read timeout), or the
/// connection is dropped. A WebSocket is no longer an HTTP connection once upgraded: the
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
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_WAIT)
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
    drop(listener);
    drop(stopped);
    stopping.send_replace(true);
    let _ = tokio::time::timeout(WAIT, stopping.closed()).await;
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use tokio::io::AsyncWriteExt;
    use tokio::time::Instant;

    /// A client that sent half a request and stalls: the server stops
    /// within `WAIT` anyway, and refuses new connections meanwhile. Tokio's
    /// clock is paused (it moves only when every task waits), so the
    /// times below are the server's timers, not the machine's speed.
    #[tokio::test(start_paused = true)]
    async fn serve_ok_stops_within_the_wait_though_a_client_sent_half_a_request() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new().route("/", get(|| async { "ok" }));
        let (stop, stop_rx) = oneshot::channel();
        let server = tokio::spawn(serve(listener, app, stop_rx));
        let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
        half.write_all(b"GET / HTTP/1.1\r\nHost: x").await.unwrap();
        tokio::task::yield_now().await;
        let start = Instant::now();
        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(600), server)
            .await
            .expect("serve did not return")
            .unwrap();
        let took = start.elapsed();
        assert!(
            took <= WAIT + Duration::from_millis(100),
            "stopped after {took:?}"
        );
        assert!(tokio::net::TcpStream::connect(addr).await.is_err());
        drop(half);
    }

    /// A request's head that stalls is dropped after `HEADER_WAIT` while
    /// the server runs.
    #[tokio::test(start_paused = true)]
    async fn serve_ok_drops_a_request_head_that_stalls() {
        use tokio::io::AsyncReadExt;
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new().route("/", get(|| async { "ok" }));
        let (_stop, stop_rx) = oneshot::channel::<()>();
        tokio::spawn(serve(listener, app, stop_rx));
        let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
        half.write_all(b"GET / HTTP/1.1\r\nHost: x").await.unwrap();
        let start = Instant::now();
        let mut answer = Vec::new();
        let read =
            tokio::time::timeout(Duration::from_secs(600), half.read_to_end(&mut answer)).await;
        assert!(read.is_ok(), "the stalled connection was kept");
        let took = start.elapsed();
        assert!(
            took >= HEADER_WAIT && took <= HEADER_WAIT + Duration::from_secs(1),
            "dropped after {took:?}"
        );
    }
}

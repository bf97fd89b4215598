//! One table's scripted person: a WebSocket client that plays the first
//! choice (a win if offered) and counts what it saw in the measuring window.

use crate::reader::{Read, Reader, Reading};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// `POST /api/tables` on loopback; the person's WebSocket path.
pub async fn open_table(addr: SocketAddr, body: &str) -> String {
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

/// A player's move, as an event (not a draw, a dora or a round's start).
fn is_move(event: &str) -> bool {
    matches!(
        event,
        "dahai" | "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "reach" | "hora" | "ryukyoku"
    )
}

/// The measuring window, shared by the clients.
pub struct Window {
    /// Tables whose person has had a first decision.
    pub playing: AtomicUsize,
    /// Opens at `Some(start)`; closes at `true`.
    pub opened: watch::Receiver<Option<Instant>>,
    pub closed: watch::Receiver<bool>,
}

/// What one table's client saw in the window.
#[derive(Default)]
pub struct Seen {
    pub moves: u64,
    /// The bytes of the messages received (their text).
    pub bytes: u64,
    /// From `act` to the first message back.
    pub trips: Vec<Duration>,
    /// From `act` to the person's next decision.
    pub waits: Vec<Duration>,
}

/// Plays the person at one table until the window closes, reading the
/// table as `reading` says.
pub async fn play(
    addr: SocketAddr,
    path: String,
    pace: Duration,
    reading: Reading,
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
    if reading != Reading::Full {
        ws.send(text(r#"{"type":"patches","on":true}"#))
            .await
            .unwrap();
    }
    let mut reader = Reader::new(reading);
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
        if within(now) {
            seen.bytes += t.len() as u64;
        }
        let mut moves = 0;
        let read = reader.read(t.as_str(), &mut |e| moves += u64::from(is_move(e)));
        if within(now) {
            seen.moves += moves;
        }
        match read {
            Read::GameEnd => {
                ws.send(text(r#"{"type":"new_game"}"#)).await.unwrap();
                continue;
            }
            Read::Other => continue,
            Read::Table => {}
        }
        let Some((d, i)) = reader.open() else {
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

//! The server's limits over real sockets, each set small: past one the
//! client is told which (an `error` naming it, or HTTP 429/503 with the
//! reason) and the server serves everyone else on. Sources other than
//! 127.0.0.1 are other addresses of the loopback (127.0.0.2…).

use crate::common::{config, request_from, Client};
use crate::rooms::ws;
use serde_json::{json, Value};
use std::net::IpAddr;
use std::time::Duration;
use tenpai_web::limits::{Clock, Limits};
use tenpai_web::{start, Running};

async fn server_with(limits: Limits) -> Running {
    let mut c = config(3, None);
    c.limits = limits;
    start(c).await.expect("the server starts")
}

fn ip(last: u8) -> IpAddr {
    [127, 0, 0, last].into()
}

/// The message of the next `error`.
async fn error(c: &mut Client) -> String {
    let (m, _) = c.until("error").await;
    m["message"].as_str().unwrap().to_string()
}

/// Answers the open decision of table message `t` with its first choice;
/// the next table message after it.
async fn act_first(c: &mut Client, t: &Value) -> Value {
    let d = t["view"]["decision"].as_u64().expect("a decision is open");
    c.send(json!({"type": "act", "decision": d, "choice": 0}))
        .await;
    let (next, _) = c.until("table").await;
    next
}

const NO_LOG: &str = "log 99: no such log (it may have been forgotten)";
const TOO_MANY: &str = "too many messages: at most 3 a second on a connection (--max-messages-per-second); this one was not read";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_err_messages_past_the_rate_refused_then_read_after_refill() {
    let clock = Clock::manual();
    let srv = server_with(Limits {
        messages_per_second: 3,
        clock: clock.clone(),
        ..Limits::default()
    })
    .await;
    let mut c = Client::connect(&srv).await;
    // Another connection (a lobby table's spectator: a seat has one
    // connection at a time).
    let links = crate::rooms::open_two_people(&srv, 2).await;
    let mut other = Client::connect_to(&srv, &ws(&links["watch"])).await;
    let (t, _) = c.until("table").await;
    let ask = json!({"type": "frame", "log": 99, "step": 0});
    for _ in 0..5 {
        c.send(ask.clone()).await;
    }
    let mut said = Vec::new();
    for _ in 0..5 {
        said.push(error(&mut c).await);
    }
    assert_eq!(said, [NO_LOG, NO_LOG, NO_LOG, TOO_MANY, TOO_MANY]);
    // Nothing refills while the clock stands still; garbage counts too.
    c.send_text("garbage").await;
    assert_eq!(error(&mut c).await, TOO_MANY);
    // A third of a second brings one message back, a second all three.
    clock.advance(Duration::from_millis(334));
    c.send(ask.clone()).await;
    c.send(ask.clone()).await;
    assert_eq!(
        [error(&mut c).await, error(&mut c).await],
        [NO_LOG, TOO_MANY]
    );
    clock.advance(Duration::from_secs(1));
    let after = act_first(&mut c, &t).await;
    assert!(after["event"].is_object(), "the act was played: {after}");
    // Another connection has its own bucket.
    other.until("table").await;
    other.send(ask.clone()).await;
    assert_eq!(error(&mut other).await, NO_LOG);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_err_connections_per_address_refused_429_others_served() {
    let srv = server_with(Limits {
        connections_per_address: 2,
        ..Limits::default()
    })
    .await;
    // Each on a seat or role of its own (a seat has one connection at a
    // time): the server's own table, a lobby table's person and its
    // spectators.
    let (status, links) = open_from(&srv, ip(3)).await;
    assert_eq!(status, 200, "{links}");
    let (seat, watch) = (ws(&links["seats"][0]["link"]), ws(&links["watch"]));
    let mut first = Client::try_connect_from(&srv, ip(1), "/ws").await.unwrap();
    let mut second = Client::try_connect_from(&srv, ip(1), &seat).await.unwrap();
    let refused = Client::try_connect_from(&srv, ip(1), &watch).await.err();
    assert_eq!(
        refused,
        Some((
            429,
            "too many connections from 127.0.0.1: at most 2 at once (--max-connections-per-address)"
                .to_string()
        ))
    );
    // Another address is served; the connections already open play on.
    let mut elsewhere = Client::try_connect_from(&srv, ip(2), &watch).await.unwrap();
    let (t, _) = second.until("table").await;
    let next = act_first(&mut second, &t).await;
    assert!(next["event"].is_object(), "{next}");
    elsewhere.until("table").await;
    // A connection closed makes room for one more.
    first.ws.close(None).await.unwrap();
    while first.next().await.is_some() {}
    let again = Client::try_connect_from(&srv, ip(1), "/ws").await;
    assert!(again.is_ok(), "{:?}", again.err());
}

/// Opens a table from `from` with a person at East and three baseline AI
/// players (no AI delay); the status and the answer.
async fn open_from(srv: &Running, from: IpAddr) -> (u16, Value) {
    let req = json!({"length": "east", "seats": ["person", "baseline", "baseline", "baseline"], "ai_delay_ms": 0, "seed": 5});
    request_from(srv, from, "POST", "/api/tables", &req.to_string()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_err_tables_in_all_503_and_per_address_429_until_a_game_ends() {
    let srv = server_with(Limits {
        tables: 2,
        tables_per_address: 1,
        ..Limits::default()
    })
    .await;
    let (status, first) = open_from(&srv, ip(1)).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(
        open_from(&srv, ip(1)).await,
        (
            429,
            json!({"error": "too many tables opened from 127.0.0.1: at most 1 whose game is not over (--max-tables-per-address)"})
        )
    );
    assert_eq!(open_from(&srv, ip(2)).await.0, 200);
    assert_eq!(
        open_from(&srv, ip(3)).await,
        (
            503,
            json!({"error": "the server has its most tables open (2, --max-tables): try again when a game ends"})
        )
    );
    // The first table is played on to its end: its place is free again,
    // for its opener as for anyone.
    let mut person = Client::connect_to(&srv, &ws(&first["seats"][0]["link"])).await;
    let end = person.play_to_end().await;
    assert_eq!(end.last().unwrap()["type"], "game_end");
    assert_eq!(open_from(&srv, ip(3)).await.0, 200);
    assert_eq!(open_from(&srv, ip(1)).await.0, 503);
}

type Sink = futures_util::stream::SplitSink<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    tokio_tungstenite::tungstenite::Message,
>;
type Stream = futures_util::stream::SplitStream<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
>;

/// A connection to `path` whose socket takes little (a 4 KiB receive
/// buffer), split.
async fn small_reader(srv: &Running, path: &str) -> (Sink, Stream) {
    use futures_util::StreamExt;
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.set_recv_buffer_size(4096).unwrap();
    let tcp = sock.connect(srv.addr).await.unwrap();
    let url = format!("ws://{}{path}", srv.addr);
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(tcp);
    let (ws, _) = tokio_tungstenite::client_async_with_config(url, stream, None)
        .await
        .unwrap();
    ws.split()
}

/// Asks for more answers than the server's socket can hold (its send
/// buffer grows to `tcp_wmem`'s largest), the client's (4 KiB) and the
/// queue; each about a log of its own (from `FIRST_LOG`), so that each
/// answer names its ask.
fn flood_asks() -> impl Iterator<Item = (usize, String)> {
    let wmem = std::fs::read_to_string("/proc/sys/net/ipv4/tcp_wmem").unwrap();
    let most: usize = wmem.split_whitespace().last().unwrap().parse().unwrap();
    let asks = most / 60 + 2 * tenpai_web::table::OUT_QUEUE;
    (FIRST_LOG..FIRST_LOG + asks).map(|log| {
        let ask = json!({"type": "frame", "log": log, "step": 0}).to_string();
        (log, ask)
    })
}

const FIRST_LOG: usize = 1_000_000;

/// A client that sends without reading: its answers fill the socket's
/// buffers, then its queue; the answer that finds no room closes it with
/// the reason (code 1008), after every answer before it, whole and in
/// order, and none after. Another client is served on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_err_a_client_that_does_not_read_is_closed_with_the_reason() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let srv = server_with(Limits {
        messages_per_second: 1_000_000,
        ..Limits::default()
    })
    .await;
    let (mut tx, mut rx) = small_reader(&srv, "/ws").await;
    let mut asks = 0;
    for (_, ask) in flood_asks() {
        tx.send(Message::Text(ask.into())).await.unwrap();
        asks += 1;
    }
    let mut answered = Vec::new();
    let close = loop {
        match rx.next().await.expect("a close frame before the end") {
            Ok(Message::Text(t)) => {
                let m: Value = serde_json::from_str(t.as_str()).unwrap();
                if let Some(log) = m["message"].as_str().and_then(|e| e.strip_prefix("log ")) {
                    answered.push(log.split(':').next().unwrap().parse::<usize>().unwrap());
                }
            }
            Ok(Message::Close(frame)) => break frame.expect("a reason"),
            other => panic!("{other:?}"),
        }
    };
    // The flooding client goes (the server reads what it sent until then).
    drop((tx, rx));
    assert_eq!(u16::from(close.code), 1008);
    assert_eq!(
        close.reason.as_str(),
        "the client reads too slowly: 1024 messages were waiting for it, and one more found no room (closed)"
    );
    let n = answered.len();
    assert!(n > 0 && n < asks, "{n} of {asks}");
    assert!(
        answered.iter().copied().eq(FIRST_LOG..FIRST_LOG + n),
        "the first {n} asks answered, in order, none missing"
    );
    let mut other = Client::connect(&srv).await;
    other.until("table").await;
    srv.stop().await.unwrap();
}

/// A person who sends without ever reading (not even the close frame):
/// the server's writer waits on the full socket, and still the connection
/// is dropped by twice `close_wait` after the answer that found no room:
/// the table hears East left (South sees East away), so the game can go on
/// without them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_err_a_person_who_never_reads_is_dropped_and_their_seat_away() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let srv = server_with(Limits {
        messages_per_second: 1_000_000,
        close_wait: Duration::from_millis(100),
        ..Limits::default()
    })
    .await;
    let links = crate::rooms::open_two_people(&srv, 4).await;
    let (mut tx, rx) = small_reader(&srv, &ws(&links["seats"][0]["link"])).await;
    let mut south = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    let here = json!(["here", "here", "ai", "ai"]);
    crate::rooms::seats_until(&mut south, |s| s["seats"] == here).await;
    let flood_then_away = async {
        for (_, ask) in flood_asks() {
            if tx.send(Message::Text(ask.into())).await.is_err() {
                break; // Dropped already.
            }
        }
        crate::rooms::seats_until(&mut south, |s| s["seats"][0] != "here").await
    };
    // A bound on a failure (the seat never left), not a measurement.
    let seats = tokio::time::timeout(Duration::from_secs(60), flood_then_away)
        .await
        .expect("East's leave reaches the table");
    assert_eq!(seats["seats"], json!(["away", "here", "ai", "ai"]));
    drop((tx, rx));
    srv.stop().await.unwrap();
}

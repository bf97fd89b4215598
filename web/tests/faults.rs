//! Bad input: answered with an error to the client that sent it, the game
//! unchanged, other clients unaffected; a frame over the size limit closes
//! that connection only (the seat is played on from the next).

use crate::common::{server, Client};
use futures_util::SinkExt;
use serde_json::json;
use tenpai_web::protocol::MAX_CLIENT_MESSAGE;

async fn error(c: &mut Client) -> String {
    let (m, _) = c.until("error").await;
    m["message"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_ok_bad_messages_are_answered_and_change_nothing() {
    let srv = server(3, None).await;
    let mut c = Client::connect(&srv).await;
    let (t, _) = c.until("table").await;
    let d = t["view"]["decision"].as_u64().expect("East decides first");
    let hand = t["view"]["seats"][0]["hand"].clone();
    let n = t["view"]["choices"]["actions"].as_array().unwrap().len();
    c.send_text("garbage").await;
    assert!(error(&mut c)
        .await
        .starts_with("message not understood: expected value"));
    c.send_text(r#"{"type":"act","decision":"#).await;
    assert!(error(&mut c).await.contains("EOF while parsing"));
    c.send_text(r#"{"type":"cheat"}"#).await;
    assert!(error(&mut c).await.contains("unknown variant `cheat`"));
    c.send(json!({"type": "act", "decision": d, "choice": n}))
        .await;
    assert_eq!(
        error(&mut c).await,
        format!("choice {n} of {n}: no such choice")
    );
    c.send(json!({"type": "act", "decision": d + 5, "choice": 0}))
        .await;
    assert_eq!(
        error(&mut c).await,
        format!("decision {} is not open (decision {d} is)", d + 5)
    );
    c.send(json!({"type": "new_game"})).await;
    assert_eq!(error(&mut c).await, "the game is not over");
    // A seat out of 0 to 3 is the library's SeatIndex error, as everywhere.
    c.send(json!({"type": "review", "log": 1, "seat": 7})).await;
    let e = error(&mut c).await;
    assert!(
        e.starts_with("message not understood: seat 7: expected 0 to 3"),
        "{e}"
    );
    c.send(json!({"type": "frame", "log": 1, "step": 0, "seat": 4}))
        .await;
    let e = error(&mut c).await;
    assert!(
        e.starts_with("message not understood: seat 4: expected 0 to 3"),
        "{e}"
    );
    c.send(json!({"type": "frame", "log": 99, "step": 0})).await;
    assert!(error(&mut c).await.starts_with("log 99: no such log"));
    // A message longer than the connection's read buffer (4 KiB) and
    // within the limit is read whole.
    let long = format!(r#"{{"type":"cheat","x":"{}"}}"#, "a".repeat(12 * 1024));
    c.send_text(&long).await;
    assert!(error(&mut c).await.contains("unknown variant `cheat`"));
    c.ws.send(tokio_tungstenite::tungstenite::Message::Binary(
        vec![1, 2, 3].into(),
    ))
    .await
    .unwrap();
    assert!(error(&mut c).await.contains("binary frames are not read"));
    // A frame over the limit closes that connection.
    let huge = format!(
        r#"{{"type":"panel","on":true,"x":"{}"}}"#,
        "a".repeat(MAX_CLIENT_MESSAGE)
    );
    let size = huge.len();
    let _ =
        c.ws.send(tokio_tungstenite::tungstenite::Message::Text(huge.into()))
            .await;
    // It is told why, then closed with 1009 (Message Too Big) and the
    // same reason.
    let mut why = None;
    while let Some(m) = c.next().await {
        if m["type"] == "error" {
            why = m["message"].as_str().map(str::to_string);
        }
    }
    let why = why.expect("an error before the close");
    let reason = format!("message too big: Space limit exceeded: Message too long: {size} > 16384 (a message is at most 16384 bytes)");
    assert_eq!(why, format!("the connection is closed: {reason}"));
    assert_eq!(c.closed_with, Some((1009, reason)));
    // Nothing changed: the seat's next connection (a seat has one at a
    // time) sees the same open decision.
    let mut other = Client::connect(&srv).await;
    let (t2, _) = other.until("table").await;
    assert_eq!(t2["view"]["decision"], d);
    assert_eq!(t2["view"]["seats"][0]["hand"], hand);
    // It plays on.
    other
        .send(json!({"type": "act", "decision": d, "choice": 0}))
        .await;
    loop {
        let (m, _) = other.until("table").await;
        if m["view"]["decision"].as_u64().is_some_and(|x| x > d) {
            break;
        }
    }
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_ok_acting_out_of_turn_is_refused() {
    let srv = server(3, None).await;
    let mut c = Client::connect(&srv).await;
    let (t, _) = c.until("table").await;
    let d = t["view"]["decision"].as_u64().unwrap();
    c.send(json!({"type": "act", "decision": d, "choice": 0}))
        .await;
    // The same decision again, now closed (the AI players move).
    c.send(json!({"type": "act", "decision": d, "choice": 0}))
        .await;
    let m = error(&mut c).await;
    assert!(m.starts_with(&format!("decision {d} is not open")), "{m}");
    srv.stop().await.unwrap();
}

/// A client whose first frame comes in the same write as its upgrade
/// request: the HTTP server reads it with the request, and it is still
/// read (the socket moves to the table's thread with the bytes already
/// read: `web/src/upgrade.rs`) and answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_ok_a_frame_sent_with_the_upgrade_request_is_read() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio_tungstenite::tungstenite::protocol::Role;
    use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
    let srv = server(3, None).await;
    let mut tcp = tokio::net::TcpStream::connect(srv.addr).await.unwrap();
    tcp.set_nodelay(true).unwrap();
    let mut bytes = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        srv.addr
    )
    .into_bytes();
    bytes.extend(masked_text(b"garbage"));
    tcp.write_all(&bytes).await.unwrap();
    // The answer's head, and what came after it.
    let mut got = Vec::new();
    let head = loop {
        let mut buf = [0; 4096];
        let n = tcp.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed before the answer");
        got.extend_from_slice(&buf[..n]);
        if let Some(i) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let answer = String::from_utf8_lossy(&got[..head]).into_owned();
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    // RFC 6455 §1.3's example key and its answer.
    assert!(
        answer.lines().any(|l| l
            .eq_ignore_ascii_case("sec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
            && l.ends_with("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")),
        "{answer}"
    );
    let rest = got[head..].to_vec();
    let ws =
        WebSocketStream::from_partially_read(MaybeTlsStream::Plain(tcp), rest, Role::Client, None)
            .await;
    let mut c = Client::of(ws);
    assert!(error(&mut c)
        .await
        .starts_with("message not understood: expected value"));
    srv.stop().await.unwrap();
}

/// A client's text frame of `payload` (under 126 bytes), masked with the
/// key 1, 2, 3, 4 (RFC 6455 §5.2, §5.3).
fn masked_text(payload: &[u8]) -> Vec<u8> {
    let key = [1u8, 2, 3, 4];
    let mut frame = vec![0x81, 0x80 | payload.len() as u8];
    frame.extend(key);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ key[i % 4]));
    frame
}

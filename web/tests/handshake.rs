//! The checks of a request's head over a real socket (RFC 6455 §4.2.1,
//! RFC 9112 §3.2, RFC 6454 §7.3): a `Sec-WebSocket-Key` that is not the
//! base64 of 16 bytes is refused (400, naming the header); so is an
//! HTTP/1.1 request without `Host`, or any with two (400); an upgrade with
//! two `Origin` headers is refused as cross-site (403), even when the
//! first is the server's own.

use crate::common::server;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends `head` (a request's line and headers, no body) to `addr`; the
/// answer's status and body (read to its `Content-Length`).
async fn ask(addr: std::net::SocketAddr, head: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("{head}\r\n").as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0; 4096];
    loop {
        let n = s.read(&mut buf).await.unwrap();
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got).into_owned();
        if let Some((top, body)) = text.split_once("\r\n\r\n") {
            let length = top
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_string)
                })
                .map_or(0, |n| n.parse::<usize>().unwrap());
            if body.len() >= length || n == 0 {
                return (text[9..12].parse().unwrap(), body.to_string());
            }
        }
        assert!(n > 0, "the answer ended early: {text}");
    }
}

/// An upgrade request's head for `/ws` with `key`, and `more` header lines.
fn upgrade(addr: std::net::SocketAddr, key: &str, more: &str) -> String {
    format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n{more}"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handshake_err_a_key_not_base64_of_16_bytes_is_400_naming_the_header() {
    let srv = server(1, None).await;
    for key in ["abc", "AQIDBAUGBwgJCgsMDQ4P", "AQIDBAUGBwgJCgsMDQ4PEBE="] {
        assert_eq!(
            ask(srv.addr, &upgrade(srv.addr, key, "")).await,
            (
                400,
                format!("`Sec-WebSocket-Key` header \"{key}\" is not one base64 value of 16 bytes (RFC 6455 §4.2.1)")
            ),
            "{key}"
        );
    }
    let (status, _) = ask(srv.addr, &upgrade(srv.addr, "AQIDBAUGBwgJCgsMDQ4PEA==", "")).await;
    assert_eq!(status, 101);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handshake_err_two_origins_are_403_though_the_first_is_our_own() {
    let srv = server(1, None).await;
    let own = format!("http://{}", srv.addr);
    let key = "dGhlIHNhbXBsZSBub25jZQ==";
    for second in ["http://evil.example", own.as_str()] {
        let two = format!("Origin: {own}\r\nOrigin: {second}\r\n");
        assert_eq!(
            ask(srv.addr, &upgrade(srv.addr, key, &two)).await,
            (
                403,
                "2 Origin headers: a request has at most one (RFC 6454 §7.3): cross-site WebSocket refused".to_string()
            ),
            "{second}"
        );
    }
    let one = format!("Origin: {own}\r\n");
    let (status, _) = ask(srv.addr, &upgrade(srv.addr, key, &one)).await;
    assert_eq!(status, 101);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handshake_err_http_1_1_without_host_or_with_two_is_400() {
    let srv = server(1, None).await;
    let none = "an HTTP/1.1 request must have a Host header (RFC 9112 §3.2)".to_string();
    let two = "2 Host headers: a request must have one (RFC 9112 §3.2)".to_string();
    let addr = srv.addr;
    for (head, answer) in [
        (
            "GET /api/tables HTTP/1.1\r\nConnection: close\r\n".to_string(),
            (400, none.clone()),
        ),
        (
            format!("GET /api/tables HTTP/1.1\r\nHost: {addr}\r\nHost: {addr}\r\nConnection: close\r\n"),
            (400, two.clone()),
        ),
        (
            format!("GET /api/tables HTTP/1.0\r\nHost: {addr}\r\nHost: {addr}\r\n"),
            (400, two),
        ),
        (
            "GET /ws HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n".to_string(),
            (400, none),
        ),
        (
            "GET /api/tables HTTP/1.0\r\n".to_string(),
            (200, r#"{"tables":[]}"#.to_string()),
        ),
    ] {
        assert_eq!(ask(addr, &head).await, answer, "{head}");
    }
    srv.stop().await.unwrap();
}

//! The WebSocket upgrade (RFC 6455 §4.2), done here rather than by axum's
//! `WebSocketUpgrade`, whose `WebSocket` keeps its socket: here the
//! upgraded connection's TCP socket is taken back whole, so that it can
//! move to the thread of the table it plays at and be served there
//! ([`crate::tables::Tables::run_on`]). A person's act then wakes no other
//! thread: the table's thread reads it, plays it and the AI players' moves
//! after it, and writes the answer.
//!
//! The checks are axum's (method, `Connection`, `Upgrade`,
//! `Sec-WebSocket-Version`, `Sec-WebSocket-Key`), with the same answers,
//! and RFC 6455 §4.2.1's on the key, which axum leaves out: one
//! `Sec-WebSocket-Key`, the base64 of 16 bytes (400 naming the header
//! otherwise).

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;

/// A request to upgrade to a WebSocket (an extractor): its key, and the
/// way to the connection once the answer is sent.
pub(crate) struct Upgrade {
    key: HeaderValue,
    on_upgrade: OnUpgrade,
}

/// Why a request is not a WebSocket upgrade this server can answer.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NotUpgrade {
    /// The method is not GET.
    #[error("Request method must be `GET`")]
    Method,
    /// `Connection` does not name `upgrade`.
    #[error("Connection header did not include 'upgrade'")]
    Connection,
    /// `Upgrade` is not `websocket`.
    #[error("`Upgrade` header did not include 'websocket'")]
    Upgrade,
    /// `Sec-WebSocket-Version` is not 13.
    #[error("`Sec-WebSocket-Version` header did not include '13'")]
    Version,
    /// No `Sec-WebSocket-Key`.
    #[error("`Sec-WebSocket-Key` header missing")]
    Key,
    /// A `Sec-WebSocket-Key` that is not the base64 of 16 bytes (its value,
    /// lossily, at most 64 characters), or more than one.
    #[error(
        "`Sec-WebSocket-Key` header {0} is not one base64 value of 16 bytes (RFC 6455 §4.2.1)"
    )]
    BadKey(String),
    /// The connection cannot be upgraded (not served by [`crate::listen`]).
    #[error("WebSocket request couldn't be upgraded since no upgrade state was present")]
    NotUpgradable,
}

impl IntoResponse for NotUpgrade {
    fn into_response(self) -> Response {
        let status = match self {
            NotUpgrade::Method => StatusCode::METHOD_NOT_ALLOWED,
            NotUpgrade::NotUpgradable => StatusCode::UPGRADE_REQUIRED,
            _ => StatusCode::BAD_REQUEST,
        };
        (status, self.to_string()).into_response()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Upgrade {
    type Rejection = NotUpgrade;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Upgrade, NotUpgrade> {
        let key = check(&parts.method, &parts.headers)?;
        let on_upgrade = parts
            .extensions
            .remove::<OnUpgrade>()
            .ok_or(NotUpgrade::NotUpgradable)?;
        Ok(Upgrade { key, on_upgrade })
    }
}

/// The key of a WebSocket upgrade request with this method and these
/// headers, or why it is not one.
fn check(method: &Method, headers: &HeaderMap) -> Result<HeaderValue, NotUpgrade> {
    if method != Method::GET {
        return Err(NotUpgrade::Method);
    }
    let has = |name: header::HeaderName, token: &str| {
        headers.get_all(name).iter().any(|v| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
        })
    };
    if !has(header::CONNECTION, "upgrade") {
        return Err(NotUpgrade::Connection);
    }
    if !has(header::UPGRADE, "websocket") {
        return Err(NotUpgrade::Upgrade);
    }
    if headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .map(HeaderValue::as_bytes)
        != Some(b"13")
    {
        return Err(NotUpgrade::Version);
    }
    let mut keys = headers.get_all(header::SEC_WEBSOCKET_KEY).iter();
    let key = keys.next().ok_or(NotUpgrade::Key)?;
    if keys.next().is_some() {
        let n = headers.get_all(header::SEC_WEBSOCKET_KEY).iter().count();
        return Err(NotUpgrade::BadKey(format!("given {n} times")));
    }
    if !is_base64_of_16_bytes(key.as_bytes()) {
        let shown: String = String::from_utf8_lossy(key.as_bytes())
            .chars()
            .take(64)
            .collect();
        return Err(NotUpgrade::BadKey(format!("{shown:?}")));
    }
    Ok(key.clone())
}

/// `key` is the base64 (RFC 4648 §4, with its padding) of exactly 16
/// bytes: 22 characters of the alphabet then `==`, the last of the 22
/// carrying 2 bits of data and 4 zero bits (the canonical encoding, as
/// every client's is).
fn is_base64_of_16_bytes(key: &[u8]) -> bool {
    let alphabet = |c: &u8| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/';
    match key {
        [data @ .., last, b'=', b'='] if data.len() == 21 => {
            data.iter().all(alphabet) && matches!(last, b'A' | b'Q' | b'g' | b'w')
        }
        _ => false,
    }
}

impl Upgrade {
    /// The answer that accepts the upgrade (101); once it is sent,
    /// `serve` is called with the connection's TCP socket (taken from the
    /// runtime that accepted it: no longer watched by it) and the bytes
    /// the client sent after its request, if any (the first frames).
    pub(crate) fn accept(
        self,
        serve: impl FnOnce(std::net::TcpStream, Vec<u8>) + Send + 'static,
    ) -> Response {
        let Upgrade { key, on_upgrade } = self;
        tokio::spawn(async move {
            // The client went away before the answer reached it.
            let Ok(upgraded) = on_upgrade.await else {
                return;
            };
            let parts = match upgraded.downcast::<TokioIo<tokio::net::TcpStream>>() {
                Ok(parts) => parts,
                Err(_) => {
                    return eprintln!(
                        "tenpai serve: an upgraded connection is not a TCP socket (a bug)"
                    )
                }
            };
            match parts.io.into_inner().into_std() {
                Ok(tcp) => serve(tcp, parts.read_buf.to_vec()),
                Err(e) => eprintln!("tenpai serve: a WebSocket's socket could not move: {e}"),
            }
        });
        let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
        (
            StatusCode::SWITCHING_PROTOCOLS,
            [
                (header::CONNECTION, "upgrade"),
                (header::UPGRADE, "websocket"),
                (header::SEC_WEBSOCKET_ACCEPT, accept.as_str()),
            ],
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(lines: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in lines {
            h.append(*name, HeaderValue::from_static(value));
        }
        h
    }

    const GOOD: [(&str, &str); 4] = [
        ("connection", "keep-alive, Upgrade"),
        ("upgrade", "WebSocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ];

    #[test]
    fn upgrade_ok_a_browsers_request_is_accepted_with_its_key() {
        let key = check(&Method::GET, &headers(&GOOD)).unwrap();
        assert_eq!(key, "dGhlIHNhbXBsZSBub25jZQ==");
        // RFC 6455 §1.3's example.
        assert_eq!(
            tungstenite::handshake::derive_accept_key(key.as_bytes()),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn upgrade_err_each_missing_part_is_named() {
        assert_eq!(
            check(&Method::POST, &headers(&GOOD)),
            Err(NotUpgrade::Method)
        );
        for (drop, why) in [
            ("connection", NotUpgrade::Connection),
            ("upgrade", NotUpgrade::Upgrade),
            ("sec-websocket-version", NotUpgrade::Version),
            ("sec-websocket-key", NotUpgrade::Key),
        ] {
            let kept: Vec<_> = GOOD.iter().copied().filter(|(n, _)| *n != drop).collect();
            assert_eq!(check(&Method::GET, &headers(&kept)), Err(why), "{drop}");
        }
        let mut two = GOOD.to_vec();
        two.push(("sec-websocket-key", "AQIDBAUGBwgJCgsMDQ4PEA=="));
        assert_eq!(
            check(&Method::GET, &headers(&two)),
            Err(NotUpgrade::BadKey("given 2 times".into()))
        );
        let mut old = GOOD;
        old[2].1 = "8";
        assert_eq!(
            check(&Method::GET, &headers(&old)),
            Err(NotUpgrade::Version)
        );
        assert_eq!(
            NotUpgrade::Method.into_response().status(),
            StatusCode::METHOD_NOT_ALLOWED
        );
        assert_eq!(
            NotUpgrade::NotUpgradable.into_response().status(),
            StatusCode::UPGRADE_REQUIRED
        );
    }

    #[test]
    fn upgrade_err_a_key_not_base64_of_16_bytes_is_named() {
        for (key, shown) in [
            ("abc", r#""abc""#),
            // 15 bytes, 17 bytes.
            ("AQIDBAUGBwgJCgsMDQ4P", r#""AQIDBAUGBwgJCgsMDQ4P""#),
            ("AQIDBAUGBwgJCgsMDQ4PEBE=", r#""AQIDBAUGBwgJCgsMDQ4PEBE=""#),
            // 24 characters, but a `*`; data bits in the padding.
            ("AQIDBAUGBwgJCgsMDQ4*EA==", r#""AQIDBAUGBwgJCgsMDQ4*EA==""#),
            ("AQIDBAUGBwgJCgsMDQ4PEB==", r#""AQIDBAUGBwgJCgsMDQ4PEB==""#),
        ] {
            let mut bad = GOOD;
            bad[3].1 = key;
            let refused = check(&Method::GET, &headers(&bad));
            assert_eq!(refused, Err(NotUpgrade::BadKey(shown.into())), "{key}");
            let answer = refused.unwrap_err().into_response();
            assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
        }
        assert_eq!(
            NotUpgrade::BadKey(r#""abc""#.into()).to_string(),
            r#"`Sec-WebSocket-Key` header "abc" is not one base64 value of 16 bytes (RFC 6455 §4.2.1)"#
        );
        // 16 bytes 0x01..=0x10, and 16 bytes 0xff.
        for key in ["AQIDBAUGBwgJCgsMDQ4PEA==", "/////////////////////w=="] {
            let mut good = GOOD;
            good[3].1 = key;
            assert!(check(&Method::GET, &headers(&good)).is_ok(), "{key}");
        }
    }
}

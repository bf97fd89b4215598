//! The `Origin` check of WebSocket upgrades over a real socket: a page of
//! the server's own origin and a client without `Origin` get in; a page of
//! another site is refused (403, the reason said), at the server's own
//! table, a lobby table's seat and its spectators (the viewer shares these
//! sockets).

use crate::common::{server, Client};
use crate::rooms::{open_two_people, ws};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Error;

/// Upgrades `path` with `origin` (none: no header); the first message's
/// type, or the refusal's status and body.
async fn upgrade(
    srv: &tenpai_web::Running,
    path: &str,
    origin: Option<&str>,
) -> Result<String, (u16, String)> {
    let mut req = format!("ws://{}{path}", srv.addr)
        .into_client_request()
        .unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("Origin", o.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, _)) => {
            let mut c = Client::of(ws);
            Ok(c.next().await.expect("a message")["type"]
                .as_str()
                .unwrap()
                .to_string())
        }
        Err(Error::Http(resp)) => Err((
            resp.status().as_u16(),
            String::from_utf8_lossy(resp.body().as_deref().unwrap_or_default()).into_owned(),
        )),
        Err(e) => panic!("{path}: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn origin_ok_same_origin_or_none_refused_from_another_site() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 5).await;
    let own = format!("http://{}", srv.addr);
    for path in [
        "/ws".to_string(),
        ws(&links["seats"][0]["link"]),
        ws(&links["watch"]),
    ] {
        assert_eq!(
            upgrade(&srv, &path, Some(&own)).await,
            Ok("welcome".to_string()),
            "{path}"
        );
        assert_eq!(
            upgrade(&srv, &path, None).await,
            Ok("welcome".to_string()),
            "{path}"
        );
        assert_eq!(
            upgrade(&srv, &path, Some("http://evil.example")).await,
            Err((
                403,
                format!(
                    "Origin http://evil.example is not this server ({}): cross-site WebSocket refused",
                    srv.addr
                )
            )),
            "{path}"
        );
    }
    srv.stop().await.unwrap();
}

/// A raw HTTP request with these extra header lines; the status and the
/// body as text.
async fn raw(addr: std::net::SocketAddr, method: &str, path: &str, headers: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = r#"{"length": "east", "seats": ["person", "baseline", "baseline", "baseline"]}"#;
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\n{headers}Content-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text[9..12].parse().unwrap();
    (
        status,
        text.split("\r\n\r\n").nth(1).unwrap_or("").to_string(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_err_a_rebound_domain_is_refused_on_every_route() {
    let mut config = crate::common::config(1, None);
    config.bind = "127.0.0.1:0".parse().unwrap();
    config.public_hosts = tenpai_web::host::Names::new(["table.example"]);
    let srv = tenpai_web::start(config).await.unwrap();
    let port = srv.addr.port();
    let refused = format!(
        "Host rebind.evil.example:{port} is not a name of this server (start it with --public-host rebind.evil.example to serve it under that name)"
    );
    let evil = format!(
        "Host: rebind.evil.example:{port}\r\nOrigin: http://rebind.evil.example:{port}\r\n"
    );
    for (method, path) in [
        ("GET", "/"),
        ("GET", "/api/tables"),
        ("GET", "/ws"),
        ("POST", "/api/tables"),
    ] {
        assert_eq!(
            raw(srv.addr, method, path, &evil).await,
            (403, refused.clone()),
            "{method} {path}"
        );
    }
    // Its own names: an address, localhost, the name it was given.
    for host in [
        srv.addr.to_string(),
        format!("localhost:{port}"),
        format!("table.example:{port}"),
    ] {
        let (status, _) = raw(srv.addr, "GET", "/api/tables", &format!("Host: {host}\r\n")).await;
        assert_eq!(status, 200, "{host}");
    }
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn origin_err_a_cross_site_post_opens_no_table() {
    let srv = server(1, None).await;
    let host = format!("Host: {}\r\n", srv.addr);
    let (status, body) = raw(
        srv.addr,
        "POST",
        "/api/tables",
        &format!("{host}Origin: http://evil.example\r\n"),
    )
    .await;
    assert_eq!(
        (status, body),
        (
            403,
            format!(
                "Origin http://evil.example is not this server ({}): cross-site request refused",
                srv.addr
            )
        )
    );
    let (status, _) = raw(
        srv.addr,
        "GET",
        "/api/tables",
        &format!("{host}Origin: http://evil.example\r\n"),
    )
    .await;
    assert_eq!(status, 200, "reading the listing is not refused");
    let (_, listing) = crate::common::get(&srv, "/api/tables").await;
    assert_eq!(
        listing["tables"].as_array().map(Vec::len),
        Some(0),
        "{listing}"
    );
    let own = format!("{host}Origin: http://{}\r\n", srv.addr);
    let (status, body) = raw(srv.addr, "POST", "/api/tables", &own).await;
    assert_eq!(status, 200, "{body}");
    srv.stop().await.unwrap();
}

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
            let mut c = Client { ws };
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

//! A client of the server for tests: a WebSocket that reads JSON messages.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::time::Duration;
use tenpai::arena::PlayerKind;
use tenpai::rules::{GameLength, Rules};
use tenpai_web::table::Advisor;
use tenpai_web::{start, Config, Running};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{
    client_async_with_config, connect_async_with_config, MaybeTlsStream, WebSocketStream,
};

/// East-only tenhou rules.
pub fn east() -> Rules {
    let mut r = Rules::tenhou();
    r.game.length = GameLength::East;
    r
}

/// A server with the person at seat 0 against three baseline AI players,
/// no AI delay, the baseline advising, logs written to `log_dir`.
pub async fn server(seed: u64, log_dir: Option<std::path::PathBuf>) -> Running {
    start(config(seed, log_dir))
        .await
        .expect("the server starts")
}

/// The settings of [`server`].
pub fn config(seed: u64, log_dir: Option<std::path::PathBuf>) -> Config {
    let mut c = Config::new(east(), seed);
    c.bind = "127.0.0.1:0".parse().unwrap();
    c.table.players = [
        None,
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
    ];
    c.table.ai_delay = Duration::ZERO;
    c.table.advisor = Advisor::Baseline;
    c.table.log_dir = log_dir;
    // The tests' tables are seeded, so that their games are known.
    c.seeded_tables = true;
    c
}

/// A connected client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The view last received (in full, or patched): the base of the
    /// next update.
    view: Option<Value>,
    /// The messages of an `updates` message not yet returned.
    unread: std::collections::VecDeque<Value>,
    /// The `seq` the next table or update must carry (none missed, none
    /// twice, in order).
    seq: u64,
    /// `updates` messages received, and the updates they carried.
    pub batches: (usize, usize),
    /// Text messages received.
    pub frames: usize,
    /// The close frame the server ended the connection with (its code
    /// and reason), once [`Client::next`] met it.
    pub closed_with: Option<(u16, String)>,
}

/// How long a test waits for a message before failing.
const WAIT: Duration = Duration::from_secs(60);

impl Client {
    /// A client on the WebSocket `ws`.
    pub fn of(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            view: None,
            unread: Default::default(),
            seq: 0,
            batches: (0, 0),
            frames: 0,
            closed_with: None,
        }
    }

    /// Asks the table for its updates as patches ([`Client::next`] turns
    /// them back into views).
    pub async fn take_patches(&mut self) {
        self.send(serde_json::json!({"type": "patches", "on": true}))
            .await;
    }

    pub async fn connect(r: &Running) -> Client {
        Client::connect_to(r, "/ws").await
    }

    /// Connects to `path` (a link's `/ws?table=ID&key=KEY`).
    pub async fn connect_to(r: &Running, path: &str) -> Client {
        Client::try_connect(r, path).await.expect("connects")
    }

    /// Connects to `path`; the HTTP status when the server refuses.
    pub async fn try_connect(r: &Running, path: &str) -> Result<Client, u16> {
        match connect_async_with_config(format!("ws://{}{path}", r.addr), None, true).await {
            Ok((ws, _)) => Ok(Client::of(ws)),
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => Err(resp.status().as_u16()),
            Err(e) => panic!("{path}: {e}"),
        }
    }

    /// Connects to `path` from the source address `from` (any of
    /// 127.0.0.0/8 reaches a server on 127.0.0.1); the HTTP status and
    /// the reason when the server refuses.
    pub async fn try_connect_from(
        r: &Running,
        from: std::net::IpAddr,
        path: &str,
    ) -> Result<Client, (u16, String)> {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.bind(std::net::SocketAddr::new(from, 0)).unwrap();
        let tcp = sock.connect(r.addr).await.unwrap();
        tcp.set_nodelay(true).unwrap();
        let url = format!("ws://{}{path}", r.addr);
        match client_async_with_config(url, MaybeTlsStream::Plain(tcp), None).await {
            Ok((ws, _)) => Ok(Client::of(ws)),
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
                let body = resp.body().as_deref().unwrap_or_default();
                Err((resp.status().as_u16(), String::from_utf8_lossy(body).into()))
            }
            Err(e) => panic!("{path}: {e}"),
        }
    }

    /// Every message until `game_end` (included), answering nothing.
    pub async fn watch_to_end(&mut self) -> Vec<Value> {
        let mut all = Vec::new();
        loop {
            let m = self.next().await.expect("the game goes on");
            let end = m["type"] == "game_end";
            all.push(m);
            if end {
                return all;
            }
        }
    }

    /// Plays until the game's end with the scripted policy ([`pick`]),
    /// answering every decision; returns every message received.
    pub async fn play_to_end(&mut self) -> Vec<Value> {
        self.play_until(|m| m["type"] == "game_end").await
    }

    /// Plays with the scripted policy ([`pick`]) until a message that
    /// `stop` accepts; returns the messages up to it (included).
    pub async fn play_until(&mut self, stop: impl Fn(&Value) -> bool) -> Vec<Value> {
        let mut all = Vec::new();
        loop {
            let m = self.next().await.expect("the game goes on");
            all.push(m.clone());
            if stop(&m) {
                return all;
            }
            if m["type"] == "error" {
                panic!("{m}");
            }
            if let Some(d) = m["view"]["decision"]
                .as_u64()
                .filter(|_| m["type"] == "table")
            {
                self.answer(&m, d).await;
            }
        }
    }

    /// Answers decision `d` of table `m` as the scripted person ([`pick`]).
    pub async fn answer(&mut self, m: &Value, d: u64) {
        let kinds: Vec<&str> = m["view"]["choices"]["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["type"].as_str().unwrap())
            .collect();
        self.send(serde_json::json!({"type": "act", "decision": d, "choice": pick(&kinds)}))
            .await;
    }

    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("sends");
    }

    pub async fn send_text(&mut self, s: &str) {
        self.ws
            .send(Message::Text(s.to_string().into()))
            .await
            .expect("sends");
    }

    /// The next JSON message; `None` when the connection closed. An
    /// update (a patch of the view before) comes as the `table` message
    /// it stands for, the view patched, with the update's `patch` beside;
    /// the updates of an `updates` message one by one. Each table's and
    /// update's `seq` is checked (the one after the last: none missed)
    /// and taken off.
    pub async fn next(&mut self) -> Option<Value> {
        if let Some(m) = self.unread.pop_front() {
            return Some(self.patched(m));
        }
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time");
            match m {
                Some(Ok(Message::Text(t))) => {
                    self.frames += 1;
                    let mut m: Value = serde_json::from_str(t.as_str()).expect("JSON");
                    if m["type"] == "updates" {
                        let updates = m["updates"].take();
                        let updates = updates.as_array().expect("updates: a list");
                        assert!(updates.len() > 1, "several updates: {t}");
                        assert!(updates.iter().all(|u| u["type"] == "update"), "{t}");
                        self.batches.0 += 1;
                        self.batches.1 += updates.len();
                        self.unread.extend(updates.iter().cloned());
                        let first = self.unread.pop_front().unwrap();
                        return Some(self.patched(first));
                    }
                    return Some(self.patched(m));
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed_with = frame.map(|f| (u16::from(f.code), f.reason.to_string()));
                    return None;
                }
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// `m`, an update turned into the table it stands for; the view kept.
    fn patched(&mut self, mut m: Value) -> Value {
        if m["type"] == "table" || m["type"] == "update" {
            let seq = m.as_object_mut().unwrap().remove("seq");
            assert_eq!(seq, Some(self.seq.into()), "the next table: {m}");
            self.seq += 1;
        }
        match m["type"].as_str() {
            Some("table") => {
                self.view = Some(m["view"].clone());
                m
            }
            Some("update") => {
                // Read and applied by another RFC 6902 implementation than
                // the server's, as a client would.
                let ops: json_patch::Patch =
                    serde_json::from_value(m["patch"].clone()).expect("a patch");
                let mut view = self.view.take().expect("an update after a table");
                json_patch::patch(&mut view, &ops).expect("the patch applies");
                self.view = Some(view.clone());
                let mut t = serde_json::json!({"type": "table", "view": view, "patch": m["patch"]});
                if let Some(e) = m.get("event") {
                    t["event"] = e.clone();
                }
                t
            }
            _ => m,
        }
    }

    /// Messages until one of type `ty` (which is returned with those before it).
    pub async fn until(&mut self, ty: &str) -> (Value, Vec<Value>) {
        let mut before = Vec::new();
        loop {
            let m = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed before {ty}: {before:?}"));
            if m["type"] == ty {
                return (m, before);
            }
            before.push(m);
        }
    }
}

/// The scripted person's policy: a win, else riichi, else the first
/// choice (which calls whatever it can).
pub fn pick(kinds: &[&str]) -> usize {
    kinds
        .iter()
        .position(|k| *k == "tsumo" || *k == "ron")
        .or_else(|| kinds.iter().position(|k| *k == "riichi"))
        .unwrap_or(0)
}

/// A raw HTTP POST on loopback; the status and the JSON body.
pub async fn post(r: &Running, path: &str, body: &str) -> (u16, Value) {
    request(r, "POST", path, body).await
}

/// A raw HTTP GET on loopback; the status and the JSON body.
pub async fn get(r: &Running, path: &str) -> (u16, Value) {
    request(r, "GET", path, "").await
}

/// A raw HTTP request on loopback; the status and the JSON body.
pub async fn request(r: &Running, method: &str, path: &str, body: &str) -> (u16, Value) {
    request_from(r, [127, 0, 0, 1].into(), method, path, body).await
}

/// A raw HTTP request on loopback from the source address `from` (any of
/// 127.0.0.0/8); the status and the JSON body.
pub async fn request_from(
    r: &Running,
    from: std::net::IpAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind(std::net::SocketAddr::new(from, 0)).unwrap();
    let mut s = sock.connect(r.addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        r.addr,
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    let status: u16 = text[9..12].parse().unwrap();
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    // A chunked body: the JSON object between the chunk sizes.
    let json = &body[body.find('{').unwrap_or(0)..=body.rfind('}').unwrap_or(0)];
    (status, serde_json::from_str(json).unwrap_or(Value::Null))
}

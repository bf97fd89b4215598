//! `tenpai serve --log-dir D` killed with SIGKILL in the middle of a lobby
//! table's game and started again on D: the table resumes at the last
//! event its log holds, the person comes back with the same link and plays
//! on, and the finished log is the same game, event for event, as the one
//! played without a kill.

use crate::common::tenpai;
use crate::serve::{addr_of, next_json, spawn_serve, Server};
use std::io::{Read, Write};
use std::path::Path;

/// The lobby table of the test: the person East, three baseline AIs, no
/// delay, seed 7.
const TABLE: &str = r#"{"length": "east", "seats": ["person", "baseline", "baseline", "baseline"], "ai_delay_ms": 0, "seed": 7}"#;

fn start(dir: &Path) -> (Server, String) {
    let (server, printed) = spawn_serve(&["--log-dir", dir.to_str().unwrap(), "--seeded-tables"]);
    (server, addr_of(&printed))
}

/// `POST path` with `body`; the answer's JSON.
fn post(addr: &str, path: &str, body: &str) -> serde_json::Value {
    let mut http = std::net::TcpStream::connect(addr).unwrap();
    write!(
        http,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    http.read_to_string(&mut answer).unwrap();
    let (head, json) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{answer}");
    serde_json::from_str(json).unwrap()
}

/// Plays the person's seat at `ws_path` (always the first choice) until
/// the game ends or `decisions` decisions were answered; true when the
/// game ended.
fn play(addr: &str, ws_path: &str, decisions: usize) -> bool {
    let (mut ws, _) = tungstenite::connect(format!("ws://{addr}{ws_path}")).expect("connects");
    let mut answered = 0;
    loop {
        let m = next_json(&mut ws);
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] == "game_end" {
            return true;
        }
        if let Some(d) = m["view"]["decision"]
            .as_u64()
            .filter(|_| m["type"] == "table")
        {
            if answered == decisions {
                return false;
            }
            let act = serde_json::json!({"type": "act", "decision": d, "choice": 0});
            ws.send(tungstenite::Message::Text(act.to_string().into()))
                .unwrap();
            answered += 1;
        }
    }
}

/// The game's log in `dir` (its one `tenpai-*.jsonl`).
fn log_of(dir: &Path) -> std::path::PathBuf {
    let logs: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    assert_eq!(logs.len(), 1, "{logs:?}");
    logs[0].clone()
}

/// Plays the table's game on a server killed (SIGKILL) after each number
/// of the person's decisions in `kills` and started again; the finished
/// log's text.
fn game_killed_at(kills: &[usize]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, mut addr) = start(dir.path());
    let links = post(&addr, "/api/tables", TABLE);
    let link = links["seats"][0]["link"].as_str().unwrap();
    let ws_path = link.replacen("/?", "/ws?", 1);
    let key = link.rsplit_once("key=").unwrap().1.to_string();
    for &k in kills {
        assert!(!play(&addr, &ws_path, k), "the game ended before kill {k}");
        server.0.kill().unwrap();
        server.0.wait().unwrap();
        // A write cut short by the kill: half a line at the log's end.
        let log = log_of(dir.path());
        std::fs::OpenOptions::new()
            .append(true)
            .open(&log)
            .unwrap()
            .write_all(br#"{"type":"dahai","act"#)
            .unwrap();
        (server, addr) = start(dir.path());
    }
    assert!(play(&addr, &ws_path, usize::MAX));
    let log = log_of(dir.path());
    // Named by the id the lobby lists the table under, before and after
    // every restart.
    assert_eq!(log, dir.path().join("tenpai-table1-game1.jsonl"));
    let path = log.to_str().unwrap();
    let replay = tenpai(&["replay", path, "--length", "east"]);
    assert!(
        replay.ok().starts_with(&format!("{path}: ok (mjai, ")),
        "{}",
        replay.out
    );
    drop(server);
    // The table's file keeps the keys' hashes, never a key.
    let saved = std::fs::read_to_string(dir.path().join("table-1.json")).unwrap();
    assert!(
        saved.contains("\"keys\": [") && !saved.contains(&key),
        "{saved}"
    );
    std::fs::read_to_string(&log).unwrap()
}

#[test]
fn serve_ok_a_killed_server_resumes_the_lobby_table_event_for_event() {
    let whole = game_killed_at(&[]);
    let killed = game_killed_at(&[3, 9, 14]);
    assert_eq!(killed.lines().count(), whole.lines().count());
    assert_eq!(killed, whole);
}

/// Killed after every second decision of the person: `cargo test --release
/// -p tenpai-cli --test integration serve_resume -- --ignored`.
#[test]
#[ignore = "about 30 restarts; run on demand"]
fn serve_ok_killed_every_second_decision_resumes_event_for_event() {
    let whole = game_killed_at(&[]);
    let killed = game_killed_at(&[2; 30]);
    assert_eq!(killed, whole);
}

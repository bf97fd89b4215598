//! `tenpai serve`: the address printed and the page served; bad options and
//! an unreadable log refused before the server starts; SIGTERM in the
//! middle of a game: the client told, the log on the disk, exit status 0.

use crate::common::tenpai;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

/// The child ended when dropped (the server runs until killed).
pub struct Server(pub std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tenpai serve --port 0` with `args`; the server and the rest of
/// the line it prints after `tenpai serve: http://` (`ADDR/ (seed …)`).
pub fn spawn_serve(args: &[&str]) -> (Server, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let rest = line
        .strip_prefix("tenpai serve: http://")
        .unwrap_or_else(|| panic!("{line:?}"))
        .to_string();
    (server, rest)
}

/// The address in what [`spawn_serve`] read.
pub fn addr_of(printed: &str) -> String {
    printed.split_once('/').unwrap().0.to_string()
}

#[test]
fn serve_ok_prints_the_address_and_serves_the_page() {
    let (_server, url) = spawn_serve(&["--seed", "3", "--opponents", "baseline"]);
    // tenpai serve: http://127.0.0.1:PORT/ (seed 3; Ctrl-C stops)
    let (addr, rest) = url.split_once('/').unwrap();
    assert_eq!(rest, " (seed 3; Ctrl-C stops)\n");
    let mut http = std::net::TcpStream::connect(addr).unwrap();
    write!(
        http,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    http.read_to_string(&mut page).unwrap();
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("<title>tenpai</title>") && page.contains(r#"<symbol id="t5m""#));
}

#[test]
fn serve_err_bad_options_and_an_unreadable_log_before_starting() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "# my notes\n").unwrap();
    let path = notes.to_str().unwrap();
    // The message replay prints for the same file.
    let replay = tenpai(&["replay", path]);
    let r = tenpai(&["serve", "--port", "0", "--open-log", path]);
    assert_eq!(r.code, 1, "{}", r.err);
    let why = tenpai::log::load(&notes).unwrap_err().to_string();
    assert!(r.err.contains(&why), "{} / {why}", r.err);
    assert!(replay.err.contains(&why), "{}", replay.err);
    for bad in [
        &["--samples", "0"][..],
        &["--length", "west"],
        &["--seat", "X"],
        &["--max-messages-per-second", "0"],
        &["--max-connections-per-address", "0"],
        &["--max-tables", "-1"],
        &["--turn-limit", "5"],
        &["--turn-limit", "5+4000"],
    ] {
        let args: Vec<&str> = ["serve", "--port", "0"]
            .iter()
            .chain(bad)
            .copied()
            .collect();
        let r = tenpai(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
    }
    let r = tenpai(&["serve", "--port", "0", "--log-dir", path]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(r.err.contains("--log-dir"), "{}", r.err);
    // A directory that cannot be made is refused before the server starts
    // (it did start, and failed at the first game's end).
    if cfg!(target_os = "linux") {
        let r = tenpai(&[
            "serve",
            "--port",
            "0",
            "--log-dir",
            "/proc/tenpai-test/logs",
        ]);
        assert_eq!(r.code, 1, "{}", r.err);
        assert!(
            r.err
                .starts_with("error: --log-dir /proc/tenpai-test/logs: "),
            "{}",
            r.err
        );
        assert!(r.out.is_empty(), "the server started: {}", r.out);
    }
}

#[test]
fn serve_err_a_port_in_use_is_said_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let r = tenpai(&["serve", "--port", &port]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: ")),
        "{}",
        r.err
    );
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    assert_eq!(r.err.matches("in use").count(), 1, "{}", r.err);
}

#[test]
fn serve_ok_bind_takes_a_port_and_err_a_second_one() {
    // `--bind HOST:PORT` listens on that port (here one in use: refused
    // before the server starts), alone or with the same --port.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let port = taken.local_addr().unwrap().port().to_string();
    for args in [
        vec!["--bind", &addr],
        vec!["--bind", &addr, "--port", &port],
    ] {
        let r = tenpai(&[&["serve"], &args[..]].concat());
        assert_eq!(r.code, 1, "{args:?}: {}", r.err);
        assert!(
            r.err
                .starts_with(&format!("error: cannot listen on {addr}: ")),
            "{args:?}: {}",
            r.err
        );
    }
    // Two ports: a usage error naming both.
    let r = tenpai(&["serve", "--bind", "127.0.0.1:18911", "--port", "18912"]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.starts_with(
            "error: --bind 127.0.0.1:18911 names port 18911 and --port 18912: give the port once\n"
        ),
        "{}",
        r.err
    );
    let r = tenpai(&["serve", "--bind", "127.0.0.1:99999"]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.starts_with(
            "error: invalid value '127.0.0.1:99999' for '--bind <ADDR[:PORT]>': expected an IP \
             address, with a port or without: 127.0.0.1, 0.0.0.0:8080, [::1]:8080\n"
        ),
        "{}",
        r.err
    );
}

#[test]
fn serve_ok_bind_takes_an_ipv6_address_in_brackets_without_a_port() {
    // `[::1]` as in `[::1]:8080`, the port from --port (one in use on ::1,
    // so the server stops before it starts; without IPv6 the address
    // cannot be listened on either: the message names it the same way).
    let taken = std::net::TcpListener::bind("[::1]:0").ok();
    let port = taken
        .as_ref()
        .map_or(18913, |l| l.local_addr().unwrap().port())
        .to_string();
    let r = tenpai(&["serve", "--bind", "[::1]", "--port", &port]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .starts_with(&format!("error: cannot listen on [::1]:{port}: ")),
        "{}",
        r.err
    );
}

/// A WebSocket's next JSON message.
pub fn next_json(
    ws: &mut tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
) -> serde_json::Value {
    loop {
        match ws.read().expect("a message") {
            tungstenite::Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
            _ => continue,
        }
    }
}

#[test]
fn serve_ok_sigterm_tells_the_client_keeps_the_log_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    let (server, printed) = spawn_serve(&[
        "--seed",
        "3",
        "--length",
        "east",
        "--opponents",
        "baseline",
        "--ai-delay",
        "0",
        "--log-dir",
        logs,
    ]);
    let mut server = server;
    let addr = addr_of(&printed);
    let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/ws")).expect("connects");
    // Play the first choice of the person's first three decisions; stop at
    // the fourth (the game waits for the person: the log stands still).
    let mut decisions = 0;
    loop {
        let m = next_json(&mut ws);
        assert_ne!(m["type"], "error", "{m}");
        if let Some(d) = m["view"]["decision"]
            .as_u64()
            .filter(|_| m["type"] == "table")
        {
            decisions += 1;
            if decisions == 4 {
                break;
            }
            let act = serde_json::json!({"type": "act", "decision": d, "choice": 0});
            ws.send(tungstenite::Message::Text(act.to_string().into()))
                .unwrap();
        }
    }
    let term = Command::new("kill")
        .args(["-TERM", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let closing = loop {
        let m = next_json(&mut ws);
        if m["type"] == "closing" {
            break m;
        }
    };
    assert_eq!(
        closing["message"],
        "the server is shutting down: the game stops here"
    );
    let status = server.0.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status}");
    let log = dir.path().join("tenpai-table0-game1.jsonl");
    let path = log.to_str().unwrap();
    let replay = tenpai(&["replay", path, "--length", "east"]);
    assert_eq!(
        replay.ok(),
        format!(
            "{path}: ok (unfinished: the log stops in E1-0; mjai, 1 round, 0 wins, 0 draws, 19 events)\n"
        )
    );
}

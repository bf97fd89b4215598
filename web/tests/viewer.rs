//! The viewer: logs uploaded over HTTP (refused with the format's own
//! error), stepped through over the WebSocket, all hands or one seat's.

use crate::common::{post, server, Client};
use serde_json::json;

const LOG: &str = include_str!("../../tests/data/tenhou6/double_ron.json");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewer_ok_upload_and_step() {
    let srv = server(3, None).await;
    let (status, body) = post(&srv, "/api/logs?name=double_ron.json", LOG).await;
    assert_eq!(status, 200, "{body}");
    let id = body["log"].as_u64().unwrap();
    let mut c = Client::connect(&srv).await;
    c.send(json!({"type": "frame", "log": id, "step": 0})).await;
    let (f, _) = c.until("frame").await;
    let steps = f["steps"].as_u64().unwrap();
    assert!(steps > 10);
    assert_eq!(f["rounds"][0]["step"], 2);
    // After the deal: every hand open (thirteen tiles each).
    c.send(json!({"type": "frame", "log": id, "step": 2})).await;
    let (f, _) = c.until("frame").await;
    assert_eq!(f["view"]["perspective"], "all_hands");
    let seats = f["view"]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    assert!(seats
        .iter()
        .all(|s| s["hand"]["tiles"].as_array().unwrap().len() == 13));
    // One seat's view: its own hand only, the others' deals hidden.
    c.send(json!({"type": "frame", "log": id, "step": 2, "seat": 1}))
        .await;
    let (f, _) = c.until("frame").await;
    assert_eq!(
        (&f["view"]["perspective"], &f["view"]["seat"]),
        (&"seat".into(), &1.into())
    );
    let seats = f["view"]["seats"].as_array().unwrap();
    assert_eq!(seats[1]["hand"]["tiles"].as_array().unwrap().len(), 13);
    assert!([0, 2, 3].iter().all(|&s| seats[s]["hand"].is_null()));
    assert!(f["event"]["tehais"][0]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p == "?"));
    // The end: the round's result with the winners' hands shown.
    c.send(json!({"type": "frame", "log": id, "step": steps}))
        .await;
    let (f, _) = c.until("frame").await;
    assert_eq!(f["step"], steps);
    let result = &f["view"]["result"];
    assert_eq!(result["kind"], "wins", "{result}");
    assert_eq!(result["wins"].as_array().unwrap().len(), 2, "{result}");
    assert_eq!(result["shown"].as_array().unwrap().len(), 2, "{result}");
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewer_err_unreadable_log_refused_with_the_formats_error() {
    let srv = server(3, None).await;
    let (status, body) = post(&srv, "/api/logs?name=notes.txt", "# my notes\n").await;
    assert_eq!(status, 400);
    let want = tenpai::log::parse("# my notes\n").unwrap_err().to_string();
    assert_eq!(body["error"], format!("notes.txt: {want}"));
    let broken = &LOG[..LOG.len() / 2];
    let (status, body) = post(&srv, "/api/logs?name=cut.json", broken).await;
    assert_eq!(status, 400);
    let want = tenpai::log::parse(broken).unwrap_err().to_string();
    assert_eq!(body["error"], format!("cut.json: {want}"));
    // A review for a log that is not a number, or that is not kept: a
    // JSON error too.
    let (status, body) = post(&srv, "/api/logs/abc/review", "{}").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("log \"abc\": not a log number"))
    );
    let (status, body) = post(&srv, "/api/logs/99/review", "{}").await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("log 99: no such log"),
        "{body}"
    );
    srv.stop().await.unwrap();
}

/// An east-only game (seed 3, every seat taking its first legal action) as
/// mjai lines, and the same lines with a `kyoku_first` tenpai does not know.
fn east_game_lines() -> (String, String) {
    let mut rules = tenpai::rules::Rules::tenhou();
    rules.game.length = tenpai::rules::GameLength::East;
    let mut g = tenpai::game::Game::new(&rules, 3, false).unwrap();
    while g.to_act().is_some() {
        let a = g.legal()[0].clone();
        g.step(&a).unwrap();
    }
    let lines: String = g.events().iter().map(|e| e.to_json() + "\n").collect();
    let record = r#","kyoku_first":4,"aka_flag":true,"rules":"tenhou""#;
    assert!(lines.contains(record));
    let odd = lines.replace(record, r#","kyoku_first":8"#);
    (lines, odd)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewer_ok_reads_the_log_s_rules_and_notes_what_it_cannot_read() {
    let srv = server(3, None).await;
    let (lines, odd) = east_game_lines();
    let mut c = Client::connect(&srv).await;
    let mut warnings = Vec::new();
    for (name, text) in [("east.mjson", &lines), ("odd.mjson", &odd)] {
        let (status, body) = post(&srv, &format!("/api/logs?name={name}"), text).await;
        assert_eq!(status, 200, "{body}");
        let id = body["log"].as_u64().unwrap();
        c.send(json!({"type": "frame", "log": id, "step": 1})).await;
        let (f, _) = c.until("frame").await;
        warnings.push(f["warnings"].clone());
    }
    assert!(warnings[0].is_null(), "{}", warnings[0]);
    assert_eq!(
        warnings[1],
        json!(["the log records kyoku_first 8, neither 0 (east-south) nor 4 (east only): ignored"])
    );
    srv.stop().await.unwrap();
}

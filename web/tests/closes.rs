//! The close frames the server ends a WebSocket with, over real sockets:
//! on shutdown 1001 (Going Away) after `closing`; to a seat's older
//! connection when a newer one takes the seat (its link opened in another
//! tab or on another device), 4001 and the reason, the newer one playing
//! on and nobody told the seat was left.

use crate::common::{server, Client};
use crate::rooms::{open_two_people, ws};
use serde_json::{json, Value};
use tenpai_web::protocol::{CLOSE_REPLACED, REPLACED_REASON};

/// Reads `c` to its close; the close frame's code and reason.
async fn close_of(c: &mut Client) -> Option<(u16, String)> {
    while c.next().await.is_some() {}
    c.closed_with.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_ok_shutdown_says_closing_then_1001_going_away() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 3).await;
    let mut person = Client::connect(&srv).await;
    let mut spectator = Client::connect_to(&srv, &ws(&links["watch"])).await;
    person.until("table").await;
    spectator.until("table").await;
    let stopped = tokio::spawn(srv.stop());
    for c in [&mut person, &mut spectator] {
        let (closing, _) = c.until("closing").await;
        assert_eq!(
            closing["message"],
            "the server is shutting down: the game stops here"
        );
        assert_eq!(
            close_of(c).await,
            Some((1001, "the server is shutting down".to_string()))
        );
    }
    stopped.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_ok_a_newer_connection_takes_the_seat_the_older_gets_4001() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 9).await;
    let east = ws(&links["seats"][0]["link"]);
    let mut older = Client::connect_to(&srv, &east).await;
    let mut south = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    let d = loop {
        let (m, _) = older.until("table").await;
        if let Some(d) = m["view"]["decision"].as_u64() {
            break d;
        }
    };
    let mut newer = Client::connect_to(&srv, &east).await;
    assert_eq!(
        close_of(&mut older).await,
        Some((CLOSE_REPLACED, REPLACED_REASON.to_string()))
    );
    assert_eq!(CLOSE_REPLACED, 4001);
    // The newer one is East, with the decision open, and plays it.
    let (welcome, _) = newer.until("welcome").await;
    assert_eq!(welcome["seat"], 0);
    let (t, _) = newer.until("table").await;
    assert_eq!(t["view"]["decision"], d);
    newer
        .send(json!({"type": "act", "decision": d, "choice": 0}))
        .await;
    let (played, _) = newer.until("table").await;
    assert_eq!(played["event"]["actor"], 0, "{played}");
    // South sees East's move, and never East away.
    let mut seen = Vec::new();
    loop {
        let m = south.next().await.expect("the game goes on");
        if m["type"] == "table" && m["event"] == played["event"] {
            break;
        }
        seen.push(m);
    }
    let here = json!(["here", "here", "ai", "ai"]);
    let told: Vec<&Value> = seen
        .iter()
        .filter(|m| m["type"] == "notice" || (m["type"] == "seats" && m["seats"] != here))
        .collect();
    assert!(told.is_empty(), "{told:?}");
    srv.stop().await.unwrap();
}

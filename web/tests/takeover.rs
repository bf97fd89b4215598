//! A person who leaves a started game at a lobby table: the others are
//! told, an AI plays the seat once the grace period is over, and gives it
//! back when the person returns with their link; within the grace period
//! nothing is played for them. Timing is never measured: the tests wait for
//! messages (a zero grace period, or one a test never reaches).

use crate::common::{config, Client};
use crate::rooms::{open_two_people, ws};
use serde_json::{json, Value};
use std::time::Duration;

async fn server(grace: Duration) -> tenpai_web::Running {
    let mut c = config(1, None);
    c.grace = grace;
    tenpai_web::start(c).await.expect("the server starts")
}

fn is_notice(m: &Value, kind: &str) -> bool {
    m["type"] == "notice" && m["kind"] == kind
}

/// Waits for East's first decision (the dealer's), South connected.
async fn started(srv: &tenpai_web::Running, links: &Value) -> (Client, Client, u64) {
    let mut east = Client::connect_to(srv, &ws(&links["seats"][0]["link"])).await;
    let south = Client::connect_to(srv, &ws(&links["seats"][1]["link"])).await;
    loop {
        let (m, _) = east.until("table").await;
        if let Some(d) = m["view"]["decision"].as_u64() {
            return (east, south, d);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takeover_ok_an_ai_plays_the_left_seat_and_gives_it_back() {
    let srv = server(Duration::ZERO).await;
    let links = open_two_people(&srv, 21).await;
    let (east, mut south, _) = started(&srv, &links).await;
    drop(east);
    // South is told, then the AI discards for East.
    let msgs = south
        .play_until(|m| {
            m["type"] == "table" && m["event"]["type"] == "dahai" && m["event"]["actor"] == 0
        })
        .await;
    let notices: Vec<&Value> = msgs.iter().filter(|m| m["type"] == "notice").collect();
    assert_eq!(
        notices,
        [
            &json!({"type": "notice", "seat": 0, "kind": "left", "grace_ms": 0,
                "message": "East left: an AI plays their seat in 0 s unless they come back"}),
            &json!({"type": "notice", "seat": 0, "kind": "covered",
                "message": "East is away: an AI plays their seat until they come back"}),
        ]
    );
    assert!(
        msgs.iter()
            .any(|m| m["type"] == "seats" && m["seats"] == json!(["covered", "here", "ai", "ai"])),
        "{msgs:?}"
    );
    // East comes back with the link; South is told.
    let mut east = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let msgs = south.play_until(|m| is_notice(m, "back")).await;
    assert_eq!(
        msgs.last().unwrap(),
        &json!({"type": "notice", "seat": 0, "kind": "back", "message": "East is back"})
    );
    // Both play on to the end: East decides again.
    let south_end = tokio::spawn(async move { south.play_to_end().await });
    let east_msgs = east.play_to_end().await;
    let south_msgs = south_end.await.unwrap();
    let decisions = east_msgs
        .iter()
        .filter(|m| m["view"]["decision"].is_u64())
        .count();
    assert!(
        decisions > 5,
        "East decided {decisions} times after coming back"
    );
    assert_eq!(
        east_msgs.last().unwrap()["log"],
        south_msgs.last().unwrap()["log"]
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takeover_ok_within_the_grace_period_the_seat_waits() {
    let srv = server(Duration::from_secs(3600)).await;
    let links = open_two_people(&srv, 21).await;
    let (east, mut south, decision) = started(&srv, &links).await;
    drop(east);
    let (m, _) = south.until("notice").await;
    assert_eq!(
        m,
        json!({"type": "notice", "seat": 0, "kind": "left", "grace_ms": 3_600_000,
            "message": "East left: an AI plays their seat in 3600 s unless they come back"})
    );
    let mut east = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let (m, between) = south.until("notice").await;
    assert_eq!(m["kind"], "back");
    assert!(
        between.iter().all(|m| m.get("event").is_none()),
        "nothing was played for East: {between:?}"
    );
    let (t, _) = east.until("table").await;
    assert_eq!(t["view"]["decision"], decision);
    srv.stop().await.unwrap();
}

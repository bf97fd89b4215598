//! Finished games in the viewer: a table's logs are shown only to its own
//! connections, and only what each may see (a person at a table of several
//! people their own seat; a spectator every hand only with the creator's
//! leave); a person who sits down before the others sees no deal.

use crate::common::{config, post, server, Client};
use crate::rooms::{open_two_people, ws};
use serde_json::{json, Value};

/// The message after `send`ing `m`: a frame, a review or an error.
async fn answer(c: &mut Client, m: Value) -> Value {
    c.send(m).await;
    loop {
        let r = c.next().await.expect("an answer");
        if ["frame", "error", "review"].contains(&r["type"].as_str().unwrap()) {
            return r;
        }
    }
}

/// Each seat's hand is shown in a frame's view.
fn hands_shown(f: &Value) -> Vec<bool> {
    (0..4)
        .map(|s| !f["view"]["seats"][s]["hand"].is_null())
        .collect()
}

async fn watch_to_end(c: &mut Client) -> Value {
    c.until("game_end").await.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn access_ok_a_tables_logs_only_to_its_own_and_as_each_may_see() {
    // Few rollouts a decision: the review's content is not checked here.
    let mut c = config(1, None);
    c.review.budget = tenpai::ai::mc::Budget::Samples(4);
    let srv = tenpai_web::start(c).await.unwrap();
    let links = open_two_people(&srv, 11).await;
    let other = open_two_people(&srv, 12).await;
    let mut spectator = Client::connect_to(&srv, &ws(&links["watch"])).await;
    let mut east = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let mut south = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    let watched = tokio::spawn(async move { (watch_to_end(&mut spectator).await, spectator) });
    let south_played = tokio::spawn(async move {
        south.play_to_end().await;
        south
    });
    let end = east.play_to_end().await.pop().unwrap();
    let (_, mut spectator) = watched.await.unwrap();
    let _south = south_played.await.unwrap();
    let log = end["log"].as_u64().unwrap();
    assert!(log > 0, "{end}");
    let frame = |seat: Option<u8>| match seat {
        Some(s) => json!({"type": "frame", "log": log, "step": 40, "seat": s}),
        None => json!({"type": "frame", "log": log, "step": 40}),
    };
    // Another table's connections: the server's own table, another lobby
    // table's spectator.
    let mut home = Client::connect(&srv).await;
    let mut elsewhere = Client::connect_to(&srv, &ws(&other["watch"])).await;
    for c in [&mut home, &mut elsewhere] {
        for m in [
            frame(None),
            frame(Some(0)),
            json!({"type": "review", "log": log, "seat": 0}),
        ] {
            let r = answer(c, m.clone()).await;
            assert_eq!(
                r["message"],
                format!("log {log}: not a game of this table"),
                "{m}"
            );
        }
    }
    // Its spectator, without the creator's leave: no hand, no review.
    for m in [
        frame(None),
        frame(Some(1)),
        json!({"type": "review", "log": log, "seat": 0}),
    ] {
        let r = answer(&mut spectator, m).await;
        assert_eq!(
            r["message"],
            format!(
                "log {log}: the table's creator did not let spectators see its finished games' hands"
            )
        );
    }
    // East: its own seat's view, asked for every hand or for its seat.
    for m in [frame(None), frame(Some(0))] {
        let f = answer(&mut east, m).await;
        assert_eq!(f["type"], "frame", "{f}");
        assert_eq!(f["view"]["perspective"], "seat");
        assert_eq!(hands_shown(&f), [true, false, false, false]);
    }
    // East reviews its own seat.
    let r = answer(&mut east, json!({"type": "review", "log": log, "seat": 0})).await;
    assert_eq!(r["type"], "review", "{r}");
    assert_eq!(
        (r["log"].as_u64(), r["review"]["seat"].as_u64()),
        (Some(log), Some(0)),
        "{r}"
    );
    for m in [
        frame(Some(1)),
        json!({"type": "review", "log": log, "seat": 1}),
    ] {
        let r = answer(&mut east, m).await;
        assert_eq!(
            r["message"],
            format!(
                "log {log}: seat 1: other people played this table; you see only your own seat (0)"
            )
        );
    }
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn access_ok_spectators_see_every_hand_with_the_creators_leave() {
    let srv = server(1, None).await;
    let req = json!({"length": "east", "seats": ["person", "baseline", "baseline", "baseline"],
        "ai_delay_ms": 0, "seed": 5, "spectators_see_hands": true});
    let (status, links) = post(&srv, "/api/tables", &req.to_string()).await;
    assert_eq!(status, 200, "{links}");
    let mut spectator = Client::connect_to(&srv, &ws(&links["watch"])).await;
    let mut east = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let end = east.play_to_end().await.pop().unwrap();
    spectator.until("game_end").await;
    let log = end["log"].as_u64().unwrap();
    let f = answer(
        &mut spectator,
        json!({"type": "frame", "log": log, "step": 40}),
    )
    .await;
    assert_eq!(f["view"]["perspective"], "all_hands", "{f}");
    assert_eq!(hands_shown(&f), [true; 4]);
    // The only person at the table (the others AI players) sees every hand.
    let f = answer(&mut east, json!({"type": "frame", "log": log, "step": 40})).await;
    assert_eq!(hands_shown(&f), [true; 4]);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn access_ok_no_deal_before_every_person_sits() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 3).await;
    let mut east = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let (_, before) = east.until("seats").await;
    let tables: Vec<&Value> = before.iter().filter(|m| m["type"] == "table").collect();
    assert_eq!(tables.len(), 1, "{before:?}");
    assert!(tables[0].get("event").is_none(), "{:?}", tables[0]);
    let hand = &tables[0]["view"]["seats"][0]["hand"];
    assert!(
        hand.is_null() || hand["tiles"].as_array().is_some_and(|t| t.is_empty()),
        "East's deal before South sits: {hand}"
    );
    // South sits: the deal comes, East's tiles with it.
    let _south = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    loop {
        let (m, _) = east.until("table").await;
        if m["event"]["type"] == "start_kyoku" {
            assert_eq!(m["event"]["tehais"][0].as_array().unwrap().len(), 13);
            assert!(m["event"]["tehais"][1]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p == "?"));
            break;
        }
    }
    srv.stop().await.unwrap();
}

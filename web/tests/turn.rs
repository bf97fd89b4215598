//! The turn time limit over the protocol: a lobby table's request names
//! it (or takes the server's default, `serve --turn-limit`), each decision
//! sent to the person carries the time left (`clock`), a limit out of
//! range is refused naming the field, and the table's file keeps the
//! limit for a resume. The expiry itself is tested on the table with
//! tokio's paused clock (`web/src/table/turn.rs`): nothing here waits.

use crate::common::{config, post, Client};
use crate::rooms::ws;
use serde_json::{json, Value};
use tenpai_web::table::TurnLimit;

/// Opens a table of one person (East) and three baseline AI players with
/// `extra` fields in the request; the person's first decision.
async fn first_decision(srv: &tenpai_web::Running, extra: Value) -> Value {
    open(srv, extra).await.1
}

/// As [`first_decision`], with the person's link (its `/ws` path).
async fn open(srv: &tenpai_web::Running, extra: Value) -> (String, Value) {
    let mut req = json!({"length": "east", "seats": ["person", "baseline", "baseline", "baseline"], "ai_delay_ms": 0, "seed": 5});
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    let (status, links) = post(srv, "/api/tables", &req.to_string()).await;
    assert_eq!(status, 200, "{links}");
    let link = ws(&links["seats"][0]["link"]);
    (link.clone(), decision_at(srv, &link).await)
}

/// The open decision of the person at `link` (a `/ws` path).
async fn decision_at(srv: &tenpai_web::Running, link: &str) -> Value {
    let mut east = Client::connect_to(srv, link).await;
    loop {
        let (m, _) = east.until("table").await;
        if m["view"]["decision"].is_u64() {
            return m;
        }
    }
}

/// The decision's clock: the base and the bank at most their whole and
/// within a second of it (the time between the decision's opening and its
/// sending is not asserted; with a base of 0 the bank drains at once).
fn assert_clock(decision: &Value, base_ms: u64, bank_ms: u64) {
    let clock = &decision["view"]["clock"];
    for (field, whole) in [("base_ms", base_ms), ("bank_ms", bank_ms)] {
        let left = clock[field].as_u64().unwrap_or_else(|| panic!("{clock}"));
        assert!(left <= whole && left + 1000 > whole, "{clock}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_limit_ok_the_request_s_limit_or_the_server_s() {
    let mut c = config(1, None);
    c.turn_limit = TurnLimit::seconds(3, 5).unwrap();
    let srv = tenpai_web::start(c).await.unwrap();
    let own = first_decision(&srv, json!({"turn_base_s": 5, "turn_bank_s": 10})).await;
    assert_clock(&own, 5000, 10_000);
    let default = first_decision(&srv, json!({})).await;
    assert_clock(&default, 3000, 5000);
    let off = first_decision(&srv, json!({"turn_base_s": 0, "turn_bank_s": 0})).await;
    assert!(off["view"]["clock"].is_null(), "{}", off["view"]["clock"]);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_limit_ok_none_by_default_and_kept_in_the_table_s_file() {
    let dir = tempfile::tempdir().unwrap();
    let srv = tenpai_web::start(config(1, Some(dir.path().into())))
        .await
        .unwrap();
    let (plain_link, plain) = open(&srv, json!({})).await;
    assert!(plain["view"]["clock"].is_null(), "no limit unless asked");
    let (banked_link, banked) = open(&srv, json!({"turn_bank_s": 20})).await;
    assert_clock(&banked, 0, 20_000);
    let saved = |id: u32| -> Value {
        let path = dir.path().join(format!("table-{id}.json"));
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let limits = |v: Value| {
        (
            v["request"]["turn_base_s"].clone(),
            v["request"]["turn_bank_s"].clone(),
        )
    };
    assert_eq!(limits(saved(1)), (json!(0), json!(0)));
    assert_eq!(limits(saved(2)), (json!(0), json!(20)));
    srv.stop().await.unwrap();
    // Resumed under another default: each table keeps its own limit.
    let mut c = config(1, Some(dir.path().into()));
    c.turn_limit = TurnLimit::seconds(3, 5).unwrap();
    let srv = tenpai_web::start(c).await.unwrap();
    let plain = decision_at(&srv, &plain_link).await;
    assert!(
        plain["view"]["clock"].is_null(),
        "{}",
        plain["view"]["clock"]
    );
    // The bank restarts full (it is not in the file).
    assert_clock(&decision_at(&srv, &banked_link).await, 0, 20_000);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_limit_err_out_of_range_named() {
    let srv = tenpai_web::start(config(1, None)).await.unwrap();
    for (field, value, why) in [
        ("turn_base_s", 301, "turn_base_s: 301: expected 0 to 300"),
        ("turn_bank_s", 3601, "turn_bank_s: 3601: expected 0 to 3600"),
        (
            "turn_bank_s",
            -1,
            "turn_bank_s: invalid value: integer `-1`, expected u64 at line 1 column 69",
        ),
    ] {
        let mut req = json!({"seats": ["person", "baseline", "baseline", "baseline"]});
        req[field] = json!(value);
        let (status, body) = post(&srv, "/api/tables", &req.to_string()).await;
        assert_eq!((status, body["error"].as_str()), (400, Some(why)), "{body}");
    }
    srv.stop().await.unwrap();
}

//! The lobby and its tables: opened over HTTP, listed without secrets,
//! each person's seat behind its own link, spectators behind theirs, the
//! game starting when the people's seats are taken.

use crate::common::{get, post, server, Client};
use serde_json::{json, Value};

/// Opens a table with people at East and South and two baseline AI
/// players, no AI delay; its links.
pub async fn open_two_people(srv: &tenpai_web::Running, seed: u64) -> Value {
    let req = json!({"length": "east", "seats": ["person", "person", "baseline", "baseline"], "ai_delay_ms": 0, "seed": seed});
    let (status, links) = post(srv, "/api/tables", &req.to_string()).await;
    assert_eq!(status, 200, "{links}");
    links
}

/// The `/ws` path of a link (`/?table=ID&key=KEY`).
pub fn ws(link: &Value) -> String {
    let l = link.as_str().unwrap();
    format!("/ws{}", &l[1..])
}

/// The next `seats` message that `ok` accepts.
pub async fn seats_until(c: &mut Client, ok: impl Fn(&Value) -> bool) -> Value {
    loop {
        let (m, _) = c.until("seats").await;
        if ok(&m) {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_ok_links_for_people_and_spectators_listing_without_secrets() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 3).await;
    assert_eq!(links["id"], 1);
    let seats = links["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(
        (&seats[0]["seat"], &seats[1]["seat"]),
        (&json!(0), &json!(1))
    );
    let keys: Vec<String> = seats
        .iter()
        .map(|s| &s["link"])
        .chain([&links["watch"]])
        .map(|l| {
            l.as_str()
                .unwrap()
                .rsplit("key=")
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(keys.iter().all(|k| k.len() == 32), "{keys:?}");
    assert_ne!(keys[0], keys[1]);
    let (status, list) = get(&srv, "/api/tables").await;
    assert_eq!(status, 200);
    let text = list.to_string();
    for k in &keys {
        assert!(!text.contains(k.as_str()), "a key in the listing: {text}");
    }
    assert!(!text.contains("seed"), "{text}");
    let t = &list["tables"][0];
    assert_eq!(
        (&t["id"], &t["length"], &t["started"]),
        (&json!(1), &json!("east"), &json!(false))
    );
    let players: Vec<&str> = t["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["person", "person", "baseline", "baseline"]);
    let statuses: Vec<&str> = t["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["open", "open", "ai", "ai"]);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_err_a_seed_is_refused_unless_the_server_takes_seeds() {
    let mut config = crate::common::config(1, None);
    config.seeded_tables = false;
    let srv = tenpai_web::start(config).await.unwrap();
    let seeded =
        json!({"length": "east", "seats": ["person", "person", "baseline", "baseline"], "seed": 5});
    let (status, body) = post(&srv, "/api/tables", &seeded.to_string()).await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"error": "seed: this server does not let a table's creator choose its wall (start it with --seeded-tables)"})
        )
    );
    let unseeded = json!({"length": "east", "seats": ["person", "person", "baseline", "baseline"]});
    let (status, body) = post(&srv, "/api/tables", &unseeded.to_string()).await;
    assert_eq!(status, 200, "{body}");
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_err_bad_requests_name_the_field() {
    let srv = server(1, None).await;
    let cases = [
        (
            json!({"seats": ["person", "cmd:sh -c 'rm -rf /'", "mc", "mc"]}),
            "seats[1]: cmd:sh -c 'rm -rf /' is not one of the bots this server offers (none)",
        ),
        (
            json!({"seats": ["person", "strong", "mc", "mc"]}),
            "seats[1]: \"strong\": expected person, mc, baseline, random or cmd:COMMAND",
        ),
        (
            json!({"seats": ["person", "mc", "mc", "mc"], "think_ms": 5}),
            "think_ms: 5: expected 10 to 10000",
        ),
        (
            json!({"seats": ["person", "mc", "mc", "mc"], "rules": "house"}),
            "rules: unknown preset \"house\" (known: tenhou, mahjongsoul)",
        ),
        (
            json!({"seats": ["person", "mc", "mc", "mc"], "length": "north"}),
            "length: \"north\": expected east or south",
        ),
        (
            json!({"seats": ["person", "mc", "mc"]}),
            "seats: invalid length 3, expected an array of length 4 at line 1 column 29",
        ),
        (
            json!({"seats": ["person", "mc", "mc", "mc"], "owner": 1}),
            "owner: unknown field `owner`, expected one of `rules`, `length`, `seats`, `think_ms`, `samples`, `ai_delay_ms`, `seed`, `spectators_see_hands`, `turn_base_s`, `turn_bank_s` at line 1 column 8",
        ),
    ];
    for (req, want) in cases {
        let (status, body) = post(&srv, "/api/tables", &req.to_string()).await;
        assert_eq!(
            (status, body["error"].as_str().unwrap_or("")),
            (400, want),
            "{req}"
        );
    }
    let (_, list) = get(&srv, "/api/tables").await;
    assert_eq!(list["tables"], json!([]));
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_err_a_wrong_or_malformed_key_is_refused() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 3).await;
    let good = links["seats"][0]["link"].as_str().unwrap().to_string();
    let key = good.rsplit("key=").next().unwrap();
    let mut flipped = key.to_string();
    let last = if key.ends_with('0') { "1" } else { "0" };
    flipped.replace_range(31.., last);
    for path in [
        format!("/ws?table=1&key={flipped}"),
        format!("/ws?table=2&key={key}"),
        "/ws?table=1&key=short".to_string(),
    ] {
        assert_eq!(
            Client::try_connect(&srv, &path).await.err(),
            Some(403),
            "{path}"
        );
    }
    assert_eq!(
        Client::try_connect(&srv, "/ws?table=1").await.err(),
        Some(400)
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_ok_the_game_starts_when_both_people_sit_and_a_link_comes_back() {
    let srv = server(1, None).await;
    let links = open_two_people(&srv, 3).await;
    let mut east = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let (w, _) = east.until("welcome").await;
    assert_eq!(
        (&w["seat"], &w["names"][1]),
        (&json!(0), &json!("person S"))
    );
    let (seats, before) = east.until("seats").await;
    assert_eq!(seats["seats"], json!(["here", "open", "ai", "ai"]));
    assert_eq!(seats["started"], false);
    assert!(
        before.iter().all(|m| m["view"]["decision"].is_null()),
        "{before:?}"
    );
    let mut watcher = Client::connect_to(&srv, &ws(&links["watch"])).await;
    let (w, _) = watcher.until("welcome").await;
    assert_eq!((w.get("seat"), &w["spectator"]), (None, &json!(true)));
    let (t, _) = watcher.until("table").await;
    assert_eq!(t["view"]["perspective"], "spectator");
    let mut south = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    let (w, _) = south.until("welcome").await;
    assert_eq!(w["seat"], 1);
    // East, the dealer, is asked first; the game has started.
    let (mut decision, mut started) = (None, false);
    while decision.is_none() || !started {
        let m = east.next().await.expect("the game starts");
        if m["type"] == "seats" && m["started"] == true {
            assert_eq!(m["seats"], json!(["here", "here", "ai", "ai"]));
            started = true;
        }
        decision = decision.or(m["view"]["decision"].as_u64());
    }
    let decision = decision.unwrap();
    // South may not answer East's decision.
    south
        .send(json!({"type": "act", "decision": decision, "choice": 0}))
        .await;
    let (e, _) = south.until("error").await;
    assert_eq!(
        e["message"],
        format!("decision {decision} is not open: it is not your turn")
    );
    // East leaves and comes back with the link: the same decision is open.
    drop(east);
    let seats = seats_until(&mut south, |s| s["seats"][0] != "here").await;
    assert_eq!(seats["seats"], json!(["away", "here", "ai", "ai"]));
    let mut again = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    let (w, _) = again.until("welcome").await;
    assert_eq!(w["seat"], 0);
    let (t, _) = again.until("table").await;
    assert_eq!(t["view"]["decision"], decision);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_ok_the_servers_own_table_is_played_without_a_link() {
    let srv = server(1, None).await;
    open_two_people(&srv, 3).await;
    let mut c = Client::connect(&srv).await;
    let (w, _) = c.until("welcome").await;
    assert_eq!((&w["seat"], &w["names"][0]), (&json!(0), &json!("You")));
    loop {
        let (m, _) = c.until("table").await;
        if m["view"]["decision"].is_u64() {
            break;
        }
    }
    srv.stop().await.unwrap();
}

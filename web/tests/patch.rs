//! The table's updates as patches: over a whole seeded game at a lobby
//! table of two people, a spectator on two connections, one taking
//! patches and one full views; East taking patches, and East of a second
//! table of the same seed, played the same way, full views (a seat has
//! one connection at a time). At every event, the view the patching
//! connection holds (its last view with each patch applied) is exactly
//! the view the other was sent in full; each patch only adds or replaces
//! what the full view holds at its path; most updates are patches, and
//! they are a fraction of the full views' bytes.

use crate::common::{post, Client};
use crate::rooms::{open_two_people, ws};
use serde_json::Value;
use tenpai_web::patch::Op;

/// The tables (event and view) among `msgs`, without their patches.
fn tables(msgs: &[Value]) -> Vec<Value> {
    msgs.iter()
        .filter(|m| m["type"] == "table")
        .map(|m| {
            let mut m = m.clone();
            m.as_object_mut().unwrap().remove("patch");
            m
        })
        .collect()
}

/// What `view` holds at the JSON Pointer `path` (`-`: an array's last).
fn at<'v>(view: &'v Value, path: &str) -> &'v Value {
    let mut v = view;
    for k in path.split('/').skip(1) {
        v = match v {
            Value::Array(a) if k == "-" => a.last().unwrap(),
            Value::Array(a) => &a[k.parse::<usize>().unwrap()],
            _ => &v[k],
        };
    }
    v
}

/// Checks the patching connection's messages against the full ones;
/// returns (updates, tables in full) the patching one got.
fn check(patched: &[Value], full: &[Value], who: &str) -> (usize, usize) {
    let (p, f) = (tables(patched), tables(full));
    assert_eq!(p.len(), f.len(), "{who}: as many tables");
    assert!(p.len() > 200, "{who}: {} tables", p.len());
    for (i, (a, b)) in p.iter().zip(&f).enumerate() {
        assert_eq!(a, b, "{who}: table {i}");
    }
    let mut updates = 0;
    for m in patched.iter().filter(|m| m["type"] == "table") {
        let Some(ops) = m.get("patch") else {
            continue;
        };
        updates += 1;
        let ops: Vec<Op> = serde_json::from_value(ops.clone()).unwrap();
        for op in ops {
            if let Op::Add { path, value } | Op::Replace { path, value } = op {
                assert_eq!(&value, at(&m["view"], &path), "{who}: {path}");
            }
        }
    }
    (updates, p.len() - updates)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn patch_ok_patched_views_are_the_full_views_over_a_whole_game() {
    let srv = crate::common::server(1, None).await;
    let links = open_two_people(&srv, 11).await;
    let same = open_two_people(&srv, 11).await;
    let watch = ws(&links["watch"]);
    let mut spectator_full = Client::connect_to(&srv, &watch).await;
    let mut spectator = Client::connect_to(&srv, &watch).await;
    spectator.take_patches().await;
    let mut east_full = Client::connect_to(&srv, &ws(&same["seats"][0]["link"])).await;
    let mut east_seat = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    east_seat.take_patches().await;
    // Each game starts when its South sits: every connection above sees
    // it all.
    let mut south = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    let mut south_too = Client::connect_to(&srv, &ws(&same["seats"][1]["link"])).await;
    let runs = [
        tokio::spawn(async move { spectator_full.watch_to_end().await }),
        tokio::spawn(async move { spectator.watch_to_end().await }),
        tokio::spawn(async move { east_full.play_to_end().await }),
        tokio::spawn(async move { east_seat.play_to_end().await }),
        tokio::spawn(async move { south.play_to_end().await }),
        tokio::spawn(async move { south_too.play_to_end().await }),
    ];
    let mut got = Vec::new();
    for r in runs {
        got.push(r.await.unwrap());
    }
    let (updates, full) = check(&got[1], &got[0], "the spectator");
    assert!(updates > 10 * full, "{updates} updates, {full} in full");
    let (updates, full) = check(&got[3], &got[2], "East");
    assert!(updates > 10 * full, "{updates} updates, {full} in full");
    // The patches' bytes against the full views'.
    let bytes = |msgs: &[Value]| -> usize {
        msgs.iter()
            .filter(|m| m["type"] == "table")
            .map(|m| m.get("patch").unwrap_or(&m["view"]).to_string().len())
            .sum()
    };
    let (p, f) = (bytes(&got[3]), bytes(&got[2]));
    assert!(p * 4 < f, "East: {p} bytes of patches, {f} in full");
    srv.stop().await.unwrap();
}

/// With no AI delay, all that a person's act brings (their move, the AI
/// players' moves after it, the next round, up to their next decision)
/// comes as one message: an `updates` of them all (or one `update`), the
/// tables' `seq` following on with none missed ([`Client::next`] checks
/// it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn patch_ok_an_act_brings_one_message_up_to_the_next_decision() {
    let srv = crate::common::server(1, None).await;
    let req = serde_json::json!({"length": "east", "seats": ["person", "baseline", "baseline", "baseline"], "ai_delay_ms": 0, "seed": 5});
    let (status, links) = post(&srv, "/api/tables", &req.to_string()).await;
    assert_eq!(status, 200, "{links}");
    let mut c = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    c.send(serde_json::json!({"type": "panel", "on": false}))
        .await;
    c.take_patches().await;
    let (mut acts, mut frames_at_act, mut updates) = (0, 0, 0);
    loop {
        let m = c.next().await.expect("the game goes on");
        if m["type"] == "game_end" {
            break;
        }
        updates += usize::from(m.get("patch").is_some());
        let Some(d) = m["view"]["decision"].as_u64() else {
            continue;
        };
        // (The table after the first act comes in full: the first after
        // `patches`; the updates after it with it.)
        if acts > 1 {
            assert_eq!(c.frames - frames_at_act, 1, "act {acts}: one message: {m}");
        }
        c.answer(&m, d).await;
        acts += 1;
        frames_at_act = c.frames;
    }
    assert!(acts > 50, "{acts} acts");
    // Most acts bring several updates (a draw, a discard, each AI's).
    assert!(
        c.batches.0 * 2 > acts,
        "{:?} batches, {acts} acts",
        c.batches
    );
    assert!(c.batches.1 * 10 > updates * 9, "{:?}: {updates}", c.batches);
    srv.stop().await.unwrap();
}

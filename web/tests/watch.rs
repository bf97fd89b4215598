//! Watching four AI players (`tenpai serve --watch`): every hand open, each
//! player's thinking shown, nothing to answer, the game played to its end.

use crate::common::{east, Client};
use std::time::Duration;
use tenpai::arena::PlayerKind;
use tenpai_web::table::Advisor;
use tenpai_web::{start, Config};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_ok_four_ai_players_every_hand_and_their_thinking() {
    let mut c = Config::new(east(), 9);
    c.bind = "127.0.0.1:0".parse().unwrap();
    c.table.players = std::array::from_fn(|_| Some(PlayerKind::Baseline));
    c.table.ai_delay = Duration::ZERO;
    c.table.advisor = Advisor::Baseline;
    let srv = start(c).await.expect("the server starts");
    let mut watcher = Client::connect(&srv).await;
    let (w, _) = watcher.until("welcome").await;
    assert!(w.get("seat").is_none(), "{w}");
    assert_eq!(w["advisor"], "players");
    let (mut tables, mut thinking) = (0, [0; 4]);
    let end = loop {
        let m = watcher.next().await.expect("the game goes on");
        match m["type"].as_str() {
            Some("table") => {
                let v = &m["view"];
                assert_eq!(v["perspective"], "all_hands", "{m}");
                assert!(v["decision"].is_null() && v["choices"].is_null(), "{m}");
                let seats = v["seats"].as_array().unwrap();
                assert!(seats.iter().all(|s| s["hand"].is_object()), "{m}");
                tables += 1;
            }
            Some("thinking") => {
                assert_eq!(m["by"], "players", "{m}");
                thinking[m["seat"].as_u64().unwrap() as usize] += 1;
            }
            Some("game_end") => break m,
            Some("error") => panic!("{m}"),
            _ => {}
        }
    };
    assert!(tables > 100, "{tables} tables");
    assert!(thinking.iter().all(|&n| n > 10), "{thinking:?}");
    assert_eq!(end["reviewable"], false);
    let sum: i64 = end["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .sum();
    assert_eq!(sum, 100_000);
    srv.stop().await.unwrap();
}

/// A watcher that reads one message a millisecond (on tokio's paused
/// clock) at a table of four quick AI players with no AI delay: the moves
/// are paced to it (not played all at once, faster than it reads), so it
/// gets more messages than its queue holds, none lost, to the game's end.
#[tokio::test(start_paused = true)]
async fn watch_ok_a_slow_watcher_of_quick_ai_players_gets_every_message() {
    use tenpai_web::logs::Logs;
    use tenpai_web::table::{self, Out, Role, TableMsg, OUT_QUEUE};
    let mut spec = Config::new(east(), 9).table;
    spec.players = std::array::from_fn(|_| Some(PlayerKind::Baseline));
    spec.ai_delay = Duration::ZERO;
    let local = tokio::task::LocalSet::new();
    local
        .run_until(async {
            let handle = table::spawn(1, spec, Logs::default()).expect("the table opens");
            let (out, mut queue) = Out::channel(OUT_QUEUE);
            let role = Role::Watcher;
            let joined = handle.send(TableMsg::Join {
                client: 1,
                out: out.clone(),
                role,
            });
            assert!(joined.await);
            let mut received = 0;
            let end = loop {
                // An hour of the paused clock (no real time): the queue
                // of a client the table dropped never ends, nor is fed.
                let next = tokio::time::timeout(Duration::from_secs(3600), queue.recv());
                let text = next.await.ok().flatten().expect("the game goes on");
                received += 1;
                let m: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
                assert_ne!(m["type"], "error", "{m}");
                if m["type"] == "game_end" {
                    break m;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            };
            assert!(!out.overflowed(), "no message found the queue full");
            assert!(received > OUT_QUEUE, "{received} messages");
            let scores = end["scores"].as_array().unwrap();
            assert_eq!(
                scores.iter().map(|x| x.as_i64().unwrap()).sum::<i64>(),
                100_000
            );
        })
        .await;
}

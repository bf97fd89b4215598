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

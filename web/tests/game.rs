//! A whole game through the protocol: the same log as in process, and
//! nothing of another seat's concealed tiles in any message.

use crate::common::{east, pick, server, Client};
use serde_json::Value;
use tenpai::ai::BaselinePlayer;
use tenpai::game::{play_game, Action, Event, Observation, Player};

fn kind(a: &Action) -> &'static str {
    match a {
        Action::Tsumo => "tsumo",
        Action::Ron => "ron",
        Action::Riichi { .. } => "riichi",
        _ => "other",
    }
}

struct Scripted;

impl Player for Scripted {
    fn act(&mut self, _: &Observation, legal: &[Action]) -> Action {
        let kinds: Vec<&str> = legal.iter().map(kind).collect();
        legal[pick(&kinds)].clone()
    }
}

/// Checks that `m`, sent to the person at seat 0, holds nothing of another
/// seat's concealed tiles: seat 0's view (the other seats' hands absent, a
/// hand shown only at a round's end as a win or a ready hand), other
/// seats' draws and deals hidden, thinking about seat 0 only.
fn private_to_seat_0(m: &Value) {
    match m["type"].as_str() {
        Some("table") => {
            let v = &m["view"];
            assert_eq!(
                (&v["perspective"], &v["seat"]),
                (&"seat".into(), &0.into()),
                "{m}"
            );
            let seats = v["seats"].as_array().unwrap();
            assert_eq!(seats.len(), 4, "{m}");
            assert!(seats[0]["hand"]["tiles"].is_array(), "{m}");
            assert!(seats[1..].iter().all(|s| s["hand"].is_null()), "{m}");
            if !v["result"].is_null() {
                let shown = v["result"]["shown"].as_array().unwrap();
                assert!(
                    shown
                        .iter()
                        .all(|h| h["why"] == "win" || h["why"] == "tenpai"),
                    "{m}"
                );
            }
            assert_eq!(v["choices"].is_null(), v["decision"].is_null(), "{m}");
            let e = &m["event"];
            if e["type"] == "tsumo" && e["actor"] != 0 {
                assert_eq!(e["pai"], "?", "{e}");
            }
            if e["type"] == "start_kyoku" {
                for s in 1..4 {
                    assert!(
                        e["tehais"][s].as_array().unwrap().iter().all(|p| p == "?"),
                        "{e}"
                    );
                }
                assert!(e["tehais"][0].as_array().unwrap().iter().all(|p| p != "?"));
            }
            if e["type"] == "start_game" {
                assert!(e.get("seed").is_none() || e["seed"].is_null(), "{e}");
            }
        }
        Some("thinking") => assert_eq!(m["seat"], 0, "{m}"),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_ok_same_log_as_in_process_and_private() {
    let seed = 11;
    let dir = tempfile::tempdir().unwrap();
    let srv = server(seed, Some(dir.path().to_path_buf())).await;
    let mut c = Client::connect(&srv).await;
    let (welcome, _) = c.until("welcome").await;
    assert_eq!(welcome["seat"], 0);
    assert_eq!(welcome["version"], 3);
    let mut decisions = 0;
    let mut calls = 0;
    let end = loop {
        let m = c.next().await.expect("the game goes on");
        private_to_seat_0(&m);
        match m["type"].as_str() {
            Some("table") => {
                if m["event"]["type"] == "chi" || m["event"]["type"] == "pon" {
                    calls += usize::from(m["event"]["actor"] == 0);
                }
                let Some(d) = m["view"]["decision"].as_u64() else {
                    continue;
                };
                let choices = m["view"]["choices"]["actions"].as_array().unwrap();
                assert!(!choices.is_empty());
                let kinds: Vec<&str> = choices
                    .iter()
                    .map(|c| c["type"].as_str().unwrap())
                    .collect();
                c.send(serde_json::json!({"type": "act", "decision": d, "choice": pick(&kinds)}))
                    .await;
                decisions += 1;
            }
            Some("game_end") => break m,
            Some("error") => panic!("{m}"),
            _ => {}
        }
    };
    assert!(
        decisions > 20 && calls > 0,
        "{decisions} decisions, {calls} calls"
    );
    let rules = east();
    let mut me = Scripted;
    let mut others: [BaselinePlayer; 3] = std::array::from_fn(|_| BaselinePlayer::new(&rules));
    let [a, b, d] = &mut others;
    let mut players: [&mut dyn Player; 4] = [&mut me, a, b, d];
    let mut record = play_game(&rules, seed, &mut players, false).unwrap();
    // The server's log names the players.
    if let Some(Event::StartGame { names, .. }) = record.events.first_mut() {
        *names = ["You", "baseline S", "baseline W", "baseline N"]
            .map(String::from)
            .to_vec();
    }
    let file = end["log_file"].as_str().expect("the log was written");
    let written = std::fs::read_to_string(file).unwrap();
    assert_eq!(written, record.to_mjai());
    // The log says what a reader needs: an east-only game with red fives.
    assert_eq!(
        written.lines().next().unwrap(),
        format!(
            r#"{{"type":"start_game","names":["You","baseline S","baseline W","baseline N"],"wall_seed":{seed},"kyoku_first":4,"aka_flag":true,"rules":"tenhou"}}"#
        )
    );
    let scores: Vec<i64> = end["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect();
    assert_eq!(
        scores,
        record.scores.iter().map(|&x| x as i64).collect::<Vec<_>>()
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_ok_a_closed_tab_resumes_where_the_game_stood() {
    let srv = server(5, None).await;
    let mut first = Client::connect(&srv).await;
    let mut open = None;
    // Answer three decisions, then leave with the fourth open.
    let mut answered = 0;
    while open.is_none() {
        let (m, _) = first.until("table").await;
        if let Some(d) = m["view"]["decision"].as_u64() {
            if answered == 3 {
                open = Some((d, m["view"]["seats"][0]["hand"].clone()));
            } else {
                first
                    .send(serde_json::json!({"type": "act", "decision": d, "choice": 0}))
                    .await;
                answered += 1;
            }
        }
    }
    drop(first);
    let (d, hand) = open.unwrap();
    let mut again = Client::connect(&srv).await;
    let (w, _) = again.until("welcome").await;
    assert_eq!(w["seat"], 0);
    let (t, _) = again.until("table").await;
    assert_eq!(t["view"]["decision"], d);
    assert_eq!(t["view"]["seats"][0]["hand"], hand);
    again
        .send(serde_json::json!({"type": "act", "decision": d, "choice": 0}))
        .await;
    // The game goes on: the next decision comes.
    loop {
        let (m, _) = again.until("table").await;
        if m["view"]["decision"].as_u64().is_some_and(|x| x > d) {
            break;
        }
    }
    srv.stop().await.unwrap();
}

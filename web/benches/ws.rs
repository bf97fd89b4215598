//! The server's cost, measured against the engine in the same run.
//!
//! Whole east-only games, the person at East playing a fixed policy (a win,
//! else the first choice) against three baseline AI players:
//! - in process: the engine's `Game` stepped directly (the players' thinking
//!   included), time per action;
//! - through the server: the same games played over a WebSocket on loopback
//!   (AI delay 0, thinking panel off), time per action of the whole table
//!   (engine, views, JSON, the socket and the client's parsing), and the
//!   round trip of the person's action: from sending `act` to the first
//!   message it brings back (p50, p99, max).
//!
//! `cargo bench -p tenpai-web --bench ws` (20 games); `-- --test` plays one.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::PlayerKind;
use tenpai::game::{Action, Game, Observation, Player, SeatIndex};
use tenpai::rules::{GameLength, Rules};
use tenpai_web::table::Advisor;
use tokio_tungstenite::tungstenite::Message;

fn rules() -> Rules {
    let mut r = Rules::tenhou();
    r.game.length = GameLength::East;
    r
}

fn pick_legal(legal: &[Action]) -> usize {
    legal
        .iter()
        .position(|a| matches!(a, Action::Tsumo | Action::Ron))
        .unwrap_or(0)
}

/// One game in process; (actions, time).
fn in_process(seed: u64) -> (usize, Duration) {
    let rules = rules();
    let mut ai: Vec<BaselinePlayer> = (0..4).map(|_| BaselinePlayer::new(&rules)).collect();
    let t0 = Instant::now();
    let mut g = Game::new(&rules, seed, false).unwrap();
    let mut actions = 0;
    while let Some(seat) = g.to_act() {
        let a = if seat == SeatIndex::ALL[0] {
            g.legal()[pick_legal(g.legal())].clone()
        } else {
            let obs = Observation::of(g.state(), seat);
            ai[seat.index()].act(&obs, g.legal())
        };
        g.step(&a).unwrap();
        actions += 1;
    }
    (actions, t0.elapsed())
}

/// One game through the server; (time, round trips, bytes received).
async fn served(seed: u64) -> (Duration, Vec<Duration>, u64) {
    let mut c = tenpai_web::Config::new(rules(), seed);
    c.bind = "127.0.0.1:0".parse().unwrap();
    c.table.players = [
        None,
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
    ];
    c.table.ai_delay = Duration::ZERO;
    c.table.advisor = Advisor::Baseline;
    let srv = tenpai_web::start(c).await.unwrap();
    let (mut ws, _) =
        tokio_tungstenite::connect_async_with_config(format!("ws://{}/ws", srv.addr), None, true)
            .await
            .unwrap();
    ws.send(Message::Text(
        json!({"type": "panel", "on": false}).to_string().into(),
    ))
    .await
    .unwrap();
    let t0 = Instant::now();
    let mut trips = Vec::new();
    let mut sent: Option<Instant> = None;
    let mut last_decision = 0;
    let mut bytes = 0u64;
    loop {
        let Some(Ok(Message::Text(t))) = ws.next().await else {
            panic!("the connection closed")
        };
        bytes += t.len() as u64;
        if let Some(s) = sent.take() {
            trips.push(s.elapsed());
        }
        let m: Value = serde_json::from_str(t.as_str()).unwrap();
        match m["type"].as_str() {
            Some("game_end") => break,
            Some("table") => {
                let Some(d) = m["view"]["decision"].as_u64() else {
                    continue;
                };
                if d == last_decision {
                    continue;
                }
                last_decision = d;
                let choices = m["view"]["choices"]["actions"].as_array().unwrap();
                let i = choices
                    .iter()
                    .position(|c| c["type"] == "tsumo" || c["type"] == "ron")
                    .unwrap_or(0);
                sent = Some(Instant::now());
                let act = json!({"type": "act", "decision": d, "choice": i});
                ws.send(Message::Text(act.to_string().into()))
                    .await
                    .unwrap();
            }
            _ => {}
        }
    }
    let took = t0.elapsed();
    drop(ws);
    srv.stop().await.unwrap();
    (took, trips, bytes)
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let test = std::env::args().any(|a| a == "--test");
    let games = if test { 1 } else { 20 };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (mut engine_actions, mut engine_time) = (0, Duration::ZERO);
    let mut server_time = Duration::ZERO;
    let mut trips = Vec::new();
    let mut bytes = 0;
    for seed in 1..=games {
        let (a, t) = in_process(seed);
        engine_actions += a;
        engine_time += t;
        // The same game (the protocol tests check that it gives the same
        // log), so the same number of actions.
        let (t, mut r, b) = rt.block_on(served(seed));
        server_time += t;
        trips.append(&mut r);
        bytes += b;
    }
    trips.sort();
    let per = |t: Duration, n: usize| t.as_secs_f64() * 1e6 / n.max(1) as f64;
    let (e, s) = (
        per(engine_time, engine_actions),
        per(server_time, engine_actions),
    );
    println!("web/ws: {games} east-only games, the person against three baseline AI players");
    println!("  engine in process:  {e:8.1} µs per action ({engine_actions} actions)");
    println!(
        "  through the server: {s:8.1} µs per action (the same games), {:.1}× the engine, {:.0} KiB sent per game",
        s / e,
        bytes as f64 / 1024.0 / games as f64
    );
    println!(
        "  round trip of the person's action: p50 {:.0} µs, p99 {:.0} µs, max {:.0} µs ({} actions; goal p99 ≤ 1,000 µs)",
        quantile(&trips, 0.5).as_secs_f64() * 1e6,
        quantile(&trips, 0.99).as_secs_f64() * 1e6,
        trips.last().copied().unwrap_or_default().as_secs_f64() * 1e6,
        trips.len()
    );
}

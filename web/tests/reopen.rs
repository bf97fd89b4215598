//! A server started again on its log directory reopens a lobby table
//! whose game is over only to list it and show its end: none of its AI
//! players is made, so no `cmd:` bot's process is started for it.

use crate::common::{config, post, Client};
use crate::rooms::ws;
use serde_json::json;
use std::path::Path;

/// A bot that writes its process id to `marker` (a line per start), then
/// answers `none` to everything (its own turns are then its fallback's,
/// the baseline's).
fn noting_bot(marker: &Path) -> String {
    format!(
        r#"echo $$ >> {}; while read line; do echo '{{"type":"none"}}'; done"#,
        marker.display()
    )
}

/// The bot's starts noted so far.
fn starts(marker: &Path) -> usize {
    std::fs::read_to_string(marker).map_or(0, |t| t.lines().count())
}

/// A server on `dir` offering `bot`.
async fn server(dir: &Path, bot: &str) -> tenpai_web::Running {
    let mut c = config(1, Some(dir.into()));
    c.bots = vec![bot.to_string()];
    tenpai_web::start(c).await.expect("the server starts")
}

/// Opens a table of the person (East), the bot (South) and two baseline
/// AI players; the person's link (its `/ws` path).
async fn open(srv: &tenpai_web::Running, bot: &str, seed: u64) -> String {
    let req = json!({"length": "east", "seats": ["person", format!("cmd:{bot}"), "baseline", "baseline"], "ai_delay_ms": 0, "seed": seed});
    let (status, links) = post(srv, "/api/tables", &req.to_string()).await;
    assert_eq!(status, 200, "{links}");
    ws(&links["seats"][0]["link"])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reopen_ok_a_finished_table_starts_no_bot_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (logs, marker) = (dir.path().join("logs"), dir.path().join("started"));
    let bot = noting_bot(&marker);
    let srv = server(&logs, &bot).await;
    let finished = open(&srv, &bot, 7).await;
    let mut east = Client::connect_to(&srv, &finished).await;
    east.play_to_end().await;
    drop(east);
    srv.stop().await.unwrap();
    assert_eq!(starts(&marker), 1, "the bot of the game played");

    let srv = server(&logs, &bot).await;
    // The finished table is back: its person is shown the game's end.
    let mut east = Client::connect_to(&srv, &finished).await;
    let (end, _) = east.until("game_end").await;
    assert_eq!(end["scores"].as_array().map(Vec::len), Some(4), "{end}");
    // A table opened now starts its bot (noted after any the server
    // started before it, when it reopened the finished table).
    let playing = open(&srv, &bot, 8).await;
    let mut other = Client::connect_to(&srv, &playing).await;
    other.play_to_end().await;
    assert_eq!(
        starts(&marker),
        2,
        "one start for the new table, none for the finished one"
    );
    srv.stop().await.unwrap();
}

//! The turn time limit in the browser: a lobby table of two people (East
//! in chromium, South a WebSocket that never answers) and two baseline AI
//! players, each decision 1 s and a bank of 1 s. The lobby's form sets
//! the limit; the page counts East's decision down; East's time-out and
//! South's are told in a toast. Screenshots `target/tmp/web-turn-*.png`.

use super::{browser, driver, errors, js, shot, visible};
use fantoccini::{Client, Locator};
use futures_util::StreamExt;
use std::time::Duration;

/// Waits (polling, at most `secs` seconds) until the toast says `text`.
async fn toast_says(c: &Client, text: &str, secs: u64) -> String {
    let code = "const b = document.getElementById('toast'); return b.hidden ? '' : b.textContent;";
    for _ in 0..secs * 20 {
        let shown = js(c, code).await;
        let shown = shown.as_str().unwrap_or_default().to_string();
        if shown.contains(text) {
            return shown;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no toast saying {text:?} in {secs} s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver"]
async fn browser_ok_the_turn_clock_and_the_time_outs() {
    let mut config = tenpai_web::Config::new(tenpai::rules::Rules::tenhou(), 1);
    config.bind = "127.0.0.1:0".parse().unwrap();
    let srv = tenpai_web::start(config).await.unwrap();
    let d = driver();
    let c = browser(&d, 1280, 800).await;
    // The lobby's form: East and South people, 1 s a decision, a bank of 1 s.
    c.goto(&format!("http://{}/lobby", srv.addr)).await.unwrap();
    c.wait().for_element(Locator::Id("turnbase")).await.unwrap();
    js(
        &c,
        "const set = (id, v) => { document.getElementById(id).value = v; };
         set('length', 'east'); set('seat1', 'person'); set('seat2', 'baseline'); set('seat3', 'baseline');
         set('delay', '0'); set('turnbase', '1'); set('turnbank', '1');
         document.querySelector('#new button[type=submit]').click(); return true;",
    )
    .await;
    c.wait()
        .for_element(Locator::Css("#links a"))
        .await
        .unwrap();
    shot(&c, "turn-lobby").await;
    let links = js(
        &c,
        "return [...document.querySelectorAll('#links a')].map((a) => a.href);",
    )
    .await;
    let links: Vec<String> = serde_json::from_value(links).unwrap();
    // South: connected, never answering (its messages read and dropped).
    let south = links[1]
        .replacen("http://", "ws://", 1)
        .replacen("/?", "/ws?", 1);
    let (ws, _) = tokio_tungstenite::connect_async(south.as_str())
        .await
        .unwrap();
    let drain = tokio::spawn(ws.for_each(|_| async {}));
    c.goto(&links[0]).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#clock:not([hidden])"))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(visible(&c, "#clock").await);
    shot(&c, "turn-clock").await;
    let clock = js(&c, "return document.getElementById('clock').textContent;").await;
    let clock = clock.as_str().unwrap();
    assert!(
        clock.starts_with("Time ") && clock.ends_with(" s + 1 s"),
        "{clock}"
    );
    // East lets the time run out, then South does.
    let mine = toast_says(&c, "Time ran out: your turn was played for you", 5).await;
    assert!(!mine.is_empty());
    toast_says(&c, "person S ran out of time", 10).await;
    shot(&c, "turn-toast").await;
    // After a round's result the server's clock waits `starts_in_ms`; the
    // page's countdown (clock.js, counted from the message's arrival `at`)
    // stands still until then. A detached box, a clock of 5 s + 1 s with a
    // 3 s pause, its message arrived 2 s ago (in the pause) and 4 s ago
    // (1 s spent): the text is read at once, so no waiting decides it.
    let shown = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             import('/assets/clock.js').then(({ showClock }) => {
               const box = document.createElement('div');
               const clock = { base_ms: 5000, bank_ms: 1000, starts_in_ms: 3000 };
               const now = performance.now();
               showClock(box, clock, now - 2000);
               const paused = box.textContent;
               showClock(box, clock, now - 4000);
               const running = box.textContent;
               showClock(box, { base_ms: 5000, bank_ms: 1000 }, now - 7000);
               const bank = box.textContent;
               showClock(box, null);
               done([paused, running, bank]);
             });",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        shown,
        serde_json::json!(["Time 5 s + 1 s", "Time 4 s + 1 s", "Bank 0 s"]),
        "the countdown after a round's result"
    );
    let errs = errors(&c).await;
    assert!(errs.is_empty(), "the page met errors: {errs:?}");
    drain.abort();
    c.close().await.unwrap();
    srv.stop().await.unwrap();
}

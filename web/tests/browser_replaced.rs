//! A seat's link opened a second time, in another browser: the newer page
//! takes the seat; the older one says so, offers no choice, and stays
//! closed (the page reconnects 1 s after any other close, which would take the seat back
//! and make the two pages take it from each other for good). Screenshot
//! `target/tmp/web-replaced.png`.

use super::{browser, driver, errors, js, shot, until};
use serde_json::json;
use std::time::Duration;

const REPLACED: &str =
    "This seat is played in another tab or on another device: reload to play it here";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver"]
async fn browser_ok_a_seat_opened_again_the_older_page_says_so_and_stays_closed() {
    let mut config = tenpai_web::Config::new(tenpai::rules::Rules::tenhou(), 1);
    config.bind = "127.0.0.1:0".parse().unwrap();
    let srv = tenpai_web::start(config).await.unwrap();
    let page = format!("http://{}/", srv.addr);
    let hand = "return document.querySelectorAll('#strip .tile').length >= 13;";
    let d = driver();
    let older = browser(&d, 1280, 800).await;
    older.goto(&page).await.unwrap();
    until(&older, "the older page's hand", hand).await;
    let newer = browser(&d, 1280, 800).await;
    newer.goto(&page).await.unwrap();
    until(&newer, "the newer page's hand", hand).await;
    let told = format!("return document.getElementById('status').textContent === {REPLACED:?};");
    until(&older, "the older page told", &told).await;
    // Past the page's reconnection delay: still closed, the seat still
    // the newer page's.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let state =
        "return [document.getElementById('status').textContent, window.tenpai.ws.readyState];";
    assert_eq!(js(&older, state).await, json!([REPLACED, 3]));
    assert_eq!(js(&newer, state).await, json!(["", 1]));
    // The older page offers nothing more: its turn line says why.
    let offered = "return [document.getElementById('turn').textContent, \
                   document.querySelectorAll('#actions button').length];";
    assert_eq!(js(&older, offered).await, json!(["Played elsewhere", 0]));
    shot(&older, "replaced").await;
    for (c, name) in [(&older, "older"), (&newer, "newer")] {
        let errs = errors(c).await;
        assert!(errs.is_empty(), "the {name} page met errors: {errs:?}");
    }
    older.close().await.unwrap();
    newer.close().await.unwrap();
    srv.stop().await.unwrap();
}

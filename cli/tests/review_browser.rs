//! The review page in a real browser: Debian's `chromium`, headless, loads
//! the page of a whole shared game with no console message (the page has no
//! script: any message is an error, such as a blocked load), and writes a
//! screenshot to look at. Ignored in the normal tests (it needs chromium:
//! `apt-get install -y chromium`); run it with
//!
//! ```sh
//! cargo test --release -p tenpai-cli --test integration review_browser:: -- --ignored --nocapture
//! ```
//!
//! The screenshots are `target/tmp/review.png` (the first screen) and
//! `review-full.png` (the whole page, the flagged decisions open). The normal tests check the
//! markup itself (cli/tests/review.rs: well-formed, self-contained).

use crate::common;
use common::tenpai;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A real east-south game of Tenhou's phoenix room, 10 rounds.
const PHOENIX: &str = "../tests/data/tenhou6/2011020414gm-00a9-0000-ef18f336.json";

/// Where the page and the screenshots go.
fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// Loads `page` in headless chromium, writes a
/// `width`×`height` screenshot to `png` (of `min_bytes` or more: not a blank
/// page); returns the console messages.
fn chromium(page: &Path, png: &Path, (width, height): (u32, u32), min_bytes: u64) -> Vec<String> {
    let url = format!("file://{}", page.display());
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            // Nothing may come from the network.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--enable-logging=stderr",
            "--v=0",
            &format!("--window-size={width},{height}"),
            &format!("--screenshot={}", png.display()),
            &url,
        ])
        .output()
        .expect("chromium runs (apt-get install -y chromium)");
    assert!(out.status.success(), "chromium failed on {url}");
    let meta = std::fs::metadata(png).expect("a screenshot");
    assert!(meta.len() >= min_bytes, "{} is nearly empty", png.display());
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect()
}

#[test]
#[ignore = "needs chromium; writes target/tmp/review.png"]
fn review_page_loads_in_chromium_without_console_messages() {
    let dir = out_dir();
    // The check sees a console error when there is one.
    let bad = dir.join("console-error.html");
    std::fs::write(
        &bad,
        "<!DOCTYPE html><html><body><p>x</p><script>console.error('boom')</script></body></html>",
    )
    .unwrap();
    let seen = chromium(&bad, &dir.join("console-error.png"), (400, 300), 0);
    assert!(seen.iter().any(|l| l.contains("boom")), "{seen:?}");

    let page = dir.join("review.html");
    let json = tenpai(&[
        "review",
        PHOENIX,
        "--samples",
        "400",
        "--json",
        "--html",
        page.to_str().unwrap(),
    ]);
    let doc: serde_json::Value = serde_json::from_str(json.ok()).unwrap();
    let png = dir.join("review.png");
    let messages = chromium(&page, &png, (1100, 2400), 50_000);
    assert!(messages.is_empty(), "console: {messages:#?}");
    // The whole page, flagged decisions open (a headless shot of a
    // `#fragment` comes out blank whatever the page, so the page is shot
    // whole).
    let rounds = doc["rounds"].as_array().unwrap().len();
    assert!(doc["summary"]["mistakes"].as_u64().unwrap() > 0);
    let shot = dir.join("review-full.png");
    let messages = chromium(&page, &shot, (1100, 1000 * rounds as u32), 200_000);
    assert!(messages.is_empty(), "console: {messages:#?}");
    eprintln!("screenshots: {} and {}", png.display(), shot.display());
}

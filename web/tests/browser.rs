//! The page in a real browser: Debian's chromium driven through
//! chromium-driver (WebDriver, with fantoccini). Plays a whole east-only
//! game by clicking tiles and buttons (calls and a riichi on this seed),
//! checks that the page met no error, reviews the game, opens the viewer on
//! a shared log and steps through it, and writes screenshots to
//! `target/tmp/web-*.png`. Then two people at a lobby table, each in a
//! chromium session of their own: one opens the table in the lobby, the
//! other their link; one closes their browser mid-game (an AI plays their
//! seat), comes back with the link, and both play to the end and see the
//! final standings and their review button. A seat's link opened in a
//! second browser: the older page stops (`browser_replaced`).
//!
//! Ignored by `cargo test` (it needs `chromium` and `chromium-driver`):
//! `cargo test --release -p tenpai-web --test browser -- --ignored`
//! (`.ci/run` runs it).

mod browser_replaced;
mod browser_turn;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::Ordering;
use std::time::Duration;
use tenpai::ai::mc::Budget;
use tenpai::arena::PlayerKind;
use tenpai::rules::{GameLength, Rules};
use tenpai_web::table::Advisor;

const SEED: u64 = 2;

fn shots() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/tmp");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// chromedriver on a free port, ended when dropped.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn driver() -> Driver {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver (Debian's chromium-driver) is installed");
    Driver(child, port)
}

async fn browser(d: &Driver, w: u32, h: u32) -> Client {
    let profile = tempfile::tempdir().unwrap().keep();
    let caps = json!({
        "goog:chromeOptions": {
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                format!("--user-data-dir={}", profile.display()),
                format!("--window-size={w},{h}"), "--lang=en-US",
            ]
        }
    });
    let caps: serde_json::Map<String, Value> = caps.as_object().unwrap().clone();
    for _ in 0..50 {
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{}", d.1))
            .await;
        if let Ok(c) = c {
            // The window holds the page and the browser's frame: size it so
            // that the page itself is w × h.
            let inner = js(&c, "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight];").await;
            let (dw, dh) = (
                inner[0].as_u64().unwrap_or(0) as u32,
                inner[1].as_u64().unwrap_or(0) as u32,
            );
            c.set_window_size(w + dw, h + dh).await.unwrap();
            return c;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not answer");
}

async fn shot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(shots().join(format!("web-{name}.png")), png).unwrap();
}

async fn js(c: &Client, code: &str) -> Value {
    c.execute(code, vec![]).await.unwrap()
}

async fn errors(c: &Client) -> Vec<String> {
    let v = js(c, "return window.tenpaiErrors || ['no error log'];").await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.to_string())
        .collect()
}

/// What does not fit the window: a button, select or checkbox outside it,
/// the board outside its frame or over the hand, the hand over the panel.
async fn misfits(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "const out = []; const W = innerWidth, H = innerHeight;
         for (const b of document.querySelectorAll('button, select, input[type=checkbox]')) {
           const r = b.getBoundingClientRect();
           if (r.width === 0 && r.height === 0) continue;
           if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) out.push(`${b.id || b.textContent} outside ${W}x${H}`);
         }
         const box = (e) => e.getBoundingClientRect();
         const over = (x, y) => x.left < y.right - 0.5 && y.left < x.right - 0.5 && x.top < y.bottom - 0.5 && y.top < x.bottom - 0.5;
         const frame = box(document.querySelector('#game .boardwrap')), board = box(document.getElementById('board'));
         const hand = box(document.getElementById('strip')), panel = document.getElementById('panel');
         if (board.left < frame.left - 0.5 || board.top < frame.top - 0.5 || board.right > frame.right + 0.5 || board.bottom > frame.bottom + 0.5) out.push('board outside its frame');
         if (over(board, hand)) out.push('board over the hand');
         if (!panel.hidden && over(hand, box(panel))) out.push('hand over the panel');
         return out;",
    )
    .await;
    v.as_array()
        .map(|a| a.iter().map(|x| x.to_string()).collect())
        .unwrap_or_else(|| vec![format!("{v}")])
}

async fn visible(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

async fn click(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.click().await.is_ok(),
        Err(_) => false,
    }
}

/// What was seen while playing.
#[derive(Default, Debug)]
struct Seen {
    calls: usize,
    riichi: usize,
    rounds: usize,
    chooser: bool,
}

/// One step of the person's play: a win, riichi, a call, else the drawn
/// tile (or the last playable one); the round-end dialog's OK.
async fn play_step(c: &Client, seen: &mut Seen) -> bool {
    if visible(c, "#round-ok").await {
        if seen.rounds == 0 {
            shot(c, "round-end").await;
        }
        seen.rounds += 1;
        click(c, "#round-ok").await;
        return true;
    }
    if visible(c, "#new-game").await {
        return false;
    }
    if !visible(c, "#chooser").await {
        for b in ["tsumo", "ron"] {
            if click(c, &format!("#actions [data-action={b}]")).await {
                return true;
            }
        }
        if visible(c, "#actions [data-action=riichi]").await && seen.riichi == 0 {
            click(c, "#actions [data-action=riichi]").await;
            seen.riichi += 1;
            tokio::time::sleep(Duration::from_millis(100)).await;
            shot(c, "riichi").await;
            click(c, "#strip .tile.playable").await;
            return true;
        }
        for b in ["chi", "pon"] {
            // Calls until one offers a choice (the chooser), then two at most.
            let more = !seen.chooser || seen.calls < 2;
            if more && visible(c, &format!("#actions [data-action={b}]")).await {
                click(c, &format!("#actions [data-action={b}]")).await;
                seen.calls += 1;
                return true;
            }
        }
    } else {
        if !seen.chooser {
            shot(c, "chooser").await;
        }
        seen.chooser = true;
        click(c, "#chooser .option").await;
        return true;
    }
    // The advisor's discard, once its search is done.
    let rec = js(c, "const S = window.tenpai; const th = S.thinking; if (!S.tv || !S.tv.decision || !th || th.decision !== S.tv.decision || th.recommended === undefined) return null; const ch = S.tv.choices.actions[th.recommended]; return ch && ch.type === 'discard' ? ch.pai : null;").await;
    if let Some(p) = rec.as_str() {
        if click(c, &format!("#strip .tile.playable[data-pai='{p}']")).await {
            return true;
        }
    }
    let waiting = js(c, "const S = window.tenpai; return !!(S.tv && S.tv.decision && (!S.thinking || S.thinking.decision !== S.tv.decision || S.thinking.recommended === undefined));").await;
    if waiting == json!(true) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        return true;
    }
    if click(c, "#strip .slot.drawn .tile.playable").await {
        return true;
    }
    let playable = c
        .find_all(Locator::Css("#strip .tile.playable"))
        .await
        .unwrap_or_default();
    if let Some(t) = playable.last() {
        let _ = t.click().await;
        return true;
    }
    if click(c, "#actions [data-action=pass]").await {
        return true;
    }
    tokio::time::sleep(Duration::from_millis(30)).await;
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver; .ci/run runs it"]
async fn browser_ok_a_whole_game_the_review_and_the_viewer() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let mut config = tenpai_web::Config::new(rules, SEED);
    config.bind = "127.0.0.1:0".parse().unwrap();
    config.table.players = [
        None,
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
        Some(PlayerKind::Baseline),
    ];
    config.table.ai_delay = Duration::from_millis(30);
    config.table.advisor = Advisor::Mc(tenpai::ai::mc::Settings {
        budget: Budget::Samples(300),
        threads: 1,
        ..Default::default()
    });
    config.review.budget = Budget::Samples(40);
    let srv = tenpai_web::start(config).await.unwrap();
    let d = driver();
    let c = browser(&d, 1280, 800).await;
    c.goto(&format!("http://{}/", srv.addr)).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#strip .tile"))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(800)).await;
    shot(&c, "table").await;
    let bad = misfits(&c).await;
    assert!(bad.is_empty(), "at 1280×800: {bad:?}");
    let mut seen = Seen::default();
    let mut steps = 0;
    let mut phone = false;
    while play_step(&c, &mut seen).await {
        steps += 1;
        assert!(steps < 5000, "the game does not end: {seen:?}");
        if !phone && seen.rounds == 1 {
            phone = true;
            let frame = js(&c, "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight];").await;
            let (dw, dh) = (
                frame[0].as_u64().unwrap_or(0) as u32,
                frame[1].as_u64().unwrap_or(0) as u32,
            );
            c.set_window_size(844 + dw, 390 + dh).await.unwrap();
            tokio::time::sleep(Duration::from_millis(400)).await;
            shot(&c, "phone").await;
            let bad = misfits(&c).await;
            assert!(bad.is_empty(), "at 844×390: {bad:?}");
            c.set_window_size(1280 + dw, 800 + dh).await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    shot(&c, "standings").await;
    assert!(seen.calls > 0 && seen.riichi > 0, "{seen:?}");
    assert!(seen.rounds >= 4, "{seen:?}");
    // The review, then the viewer with its bars.
    click(&c, "#review-game").await;
    c.wait()
        .at_most(Duration::from_secs(300))
        .for_element(Locator::Css("#timeline .decision"))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    // A mistake (the markers are close together: clicked by script, which
    // no neighbour can intercept).
    // A discard, a mistake if one is (bars on the hand's tiles).
    let mistake = js(&c, "const ds = [...document.querySelectorAll('#timeline .decision')]; const m = ds.find((d) => d.classList.contains('mistake') && /Discard/.test(d.title)) || ds.find((d, i) => i > 5 && /Discard/.test(d.title)); if (m) m.click(); return !!m;").await;
    if mistake == json!(true) {
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    shot(&c, "review").await;
    // A shared log in the viewer: upload, then step.
    let log =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/tenhou6/double_ron.json");
    let input = c.find(Locator::Id("v-file")).await.unwrap();
    input
        .send_keys(&log.canonicalize().unwrap().display().to_string())
        .await
        .unwrap();
    c.wait()
        .for_element(Locator::XPath(
            "//span[@id='v-step'][contains(., 'double_ron')]",
        ))
        .await
        .unwrap();
    for _ in 0..12 {
        click(&c, "#v-next").await;
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    click(&c, "#v-next-round").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let step = c
        .find(Locator::Id("v-step"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(step.contains("double_ron.json"), "{step}");
    shot(&c, "viewer").await;
    // Chinese.
    c.find(Locator::Id("lang"))
        .await
        .unwrap()
        .select_by_value("zh")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    click(&c, "#tab-table").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    shot(&c, "zh").await;
    let errs = errors(&c).await;
    assert!(errs.is_empty(), "the page met errors: {errs:?}");
    c.close().await.unwrap();
    srv.stop().await.unwrap();
}

/// What a person's page does next: `[what, element]` to click (the
/// round's OK, a win, the drawn tile, else the last playable tile, else
/// pass), `["over"]` once the final standings show, `["wait"]` when it
/// has nothing to do.
const NEXT_CLICK: &str = "
  const q = (s) => { const e = document.querySelector(s); return e && e.getClientRects().length > 0 ? e : null; };
  if (q('#new-game')) return ['over'];
  const pick = (what, e) => (e ? [what, e] : null);
  return pick('ok', q('#round-ok')) || pick('win', q('#actions [data-action=tsumo]') || q('#actions [data-action=ron]'))
    || pick('discard', q('#strip .slot.drawn .tile.playable') || [...document.querySelectorAll('#strip .tile.playable')].pop())
    || pick('pass', q('#actions [data-action=pass]')) || ['wait'];";

/// One click of a person's quick play ([`NEXT_CLICK`]; the element found
/// and clicked in two WebDriver calls): what it clicked, `wait`, or
/// `over` once the game is over.
async fn quick_step(c: &Client) -> String {
    let next = js(c, NEXT_CLICK).await;
    let what = next[0].as_str().unwrap_or("wait").to_string();
    match next[1][ELEMENT].as_str() {
        Some(id) => {
            let e =
                fantoccini::elements::Element::from_element_id(c.clone(), id.to_string().into());
            // Gone if the page drew the table again meanwhile: the next
            // step finds it again.
            let _ = e.click().await;
        }
        None if what == "wait" => tokio::time::sleep(Duration::from_millis(20)).await,
        None => {}
    }
    what
}

/// How WebDriver names an element in a script's result.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Plays `name`'s seat with [`quick_step`] until the game is over or
/// `stop` says so.
async fn play(c: &Client, name: &str, stop: impl Fn() -> bool) {
    for _ in 0..5000 {
        if stop() || quick_step(c).await == "over" {
            return;
        }
    }
    panic!("{name}: the game does not end");
}

/// Opens `link` (a person's) and hides the thinking panel, once the hand
/// shows.
async fn sit(c: &Client, link: &str, name: &str) {
    c.goto(link).await.unwrap();
    until(
        c,
        &format!("{name}'s hand"),
        "return document.querySelectorAll('#strip .tile').length >= 13;",
    )
    .await;
    click(c, "#panel-on").await;
}

/// Waits (at most 20 s) until `code` returns true in the page.
async fn until(c: &Client, what: &str, code: &str) {
    for _ in 0..400 {
        if js(c, code).await == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never: {what}");
}

/// The standings and the review button of a finished game, seen at `seat`.
async fn sees_the_end(c: &Client, seat: u64, name: &str) {
    until(
        c,
        "the standings",
        "return !!document.querySelector('#dialog table.standings');",
    )
    .await;
    let end = js(
        c,
        "const S = window.tenpai; const rows = [...document.querySelectorAll('#dialog table.standings tr')].slice(1);
         return { seat: S.seat, reviewable: S.ended && S.ended.reviewable, places: rows.length,
                  you: rows.filter((r) => r.cells[1].textContent === 'You').length,
                  review: !!document.querySelector('#review-game') && document.querySelector('#review-game').getClientRects().length > 0 };",
    )
    .await;
    assert_eq!(
        end,
        json!({"seat": seat, "reviewable": true, "places": 4, "you": 1, "review": true}),
        "{name} at the game's end"
    );
    let errs = errors(c).await;
    assert!(errs.is_empty(), "{name}'s page met errors: {errs:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver; .ci/run runs it"]
async fn browser_ok_two_people_at_a_lobby_table_one_leaves_and_comes_back() {
    let mut config = tenpai_web::Config::new(Rules::tenhou(), SEED);
    config.bind = "127.0.0.1:0".parse().unwrap();
    // An AI plays a person's seat as soon as they leave.
    config.grace = Duration::ZERO;
    // The test's table is seeded (below), so that its game is known.
    config.seeded_tables = true;
    let srv = tenpai_web::start(config).await.unwrap();
    let d = driver();
    // East opens the table in the lobby: east-only, two people, two
    // baseline AIs moving at once.
    let east = browser(&d, 1280, 800).await;
    east.goto(&format!("http://{}/lobby", srv.addr))
        .await
        .unwrap();
    for (id, value) in [
        ("length", "east"),
        ("seat2", "baseline"),
        ("seat3", "baseline"),
    ] {
        east.find(Locator::Id(id))
            .await
            .unwrap()
            .select_by_value(value)
            .await
            .unwrap();
    }
    let delay = east.find(Locator::Id("delay")).await.unwrap();
    delay.clear().await.unwrap();
    delay.send_keys("0").await.unwrap();
    // The form names no wall seed (a server picks one); this one takes
    // the test's, added to the form's request.
    js(&east, &format!("const f = window.fetch; window.fetch = (u, o) => {{ if (o && o.method === 'POST') {{ const b = JSON.parse(o.body); b.seed = {SEED}; o = {{ ...o, body: JSON.stringify(b) }}; }} return f(u, o); }}; return true;")).await;
    click(&east, "#new button[type=submit]").await;
    east.wait()
        .for_element(Locator::Css("#links li a"))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    shot(&east, "lobby-links").await;
    let links = js(
        &east,
        "return [...document.querySelectorAll('#links li a')].map((a) => a.href);",
    )
    .await;
    let links: Vec<String> = serde_json::from_value(links).unwrap();
    assert_eq!(
        links.len(),
        3,
        "East's, South's and the spectators' links: {links:?}"
    );
    let started = std::time::Instant::now();
    let south = browser(&d, 1280, 800).await;
    // South opens their link in a browser of their own: the game starts.
    tokio::join!(
        sit(&east, &links[0], "East"),
        sit(&south, &links[1], "South")
    );
    // Both play (at once) until South has seen a round end.
    let south_ok = std::sync::atomic::AtomicBool::new(false);
    tokio::join!(
        play(&east, "East", || south_ok.load(Ordering::SeqCst)),
        async {
            let mut steps = 0;
            while quick_step(&south).await != "ok" {
                steps += 1;
                assert!(steps < 3000, "the first round does not end");
            }
            south_ok.store(true, Ordering::SeqCst);
        }
    );
    // South closes their browser: the AI plays their seat (no grace
    // period), East is told and plays on.
    shot(&south, "two-south").await;
    south.close().await.unwrap();
    until(
        &east,
        "South covered",
        "const s = window.tenpai.seats; return !!s && s.seats[1] === 'covered';",
    )
    .await;
    shot(&east, "two-covered").await;
    for _ in 0..20 {
        assert_ne!(
            quick_step(&east).await,
            "over",
            "the game ended while South was away"
        );
    }
    // South comes back with their link and plays on to the end.
    let south = browser(&d, 1280, 800).await;
    sit(&south, &links[1], "South").await;
    until(
        &east,
        "South back",
        "const s = window.tenpai.seats; return !!s && s.seats[1] === 'here';",
    )
    .await;
    shot(&south, "two-back").await;
    tokio::join!(
        play(&east, "East", || false),
        play(&south, "South", || false)
    );
    eprintln!("two people: {:.1} s", started.elapsed().as_secs_f64());
    sees_the_end(&east, 0, "East").await;
    sees_the_end(&south, 1, "South").await;
    shot(&east, "two-east-end").await;
    shot(&south, "two-south-end").await;
    east.close().await.unwrap();
    south.close().await.unwrap();
    srv.stop().await.unwrap();
}

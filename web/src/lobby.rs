//! The lobby: a page (`GET /lobby`) and its JSON API to open a table
//! (`POST /api/tables`: the rules, the length, who plays each seat, the
//! Monte Carlo AI's budget, the turn time limit) and list the tables
//! (`GET /api/tables`: nothing secret). A new table's answer holds its
//! links: one per person's seat, one for spectators; the server keeps no
//! other way in.

use crate::limits::table_refused;
use crate::rooms::saved::{Saved, SAVED_VERSION};
use crate::rooms::{Keys, NewTable};
use crate::table::TurnLimit;
use crate::tables::open_table;
use crate::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use maud::{html, PreEscaped, DOCTYPE};
use std::net::SocketAddr;

/// `GET /api/tables`: every table, nothing secret.
pub async fn list(State(state): State<AppState>) -> Response {
    Json(serde_json::json!({ "tables": state.rooms.list() })).into_response()
}

fn refused(status: StatusCode, message: String) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

/// `POST /api/tables` with a [`NewTable`]: the table opened and its links
/// ([`crate::rooms::Links`]), or 400 with `{"error": …}` naming the field; 503 when the
/// server holds its most tables, 429 when the peer's address has opened
/// its most ([`crate::limits`]).
pub async fn create(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: axum::body::Bytes,
) -> Response {
    if state.shutdown.closing() {
        let why = "the server is shutting down".to_string();
        return refused(StatusCode::SERVICE_UNAVAILABLE, why);
    }
    let de = &mut serde_json::Deserializer::from_slice(&body);
    let req: NewTable = match serde_path_to_error::deserialize(de) {
        Ok(r) => r,
        Err(e) => {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let message = if path == "." {
                inner.to_string()
            } else {
                format!("{path}: {inner}")
            };
            return refused(StatusCode::BAD_REQUEST, message);
        }
    };
    if req.seed.is_some() && !state.seeded_tables {
        let why = "seed: this server does not let a table's creator choose its wall (start it with --seeded-tables)";
        return refused(StatusCode::BAD_REQUEST, why.to_string());
    }
    let seed = match random_seed() {
        Ok(s) => s,
        Err(e) => return refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let (mut spec, about) = match req.to_spec(&state.bots, seed, state.log_dir.clone()) {
        Ok(x) => x,
        Err(e) => return refused(StatusCode::BAD_REQUEST, e.to_string()),
    };
    spec.grace = Some(state.grace);
    if !req.names_turn_limit() {
        spec.turn_limit = state.turn_limit;
    }
    // Checked and registered at once: two requests cannot both take the
    // last table.
    let _opening = state.opening.lock().await;
    let (open_now, by_ip) = state.rooms.not_over(peer.ip());
    if let Some((status, why)) = table_refused(peer.ip(), open_now, by_ip, &state.limits) {
        return refused(status, why);
    }
    let keys = match Keys::new(&spec) {
        Ok(k) => k,
        Err(e) => return refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let id = state.rooms.reserve();
    if state.log_dir.is_some() {
        let mut request = req.clone();
        request.seed = Some(spec.seed);
        // The limit it plays under, kept whatever the server's default
        // when it is resumed.
        let secs = |d: std::time::Duration| d.as_secs();
        request.turn_base_s = Some(spec.turn_limit.map_or(0, |l| secs(l.base())));
        request.turn_bank_s = Some(spec.turn_limit.map_or(0, |l| secs(l.bank())));
        spec.saved = Some(Saved {
            version: SAVED_VERSION,
            id,
            request,
            grace_ms: state.grace.as_millis() as u64,
            keys: keys.seat_hashes(),
            watch: keys.watch.hash(),
            game: None,
        });
    }
    match open_table(&state.tables, id, spec, &state.logs).await {
        Ok(table) => {
            let (seats, watch) = (keys.seat_hashes(), keys.watch.hash());
            state
                .rooms
                .insert(id, table, about, seats, watch, peer.ip());
            Json(keys.links(id)).into_response()
        }
        Err(e) => refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// Opens again every lobby table whose file is in `dir`
/// ([`crate::rooms::saved`]), each at the last event of its game's log;
/// a file that cannot be resumed is printed and passed over (its id is
/// not given to a new table).
pub(crate) async fn resume(state: &AppState, dir: &std::path::Path) {
    for (id, read) in Saved::load_all(dir) {
        state.rooms.skip(id);
        let file = Saved::path(dir, id);
        let opened = match read {
            Err(why) => Err(why),
            Ok(saved) => reopen(state, dir, saved).await,
        };
        if let Err(why) = opened {
            eprintln!("tenpai serve: {}: not resumed: {why}", file.display());
        }
    }
}

/// Opens the table `saved` keeps and registers it under its id.
async fn reopen(state: &AppState, dir: &std::path::Path, saved: Saved) -> Result<(), String> {
    let seed = saved.request.seed.unwrap_or_default();
    let (mut spec, about) = saved
        .request
        .to_spec(&state.bots, seed, Some(dir.to_path_buf()))
        .map_err(|e| e.to_string())?;
    spec.grace = Some(std::time::Duration::from_millis(saved.grace_ms));
    let (id, keys, watch) = (saved.id, saved.keys.clone(), saved.watch.clone());
    spec.saved = Some(saved);
    let table = open_table(&state.tables, id, spec, &state.logs)
        .await
        .map_err(|e| e.to_string())?;
    // Its creator's address is not kept: a resumed table counts against
    // no address's limit.
    let nobody = std::net::IpAddr::from([0, 0, 0, 0]);
    state.rooms.insert(id, table, about, keys, watch, nobody);
    Ok(())
}

/// A wall seed from the operating system's generator.
fn random_seed() -> Result<u64, crate::rooms::RandomError> {
    let k = crate::rooms::Key::new()?;
    let hex = k.to_hex();
    Ok(u64::from_str_radix(&hex[..16], 16).unwrap_or(0))
}

/// `GET /lobby`: the page that opens and lists tables, in English or
/// simplified Chinese (the table page's words and language switch:
/// `assets/i18n.js`).
pub async fn page(State(state): State<AppState>) -> Html<String> {
    let kinds: Vec<(String, String, &str)> = [
        ("person", "Person", "kind_person"),
        ("mc", "Monte Carlo AI", "kind_mc"),
        ("baseline", "Baseline AI", "kind_baseline"),
        ("random", "Random AI", "kind_random"),
    ]
    .iter()
    .map(|(v, l, k)| (v.to_string(), l.to_string(), *k))
    .chain(
        state
            .bots
            .iter()
            .map(|b| (format!("cmd:{b}"), format!("Bot: {b}"), "")),
    )
    .collect();
    let defaults = ["person", "person", "mc", "baseline"];
    // The server's default turn time limit (0 and 0: none).
    let (turn_base, turn_bank) = state
        .turn_limit
        .map_or((0, 0), |l| (l.base().as_secs(), l.bank().as_secs()));
    let winds = [
        ("East", "east"),
        ("South", "south"),
        ("West", "west"),
        ("North", "north"),
    ];
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "tenpai — lobby" }
                link rel="stylesheet" href="/assets/style.css";
                style { (PreEscaped(LOBBY_CSS)) }
            }
            body.lobby {
                header {
                    span.brand { "tenpai" }
                    span data-t="lobby" { "Lobby" }
                    a href="/" data-t="server_table" { "The server's table" }
                    select id="lang" aria-label="Language" {
                        option value="en" { "English" }
                        option value="zh" { "中文" }
                    }
                }
                main.lobbymain {
                    section.card {
                        h2 data-t="open_table" { "Open a table" }
                        form id="new" {
                            label { span data-t="rules" { "Rules" } " " select id="rules" {
                                @for p in tenpai::rules::PRESETS { option value=(p) { (p) } }
                            } }
                            label { span data-t="length" { "Length" } " " select id="length" {
                                option value="east" data-t="east_only" { "East only" }
                                option value="south" data-t="east_south" { "East and South" }
                            } }
                            @for (s, (w, key)) in winds.iter().enumerate() {
                                label { span data-t=(key) { (w) } " " select id=(format!("seat{s}")) {
                                    @for (v, l, k) in &kinds {
                                        @if k.is_empty() {
                                            option value=(v) data-bot=(&v[4..]) selected[v.as_str() == defaults[s]] { (l) }
                                        } @else {
                                            option value=(v) data-t=(k) selected[v.as_str() == defaults[s]] { (l) }
                                        }
                                    }
                                } }
                            }
                            label { span data-t="think_ms" { "Monte Carlo thinking (ms)" } " " input id="think" type="number" min="10" max="10000" value="300"; }
                            label { span data-t="delay_ms" { "AI move shown (ms)" } " " input id="delay" type="number" min="0" max="5000" value="600"; }
                            label { span data-t="turn_base" { "Time per decision (s, 0: no limit)" } " " input id="turnbase" type="number" min="0" max=(TurnLimit::MAX_BASE_S) value=(turn_base); }
                            label { span data-t="turn_bank" { "Time bank per game (s)" } " " input id="turnbank" type="number" min="0" max=(TurnLimit::MAX_BANK_S) value=(turn_bank); }
                            label { span data-t="see_hands" { "Spectators see every hand of finished games" } " " input id="seehands" type="checkbox"; }
                            button type="submit" data-t="open_button" { "Open the table" }
                        }
                        p id="error" class="error" {}
                        div id="links" {}
                    }
                    section.card {
                        h2 data-t="tables" { "Tables" }
                        table id="tables" {
                            thead { tr {
                                th data-t="col_table" { "Table" }
                                th data-t="rules" { "Rules" }
                                @for (w, key) in winds { th data-t=(key) { (w) } }
                                th data-t="col_game" { "Game" }
                            } }
                            tbody {}
                        }
                    }
                }
                script type="module" { (PreEscaped(LOBBY_JS)) }
            }
        }
    };
    Html(markup.into_string())
}

const LOBBY_CSS: &str = "
body.lobby { overflow: auto; }
.lobby header a { color: var(--accent); margin-left: auto; }
.lobbymain { display: flex; flex-wrap: wrap; gap: 16px; padding: 16px; align-items: flex-start; }
.card { background: var(--panel); border: 1px solid #2b5a44; border-radius: 8px; padding: 12px 16px; min-width: 320px; }
.card h2 { margin: 0 0 10px; font-size: 18px; }
#new { display: grid; grid-template-columns: 1fr; gap: 8px; }
#new label { display: flex; justify-content: space-between; gap: 12px; align-items: center; }
#new input[type=number] { width: 90px; background: #23543e; color: var(--ink); border: 1px solid #4d8c6f; border-radius: 6px; padding: 3px 6px; }
.error { color: #ff8a80; min-height: 1em; }
#links a { color: var(--accent); word-break: break-all; }
#links li { margin: 4px 0; }
#tables { border-collapse: collapse; font-size: 14px; }
#tables th, #tables td { padding: 4px 8px; border-bottom: 1px solid #2b5a44; text-align: left; }
.st-open { color: var(--accent); } .st-away { color: #ff8a80; }
";

const LOBBY_JS: &str = r#"
import { t, setLanguage, language, translatePage } from "/assets/i18n.js";
const $ = (id) => document.getElementById(id);
const winds = ["east", "south", "west", "north"];
function esc(s) { const d = document.createElement("span"); d.textContent = s; return d.innerHTML; }
function relabel() {
  translatePage();
  for (const o of document.querySelectorAll("option[data-bot]")) o.textContent = t("bot", { name: o.dataset.bot });
  document.title = `tenpai — ${t("lobby")}`;
}
let last = null;
function draw() {
  if (!last) return;
  $("tables").tBodies[0].innerHTML = last.map((tb) =>
    `<tr><td>${tb.id}</td><td>${esc(tb.rules)} · ${esc(tb.length === "east" ? t("east_only") : t("east_south"))}</td>` +
    tb.seats.map((s) => `<td class="st-${s.status}">${esc(t("kind_" + s.player))}${s.player === "person" ? " (" + esc(t("seat_" + s.status)) + ")" : ""}</td>`).join("") +
    `<td>${t(tb.over ? "game_over_short" : tb.started ? "game_playing" : "game_waiting")}</td></tr>`).join("");
}
async function refresh() {
  try {
    const r = await fetch("/api/tables");
    last = (await r.json()).tables;
    draw();
  } catch (e) { $("error").textContent = String(e); }
}
$("new").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("error").textContent = "";
  const body = {
    rules: $("rules").value, length: $("length").value,
    seats: [0, 1, 2, 3].map((s) => $("seat" + s).value),
    think_ms: Number($("think").value), ai_delay_ms: Number($("delay").value),
    spectators_see_hands: $("seehands").checked,
    turn_base_s: Number($("turnbase").value), turn_bank_s: Number($("turnbank").value),
  };
  const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) { $("error").textContent = j.error; return; }
  const abs = (p) => location.origin + p;
  $("links").innerHTML = `<h3>${esc(t("links_for", { id: j.id }))}</h3><ul>` +
    j.seats.map((s) => `<li>${esc(t(winds[s.seat]))}: <a href="${abs(s.link)}" target="_blank">${abs(s.link)}</a></li>`).join("") +
    `<li>${esc(t("spectators"))}: <a href="${abs(j.watch)}" target="_blank">${abs(j.watch)}</a></li></ul>`;
  refresh();
});
setLanguage(language());
$("lang").value = language();
$("lang").addEventListener("change", (e) => { setLanguage(e.target.value); relabel(); draw(); });
relabel();
refresh();
setInterval(refresh, 2000);
"#;

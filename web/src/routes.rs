//! The server's HTTP routes: the page and its files, `/ws` (the server's
//! own table, or a lobby table's seat or spectators by link), the lobby,
//! logs and reviews for the viewer; every request first passes the
//! `Host` and `Origin` checks ([`same_site`]).

use crate::upgrade::Upgrade;
use crate::{assets, conn, host, limits, lobby, origin, review, AppState};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of the server whose state is `state`.
pub(crate) fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::file))
        .route("/ws", get(socket))
        .route("/lobby", get(lobby::page))
        .route("/api/tables", get(lobby::list).post(lobby::create))
        .route(
            "/api/logs",
            post(upload_log).layer(DefaultBodyLimit::max(tenpai::log::MAX_LOG_BYTES as usize)),
        )
        .route(
            "/api/logs/{id}/review",
            post(upload_review).layer(DefaultBodyLimit::max(16 << 20)),
        )
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            same_site,
        ))
        .with_state(state)
}

/// Every request: refused (400) without one `Host` (none in HTTP/1.1, or
/// several: [`host::malformed`]); refused (403) when its `Host` is a domain name this
/// server was not given ([`crate::host`]: DNS rebinding), or when it would change
/// something (not GET or HEAD) and its `Origin` names another site
/// ([`origin`]: a cross-site form or `fetch` posting to the lobby).
async fn same_site(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let headers = request.headers();
    if let Some(why) = host::malformed(request.version(), headers) {
        return (StatusCode::BAD_REQUEST, why).into_response();
    }
    if let Some(why) = state.hosts.refusal(headers) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    let reads = matches!(
        *request.method(),
        axum::http::Method::GET | axum::http::Method::HEAD
    );
    if !reads {
        if let Some(why) = origin::cross_site(headers, "request") {
            return (StatusCode::FORBIDDEN, why).into_response();
        }
    }
    next.run(request).await
}

/// The link a page was opened with (`/?table=ID&key=KEY`), passed on to
/// `/ws`.
#[derive(serde::Deserialize)]
struct Entry {
    table: Option<u64>,
    key: Option<String>,
}

/// `GET /ws[?table=ID&key=KEY]`: the server's own table without a link; a
/// lobby table's seat or its spectators with one (403 for a link that is
/// not one of a table's, and for a page of another site: [`origin`]; 429
/// past the connections of one address: [`limits`]). The connection is
/// served on its table's thread ([`crate::upgrade`]).
async fn socket(
    ws: Upgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    State(state): State<AppState>,
    Query(entry): Query<Entry>,
) -> Response {
    if let Some(why) = origin::cross_site(&headers, "WebSocket") {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    if state.shutdown.closing() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
            .into_response();
    }
    let (table, role) = match (entry.table, entry.key) {
        (None, None) => state.home.clone(),
        (Some(id), Some(key)) => match state.rooms.enter(id, &key) {
            Some(found) => found,
            None => {
                return (
                    StatusCode::FORBIDDEN,
                    format!("table {id}: no such table, or not its key"),
                )
                    .into_response()
            }
        },
        _ => {
            return (
                StatusCode::BAD_REQUEST,
                "a link names both its table and its key",
            )
                .into_response()
        }
    };
    let ip = peer.ip();
    let Some(held) = state
        .connections
        .enter(ip, state.limits.connections_per_address)
    else {
        let why = limits::too_many_connections(ip, &state.limits);
        return (StatusCode::TOO_MANY_REQUESTS, why).into_response();
    };
    ws.accept(move |tcp, read| {
        let tables = state.tables.clone();
        let id = table.id();
        // Dropped with the socket when the tables' threads have stopped
        // (the server is shutting down).
        tables.run_on(id, move || {
            tokio::task::spawn_local(conn::accepted(tcp, read, (state, table, role, held)));
        });
    })
}

#[derive(serde::Deserialize)]
struct Named {
    name: Option<String>,
}

fn refused(message: String) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(serde_json::json!({ "error": message })),
    )
        .into_response()
}

/// `POST /api/logs?name=FILE`: a log's text (tenhou.net/6, mjai or mjlog)
/// kept for the viewer; answers `{"log": ID, "name": NAME}`, or 400 with
/// `{"error": …}` (the format's own error, as `tenpai replay` prints it).
async fn upload_log(
    State(state): State<AppState>,
    Query(q): Query<Named>,
    body: axum::body::Bytes,
) -> Response {
    let name = q.name.unwrap_or_else(|| "log".into());
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return refused(format!("{name}: stream did not contain valid UTF-8"));
    };
    let logs = state.logs.clone();
    let rules = state.rules.clone();
    let n = name.clone();
    let added = tokio::task::spawn_blocking(move || logs.add_text(&text, &rules, n)).await;
    match added {
        Ok(Ok(id)) => Json(serde_json::json!({ "log": id, "name": name })).into_response(),
        Ok(Err(e)) => refused(format!("{name}: {e}")),
        Err(e) => refused(format!("{name}: {e}")),
    }
}

/// `POST /api/logs/ID/review`: the JSON of `tenpai review --json` for log
/// ID; answers `{"log": ID, "decisions": N}`, or 400 with `{"error": …}`.
async fn upload_review(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Response {
    let Ok(id) = id.parse::<u64>() else {
        return refused(format!("log {id:?}: not a log number"));
    };
    let Some(log) = state.logs.get(id) else {
        return refused(format!("log {id}: no such log"));
    };
    let text = String::from_utf8_lossy(&body);
    match review::ReviewDoc::from_json(&text) {
        Ok(doc) => {
            let n = doc.decisions.len();
            let review = serde_json::to_value(&doc).unwrap_or_default();
            if let Ok(mut slot) = log.review.lock() {
                *slot = Some(Arc::new(doc));
            }
            Json(serde_json::json!({ "log": id, "decisions": n, "review": review })).into_response()
        }
        Err(e) => refused(e),
    }
}

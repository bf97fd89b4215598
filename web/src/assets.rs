//! The page, embedded in the binary: `index.html` (with the tile pictures
//! inlined), the ES modules and the styles of `web/assets/`. Nothing is
//! fetched from elsewhere, and there is no build step.

use crate::tiles;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use std::sync::LazyLock;

/// The files under `/assets/`, by name.
const FILES: &[(&str, &str)] = &[
    ("app.js", include_str!("../assets/app.js")),
    ("table.js", include_str!("../assets/table.js")),
    ("panel.js", include_str!("../assets/panel.js")),
    ("viewer.js", include_str!("../assets/viewer.js")),
    ("i18n.js", include_str!("../assets/i18n.js")),
    ("clock.js", include_str!("../assets/clock.js")),
    ("patch.js", include_str!("../assets/patch.js")),
    ("tiles.js", include_str!("../assets/tiles.js")),
    ("style.css", include_str!("../assets/style.css")),
];

/// The page: `index.html` with every tile face defined once.
static INDEX: LazyLock<String> = LazyLock::new(|| {
    include_str!("../assets/index.html")
        .replace("<!--TILES-->", &tiles::sprite(tiles::faces()).into_string())
});

/// `GET /`.
pub async fn index() -> Html<&'static str> {
    Html(INDEX.as_str())
}

/// `GET /assets/NAME`.
pub async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _)| *n == name) {
        Some((n, body)) => crate::with_type(n, body),
        None => (StatusCode::NOT_FOUND, format!("no asset {name}")).into_response(),
    }
}

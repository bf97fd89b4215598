//! The `Origin` check of WebSocket upgrades (no cross-site WebSocket
//! hijacking): a page of another site may open a WebSocket to this server
//! from a visitor's browser, which sends the page's origin along. An
//! upgrade whose `Origin` names another host than the one the request was
//! sent to (its `Host`) is refused; one without `Origin` (not a browser: a
//! bot, a test) is let in; one with two `Origin` headers is refused (a
//! browser sends at most one, and a check of the first alone would let a
//! second one by).
//!
//! Source: RFC 6455 §10.2 (servers that are not meant for every site
//! check the origin), RFC 6454 (an origin is scheme, host and port; §7.3:
//! a request has at most one `Origin` header).

use axum::http::{header, HeaderMap};

/// Why an upgrade with these headers is refused: its `Origin` names another
/// host and port than its `Host` (schemes aside, default ports implied);
/// `None` when they name the same, or when there is no `Origin`; refused
/// too when there are several `Origin` headers.
/// `what` names the kind of request in the reason (`WebSocket`, `request`).
pub(crate) fn cross_site(headers: &HeaderMap, what: &str) -> Option<String> {
    let mut origins = headers.get_all(header::ORIGIN).iter();
    let origin = origins.next()?;
    if origins.next().is_some() {
        let n = headers.get_all(header::ORIGIN).iter().count();
        return Some(format!(
            "{n} Origin headers: a request has at most one (RFC 6454 §7.3): cross-site {what} refused"
        ));
    }
    let origin = String::from_utf8_lossy(origin.as_bytes()).to_ascii_lowercase();
    let host = headers
        .get(header::HOST)
        .map(|h| String::from_utf8_lossy(h.as_bytes()).to_ascii_lowercase());
    let refused = || {
        Some(format!(
            "Origin {origin} is not this server ({}): cross-site {what} refused",
            host.as_deref().unwrap_or("no Host header")
        ))
    };
    let Some((scheme, rest)) = origin.split_once("://") else {
        // `null` (a sandboxed page, a file) or no origin at all.
        return refused();
    };
    let default_port = match scheme {
        "http" | "ws" => ":80",
        "https" | "wss" => ":443",
        _ => return refused(),
    };
    let authority = rest.split('/').next().unwrap_or("");
    let bare = |a: &str| a.strip_suffix(default_port).unwrap_or(a).to_string();
    match &host {
        Some(h) if bare(h) == bare(authority) && !h.is_empty() => None,
        _ => refused(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(origin: Option<&str>, host: Option<&str>) -> Option<String> {
        let mut h = HeaderMap::new();
        if let Some(o) = origin {
            h.insert(header::ORIGIN, o.parse().unwrap());
        }
        if let Some(o) = host {
            h.insert(header::HOST, o.parse().unwrap());
        }
        cross_site(&h, "WebSocket")
    }

    #[test]
    fn cross_site_ok_same_host_and_port_or_no_origin() {
        assert_eq!(
            check(Some("http://127.0.0.1:8080"), Some("127.0.0.1:8080")),
            None
        );
        assert_eq!(
            check(Some("https://Table.example"), Some("table.example:443")),
            None
        );
        assert_eq!(
            check(Some("http://table.example:80"), Some("table.example")),
            None
        );
        assert_eq!(check(None, Some("127.0.0.1:8080")), None);
        assert_eq!(check(None, None), None);
    }

    #[test]
    fn cross_site_err_another_host_port_or_opaque_origin() {
        assert_eq!(
            check(Some("http://evil.example"), Some("127.0.0.1:8080")).as_deref(),
            Some("Origin http://evil.example is not this server (127.0.0.1:8080): cross-site WebSocket refused")
        );
        assert!(check(Some("http://127.0.0.1:9090"), Some("127.0.0.1:8080")).is_some());
        assert!(check(Some("https://table.example:8443"), Some("table.example")).is_some());
        assert!(check(Some("null"), Some("127.0.0.1:8080")).is_some());
        let mut two = HeaderMap::new();
        two.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
        two.append(header::ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        two.append(header::ORIGIN, "http://evil.example".parse().unwrap());
        assert_eq!(
            cross_site(&two, "WebSocket").as_deref(),
            Some("2 Origin headers: a request has at most one (RFC 6454 §7.3): cross-site WebSocket refused")
        );
        assert_eq!(
            check(Some("http://127.0.0.1:8080"), None).as_deref(),
            Some("Origin http://127.0.0.1:8080 is not this server (no Host header): cross-site WebSocket refused")
        );
    }
}

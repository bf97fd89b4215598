//! The `Host` check of every request (no DNS rebinding): a page of another
//! site can point its own domain name at this server's address (a DNS
//! answer with a short lifetime, then another: "rebinding"), and the
//! visitor's browser then treats the server as that site's, `Origin` and
//! `Host` both naming the attacker's domain, so the `Origin` check of
//! WebSocket upgrades and POSTs alone passes. A domain name in `Host` is therefore
//! accepted only when the server was told it is one of its names
//! (`--public-host`), or is `localhost`; an IP address cannot be rebound
//! and is always accepted, as is an HTTP/1.0 request with no `Host` (not
//! a browser). An HTTP/1.1 request without `Host`, or any request with
//! more than one, is malformed (`malformed`: 400), as RFC 9112 §3.2
//! requires of a server (hyper serves both as they come).
//!
//! Source: the DNS rebinding defence of servers that listen on loopback
//! (Jupyter's `allow_remote_access`, webpack-dev-server's `allowedHosts`);
//! RFC 9112 §3.2 (`Host` is the authority the request was sent to; one,
//! and required in HTTP/1.1).

use axum::http::{header, HeaderMap, Version};
use std::net::{Ipv4Addr, Ipv6Addr};

/// The domain names a server answers to, besides IP addresses and
/// `localhost`.
///
/// ```
/// use tenpai_web::host::Names;
/// let names = Names::new(["Table.example"]);
/// assert!(names.allows("table.example:8080"));
/// assert!(names.allows("127.0.0.1:8080"));
/// assert!(names.allows("[::1]:8080"));
/// assert!(names.allows("localhost"));
/// assert!(!names.allows("evil.example:8080"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names(Vec<String>);

impl Names {
    /// The names given (lowercased; a port, if any, is ignored).
    ///
    /// # Panics
    /// Never.
    pub fn new<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Names {
        Names(
            names
                .into_iter()
                .map(|n| host_part(&n.as_ref().to_ascii_lowercase()).to_string())
                .collect(),
        )
    }

    /// Whether a `Host` header's value names this server: an IP address
    /// (v4, or v6 in brackets), `localhost` (or a name under it), or one
    /// of the names, with any port.
    ///
    /// # Panics
    /// Never.
    pub fn allows(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let name = host_part(&host);
        let address = match name.strip_prefix('[') {
            Some(v6) => v6
                .strip_suffix(']')
                .is_some_and(|v6| v6.parse::<Ipv6Addr>().is_ok()),
            None => name.parse::<Ipv4Addr>().is_ok(),
        };
        !name.is_empty()
            && (address
                || name == "localhost"
                || name.ends_with(".localhost")
                || self.0.iter().any(|n| n == name))
    }

    /// Why a request with these headers is refused: its `Host` is a
    /// domain name this server was not given; `None` when it is allowed
    /// or absent.
    pub(crate) fn refusal(&self, headers: &HeaderMap) -> Option<String> {
        let host = headers.get(header::HOST)?;
        let host = String::from_utf8_lossy(host.as_bytes());
        (!self.allows(&host)).then(|| {
            format!(
                "Host {host} is not a name of this server (start it with --public-host {} to serve it under that name)",
                host_part(&host.to_ascii_lowercase())
            )
        })
    }
}

/// Why a request of HTTP `version` with these headers is malformed for its
/// `Host` (a 400, RFC 9112 §3.2): none in an HTTP/1.1 request, or more
/// than one in any request; `None` when it has one, or is an HTTP/1.0
/// request without.
pub(crate) fn malformed(version: Version, headers: &HeaderMap) -> Option<String> {
    match headers.get_all(header::HOST).iter().count() {
        0 if version >= Version::HTTP_11 => {
            Some("an HTTP/1.1 request must have a Host header (RFC 9112 §3.2)".into())
        }
        0 | 1 => None,
        n => Some(format!(
            "{n} Host headers: a request must have one (RFC 9112 §3.2)"
        )),
    }
}

/// `host` without its port: `table.example:8080` → `table.example`,
/// `[::1]:8080` → `[::1]`.
fn host_part(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    host.rsplit_once(':').map_or(host, |(name, _port)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(names: &Names, host: Option<&str>) -> Option<String> {
        let mut h = HeaderMap::new();
        if let Some(host) = host {
            h.insert(header::HOST, host.parse().unwrap());
        }
        names.refusal(&h)
    }

    #[test]
    fn host_ok_addresses_localhost_and_given_names() {
        let none = Names::default();
        for host in [
            "127.0.0.1:8080",
            "192.168.1.20",
            "[::1]:8080",
            "[fe80::1]",
            "localhost:8080",
            "LOCALHOST",
            "app.localhost:3000",
        ] {
            assert!(none.allows(host), "{host}");
        }
        assert_eq!(refusal(&none, None), None);
        let named = Names::new(["mahjong.example:443", "Table.Example"]);
        assert!(named.allows("mahjong.example"));
        assert!(named.allows("table.example:8080"));
    }

    #[test]
    fn host_err_none_in_http_1_1_or_two_are_malformed() {
        let mut h = HeaderMap::new();
        assert_eq!(
            malformed(Version::HTTP_11, &h).as_deref(),
            Some("an HTTP/1.1 request must have a Host header (RFC 9112 §3.2)")
        );
        assert_eq!(malformed(Version::HTTP_10, &h), None);
        h.append(header::HOST, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(malformed(Version::HTTP_11, &h), None);
        h.append(header::HOST, "evil.example".parse().unwrap());
        for version in [Version::HTTP_10, Version::HTTP_11] {
            assert_eq!(
                malformed(version, &h).as_deref(),
                Some("2 Host headers: a request must have one (RFC 9112 §3.2)")
            );
        }
    }

    #[test]
    fn host_err_a_domain_not_given_names_the_flag() {
        let named = Names::new(["table.example"]);
        assert_eq!(
            refusal(&named, Some("rebind.evil.example:8080")).as_deref(),
            Some("Host rebind.evil.example:8080 is not a name of this server (start it with --public-host rebind.evil.example to serve it under that name)")
        );
        for host in [
            "evil.example",
            "localhost.evil.example",
            "",
            ":8080",
            "[::1",
        ] {
            assert!(!named.allows(host), "{host:?}");
        }
    }
}

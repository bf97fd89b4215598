//! The server's limits, so that one visitor cannot take it from the
//! others: messages per second on a connection (a token bucket), WebSocket
//! connections per address, tables not yet over in all and per address
//! that opened them. Past a limit the client is told why (an `error`
//! message naming the limit, or HTTP 429/503 with the reason) and the
//! server goes on serving everyone else. The message size limit is
//! [`crate::protocol::MAX_CLIENT_MESSAGE`].
//!
//! An address is the peer's IP address as the server sees it: behind a
//! reverse proxy every visitor has the proxy's.
//!
//! ```
//! use tenpai_web::limits::{Bucket, Clock};
//! use std::time::Duration;
//! let clock = Clock::manual();
//! let mut bucket = Bucket::new(2, clock.clone());
//! assert_eq!([bucket.take(), bucket.take(), bucket.take()], [true, true, false]);
//! clock.advance(Duration::from_millis(500)); // half a second: one message more
//! assert_eq!([bucket.take(), bucket.take()], [true, false]);
//! ```

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The server's limits ([`crate::Config::limits`]; `tenpai serve
/// --max-messages-per-second` and the others).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Messages (text or binary frames) a connection may send per second
    /// on average, and at most at once (the bucket's size); the ones past
    /// it are answered with an `error` and not read.
    pub messages_per_second: u32,
    /// WebSocket connections open at once from one address; one more is
    /// refused with status 429.
    pub connections_per_address: u32,
    /// Lobby tables whose game is not over, in all; one more is refused
    /// with status 503.
    pub tables: u32,
    /// Lobby tables whose game is not over opened from one address; one
    /// more is refused with status 429.
    pub tables_per_address: u32,
    /// How long a client closed for reading too slowly is given to take
    /// its last messages and the close frame; what it sends is read (not
    /// answered) until then, and its connection is dropped at twice this
    /// after the message that found no room, whether it reads or not.
    pub close_wait: std::time::Duration,
    /// The clock the message buckets fill by (the system's; tests use a
    /// [`Clock::manual`] one).
    pub clock: Clock,
}

impl Default for Limits {
    /// 200 messages a second (a person sends a few, a held arrow key in
    /// the viewer about 30; a script playing a game at full speed more,
    /// but no more than the game's decisions), 32 connections per address
    /// (tabs, and people behind one router), 256 tables, 8 tables per
    /// address; 5 s for a closed client to take its close frame.
    fn default() -> Limits {
        Limits {
            messages_per_second: 200,
            connections_per_address: 32,
            tables: 256,
            tables_per_address: 8,
            close_wait: std::time::Duration::from_secs(5),
            clock: Clock::default(),
        }
    }
}

/// The time the message buckets fill by: the system's monotonic clock, or
/// a manual one that moves only when told (for tests).
#[derive(Clone, Debug)]
pub struct Clock(Time);

#[derive(Clone, Debug)]
enum Time {
    System(Instant),
    Manual(Arc<Mutex<Duration>>),
}

impl Default for Clock {
    /// The system's clock.
    fn default() -> Clock {
        Clock(Time::System(Instant::now()))
    }
}

impl Clock {
    /// A clock that stands still until [`Clock::advance`] moves it; its
    /// clones share it.
    pub fn manual() -> Clock {
        Clock(Time::Manual(Arc::new(Mutex::new(Duration::ZERO))))
    }

    /// Moves a manual clock on by `by` (a system clock is not moved).
    pub fn advance(&self, by: Duration) {
        if let Time::Manual(t) = &self.0 {
            *t.lock().unwrap_or_else(|p| p.into_inner()) += by;
        }
    }

    /// The time since the clock's start.
    fn now(&self) -> Duration {
        match &self.0 {
            Time::System(start) => start.elapsed(),
            Time::Manual(t) => *t.lock().unwrap_or_else(|p| p.into_inner()),
        }
    }
}

/// A token bucket: `rate` tokens, refilled at `rate` a second; each
/// message takes one. Source: the token bucket of network traffic
/// shaping (RFC 2697 §3, with one bucket).
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: f64,
    tokens: f64,
    at: Duration,
    clock: Clock,
}

impl Bucket {
    /// A full bucket of `rate` tokens (at least 1) refilled at `rate` a
    /// second by `clock`.
    pub fn new(rate: u32, clock: Clock) -> Bucket {
        let rate = f64::from(rate.max(1));
        Bucket {
            rate,
            tokens: rate,
            at: clock.now(),
            clock,
        }
    }

    /// Takes a token: true when there was one (the message may be read).
    pub fn take(&mut self) -> bool {
        let now = self.clock.now();
        let elapsed = now.saturating_sub(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.rate);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Counts what each address holds (its connections); cloned handles
/// share the counts.
#[derive(Clone, Debug, Default)]
pub(crate) struct PerAddress {
    counts: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

/// One thing an address holds, counted until dropped.
#[derive(Debug)]
pub(crate) struct Held {
    counts: Arc<Mutex<HashMap<IpAddr, u32>>>,
    ip: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

impl PerAddress {
    /// Counts one more for `ip` while the returned guard lives; `None`
    /// when `ip` already holds `max`.
    pub(crate) fn enter(&self, ip: IpAddr, max: u32) -> Option<Held> {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Held {
            counts: self.counts.clone(),
            ip,
        })
    }
}

/// The `error` a message past the rate limit is answered with.
pub(crate) fn too_many_messages(limits: &Limits) -> String {
    format!(
        "too many messages: at most {} a second on a connection (--max-messages-per-second); this one was not read",
        limits.messages_per_second
    )
}

/// Why a connection is closed whose client reads slower than it is sent:
/// [`crate::table::OUT_QUEUE`] messages were waiting for it.
pub(crate) fn too_slow() -> String {
    format!(
        "the client reads too slowly: {} messages were waiting for it, and one more found no room (closed)",
        crate::table::OUT_QUEUE
    )
}

/// Why a WebSocket from `ip` is refused (429): it holds its most
/// connections.
pub(crate) fn too_many_connections(ip: IpAddr, limits: &Limits) -> String {
    format!(
        "too many connections from {ip}: at most {} at once (--max-connections-per-address)",
        limits.connections_per_address
    )
}

/// Why a new table is refused: 503 when the server holds its most tables,
/// 429 when `ip` has opened its most; `None` when it may be opened.
/// `open` and `by_ip` are the tables not yet over, in all and opened from
/// `ip`.
pub(crate) fn table_refused(
    ip: IpAddr,
    open: usize,
    by_ip: usize,
    limits: &Limits,
) -> Option<(axum::http::StatusCode, String)> {
    use axum::http::StatusCode;
    if open >= limits.tables as usize {
        return Some((
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server has its most tables open ({}, --max-tables): try again when a game ends",
                limits.tables
            ),
        ));
    }
    if by_ip >= limits.tables_per_address as usize {
        return Some((
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many tables opened from {ip}: at most {} whose game is not over (--max-tables-per-address)",
                limits.tables_per_address
            ),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_ok_refills_at_its_rate_up_to_its_size() {
        let clock = Clock::manual();
        let mut b = Bucket::new(4, clock.clone());
        assert_eq!((0..6).filter(|_| b.take()).count(), 4);
        clock.advance(Duration::from_millis(250));
        assert_eq!((0..6).filter(|_| b.take()).count(), 1);
        clock.advance(Duration::from_secs(60));
        assert_eq!((0..6).filter(|_| b.take()).count(), 4);
    }

    #[test]
    fn per_address_ok_counts_until_dropped() {
        let per = PerAddress::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = per.enter(a, 2).expect("1 of 2");
        let _second = per.enter(a, 2).expect("2 of 2");
        assert!(per.enter(a, 2).is_none());
        assert!(per.enter(b, 2).is_some());
        drop(first);
        assert!(per.enter(a, 2).is_some());
    }

    #[test]
    fn table_refused_err_names_the_limit() {
        let limits = Limits {
            tables: 3,
            tables_per_address: 1,
            ..Limits::default()
        };
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!(table_refused(ip, 2, 0, &limits), None);
        assert_eq!(
            table_refused(ip, 3, 0, &limits).map(|(s, _)| s.as_u16()),
            Some(503)
        );
        assert_eq!(
            table_refused(ip, 2, 1, &limits),
            Some((
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                "too many tables opened from 10.0.0.1: at most 1 whose game is not over (--max-tables-per-address)".into()
            ))
        );
    }
}

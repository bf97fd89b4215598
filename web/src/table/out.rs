//! A client's queue of outgoing messages ([`Out`]): bounded, ended on
//! overflow or when a newer connection takes the client's seat
//! ([`End`]), and gathering a table's updates into one message.

use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tungstenite::Utf8Bytes;

/// A client's outgoing messages (JSON text, the same bytes shared by every
/// client a message goes to, never copied), queued for its connection to
/// write. A message the queue has no room for (the client reads slower
/// than it is sent) is not queued, and marks the queue overflowed: the
/// table drops the client and its connection closes, telling why
/// ([`crate::limits`]), so a client never loses a message and stays. The
/// table may end a queue itself ([`Out::end`]: a newer connection took
/// the client's seat): the connection closes the same way.
///
/// A table's updates are gathered ([`Out::batch`]) and queued as one
/// message when the table has done what it had to do at once
/// ([`Out::flush`], or before any other message).
///
/// The table and the connection's own task both send: the check of the
/// end and the queuing are done under one lock, so that no message is
/// queued after one that found no room, or after the end.
#[derive(Clone, Debug)]
pub struct Out {
    tx: mpsc::Sender<Utf8Bytes>,
    state: Arc<Mutex<OutState>>,
}

/// What [`Out`]'s lock guards.
#[derive(Debug)]
struct OutState {
    /// Why the queue was ended, once it was: nothing is queued after.
    ended: tokio::sync::watch::Sender<Option<End>>,
    /// The updates gathered, after [`BATCH_HEAD`], separated by commas
    /// (JSON text: UTF-8).
    batch: Vec<u8>,
    /// How many.
    batched: usize,
}

/// Why the server ended a client's queue ([`Out::ended`]): nothing more is
/// queued, and the connection closes once what is queued is written, with
/// a close frame that says why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A message found the queue full: the client reads too slowly
    /// (close code 1008, `limits::too_slow`).
    Overflow,
    /// A newer connection took the client's seat (close code
    /// [`crate::protocol::CLOSE_REPLACED`]).
    Replaced,
}

/// The start of a message of several updates ([`Out::batch`]).
const BATCH_HEAD: &str = r#"{"type":"updates","updates":["#;

impl Out {
    /// A queue of `capacity` messages: the way in, and the way out.
    ///
    /// # Panics
    /// `capacity` is 0.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, mut queue) = Out::channel(1);
    /// assert!(out.send("one".into()));
    /// assert!(!out.send("two".into()), "no room: not queued");
    /// assert!(out.is_closed(), "overflowed");
    /// assert_eq!(queue.try_recv().unwrap().as_str(), "one");
    /// ```
    pub fn channel(capacity: usize) -> (Out, mpsc::Receiver<Utf8Bytes>) {
        let (tx, rx) = mpsc::channel(capacity);
        let (ended, _) = tokio::sync::watch::channel(None);
        let state = Arc::new(Mutex::new(OutState {
            ended,
            batch: Vec::new(),
            batched: 0,
        }));
        (Out { tx, state }, rx)
    }

    /// Queues `text` without waiting (after the updates gathered, which go
    /// first: [`Out::flush`]); true when queued. With no room the queue is
    /// marked overflowed ([`End::Overflow`]), and nothing is queued after
    /// it (even once there is room again).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, mut queue) = Out::channel(2);
    /// assert!(out.send("one".into()) && out.send("two".into()));
    /// assert!(!out.send("three".into()), "no room");
    /// queue.try_recv().unwrap();
    /// assert!(!out.send("four".into()), "room again, but not after a gap");
    /// assert_eq!(queue.try_recv().unwrap().as_str(), "two");
    /// assert!(queue.try_recv().is_err());
    /// ```
    pub fn send(&self, text: Utf8Bytes) -> bool {
        // Nothing after a message that found no room: the client gets a
        // whole beginning of its messages, never one with a gap. The lock
        // keeps another sender from queuing between the check and the mark.
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        self.flush_locked(&mut state) && self.queue_locked(&state, text)
    }

    /// Gathers `update` (an `update` message's JSON) to go out with the
    /// others gathered as one message, in order: `{"type":"updates",
    /// "updates":[…]}`, or alone when it is the only one
    /// ([`crate::protocol::ServerMsg::Update`]); false when the queue is
    /// gone or ended.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, mut queue) = Out::channel(4);
    /// assert!(out.batch(r#"{"type":"update","seq":1}"#));
    /// assert!(out.batch(r#"{"type":"update","seq":2}"#));
    /// assert!(queue.try_recv().is_err(), "gathered, not queued yet");
    /// assert!(out.flush());
    /// let text = queue.try_recv().unwrap();
    /// assert_eq!(text.as_str(), r#"{"type":"updates","updates":[{"type":"update","seq":1},{"type":"update","seq":2}]}"#);
    /// out.batch(r#"{"type":"update","seq":3}"#);
    /// out.send(r#"{"type":"thinking"}"#.into());
    /// assert_eq!(queue.try_recv().unwrap().as_str(), r#"{"type":"update","seq":3}"#, "alone, and first");
    /// assert_eq!(queue.try_recv().unwrap().as_str(), r#"{"type":"thinking"}"#);
    /// ```
    pub fn batch(&self, update: &str) -> bool {
        self.batch_with(|buf| {
            buf.extend_from_slice(update.as_bytes());
            Ok::<(), std::convert::Infallible>(())
        })
        .unwrap_or_else(|never| match never {})
    }

    /// [`Out::batch`] of the update `write` writes (JSON text) straight
    /// into the message being gathered: no string of its own, no copy.
    /// `write` is not called when the queue is gone or ended
    /// (`Ok(false)`).
    ///
    /// # Errors
    /// `write`'s: what it wrote is taken back, the updates before it
    /// stay.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, mut queue) = Out::channel(4);
    /// let seq = |n: u64| move |buf: &mut Vec<u8>| -> Result<(), std::fmt::Error> {
    ///     buf.extend_from_slice(format!(r#"{{"type":"update","seq":{n}}}"#).as_bytes());
    ///     Ok(())
    /// };
    /// assert_eq!(out.batch_with(seq(1)), Ok(true));
    /// let failed = out.batch_with(|buf| { buf.extend_from_slice(b"{\"half"); Err(std::fmt::Error) });
    /// assert_eq!(failed, Err(std::fmt::Error));
    /// assert_eq!(out.batch_with(seq(2)), Ok(true));
    /// out.flush();
    /// let text = queue.try_recv().unwrap();
    /// assert_eq!(text.as_str(), r#"{"type":"updates","updates":[{"type":"update","seq":1},{"type":"update","seq":2}]}"#);
    /// ```
    pub fn batch_with<E>(
        &self,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), E>,
    ) -> Result<bool, E> {
        let Ok(mut state) = self.state.lock() else {
            return Ok(false);
        };
        if state.ended.borrow().is_some() || self.tx.is_closed() {
            return Ok(false);
        }
        let before = state.batch.len();
        if state.batched == 0 {
            state.batch.reserve(4096);
            state.batch.extend_from_slice(BATCH_HEAD.as_bytes());
        } else {
            state.batch.push(b',');
        }
        if let Err(e) = write(&mut state.batch) {
            state.batch.truncate(before);
            return Err(e);
        }
        state.batched += 1;
        Ok(true)
    }

    /// Queues the updates gathered ([`Out::batch`]) as one message; true
    /// when there were none or they were queued.
    ///
    /// # Panics
    /// Never.
    pub fn flush(&self) -> bool {
        match self.state.lock() {
            Ok(mut state) => self.flush_locked(&mut state),
            Err(_) => false,
        }
    }

    fn flush_locked(&self, state: &mut OutState) -> bool {
        if state.batched == 0 {
            return true;
        }
        let mut text = std::mem::take(&mut state.batch);
        if state.batched == 1 {
            text.drain(..BATCH_HEAD.len());
        } else {
            text.extend_from_slice(b"]}");
        }
        state.batched = 0;
        // JSON text (serde_json's and ASCII's): never lossy.
        let text = String::from_utf8(text)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        self.queue_locked(state, text.into())
    }

    fn queue_locked(&self, state: &OutState, text: Utf8Bytes) -> bool {
        if state.ended.borrow().is_some() {
            return false;
        }
        match self.tx.try_send(text) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                state.ended.send_replace(Some(End::Overflow));
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// The connection is gone, or its queue was ended (it is closing:
    /// [`Out::ended`]).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, queue) = Out::channel(1);
    /// assert!(!out.is_closed());
    /// drop(queue);
    /// assert!(out.is_closed(), "nobody writes its messages");
    /// assert!(!out.overflowed(), "gone, not overflowed");
    /// ```
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed() || self.ended().is_some()
    }

    /// A message found the queue full (the client reads too slowly).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, _queue) = Out::channel(1);
    /// out.send("one".into());
    /// assert!(!out.overflowed());
    /// out.send("two".into());
    /// assert!(out.overflowed());
    /// ```
    pub fn overflowed(&self) -> bool {
        self.ended() == Some(End::Overflow)
    }

    /// Why the queue was ended, if it was: a message found it full, or the
    /// table ended it ([`Out::end`]).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::{End, Out};
    /// let (out, _queue) = Out::channel(1);
    /// assert_eq!(out.ended(), None);
    /// out.end(End::Replaced);
    /// assert_eq!(out.ended(), Some(End::Replaced));
    /// ```
    pub fn ended(&self) -> Option<End> {
        // Never poisoned (nothing panics holding it): as overflowed.
        self.state
            .lock()
            .map_or(Some(End::Overflow), |o| *o.ended.borrow())
    }

    /// Ends the queue for `why`: the updates gathered are queued first
    /// ([`Out::flush`]), nothing after; the connection writes what is
    /// queued, then closes with a frame that says why. A queue already
    /// ended keeps its first reason.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::{End, Out};
    /// let (out, mut queue) = Out::channel(4);
    /// out.batch(r#"{"type":"update","seq":1}"#);
    /// out.end(End::Replaced);
    /// assert!(!out.send("after".into()), "nothing after the end");
    /// assert!(out.is_closed() && !out.overflowed());
    /// assert_eq!(queue.try_recv().unwrap().as_str(), r#"{"type":"update","seq":1}"#);
    /// assert!(queue.try_recv().is_err());
    /// ```
    pub fn end(&self, why: End) {
        if let Ok(mut state) = self.state.lock() {
            self.flush_locked(&mut state);
            state.ended.send_if_modified(|e| {
                let unset = e.is_none();
                if unset {
                    *e = Some(why);
                }
                unset
            });
        }
    }

    /// Messages it has room for now (of the capacity it was made with).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_web::table::Out;
    /// let (out, _queue) = Out::channel(4);
    /// out.send("one".into());
    /// assert_eq!(out.room(), 3);
    /// ```
    pub fn room(&self) -> usize {
        self.tx.capacity()
    }

    /// Less than half its queue is free: the table paces what it sends
    /// (a game of four quick AI players is played move by move, not at
    /// once).
    pub(super) fn crowded(&self) -> bool {
        self.room() * 2 < self.tx.max_capacity()
    }

    /// The queue's end as its writer watches it: the writer holds no
    /// [`Out`], so that the queue ends when the last one is dropped.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use futures_util::FutureExt;
    /// use tenpai_web::table::{End, Out};
    /// let (out, _queue) = Out::channel(1);
    /// let mut ending = out.ending();
    /// out.send("one".into());
    /// out.send("two".into());
    /// assert_eq!(ending.happened().now_or_never(), Some(End::Overflow));
    /// ```
    pub fn ending(&self) -> Ending {
        match self.state.lock() {
            Ok(o) => Ending(o.ended.subscribe()),
            // Never poisoned (nothing panics holding it): as overflowed.
            Err(_) => Ending(tokio::sync::watch::channel(Some(End::Overflow)).1),
        }
    }
}

/// A queue's end, watched ([`Out::ending`]).
#[derive(Debug)]
pub struct Ending(tokio::sync::watch::Receiver<Option<End>>);

impl Ending {
    /// Completes with the reason once the queue is ended (a message found
    /// it full, or [`Out::end`]); never when every [`Out`] is gone first.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use futures_util::FutureExt;
    /// use tenpai_web::table::{End, Out};
    /// let (out, _queue) = Out::channel(1);
    /// let mut ending = out.ending();
    /// out.send("one".into());
    /// assert!(ending.happened().now_or_never().is_none(), "not yet: it was queued");
    /// out.send("two".into());
    /// assert_eq!(ending.happened().now_or_never(), Some(End::Overflow));
    /// drop(out);
    /// assert_eq!(ending.happened().now_or_never(), Some(End::Overflow), "still ended");
    /// ```
    pub async fn happened(&mut self) -> End {
        // The watch's guard dropped before any wait (it is not `Send`).
        let ended = (self.0.wait_for(Option::is_some).await).map(|e| e.unwrap_or(End::Overflow));
        match ended {
            Ok(end) => end,
            Err(_) => std::future::pending().await,
        }
    }
}

/// Messages a client may have waiting (its socket's buffer full); one
/// more closes its connection ([`Out`]).
pub const OUT_QUEUE: usize = 1024;

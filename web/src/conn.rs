//! One WebSocket connection: its messages read (each at most
//! [`crate::protocol::MAX_CLIENT_MESSAGE`] bytes, a longer one closes the connection), each
//! parsed into a [`ClientMsg`] and passed to its table, or answered here
//! (the viewer's frames, reviews); whatever cannot be read is answered with
//! an error, and nothing else changes. A message past the connection's
//! rate ([`crate::limits::Limits::messages_per_second`]) is answered with
//! an error and not read. The messages for the client (from
//! its table or from here) go out through one queue, written by a task of
//! their own: those waiting together in one write.

use crate::close::{closing_frame, ended_frame, going_away};
use crate::limits::{too_many_messages, Bucket, Held};
use crate::protocol::{ClientMsg, ServerMsg};
use crate::rooms::access::viewable;
use crate::table::{to_text, Ending, Out, Role, TableHandle, TableMsg, OUT_QUEUE};
use crate::{viewer, AppState};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::Duration;
use tenpai::game::SeatIndex;
use tenpai::review::{find_decisions, review, DefaultSeat};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Instant};
use tungstenite::protocol::{CloseFrame, Role as Side, WebSocketConfig};
use tungstenite::{Message, Utf8Bytes};

/// A connection's socket: tokio-tungstenite's `WebSocketStream` over the
/// TCP socket ([`accepted`]), or a test's fake (one that never takes what
/// is written, in this file's tests).
pub trait Socket:
    futures_util::Stream<Item = Result<Message, tungstenite::Error>>
    + futures_util::Sink<Message, Error = tungstenite::Error>
    + Send
    + 'static
{
}

impl<S> Socket for S where
    S: futures_util::Stream<Item = Result<Message, tungstenite::Error>>
        + futures_util::Sink<Message, Error = tungstenite::Error>
        + Send
        + 'static
{
}

/// A connection's WebSocket settings: messages and frames of at most
/// [`crate::protocol::MAX_CLIENT_MESSAGE`] bytes, a read buffer of
/// [`READ_BUFFER`].
pub(crate) fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(crate::protocol::MAX_CLIENT_MESSAGE))
        .max_frame_size(Some(crate::protocol::MAX_CLIENT_MESSAGE))
        .read_buffer_size(READ_BUFFER)
}

/// A connection's read buffer, bytes. A client's messages are small (an
/// `act` is about 40 bytes; a longer one, up to
/// [`crate::protocol::MAX_CLIENT_MESSAGE`], grows the buffer), and tungstenite
/// zeroes the whole free part of its buffer before each read: its default
/// (128 KiB) was resident in every connection, half the server's memory
/// per table under load (docs/web-load.md, Under load), and the zeroing a
/// cost of every message read.
const READ_BUFFER: usize = 4 * 1024;

/// Serves an upgraded connection's TCP socket `tcp` ([`crate::upgrade`]),
/// whose client has already sent `read` after its request, to `table` as
/// `role` until it closes: on the current thread's runtime (the table's
/// thread: [`crate::tables::Tables::run_on`]), which watches the socket
/// from now on.
pub(crate) async fn accepted(
    tcp: std::net::TcpStream,
    read: Vec<u8>,
    (state, table, role, held): (AppState, TableHandle, Role, Held),
) {
    let Ok(tcp) = tokio::net::TcpStream::from_std(tcp) else {
        return;
    };
    let socket = tokio_tungstenite::WebSocketStream::from_partially_read(
        tcp,
        read,
        Side::Server,
        Some(config()),
    )
    .await;
    serve(socket, state, table, role, held).await;
}

/// Serves one connection to `table` as `role` until it closes; `held`
/// counts it for its address until the client is done sending.
pub async fn serve<S: Socket>(
    socket: S,
    state: AppState,
    table: TableHandle,
    role: Role,
    held: Held,
) {
    let _counted = state.shutdown.conn();
    let mut bucket = Bucket::new(state.limits.messages_per_second, state.limits.clock.clone());
    let client = state.next_client();
    let (out, queue) = Out::channel(OUT_QUEUE);
    let (sink, mut stream) = socket.split();
    let close_wait = state.limits.close_wait;
    // The close frame the writer ends with, when the connection ends for
    // a reason ([`closing_frame`]); a plain close otherwise.
    let (close_tx, close_rx) = oneshot::channel();
    let mut close_tx = Some(close_tx);
    let mut writer = tokio::spawn(write_out(sink, queue, out.ending(), close_rx, close_wait));
    let mut written = false;
    let mut ending = out.ending();
    // After the queue was ended (the client reads too slowly, or a newer
    // connection took its seat): until when the connection is kept at
    // most, whether the writer got the close frame out or not (it may
    // wait on a socket the client never reads).
    let mut hard: Option<Instant> = None;
    // After the writer is done with a client whose queue was ended: until
    // when what the client still sends is read.
    let mut linger: Option<Instant> = None;
    let joined = table
        .send(TableMsg::Join {
            client,
            out: out.clone(),
            role,
        })
        .await;
    if !joined {
        say(
            &out,
            ServerMsg::Error {
                message: "the table is closed".into(),
            },
        );
    }
    // Each watched once for the connection's life, not again at every
    // message (a watch's waiter registered and dropped each time: tokio's
    // Notify was 2.9 % of the server's samples flat out, 1.3 % after;
    // docs/web-load.md, Session 10).
    let shutdown = state.shutdown.clone();
    let hung_up = shutdown.hung_up();
    tokio::pin!(hung_up);
    let ended = ending.happened();
    tokio::pin!(ended);
    loop {
        let m = tokio::select! {
            m = stream.next() => match m {
                Some(m) => m,
                None => break,
            },
            // The server shuts down: its table has told the client, and
            // the close frame says it (1001, Going Away).
            () = &mut hung_up => {
                if let Some(tx) = close_tx.take() {
                    let _ = tx.send(going_away());
                }
                break;
            }
            // The client reads too slowly, or a newer connection took its
            // seat: the writer tells it so, and the connection ends by
            // the hard deadline.
            _ = &mut ended, if hard.is_none() => {
                hard = Some(Instant::now() + 2 * close_wait);
                continue;
            }
            // The writer is done: the socket failed (the connection
            // ends), or the client's queue was ended and it was told why.
            // Then what it still sends is read a while (not answered), so
            // that its socket is not reset before it reads why.
            _ = &mut writer, if !written => {
                written = true;
                if out.ended().is_none() {
                    break;
                }
                linger = Some(Instant::now() + close_wait);
                continue;
            }
            _ = sleep_until(linger.unwrap_or_else(Instant::now)), if linger.is_some() => break,
            // The writer still waits on the socket (the client does not
            // read at all): stopped, and the connection dropped.
            _ = sleep_until(hard.unwrap_or_else(Instant::now)), if hard.is_some() => {
                writer.abort();
                break;
            }
        };
        if out.is_closed() {
            // Closing (its queue was ended): not answered.
            continue;
        }
        if matches!(m, Ok(Message::Text(_) | Message::Binary(_))) && !bucket.take() {
            let message = too_many_messages(&state.limits);
            say(&out, ServerMsg::Error { message });
            continue;
        }
        match m {
            Ok(Message::Text(text)) => match serde_json::from_str::<ClientMsg>(text.as_str()) {
                Ok(msg) => handle(msg, client, role, &out, &state, &table).await,
                Err(e) => say(
                    &out,
                    ServerMsg::Error {
                        message: format!("message not understood: {e}"),
                    },
                ),
            },
            Ok(Message::Binary(_)) => say(
                &out,
                ServerMsg::Error {
                    message: "message not understood: binary frames are not read (send JSON text)"
                        .into(),
                },
            ),
            Ok(Message::Close(_)) => break,
            // A frame over the size limit, or a broken one: the client is
            // told why (if it still reads), then the connection closes
            // with the code that says it (1009 for a message too big).
            Err(e) => {
                let frame = closing_frame(e);
                say(
                    &out,
                    ServerMsg::Error {
                        message: format!("the connection is closed: {}", frame.reason),
                    },
                );
                if let Some(tx) = close_tx.take() {
                    let _ = tx.send(frame);
                }
                break;
            }
            Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)) => {}
        }
    }
    // The address may connect again once this client is done: before its
    // connection's close is answered.
    drop(held);
    table.send(TableMsg::Leave { client }).await;
    drop(out);
    // The writer ends with the queue (its close frame sent), or is stopped
    // when the socket takes nothing for `close_wait`.
    if !written && tokio::time::timeout(close_wait, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// Writes the client's queued messages to its socket until the queue
/// ends (then the close frame of `close`, if it was given one, or a plain
/// close); the messages queued together go out in one write. When the
/// queue is ended ([`Out`]: it overflowed, or a newer connection took the
/// seat), what it holds is written, then a close frame that says why
/// ([`ended_frame`]), given `close_wait` to go out. A write the socket does
/// not take is not given up before the end is seen (the messages before
/// it would be lost): [`serve`] stops the writer by its hard deadline.
async fn write_out<S: Socket>(
    mut sink: SplitSink<S, Message>,
    mut queue: mpsc::Receiver<Utf8Bytes>,
    mut ending: Ending,
    mut close: oneshot::Receiver<CloseFrame>,
    close_wait: Duration,
) {
    // Watched once for the writer's life (as in [`serve`]).
    let ended = ending.happened();
    tokio::pin!(ended);
    let why = loop {
        let text = tokio::select! {
            biased;
            why = &mut ended => break why,
            text = queue.recv() => match text {
                Some(text) => text,
                None => {
                    let _ = match close.try_recv() {
                        Ok(frame) => sink.send(Message::Close(Some(frame))).await,
                        Err(_) => sink.close().await,
                    };
                    return;
                }
            },
        };
        // The messages queued with it go out with it: one write to the
        // socket for them all (a table publishes an action's events at
        // once), not one each.
        let mut fed = sink.feed(Message::Text(text)).await;
        while let (Ok(()), Ok(more)) = (&fed, queue.try_recv()) {
            fed = sink.feed(Message::Text(more)).await;
        }
        let flushed = tokio::select! {
            biased;
            why = &mut ended => break why,
            flushed = async { fed?; sink.flush().await } => flushed,
        };
        if flushed.is_err() {
            return;
        }
    };
    // Ended: nothing is queued after the end (after the message that
    // found no room), so the client gets every message before it, then
    // why it is closed.
    let closing = async {
        while let Ok(more) = queue.try_recv() {
            sink.feed(Message::Text(more)).await?;
        }
        sink.send(Message::Close(Some(ended_frame(why)))).await
    };
    let _ = tokio::time::timeout(close_wait, closing).await;
}

fn say(out: &Out, msg: ServerMsg) {
    out.send(to_text(&msg));
}

async fn handle(
    msg: ClientMsg,
    client: u64,
    role: Role,
    out: &Out,
    state: &AppState,
    table: &TableHandle,
) {
    match msg {
        ClientMsg::Frame { log, step, seat } => {
            let Some(l) = state.logs.get(log) else {
                return say(
                    out,
                    ServerMsg::Error {
                        message: format!("log {log}: no such log (it may have been forgotten)"),
                    },
                );
            };
            let Some(seat) = shown_seat(&l, seat, (table, role), out) else {
                return;
            };
            let out = out.clone();
            let _ = tokio::task::spawn_blocking(move || {
                let f = viewer::frame(&l, step, seat);
                say(&out, ServerMsg::Frame(Box::new(f)));
            })
            .await;
        }
        ClientMsg::Review { log, seat } => start_review(log, seat, (table, role), out, state),
        other => {
            let sent = table.send(TableMsg::Intent { client, msg: other }).await;
            if !sent {
                say(
                    out,
                    ServerMsg::Error {
                        message: "the table is closed".into(),
                    },
                );
            }
        }
    }
}

/// The seat of kept log `l` a client of `role` at `table` is shown when it
/// asks for `seat` ([`viewable`]); `None`, the client told why, when it
/// may not see it.
fn shown_seat(
    l: &crate::logs::StoredLog,
    seat: Option<SeatIndex>,
    (table, role): (&TableHandle, Role),
    out: &Out,
) -> Option<Option<SeatIndex>> {
    match viewable(l.origin, table.id(), role, seat) {
        Ok(s) => Some(s),
        Err(why) => {
            let message = format!("log {}: {why}", l.id);
            say(out, ServerMsg::Error { message });
            None
        }
    }
}

/// Reviews a seat of a kept log on the blocking pool, telling the client
/// its progress, and keeps the review with the log.
fn start_review(
    log: u64,
    seat: Option<SeatIndex>,
    (table, role): (&TableHandle, Role),
    out: &Out,
    state: &AppState,
) {
    let Some(l) = state.logs.get(log) else {
        return say(
            out,
            ServerMsg::Error {
                message: format!("log {log}: no such log (it may have been forgotten)"),
            },
        );
    };
    let Some(seat) = shown_seat(&l, seat, (table, role), out) else {
        return;
    };
    let seat = seat.unwrap_or_else(|| DefaultSeat::of(&l.game).seat());
    let options = state.review;
    let out = out.clone();
    tokio::task::spawn_blocking(move || {
        let total = find_decisions(&l.game, &l.rules, seat).points.len();
        say(&out, ServerMsg::ReviewProgress { done: 0, total });
        let done = std::sync::atomic::AtomicUsize::new(0);
        let progress = |_: &tenpai::review::ReviewedDecision| {
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            say(&out, ServerMsg::ReviewProgress { done: n, total });
        };
        match review(&l.game, &l.rules, seat, &options, &progress) {
            Ok(r) => {
                let doc = Arc::new(crate::review::ReviewDoc::of(&r));
                if let Ok(mut slot) = l.review.lock() {
                    *slot = Some(doc.clone());
                }
                say(
                    &out,
                    ServerMsg::Review {
                        log,
                        review: Box::new((*doc).clone()),
                    },
                );
            }
            Err(e) => say(
                &out,
                ServerMsg::Error {
                    message: format!("the review failed: {e}"),
                },
            ),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::OUT_QUEUE;
    use std::collections::VecDeque;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    /// A client that sends `asks`, then nothing, and never reads: its
    /// socket takes nothing (every write waits for good, as on a full TCP
    /// buffer the client never drains). After its first two asks it lets
    /// the other tasks run once: the writer takes their two answers, the
    /// first into the socket's one-message slot, and waits inside the
    /// write of the second when the queue overflows.
    struct Stalled {
        asks: VecDeque<Message>,
        sent: usize,
    }

    impl futures_util::Stream for Stalled {
        type Item = Result<Message, tungstenite::Error>;
        fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
            self.sent += 1;
            if self.sent == 3 {
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
            match self.asks.pop_front() {
                Some(m) => Poll::Ready(Some(Ok(m))),
                None => Poll::Pending,
            }
        }
    }

    impl futures_util::Sink<Message> for Stalled {
        type Error = tungstenite::Error;
        fn poll_ready(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Pending
        }
        fn start_send(self: Pin<&mut Self>, _: Message) -> Result<(), Self::Error> {
            Ok(())
        }
        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Pending
        }
        fn poll_close(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Pending
        }
    }

    /// A client that asks more than its queue holds and never reads: the
    /// writer waits inside its first write for good, the queue overflows,
    /// and still the connection ends (by twice `close_wait` after the
    /// overflow, the writer stopped) and its address is free again. The
    /// clock is tokio's paused one: nothing is timed; a connection that
    /// never ended would meet the test's bound of an hour at once.
    #[tokio::test(start_paused = true)]
    async fn conn_err_a_client_that_never_reads_is_dropped_though_its_writer_waits() {
        let mut config = crate::Config::new(tenpai::rules::Rules::tenhou(), 1);
        config.bind = "127.0.0.1:0".parse().unwrap();
        config.limits.close_wait = Duration::from_millis(100);
        config.limits.messages_per_second = 1_000_000;
        let running = crate::start(config).await.unwrap();
        let state = running.state.clone();
        let (table, role) = state.home.clone();
        let ip = std::net::IpAddr::from([127, 0, 0, 1]);
        let held = state.connections.enter(ip, 1).unwrap();
        // Each ask is answered by the connection itself (no such log).
        let asks = (0..2 * OUT_QUEUE)
            .map(|i| {
                let ask = format!(r#"{{"type":"frame","log":{},"step":0}}"#, 1_000_000 + i);
                Message::Text(ask.into())
            })
            .collect();
        let socket = Stalled { asks, sent: 0 };
        let served = tokio::time::timeout(
            Duration::from_secs(3600),
            serve(socket, state.clone(), table, role, held),
        )
        .await;
        assert!(served.is_ok(), "the connection never ended");
        assert!(
            state.connections.enter(ip, 1).is_some(),
            "the address is free"
        );
        running.stop().await.unwrap();
    }
}

//! The close frames a connection ends with, each saying why (RFC 6455
//! §7.4.1 codes, a reason of at most 123 bytes): a frame that cannot be
//! read, the server shutting down, a queue ended by the table
//! ([`crate::table::End`]).

use crate::limits::too_slow;
use crate::table::End;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::CloseFrame;

/// The close frame for a connection whose reading failed with `e`: a
/// message over [`crate::protocol::MAX_CLIENT_MESSAGE`] bytes closes it
/// with 1009 (Message Too Big, RFC 6455 §7.4.1), anything else that
/// cannot be read as WebSocket frames with 1002 (Protocol Error); the
/// reason says which, in at most 123 bytes (the limit of a close frame's
/// reason).
pub(crate) fn closing_frame(e: tungstenite::Error) -> CloseFrame {
    let too_big = matches!(e, tungstenite::Error::Capacity(_));
    let (code, reason) = if too_big {
        (
            CloseCode::Size,
            format!(
                "message too big: {e} (a message is at most {} bytes)",
                crate::protocol::MAX_CLIENT_MESSAGE
            ),
        )
    } else {
        (CloseCode::Protocol, format!("not a WebSocket frame: {e}"))
    };
    CloseFrame {
        code,
        reason: clip(reason, 123).into(),
    }
}

/// The close frame of every connection when the server shuts down: 1001
/// (Going Away, RFC 6455 §7.4.1), after the `closing` message its table
/// sent (a close without a code reaches a browser as 1005, No Status).
pub(crate) fn going_away() -> CloseFrame {
    CloseFrame {
        code: CloseCode::Away,
        reason: "the server is shutting down".into(),
    }
}

/// The close frame of a connection whose queue was ended for `why`
/// ([`End`]): 1008 (Policy Violation) with [`too_slow`] for a client that
/// reads too slowly, [`crate::protocol::CLOSE_REPLACED`] for one whose
/// seat a newer connection took.
pub(crate) fn ended_frame(why: End) -> CloseFrame {
    match why {
        End::Overflow => CloseFrame {
            code: CloseCode::Policy,
            reason: too_slow().into(),
        },
        End::Replaced => CloseFrame {
            code: CloseCode::from(crate::protocol::CLOSE_REPLACED),
            reason: crate::protocol::REPLACED_REASON.into(),
        },
    }
}

/// `text` cut to at most `max` bytes, at a character's boundary.
fn clip(mut text: String, max: usize) -> String {
    if text.len() > max {
        let end = (0..=max)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        text.truncate(end);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conn_err_a_message_too_big_closes_with_1009_anything_else_with_1002() {
        use tungstenite::error::{CapacityError, ProtocolError};
        let big = CapacityError::MessageTooLong {
            size: 20_000,
            max_size: 16_384,
        };
        let frame = closing_frame(tungstenite::Error::Capacity(big));
        assert_eq!(u16::from(frame.code), 1009);
        assert_eq!(
            frame.reason.as_str(),
            "message too big: Space limit exceeded: Message too long: 20000 > 16384 (a message is at most 16384 bytes)"
        );
        let broken = tungstenite::Error::Protocol(ProtocolError::UnmaskedFrameFromClient);
        let frame = closing_frame(broken);
        assert_eq!(u16::from(frame.code), 1002);
        assert_eq!(
            frame.reason.as_str(),
            "not a WebSocket frame: WebSocket protocol error: Received an unmasked frame from client"
        );
    }

    #[test]
    fn conn_ok_a_close_reason_is_clipped_at_a_character() {
        assert_eq!(clip("東南西北".into(), 7), "東南");
        assert_eq!(clip("abc".into(), 123), "abc");
        assert_eq!(clip("x".repeat(200), 123).len(), 123);
    }
}

//! Reading text one line at a time in bounded memory: a line longer than the
//! limit is skipped to its end and reported, never kept whole (input
//! without line ends — a file, a host or a bot gone wrong — would otherwise
//! be read into memory at once). The CLI's batch modes, `tenpai mjai` and
//! the external bots' answers ([`crate::bot::ExternalBot`]) all read
//! their lines here.

use std::io::{self, BufRead};

/// Longest line read, in bytes with its line end: far more than any hand,
/// scoring situation or mjai message needs (a `start_kyoku` is under 1 KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// One line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line is in the buffer (with its line end, if it had one).
    Read,
    /// The line was longer than the limit: the buffer holds its first bytes
    /// only, and the line's length in bytes is given.
    TooLong(usize),
}

/// Reads the next line of `input` into `buf` (cleared first), keeping at
/// most `max` bytes of it; `None` at the end of the input. The bytes are not
/// checked to be UTF-8.
///
/// ```
/// use tenpai::lines::{read_line, Line};
/// let mut input: &[u8] = b"123m\n4567890123p\n";
/// let mut buf = Vec::new();
/// assert_eq!(read_line(&mut input, &mut buf, 8)?, Some(Line::Read));
/// assert_eq!(buf, b"123m\n");
/// assert_eq!(read_line(&mut input, &mut buf, 8)?, Some(Line::TooLong(12)));
/// assert_eq!(read_line(&mut input, &mut buf, 8)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The input's read errors.
///
/// # Panics
/// Never.
pub fn read_line<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<Option<Line>> {
    buf.clear();
    let mut len = 0usize;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((len > 0).then(|| verdict(len, max)));
        }
        let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        len += used;
        input.consume(used);
        if ends {
            return Ok(Some(verdict(len, max)));
        }
    }
}

fn verdict(len: usize, max: usize) -> Line {
    if len > max {
        Line::TooLong(len)
    } else {
        Line::Read
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<(Option<Line>, String)> {
        // A tiny read buffer, so that lines span several reads.
        let mut r = io::BufReader::with_capacity(3, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r, &mut buf, max).unwrap();
            let end = l.is_none();
            out.push((l, String::from_utf8_lossy(&buf).into_owned()));
            if end {
                return out;
            }
        }
    }

    #[test]
    fn read_line_ok_keeps_short_lines_and_skips_long_ones() {
        assert_eq!(
            lines(b"12m\n123456789m\r\n5z", 8),
            [
                (Some(Line::Read), "12m\n".to_string()),
                (Some(Line::TooLong(12)), "12345678".to_string()),
                (Some(Line::Read), "5z".to_string()),
                (None, String::new()),
            ]
        );
        assert_eq!(lines(b"", 8), [(None, String::new())]);
        assert_eq!(
            lines(&[b'1'; 100], 8),
            [
                (Some(Line::TooLong(100)), "11111111".to_string()),
                (None, String::new())
            ]
        );
    }
}

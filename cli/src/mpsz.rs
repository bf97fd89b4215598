//! Allocation-free mpsz parsing and printing for batch mode.
//!
//! `Hand::from_str` and `Hand`'s `Display` handle the whole notation (Chinese,
//! melds, error positions) and allocate a few small vectors and strings per
//! hand; at a million hands a second that was over half of the time. These two
//! functions cover the common case only, plain ASCII mpsz without melds, and
//! defer to the library for everything else:
//! - [`parse_plain`] returns `None` for anything it does not accept, and the
//!   caller then parses with `Hand::from_str`, so errors and unusual input get
//!   the library's exact behaviour; a hand it does accept is built and checked
//!   by `Hand::new`, like the library parser's;
//! - [`write_canonical`] prints what `Hand`'s `Display` prints for a hand
//!   without melds.
//!
//! The tests check both against the library on random input.

use tenpai::{Hand, KINDS};

/// Parses plain ASCII mpsz (`123m406p11z`; spaces, tabs and commas between
/// groups), or returns `None` to let `Hand::from_str` decide.
#[inline]
pub fn parse_plain(text: &[u8]) -> Option<Hand> {
    let mut counts = [0u8; KINDS];
    let mut red = [0u8; 3];
    let mut run_start = 0usize;
    let mut run_len = 0usize;
    for (i, &b) in text.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                if run_len == 0 {
                    run_start = i;
                }
                run_len += 1;
            }
            b'm' | b'p' | b's' | b'z' => {
                if run_len == 0 {
                    return None;
                }
                let suit = match b {
                    b'm' => 0,
                    b'p' => 1,
                    b's' => 2,
                    _ => 3,
                };
                for &d in &text[run_start..i] {
                    let n = (d - b'0') as usize;
                    let index = match (suit, n) {
                        (3, 0) | (3, 8..) => return None,
                        (_, 0) => {
                            red[suit] += 1;
                            suit * 9 + 4
                        }
                        _ => suit * 9 + n - 1,
                    };
                    counts[index] += 1;
                    if counts[index] > 4 {
                        return None;
                    }
                }
                run_len = 0;
            }
            b' ' | b'\t' | b',' if run_len == 0 => {}
            _ => return None,
        }
    }
    if run_len > 0 {
        return None;
    }
    Hand::new(counts, red, Vec::new()).ok()
}

/// Appends the canonical mpsz of a hand without melds, exactly as `Hand`'s
/// `Display` writes it (red fives as `0` before the other fives). Hands with
/// melds must go through `Display`.
#[inline]
pub fn write_canonical(out: &mut Vec<u8>, hand: &Hand) {
    debug_assert!(hand.melds().is_empty());
    let counts = hand.concealed();
    let red = hand.red_fives();
    for (suit, letter) in b"mpsz".iter().enumerate() {
        let len = if suit == 3 { 7 } else { 9 };
        let start = out.len();
        for n in 0..len {
            let mut c = counts[suit * 9 + n];
            if suit < 3 && n == 4 {
                let r = red[suit].min(c);
                c -= r;
                for _ in 0..r {
                    out.push(b'0');
                }
            }
            for _ in 0..c {
                out.push(b'1' + n as u8);
            }
        }
        if out.len() > start {
            out.push(*letter);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small seeded generator (xorshift64*), to keep the dependencies down.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }
    }

    fn library(text: &str) -> Result<Hand, tenpai::HandError> {
        text.parse()
    }

    #[test]
    fn parse_plain_ok_agrees_with_library_on_random_text() {
        let alphabet = b"0123456789mpsz  ,[]x";
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut accepted = 0;
        for _ in 0..200_000 {
            let len = 1 + rng.below(24);
            let text: String = (0..len)
                .map(|_| {
                    // Mostly digits and suits, so that many strings are hands.
                    let k = if rng.below(4) == 0 {
                        alphabet.len()
                    } else {
                        14
                    };
                    alphabet[rng.below(k)] as char
                })
                .collect();
            if let Some(h) = parse_plain(text.as_bytes()) {
                accepted += 1;
                assert_eq!(Ok(h), library(&text), "{text:?}");
            }
        }
        assert!(
            accepted > 5_000,
            "only {accepted} random strings were hands"
        );
    }

    #[test]
    fn parse_plain_ok_declines_what_it_does_not_handle() {
        for text in [
            "",
            "1m [123p]",
            "一二三万",
            "8z",
            "0z",
            "12",
            "m1",
            "11111m",
            "1m\u{a0}2m",
            "1 2m",
        ] {
            assert!(parse_plain(text.as_bytes()).is_none(), "{text:?}");
        }
        let h = parse_plain(b"406m 11z,5m").unwrap();
        assert_eq!(Ok(h), library("406m 11z,5m"));
    }

    #[test]
    fn write_canonical_ok_agrees_with_display() {
        let mut rng = Rng(12345);
        for _ in 0..100_000 {
            let mut wall: Vec<u8> = (0..136).collect();
            let size = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14][rng.below(10)];
            let mut counts = [0u8; KINDS];
            let mut red = [0u8; 3];
            for _ in 0..size {
                let t = wall.swap_remove(rng.below(wall.len())) as usize;
                counts[t / 4] += 1;
                let kind = t / 4;
                if t % 4 == 0 && kind < 27 && kind % 9 == 4 {
                    red[kind / 9] += 1;
                }
            }
            let hand = Hand::new(counts, red, Vec::new()).unwrap();
            let mut out = Vec::new();
            write_canonical(&mut out, &hand);
            assert_eq!(String::from_utf8(out).unwrap(), hand.to_string());
        }
    }
}

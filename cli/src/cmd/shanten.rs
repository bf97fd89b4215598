//! `tenpai shanten`: shanten numbers of hands given as arguments or read one
//! per line from standard input (batch mode).
//!
//! Batch mode is a hot path (the target is a million hands a second on one
//! core, reading and writing included): the input and output are locked once
//! and buffered, the line buffers are reused, and the JSON is written by hand.

use super::{write_json_str, Style};
use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufWriter, Write};
use tenpai::lines::{read_line, Line, MAX_LINE};
use tenpai::{Hand, HandError, Shanten, Tables};

const LONG_ABOUT: &str = "\
Shanten numbers of hands: how many tiles each is from tenpai (-1 = complete,
0 = tenpai), the least over the three forms, and each form: standard (melds and
a pair), chiitoitsu (seven pairs) and kokushi (thirteen orphans). The last two
apply to 13 or 14 concealed tiles only and show \"-\" (null in JSON) otherwise.

A hand has 3n+1 or 3n+2 concealed tiles. When its called melds are written
(e.g. \"9m9p569s [999m] [999p] [999s]\"), the tiles in the melds are not
available to the concealed part: that hand is 2-shanten, not the 1-shanten a
count of the concealed tiles alone gives (every 9m is used up).

With no HAND, hands are read from standard input, one per line; blank lines
are skipped. A bad line is reported on standard error as \"line N: <error>\", the
other lines are still answered, and the exit status is then 1 (as for tenpai
score --batch). On a terminal a note says so, and each line is answered as it
is typed; Ctrl-D ends.";

/// Shanten number of each hand, and of each form.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// Hands (see `tenpai --help` for the notation); none: read standard input.
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,

    /// One JSON object per hand and line: {"hand": "<canonical mpsz>",
    /// "shanten": n, "standard": n, "chiitoitsu": n or null, "kokushi": n or null}.
    #[arg(long)]
    pub json: bool,

    /// Tile display.
    #[command(flatten)]
    pub style: super::Style,
}

/// Width of the hand column: the longest hand of concealed tiles only
/// (14 digits and 4 suit letters) and the header.
const HAND_WIDTH: usize = 18;

/// Shanten of each form, meld-aware when melds are written.
#[inline]
fn forms(tables: &Tables<'_>, hand: &Hand) -> Result<Shanten, HandError> {
    if hand.melds().is_empty() {
        tables.shanten_forms(hand.concealed())
    } else {
        tables.shanten_with_melds(hand)
    }
}

/// Parses and answers one hand.
#[inline]
fn answer(tables: &Tables<'_>, text: &str) -> Result<(Hand, Shanten), HandError> {
    let hand: Hand = text.parse()?;
    let s = forms(tables, &hand)?;
    Ok((hand, s))
}

/// Appends a small integer in decimal.
#[inline]
fn push_num(out: &mut Vec<u8>, n: i8) {
    if n < 0 {
        out.push(b'-');
    }
    let a = n.unsigned_abs();
    if a >= 100 {
        out.push(b'0' + a / 100);
    }
    if a >= 10 {
        out.push(b'0' + a / 10 % 10);
    }
    out.push(b'0' + a % 10);
}

fn push_opt(out: &mut Vec<u8>, n: Option<i8>) {
    match n {
        Some(n) => push_num(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// Appends one answer line to `line` (which is cleared first).
fn format_line(
    line: &mut Vec<u8>,
    hand: &Hand,
    s: &Shanten,
    json: bool,
    width: usize,
    style: Style,
) -> std::io::Result<()> {
    line.clear();
    if json {
        line.extend_from_slice(b"{\"hand\":");
        if hand.melds().is_empty() {
            // Only [0-9mpsz]: nothing to escape.
            write!(line, "\"{hand}\"")?;
        } else {
            // Canonical mpsz holds only [0-9mpsz()[] ], but escape anyway.
            write_json_str(line, &hand.to_string())?;
        }
        line.extend_from_slice(b",\"shanten\":");
        push_num(line, s.min());
        line.extend_from_slice(b",\"standard\":");
        push_num(line, s.standard);
        line.extend_from_slice(b",\"chiitoitsu\":");
        push_opt(line, s.chiitoitsu);
        line.extend_from_slice(b",\"kokushi\":");
        push_opt(line, s.kokushi);
        line.extend_from_slice(b"}\n");
    } else {
        let opt = |n: Option<i8>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
        writeln!(
            line,
            "{:<width$}  {:>7}  {:>8}  {:>10}  {:>7}",
            style.hand(hand),
            s.min(),
            s.standard,
            opt(s.chiitoitsu),
            opt(s.kokushi),
        )?;
    }
    Ok(())
}

fn write_header<W: Write>(out: &mut W, width: usize) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<width$}  {:>7}  {:>8}  {:>10}  {:>7}",
        "hand", "shanten", "standard", "chiitoitsu", "kokushi"
    )
}

/// Runs `tenpai shanten`: answers the hands in `args`, or each line of `input`.
///
/// # Errors
/// A bad hand argument (named by its position and text), an I/O error, or, in
/// batch mode, the count of bad lines after every line was answered (each bad
/// line is reported on `err` as `line N: <error>`).
pub fn run<R: BufRead, W: Write, E: Write>(
    args: &Args,
    tables: &Tables<'_>,
    input: R,
    terminal: bool,
    out: W,
    mut err: E,
) -> Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    if args.hands.is_empty() {
        if terminal {
            writeln!(err, "reading hands, one a line; Ctrl-D to end")?;
        }
        let each = Batch {
            json: args.json,
            style: args.style,
            flush_each: terminal,
        };
        batch(each, tables, input, &mut out, err)?;
    } else {
        let answers = args
            .hands
            .iter()
            .enumerate()
            .map(|(i, text)| {
                answer(tables, text).with_context(|| format!("HAND {} {text:?}", i + 1))
            })
            .collect::<Result<Vec<_>>>()?;
        let width = answers
            .iter()
            .map(|(h, _)| args.style.hand(h).chars().count())
            .max()
            .unwrap_or(0)
            .max(HAND_WIDTH);
        if !args.json {
            write_header(&mut out, width)?;
        }
        let mut line = Vec::with_capacity(128);
        for (hand, s) in &answers {
            format_line(&mut line, hand, s, args.json, width, args.style)?;
            out.write_all(&line)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// How batch mode answers.
#[derive(Clone, Copy)]
struct Batch {
    json: bool,
    style: Style,
    /// Flush after each answer (a person is typing the hands).
    flush_each: bool,
}

/// Batch mode: one hand per line of `input`.
fn batch<R: BufRead, W: Write, E: Write>(
    Batch {
        json,
        style,
        flush_each,
    }: Batch,
    tables: &Tables<'_>,
    mut input: R,
    out: &mut W,
    mut err: E,
) -> Result<()> {
    if !json {
        write_header(out, HAND_WIDTH)?;
    }
    if flush_each {
        out.flush()?;
    }
    let mut buf: Vec<u8> = Vec::with_capacity(256);
    let mut line: Vec<u8> = Vec::with_capacity(256);
    let mut lineno = 0usize;
    // Lines that hold a hand (or something that is not one): blank lines and
    // lines of spaces are skipped and not counted.
    let mut hands = 0usize;
    let mut failed = 0usize;
    // One line at a time, each at most MAX_LINE bytes: memory stays flat
    // whatever the input.
    while let Some(read) =
        read_line(&mut input, &mut buf, MAX_LINE).context("reading standard input")?
    {
        lineno += 1;
        let result = match std::str::from_utf8(&buf) {
            _ if read != Line::Read => {
                Err(anyhow::anyhow!("longer than {MAX_LINE} bytes (not read)"))
            }
            Ok(text) => {
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                answer(tables, text).map_err(anyhow::Error::from)
            }
            Err(e) => Err(anyhow::anyhow!("not UTF-8 text: {e}")),
        };
        hands += 1;
        match result {
            Ok((hand, s)) => {
                format_line(&mut line, &hand, &s, json, HAND_WIDTH, style)?;
                out.write_all(&line)?;
                if flush_each {
                    out.flush()?;
                }
            }
            Err(e) => {
                failed += 1;
                // Keep the report next to the answers before it on a terminal.
                out.flush()?;
                writeln!(err, "line {lineno}: {e}")?;
            }
        }
    }
    if failed > 0 {
        out.flush()?;
        let lines = if failed == 1 { "line" } else { "lines" };
        bail!("{failed} input {lines} of {hands} could not be answered");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    /// Output that records what had been written at each flush.
    #[derive(Default)]
    struct Flushes {
        bytes: Vec<u8>,
        at_flush: Vec<String>,
    }

    impl std::io::Write for Flushes {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.bytes.extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.at_flush
                .push(String::from_utf8_lossy(&self.bytes).into_owned());
            Ok(())
        }
    }

    #[test]
    fn shanten_ok_on_a_terminal_says_what_it_reads_and_answers_each_line() {
        let args = super::Args {
            hands: Vec::new(),
            json: true,
            style: super::Style::default(),
        };
        let mut out = Flushes::default();
        let mut err = Vec::new();
        let input = "11m\n19m19p19s1234567z\n";
        let t = tenpai::Tables::embedded();
        super::run(&args, t, input.as_bytes(), true, &mut out, &mut err).unwrap();
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "reading hands, one a line; Ctrl-D to end\n"
        );
        let first = "{\"hand\":\"11m\",\"shanten\":-1,\"standard\":-1,\"chiitoitsu\":null,\"kokushi\":null}\n";
        // Nothing written before the first answer, then each line as it comes.
        assert_eq!(out.at_flush[..2], ["".to_string(), first.to_string()]);
        assert!(
            out.at_flush[2].starts_with(first) && out.at_flush[2].ends_with("\"kokushi\":0}\n")
        );
    }

    #[test]
    fn shanten_ok_hands_with_melds_widen_the_hand_column() {
        let (r, out, _) = tenpai(
            &[
                "shanten",
                "0m0p0s11z222z333z",
                "11z [123m] [456p] [789s] (1111p)",
                "1m",
            ],
            "",
        );
        r.unwrap();
        assert_eq!(
            out,
            "hand                              shanten  standard  chiitoitsu  kokushi\n\
             0m0p0s11222333z                         1         1           -        -\n\
             11z [123m] [456p] [789s] (1111p)       -1        -1           -        -\n\
             1m                                      0         0           -        -\n"
        );
    }

    #[test]
    fn shanten_ok_tenpai_hand() {
        let (r, out, err) = tenpai(&["shanten", "123m456p789s1122z"], "");
        r.unwrap();
        assert_eq!(err, "");
        assert_eq!(
            out,
            "hand                shanten  standard  chiitoitsu  kokushi\n\
             123m456p789s1122z         0         0           4        8\n"
        );
    }

    #[test]
    fn shanten_ok_forms_not_applicable_print_dash_and_null() {
        let (r, out, _) = tenpai(&["shanten", "1m", "--json"], "");
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"1m\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":null,\"kokushi\":null}\n"
        );
        let (r, out, _) = tenpai(&["shanten", "1m"], "");
        r.unwrap();
        assert_eq!(
            out.lines().nth(1).unwrap(),
            "1m                        0         0           -        -"
        );
    }

    #[test]
    fn shanten_ok_several_hands_and_kokushi() {
        let (r, out, _) = tenpai(
            &[
                "shanten",
                "--json",
                "19m19p19s1234567z",
                "0m0p0s11z222z333z",
            ],
            "",
        );
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"19m19p19s1234567z\",\"shanten\":0,\"standard\":8,\"chiitoitsu\":6,\"kokushi\":0}\n\
             {\"hand\":\"0m0p0s11222333z\",\"shanten\":1,\"standard\":1,\"chiitoitsu\":null,\"kokushi\":null}\n"
        );
    }

    #[test]
    fn shanten_ok_melds_use_up_copies() {
        let (r, out, _) = tenpai(&["shanten", "--json", "9m9p569s [999m] [999p] [999s]"], "");
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"9m9p569s [999m] [999p] [999s]\",\"shanten\":2,\"standard\":2,\"chiitoitsu\":null,\"kokushi\":null}\n"
        );
    }

    #[test]
    fn shanten_err_names_the_argument() {
        let (r, out, _) = tenpai(&["shanten", "1m", "55p5p5p5p1m"], "");
        assert_eq!(out, "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND 2 \"55p5p5p5p1m\": tile 5p appears 5 times (max 4)"
        );
        let (r, _, _) = tenpai(&["shanten", "123m456p789s111z"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND 1 \"123m456p789s111z\": expected 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 12"
        );
    }

    #[test]
    fn shanten_batch_reports_bad_line_and_answers_the_rest() {
        // The blank line and the line of spaces are skipped and not counted,
        // but the bad line keeps its number in the input.
        let input = "123m456p789s1122z\n\n  \t \n123m456p789s1x22z\n19m19p19s1234567z\n";
        let (r, out, err) = tenpai(&["shanten", "--json"], input);
        assert_eq!(
            out,
            "{\"hand\":\"123m456p789s1122z\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":4,\"kokushi\":8}\n\
             {\"hand\":\"19m19p19s1234567z\",\"shanten\":0,\"standard\":8,\"chiitoitsu\":6,\"kokushi\":0}\n"
        );
        assert_eq!(err, "line 4: unknown character 'x' at position 14\n");
        assert_eq!(
            r.unwrap_err().to_string(),
            "1 input line of 3 could not be answered"
        );
    }

    #[test]
    fn shanten_batch_ok_crlf_and_no_final_newline() {
        let (r, out, err) = tenpai(&["shanten", "--json"], "11m\r\n1m");
        r.unwrap();
        assert_eq!(err, "");
        assert_eq!(
            out,
            "{\"hand\":\"11m\",\"shanten\":-1,\"standard\":-1,\"chiitoitsu\":null,\"kokushi\":null}\n\
             {\"hand\":\"1m\",\"shanten\":0,\"standard\":0,\"chiitoitsu\":null,\"kokushi\":null}\n"
        );
    }

    #[test]
    fn shanten_batch_err_invalid_utf8_is_one_bad_line() {
        let cli = <crate::Cli as clap::Parser>::try_parse_from(["tenpai", "shanten"]).unwrap();
        let mut out = Vec::new();
        let mut err = Vec::new();
        let r = crate::run(cli, &b"11m\n\xff1m\n1m\n"[..], false, &mut out, &mut err);
        assert!(r.is_err());
        let err = String::from_utf8(err).unwrap();
        assert!(err.starts_with("line 2: not UTF-8 text"), "{err}");
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 3);
    }

    #[test]
    fn shanten_batch_err_overlong_line_is_one_bad_line() {
        let input = format!("11m\n{}\n1m\n", "1".repeat(100_000));
        let (r, out, err) = tenpai(&["shanten", "--json"], &input);
        assert_eq!(err, "line 2: longer than 65536 bytes (not read)\n");
        assert_eq!(out.lines().count(), 2);
        assert_eq!(
            r.unwrap_err().to_string(),
            "1 input line of 3 could not be answered"
        );
    }
}

//! `tenpai score`: yaku, han, fu and payments of a winning hand, one at a time or
//! a JSON-lines batch.

use crate::render::points;
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use tenpai::lines::{read_line, Line, MAX_LINE};
use tenpai::rules::Rules;
use tenpai::score::json::{ResultRecord, ScoreRecord, SituationRecord};
use tenpai::score::{score, Payment, Score, ScoreError, Situation};

const LONG_ABOUT: &str = "\
Scores a winning hand: every yaku with its han, the fu with their breakdown,
the limit (mangan ...), and who pays what, honba included; riichi sticks are
shown apart. HAND holds the concealed tiles including the winning tile, then
the called melds: [789s] chi, [555p] pon, [5555p] open kan, (1111z) closed
kan. --win names the winning tile. The default is a ron by the East seat
(the dealer) in the East round; the best reading of the hand is chosen.

Rules: --rules tenhou (default) or mahjongsoul (double yakuman for kokushi
13-wait, suuankou tanki, junsei chuuren and daisuushii), or a TOML file of the
same form as data/rules/tenhou.toml.

Batch (--batch FILE, - for standard input): one JSON situation per line in the
format of tests/data/score/cases.jsonl (only \"hand\" and \"win_tile\" are
required; the flags' names \"win\", \"seat\", \"round\", \"dora\" and
\"ura\" are read as \"win_tile\", \"seat_wind\", \"round_wind\",
\"dora_indicators\" and \"ura_indicators\", and the old names
\"riichi_sticks\" and \"sticks\" as \"kyoutaku\"; an \"expected\"
field is ignored; any other field is a bad line), one JSON line out per situation,
in order: {\"han\", \"fu\", \"yaku\": {name: han}, \"yakuman\", \"payment\":
{\"ron\": n} or {\"tsumo_dealer\": d, \"tsumo_non_dealer\": k}, \"total\"}, or
{\"error\": \"...\"} (for example \"no yaku\"). Blank lines are skipped. A line
that cannot be read or describes a situation that cannot happen is answered
with its error and also reported on standard error as \"line N: <error>\";
every other line is still answered, and the exit status is then 1 (as for
tenpai shanten's batch). \"not a winning hand\" and \"no yaku\" are answers,
not bad lines.

JSON (--json) for one hand: the batch fields plus \"fu_breakdown\" [{\"source\",
\"fu\"}], \"limit\" (mangan ..., null below), \"kyoutaku_points\" (the riichi
sticks' points), \"reading\" and \"pao\" (yakuman for which the feeder of the
last meld may be liable).

Examples:
  tenpai score 123m456p789s11z555z --win 5z
  tenpai score 234m456p22s345678s --win 8s --tsumo --riichi --seat S --dora 3m --ura 7z
  tenpai score \"123m44z555z666z [777z]\" --win 3m --rules mahjongsoul --json
  tenpai score --batch cases.jsonl --rules mahjongsoul";

/// Score a winning hand (yaku, fu, payments), or a JSON-lines batch.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The concealed tiles (winning tile included) and called melds.
    #[arg(value_name = "HAND", required_unless_present = "batch")]
    pub hand: Option<String>,

    /// The winning tile, e.g. 5z or 0p (a red five).
    #[arg(long, value_name = "TILE", required_unless_present = "batch",
        value_parser = super::one_tile_text)]
    pub win: Option<String>,

    /// Won by self-draw (default: ron).
    #[arg(long)]
    pub tsumo: bool,
    /// Riichi.
    #[arg(long)]
    pub riichi: bool,
    /// Double riichi (implies riichi).
    #[arg(long)]
    pub double_riichi: bool,
    /// Ippatsu (with riichi).
    #[arg(long)]
    pub ippatsu: bool,
    /// Tsumo on the last tile of the wall.
    #[arg(long)]
    pub haitei: bool,
    /// Ron on the last discard.
    #[arg(long)]
    pub houtei: bool,
    /// Tsumo on a kan replacement tile.
    #[arg(long)]
    pub rinshan: bool,
    /// Ron on a tile added to a pon.
    #[arg(long)]
    pub chankan: bool,
    /// The dealer's win on the initial hand.
    #[arg(long)]
    pub tenhou: bool,
    /// A non-dealer's win on the first draw.
    #[arg(long)]
    pub chiihou: bool,
    /// A non-dealer's ron before the first draw (scored only if the rules allow).
    #[arg(long)]
    pub renhou: bool,

    /// Dora indicators, e.g. 3m7z.
    #[arg(long, value_name = "TILES", default_value = "", value_parser = super::tile_list_text)]
    pub dora: String,
    /// Ura-dora indicators (with riichi).
    #[arg(long, value_name = "TILES", default_value = "", value_parser = super::tile_list_text)]
    pub ura: String,
    /// The winner's seat wind: E (the dealer), S, W or N.
    #[arg(long, value_name = "E|S|W|N", default_value = "E")]
    pub seat: tenpai::Wind,
    /// The round wind: E, S, W or N.
    #[arg(long = "round", value_name = "E|S|W|N", default_value = "E")]
    pub round_wind: tenpai::Wind,
    /// Honba (300 points each), 0 to 1,000 (the most a score takes).
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::between(0, tenpai::score::MAX_COUNTER as u64))]
    pub honba: u32,
    /// Riichi sticks (kyoutaku) on the table (1,000 points each, to the
    /// winner), 0 to 1,000; `--sticks` is read too.
    #[arg(long, alias = "sticks", value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::between(0, tenpai::score::MAX_COUNTER as u64))]
    pub kyoutaku: u32,

    /// Rule preset (tenhou, mahjongsoul) or a rules TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// Score every JSON line of FILE (- for standard input) instead of HAND.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["hand", "win"])]
    pub batch: Option<PathBuf>,
}

impl Args {
    /// The situation described by the flags, in the JSON record form (so the
    /// library checks it exactly as it checks a batch line).
    fn record(&self, hand: &str, win: &str) -> SituationRecord {
        SituationRecord {
            hand: hand.to_string(),
            melds: Vec::new(),
            win_tile: win.to_string(),
            tsumo: self.tsumo,
            riichi: self.riichi || self.double_riichi,
            double_riichi: self.double_riichi,
            ippatsu: self.ippatsu,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            renhou: self.renhou,
            seat_wind: self.seat.to_string(),
            round_wind: self.round_wind.to_string(),
            dealer: None,
            dora_indicators: self.dora.clone(),
            ura_indicators: self.ura.clone(),
            honba: self.honba,
            kyoutaku: self.kyoutaku,
            expected: None,
        }
    }
}

#[derive(Serialize)]
struct FuLine {
    source: String,
    fu: u8,
}

#[derive(Serialize)]
struct Output {
    #[serde(flatten)]
    record: ScoreRecord,
    fu_breakdown: Vec<FuLine>,
    limit: Option<String>,
    kyoutaku_points: u32,
    reading: String,
    pao: Vec<&'static str>,
}

/// Writes a scored win for people: `hand`, each yaku with its han, han and fu
/// (with the breakdown), the reading, the payments and the total.
pub(crate) fn print_text<W: Write>(out: &mut W, hand: &str, s: &Score) -> Result<()> {
    writeln!(out, "{hand}")?;
    let width = s
        .yaku
        .iter()
        .map(|(y, _)| y.display_name().len())
        .max()
        .unwrap_or(0);
    for (y, h) in s.yaku.iter() {
        let unit = if y.is_dora() { "" } else { " han" };
        writeln!(out, "  {:width$}  {h}{unit}", y.display_name())?;
    }
    if s.yakuman > 0 {
        writeln!(out, "{} ({} han)", s.limit, s.han)?;
    } else {
        let fu_text: Vec<String> = s
            .fu_breakdown
            .iter()
            .map(|i| format!("{} {}", i.source, i.fu))
            .collect();
        let raw = s.fu_breakdown.raw();
        let rounded = if raw == s.fu {
            String::new()
        } else {
            format!(" -> {}", s.fu)
        };
        writeln!(
            out,
            "{} han {} fu{}",
            s.han,
            s.fu,
            if s.limit.name().is_empty() {
                String::new()
            } else {
                format!(", {}", s.limit)
            }
        )?;
        writeln!(out, "Fu: {} = {raw}{rounded}", fu_text.join(" + "))?;
    }
    writeln!(out, "Reading: {}", s.reading)?;
    match s.payment {
        Payment::Ron { discarder } => {
            writeln!(out, "Ron: {} from the discarder", points(discarder))?
        }
        Payment::Tsumo {
            dealer: 0,
            non_dealer,
        } => writeln!(out, "Tsumo: {} from each player", points(non_dealer))?,
        Payment::Tsumo { dealer, non_dealer } => writeln!(
            out,
            "Tsumo: {} from the dealer, {} from each non-dealer",
            points(dealer),
            points(non_dealer)
        )?,
    }
    if s.kyoutaku_points > 0 {
        writeln!(
            out,
            "Total: {} + {} riichi sticks = {}",
            points(s.total),
            points(s.kyoutaku_points),
            points(s.total_with_kyoutaku())
        )?;
    } else {
        writeln!(out, "Total: {}", points(s.total))?;
    }
    let pao: Vec<&str> = s.pao.iter().map(|(y, _)| y.name()).collect();
    if !pao.is_empty() {
        writeln!(out, "Pao possible: {}", pao.join(", "))?;
    }
    Ok(())
}

/// Whether a batch line's error is a fault of the input (it could not be
/// read, or the situation cannot happen) rather than an answer about a
/// well-formed situation ("not a winning hand", "no yaku").
fn bad_input(e: &ScoreError) -> bool {
    !matches!(e, ScoreError::NotAgari | ScoreError::NoYaku)
}

/// Scores each line of `input`: one JSON answer per non-blank line, in
/// order; a line that cannot be read (not UTF-8, or longer than
/// [`MAX_LINE`] bytes) or scored is answered `{"error": ...}` and reported
/// on `err` as `line N: <error>`. Lines are read one at a time and at most
/// [`MAX_LINE`] bytes of one are kept: memory stays flat whatever the input.
///
/// # Errors
/// An I/O error, or after the last line the count of bad lines.
fn run_batch<R: BufRead, W: Write, E: Write>(
    rules: &Rules,
    mut input: R,
    out: &mut W,
    mut err: E,
) -> Result<()> {
    let mut buf = Vec::new();
    let (mut lines, mut bad) = (0usize, 0usize);
    for n in 1.. {
        let Some(read) = read_line(&mut input, &mut buf, MAX_LINE)
            .with_context(|| format!("--batch line {n}"))?
        else {
            break;
        };
        let line = match std::str::from_utf8(&buf) {
            _ if read != Line::Read => Err(format!("line longer than {MAX_LINE} bytes (not read)")),
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => Ok(line),
            Err(_) => Err("line is not UTF-8 text".to_string()),
        };
        lines += 1;
        let line = match line {
            Ok(line) => line,
            Err(unreadable) => {
                bad += 1;
                out.flush()?;
                writeln!(err, "line {n}: {unreadable}")?;
                writeln!(out, "{}", serde_json::json!({ "error": unreadable }))?;
                continue;
            }
        };
        let result = Situation::from_json(line.trim_end()).and_then(|s| score(&s, rules));
        if let Err(e) = &result {
            if bad_input(e) {
                bad += 1;
                // Keep the report next to the answers before it.
                out.flush()?;
                writeln!(err, "line {n}: {e}")?;
            }
        }
        // Written as text, so that a closed pipe is an I/O error (quiet).
        let answer = serde_json::to_string(&ResultRecord::from(&result))?;
        writeln!(out, "{answer}")?;
    }
    if bad > 0 {
        out.flush()?;
        bail!(
            "{bad} input line{} of {lines} could not be scored",
            super::plural(bad)
        );
    }
    Ok(())
}

/// Runs `tenpai score`; `input` is read for `--batch -`.
///
/// # Errors
/// Unknown rules or an unreadable rules or batch file; for one hand, a hand or
/// situation that does not score (not a win, no yaku, invalid), with its reason.
pub fn run<R: BufRead, W: Write, E: Write>(args: &Args, input: R, out: W, err: E) -> Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let rules = Rules::load(&args.rules).with_context(|| format!("--rules {:?}", args.rules))?;
    if let Some(path) = &args.batch {
        if path.as_os_str() == "-" {
            run_batch(&rules, input, &mut out, err)?;
        } else {
            if path.is_dir() {
                bail!(
                    "--batch {}: is a directory, not a file of JSON lines",
                    path.display()
                );
            }
            let file = std::fs::File::open(path)
                .map_err(|e| super::file_error("read the --batch file", path, &e))?;
            run_batch(
                &rules,
                BufReader::with_capacity(1 << 16, file),
                &mut out,
                err,
            )?;
        }
        out.flush()?;
        return Ok(());
    }
    let hand = args
        .hand
        .as_deref()
        .context("HAND is required without --batch")?;
    let win = args
        .win
        .as_deref()
        .context("--win is required without --batch")?;
    let situation = args.record(hand, win).to_situation().map_err(|e| {
        // Name the argument that holds the unreadable tiles.
        let place = match &e {
            ScoreError::Notation {
                what: "win tile", ..
            } => format!("--win {win:?}"),
            ScoreError::Notation {
                what: "dora indicators",
                ..
            } => format!("--dora {:?}", args.dora),
            ScoreError::Notation {
                what: "ura indicators",
                ..
            } => format!("--ura {:?}", args.ura),
            _ => format!("HAND {hand:?}"),
        };
        anyhow::Error::new(e).context(place)
    })?;
    let s = score(&situation, &rules).with_context(|| format!("HAND {hand:?} --win {win}"))?;
    if args.json {
        let o = Output {
            record: ScoreRecord::from(&s),
            fu_breakdown: s
                .fu_breakdown
                .iter()
                .map(|i| FuLine {
                    source: i.source.to_string(),
                    fu: i.fu,
                })
                .collect(),
            limit: Some(s.limit.name()).filter(|n| !n.is_empty()),
            kyoutaku_points: s.kyoutaku_points,
            reading: s.reading.to_string(),
            pao: s.pao.iter().map(|(y, _)| y.name()).collect(),
        };
        serde_json::to_writer(&mut out, &o)?;
        writeln!(out)?;
    } else {
        print_text(&mut out, &situation.hand.to_string(), &s)?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    #[test]
    fn score_ok_text() {
        let (r, out, _) = tenpai(
            &[
                "score",
                "123m456p789s11z555z",
                "--win",
                "5z",
                "--kyoutaku",
                "1",
            ],
            "",
        );
        r.unwrap();
        assert_eq!(
            out,
            "123m456p789s11555z\n  Yakuhai (white dragon)  1 han\n1 han 40 fu\n\
             Fu: base 20 + closed ron 10 + pair 11z 4 + open triplet 555z 4 = 38 -> 40\n\
             Reading: 11z 123m 456p 789s 555z (shanpon wait)\nRon: 2,000 from the discarder\n\
             Total: 2,000 + 1,000 riichi sticks = 3,000\n"
        );
    }

    #[test]
    fn score_err_no_yaku() {
        let (r, _, _) = tenpai(&["score", "123m456p789s11p [888p]", "--win", "9s"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"123m456p789s11p [888p]\" --win 9s: no yaku"
        );
    }

    #[test]
    fn score_batch_answers_every_line_and_fails_on_bad_ones() {
        let input = "{\"hand\":\"123m456p789s11z555z\",\"win_tile\":\"5z\"}\n\n\
                     {\"hand\":\"123m\",\"win_tile\":\"1m\"}\n\
                     {\"hand\":\"123m456p789s11p [888p]\",\"win_tile\":\"9s\"}\n";
        let (r, out, err) = tenpai(&["score", "--batch", "-"], input);
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "1 input line of 3 could not be scored"
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(
            lines[0].starts_with("{\"han\":1,\"fu\":40,"),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].starts_with("{\"error\":\"invalid situation: 3 concealed tiles"),
            "{}",
            lines[1]
        );
        // No yaku is an answer, not a bad line.
        assert_eq!(lines[2], "{\"error\":\"no yaku\"}");
        assert!(
            err.starts_with("line 3: invalid situation: 3 concealed tiles"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn score_err_flags_are_blamed_not_the_hand() {
        use clap::Parser;
        let e =
            crate::Cli::try_parse_from(["tenpai", "score", "11z", "--win", "1z", "--seat", "X"])
                .unwrap_err()
                .to_string();
        assert!(
            e.contains("invalid value 'X' for '--seat <E|S|W|N>'"),
            "{e}"
        );
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let (r, _, _) = tenpai(&["score", "--batch", d], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            format!("--batch {d}: is a directory, not a file of JSON lines")
        );
    }

    #[test]
    fn score_ok_json_limit_is_null_below_mangan() {
        let (r, out, _) = tenpai(
            &["score", "123m456p789s11z555z", "--win", "5z", "--json"],
            "",
        );
        r.unwrap();
        assert!(out.contains("\"limit\":null,"), "{out}");
    }

    #[test]
    fn score_batch_err_overlong_line_is_one_error_line() {
        let input = format!(
            "{}\n{{\"hand\":\"123m456p789s11z555z\",\"win_tile\":\"5z\"}}\n",
            " ".repeat(70_000)
        );
        let (r, out, err) = tenpai(&["score", "--batch", "-"], &input);
        assert_eq!(
            r.unwrap_err().to_string(),
            "1 input line of 2 could not be scored"
        );
        assert_eq!(err, "line 1: line longer than 65536 bytes (not read)\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "{\"error\":\"line longer than 65536 bytes (not read)\"}"
        );
        assert!(
            lines[1].starts_with("{\"han\":1,\"fu\":40,"),
            "{}",
            lines[1]
        );
    }
}

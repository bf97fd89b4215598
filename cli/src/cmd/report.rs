//! A Monte Carlo search report ([`tenpai::ai::mc::SearchReport`]) for people (a
//! table), for programs (JSON) and for offline study (one CSV row per
//! decision, written by [`DecisionLog`] for `play` and `selfplay`).

use anyhow::{anyhow, Context, Result};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tenpai::ai::mc::{action_label, hand_text, SearchReport};
use tenpai::game::Observation;

/// `x` formatted by `f`, or `-` when it is not a finite number (no samples,
/// or an interval from fewer than two).
fn num(x: f64, f: impl Fn(f64) -> String) -> String {
    if x.is_finite() {
        f(x)
    } else {
        "-".to_string()
    }
}

/// A share (0–1) as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}", 100.0 * x)
}

/// The ranking as a table: one line per candidate, best first, with the
/// expected final rank (1–4, what the search minimises), its 95 % interval,
/// the mean point change of the round (in points), win, deal-in and tenpai
/// rates and the samples. What no rollout measured shows `-` (a decision
/// that needed no search; the interval of a single rollout).
pub fn table(r: &SearchReport) -> String {
    let mut s = format!(
        "{:<16} {:>6} {:>7} {:>9} {:>6} {:>8} {:>7} {:>7}\n",
        "action", "rank", "± 95%", "points", "win %", "deal-in %", "tenpai %", "samples"
    );
    for c in &r.candidates {
        s.push_str(&format!(
            "{:<16} {:>6} {:>7} {:>9} {:>6} {:>8} {:>7} {:>7}\n",
            action_label(&c.action),
            num(c.rank, |x| format!("{x:.3}")),
            num(c.ci95, |x| format!("{x:.3}")),
            num(c.points, |x| format!("{x:+.0}")),
            num(c.win, pct),
            num(c.deal_in, pct),
            num(c.tenpai, pct),
            c.samples
        ));
    }
    s
}

/// The report as one JSON object: `{"chosen": label, "samples": n,
/// "micros": t, "placement": b, "trivial": b, "candidates": [{"action":
/// label, "rank": r, "ci95": h, "points": p, "win": w, "deal_in": d,
/// "tenpai": t, "samples": n}, ...]}` (rank: expected final rank 1–4; rates
/// 0–1; points in 1s; `null` where no rollout measured it).
pub fn json(r: &SearchReport) -> serde_json::Value {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    serde_json::json!({
        "chosen": action_label(&r.chosen),
        "samples": r.samples,
        "micros": r.elapsed.as_micros() as u64,
        "placement": r.placement,
        "trivial": r.trivial,
        "candidates": r.candidates.iter().map(|c| serde_json::json!({
            "action": action_label(&c.action),
            "rank": round(c.rank),
            "ci95": round(c.ci95),
            "points": round(c.points),
            "win": round(c.win),
            "deal_in": round(c.deal_in),
            "tenpai": round(c.tenpai),
            "samples": c.samples,
        })).collect::<Vec<_>>(),
    })
}

/// The header of the decision CSV (see [`csv_row`]).
pub const CSV_HEADER: &str =
    "game,round,seat,turn,hand,live_left,chosen,prior,samples,micros,placement,candidates";

/// Quotes a CSV field when it needs it (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV row (no line end) for a decision of game `game`: the round as
/// `E1-0` (wind, dealer number, honba), the seat, its turn (its discards so
/// far plus one), its hand with melds, tiles left in the wall, the chosen
/// action, the prior (the baseline's choice, which the search keeps unless
/// another candidate beats it clearly; empty when the decision needed no
/// search), the rollouts, the time in µs, whether placement counted, and every
/// candidate as `label rank±ci95 win/deal-in/tenpai% n` separated by `; `
/// (rank: expected final rank, 1–4; `-` where no rollout measured it).
pub fn csv_row(game: u64, obs: &Observation, r: &SearchReport) -> String {
    let wind = obs.round_wind;
    let cands: Vec<String> = r
        .candidates
        .iter()
        .map(|c| {
            format!(
                "{} {}±{} {}/{}/{}% {}",
                action_label(&c.action),
                num(c.rank, |x| format!("{x:.3}")),
                num(c.ci95, |x| format!("{x:.3}")),
                num(c.win, pct),
                num(c.deal_in, pct),
                num(c.tenpai, pct),
                c.samples
            )
        })
        .collect();
    [
        game.to_string(),
        format!("{wind}{}-{}", obs.kyoku, obs.honba),
        obs.seat.to_string(),
        (obs.rivers[obs.seat.index()].len() + 1).to_string(),
        field(&hand_text(obs)),
        obs.live_left.to_string(),
        field(&action_label(&r.chosen)),
        field(&r.prior.as_ref().map(action_label).unwrap_or_default()),
        r.samples.to_string(),
        r.elapsed.as_micros().to_string(),
        r.placement.to_string(),
        field(&cands.join("; ")),
    ]
    .join(",")
}

/// The decision CSV of `--decisions FILE`: the header, then one row per
/// decision ([`csv_row`]), written as the decisions are made (rows of games
/// played at once interleave whole). The first failed write is kept: later
/// rows are not written, [`DecisionLog::write`] and [`DecisionLog::finish`]
/// report it.
pub struct DecisionLog {
    path: PathBuf,
    state: Mutex<LogState>,
}

struct LogState {
    out: BufWriter<Box<dyn Write + Send>>,
    /// The first write error, as text (an I/O error cannot be cloned).
    failed: Option<String>,
}

impl DecisionLog {
    /// Creates (or truncates) `path` and writes the header.
    ///
    /// # Errors
    /// The file cannot be created or written, with the path named.
    pub fn create(path: &Path) -> Result<DecisionLog> {
        super::check_output("--decisions", path, super::Output::File)?;
        let f = std::fs::File::create(path)
            .map_err(|e| super::file_error("write the --decisions file", path, &e))?;
        DecisionLog::to(path, Box::new(f))
    }

    /// A log written to `out`, named `path` in errors.
    ///
    /// # Errors
    /// The header cannot be written.
    pub fn to(path: &Path, out: Box<dyn Write + Send>) -> Result<DecisionLog> {
        let mut out = BufWriter::new(out);
        writeln!(out, "{CSV_HEADER}").with_context(|| format!("--decisions {}", path.display()))?;
        Ok(DecisionLog {
            path: path.to_path_buf(),
            state: Mutex::new(LogState { out, failed: None }),
        })
    }

    fn error(&self, e: &str) -> anyhow::Error {
        anyhow!("--decisions {}: {e}", self.path.display())
    }

    /// Writes the row of one decision; after a failed write, writes nothing
    /// (the failure is kept for [`DecisionLog::write`] and
    /// [`DecisionLog::finish`] to report).
    pub fn record(&self, game: u64, obs: &Observation, report: &SearchReport) {
        let Ok(mut s) = self.state.lock() else {
            return; // poisoned: `finish` reports it
        };
        if s.failed.is_none() {
            if let Err(e) = writeln!(s.out, "{}", csv_row(game, obs, report)) {
                s.failed = Some(e.to_string());
            }
        }
    }

    /// [`DecisionLog::record`], then whether every write so far succeeded.
    ///
    /// # Errors
    /// This write, or an earlier one, failed.
    pub fn write(&self, game: u64, obs: &Observation, report: &SearchReport) -> Result<()> {
        self.record(game, obs, report);
        let s = self.state.lock().map_err(|_| self.error("lock poisoned"))?;
        match &s.failed {
            Some(e) => Err(self.error(e)),
            None => Ok(()),
        }
    }

    /// Flushes the file.
    ///
    /// # Errors
    /// A write failed (now or before).
    pub fn finish(&self) -> Result<()> {
        let mut s = self.state.lock().map_err(|_| self.error("lock poisoned"))?;
        if let Some(e) = &s.failed {
            return Err(self.error(e));
        }
        s.out.flush().map_err(|e| self.error(&e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenpai::ai::mc::{search, Settings};
    use tenpai::game::{Action, State};
    use tenpai::rules::Rules;

    fn start() -> (Observation, SearchReport) {
        let obs = Observation::of(
            &State::new(Rules::tenhou()),
            tenpai::game::SeatIndex::ALL[0],
        );
        let r = search(
            &obs,
            &[Action::Pass],
            &Rules::tenhou(),
            Settings::default(),
            1,
        );
        (obs, r)
    }

    #[test]
    fn report_csv_row_has_the_header_columns() {
        let (obs, r) = start();
        let row = csv_row(3, &obs, &r);
        assert_eq!(row.split(',').count(), CSV_HEADER.split(',').count());
        assert!(row.starts_with("3,E1-0,0,1,,"), "{row}");
        assert!(table(&r).starts_with("action"));
        assert_eq!(json(&r)["chosen"], "pass");
    }

    /// A writer that fails after `ok` bytes.
    struct Full {
        ok: usize,
    }

    impl Write for Full {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            if self.ok < b.len() {
                return Err(std::io::Error::other("no space left on device"));
            }
            self.ok -= b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn decision_log_err_a_failed_write_is_reported_by_every_later_call() {
        let (obs, r) = start();
        let log = DecisionLog::to(Path::new("d.csv"), Box::new(Full { ok: 100 })).unwrap();
        // The buffer hides the failure until it is written out.
        let mut first = None;
        for i in 0..10_000 {
            if let Err(e) = log.write(i, &obs, &r) {
                first = Some((i, e.to_string()));
                break;
            }
        }
        let (i, e) = first.expect("the full disk is reported");
        assert!(i > 0, "{i}");
        assert_eq!(e, "--decisions d.csv: no space left on device");
        assert_eq!(
            log.write(0, &obs, &r).unwrap_err().to_string(),
            "--decisions d.csv: no space left on device"
        );
        assert_eq!(
            log.finish().unwrap_err().to_string(),
            "--decisions d.csv: no space left on device"
        );
    }
}

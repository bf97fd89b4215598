//! What a game leaves behind: its mjai log (the rounds played, when the
//! person leaves early), the players' names in it, and the review page.

use super::session::Setup;
use super::text::Names;
use super::Args;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;
use tenpai::arena::PlayerKind;
use tenpai::game::{Event, GameRecord};
use tenpai::review::ReviewOptions;
use tenpai::Wind;

/// The directory `p` is in (`.` for a bare file name).
fn log_dir(p: &Path) -> &Path {
    p.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Writes the finished game's log `text` to `p`: to a temporary file in the
/// same directory renamed over `p` (so `p` is never left half written), or
/// straight into `p` when it is not a regular file (`/dev/null`, a pipe, a
/// symbolic link).
pub fn write_log(p: &Path, text: &str) -> Result<()> {
    let failed = |e: std::io::Error| crate::cmd::file_error("write the --log file", p, &e);
    let regular = std::fs::symlink_metadata(p).map_or(true, |m| m.file_type().is_file());
    let Some(name) = p.file_name().filter(|_| regular) else {
        return std::fs::write(p, text).map_err(failed);
    };
    let tmp = log_dir(p).join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, p))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
        .map_err(failed)
}

/// The players' names in the log: the person `You`, every AI player its
/// kind and its seat (`mc (South)`, `baseline (West)`, `cmd:COMMAND
/// (North)`: E, S, W, N as `--seat` names them), so that no two seats share
/// a name and a review names each seat as the game did.
pub fn player_names(s: &Setup, names: Names) -> Vec<String> {
    (0..4u8)
        .map(|seat| match s.opponents.at(seat) {
            None => names.of(seat).to_string(),
            Some(kind) => format!(
                "{} ({})",
                PlayerKind::to_string(kind),
                Wind::ALL[seat as usize].name()
            ),
        })
        .collect()
}

/// Names the players in the `start_game` of `events` ([`player_names`]).
pub fn name_players(events: &mut [Event], s: &Setup, names: Names) {
    if let Some(Event::StartGame { names: n, .. }) = events.first_mut() {
        *n = player_names(s, names);
    }
}

/// Reviews the person's seat (the seat watched from with `--watch`) of the
/// finished game `record` with `options` and writes the page to `path`;
/// `label` names the game on the page (its log file).
///
/// # Errors
/// An unwritable `path`; a log the review cannot read back (a bug).
pub fn review_game<W: Write>(
    record: &tenpai::game::GameRecord,
    s: &Setup,
    options: &ReviewOptions,
    path: &Path,
    label: &Path,
    out: &mut W,
) -> Result<()> {
    use crate::cmd::review::{review_with_progress, write_html, Reviewed, SeatSource};
    use tenpai::review::DefaultSeat;
    let game = tenpai::log::parse(&record.to_mjai())
        .context("--review: the game's own log does not read back")?;
    let source = if s.watch {
        SeatSource::Given
    } else {
        SeatSource::Default(DefaultSeat::Player(s.seat))
    };
    writeln!(
        out,
        "Reviewing the game ({} per decision)...",
        options.budget
    )?;
    out.flush()?;
    let review = review_with_progress(&game, &s.rules, s.seat, options, None)?;
    let r = Reviewed {
        review: &review,
        game: &game,
        source: &source,
        file: label,
        warnings: &[],
    };
    write_html(&r, path, "--review")?;
    writeln!(
        out,
        "Wrote the review of seat {} to {}: {}.",
        Wind::ALL[s.seat.index()],
        path.display(),
        crate::cmd::review::text::tally_text(&review.summary.all)
    )?;
    Ok(())
}

/// At the end of a game the person left: writes `--log` with what they
/// saw (the game's events up to the last they saw, with the players named:
/// the finished rounds and the actions so far of the round they left, no
/// `end_kyoku` for it and no `end_game`, a log `tenpai replay` and `tenpai
/// review` read as unfinished), or says why nothing was written; says
/// `--review` wrote nothing.
///
/// # Errors
/// An unwritable log file.
pub fn left_early<W: Write>(
    args: &Args,
    setup: &Setup,
    names: Names,
    played: Option<Vec<Event>>,
    out: &mut W,
) -> Result<()> {
    if let Some(p) = &args.log {
        match played {
            Some(mut events) => {
                name_players(&mut events, setup, names);
                let rounds = events
                    .iter()
                    .filter(|e| matches!(e, Event::EndKyoku))
                    .count();
                let record = GameRecord {
                    events,
                    scores: [0; 4],
                    ranking: [0, 1, 2, 3],
                    rounds: rounds as u32,
                };
                write_log(p, &record.to_mjai())?;
                writeln!(
                    out,
                    "--log {}: the game so far, unfinished ({} finished, no end_game).",
                    p.display(),
                    crate::cmd::count(rounds, "round")
                )?;
                let command = crate::cmd::review::command_for(p, &args.game.rules);
                writeln!(out, "Review it: {command}")?;
            }
            None => writeln!(
                out,
                "--log {}: no log written (no round started).",
                p.display()
            )?,
        }
    }
    if let Some(p) = &args.review {
        writeln!(
            out,
            "--review {}: no review written (the game did not finish).",
            p.display()
        )?;
    }
    out.flush()?;
    Ok(())
}

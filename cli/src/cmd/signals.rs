//! Termination signals (SIGINT, SIGTERM, SIGHUP) in runs with external bots,
//! whose processes live in process groups of their own and so do not receive
//! the terminal's Ctrl-C: the program ends them and exits with 128 + the
//! signal, as the signal itself would have ended it.
//!
//! The signal is recorded as it arrives ([`received`]), so that a main thread
//! that ends for another reason at the same moment — standard input closed
//! together with the interrupt, as a shell or a test harness does — still
//! exits with the signal's status and ends the bots first, whichever thread
//! gets there first.

use anyhow::{Context, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The termination signal that arrived first, or 0.
pub(crate) fn recorded() -> &'static Arc<AtomicUsize> {
    static SIGNALLED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    SIGNALLED.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// The termination signal this program received and handles (its number:
/// 2 for SIGINT, 15 for SIGTERM, 1 for SIGHUP), if one came. Only signals
/// that a handler of this module or of the full-screen game watches are
/// recorded; without one the signal's default action ends the program.
///
/// ```
/// assert_eq!(tenpai_cli::cmd::signals::received(), None);
/// ```
///
/// # Panics
/// Never.
pub fn received() -> Option<i32> {
    match recorded().load(Ordering::SeqCst) {
        0 => None,
        sig => i32::try_from(sig).ok(),
    }
}

/// Records `sig` in [`received`] from the signal handler itself (an
/// atomic store; the last of several signals is kept).
///
/// # Errors
/// The handler cannot be installed.
#[cfg(unix)]
pub(crate) fn record(sig: i32) -> Result<()> {
    let number = usize::try_from(sig).context("a signal number")?;
    signal_hook::flag::register_usize(sig, Arc::clone(recorded()), number)
        .context("a signal handler")?;
    Ok(())
}

/// For runs with external bots (`cmd:` players): on SIGINT, SIGTERM or
/// SIGHUP their processes are ended (with whatever they started) and the
/// program exits with 128 + the signal. The main thread checks
/// [`received`] as it returns, so it exits the same way should it end first.
///
/// # Errors
/// The handler cannot be installed.
pub fn end_bots_on_signals() -> Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            record(sig)?;
        }
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            .context("a signal handler")?;
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                tenpai::bot::end_all_bots();
                std::process::exit(128 + sig);
            }
        });
    }
    Ok(())
}

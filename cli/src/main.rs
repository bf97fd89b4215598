//! `tenpai`: the command-line program; everything but reading its own
//! arguments and streams is in the `tenpai_cli` library (`src/lib.rs`).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use tenpai_cli::{cmd, run, Cli, UsageError};

/// Whether the error is a closed output pipe (`tenpai ... | head`), which ends
/// the program quietly.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        let kind = match c.downcast_ref::<io::Error>() {
            Some(io) => Some(io.kind()),
            // A JSON answer written straight to the pipe.
            None => c
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind),
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

fn main() -> ExitCode {
    let cli = Cli::try_parse_args(std::env::args_os()).unwrap_or_else(|e| e.exit());
    let stdin = io::stdin();
    let stdout = io::stdout();
    // Locked once; large buffers for batch mode (`shanten` adds its own
    // 64 KiB `BufWriter` on the output).
    let input = io::BufReader::with_capacity(1 << 16, stdin.lock());
    let terminal = stdin.is_terminal();
    let result = run(cli, input, terminal, stdout.lock(), io::stderr().lock());
    // A handled termination signal came while the run ended for another
    // reason (its input closed with the interrupt): the signal's status, as
    // the handler's thread would have exited, the bots ended first.
    if let Some(sig) = cmd::signals::received() {
        tenpai::bot::end_all_bots();
        return ExitCode::from(u8::try_from(128 + sig).unwrap_or(u8::MAX));
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        // The game said why it ended; 130 is the status of an interrupt.
        Err(e) if e.is::<cmd::play::Interrupted>() => ExitCode::from(130),
        // Options that are well-formed one by one but not together.
        Err(e) if e.is::<UsageError>() => {
            let usage = e.downcast_ref::<UsageError>().expect("checked");
            usage.to_clap().exit()
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {}", message(&e));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, `: `-separated, each said once: a library
/// error that writes its cause into its own message (`cannot listen on
/// ADDR: Address already in use`) and also names it as its source is not
/// followed by the cause a second time.
fn message(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::message;

    #[test]
    fn message_says_each_cause_once() {
        let io = std::io::Error::new(std::io::ErrorKind::AddrInUse, "Address already in use");
        let listen = tenpai_web::ServeError::Bind {
            addr: "127.0.0.1:8080".parse().unwrap(),
            source: io,
        };
        let e = anyhow::Error::new(listen).context("tenpai serve");
        assert_eq!(
            message(&e),
            "tenpai serve: cannot listen on 127.0.0.1:8080: Address already in use"
        );
        let plain = anyhow::anyhow!("no such file").context("game.jsonl");
        assert_eq!(message(&plain), "game.jsonl: no such file");
    }
}

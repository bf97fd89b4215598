//! The command-line tool's tests, in one test binary: a module per
//! subcommand or area, each running the built `tenpai` binary.
//! Run one area with `cargo test --release -p tenpai-cli --test integration <module>`.

mod agreement;
mod bots;
mod cli;
mod common;
mod conventions;
mod docs;
mod kinds;
mod layout;
mod learn;
mod mjai;
mod mjai_referee;
mod play;
mod play_input;
mod play_mc;
mod play_quit;
mod replay;
mod review;
mod review_browser;
mod score;
mod selfplay;
mod serve;
mod serve_resume;
mod snapshot;
mod suggest;
mod suggest_flags;
mod tables;
mod usage;

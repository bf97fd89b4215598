//! The independent referee: 20 whole games under Mortal's libriichi arena
//! (PyPI `mjai` 0.2.1) — ten with four `tenpai mjai` bots, ten with one
//! against three of the package's rule-based bots — with no referee error.
//! Needs Python with `pip install mjai==0.2.1` (`MJAI_PYTHON` names the
//! interpreter, default `python3`); run with
//! `cargo test --release -p tenpai-cli --test integration mjai_referee:: -- --ignored`.

use std::process::Command;

#[test]
#[ignore = "needs PyPI's mjai 0.2.1; about a minute"]
fn referee_ok_twenty_games_under_the_mjai_arena() {
    let python = std::env::var("MJAI_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/referee/mjai_arena.py"
    );
    let out = Command::new(python)
        .args([
            script,
            "--tenpai",
            env!("CARGO_BIN_EXE_tenpai"),
            "--games",
            "20",
        ])
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.ends_with("20 of 20 games without a referee error\n"),
        "{stdout}"
    );
}

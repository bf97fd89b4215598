//! Shared test fixtures.
#![allow(dead_code)]

use tenpai::{Hand, TileCounts};

/// Parses a hand fixture such as `hand("123m456p789s11z")`.
pub fn hand(s: &str) -> Hand {
    s.parse()
        .unwrap_or_else(|e| panic!("bad fixture {s:?}: {e}"))
}

/// Concealed counts of a fixture.
pub fn counts(s: &str) -> TileCounts {
    *hand(s).concealed()
}

/// Path of a file in `../shared/testdata/`.
pub fn testdata(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/testdata")
        .join(rel)
}

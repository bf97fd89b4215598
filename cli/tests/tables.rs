//! `tenpai tables`: export, info and `--tables FILE` give the built-in
//! answers; a truncated, flipped, stale or missing file is refused by name.

use crate::common;
use common::{tenpai, tenpai_with};
use std::path::{Path, PathBuf};

/// A scratch directory removed at the end of the test.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// CRC-32 (IEEE), to forge a table file whose checksum matches.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                crc >> 1 ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `tenpai tables info --json` of the built-in tables.
fn embedded_info() -> serde_json::Value {
    serde_json::from_str(tenpai(&["tables", "info", "--json"]).ok()).unwrap()
}

/// Where the payload starts and the checksum sits in a table file, found from
/// the header's own fields (payload length last, CRC-32 of the payload) so the
/// test survives header changes.
fn layout(bytes: &[u8]) -> (usize, usize) {
    let checksum = u32::from_str_radix(
        embedded_info()["checksum"]
            .as_str()
            .unwrap()
            .trim_start_matches("0x"),
        16,
    )
    .unwrap();
    let header = (8..=512)
        .step_by(8)
        .find(|&h| bytes[h - 8..h] == ((bytes.len() - h) as u64).to_le_bytes())
        .expect("a header ending with the payload length");
    let at = (0..header - 4)
        .find(|&i| bytes[i..i + 4] == checksum.to_le_bytes())
        .expect("the checksum in the header");
    (header, at)
}

fn export(dir: &Path) -> PathBuf {
    let file = dir.join("tables.bin");
    let out = tenpai(&["tables", "export", file.to_str().unwrap()]);
    let size = std::fs::metadata(&file).unwrap().len();
    assert_eq!(
        out.ok(),
        format!("wrote {size} bytes to {}\n", file.display())
    );
    file
}

const QUERIES: &[&[&str]] = &[
    &[
        "shanten",
        "--json",
        "123m456p789s1122z",
        "9m9p569s [999m] [999p] [999s]",
        "19m19p19s1234567z",
    ],
    &["waits", "--json", "1112345678999m"],
    &["analyze", "--json", "123m456p789s11z234p"],
    &["agari", "--json", "112233m445566p77s"],
];

#[test]
fn tables_export_info_and_use_give_the_same_answers() {
    let dir = scratch();
    let file = export(dir.path());
    let path = file.to_str().unwrap();

    let embedded = tenpai(&["tables", "info", "--json"]);
    let from_file = tenpai(&["tables", "info", "--json", path]);
    let strip = |s: &str| s.split_once(",").unwrap().1.to_string();
    assert!(embedded
        .ok()
        .starts_with("{\"source\":\"built-in\",\"format_version\":"));
    assert!(embedded
        .ok()
        .contains(",\"suit_patterns\":405350,\"honor_patterns\":43130,\"suit_cost_classes\":126,"));
    assert_eq!(strip(embedded.ok()), strip(from_file.ok()));
    let info = embedded_info();
    let size = std::fs::metadata(&file).unwrap().len();
    assert_eq!(info["size"].as_u64(), Some(size));

    let human = tenpai(&["tables", "info", path]);
    let lines: Vec<&str> = human.ok().lines().collect();
    assert_eq!(lines[0], format!("source          {path}"));
    assert_eq!(
        lines[1],
        format!("format version  {}", info["format_version"])
    );
    assert_eq!(lines[2], "patterns        405350 suit, 43130 honor");
    assert_eq!(lines[3], "cost classes    126 suit, 55 honor");
    assert_eq!(
        lines[5],
        format!(
            "checksum        {} (CRC-32 of the payload)",
            info["checksum"].as_str().unwrap()
        )
    );
    assert_eq!(lines[6], format!("size            {size} bytes"));

    for q in QUERIES {
        let builtin = tenpai(q);
        let mut with_option = vec!["--tables", path];
        with_option.extend_from_slice(q);
        assert_eq!(tenpai(&with_option).ok(), builtin.ok(), "{q:?}");
        // The option is global: also accepted after the subcommand.
        let mut after = q.to_vec();
        after.extend_from_slice(&["--tables", path]);
        assert_eq!(tenpai(&after).ok(), builtin.ok(), "{q:?}");
        let by_env = tenpai_with(q, "", &[("TENPAI_TABLES", &file)]);
        assert_eq!(by_env.ok(), builtin.ok(), "{q:?}");
    }
    // `tables info` without FILE describes the tables in use.
    let in_use = tenpai_with(&["tables", "info"], "", &[("TENPAI_TABLES", &file)]);
    assert!(in_use
        .ok()
        .starts_with(&format!("source          {path}\n")));
}

#[test]
fn tables_err_truncated_file_is_refused() {
    let dir = scratch();
    let file = export(dir.path());
    let bytes = std::fs::read(&file).unwrap();
    let short = dir.path().join("short.bin");
    std::fs::write(&short, &bytes[..bytes.len() / 2]).unwrap();
    let r = tenpai(&["--tables", short.to_str().unwrap(), "shanten", "1m"]);
    assert_eq!(
        r.failed(),
        format!(
            "error: --tables {}: table file is truncated: expected {} bytes, found {}\n",
            short.display(),
            bytes.len(),
            bytes.len() / 2
        )
    );
    assert_eq!(r.out, "");
    let r = tenpai(&["tables", "info", short.to_str().unwrap()]);
    assert!(
        r.failed().starts_with(&format!(
            "error: FILE {}: table file is truncated",
            short.display()
        )),
        "{}",
        r.err
    );
    // Shorter than a header.
    std::fs::write(&short, &bytes[..10]).unwrap();
    let r = tenpai_with(&["waits", "1m"], "", &[("TENPAI_TABLES", &short)]);
    let err = r.failed();
    assert!(
        err.starts_with(&format!(
            "error: TENPAI_TABLES {}: table file is truncated: expected ",
            short.display()
        )),
        "{err}"
    );
    assert!(err.ends_with(" bytes, found 10\n"), "{err}");
    // The option wins over the variable, after the subcommand too, and the
    // error names the option even though the variable is set.
    let r = tenpai_with(
        &["waits", "1m", "--tables", short.to_str().unwrap()],
        "",
        &[("TENPAI_TABLES", Path::new("elsewhere.bin"))],
    );
    let err = r.failed();
    assert!(
        err.starts_with(&format!(
            "error: --tables {}: table file is truncated",
            short.display()
        )),
        "{err}"
    );
}

#[test]
fn tables_err_flipped_byte_is_refused() {
    let dir = scratch();
    let file = export(dir.path());
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&file, &bytes).unwrap();
    let r = tenpai_with(
        &["shanten", "123m456p789s1122z"],
        "",
        &[("TENPAI_TABLES", &file)],
    );
    let err = r.failed();
    assert!(
        err.starts_with(&format!(
            "error: TENPAI_TABLES {}: table file is damaged: checksum expected 0x",
            file.display()
        )),
        "{err}"
    );
    assert_eq!(r.out, "");
    // In the header: the format version, right after the 8 magic bytes.
    let version = embedded_info()["format_version"].as_u64().unwrap();
    bytes[mid] ^= 0x10;
    bytes[8] ^= 0x02;
    std::fs::write(&file, &bytes).unwrap();
    let r = tenpai(&["tables", "info", file.to_str().unwrap()]);
    assert_eq!(
        r.failed(),
        format!(
            "error: FILE {}: table file has format version {}, this build reads version {version}\n",
            file.display(),
            version ^ 2
        )
    );
}

#[test]
fn tables_err_stale_file_is_refused() {
    // Intact (its checksum matches) but not this build's tables.
    let dir = scratch();
    let file = export(dir.path());
    let mut bytes = std::fs::read(&file).unwrap();
    let (header, at) = layout(&bytes);
    // The payload's first vector (the suit patterns' cost classes, one byte
    // each) starts after an 8-byte length: point the first pattern at another
    // class, and write the checksum of the changed file (the header with its
    // checksum field as zero, then the payload).
    let first = header + 8;
    bytes[first] = if bytes[first] == 0 { 1 } else { 0 };
    bytes[at..at + 4].fill(0);
    let crc = crc32(&bytes);
    bytes[at..at + 4].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&file, &bytes).unwrap();
    let r = tenpai(&["--tables", file.to_str().unwrap(), "agari", "11m"]);
    let err = r.failed();
    assert!(
        err.starts_with(&format!(
            "error: --tables {}: table file is stale: ",
            file.display()
        )),
        "{err}"
    );
    assert!(
        err.ends_with("export them again with `tenpai tables export`\n"),
        "{err}"
    );
}

#[test]
fn tables_err_missing_file() {
    let dir = scratch();
    let missing = dir.path().join("missing.bin");
    let r = tenpai(&["--tables", missing.to_str().unwrap(), "shanten", "1m"]);
    assert_eq!(
        r.failed(),
        format!(
            "error: cannot read the --tables file {0}: no such file or directory\n",
            missing.display()
        )
    );
}

#[test]
fn tables_empty_env_means_built_in() {
    let r = tenpai_with(&["shanten", "1m"], "", &[("TENPAI_TABLES", Path::new(""))]);
    assert_eq!(r.ok(), tenpai(&["shanten", "1m"]).ok());
}

#[test]
fn tables_export_ignores_a_bad_tables_option() {
    let dir = scratch();
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, b"not tables").unwrap();
    let file = dir.path().join("good.bin");
    let r = tenpai_with(
        &["tables", "export", file.to_str().unwrap()],
        "",
        &[("TENPAI_TABLES", &bad)],
    );
    r.ok();
    tenpai(&["tables", "info", file.to_str().unwrap()]).ok();
}

//! The table file: export, memory-mapped use, and refusal of damaged, truncated,
//! foreign and stale files.
use rand::seq::SliceRandom;
use rand::SeedableRng;
use tenpai::{MappedTables, TableError, Tables};

fn write_temp(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut f, bytes).unwrap();
    f
}

fn open(bytes: &[u8]) -> Result<MappedTables, TableError> {
    let f = write_temp(bytes);
    // SAFETY: the temporary file is not modified while mapped.
    unsafe { MappedTables::open(f.path()) }
}

const CHECKSUM_AT: usize = 52;

/// Writes the checksum a file with these bytes must carry: CRC-32 of the
/// header (its checksum field as zero) and the payload.
fn reseal(bytes: &mut [u8]) {
    bytes[CHECKSUM_AT..CHECKSUM_AT + 4].fill(0);
    let crc = crc32(bytes);
    bytes[CHECKSUM_AT..CHECKSUM_AT + 4].copy_from_slice(&crc.to_le_bytes());
}

#[test]
fn tables_regenerate_to_the_embedded_bytes() {
    let regenerated = tenpai::internals::file_bytes(&tenpai::internals::payload());
    assert!(
        regenerated == Tables::embedded().bytes(),
        "build.rs output differs from the generator"
    );
}

#[test]
fn tables_header_counts() {
    let h = Tables::embedded().header();
    assert_eq!(
        (h.version, h.suit_patterns, h.honor_patterns),
        (2, 405_350, 43_130)
    );
    assert_eq!((h.suit_cost_classes, h.honor_cost_classes), (126, 55));
    assert_eq!(
        h.payload_len as usize + 64,
        Tables::embedded().bytes().len()
    );
}

#[test]
fn mapped_tables_answer_like_embedded_tables() {
    let bytes = Tables::embedded().bytes();
    let mapped = open(bytes).unwrap();
    let (m, e) = (mapped.tables(), Tables::embedded());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    for size in [1usize, 2, 4, 5, 7, 8, 10, 11, 13, 14]
        .iter()
        .cycle()
        .take(20_000)
    {
        wall.shuffle(&mut rng);
        let mut c = [0u8; 34];
        for &t in &wall[..*size] {
            c[t] += 1;
        }
        assert_eq!(m.shanten_forms(&c), e.shanten_forms(&c));
        if size % 3 == 1 {
            assert_eq!(m.ukeire(&c, None), e.ukeire(&c, None));
        } else {
            assert_eq!(m.is_agari(&c), e.is_agari(&c));
            assert_eq!(m.analyze(&c, None), e.analyze(&c, None));
        }
    }
}

#[test]
fn table_file_err_truncated() {
    let bytes = Tables::embedded().bytes();
    let e = open(&bytes[..bytes.len() - 1000]).err().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "table file is truncated: expected {} bytes, found {}",
            bytes.len(),
            bytes.len() - 1000
        )
    );
    let e = open(&bytes[..20]).err().unwrap();
    assert_eq!(
        e.to_string(),
        "table file is truncated: expected 64 bytes, found 20"
    );
}

#[test]
fn table_file_err_damaged_byte() {
    let mut bytes = Tables::embedded().bytes().to_vec();
    bytes[100_000] ^= 0x40;
    let e = open(&bytes).err().unwrap();
    assert!(matches!(e, TableError::Checksum { .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("table file is damaged: checksum expected 0x"),
        "{e}"
    );
}

#[test]
fn table_file_err_damaged_header_count() {
    // The checksum covers the header: a changed class count is damage, not a
    // count to believe.
    let mut bytes = Tables::embedded().bytes().to_vec();
    bytes[48] ^= 0x01; // three_suits_classes
    let e = open(&bytes).err().unwrap();
    assert!(matches!(e, TableError::Checksum { .. }), "{e}");
}

#[test]
fn table_file_err_crafted_counts_do_not_overflow() {
    // A header with huge class counts and a checksum that matches them: the
    // section sizes are products of the counts, computed with checked
    // arithmetic.
    let mut bytes = Tables::embedded().bytes().to_vec();
    bytes[36..40].copy_from_slice(&u32::MAX.to_le_bytes()); // suit_suit_classes
    bytes[40..44].copy_from_slice(&u32::MAX.to_le_bytes()); // suit_honor_classes
    reseal(&mut bytes);
    let e = Tables::from_bytes(aligned(&bytes)).err().unwrap();
    assert!(matches!(e, TableError::Oversized { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "table file combined replacement numbers: the header's counts give more entries than fit in memory"
    );
}

#[test]
fn table_file_checksum_is_at_its_documented_offset() {
    let bytes = Tables::embedded().bytes();
    let stored = u32::from_le_bytes(bytes[CHECKSUM_AT..CHECKSUM_AT + 4].try_into().unwrap());
    assert_eq!(stored, Tables::embedded().header().checksum);
    let mut copy = bytes.to_vec();
    reseal(&mut copy);
    assert!(
        copy == bytes,
        "the checksum covers the header and the payload"
    );
}

#[test]
fn table_file_err_not_a_table_file() {
    let e = open(&[b'x'; 4096]).err().unwrap();
    assert_eq!(
        e.to_string(),
        r#"not a tenpai table file: expected magic "TENPAItb", found "xxxxxxxx""#
    );
}

#[test]
fn table_file_err_other_version() {
    let mut bytes = Tables::embedded().bytes().to_vec();
    bytes[8] = 9;
    let e = open(&bytes).err().unwrap();
    assert_eq!(
        e.to_string(),
        "table file has format version 9, this build reads version 2"
    );
}

#[test]
fn table_file_err_stale() {
    // Intact but different tables: swap one pattern's class, fix the checksum.
    let mut bytes = Tables::embedded().bytes().to_vec();
    let first_class = 64 + 8;
    bytes[first_class] = (bytes[first_class] + 1) % 126;
    reseal(&mut bytes);
    assert!(Tables::from_bytes(aligned(&bytes)).is_ok());
    let e = open(&bytes).err().unwrap();
    assert!(matches!(e, TableError::Stale { .. }), "{e}");
    assert!(e.to_string().contains("table file is stale"), "{e}");
}

#[test]
fn table_file_err_class_out_of_range() {
    let mut bytes = Tables::embedded().bytes().to_vec();
    bytes[64 + 8] = 200;
    reseal(&mut bytes);
    let e = open(&bytes).err().unwrap();
    assert_eq!(
        e.to_string(),
        "table file cost class id (below): expected 126, found 200"
    );
}

#[test]
fn table_file_err_missing_file() {
    // SAFETY: no file, nothing mapped.
    let e = unsafe { MappedTables::open("/nonexistent/tables.bin") }
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "cannot read table file /nonexistent/tables.bin"
    );
    let source = std::error::Error::source(&e).unwrap().to_string();
    assert_eq!(source, "No such file or directory (os error 2)");
}

/// The bytes copied to 8-byte-aligned memory.
fn aligned(bytes: &[u8]) -> &'static [u8] {
    let words: Vec<u64> = bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect();
    let words: &'static [u64] = Box::leak(words.into_boxed_slice());
    // SAFETY: u64 words reinterpreted as their bytes, trimmed to the original length.
    unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, bytes.len()) }
}

/// CRC-32 (IEEE), bitwise, as the file header uses.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn table_file_err_huge_payload_length() {
    let mut bytes = Tables::embedded().bytes().to_vec();
    bytes[56..64].copy_from_slice(&u64::MAX.to_le_bytes());
    let e = open(&bytes).err().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "table file is truncated: expected {} bytes, found {}",
            u64::MAX,
            bytes.len()
        )
    );
}

#[test]
fn table_file_err_misaligned_bytes() {
    let bytes = Tables::embedded().bytes();
    let mut shifted = vec![0u8; bytes.len() + 8];
    let start = (0..8)
        .find(|&i| (shifted.as_ptr() as usize + i) % 8 == 1)
        .unwrap();
    shifted[start..start + bytes.len()].copy_from_slice(bytes);
    let e = Tables::from_bytes(&shifted[start..start + bytes.len()])
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "table bytes are not 8-byte aligned (off by 1)"
    );
}

#[test]
fn table_file_err_directory() {
    let dir = tempfile::tempdir().unwrap();
    // SAFETY: nothing is mapped.
    let e = unsafe { MappedTables::open(dir.path()) }.err().unwrap();
    assert_eq!(
        e.to_string(),
        format!("{} is not a regular file", dir.path().display())
    );
}

#[test]
fn table_file_err_replacement_number_out_of_range() {
    // Find the combined replacement numbers: the only section of u8 values whose
    // length is a multiple of 8 holding values up to 14 right after two id tables
    // is hard to locate blindly, so forge through the generator instead.
    let mut payload = tenpai::internals::payload();
    payload.combined.replacement[0] = 200;
    let bytes = tenpai::internals::file_bytes(&payload);
    let e = Tables::from_bytes(aligned(&bytes)).err().unwrap();
    assert_eq!(
        e.to_string(),
        "table file combined replacement number (at most): expected 14, found 200"
    );
}

//! `tenpai tables`: export the built-in lookup tables to a file, and describe
//! the built-in tables or a table file.

use super::TableSource;
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use tenpai::Tables;

/// Export or inspect the lookup tables.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with the tables.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Write the built-in tables to FILE, for use with --tables / TENPAI_TABLES.
    ///
    /// The file is written next to FILE and renamed over it, so programs that
    /// have the old file mapped keep a consistent view. --tables is ignored.
    Export {
        /// Where to write the tables.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Print the header of the tables: format version, pattern counts, class
    /// counts, checksum and size.
    ///
    /// With FILE, that file is opened and checked first (a damaged or stale
    /// file is refused); without it, the tables in use: the --tables file if
    /// given, otherwise the built-in tables.
    Info {
        /// A table file written by `tenpai tables export`.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,

        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Serialize)]
struct Info {
    source: String,
    format_version: u32,
    suit_patterns: u32,
    honor_patterns: u32,
    suit_cost_classes: u32,
    suit_need_classes: u32,
    honor_cost_classes: u32,
    honor_need_classes: u32,
    checksum: String,
    size: usize,
}

fn info(source: String, t: &Tables<'_>) -> Info {
    let h = t.header();
    Info {
        source,
        format_version: h.version,
        suit_patterns: h.suit_patterns,
        honor_patterns: h.honor_patterns,
        suit_cost_classes: h.suit_cost_classes,
        suit_need_classes: h.suit_need_classes,
        honor_cost_classes: h.honor_cost_classes,
        honor_need_classes: h.honor_need_classes,
        checksum: format!("{:#010x}", h.checksum),
        size: t.bytes().len(),
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory and
/// a rename, so that a reader never maps a half-written file.
///
/// A path that exists must be a regular file (a symbolic link is followed and
/// its target replaced): devices, pipes and directories are refused.
fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let resolved;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            resolved = std::fs::canonicalize(path)?;
            resolved.as_path()
        }
        _ => path,
    };
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "not a regular file (a device, pipe or directory is never replaced)",
            ))
        }
        _ => {}
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Runs `tenpai tables`; `tables_file` is the global `--tables` option.
///
/// # Errors
/// A file that cannot be written, or read, or is refused by the library
/// (truncated, damaged, stale...), named in the message.
pub fn run<W: Write>(args: &Args, tables_file: Option<(&Path, &str)>, mut out: W) -> Result<()> {
    match &args.action {
        Action::Export { file } => {
            super::check_output("tables export", file, super::Output::File)?;
            let bytes = Tables::embedded().bytes();
            write_replacing(file, bytes)
                .map_err(|e| super::file_error("write the tables export", file, &e))?;
            writeln!(out, "wrote {} bytes to {}", bytes.len(), file.display())?;
        }
        Action::Info { file, json } => {
            let (path, label) = match file {
                Some(f) => (Some(f.as_path()), "FILE"),
                None => (
                    tables_file.map(|(f, _)| f),
                    tables_file.map_or("--tables", |(_, l)| l),
                ),
            };
            let source = match path {
                Some(p) => TableSource::open_file(p, label)?,
                None => TableSource::EMBEDDED,
            };
            let name = path.map_or_else(|| "built-in".to_string(), |p| p.display().to_string());
            let i = info(name, source.tables());
            if *json {
                serde_json::to_writer(&mut out, &i)?;
                writeln!(out)?;
            } else {
                writeln!(out, "source          {}", i.source)?;
                writeln!(out, "format version  {}", i.format_version)?;
                writeln!(
                    out,
                    "patterns        {} suit, {} honor",
                    i.suit_patterns, i.honor_patterns
                )?;
                writeln!(
                    out,
                    "cost classes    {} suit, {} honor",
                    i.suit_cost_classes, i.honor_cost_classes
                )?;
                writeln!(
                    out,
                    "need classes    {} suit, {} honor",
                    i.suit_need_classes, i.honor_need_classes
                )?;
                writeln!(
                    out,
                    "checksum        {} (CRC-32 of the payload)",
                    i.checksum
                )?;
                writeln!(out, "size            {} bytes", i.size)?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

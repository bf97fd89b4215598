//! Output paths checked before the work: a file to write or a directory to
//! write files into, named with their option when they cannot be written.

use anyhow::Result;
use std::io;
use std::path::Path;

/// The error of a file the user named that cannot be opened, read or
/// written: the path, what was being done with it (`doing`: `read the
/// --batch file`) and why in words ([`tenpai::io_problem`]), e.g. `cannot
/// read the --batch file tests: it is a directory`. Every command words
/// its file errors here.
///
/// ```
/// use std::io::{Error, ErrorKind};
/// let e = tenpai_cli::cmd::file_error("read the --model file", "m.json".as_ref(), &Error::from(ErrorKind::NotFound));
/// assert_eq!(e.to_string(), "cannot read the --model file m.json: no such file or directory");
/// ```
pub fn file_error(doing: &str, path: &Path, e: &io::Error) -> anyhow::Error {
    anyhow::anyhow!(
        "cannot {doing} {}: {}",
        path.display(),
        tenpai::io_problem(e)
    )
}

/// What an output option names: a file that is written, or a directory that
/// files are written into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// A file (created or replaced).
    File,
    /// A directory, made when missing ([`make_output_dir`]) in a parent
    /// that exists: a mistyped folder higher up is refused, not made.
    Dir,
}

/// Checks, before any work, that the output `path` of `option` (`--html`,
/// `--log`, `tables export`...) can be written, so that a long run never
/// ends on a bad path. Leaves nothing behind: an existing file is opened for
/// writing without truncating it; a new file is created and removed again;
/// into an existing directory a probe file is written and removed.
///
/// # Errors
/// Names the option and the path: a file that is a directory, ends in `/`,
/// or is in a directory that does not exist (or is not a directory), an
/// existing file that is read-only, a file or directory that cannot be
/// written (permissions, a read-only file system, `/proc`); a directory that
/// is a file, or whose parent does not exist or is not a directory.
pub fn check_output(option: &str, path: &Path, kind: Output) -> Result<()> {
    let fail = |why: String| Err(anyhow::anyhow!("{option} {}: {why}", path.display()));
    if path.as_os_str().is_empty() {
        return fail("an empty path".into());
    }
    match kind {
        Output::File => {
            if path.is_dir() {
                return fail("is a directory".into());
            }
            let dir = path
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            if !dir.is_dir() {
                return fail(format!("no directory {}", dir.display()));
            }
            if path.as_os_str().to_string_lossy().ends_with('/') {
                return fail("a file is expected, not a path ending in /".into());
            }
            match std::fs::metadata(path) {
                Ok(m) if m.permissions().readonly() => fail("the file is read-only".into()),
                Ok(_) => match std::fs::OpenOptions::new().append(true).open(path) {
                    Ok(_) => Ok(()),
                    Err(e) => fail(format!("cannot be written: {}", tenpai::io_problem(&e))),
                },
                Err(_) => probe_file(path)
                    .or_else(|e| fail(format!("cannot be written: {}", tenpai::io_problem(&e)))),
            }
        }
        Output::Dir => {
            if path.exists() {
                return match path.is_dir() {
                    true => check_dir_writable(option, path),
                    false => fail("not a directory (files are written into a directory)".into()),
                };
            }
            // Only the last folder is made: its parent must be there.
            let parent = path
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            if parent.is_dir() {
                Ok(())
            } else if parent.exists() {
                fail(format!("{} is not a directory", parent.display()))
            } else {
                fail(format!(
                    "no directory {} (only the last folder of the path is made)",
                    parent.display()
                ))
            }
        }
    }
}

/// Creates the new file `path` and removes it again: whether it can be
/// written.
fn probe_file(path: &Path) -> io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    std::fs::remove_file(path)
}

/// Whether files can be written into the existing directory `dir` of
/// `option`: a probe file is made in it and removed.
///
/// # Errors
/// The probe cannot be made, the option and the directory named.
fn check_dir_writable(option: &str, dir: &Path) -> Result<()> {
    let probe = dir.join(format!(".tenpai-write-check-{}", std::process::id()));
    probe_file(&probe).map_err(|e| {
        anyhow::anyhow!(
            "{option} {}: files cannot be written into it: {}",
            dir.display(),
            tenpai::io_problem(&e)
        )
    })
}

/// Makes the output directory `dir` of `option` (`--log-dir`) when it is
/// missing: only its last folder, in a parent that exists
/// ([`check_output`]), so that a typo higher up in a long path is refused,
/// not made into folders.
///
/// # Errors
/// [`check_output`]'s, or the folder cannot be made; the option and the
/// path named.
///
/// # Panics
/// Never.
pub fn make_output_dir(option: &str, dir: &Path) -> Result<()> {
    check_output(option, dir, Output::Dir)?;
    match std::fs::create_dir(dir) {
        Err(e) if !(e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir()) => {
            Err(file_error(&format!("make the {option} folder"), dir, &e))
        }
        Err(_) => Ok(()),
        // Just made: whether it can be written into is checked now.
        Ok(()) => check_dir_writable(option, dir),
    }
}

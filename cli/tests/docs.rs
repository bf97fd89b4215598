//! Every command shown in the READMEs and the guide is run and its output
//! compared with the output shown.
//!
//! The convention (written for readers in `docs/guide/README.md`): a fenced
//! block whose info string is `console` is checked. In it, a line starting
//! with `$ ` is a command; the lines after it, up to the next command or the
//! block's end, are its output, exactly (trailing spaces and blank lines
//! aside). The command runs in `sh` from a scratch directory that links the
//! repository's top-level files and folders (so it reads `tests/data/...`
//! and writes its files in the scratch directory), with the built `tenpai`
//! first on `PATH`, no standard input, and standard error merged into standard output as a
//! terminal shows it. Two wildcards, those of `trycmd`: a line `...` stands
//! for any number of lines, and `[..]` in a line for any text within it (a
//! time, a speed). A last line `[exit status N]` expects that exit status;
//! without it the command must succeed. A block whose info string is
//! `console not run: REASON` is shown but not run (the reason is required).
//! A `$ ` line in any other block is an error, so no command escapes.
//!
//! After a change of output on purpose, rewrite the outputs shown and read
//! the diff (an output with a `...` line is left to be edited by hand; a
//! line with `[..]` is kept where it still matches):
//!
//! ```sh
//! UPDATE_DOCS=1 cargo test --release -p tenpai-cli --test integration docs::
//! ```

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the repository")
        .to_path_buf()
}

/// One command shown in a document, with the output shown after it.
#[derive(Debug, Clone)]
struct Example {
    /// The document's path relative to the root.
    file: String,
    /// The command's line (1-based).
    line: usize,
    /// The command, without its `$ `.
    command: String,
    /// The output shown, without trailing blank lines and the status line.
    expected: Vec<String>,
    /// The exit status expected.
    status: i32,
    /// The lines (0-based, end exclusive) the output and status line take.
    span: (usize, usize),
}

/// The examples of one document and the commands shown but not run.
#[derive(Debug, Default)]
struct Examples {
    run: Vec<Example>,
    not_run: Vec<String>,
}

/// The status line's form.
fn status_line(status: i32) -> String {
    format!("[exit status {status}]")
}

/// Parses a document's `console` blocks; an error names the file and line.
fn parse(file: &str, text: &str) -> Result<Examples, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Examples::default();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].strip_prefix("```") else {
            if lines[i].trim_start().starts_with("$ ") {
                return Err(format!("{file}:{}: a command outside a block", i + 1));
            }
            i += 1;
            continue;
        };
        let info = info.trim();
        let start = i + 1;
        let end = (start..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .ok_or_else(|| format!("{file}:{}: the block is not closed", i + 1))?;
        let body = &lines[start..end];
        if info == "console" {
            found.run.extend(examples(file, start, body)?);
        } else if let Some(reason) = info.strip_prefix("console not run:") {
            if reason.trim().is_empty() {
                return Err(format!("{file}:{}: `not run` needs a reason", i + 1));
            }
            found.not_run.extend(
                body.iter()
                    .filter_map(|l| l.strip_prefix("$ "))
                    .map(|c| format!("{file}:{}: {c}", i + 1)),
            );
        } else if info.starts_with("console") {
            return Err(format!("{file}:{}: unknown block `{info}`", i + 1));
        } else if let Some(j) = body.iter().position(|l| l.trim_start().starts_with("$ ")) {
            return Err(format!(
                "{file}:{}: a command in a `{info}` block: mark the block `console`",
                start + j + 1
            ));
        }
        i = end + 1;
    }
    Ok(found)
}

/// The examples of one checked block whose first line is line `start`.
fn examples(file: &str, start: usize, body: &[&str]) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    let mut j = 0;
    while j < body.len() {
        let Some(command) = body[j].strip_prefix("$ ") else {
            return Err(format!(
                "{file}:{}: output before any command",
                start + j + 1
            ));
        };
        let from = j + 1;
        let to = (from..body.len())
            .find(|&k| body[k].starts_with("$ "))
            .unwrap_or(body.len());
        let mut shown: Vec<String> = body[from..to]
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect();
        while shown.last().is_some_and(|l| l.trim().is_empty()) {
            shown.pop();
        }
        let span_end = start + from + shown.len();
        let mut status = 0;
        if let Some(n) = shown
            .last()
            .and_then(|l| l.strip_prefix("[exit status "))
            .and_then(|l| l.strip_suffix(']'))
        {
            status = n
                .parse()
                .map_err(|_| format!("{file}:{}: bad status line", start + from + shown.len()))?;
            shown.pop();
        }
        check_paths(command).map_err(|e| format!("{file}:{}: {e}", start + j + 1))?;
        out.push(Example {
            file: file.to_string(),
            line: start + j + 1,
            command: command.to_string(),
            expected: shown,
            status,
            span: (start + from, span_end),
        });
        j = to;
    }
    Ok(out)
}

/// Refuses a command that reads or writes outside the repository.
fn check_paths(command: &str) -> Result<(), String> {
    if !command.split_whitespace().any(|w| w == "tenpai") {
        return Err("the command does not run tenpai".into());
    }
    // Single-quoted text is a pattern for grep or sed, or text echoed.
    let unquoted: String = command.split('\'').step_by(2).collect::<Vec<_>>().join(" ");
    for word in unquoted.split(|c: char| c.is_whitespace() || "\"<>|;()=".contains(c)) {
        // /dev/null is where a command's keyboard input comes from when
        // it must not wait for a person.
        if word == "/dev/null" {
            continue;
        }
        if word.starts_with('/') || word.starts_with('~') || word.split('/').any(|p| p == "..") {
            return Err(format!("`{word}` is outside the repository"));
        }
    }
    Ok(())
}

/// Whether `actual` matches `expected` with its wildcards.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => {
            !actual.is_empty() && line_matches(e, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// Whether one line matches, `[..]` standing for any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(k) => rest = &rest[k + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// A scratch directory linking the repository's top-level entries (the
/// build's `target/` and `.git` aside).
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(root()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), dir.path().join(&name)).unwrap();
    }
    dir
}

/// Runs one command in `dir`: its merged output and exit status.
fn run(example: &Example, dir: &Path) -> (String, i32) {
    let bin = Path::new(env!("CARGO_BIN_EXE_tenpai")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {}\n}} 2>&1", example.command))
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("TENPAI_TABLES")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        o.status.code().unwrap_or(-1),
    )
}

/// Runs every example of the documents and fails with every difference;
/// with `UPDATE_DOCS=1`, rewrites the outputs shown instead.
fn check(files: &[String]) -> usize {
    let update = std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files {
        let path = root().join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let examples = parse(file, &text).unwrap_or_else(|e| panic!("{e}"));
        let dir = scratch();
        let mut rewrites = Vec::new();
        for ex in &examples.run {
            count += 1;
            let (out, status) = run(ex, dir.path());
            // Trailing spaces are not compared (editors strip them).
            let mut actual: Vec<&str> = out.lines().map(str::trim_end).collect();
            while actual.last().is_some_and(|l| l.trim().is_empty()) {
                actual.pop();
            }
            if status == ex.status && lines_match(&ex.expected, &actual) {
                continue;
            }
            let wild = ex.expected.iter().any(|l| l == "..." || l.contains("[..]"));
            // A line `...` cannot be rewritten; a line with `[..]` is kept
            // where it still matches its line.
            let rewritable = !ex.expected.iter().any(|l| l == "...")
                && (!wild || ex.expected.len() == actual.len());
            if update && rewritable {
                let mut new: Vec<String> = actual
                    .iter()
                    .enumerate()
                    .map(|(i, l)| match ex.expected.get(i) {
                        Some(e) if line_matches(e, l) => e.clone(),
                        _ => l.to_string(),
                    })
                    .collect();
                if status != 0 {
                    new.push(status_line(status));
                }
                rewrites.push((ex.span, new));
                continue;
            }
            let first = if wild {
                String::new()
            } else {
                let i = (0..ex.expected.len().max(actual.len()))
                    .find(|&i| ex.expected.get(i).map(|s| s.as_str()) != actual.get(i).copied())
                    .unwrap_or(0);
                format!(
                    "first difference, output line {}:\n  shown:   {}\n  printed: {}\n",
                    i + 1,
                    ex.expected.get(i).map_or("(nothing)", |s| s.as_str()),
                    actual.get(i).unwrap_or(&"(nothing)")
                )
            };
            failures.push(format!(
                "{}:{}: $ {}\n{first}--- shown (exit status {})\n{}\n--- printed (exit status {status})\n{}\n",
                ex.file,
                ex.line,
                ex.command,
                ex.status,
                ex.expected.join("\n"),
                actual.join("\n"),
            ));
        }
        if !rewrites.is_empty() {
            let mut lines: Vec<String> = text.lines().map(|l| l.to_string()).collect();
            for ((from, to), new) in rewrites.into_iter().rev() {
                lines.splice(from..to, new);
            }
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) print something else than shown:\n\n{}\n\
         If the output changed on purpose, rewrite them (not those with a `...` line) and read the diff:\n  \
         UPDATE_DOCS=1 cargo test --release -p tenpai-cli --test integration docs::",
        failures.len(),
        failures.join("\n")
    );
    count
}

/// The guide's pages, sorted.
fn guide_pages() -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/guide/{n}"))
        .collect();
    pages.sort();
    pages
}

/// The commands a document runs, in order.
fn commands(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let examples = parse(file, &text).unwrap_or_else(|e| panic!("{e}"));
    examples.run.into_iter().map(|e| e.command).collect()
}

#[test]
fn docs_readme_examples_print_what_is_shown() {
    assert!(check(&["README.md".into()]) >= 5);
}

#[test]
fn docs_readme_zh_cn_examples_print_what_is_shown() {
    assert!(check(&["README.zh-CN.md".into()]) >= 5);
}

#[test]
fn docs_guide_examples_print_what_is_shown() {
    let pages = guide_pages();
    assert!(pages.len() >= 8, "{pages:?}");
    assert!(check(&pages) >= 30);
}

#[test]
fn docs_readme_zh_cn_shows_the_readme_s_commands() {
    assert_eq!(commands("README.zh-CN.md"), commands("README.md"));
}

#[test]
fn docs_readme_is_a_front_page_of_at_most_20_kb() {
    for file in ["README.md", "README.zh-CN.md"] {
        let size = std::fs::metadata(root().join(file)).unwrap().len();
        assert!(size <= 20_000, "{file} is {size} bytes");
    }
}

#[test]
fn docs_every_link_to_a_file_reaches_one() {
    let mut files = vec!["README.md".to_string(), "README.zh-CN.md".to_string()];
    files.extend(guide_pages());
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let base = root().join(file).parent().unwrap().to_path_buf();
        for piece in text.split("](").skip(1) {
            let target = &piece[..piece.find(')').unwrap_or(piece.len())];
            let target = target.split('#').next().unwrap();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !base.join(target).exists() {
                broken.push(format!("{file}: {target}"));
            }
        }
    }
    assert!(broken.is_empty(), "links to nothing: {broken:?}");
}

#[test]
fn docs_parse_ok_output_up_to_the_next_command_and_status() {
    let text = "```console\n$ tenpai a\none\n\n$ tenpai b\n[exit status 2]\n```\n";
    let found = parse("x.md", text).unwrap();
    assert_eq!(found.run.len(), 2);
    assert_eq!(found.run[0].expected, vec!["one"]);
    assert_eq!((found.run[0].status, found.run[0].span), (0, (2, 3)));
    assert_eq!(found.run[1].expected, Vec::<String>::new());
    assert_eq!((found.run[1].status, found.run[1].span), (2, (5, 6)));
}

#[test]
fn docs_parse_err_command_outside_a_console_block() {
    let err = parse("x.md", "```sh\n$ tenpai a\n```\n").unwrap_err();
    assert_eq!(
        err,
        "x.md:2: a command in a `sh` block: mark the block `console`"
    );
    let err = parse("x.md", "```console not run:\n$ tenpai a\n```\n").unwrap_err();
    assert_eq!(err, "x.md:1: `not run` needs a reason");
    let err = parse("x.md", "```console\n$ tenpai /etc/passwd\n```\n").unwrap_err();
    assert_eq!(err, "x.md:2: `/etc/passwd` is outside the repository");
}

#[test]
fn docs_wildcards_match_only_what_they_stand_for() {
    let e = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&e(&["a", "...", "d"]), &["a", "d"]));
    assert!(!lines_match(&e(&["a", "...", "d"]), &["a", "b", "c", "e"]));
    assert!(!lines_match(&e(&["a", "b"]), &["a", "b", "c"]));
    assert!(line_matches(
        "200 games, 0.9 s ([..] games/s)",
        "200 games, 0.9 s (230 games/s)"
    ));
    assert!(!line_matches("200 games, [..] s", "201 games, 0.9 s"));
    assert!(!line_matches("a[..]a", "a"));
}

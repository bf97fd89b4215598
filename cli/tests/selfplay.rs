//! `tenpai selfplay` end to end: shards merged give exactly the one run's
//! table and JSON; logs and decisions are written as games finish and a
//! failed write stops the run; bad paths and bad merges are refused.

use crate::common;
use common::tenpai;
use std::path::Path;

/// A scratch directory removed at the end of the test.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// 24 east-only duplicate games, baseline against random players, seed 40.
const RUN: [&str; 8] = [
    "selfplay",
    "--games=24",
    "--duplicate",
    "--length=east",
    "--seed=40",
    "--players=baseline,random,baseline,random",
    "--rules=tenhou",
    "--threads=1",
];

/// Everything but the header line (which holds the time).
fn table(out: &str) -> String {
    let (header, rest) = out.split_once('\n').unwrap();
    assert!(
        header.starts_with("24 east-only games (duplicate), seed 40, "),
        "{header}"
    );
    rest.to_string()
}

/// The JSON output without the seconds it took.
fn timeless(out: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(out).unwrap();
    assert!(v["seconds"].as_f64().unwrap() > 0.0);
    v["seconds"] = serde_json::Value::Null;
    v
}

/// Plays shard `k` of `n` of [`RUN`] and saves its JSON in `dir`.
fn shard(dir: &Path, k: u32, n: u32) -> String {
    let path = dir.join(format!("shard-{k}-of-{n}.json"));
    let spec = format!("--shard={k}/{n}");
    let out = tenpai(&[&RUN[..], &[&spec, "--json"]].concat())
        .ok()
        .to_string();
    std::fs::write(&path, out).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn selfplay_ok_merged_shards_print_exactly_the_one_run() {
    let dir = scratch();
    let one_table = tenpai(&RUN).ok().to_string();
    let one_json = tenpai(&[&RUN[..], &["--json"]].concat()).ok().to_string();
    for n in [2, 5] {
        let mut files: Vec<String> = (1..=n).map(|k| shard(dir.path(), k, n)).collect();
        files.reverse();
        let merge = |json: bool| {
            let mut args = vec!["selfplay", "merge"];
            args.extend(files.iter().map(String::as_str));
            if json {
                args.push("--json");
            }
            tenpai(&args).ok().to_string()
        };
        let merged = merge(false);
        let header = merged.lines().next().unwrap();
        assert!(
            header.contains(&format!(", merged from {n} files, "))
                && header.ends_with(" s of play"),
            "{header}"
        );
        assert_eq!(table(&merged), table(&one_table), "{n} shards");
        assert_eq!(timeless(&merge(true)), timeless(&one_json), "{n} shards");
    }
    let v = timeless(&one_json);
    assert_eq!(
        (v["games"].as_u64(), v["tally"]["games"].to_string()),
        (Some(24), "[[0,24]]".to_string())
    );
}

#[test]
fn selfplay_ok_shard_header_names_its_games() {
    let out = tenpai(&[&RUN[..], &["--shard", "2/3"]].concat())
        .ok()
        .to_string();
    let header = out.lines().next().unwrap();
    assert!(
        header.starts_with(
            "8 east-only games (duplicate), seed 40, shard 2/3 (games 9 to 16 of 24), "
        ),
        "{header}"
    );
    // A merge of some shards says which games it counts.
    let dir = scratch();
    let a = shard(dir.path(), 1, 3);
    let c = shard(dir.path(), 3, 3);
    let out = tenpai(&["selfplay", "merge", &a, &c]).ok().to_string();
    assert!(
        out.starts_with("16 east-only games (duplicate), seed 40, merged from 2 files (games 1 to 8, 17 to 24 of 24), "),
        "{out}"
    );
}

#[test]
fn selfplay_merge_err_names_the_file_that_does_not_fit() {
    let dir = scratch();
    let a = shard(dir.path(), 1, 2);
    let err = tenpai(&["selfplay", "merge", &a, &a]).failed().to_string();
    assert_eq!(
        err,
        format!("error: {a}: cannot be merged with the files before it: game 0 is counted twice\n")
    );
    let other = dir.path().join("other.json");
    let out = tenpai(&[
        "selfplay",
        "--games=24",
        "--duplicate",
        "--length=east",
        "--seed=40",
        "--shard=2/2",
        "--json",
    ])
    .ok()
    .to_string();
    std::fs::write(&other, out).unwrap();
    let o = other.to_str().unwrap();
    let err = tenpai(&["selfplay", "merge", &a, o]).failed().to_string();
    assert_eq!(err, format!("error: {o}: cannot be merged with the files before it: the runs differ in their players\n"));
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"games\": 3}").unwrap();
    let j = junk.to_str().unwrap();
    let err = tenpai(&["selfplay", "merge", j]).failed().to_string();
    assert!(
        err.starts_with(&format!(
            "error: {j}: not the --json output of tenpai selfplay: missing field"
        )),
        "{err}"
    );
    let err = tenpai(&["selfplay", "--shard", "0/3"]).failed().to_string();
    assert!(
        err.contains("shard \"0/3\": expected K/N with 1 <= K <= N"),
        "{err}"
    );
}

#[test]
fn selfplay_err_log_dir_that_is_a_file() {
    let dir = scratch();
    let file = dir.path().join("logs");
    std::fs::write(&file, "").unwrap();
    let f = file.to_str().unwrap();
    let err = tenpai(&["selfplay", "--games=2", "--log-dir", f])
        .failed()
        .to_string();
    assert_eq!(
        err,
        format!("error: --log-dir {f}: not a directory (files are written into a directory)\n")
    );
}

#[test]
fn selfplay_err_a_failed_log_write_stops_the_run() {
    let dir = scratch();
    // Game 5's log cannot be written: a directory has its name.
    let blocked = dir.path().join("game-000005.mjson");
    std::fs::create_dir(&blocked).unwrap();
    let d = dir.path().to_str().unwrap();
    let err = tenpai(&[
        "selfplay",
        "--games=2000",
        "--length=east",
        "--players=random,random,random,random",
        "--log-dir",
        d,
    ])
    .failed()
    .to_string();
    assert!(
        err.starts_with(&format!(
            "error: self-play: game 5: cannot write the --log-dir game {}: it is a directory",
            blocked.display()
        )),
        "{err}"
    );
    // The run stopped: no new game started after the failure.
    let logs = std::fs::read_dir(dir.path()).unwrap().count();
    assert!(logs < 200, "{logs} logs written");
}

#[test]
fn selfplay_err_a_failed_decision_write_stops_the_run() {
    // /dev/full accepts the file but fails every write with ENOSPC.
    let err = tenpai(&[
        "selfplay",
        "--games=50",
        "--length=east",
        "--players=mc,random,random,random",
        "--samples=4",
        "--decisions=/dev/full",
    ])
    .failed()
    .to_string();
    assert!(
        err.starts_with("error: self-play: game ")
            && err.contains(": --decisions /dev/full: No space left on device"),
        "{err}"
    );
}

#[test]
fn selfplay_ok_logs_stream_one_file_per_game() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    let out = tenpai(&[
        "selfplay",
        "--games=30",
        "--length=east",
        "--players=random,random,random,random",
        "--log-dir",
        d,
        "--shard=2/3",
    ]);
    out.ok();
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let want: Vec<String> = (10..20).map(|g| format!("game-{g:06}.mjson")).collect();
    assert_eq!(names, want);
    let log = std::fs::read_to_string(dir.path().join("game-000013.mjson")).unwrap();
    assert!(log.starts_with("{\"type\":\"start_game\""), "{log}");
    assert!(log
        .lines()
        .last()
        .unwrap()
        .starts_with("{\"type\":\"end_game\""));
}

#[test]
fn selfplay_merge_err_names_the_length_when_only_the_length_differs() {
    let dir = scratch();
    let a = shard(dir.path(), 1, 2);
    let south: Vec<&str> = RUN
        .iter()
        .map(|&arg| {
            if arg == "--length=east" {
                "--length=south"
            } else {
                arg
            }
        })
        .chain(["--shard=2/2", "--json"])
        .collect();
    assert!(south.contains(&"--length=south"), "{south:?}");
    let other = dir.path().join("south.json");
    std::fs::write(&other, tenpai(&south).ok()).unwrap();
    let o = other.to_str().unwrap();
    let err = tenpai(&["selfplay", "merge", &a, o]).failed().to_string();
    assert_eq!(
        err,
        format!("error: {o}: cannot be merged with the files before it: the runs differ in their length\n")
    );
}

#[test]
fn selfplay_bot_that_never_starts_is_marked_under_the_table() {
    let run = tenpai(&[
        "selfplay",
        "--games=2",
        "--length=east",
        "--players",
        "cmd:/nonexistent/bot,baseline,random,random",
    ]);
    assert_eq!(run.code, 0, "{}", run.err);
    let rows: Vec<&str> = run.out.lines().collect();
    // The long command is cut to the column's width, the columns stay in line.
    assert!(rows[3].starts_with("0       cmd:/no…  "), "{}", run.out);
    let column = |row: &str| row.chars().position(|c| c == '±');
    assert_eq!(column(rows[3]), column(rows[4]), "{}", run.out);
    assert_eq!(rows[7], "");
    assert_eq!(
        rows[8],
        "player 0 (cmd:/nonexistent/bot): 2 faults: the baseline played those decisions (see standard error); the row above counts that play too"
    );
}

#[test]
fn selfplay_ok_shard_of_one_game_says_which_counting_from_1() {
    let r = tenpai(&[
        "selfplay",
        "--games=2",
        "--length=east",
        "--players=random,random,random,random",
        "--shard=2/2",
    ]);
    let out = r.ok().to_string();
    let header = out.lines().next().unwrap();
    assert!(
        header.starts_with("1 east-only game, seed 1, shard 2/2 (game 2 of 2), "),
        "{header}"
    );
}

/// Plays shard `k` of 2 of two east-only games of `player` against three
/// random players at 2 rollouts a decision and saves its JSON in `dir`.
fn mc_shard(dir: &Path, player: &str, k: u32) -> (String, serde_json::Value) {
    let players = format!("--players={player},random,random,random");
    let spec = format!("--shard={k}/2");
    let args = [
        "selfplay",
        "--games=2",
        "--length=east",
        &players,
        "--samples=2",
        &spec,
        "--json",
    ];
    let out = tenpai(&args).ok().to_string();
    let path = dir.join(format!("{player}-{k}.json"));
    std::fs::write(&path, &out).unwrap();
    let v = serde_json::from_str(&out).unwrap();
    (path.to_str().unwrap().to_string(), v)
}

#[test]
fn selfplay_merge_err_a_shard_that_names_a_player_mc_is_refused() {
    let dir = scratch();
    let (a, saved) = mc_shard(dir.path(), "mc", 1);
    let (b, _) = mc_shard(dir.path(), "mc", 2);
    assert_eq!(saved["tally"]["config"]["players"][0]["kind"], "mc-learned");
    assert_eq!(saved["players"][0]["kind"], "mc-learned");
    // Two shards of the same explicit player merge.
    let merged = tenpai(&["selfplay", "merge", &a, &b, "--json"])
        .ok()
        .to_string();
    let v: serde_json::Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(
        (v["games"].as_u64(), v["players"][0]["kind"].as_str()),
        (Some(2), Some("mc-learned"))
    );
    // A shard as an older build wrote it: the search by its alias.
    let mut old = saved.clone();
    old["tally"]["config"]["players"][0]["kind"] = "mc".into();
    old["players"][0]["kind"] = "mc".into();
    let path = dir.path().join("old.json");
    std::fs::write(&path, old.to_string()).unwrap();
    let o = path.to_str().unwrap();
    let err = tenpai(&["selfplay", "merge", o, &b]).failed().to_string();
    assert_eq!(
        err,
        format!(
            "error: {o}: player 0 is \"mc\", a name whose meaning changed (mc-v1 in builds \
             before 2026-12-03, commit 9325bd5, mc-learned in later ones): write \"mc-v1\" or \
             \"mc-learned\" in the tally if you know which build wrote it\n"
        )
    );
    // The first version's search is another player.
    let (v1, _) = mc_shard(dir.path(), "mc-v1", 2);
    let err = tenpai(&["selfplay", "merge", &a, &v1]).failed().to_string();
    assert_eq!(
        err,
        format!("error: {v1}: cannot be merged with the files before it: the runs differ in their players\n")
    );
}

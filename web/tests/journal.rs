//! The game's log written as it is played (with `--log-dir`): each event a
//! client is sent is in the file already when it arrives, in order; at a
//! round's end the file is every event so far, none missing or repeated;
//! the finished file replays exactly.

use crate::common::{east, server, Client};
use serde_json::Value;
use tenpai::game::Event;

/// The events of the log file in `dir` (the only file there).
fn written(dir: &std::path::Path) -> (std::path::PathBuf, Vec<Event>) {
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let events = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    (files[0].clone(), events)
}

/// The events among `msgs`, as the client saw them.
fn seen(msgs: &[Value]) -> Vec<Value> {
    msgs.iter()
        .filter_map(|m| m.get("event").filter(|_| m["type"] == "table"))
        .cloned()
        .collect()
}

/// An event as seat 0 is sent it, without the players' names (the table
/// sends its own).
fn as_seen(e: &Event) -> Value {
    let mut v = serde_json::to_value(e.seen_by(tenpai::game::SeatIndex::ALL[0])).unwrap();
    if let Some(o) = v.as_object_mut() {
        o.remove("names");
    }
    v
}

/// Seat 0's view of `file`'s events against what it saw.
fn assert_same(file: &[Event], saw: &[Value]) {
    assert_eq!(file.len(), saw.len());
    for (i, (f, s)) in file.iter().zip(saw).enumerate() {
        let mut s = s.clone();
        if let Some(o) = s.as_object_mut() {
            o.remove("names");
        }
        assert_eq!(as_seen(f), s, "event {i}");
    }
}

/// Checks, as message `m` arrives, that the event it brings is already in
/// the file in `dir` (its whole lines), after the event matched last
/// (`at`: the index after it).
fn written_before_seen(dir: &std::path::Path, at: &std::cell::Cell<usize>, m: &Value) {
    let Some(seen) = m.get("event").filter(|_| m["type"] == "table") else {
        return;
    };
    let mut seen = seen.clone();
    if let Some(o) = seen.as_object_mut() {
        o.remove("names");
    }
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let whole = text.rfind('\n').map_or("", |end| &text[..end]);
    let file: Vec<Event> = whole
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let found = file[at.get()..].iter().position(|e| as_seen(e) == seen);
    let found = found.unwrap_or_else(|| panic!("{seen} was sent before it was written"));
    at.set(at.get() + found + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn journal_ok_each_event_written_before_it_is_seen() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(4, Some(dir.path().to_path_buf())).await;
    let mut c = Client::connect(&srv).await;
    let at = std::cell::Cell::new(0);
    let first = c
        .play_until(|m| {
            written_before_seen(dir.path(), &at, m);
            m["type"] == "table" && m["event"]["type"] == "end_kyoku"
        })
        .await;
    let saw_first = seen(&first);
    let (path, file_first) = written(dir.path());
    let rest = c
        .play_until(|m| {
            written_before_seen(dir.path(), &at, m);
            m["type"] == "game_end"
        })
        .await;
    let saw: Vec<Value> = saw_first.iter().cloned().chain(seen(&rest)).collect();
    let (_, file) = written(dir.path());
    // The events before the client came (the server's own table deals at
    // once) are in the file, not sent one by one.
    let before = file.len() - saw.len();
    assert_same(&file[before..], &saw);
    // At the round's end, every event seen then was written, and what was
    // written then is the start of the finished file.
    assert!(file_first.len() >= before + saw_first.len());
    assert_eq!(file_first, file[..file_first.len()]);
    let end = rest.last().unwrap();
    assert_eq!(end["log_file"], path.display().to_string());
    // Named by table and game: never by the wall seed (4), which every
    // client is sent the name of.
    let name = path.file_name().unwrap().to_str().unwrap();
    // The server's own table is table 0.
    assert_eq!(name, "tenpai-table0-game1.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let game = tenpai::log::parse(&text).unwrap();
    let report = tenpai::replay::replay(&game, &east());
    assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
    assert!(
        matches!(report.extent, tenpai::replay::Extent::Whole),
        "{:?}",
        report.extent
    );
    srv.stop().await.unwrap();
}

//! tenhou.net/6 logs are read through typed structures: each kind of
//! malformation is refused with the round and the entry named.

use tenpai::log::{self, tenhou6, LogFormat};

/// One round (East 4) that ends in nine terminals: seat 3 deals, draws the 7s
/// and discards South; seat 0 draws East and declares.
const LOG: &str = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[[3,0,0],[28200,42000,21600,28200],[18],[],
[11,15,23,23,27,29,37,39,43,44,45,46,47],[41],[],[12,12,15,51,19,19,22,22,23,24,33,36,36],[],[],
[11,11,14,17,22,35,35,35,36,37,41,44,47],[],[],[12,13,25,27,28,31,36,38,38,41,42,45,46],[37],[42],["九種九牌"]]]}"#;

/// The error message of the log with `from` replaced by `to` (once).
fn error(from: &str, to: &str) -> String {
    assert!(LOG.contains(from), "{from}");
    tenhou6::parse(&LOG.replacen(from, to, 1))
        .unwrap_err()
        .to_string()
}

#[test]
fn tenhou6_ok_fixture() {
    let game = log::parse(LOG).unwrap();
    assert_eq!(game.format, LogFormat::Tenhou6);
    assert_eq!(game.rounds[0].name(), "E4-0");
    assert_eq!(game.rounds[0].events.len(), 6);
}

#[test]
fn tenhou6_err_text_where_a_number_belongs() {
    assert_eq!(
        error("[28200,42000", "[28200,\"42000\""),
        "tenhou.net/6 log, round 1 (E4-0), scores, item 2: invalid type: string \"42000\", expected i32"
    );
    assert_eq!(
        error("[[3,0,0]", "[[3,\"x\",0]"),
        "tenhou.net/6 log, round 1, round info, item 2: invalid type: string \"x\", expected u8"
    );
}

#[test]
fn tenhou6_err_red_fives_out_of_range() {
    assert_eq!(
        error("\"aka\":1", "\"aka\":300"),
        "tenhou.net/6 log, rule.aka: 300 red fives per suit (expected 0 to 4)"
    );
    assert_eq!(
        error("\"aka\":1", "\"aka51\":-1"),
        "tenhou.net/6 log, rule.aka51: -1 red fives per suit (expected 0 to 4)"
    );
    assert_eq!(
        error("\"aka\":1", "\"aka\":\"1\""),
        "tenhou.net/6 log, rule.aka: invalid type: string \"1\", expected i64"
    );
}

#[test]
fn tenhou6_err_tile_code_that_is_no_tile() {
    assert_eq!(
        error("[11,15,23", "[10,15,23"),
        "tenhou.net/6 log, round 1 (E4-0), seat 0 haipai, item 1: 10 is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)"
    );
    assert_eq!(
        error("[37],[42]", "[38],[48]"),
        "tenhou.net/6 log, round 1 (E4-0), seat 3 discards, item 1: 48 is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)"
    );
}

#[test]
fn tenhou6_err_malformed_calls() {
    assert_eq!(
        error("[41],[]", "[\"p1111\"],[]"),
        "tenhou.net/6 log, round 1 (E4-0), seat 0 draws, item 1: call \"p1111\": 2 tiles (a p call has 3)"
    );
    assert_eq!(
        error("[37],[42]", "[37],[\"424242p42\"]"),
        "tenhou.net/6 log, round 1 (E4-0), seat 3 discards, item 1: call \"424242p42\": letter 'p' (expected one of ka)"
    );
    assert_eq!(
        error("[37],[42]", "[37],[\"r4x\"]"),
        "tenhou.net/6 log, round 1 (E4-0), seat 3 discards, item 1: riichi \"r4x\": expected r and a tile code"
    );
}

#[test]
fn tenhou6_err_results() {
    assert_eq!(
        error("[\"九種九牌\"]", "[\"終局\"]"),
        "tenhou.net/6 log, round 1 (E4-0), result: unknown result \"終局\" (和了, 流局, 全員聴牌, 全員不聴, 流し満貫, 九種九牌, 四家立直, 四風連打, 四槓散了, 三家和了)"
    );
    assert_eq!(
        error("[\"九種九牌\"]", "[\"和了\",[0,0,0,0],[5,3,3,\"1000点\"]]"),
        "tenhou.net/6 log, round 1 (E4-0), result, item 3: winner 5 (expected a seat 0 to 3)"
    );
    assert_eq!(
        error("[\"九種九牌\"]", "[\"和了\",[0,0,0,0],[3,3,3,\"1000\"]]"),
        "tenhou.net/6 log, round 1 (E4-0), result, item 3: points \"1000\" (expected like 30符4飜7700点, 満貫2000-4000点, 2600点∀)"
    );
    assert_eq!(
        error("[\"九種九牌\"]", "[\"和了\",[0,0,0,0]]"),
        "tenhou.net/6 log, round 1 (E4-0), result: deltas without the win's details"
    );
}

#[test]
fn tenhou6_err_shape_of_a_round() {
    assert_eq!(
        error("[11,15,23,23,27,", "[11,15,23,27,"),
        "tenhou.net/6 log, round 1 (E4-0), seat 0 haipai: 12 tiles (expected 13)"
    );
    assert_eq!(
        error("[[3,0,0]", "[[16,0,0]"),
        "tenhou.net/6 log, round 1, round info: round number 16 (expected 0 = East 1 to 15 = North 4)"
    );
    assert_eq!(
        error("[18],[]", "[],[]"),
        "tenhou.net/6 log, round 1 (E4-0), dora indicators: no dora indicator"
    );
    // No result: the last round of a game still running (its actions kept).
    let running = tenhou6::parse(&LOG.replacen(",[\"九種九牌\"]", "", 1)).unwrap();
    assert!(!running.rounds[0].is_finished());
    assert_eq!(running.rounds[0].events.len(), 4);
    assert_eq!(
        error(",[\"九種九牌\"]", ",[]"),
        "tenhou.net/6 log, round 1 (E4-0), result: an empty result"
    );
    // Seat 3 discards a tile it never drew, and no call explains it.
    assert_eq!(
        error("[37],[42]", "[37],[42,60]"),
        "tenhou.net/6 log, round 1 (E4-0): no order of calls and passes fits the draw and discard lists"
    );
}

#[test]
fn tenhou6_err_json_syntax_and_empty() {
    assert_eq!(
        tenhou6::parse(&LOG[..LOG.len() - 20])
            .unwrap_err()
            .to_string(),
        "tenhou.net/6 log, document 1: the file is cut short inside its only document \
         (EOF while parsing a list at line 3 column 97); a document is read whole, because \
         its rules and names may follow its rounds"
    );
    assert_eq!(
        tenhou6::parse("").unwrap_err().to_string(),
        "tenhou.net/6 log, document 1: no JSON document"
    );
    let two = format!("{LOG}\n{}", LOG.replace("\"aka\":1", "\"aka\":9"));
    assert_eq!(
        tenhou6::parse(&two).unwrap_err().to_string(),
        "tenhou.net/6 log, document 2, rule.aka: 9 red fives per suit (expected 0 to 4)"
    );
    let two = format!("{LOG}\n{}", LOG.replace("[28200,42000", "[28200,null"));
    assert_eq!(
        tenhou6::parse(&two).unwrap_err().to_string(),
        "tenhou.net/6 log, round 2 (E4-0), scores, item 2: invalid type: null, expected i32"
    );
}

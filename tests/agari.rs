//! Win detection and decompositions.
use crate::common;
use common::counts;
use tenpai::{decompositions, is_agari, reference, Decomposition};

fn readings(h: &str) -> Vec<String> {
    decompositions(&counts(h))
        .unwrap()
        .iter()
        .map(|d| d.to_string())
        .collect()
}

#[test]
fn agari_standard_hand() {
    assert!(is_agari(&counts("123m456p789s11122z")).unwrap());
    assert!(!is_agari(&counts("123m456p789s11123z")).unwrap());
}

#[test]
fn agari_small_hands_after_calls() {
    assert!(is_agari(&counts("11z")).unwrap());
    assert!(!is_agari(&counts("12z")).unwrap());
    assert!(is_agari(&counts("22234m")).unwrap());
}

#[test]
fn agari_seven_pairs_needs_seven_distinct_pairs() {
    assert!(is_agari(&counts("1122m3344p5566s77z")).unwrap());
    assert!(!is_agari(&counts("1111m3344p5566s77z")).unwrap());
}

#[test]
fn agari_thirteen_orphans() {
    assert!(is_agari(&counts("19m19p19s12345677z")).unwrap());
    assert!(!is_agari(&counts("19m19p19s12345678z".replace("8z", "1m").as_str())).unwrap());
}

#[test]
fn agari_four_pairs_in_four_suits_is_not_a_win() {
    // Every pattern is complete on its own, but there are four pairs.
    let c = counts("11222333m22p11s11z");
    assert!(!is_agari(&c).unwrap());
    assert!(!reference::is_agari(&c).unwrap());
}

#[test]
fn agari_err_wrong_size() {
    assert_eq!(
        is_agari(&counts("123m456p789s1122z"))
            .unwrap_err()
            .to_string(),
        "expected 3n+2 tiles (2, 5, 8, 11 or 14), got 13"
    );
}

#[test]
fn decompositions_of_pure_straight_with_triplets() {
    assert_eq!(
        readings("111222333m11p"),
        ["11p 111m 222m 333m", "11p 123m 123m 123m"]
    );
}

#[test]
fn decompositions_of_ryanpeikou_include_chiitoitsu() {
    assert_eq!(
        readings("112233m445566p77s"),
        [
            "77s 123m 123m 456p 456p",
            "chiitoitsu 11m 22m 33m 44p 55p 66p 77s"
        ]
    );
}

#[test]
fn decompositions_of_nine_gates_shape() {
    // Only the pair of 5m works; melds list sequences first, then triplets.
    assert_eq!(readings("11123455678999m"), ["55m 234m 678m 111m 999m"]);
    assert_eq!(readings("11112345678999m"), ["99m 123m 456m 789m 111m"]);
    assert_eq!(readings("11122345678999m"), ["22m 345m 678m 111m 999m"]);
}

#[test]
fn decompositions_of_kokushi() {
    assert_eq!(readings("19m19p19s12345677z"), ["kokushi (pair 7z)"]);
}

#[test]
fn decompositions_empty_when_not_complete() {
    assert!(decompositions(&counts("123m456p789s11123z"))
        .unwrap()
        .is_empty());
    assert!(matches!(
        decompositions(&counts("11z")).unwrap()[..],
        [Decomposition::Standard { .. }]
    ));
}

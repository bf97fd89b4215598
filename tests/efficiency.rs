//! Waits, ukeire and per-discard analysis.
use crate::common;
use common::{counts, hand};
use tenpai::{analyze, ukeire, Tables};

#[test]
fn waits_of_a_shanpon() {
    let u = ukeire(&counts("123m456p789s1122z"), None).unwrap();
    assert_eq!(
        (u.shanten, u.tiles.to_string(), u.count),
        (0, "12z".to_string(), 4)
    );
    assert_eq!(u.left("1z".parse().unwrap()), 2);
}

#[test]
fn waits_of_nine_gates_are_all_nine_tiles() {
    let u = ukeire(&counts("1112345678999m"), None).unwrap();
    assert_eq!(u.tiles.to_string(), "123456789m");
    let left: Vec<u8> = u.iter().map(|(_, l)| l).collect();
    assert_eq!(left, [1, 3, 3, 3, 3, 3, 3, 3, 1]);
    assert_eq!(u.count, 23);
}

#[test]
fn waits_exclude_a_tile_held_four_times() {
    // 1111m with three melds: the tanki on 1m needs a fifth 1m, so not tenpai.
    let u = ukeire(&counts("1111m234p567s789s"), None).unwrap();
    assert_eq!(u.shanten, 1);
    assert!(!u.tiles.contains("1m".parse().unwrap()));
    let u = ukeire(&counts("2222m234p567s789s"), None).unwrap();
    assert_eq!(u.shanten, 1);
    assert!(!u.tiles.contains("2m".parse().unwrap()));
}

#[test]
fn waits_of_thirteen_orphans_thirteen_sided() {
    let u = ukeire(&counts("19m19p19s1234567z"), None).unwrap();
    assert_eq!((u.shanten, u.tiles.len(), u.count), (0, 13, 39));
}

#[test]
fn waits_of_seven_pairs_tanki() {
    let u = ukeire(&counts("1122m3344p5566s7z"), None).unwrap();
    assert_eq!(
        (u.shanten, u.tiles.to_string(), u.count),
        (0, "7z".to_string(), 3)
    );
}

#[test]
fn ukeire_visible_tiles_reduce_copies_left() {
    let visible = counts("1m4m4m4m");
    let u = ukeire(&counts("23m456p789s11122z"), Some(&visible)).unwrap();
    assert_eq!(u.tiles.to_string(), "14m");
    assert_eq!(
        (
            u.left("1m".parse().unwrap()),
            u.left("4m".parse().unwrap()),
            u.count
        ),
        (3, 1, 4)
    );
}

#[test]
fn ukeire_err_needs_3n_plus_1() {
    assert_eq!(
        ukeire(&counts("123m456p789s11122z"), None)
            .unwrap_err()
            .to_string(),
        "expected 3n+1 tiles (1, 4, 7, 10 or 13), got 14"
    );
}

#[test]
fn analyze_lists_every_distinct_discard_best_first() {
    let a = analyze(&counts("1123m456p789s1122z"), None).unwrap();
    let rows: Vec<(String, i8, String, u32)> = a
        .iter()
        .map(|d| {
            (
                d.tile.to_string(),
                d.ukeire.shanten,
                d.ukeire.tiles.to_string(),
                d.ukeire.count,
            )
        })
        .collect();
    assert_eq!(rows[0], ("1m".to_string(), 0, "12z".to_string(), 4));
    assert_eq!(rows[1], ("1z".to_string(), 1, "1234m12z".to_string(), 16));
    assert_eq!(rows.len(), 11);
}

#[test]
fn analyze_counts_the_whole_hand_as_seen() {
    // Copies left after any discard are 4 minus the copies in the 14-tile hand
    // (the discard included) minus the visible ones.
    let c = counts("123445m456p789s11z");
    let visible = counts("5m");
    for d in analyze(&c, Some(&visible)).unwrap() {
        for (t, left) in d.ukeire.iter() {
            assert_eq!(
                left,
                4 - c[t.index()] - visible[t.index()],
                "discard {} tile {t}",
                d.tile
            );
        }
    }
}

#[test]
fn analyze_err_needs_3n_plus_2() {
    assert_eq!(
        analyze(&counts("123m456p789s1122z"), None)
            .unwrap_err()
            .to_string(),
        "expected 3n+2 tiles (2, 5, 8, 11 or 14), got 13"
    );
}

/// A multiple of three is neither size: each query names only the size it
/// takes, never the "3n+1 or 3n+2" of the shanten queries.
#[test]
fn sized_queries_err_on_3n_tiles_name_only_their_own_size() {
    let three = counts("123m");
    let t = Tables::embedded();
    let plus_2 = "expected 3n+2 tiles (2, 5, 8, 11 or 14), got 3";
    let plus_1 = "expected 3n+1 tiles (1, 4, 7, 10 or 13), got 3";
    assert_eq!(analyze(&three, None).unwrap_err().to_string(), plus_2);
    let melded = hand("123m [456p] [789s] [111z]");
    assert_eq!(
        t.analyze_with_melds(&melded, None).unwrap_err().to_string(),
        plus_2
    );
    assert_eq!(ukeire(&three, None).unwrap_err().to_string(), plus_1);
    assert_eq!(
        t.ukeire_with_melds(&melded, None).unwrap_err().to_string(),
        plus_1
    );
    assert_eq!(tenpai::waits(&three, None).unwrap_err().to_string(), plus_1);
    assert_eq!(tenpai::is_agari(&three).unwrap_err().to_string(), plus_2);
    assert_eq!(
        tenpai::reference::is_agari(&three).unwrap_err().to_string(),
        plus_2
    );
    assert_eq!(
        tenpai::reference::standard_decompositions(&three)
            .unwrap_err()
            .to_string(),
        plus_2
    );
    // The shanten queries take both sizes and say so.
    assert_eq!(
        tenpai::shanten(&three).unwrap_err().to_string(),
        "expected 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 3"
    );
}

#[test]
fn ukeire_with_melds_sees_used_up_copies() {
    let t = Tables::embedded();
    // Tanki on 1m with 111m called: the fourth 1m is the one held, no wait left.
    let h = hand("1m [111m] [234p] [567s] [777z]");
    assert_eq!(
        t.ukeire(h.concealed(), None).unwrap().tiles.to_string(),
        "1m"
    );
    let u = t.ukeire_with_melds(&h, None).unwrap();
    assert_eq!(u.shanten, 1);
    // Meld tiles count as seen.
    let h = hand("2355m [111m] [234p] [567s]");
    let u = t.ukeire_with_melds(&h, None).unwrap();
    assert_eq!((u.shanten, u.tiles.to_string()), (0, "14m".to_string()));
    // Three 1m are in the pon: one is left. All four 4m are unseen.
    assert_eq!(u.left("1m".parse().unwrap()), 1);
    assert_eq!(u.left("4m".parse().unwrap()), 4);
}

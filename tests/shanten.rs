//! Shanten: the examples, each form, meld-aware shanten, errors.
use crate::common;
use common::{counts, hand};
use tenpai::{reference, shanten, shanten_forms, shanten_with_melds, HandError};

#[test]
fn shanten_examples_from_the_spec() {
    let cases = [
        ("1111m111122233z", 1),
        ("123456789m1111p", 1),
        ("1111m", 1),
        ("11112222333444z", 1),
        ("1111222233334z", 3),
        ("11m111122223333z", 2),
        ("245568m245568p77s", 2),
        ("145s36m12579p256z", 5),
        ("1111m22p33s44s55z66z", 1),
        ("19m19p19s1234567z", 0),
        ("19m19p19s12345z", 6),
    ];
    for (h, expected) in cases {
        assert_eq!(shanten(&counts(h)).unwrap(), expected, "table {h}");
        assert_eq!(
            reference::shanten(&counts(h)).unwrap(),
            expected,
            "reference {h}"
        );
    }
}

#[test]
fn shanten_complete_hand_is_minus_one() {
    assert_eq!(shanten(&counts("123m456p789s11122z")).unwrap(), -1);
    assert_eq!(shanten(&counts("11223344556677z")).unwrap(), -1);
}

#[test]
fn shanten_forms_report_each_form() {
    let s = shanten_forms(&counts("1122m3344p5566s7z")).unwrap();
    assert_eq!(
        (s.standard, s.chiitoitsu, s.kokushi),
        (3, Some(0), Some(10))
    );
    assert_eq!(s.min(), 0);
    assert_eq!(
        reference::shanten_forms(&counts("1122m3344p5566s7z")).unwrap(),
        s
    );
}

#[test]
fn shanten_forms_skip_seven_pairs_and_kokushi_below_thirteen_tiles() {
    let s = shanten_forms(&counts("1122m3344p")).unwrap();
    assert_eq!((s.standard, s.chiitoitsu, s.kokushi), (1, None, None));
    let s = shanten_forms(&counts("112233445566p")).unwrap_err();
    assert_eq!(
        s,
        HandError::WrongTileCount {
            expected: "3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)",
            count: 12
        }
    );
}

#[test]
fn shanten_with_melds_counts_called_copies() {
    let cases = [
        ("9m9p569s [999m] [999p] [999s]", 1, 2),
        ("11567z [777z] [666z] [555z]", 1, 2),
        ("13556z [111z] [333z] [666z]", 1, 2),
    ];
    for (h, plain, aware) in cases {
        let h = hand(h);
        assert_eq!(shanten(h.concealed()).unwrap(), plain, "{h}");
        assert_eq!(shanten_with_melds(&h).unwrap().min(), aware, "{h}");
        let caps = h.meld_counts().map(|c| 4 - c);
        assert_eq!(
            reference::standard_shanten_capped(h.concealed(), &caps).unwrap(),
            aware,
            "{h}"
        );
    }
}

#[test]
fn shanten_err_too_many_copies() {
    let mut c = counts("123m");
    c[0] = 5;
    assert_eq!(
        shanten(&c).unwrap_err().to_string(),
        "tile 1m appears 5 times (max 4)"
    );
}

#[test]
fn shanten_err_wrong_count() {
    assert_eq!(
        shanten(&counts("123m456p789s123z"))
            .unwrap_err()
            .to_string(),
        "expected 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 12"
    );
}

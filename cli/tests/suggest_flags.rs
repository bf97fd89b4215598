//! `tenpai suggest`'s situation refused, each with the flag named and what
//! it needs (the hand's tiles beside its melds, a ready hand in riichi, the
//! tiles a set holds, a seat given twice), and a riichi hand that fits.

use crate::common::tenpai;
use crate::suggest::LOG;

#[test]
fn suggest_err_bad_flags() {
    let cases: [(&[&str], &str); 15] = [
        (
            &["suggest", "--hand", "123m456p789s1123z"],
            "error: --hand \"123m456p789s1123z\": the seat's turn needs 14 concealed tiles with no \
             meld, got 13\n",
        ),
        (
            // 3n+2 tiles but not 14 (the engine's "invariant broken: seat 0
            // holds 11 tiles" before session 12).
            &["suggest", "--hand", "123m456p789s11z", "--drawn", "1z"],
            "error: --hand \"123m456p789s11z\": the seat's turn needs 14 concealed tiles with no \
             meld, got 11\n",
        ),
        (
            &["suggest", "--hand", "123m456p7z [789s]", "--drawn", "7z"],
            "error: --hand \"123m456p7z [789s]\": the seat's turn needs 11 concealed tiles beside \
             1 meld (14 less 3 a meld), got 7\n",
        ),
        (
            // In riichi, the hand before the draw is ready.
            &["suggest", "--hand", "134m456p789s11224z", "--drawn", "4z", "--riichi", "0",
              "--rivers", "1z,,,"],
            "error: --riichi \"0\": seat 0's hand 134m456p789s1122z (without the drawn 4z) is \
             1-shanten; a seat in riichi is ready\n",
        ),
        (
            &["suggest", "--hand", "123m406p789s11234z", "--drawn", "4z", "--rivers", "0p,,,"],
            "error: the position the flags give: illegal position by seat 0: more red 5p than the \
             rules' 1\n",
        ),
        (
            &["suggest", "--hand", "123m456p789s11234z", "--drawn", "5z"],
            "error: --drawn \"5z\": not in the hand\n",
        ),
        (
            &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z", "--riichi", "1"],
            "error: --riichi \"1\": the seat has no discard to declare with\n",
        ),
        (
            // Discards are counted from 1 (it said "no discard to declare
            // with" beside a river of one).
            &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z", "--riichi", "0@0",
              "--rivers", "9m,,,"],
            "error: --riichi \"0@0\": discards are counted from 1 (@1: the seat's first)\n",
        ),
        (
            &["suggest", "--hand", "123m456p789s11234z"],
            "error: --hand \"123m456p789s11234z\": name the tile just drawn with --drawn (a closed \
             hand's turn follows a draw)\n",
        ),
        (
            &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z", "--rivers", "1111m,,,"],
            "error: the position the flags give: illegal position by seat 0: a fifth 1m\n",
        ),
        (
            &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z", "--left", "70"],
            "error: the position the flags give: illegal position: 14 tiles in sight leave 122 of \
             136 unseen, fewer than the live wall (70), the hidden dead wall (14) and the hidden \
             hands (39)\n",
        ),
        (
            // Scores near i32's ends would overflow in the first payment.
            &["suggest", "--hand", "123m456p789s11234z", "--drawn", "4z", "--scores",
              "2147483647,2147483647,0,0"],
            "error: the position the flags give: illegal position scores [2147483647, 2147483647, \
             0, 0]: seat 0 has 2147483647 points, beyond the most a score holds (100000000 either \
             way)\n",
        ),
        (
            &["suggest", "--log", "/nonexistent.mjson", "--event", "3"],
            "error: cannot read the log /nonexistent.mjson: no such file or directory\n",
        ),
        (
            &["suggest", "--log", LOG, "--event", "999"],
            "error: --event 999: the log has 86 events, so N is 0 to 86; a seat decides before \
             events 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, … (53 in all)\n",
        ),
        (
            &["suggest", "--log", LOG, "--event", "21", "--seat", "2"],
            "error: --event 21: seat 2 has no decision here; seat 2 decides before events 9, \
             17, 25, 30, 32-33, 41, 49, 56-57, 67, 70-71, 79, 83\n",
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(tenpai(args).failed(), expected, "{args:?}");
    }
}

#[test]
fn suggest_ok_riichi_with_a_ready_hand_keeps_its_wait() {
    // Ready on 1z-3z before drawing 3z: in riichi, only the tsumogiri.
    let out = tenpai(&[
        "suggest",
        "--hand",
        "123m456p789s11223z",
        "--drawn",
        "3z",
        "--riichi",
        "0",
        "--rivers",
        "1z,,,",
        "--samples",
        "20",
    ]);
    let text = out.ok();
    assert!(
        text.contains("\nchoice: discard 3z (no search needed), 0 rollouts of mc-learned\n"),
        "{text}"
    );
}

#[test]
fn suggest_err_a_seat_given_twice_to_melds_or_riichi() {
    let hand = [
        "suggest",
        "--hand",
        "123m456p789s11234z",
        "--drawn",
        "4z",
        "--samples",
        "30",
    ];
    let r = tenpai(&[&hand[..], &["--melds", "1=[111z]", "--melds", "1=[555z]"]].concat());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.starts_with(
            "error: --melds \"1=[111z]\" and --melds \"1=[555z]\" name the same seat: give each \
             seat once (all its melds in one: 1=[111z][555z])\n"
        ),
        "{}",
        r.err
    );
    let rivers = ["--rivers", "1m,2m3m,,"];
    let r = tenpai(&[&hand[..], &rivers, &["--riichi", "1@1", "--riichi", "1@2"]].concat());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err
            .starts_with("error: --riichi \"1@1\" and --riichi \"1@2\" name the same seat"),
        "{}",
        r.err
    );
}

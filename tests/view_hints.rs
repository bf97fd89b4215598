//! The hint numbers of a seat's own hand (`SeatView::hand_hints`), the one
//! pipeline of the terminal game's hints and `tenpai suggest`: only the
//! discards the rules allow now.

use crate::view::{after_chi_on_6m, in_riichi};
use tenpai::game::SeatIndex;
use tenpai::rules::Rules;
use tenpai::view::SeatView;

/// The kinds of the hinted discards, in mpsz.
fn hinted(v: &SeatView) -> Vec<String> {
    let h = v.hand_hints(&Rules::tenhou()).expect("the seat's own hand");
    assert!(h.waits.is_none(), "a discard is due");
    h.discards.iter().map(|d| d.tile.to_string()).collect()
}

#[test]
fn hand_hints_ok_in_riichi_only_the_drawn_tile() {
    let s = in_riichi();
    assert_eq!(hinted(&SeatView::of(&s, SeatIndex::ALL[0])), ["7p"]);
}

#[test]
fn hand_hints_ok_after_a_chi_not_the_swap_calling_tile() {
    let s = after_chi_on_6m();
    let v = SeatView::of(&s, SeatIndex::ALL[1]);
    let kinds = hinted(&v);
    assert!(!kinds.iter().any(|k| k == "6m"), "{kinds:?}");
    // Every other kind of the hand is offered.
    let mut all = kinds.clone();
    all.sort();
    assert_eq!(
        all,
        ["1p", "1s", "1z", "2z", "3z", "4z", "5z", "6z", "9p", "9s"]
    );
}

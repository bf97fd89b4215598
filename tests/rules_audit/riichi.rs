//! Riichi needs 1,000 points and 4 tiles left in the live wall.
//!
//! Sources (cited in `data/rules/*.toml`, `riichi_min_points`,
//! `riichi_min_wall`): tenhou.net/man; mjx PR #384; Mahjong Soul's rule page.

use super::{deal, next_tile, play, play_out_to, EAST_1};
use tenpai::game::SeatIndex;
use tenpai::game::{legal_actions, Action, State};
use tenpai::rules::Rules;

/// Seats 1, 2 and 3 are closed and ready; seat 1 has exactly 1,000 points and
/// seat 3 has 900.
fn ready_deal(rules: Rules) -> State {
    deal(
        rules,
        EAST_1,
        [25000, 1000, 25000, 900],
        [
            "1p 1p 2s 2s 3p 4p 6s 7s 8m 8p 9s 9s N",
            "2m 3m 4p 5p 6p 7s 8s 9s E E E S S",
            "2m 3m 4m 5p 6p 7p 3s 4s 5s 6m 7m 2p 2p",
            "1p 2p 3p 4s 5s 6s 7p 8p 9p 1s 1s N N",
        ],
        "C",
    )
}

/// `seat` draws (it must be its turn) and says whether riichi is offered;
/// then it discards the drawn tile.
fn riichi_offered_on_draw(s: &mut State, seat: u8) -> bool {
    let pai = next_tile(s, seat);
    play(
        s,
        &format!(r#"{{"type":"tsumo","actor":{seat},"pai":"{pai}"}}"#),
    );
    let offered = legal_actions(s, SeatIndex::try_from(seat).expect("a seat"))
        .iter()
        .any(|a| matches!(a, Action::Riichi { .. }));
    play(
        s,
        &format!(r#"{{"type":"dahai","actor":{seat},"pai":"{pai}","tsumogiri":true}}"#),
    );
    offered
}

#[test]
fn riichi_needs_1000_points_on_both() {
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let mut s = ready_deal(rules);
        let offered: Vec<bool> = (0..4)
            .map(|seat| riichi_offered_on_draw(&mut s, seat))
            .collect();
        // Seat 0 is not ready; seat 1 (1,000 points) and seat 2 may; seat 3
        // (900 points) may not.
        assert_eq!(offered, [false, true, true, false]);
    }
}

#[test]
fn riichi_needs_4_tiles_left_in_the_live_wall_on_both() {
    for rules in [Rules::tenhou(), Rules::mahjongsoul()] {
        let mut s = ready_deal(rules);
        // Seat 1 draws the fifth-last tile (4 left after it), seat 2 the
        // fourth-last (3 left).
        play_out_to(&mut s, 5);
        assert!(riichi_offered_on_draw(&mut s, 1));
        assert_eq!(s.live_left(), 4);
        assert!(!riichi_offered_on_draw(&mut s, 2));
        assert_eq!(s.live_left(), 3);
    }
}

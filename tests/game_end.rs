//! A game's end and its final scores: the round after a round as mjai's
//! `start_kyoku` would name it, or none when the game is over (the length,
//! 30,000 to end, aborts), and the final scores with uma, oka and ties.

use crate::common;
use common::exhaustive;
use tenpai::game::{DrawReason, RoundId, RoundOutcome, SeatIndex};
use tenpai::rules::Rules;

/// A round as mjai's `start_kyoku` names it: `[round_wind, kyoku, honba,
/// kyoutaku, dealer]`.
pub(crate) fn mjai_round(r: Option<RoundId>) -> Option<[u32; 5]> {
    r.map(|r| {
        [
            r.round_wind() as u32,
            r.kyoku().into(),
            r.honba().into(),
            r.kyoutaku(),
            r.dealer().get().into(),
        ]
    })
}

/// The round after one (round wind, `kyoku`, honba 1, one stick left on the
/// table) that ended with these scores and this outcome, or None when the
/// game is over.
fn after_round(
    length: tenpai::rules::GameLength,
    round_wind: u8,
    kyoku: u8,
    scores: [i32; 4],
    outcome: RoundOutcome,
) -> Option<[u32; 5]> {
    let mut rules = Rules::tenhou();
    rules.game.length = length;
    let round = RoundId::new(
        tenpai::Wind::ALL[round_wind as usize],
        SeatIndex::ALL[usize::from(kyoku - 1)],
        1,
        1,
    );
    mjai_round(tenpai::game::next_round(
        round,
        &outcome,
        &scores,
        1,
        &rules.game,
    ))
}

/// A win by `seat` (the score itself does not matter for what comes next).
fn win(seat: u8) -> RoundOutcome {
    RoundOutcome::Wins(vec![common::win(seat, (seat + 1) % 4)])
}

#[test]
fn game_end_rules() {
    use tenpai::rules::GameLength::{East, South};
    let top = [35000, 25000, 20000, 19000];
    let low = [29000, 28000, 22000, 20000];
    // South 4, dealer (seat 3) noten: over when someone has 30,000 ...
    assert_eq!(after_round(South, 1, 4, top, exhaustive([false; 4])), None);
    // ... else on into West 1 (honba +1, the stick stays).
    assert_eq!(
        after_round(South, 1, 4, low, exhaustive([false; 4])),
        Some([2, 1, 2, 1, 0])
    );
    // West (sudden death): over as soon as someone has 30,000, even on a
    // dealer repeat; West 4 is the last round whatever the scores.
    assert_eq!(after_round(South, 2, 1, top, exhaustive([true; 4])), None);
    assert_eq!(
        after_round(South, 2, 2, low, exhaustive([false, true, false, false])),
        Some([2, 2, 2, 1, 1])
    );
    assert_eq!(after_round(South, 2, 4, low, exhaustive([false; 4])), None);
    // The last dealer who wins and is first with 30,000 stops the game; not
    // when another seat is first.
    let dealer_top = [20000, 25000, 19000, 36000];
    assert_eq!(after_round(South, 1, 4, dealer_top, win(3)), None);
    assert_eq!(after_round(South, 1, 4, top, win(3)), Some([1, 4, 2, 1, 3]));
    // A tie for first goes to the seat nearer the first dealer: seat 0 here.
    assert_eq!(
        after_round(
            South,
            1,
            4,
            [33000, 17000, 17000, 33000],
            exhaustive([false, false, false, true])
        ),
        Some([1, 4, 2, 1, 3])
    );
    // A non-dealer win passes the deal and clears the honba.
    assert_eq!(after_round(South, 0, 2, low, win(0)), Some([0, 3, 0, 1, 2]));
    // Below zero ends the game at once; exactly zero plays on.
    assert_eq!(
        after_round(South, 0, 2, [51000, 25000, 25000, -1000], win(0)),
        None
    );
    assert_eq!(
        after_round(South, 0, 2, [50000, 25000, 25000, 0], win(0)),
        Some([0, 3, 0, 1, 2])
    );
    // East-only: East 4 is the last round; South is the extension.
    assert_eq!(after_round(East, 0, 4, top, exhaustive([false; 4])), None);
    assert_eq!(
        after_round(East, 0, 4, low, exhaustive([false; 4])),
        Some([1, 1, 2, 1, 0])
    );
    // An abortive draw keeps the dealer, honba +1.
    let abort = RoundOutcome::Draw {
        reason: DrawReason::FourWinds,
        tenpai: [false; 4],
        nagashi: [false; 4],
        deltas: [0; 4],
    };
    assert_eq!(after_round(South, 0, 3, low, abort), Some([0, 3, 2, 1, 2]));
}

#[test]
fn final_scores_uma_oka_and_ties() {
    use tenpai::game::{final_scores, ranking};
    use tenpai::rules::GameRules;
    let g = GameRules::default();
    // 30,000 return, +20/+10/-10/-20 thousand uma, 20,000 oka to the first.
    assert_eq!(
        final_scores(&[40000, 30000, 20000, 10000], &g),
        [50000, 10000, -20000, -40000]
    );
    // Equal scores rank by seat: seat 1 before seat 3.
    assert_eq!(ranking(&[10000, 30000, 30000, 30000]), [1, 2, 3, 0]);
    assert_eq!(
        final_scores(&[10000, 30000, 30000, 30000], &g),
        [-40000, 40000, 10000, -10000]
    );
}

//! The rule for the round after a round ([`next_round`]), case by case with
//! exact values: who deals, the honba and the sticks, and when the game ends
//! (bust, the game's length, the west extension, the last dealer's stop).
//! Tenhou's rules (`GameRules::default()`) unless a test says otherwise.

use crate::common;

use common::exhaustive;
use tenpai::game::SeatIndex;
use tenpai::game::{next_round, DrawReason, RoundId, RoundOutcome};
use tenpai::rules::{GameLength, GameRules};
use tenpai::Wind::{self, East, North, South, West};

/// The round `wind` `kyoku` (1–4) with `honba` and `kyoutaku`.
fn round(wind: Wind, kyoku: u8, honba: u8, kyoutaku: u32) -> RoundId {
    RoundId::new(
        wind,
        SeatIndex::ALL[usize::from(kyoku - 1)],
        honba,
        kyoutaku,
    )
}

/// Wins by `(seat, from)` (what they score does not matter here).
fn wins(w: &[(u8, u8)]) -> RoundOutcome {
    RoundOutcome::Wins(w.iter().map(|&(s, f)| common::win(s, f)).collect())
}

fn abortive(reason: DrawReason) -> RoundOutcome {
    RoundOutcome::Draw {
        reason,
        tenpai: [false; 4],
        nagashi: [false; 4],
        deltas: [0; 4],
    }
}

/// Nobody at the 30,000 target, nobody below 0.
const EVEN: [i32; 4] = [25000; 4];
/// Seat 0 at the target.
const TOP: [i32; 4] = [35000, 25000, 20000, 20000];

fn tenhou() -> GameRules {
    GameRules::default()
}

fn east_only() -> GameRules {
    GameRules {
        length: GameLength::East,
        ..GameRules::default()
    }
}

#[test]
fn next_round_ok_dealer_win_repeats_with_one_more_honba() {
    let r = next_round(round(East, 1, 0, 0), &wins(&[(0, 0)]), &EVEN, 0, &tenhou());
    assert_eq!(r, Some(round(East, 1, 1, 0)));
}

#[test]
fn next_round_ok_dealer_among_double_ron_winners_repeats() {
    // East 2 (seat 1 deals): seats 2 and 1 ron seat 0's discard.
    let r = next_round(
        round(East, 2, 3, 0),
        &wins(&[(2, 0), (1, 0)]),
        &EVEN,
        0,
        &tenhou(),
    );
    assert_eq!(r, Some(round(East, 2, 4, 0)));
}

#[test]
fn next_round_ok_non_dealer_win_passes_the_deal_and_clears_the_honba() {
    let r = next_round(round(East, 3, 2, 0), &wins(&[(0, 1)]), &EVEN, 0, &tenhou());
    assert_eq!(r, Some(round(East, 4, 0, 0)));
    // The deal passes from seat 3 to the next wind.
    let r = next_round(round(East, 4, 0, 0), &wins(&[(1, 1)]), &EVEN, 0, &tenhou());
    assert_eq!(r, Some(round(South, 1, 0, 0)));
}

#[test]
fn next_round_ok_dealer_tenpai_at_exhaustive_draw_repeats() {
    let tenpai = [true, false, true, false];
    let r = next_round(
        round(East, 1, 0, 2),
        &exhaustive(tenpai),
        &EVEN,
        2,
        &tenhou(),
    );
    assert_eq!(r, Some(round(East, 1, 1, 2)));
}

#[test]
fn next_round_ok_dealer_noten_passes_the_deal_with_one_more_honba() {
    let tenpai = [true, false, false, false];
    let r = next_round(
        round(East, 4, 1, 0),
        &exhaustive(tenpai),
        &EVEN,
        1,
        &tenhou(),
    );
    assert_eq!(r, Some(round(South, 1, 2, 1)));
}

#[test]
fn next_round_ok_every_abortive_draw_keeps_the_dealer_with_one_more_honba() {
    for reason in [
        DrawReason::NineTerminals,
        DrawReason::FourWinds,
        DrawReason::FourRiichi,
        DrawReason::FourKans,
        DrawReason::TripleRon,
    ] {
        let r = next_round(
            round(South, 2, 0, 1),
            &abortive(reason),
            &EVEN,
            5,
            &tenhou(),
        );
        assert_eq!(r, Some(round(South, 2, 1, 5)), "{reason:?}");
    }
}

#[test]
fn next_round_ok_sticks_left_on_the_table_carry_over() {
    // A draw leaves the round's sticks (1 carried in, 2 riichi this round).
    let r = next_round(
        round(East, 2, 0, 1),
        &exhaustive([false; 4]),
        &EVEN,
        3,
        &tenhou(),
    );
    assert_eq!(r, Some(round(East, 3, 1, 3)));
    // A win took them: none carry over.
    let r = next_round(round(East, 2, 0, 1), &wins(&[(0, 2)]), &EVEN, 0, &tenhou());
    assert_eq!(r, Some(round(East, 3, 0, 0)));
}

#[test]
fn next_round_ok_honba_stops_at_255() {
    let r = next_round(
        round(East, 1, 255, 0),
        &wins(&[(0, 0)]),
        &EVEN,
        0,
        &tenhou(),
    );
    assert_eq!(r, Some(round(East, 1, 255, 0)));
}

#[test]
fn game_over_when_a_seat_is_below_zero() {
    let busted = [51000, 25000, 25000, -1000];
    let r = next_round(
        round(East, 2, 0, 0),
        &wins(&[(0, 3)]),
        &busted,
        0,
        &tenhou(),
    );
    assert_eq!(r, None);
    // Exactly 0 plays on.
    let zero = [50000, 25000, 25000, 0];
    let r = next_round(round(East, 2, 0, 0), &wins(&[(0, 3)]), &zero, 0, &tenhou());
    assert_eq!(r, Some(round(East, 3, 0, 0)));
    // Without the bust rule, below 0 plays on too.
    let rules = GameRules {
        bust_ends: false,
        ..GameRules::default()
    };
    let r = next_round(round(East, 2, 0, 0), &wins(&[(0, 3)]), &busted, 0, &rules);
    assert_eq!(r, Some(round(East, 3, 0, 0)));
}

#[test]
fn game_over_after_the_last_round_when_someone_reached_the_target() {
    // South 4, dealer (seat 3) noten.
    let noten = exhaustive([false; 4]);
    assert_eq!(
        next_round(round(South, 4, 0, 0), &noten, &TOP, 0, &tenhou()),
        None
    );
    // East-only: East 4 is the last round.
    assert_eq!(
        next_round(round(East, 4, 0, 0), &noten, &TOP, 0, &east_only()),
        None
    );
    // Exactly the target is enough.
    let at = [30000, 25000, 25000, 20000];
    assert_eq!(
        next_round(round(South, 4, 0, 0), &noten, &at, 0, &tenhou()),
        None
    );
}

#[test]
fn west_extension_when_nobody_reached_the_target() {
    let noten = exhaustive([false; 4]);
    assert_eq!(
        next_round(round(South, 4, 0, 1), &noten, &EVEN, 1, &tenhou()),
        Some(round(West, 1, 1, 1))
    );
    // East-only games extend into South.
    assert_eq!(
        next_round(round(East, 4, 0, 0), &noten, &EVEN, 0, &east_only()),
        Some(round(South, 1, 1, 0))
    );
    // Without the extension the game ends after its last round.
    let rules = GameRules {
        extension: false,
        ..GameRules::default()
    };
    assert_eq!(
        next_round(round(South, 4, 0, 0), &noten, &EVEN, 0, &rules),
        None
    );
}

#[test]
fn west_extension_is_sudden_death_and_ends_after_west_4() {
    // West 1: the dealer (seat 0) ready and first with 35,000 stops the game.
    let dealer_tenpai = exhaustive([true, false, false, false]);
    assert_eq!(
        next_round(round(West, 1, 0, 0), &dealer_tenpai, &TOP, 0, &tenhou()),
        None
    );
    assert_eq!(
        next_round(round(West, 1, 0, 0), &dealer_tenpai, &EVEN, 0, &tenhou()),
        Some(round(West, 1, 1, 0))
    );
    // West 4 is the last round whatever the scores; no North round.
    let noten = exhaustive([false; 4]);
    assert_eq!(
        next_round(round(West, 4, 0, 0), &noten, &EVEN, 0, &tenhou()),
        None
    );
    // A dealer repeat in West 4 plays on while nobody has the target.
    let dealer_wins = wins(&[(3, 3)]);
    assert_eq!(
        next_round(round(West, 4, 0, 0), &dealer_wins, &EVEN, 0, &tenhou()),
        Some(round(West, 4, 1, 0))
    );
    // An east-only game's extension is South; North never comes.
    assert_eq!(
        next_round(round(South, 4, 0, 0), &noten, &EVEN, 0, &east_only()),
        None
    );
    assert_eq!(
        next_round(round(North, 1, 0, 0), &dealer_tenpai, &EVEN, 0, &tenhou()),
        None
    );
}

#[test]
fn last_dealer_stops_when_first_with_the_target() {
    // South 4 is dealt by seat 3.
    let dealer_first = [20000, 25000, 19000, 36000];
    assert_eq!(
        next_round(
            round(South, 4, 0, 0),
            &wins(&[(3, 0)]),
            &dealer_first,
            0,
            &tenhou()
        ),
        None
    );
    // By tenpai at the exhaustive draw as well.
    let dealer_tenpai = exhaustive([false, false, false, true]);
    assert_eq!(
        next_round(
            round(South, 4, 0, 0),
            &dealer_tenpai,
            &dealer_first,
            0,
            &tenhou()
        ),
        None
    );
    // Without the rule the dealer plays on.
    let rules = GameRules {
        last_dealer_stop: false,
        ..GameRules::default()
    };
    assert_eq!(
        next_round(
            round(South, 4, 0, 0),
            &wins(&[(3, 0)]),
            &dealer_first,
            0,
            &rules
        ),
        Some(round(South, 4, 1, 0))
    );
}

#[test]
fn last_dealer_plays_on_unless_first_with_the_target_by_a_win_or_tenpai() {
    let dealer_win = wins(&[(3, 0)]);
    // Another seat is first.
    assert_eq!(
        next_round(round(South, 4, 0, 0), &dealer_win, &TOP, 0, &tenhou()),
        Some(round(South, 4, 1, 0))
    );
    // First, but below the target (nobody has it: the extension comes only
    // when the deal passes).
    let below = [20000, 25000, 26000, 29000];
    assert_eq!(
        next_round(round(South, 4, 0, 0), &dealer_win, &below, 0, &tenhou()),
        Some(round(South, 4, 1, 0))
    );
    // A tie for first goes to the seat nearer seat 0: seat 0 here.
    let tie = [33000, 17000, 17000, 33000];
    assert_eq!(
        next_round(round(South, 4, 0, 0), &dealer_win, &tie, 0, &tenhou()),
        Some(round(South, 4, 1, 0))
    );
    // An abortive draw repeats the deal but never stops the game.
    let dealer_first = [20000, 25000, 19000, 36000];
    assert_eq!(
        next_round(
            round(South, 4, 0, 0),
            &abortive(DrawReason::NineTerminals),
            &dealer_first,
            0,
            &tenhou()
        ),
        Some(round(South, 4, 1, 0))
    );
    // Before the last round the dealer never stops the game.
    let dealer3_first = [20000, 25000, 19000, 36000];
    assert_eq!(
        next_round(
            round(East, 4, 0, 0),
            &dealer_win,
            &dealer3_first,
            0,
            &tenhou()
        ),
        Some(round(East, 4, 1, 0))
    );
}

/// Issue 22: in the west round a dealer who keeps the deal plays the next
/// hand even when another seat has reached the target and the dealer is not
/// first (Tenhou's rules; RiichiEnv PR #232 "Preserve dealer renchan during
/// extension rounds", mahjax PR #93).
#[test]
fn west_dealer_ready_at_the_draw_plays_on_though_another_seat_reached_the_target() {
    // West 1: the dealer (seat 0) and seat 1 ready; seat 1 on 30,500, the
    // dealer on 29,500.
    let both = exhaustive([true, true, false, false]);
    let scores = [29500, 30500, 20000, 20000];
    assert_eq!(
        next_round(round(West, 1, 0, 0), &both, &scores, 0, &tenhou()),
        Some(round(West, 1, 1, 0))
    );
    // The dealer noten: the deal passes, and seat 1's 30,500 ends the game.
    let seat1 = exhaustive([false, true, false, false]);
    assert_eq!(
        next_round(round(West, 1, 0, 0), &seat1, &scores, 0, &tenhou()),
        None
    );
}

#[test]
fn west_dealer_among_the_winners_of_a_double_ron_plays_on() {
    // West 2 (dealer seat 1): seat 2 deals into seat 3 and the dealer; seat 3
    // is first with 31,000, the dealer second.
    let double = wins(&[(3, 2), (1, 2)]);
    let scores = [20000, 30000, 19000, 31000];
    assert_eq!(
        next_round(round(West, 2, 1, 0), &double, &scores, 0, &tenhou()),
        Some(round(West, 2, 2, 0))
    );
    // The dealer first and at the target: the game stops (agari-yame).
    let dealer_first = [20000, 31000, 19000, 30000];
    assert_eq!(
        next_round(round(West, 2, 1, 0), &double, &dealer_first, 0, &tenhou()),
        None
    );
}

#[test]
fn west_dealer_win_plays_on_unless_first_with_the_target() {
    let dealer_wins = wins(&[(2, 2)]);
    // West 3 (dealer seat 2), seat 0 first with 32,000.
    let second = [32000, 20000, 31000, 17000];
    assert_eq!(
        next_round(round(West, 3, 0, 0), &dealer_wins, &second, 0, &tenhou()),
        Some(round(West, 3, 1, 0))
    );
    // First below the target: nobody has it, on as well.
    let below = [25000, 20000, 29000, 26000];
    assert_eq!(
        next_round(round(West, 3, 0, 0), &dealer_wins, &below, 0, &tenhou()),
        Some(round(West, 3, 1, 0))
    );
    // First with the target: over.
    let first = [25000, 20000, 33000, 22000];
    assert_eq!(
        next_round(round(West, 3, 0, 0), &dealer_wins, &first, 0, &tenhou()),
        None
    );
    // Without the last dealer's stop the dealer plays on even then.
    let rules = GameRules {
        last_dealer_stop: false,
        ..GameRules::default()
    };
    assert_eq!(
        next_round(round(West, 3, 0, 0), &dealer_wins, &first, 0, &rules),
        Some(round(West, 3, 1, 0))
    );
}

#[test]
fn west_abortive_draw_repeats_the_deal_whatever_the_scores() {
    // West 1-1 after a dealer repeat: seat 1 already has 30,500.
    let scores = [29500, 30500, 20000, 20000];
    assert_eq!(
        next_round(
            round(West, 1, 1, 0),
            &abortive(DrawReason::FourWinds),
            &scores,
            0,
            &tenhou()
        ),
        Some(round(West, 1, 2, 0))
    );
}

#[test]
fn west_ends_at_the_first_result_that_passes_the_deal_with_someone_at_the_target() {
    // West 2 (dealer seat 1): seat 3 wins and reaches 30,000 exactly.
    let scores = [25000, 24000, 21000, 30000];
    assert_eq!(
        next_round(
            round(West, 2, 0, 0),
            &wins(&[(3, 0)]),
            &scores,
            0,
            &tenhou()
        ),
        None
    );
    // The dealer noten at the draw while someone has the target: over.
    assert_eq!(
        next_round(
            round(West, 2, 0, 0),
            &exhaustive([false, false, false, true]),
            &scores,
            0,
            &tenhou()
        ),
        None
    );
}

#[test]
fn east_only_extension_into_south_follows_the_same_rule() {
    // South 1 of an east-only game: the dealer ready, seat 2 first with
    // 31,000: South 1-1.
    let scores = [28000, 21000, 31000, 20000];
    assert_eq!(
        next_round(
            round(South, 1, 0, 0),
            &exhaustive([true, false, true, false]),
            &scores,
            0,
            &east_only()
        ),
        Some(round(South, 1, 1, 0))
    );
    // South 4 passes the deal: no West round for an east-only game.
    assert_eq!(
        next_round(
            round(South, 4, 0, 0),
            &wins(&[(0, 1)]),
            &EVEN,
            0,
            &east_only()
        ),
        None
    );
}

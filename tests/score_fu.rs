//! One test per fu rule, with the breakdown, and the classic traps of reading a
//! hand. Unless a test says otherwise: the South seat (non-dealer) in the East
//! round, ron, Tenhou's rules.

use crate::score_common;
use score_common::{check, fu_lines, win};
use tenpai::rules::Rules;
use tenpai::score::{Reading, ScoreError, Timing, Wait, Yaku};
use tenpai::Wind;

fn lines(v: &[(&str, u8)]) -> Vec<(String, u8)> {
    v.iter().map(|&(s, f)| (s.to_string(), f)).collect()
}

// ---- the fu rules -------------------------------------------------------------

#[test]
fn fu_base_20_only_for_pinfu_tsumo() {
    let s = win("123m456p789s234m99s", "4m").tsumo().tenhou();
    assert_eq!(fu_lines(&s), lines(&[("base", 20)]));
    assert_eq!(s.fu, 20);
}

#[test]
fn fu_closed_ron_adds_10() {
    let s = win("123m456p789s234m99s", "4m").tenhou();
    assert_eq!(fu_lines(&s), lines(&[("base", 20), ("closed ron", 10)]));
    assert_eq!(s.fu, 30);
}

#[test]
fn fu_tsumo_adds_2_without_pinfu() {
    let s = win("123m456p789s234m99s", "3m").tsumo().tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("tsumo", 2), ("penchan wait", 2)])
    );
    assert_eq!((s.fu_breakdown.raw(), s.fu), (24, 30));
}

#[test]
fn fu_kanchan_wait_adds_2() {
    let s = win("223344m567p789s11p", "3m").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("closed ron", 10), ("kanchan wait", 2)])
    );
    assert_eq!(s.fu, 40);
}

#[test]
fn fu_penchan_wait_adds_2() {
    let s = win("123m456p345789s99p", "3m").riichi().tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("closed ron", 10), ("penchan wait", 2)])
    );
    assert_eq!(s.fu, 40);
}

#[test]
fn fu_penchan_on_the_seven_side() {
    // 89 waiting on 7.
    let s = win("123m456p345789s99p", "7s").riichi().tenhou();
    assert_eq!(s.reading.wait(), Wait::Penchan);
    assert_eq!(s.fu, 40);
}

#[test]
fn fu_tanki_wait_adds_2() {
    let s = win("123m456p345789s99p", "9p").riichi().tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("closed ron", 10), ("tanki wait", 2)])
    );
    assert_eq!(s.fu, 40);
}

#[test]
fn fu_ryanmen_and_shanpon_waits_add_nothing() {
    let s = win("123m456p345789s99p", "6p").riichi().tenhou();
    assert_eq!(s.reading.wait(), Wait::Ryanmen);
    let s = win("123m456p345s99p999s", "9s").tsumo().tenhou();
    assert_eq!(s.reading.wait(), Wait::Shanpon);
    assert!(!fu_lines(&s).iter().any(|(l, _)| l.contains("wait")));
}

#[test]
fn fu_dragon_pair_adds_2() {
    let s = win("123m456p345789s55z", "3m").riichi().tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[
            ("base", 20),
            ("closed ron", 10),
            ("penchan wait", 2),
            ("pair 55z", 2)
        ])
    );
    assert_eq!((s.fu_breakdown.raw(), s.fu), (34, 40));
}

#[test]
fn fu_seat_wind_pair_adds_2() {
    let s = win("123m456p345789s22z", "3m").riichi().tenhou();
    assert!(fu_lines(&s).contains(&("pair 22z".to_string(), 2)));
}

#[test]
fn fu_round_wind_pair_adds_2() {
    let s = win("123m456p345789s11z", "3m").riichi().tenhou();
    assert!(fu_lines(&s).contains(&("pair 11z".to_string(), 2)));
}

#[test]
fn fu_other_wind_pair_adds_nothing() {
    let s = win("123m456p345789s44z", "3m").riichi().tenhou();
    assert_eq!(s.fu_breakdown.raw(), 32);
}

#[test]
fn fu_double_wind_pair_adds_4_or_2_by_option() {
    // The dealer's East pair in the East round: 20 + 10 + 2 + 4 = 36 → 40, or 34 → 40.
    let w = win("123m456p345789s11z", "3m").riichi().dealer();
    let s = w.tenhou();
    assert!(fu_lines(&s).contains(&("pair 11z".to_string(), 4)));
    assert_eq!(s.fu_breakdown.raw(), 36);
    let mut r = Rules::tenhou();
    r.scoring.double_wind_pair_fu = 2;
    assert_eq!(w.with(&r).fu_breakdown.raw(), 34);
}

#[test]
fn fu_open_triplet_of_simples_is_2() {
    let s = win("234m456p22s [678s] [333p]", "4m").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("open triplet [333p]", 2)])
    );
    assert_eq!(s.fu, 30);
}

#[test]
fn fu_concealed_triplet_of_simples_is_4() {
    let s = win("234m333p22s678s [345p]", "4m").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("concealed triplet 333p", 4)])
    );
    assert_eq!(s.fu, 30);
}

#[test]
fn fu_open_triplet_of_terminals_or_honors_is_4() {
    let s = win("123m456p11p [555z] [999s]", "3m").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[
            ("base", 20),
            ("penchan wait", 2),
            ("open triplet [555z]", 4),
            ("open triplet [999s]", 4)
        ])
    );
    assert_eq!(s.fu, 30);
}

#[test]
fn fu_concealed_triplet_of_terminals_is_8() {
    let s = win("123m789p789999s44z", "3m").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[
            ("base", 20),
            ("closed ron", 10),
            ("penchan wait", 2),
            ("concealed triplet 999s", 8)
        ])
    );
    assert_eq!(s.fu, 40);
}

#[test]
fn fu_open_kan_of_simples_is_8() {
    let s = win("123m456p789s11p [8888p]", "9s")
        .tsumo()
        .timing(Timing::Rinshan)
        .tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("tsumo", 2), ("open kan [8888p]", 8)])
    );
    assert_eq!(s.fu, 30);
}

#[test]
fn fu_closed_kan_of_simples_is_16() {
    // A closed kan keeps the hand closed (riichi, closed ron) but spoils pinfu.
    let s = win("123m456p789s11p (8888p)", "9s").riichi().tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("closed ron", 10), ("closed kan (8888p)", 16)])
    );
    check(&s, &[("riichi", 1)], 1, 50, 1600);
}

#[test]
fn fu_open_kan_of_terminals_is_16_and_closed_kan_of_honors_32() {
    let s = win("234m44z [1111p] [9999s] (3333z)", "4z").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[
            ("base", 20),
            ("tanki wait", 2),
            ("open kan [1111p]", 16),
            ("open kan [9999s]", 16),
            ("closed kan (3333z)", 32)
        ])
    );
    assert_eq!((s.fu_breakdown.raw(), s.fu), (86, 90));
}

#[test]
fn fu_round_up_to_the_next_10() {
    let s = win("111m234p999p555s44z", "3p").tenhou();
    assert_eq!((s.fu_breakdown.raw(), s.fu), (52, 60));
}

#[test]
fn fu_chiitoitsu_is_always_25() {
    let ron = win("1133m5577p22s4466z", "1m").tenhou();
    assert_eq!(fu_lines(&ron), lines(&[("chiitoitsu", 25)]));
    let tsumo = win("1133m5577p22s4466z", "1m").tsumo().tenhou();
    assert_eq!((ron.fu, tsumo.fu), (25, 25));
    // 2 han 25 fu tsumo + menzen tsumo: 3 han 25 fu, 800 / 1,600.
    check(
        &tsumo,
        &[("menzen_tsumo", 1), ("chiitoitsu", 2)],
        3,
        25,
        3200,
    );
}

#[test]
fn fu_open_hand_with_20_counts_30() {
    let s = win("234m456p22s [678s] [345p]", "4m").tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("open no-fu hand (counts 30)", 10)])
    );
    assert_eq!(s.fu, 30);
}

#[test]
fn fu_open_tsumo_without_other_fu_is_30() {
    let s = win("234m456p22s [678s] [345p]", "4m").tsumo().tenhou();
    assert_eq!(fu_lines(&s), lines(&[("base", 20), ("tsumo", 2)]));
    check(&s, &[("tanyao", 1)], 1, 30, 1100);
}

#[test]
fn fu_not_reported_for_yakuman() {
    let s = win("119m19p19s1234567z", "9m").tenhou();
    assert!(s.fu_breakdown.is_empty());
    assert_eq!(s.fu, 0);
}

// ---- the classic traps --------------------------------------------------------

#[test]
fn trap_pinfu_with_a_yakuhai_pair_is_not_pinfu() {
    // Dragon pair: 20 + 10 + 2 (pair) = 32 → 40 fu, riichi only.
    let s = win("123m456p789s234m55z", "4m").riichi().tenhou();
    check(&s, &[("riichi", 1)], 1, 40, 1300);
    // Round wind pair (East in the East round) for the South seat: not pinfu either.
    let s = win("123m456p789s234m11z", "4m").riichi().tenhou();
    check(&s, &[("riichi", 1)], 1, 40, 1300);
    // A guest wind pair is fine.
    let s = win("123m456p789s234m44z", "4m").riichi().tenhou();
    check(&s, &[("riichi", 1), ("pinfu", 1)], 2, 30, 2000);
}

#[test]
fn trap_open_pinfu_shape_by_ron_is_30_fu() {
    let s = win("234m456p22s [678s] [345p]", "4m").tenhou();
    check(&s, &[("tanyao", 1)], 1, 30, 1000);
    assert!(!s.yaku.contains(Yaku::Pinfu));
}

#[test]
fn trap_tanki_or_ryanmen_takes_the_higher_fu() {
    // 2344 + 4m: 234 + 44 (ryanmen, 30 fu) or 44 completed on the 4 (tanki, 40 fu).
    let s = win("23444m999p345567s", "4m").tsumo().tenhou();
    assert_eq!(s.reading.wait(), Wait::Tanki);
    assert_eq!(
        fu_lines(&s),
        lines(&[
            ("base", 20),
            ("tsumo", 2),
            ("tanki wait", 2),
            ("concealed triplet 999p", 8)
        ])
    );
    // 1 han 40 fu tsumo: 700 / 400.
    check(&s, &[("menzen_tsumo", 1)], 1, 40, 1500);
}

#[test]
fn trap_kanchan_or_ryanmen_takes_pinfu() {
    // 34556m + 4m = 345m 456m: kanchan in 345 (riichi, 40 fu: 1,300) or ryanmen in 456
    // (riichi + pinfu, 30 fu: 2,000). The reading that pays more wins.
    let s = win("344556m456p11789s", "4m").riichi().tenhou();
    assert_eq!(s.reading.wait(), Wait::Ryanmen);
    check(&s, &[("riichi", 1), ("pinfu", 1)], 2, 30, 2000);
}

#[test]
fn trap_chiitoitsu_with_four_of_a_kind_is_not_chiitoitsu() {
    assert_eq!(
        win("1111m2255p3366s77z", "7z").error(),
        ScoreError::NotAgari
    );
    // Read as melds instead: 11m 123m 123m 456p 456p — ryanpeikou and pinfu.
    let s = win("11112233m445566p", "6p").tenhou();
    check(&s, &[("pinfu", 1), ("ryanpeikou", 3)], 4, 30, 7700);
    assert!(!matches!(s.reading, Reading::Chiitoitsu { .. }));
}

#[test]
fn trap_shanpon_ron_completes_an_open_triplet() {
    // 22s 999s waiting on 2s or 9s; ron on 9s: the 999s is open, 4 fu not 8.
    let s = win("234m456p678s11p999s", "9s").riichi().tenhou();
    assert_eq!(
        fu_lines(&s),
        lines(&[("base", 20), ("closed ron", 10), ("open triplet 999s", 4)])
    );
    // By tsumo it stays concealed.
    let s = win("234m456p678s11p999s", "9s").riichi().tsumo().tenhou();
    assert!(fu_lines(&s).contains(&("concealed triplet 999s".to_string(), 8)));
}

#[test]
fn trap_shanpon_ron_spoils_sanankou() {
    // Three triplets, one of them completed by ron: only two are concealed.
    let w = win("111m999p555s234p44z", "5s");
    assert_eq!(w.error(), ScoreError::NoYaku);
    let s = win("111m999p555s234p44z", "5s").tsumo().tenhou();
    assert!(s.yaku.contains(Yaku::Sanankou));
}

#[test]
fn trap_shanpon_ron_spoils_suuankou() {
    // Ron on 5s: sanankou, toitoi, chun = 5 han, mangan, not yakuman.
    let s = win("111m999p555s777z44z", "5s").tenhou();
    check(
        &s,
        &[("yakuhai_chun", 1), ("toitoi", 2), ("sanankou", 2)],
        5,
        60,
        8000,
    );
}

#[test]
fn trap_sanankou_beats_pinfu_iipeikou() {
    // 111222333m: three triplets (sanankou, 40 fu) or 123m ×3 (pinfu, iipeikou, 20 fu).
    let s = win("111222333m456p99s", "6p").tsumo().tenhou();
    check(&s, &[("menzen_tsumo", 1), ("sanankou", 2)], 3, 40, 5200);
}

#[test]
fn trap_riichi_stick_and_honba() {
    // Sticks go to the winner but are reported apart from the payments.
    let s = win("123m456p789s234m99s", "4m")
        .riichi()
        .honba(2)
        .kyoutaku(3)
        .tenhou();
    assert_eq!(
        (s.total, s.kyoutaku_points, s.total_with_kyoutaku()),
        (2000 + 600, 3000, 5600)
    );
}

#[test]
fn trap_dealer_is_the_east_seat() {
    let s = win("123m456p789s234m99s", "4m")
        .seat(Wind::East)
        .round(Wind::South)
        .tenhou();
    assert_eq!(s.total, 1500);
}

//! Payments: basic points, limits, dealer and non-dealer shares, rounding, honba
//! and riichi sticks. Points are in 1s.

use crate::score_common;
use score_common::win;
use tenpai::rules::Rules;
use tenpai::score::{basic_points, payment, Limit, Payment, Timing};

fn ron(han: u32, fu: u32, dealer: bool) -> u32 {
    let (basic, _) = basic_points(han, fu, &Rules::tenhou().scoring);
    payment(basic, dealer, false, 0).1
}

fn tsumo(han: u32, fu: u32, dealer: bool) -> Payment {
    let (basic, _) = basic_points(han, fu, &Rules::tenhou().scoring);
    payment(basic, dealer, true, 0).0
}

#[test]
fn points_non_dealer_ron_table() {
    for (han, fu, points) in [
        (1, 30, 1000),
        (1, 40, 1300),
        (1, 50, 1600),
        (1, 110, 3600),
        (2, 25, 1600),
        (2, 30, 2000),
        (2, 110, 7100),
        (3, 25, 3200),
        (3, 30, 3900),
        (3, 60, 7700),
        (3, 70, 8000),
        (4, 25, 6400),
        (4, 30, 7700),
        (4, 40, 8000),
    ] {
        assert_eq!(ron(han, fu, false), points, "{han} han {fu} fu");
    }
}

#[test]
fn points_dealer_ron_table() {
    for (han, fu, points) in [
        (1, 30, 1500),
        (1, 40, 2000),
        (2, 30, 2900),
        (3, 30, 5800),
        (4, 30, 11600),
        (5, 30, 12000),
    ] {
        assert_eq!(ron(han, fu, true), points, "{han} han {fu} fu");
    }
}

#[test]
fn points_non_dealer_tsumo_shares_round_up_to_100() {
    for (han, fu, dealer, non_dealer) in [
        (1, 30, 500, 300),
        (2, 20, 700, 400),
        (2, 30, 1000, 500),
        (3, 25, 1600, 800),
        (3, 30, 2000, 1000),
        (4, 30, 3900, 2000),
        (5, 30, 4000, 2000),
    ] {
        assert_eq!(
            tsumo(han, fu, false),
            Payment::Tsumo { dealer, non_dealer },
            "{han} han {fu} fu"
        );
    }
}

#[test]
fn points_dealer_tsumo_all_pay_the_same() {
    for (han, fu, each) in [
        (1, 30, 500),
        (2, 20, 700),
        (3, 30, 2000),
        (4, 30, 3900),
        (6, 30, 6000),
    ] {
        assert_eq!(
            tsumo(han, fu, true),
            Payment::Tsumo {
                dealer: 0,
                non_dealer: each
            },
            "{han} han {fu} fu"
        );
    }
}

#[test]
fn points_limits() {
    let r = Rules::tenhou().scoring;
    for (han, limit, non_dealer_ron, dealer_ron) in [
        (5, Limit::Mangan, 8000, 12000),
        (6, Limit::Haneman, 12000, 18000),
        (7, Limit::Haneman, 12000, 18000),
        (8, Limit::Baiman, 16000, 24000),
        (10, Limit::Baiman, 16000, 24000),
        (11, Limit::Sanbaiman, 24000, 36000),
        (12, Limit::Sanbaiman, 24000, 36000),
        (13, Limit::KazoeYakuman, 32000, 48000),
        (20, Limit::KazoeYakuman, 32000, 48000),
    ] {
        assert_eq!(basic_points(han, 30, &r).1, limit, "{han} han");
        assert_eq!(
            (ron(han, 30, false), ron(han, 30, true)),
            (non_dealer_ron, dealer_ron),
            "{han} han"
        );
    }
}

#[test]
fn points_mangan_reached_below_5_han() {
    let r = Rules::tenhou().scoring;
    assert_eq!(basic_points(3, 70, &r), (2000, Limit::Mangan));
    assert_eq!(basic_points(4, 40, &r), (2000, Limit::Mangan));
    assert_eq!(basic_points(2, 110, &r), (1760, Limit::None));
}

#[test]
fn points_kiriage_mangan_by_option() {
    let mut r = Rules::tenhou().scoring;
    assert_eq!(basic_points(4, 30, &r), (1920, Limit::None));
    assert_eq!(basic_points(3, 60, &r), (1920, Limit::None));
    r.kiriage_mangan = true;
    assert_eq!(basic_points(4, 30, &r), (2000, Limit::Mangan));
    assert_eq!(basic_points(3, 60, &r), (2000, Limit::Mangan));
    assert_eq!(basic_points(3, 50, &r), (1600, Limit::None));
    // End to end: riichi, pinfu, tanyao, dora 1 = 4 han 30 fu.
    let w = win("234m456p22s345678s", "8s").riichi().dora("3m");
    assert_eq!(w.tenhou().total, 7700);
    let mut rules = Rules::tenhou();
    rules.scoring.kiriage_mangan = true;
    assert_eq!(w.with(&rules).total, 8000);
}

#[test]
fn points_yakuman_multiples() {
    assert_eq!(payment(8000, false, false, 0).1, 32000);
    assert_eq!(payment(16000, true, false, 0).1, 96000);
    assert_eq!(
        payment(8000, false, true, 0).0,
        Payment::Tsumo {
            dealer: 16000,
            non_dealer: 8000
        }
    );
}

#[test]
fn points_honba_300_on_ron() {
    assert_eq!(
        payment(960, false, false, 3),
        (
            Payment::Ron {
                discarder: 3900 + 900
            },
            4800
        )
    );
    let s = win("123m456p789s234m99s", "4m").honba(2).tenhou();
    assert_eq!(s.payment, Payment::Ron { discarder: 1600 });
}

#[test]
fn points_honba_100_from_each_payer_on_tsumo() {
    assert_eq!(
        payment(960, false, true, 2),
        (
            Payment::Tsumo {
                dealer: 2200,
                non_dealer: 1200
            },
            4600
        )
    );
    assert_eq!(
        payment(960, true, true, 1),
        (
            Payment::Tsumo {
                dealer: 0,
                non_dealer: 2100
            },
            6300
        )
    );
}

#[test]
fn points_riichi_sticks_go_to_the_winner_apart() {
    let s = win("123m456p789s11p [8888p]", "9s")
        .tsumo()
        .timing(Timing::Rinshan)
        .kyoutaku(2)
        .tenhou();
    assert_eq!(
        (s.total, s.kyoutaku_points, s.total_with_kyoutaku()),
        (1100, 2000, 3100)
    );
    assert_eq!(
        s.payment,
        Payment::Tsumo {
            dealer: 500,
            non_dealer: 300
        }
    );
}

#[test]
fn points_limit_names() {
    assert_eq!(Limit::Mangan.to_string(), "mangan");
    assert_eq!(Limit::Yakuman(2).to_string(), "double yakuman");
    assert_eq!(Limit::KazoeYakuman.to_string(), "kazoe yakuman");
    assert_eq!(Limit::None.to_string(), "");
}

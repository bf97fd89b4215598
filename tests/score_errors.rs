//! Typed errors, never panics: not a winning hand, no yaku, and each situation
//! that cannot happen, with a message that says what is wrong.

use crate::score_common;
use score_common::win;
use tenpai::rules::Rules;
use tenpai::score::{
    json, score, InvalidSituation as I, MeldOrigin, Riichi, ScoreError, Situation, Timing,
};
use tenpai::Wind;

#[track_caller]
fn invalid(e: ScoreError) -> I {
    match e {
        ScoreError::Invalid(i) => i,
        other => panic!("expected an invalid situation, got {other:?}"),
    }
}

fn from_json(line: &str) -> ScoreError {
    Situation::from_json(line)
        .and_then(|s| score(&s, &Rules::tenhou()))
        .expect_err(line)
}

#[test]
fn score_err_not_a_winning_hand() {
    let e = win("123m456p789s11234z", "4z").error();
    assert_eq!(e, ScoreError::NotAgari);
    assert_eq!(e.to_string(), "not a winning hand");
}

#[test]
fn score_err_no_yaku() {
    let e = win("123m456p789s11p [888p]", "9s").error();
    assert_eq!(
        (e.clone(), e.to_string()),
        (ScoreError::NoYaku, "no yaku".to_string())
    );
}

#[test]
fn score_err_win_tile_not_in_hand() {
    let e = invalid(win("123m456p789s234m99s", "5m").error());
    assert_eq!(
        e,
        I::WinTileNotInHand {
            tile: "5m".parse().unwrap()
        }
    );
    assert_eq!(
        e.to_string(),
        "the winning tile 5m is not among the concealed tiles"
    );
}

#[test]
fn score_err_wrong_tile_count() {
    let e = invalid(win("123m456p789s234m9s", "9s").error());
    assert_eq!(
        e,
        I::WrongTileCount {
            count: 13,
            melds: 0,
            expected: 14
        }
    );
    let e = invalid(win("123m456p789s9s [555z]", "9s").error());
    assert_eq!(
        e,
        I::WrongTileCount {
            count: 10,
            melds: 1,
            expected: 11
        }
    );
    let tail = "(14 minus 3 per meld, winning tile included)";
    assert_eq!(
        e.to_string(),
        format!("10 concealed tiles with 1 meld: expected 11 {tail}")
    );
    let e = invalid(win("1m", "1m").error());
    assert_eq!(
        e.to_string(),
        format!("1 concealed tile with 0 melds: expected 14 {tail}")
    );
}

#[test]
fn score_err_fifth_copy_counting_indicators() {
    let e = invalid(win("1111m456p789s234m9s", "9s").dora("1m").error());
    assert_eq!(
        e,
        I::TooManyCopies {
            tile: "1m".parse().unwrap(),
            count: 5
        }
    );
    assert_eq!(
        e.to_string(),
        "tile 1m appears 5 times counting melds and indicators (max 4)"
    );
}

#[test]
fn score_err_fifth_copy_in_the_hand() {
    let e = from_json(r#"{"hand":"11111m456p789s234m","win_tile":"1m"}"#);
    assert!(matches!(invalid(e), I::TooManyCopies { count: 5, .. }));
    let e = from_json(
        r#"{"hand":"11m456p789s234m","melds":[{"type":"pon","tiles":"111m"}],"win_tile":"1m"}"#,
    );
    assert!(matches!(invalid(e), I::TooManyCopies { count: 5, .. }));
}

#[test]
fn score_err_too_many_red_fives() {
    let e = invalid(win("234m406p22p [678s] [345p]", "4m").dora("0p").error());
    assert!(matches!(
        e,
        I::TooManyRedFives {
            count: 2,
            max: 1,
            ..
        }
    ));
    let mut no_red = Rules::tenhou();
    no_red.scoring.red_fives = [0, 0, 0];
    let e = win("234m406p22p [678s] [345p]", "4m")
        .result(&no_red)
        .unwrap_err();
    assert!(matches!(
        invalid(e),
        I::TooManyRedFives {
            count: 1,
            max: 0,
            ..
        }
    ));
}

#[test]
fn score_err_ura_without_riichi() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .dora("1z")
            .ura("1z")
            .error(),
    );
    assert_eq!(e, I::UraWithoutRiichi);
    assert_eq!(e.to_string(), "ura-dora indicators without riichi");
}

#[test]
fn score_err_more_ura_than_dora() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .riichi()
            .dora("1z")
            .ura("1z2z")
            .error(),
    );
    assert_eq!(e, I::MoreUraThanDora { ura: 2, dora: 1 });
}

#[test]
fn score_err_too_many_dora_indicators() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .dora("1z2z3z4z5z6z")
            .error(),
    );
    assert_eq!(e, I::TooManyIndicators { count: 6 });
}

#[test]
fn score_err_ippatsu_without_riichi() {
    assert_eq!(
        invalid(win("123m456p789s234m99s", "4m").ippatsu().error()),
        I::IppatsuWithoutRiichi
    );
}

#[test]
fn score_err_riichi_with_an_open_meld() {
    // A closed kan written as open: [1111z] is a called kan, so no riichi.
    let e = invalid(win("123m456p789s99s [1111z]", "9s").riichi().error());
    assert_eq!(
        e,
        I::RiichiWithOpenMeld {
            meld: "[1111z]".into()
        }
    );
    assert!(e.to_string().contains("(1111z)"), "{e}");
    // Written closed, it scores.
    assert!(win("123m456p789s99s (1111z)", "9s")
        .riichi()
        .result(&Rules::tenhou())
        .is_ok());
}

#[test]
fn score_err_rinshan_without_a_kan() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .tsumo()
            .timing(Timing::Rinshan)
            .error(),
    );
    assert_eq!(e, I::RinshanWithoutKan);
}

#[test]
fn score_err_rinshan_on_ron() {
    let e = invalid(
        win("123m456p789s11p [8888p]", "9s")
            .timing(Timing::Rinshan)
            .error(),
    );
    assert_eq!(
        e,
        I::TimingNeedsOtherWin {
            timing: "rinshan",
            tsumo: true
        }
    );
    assert_eq!(e.to_string(), "rinshan needs a tsumo win");
}

#[test]
fn score_err_chankan_on_tsumo() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .tsumo()
            .timing(Timing::Chankan)
            .error(),
    );
    assert_eq!(
        e,
        I::TimingNeedsOtherWin {
            timing: "chankan",
            tsumo: false
        }
    );
    assert_eq!(e.to_string(), "chankan needs a ron win");
}

#[test]
fn score_err_chankan_on_a_tile_held_elsewhere() {
    let e = invalid(
        win("123m456p789s234m99s", "3m")
            .timing(Timing::Chankan)
            .error(),
    );
    assert_eq!(
        e,
        I::ChankanTileHeld {
            tile: "3m".parse().unwrap()
        }
    );
}

#[test]
fn score_err_haitei_on_ron() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .timing(Timing::Haitei)
            .error(),
    );
    assert_eq!(
        e,
        I::TimingNeedsOtherWin {
            timing: "haitei",
            tsumo: true
        }
    );
}

#[test]
fn score_err_houtei_on_tsumo() {
    let e = invalid(
        win("123m456p789s234m99s", "4m")
            .tsumo()
            .timing(Timing::Houtei)
            .error(),
    );
    assert_eq!(
        e,
        I::TimingNeedsOtherWin {
            timing: "houtei",
            tsumo: false
        }
    );
}

#[test]
fn score_err_ippatsu_on_rinshan() {
    let e = invalid(
        win("123m456p789s11p (8888p)", "9s")
            .riichi()
            .ippatsu()
            .tsumo()
            .timing(Timing::Rinshan)
            .error(),
    );
    assert_eq!(e, I::IppatsuAfterOwnKan);
}

#[test]
fn score_err_tenhou_for_a_non_dealer_and_chiihou_for_the_dealer() {
    let w = win("123m456p789s234m99s", "9s").tsumo();
    let e = invalid(
        win("123m456p789s234m99s", "9s")
            .tsumo()
            .timing(Timing::Tenhou)
            .error(),
    );
    assert_eq!(
        e,
        I::FirstTurnWrongSeat {
            timing: "tenhou",
            dealer: true
        }
    );
    assert_eq!(e.to_string(), "tenhou is for the dealer");
    let e = invalid(w.dealer().timing(Timing::Chiihou).error());
    assert_eq!(e.to_string(), "chiihou is for a non-dealer");
}

#[test]
fn score_err_tenhou_with_a_meld_or_riichi() {
    let e = invalid(
        win("123m456p789s99s (1111z)", "9s")
            .dealer()
            .tsumo()
            .timing(Timing::Tenhou)
            .error(),
    );
    assert_eq!(e, I::FirstTurnWithMelds { timing: "tenhou" });
    let e = invalid(
        win("123m456p789s234m99s", "9s")
            .dealer()
            .tsumo()
            .riichi()
            .timing(Timing::Tenhou)
            .error(),
    );
    assert_eq!(e, I::FirstTurnWithRiichi { timing: "tenhou" });
}

#[test]
fn score_err_red_win_tile_without_a_red_five() {
    let e = invalid(win("123m456p789s345m99s", "0m").error());
    assert_eq!(
        e,
        I::RedWinTileNotInHand {
            tile: "5m".parse().unwrap()
        }
    );
}

#[test]
fn score_err_meld_origins() {
    let mut w = win("123m456p789s11p [8888p]", "9s");
    w.0.meld_origins = vec![MeldOrigin {
        added: false,
        from: Some(Wind::South),
    }];
    assert_eq!(
        invalid(w.error()),
        I::CalledFromSelf {
            meld: "[8888p]".into()
        }
    );
    let mut w = win("123m456p789s11p (8888p)", "9s").riichi();
    w.0.meld_origins = vec![MeldOrigin {
        added: true,
        from: None,
    }];
    assert_eq!(
        invalid(w.error()),
        I::AddedNotKan {
            meld: "(8888p)".into()
        }
    );
    w.0.meld_origins = vec![MeldOrigin {
        added: false,
        from: Some(Wind::East),
    }];
    assert_eq!(
        invalid(w.error()),
        I::ClosedKanCalled {
            meld: "(8888p)".into()
        }
    );
    w.0.meld_origins = vec![];
    assert!(w.result(&Rules::tenhou()).is_ok());
}

#[test]
fn score_err_json_conflicting_timings() {
    let e = from_json(
        r#"{"hand":"123m456p789s11p","melds":[{"type":"minkan","tiles":"8888p"}],"win_tile":"9s","tsumo":true,"haitei":true,"rinshan":true}"#,
    );
    assert_eq!(
        invalid(e),
        I::ConflictingTiming {
            a: "haitei",
            b: "rinshan"
        }
    );
}

#[test]
fn score_err_json_double_riichi_without_riichi() {
    let e = from_json(r#"{"hand":"123m456p789s234m99s","win_tile":"4m","double_riichi":true}"#);
    assert_eq!(invalid(e), I::DoubleRiichiWithoutRiichi);
}

#[test]
fn score_err_json_dealer_flag_against_seat() {
    let e = from_json(
        r#"{"hand":"123m456p789s234m99s","win_tile":"4m","seat_wind":"S","dealer":true}"#,
    );
    assert_eq!(
        invalid(e).to_string(),
        "dealer is true but the seat wind is S (the dealer sits East)"
    );
}

#[test]
fn score_err_json_bad_melds() {
    let e = from_json(
        r#"{"hand":"123m456p789s11p","melds":[{"type":"pon","tiles":"123p"}],"win_tile":"9s"}"#,
    );
    assert!(matches!(
        invalid(e),
        I::BadMeld {
            reason: "not all the same tile",
            ..
        }
    ));
    let e = from_json(
        r#"{"hand":"123m456p789s11p","melds":[{"type":"chi","tiles":"135p"}],"win_tile":"9s"}"#,
    );
    assert!(matches!(invalid(e), I::BadMeld { .. }));
    let e = from_json(
        r#"{"hand":"123m456p789s11p","melds":[{"type":"ankan","tiles":"888p"}],"win_tile":"9s"}"#,
    );
    assert!(matches!(
        invalid(e),
        I::BadMeld {
            reason: "a kan needs 4 tiles",
            ..
        }
    ));
    let e = from_json(
        r#"{"hand":"123m456p789s11p","melds":[{"type":"kong","tiles":"8888p"}],"win_tile":"9s"}"#,
    );
    assert!(e.to_string().contains("unknown type"), "{e}");
}

#[test]
fn score_err_json_bad_notation_and_syntax() {
    let e = from_json(r#"{"hand":"123x","win_tile":"4m"}"#);
    assert!(
        matches!(e, ScoreError::Notation { what: "hand", .. }),
        "{e}"
    );
    let e = from_json(r#"{"hand":"123m456p789s234m99s","win_tile":"8z"}"#);
    assert!(
        matches!(
            e,
            ScoreError::Notation {
                what: "win tile",
                ..
            }
        ),
        "{e}"
    );
    let e = from_json(r#"{"hand":"123m456p789s234m99s","win_tile":"4m","seat_wind":"X"}"#);
    assert_eq!(e.to_string(), "bad wind \"X\": expected E, S, W or N");
    let e = from_json(r#"{"hand":"123m"#);
    assert!(matches!(e, ScoreError::Json { .. }));
    let e = from_json(r#"{"win_tile":"4m"}"#);
    assert!(e.to_string().contains("hand"), "{e}");
    for (line, got) in [("null", "null"), ("[]", "[]"), (r#""123m""#, r#""123m""#)] {
        assert_eq!(
            from_json(line).to_string(),
            format!(
                "bad JSON situation: expected an object such as {{\"hand\":\"…\",\"win_tile\":\"…\"}}, got {got}"
            ),
            "{line}"
        );
    }
}

#[test]
fn score_err_batch_line_reports_errors_as_json() {
    let out = json::score_line(
        r#"{"hand":"123m456p789s234m99s","win_tile":"5m"}"#,
        &Rules::tenhou(),
    );
    assert_eq!(
        out,
        r#"{"error":"invalid situation: the winning tile 5m is not among the concealed tiles"}"#
    );
}

/// Random situations, most of them nonsense: scoring returns, never panics, and
/// whatever scores has consistent numbers.
#[test]
fn score_never_panics_on_random_situations() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let rules = [Rules::tenhou(), Rules::mahjongsoul()];
    let mut scored = 0;
    for _ in 0..200_000 {
        // Few tile kinds so that complete hands are common.
        let kinds: Vec<u8> = (0..rng.gen_range(3..8))
            .map(|_| rng.gen_range(0..34))
            .collect();
        let mut counts = [0u8; 34];
        let melds = rng.gen_range(0..3);
        let size = 14 - 3 * melds + rng.gen_range(0..2) * if rng.gen_bool(0.1) { 1 } else { 0 };
        let mut n = 0;
        while n < size {
            let k = kinds[rng.gen_range(0..kinds.len())] as usize;
            if counts[k] < 4 {
                counts[k] += 1;
                n += 1;
            }
            if kinds.iter().all(|&k| counts[k as usize] == 4) {
                break;
            }
        }
        let mut text = tenpai::Hand::from_counts(&counts)
            .map(|h| h.to_string())
            .unwrap_or_default();
        for _ in 0..melds {
            let t = rng.gen_range(0..27u8);
            let tile = tenpai::Tile::new(t).unwrap();
            let (n, s) = (tile.number(), tile.suit().letter());
            text += &match rng.gen_range(0..4) {
                0 if n <= 7 => format!(" [{}{}{}{s}]", n, n + 1, n + 2),
                1 => format!(" [{n}{n}{n}{s}]"),
                2 => format!(" [{n}{n}{n}{n}{s}]"),
                _ => format!(" ({n}{n}{n}{n}{s})"),
            };
        }
        let Ok(hand) = text.parse::<tenpai::Hand>() else {
            continue;
        };
        let Some(win_tile) = hand.tiles().nth(rng.gen_range(0..hand.len().max(1))) else {
            continue;
        };
        let mut s = Situation::new(hand, win_tile);
        s.tsumo = rng.gen_bool(0.5);
        s.seat_wind = Wind::ALL[rng.gen_range(0..4)];
        s.round_wind = Wind::ALL[rng.gen_range(0..4)];
        s.riichi = [Riichi::None, Riichi::Declared, Riichi::Double][rng.gen_range(0..3)];
        s.ippatsu = rng.gen_bool(0.2);
        s.timing = [
            Timing::Normal,
            Timing::Haitei,
            Timing::Houtei,
            Timing::Rinshan,
            Timing::Chankan,
            Timing::Tenhou,
        ][rng.gen_range(0..6)];
        s.dora_indicators = (0..rng.gen_range(0..3))
            .map(|_| tenpai::Tile::new(rng.gen_range(0..34)).unwrap().into())
            .collect();
        s.honba = rng.gen_range(0..3);
        if let Ok(sc) = score(&s, &rules[rng.gen_range(0..2)]) {
            scored += 1;
            assert_eq!(sc.yaku.han(), sc.han, "{}", s.hand);
            assert!(sc.total >= 1000 && sc.total % 100 == 0, "{}", s.hand);
            assert!(
                sc.yakuman > 0 || (sc.fu >= 20 && sc.fu <= 170),
                "{}",
                s.hand
            );
        }
    }
    assert!(scored > 1000, "only {scored} scored");
}

#[test]
fn score_err_counters_beyond_any_game() {
    let e = from_json(r#"{"hand":"234m456p22s345678s","win_tile":"8s","honba":4294967295}"#);
    assert_eq!(
        e.to_string(),
        "invalid situation: honba 4294967295 is more than 1000"
    );
    let e = from_json(r#"{"hand":"234m456p22s345678s","win_tile":"8s","kyoutaku":1001}"#);
    assert_eq!(
        e.to_string(),
        "invalid situation: riichi sticks 1001 is more than 1000"
    );
}

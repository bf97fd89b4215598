//! One test per yaku and yakuman, each a real hand with its exact value.
//! Unless a test says otherwise: the South seat (non-dealer) in the East round,
//! ron, Tenhou's rules. Totals are in points, riichi sticks excluded.

use crate::score_common;
use score_common::{check, has, win};
use tenpai::rules::{Renhou, Rules};
use tenpai::score::{ScoreError, Timing, Yaku};
use tenpai::Wind;

// ---- one-han yaku -------------------------------------------------------------

#[test]
fn riichi_is_one_han() {
    // 12 waiting 3 (or 24 waiting 3): 20 + 10 closed ron + 2 wait = 32 → 40 fu.
    let s = win("123m456p789s234m99s", "3m").riichi().tenhou();
    check(&s, &[("riichi", 1)], 1, 40, 1300);
}

#[test]
fn ippatsu_is_one_han_with_riichi() {
    let s = win("123m456p789s234m99s", "3m").riichi().ippatsu().tenhou();
    check(&s, &[("riichi", 1), ("ippatsu", 1)], 2, 40, 2600);
}

#[test]
fn menzen_tsumo_is_one_han_closed() {
    // 20 + 2 tsumo + 2 wait = 24 → 30 fu; 500 from the dealer, 300 from the others.
    let s = win("123m456p789s234m99s", "3m").tsumo().tenhou();
    check(&s, &[("menzen_tsumo", 1)], 1, 30, 1100);
}

#[test]
fn pinfu_ron_is_one_han_30_fu() {
    let s = win("123m456p789s234m99s", "4m").tenhou();
    check(&s, &[("pinfu", 1)], 1, 30, 1000);
}

#[test]
fn pinfu_tsumo_is_20_fu() {
    let s = win("123m456p789s234m99s", "4m").tsumo().tenhou();
    check(&s, &[("menzen_tsumo", 1), ("pinfu", 1)], 2, 20, 1500);
}

#[test]
fn tanyao_open_counts_with_open_tanyao() {
    // Open pinfu shape by ron: 20 fu counts 30.
    let w = win("234m456p22s [678s] [345p]", "4m");
    check(&w.tenhou(), &[("tanyao", 1)], 1, 30, 1000);
    let mut no_kuitan = Rules::tenhou();
    no_kuitan.scoring.open_tanyao = false;
    assert_eq!(w.result(&no_kuitan), Err(ScoreError::NoYaku));
}

#[test]
fn tanyao_closed_with_riichi() {
    let s = win("234m456p22s345678s", "8s").riichi().tenhou();
    check(
        &s,
        &[("riichi", 1), ("pinfu", 1), ("tanyao", 1)],
        3,
        30,
        3900,
    );
}

#[test]
fn iipeikou_is_one_han_closed() {
    // 234m 234m, kanchan on 3m: 20 + 10 + 2 = 32 → 40 fu.
    let s = win("223344m567p789s11p", "3m").tenhou();
    check(&s, &[("iipeikou", 1)], 1, 40, 1300);
}

#[test]
fn iipeikou_does_not_count_open() {
    let w = win("223344m11p [567p] [789s]", "3m");
    assert_eq!(w.error(), ScoreError::NoYaku);
}

#[test]
fn yakuhai_haku() {
    // 20 + 4 (open honor pon) = 24 → 30 fu.
    let s = win("123m456p789s11p [555z]", "9s").tenhou();
    check(&s, &[("yakuhai_haku", 1)], 1, 30, 1000);
}

#[test]
fn yakuhai_hatsu() {
    let s = win("123m456p789s11p [666z]", "9s").tenhou();
    check(&s, &[("yakuhai_hatsu", 1)], 1, 30, 1000);
}

#[test]
fn yakuhai_chun() {
    let s = win("123m456p789s11p [777z]", "9s").tenhou();
    check(&s, &[("yakuhai_chun", 1)], 1, 30, 1000);
}

#[test]
fn seat_wind_triplet() {
    let s = win("123m456p789s11p [222z]", "9s").tenhou();
    check(&s, &[("seat_wind", 1)], 1, 30, 1000);
}

#[test]
fn round_wind_triplet() {
    let s = win("123m456p789s11p [222z]", "9s")
        .seat(Wind::West)
        .round(Wind::South)
        .tenhou();
    check(&s, &[("round_wind", 1)], 1, 30, 1000);
}

#[test]
fn double_wind_triplet_counts_twice() {
    // The dealer's East pon in the East round: 2 han 30 fu, 2,900 from the dealer seat.
    let s = win("123m456p789s11p [111z]", "9s").dealer().tenhou();
    check(&s, &[("seat_wind", 1), ("round_wind", 1)], 2, 30, 2900);
}

#[test]
fn other_wind_triplet_is_no_yaku() {
    assert_eq!(
        win("123m456p789s11p [444z]", "9s").error(),
        ScoreError::NoYaku
    );
}

#[test]
fn rinshan_kaihou() {
    // 20 + 2 tsumo + 8 open kan = 30 fu; 1 han 30 fu tsumo: 500 / 300.
    let s = win("123m456p789s11p [8888p]", "9s")
        .tsumo()
        .timing(Timing::Rinshan)
        .tenhou();
    check(&s, &[("rinshan", 1)], 1, 30, 1100);
}

#[test]
fn chankan() {
    // 20 + 2 penchan + 8 open kan = 30 fu.
    let s = win("123m456p789s11p [8888p]", "3m")
        .timing(Timing::Chankan)
        .tenhou();
    check(&s, &[("chankan", 1)], 1, 30, 1000);
}

#[test]
fn haitei_raoyue() {
    // 20 + 2 tsumo + 2 penchan + 8 open kan = 32 → 40 fu: 700 / 400.
    let s = win("123m456p789s11p [8888p]", "3m")
        .tsumo()
        .timing(Timing::Haitei)
        .tenhou();
    check(&s, &[("haitei", 1)], 1, 40, 1500);
}

#[test]
fn houtei_raoyui() {
    let s = win("123m456p789s11p [8888p]", "3m")
        .timing(Timing::Houtei)
        .tenhou();
    check(&s, &[("houtei", 1)], 1, 30, 1000);
}

// ---- two-han yaku -------------------------------------------------------------

#[test]
fn double_riichi_is_two_han_instead_of_riichi() {
    let s = win("123m456p789s234m99s", "3m").double_riichi().tenhou();
    check(&s, &[("double_riichi", 2)], 2, 40, 2600);
}

#[test]
fn chiitoitsu_is_two_han_25_fu() {
    let s = win("1133m5577p22s4466z", "1m").tenhou();
    check(&s, &[("chiitoitsu", 2)], 2, 25, 1600);
}

#[test]
fn chanta_closed_two_han() {
    // 20 + 10 + 2 penchan + 8 concealed 999s = 40 fu.
    let s = win("123m789p789999s44z", "3m").tenhou();
    check(&s, &[("chanta", 2)], 2, 40, 2600);
}

#[test]
fn chanta_open_one_han() {
    // 20 + 2 penchan + 4 open 999s = 26 → 30 fu.
    let s = win("123m789p44z [789s] [999s]", "3m").tenhou();
    check(&s, &[("chanta", 1)], 1, 30, 1000);
}

#[test]
fn ittsu_closed_two_han() {
    // kanchan 46p: 20 + 10 + 2 = 32 → 40 fu.
    let s = win("123456789m456p99s", "5p").tenhou();
    check(&s, &[("ittsu", 2)], 2, 40, 2600);
}

#[test]
fn ittsu_open_one_han() {
    let s = win("123789m99s [456m] [456p]", "2m").tenhou();
    check(&s, &[("ittsu", 1)], 1, 30, 1000);
}

#[test]
fn sanshoku_doujun_closed_two_han() {
    let s = win("123m456m123p123s99p", "2s").tenhou();
    check(&s, &[("sanshoku_doujun", 2)], 2, 40, 2600);
}

#[test]
fn sanshoku_doujun_open_one_han() {
    let s = win("123m456m123p99p [123s]", "2m").tenhou();
    check(&s, &[("sanshoku_doujun", 1)], 1, 30, 1000);
}

#[test]
fn sanshoku_doukou_two_han_open_or_closed() {
    // 20 + 2 kanchan + 4 + 4 (concealed 222m, 222p) + 2 (open 222s) = 32 → 40 fu.
    let s = win("222m222p456m99s [222s]", "5m").tenhou();
    check(&s, &[("sanshoku_doukou", 2)], 2, 40, 2600);
}

#[test]
fn toitoi_two_han() {
    // 20 + 2 tanki + 8 + 8 (concealed 111m, 999p) + 2 + 2 (open pons) = 42 → 50 fu.
    let s = win("111m999p44z [555s] [777s]", "4z").tenhou();
    check(&s, &[("toitoi", 2)], 2, 50, 3200);
}

#[test]
fn sanankou_two_han() {
    // 20 + 10 + 2 kanchan + 8 + 8 + 4 = 52 → 60 fu.
    let s = win("111m234p999p555s44z", "3p").tenhou();
    check(&s, &[("sanankou", 2)], 2, 60, 3900);
}

#[test]
fn sankantsu_two_han() {
    // 20 + 2 tanki + 16 + 16 (open terminal kans) + 32 (closed honor kan) = 86 → 90 fu.
    let s = win("234m44z [1111p] [9999s] (3333z)", "4z").tenhou();
    check(&s, &[("sankantsu", 2)], 2, 90, 5800);
}

#[test]
fn shousangen_two_han_plus_two_dragon_triplets() {
    // 20 + 10 + 2 penchan + 2 dragon pair + 8 + 8 = 50 fu, 4 han: mangan.
    let s = win("123m456p55z666z777z", "3m").tenhou();
    check(
        &s,
        &[("yakuhai_hatsu", 1), ("yakuhai_chun", 1), ("shousangen", 2)],
        4,
        50,
        8000,
    );
}

#[test]
fn honroutou_two_han_with_toitoi() {
    // Shanpon ron on 1m: 111m is open. 20 + 2 (East pair, round wind) + 4 (111m)
    // + 8 (999p) + 4 + 4 (open pons) = 42 → 50 fu; 4 han: mangan.
    let s = win("111m999p11z [999s] [333z]", "1m").tenhou();
    check(&s, &[("toitoi", 2), ("honroutou", 2)], 4, 50, 8000);
}

#[test]
fn honroutou_with_chiitoitsu() {
    let s = win("1199m1199p99s1122z", "2z").tenhou();
    check(&s, &[("chiitoitsu", 2), ("honroutou", 2)], 4, 25, 6400);
}

// ---- three-han and more -------------------------------------------------------

#[test]
fn ryanpeikou_beats_chiitoitsu() {
    // Also seven pairs; ryanpeikou + pinfu (4 han 30 fu) pays more than 2 han 25 fu.
    let s = win("223344m556677p99s", "5p").tenhou();
    check(&s, &[("pinfu", 1), ("ryanpeikou", 3)], 4, 30, 7700);
    assert!(matches!(s.reading, tenpai::score::Reading::Standard { .. }));
}

#[test]
fn junchan_closed_three_han() {
    let s = win("123m789m123p789s99p", "3p").tenhou();
    check(&s, &[("junchan", 3)], 3, 40, 5200);
}

#[test]
fn junchan_open_two_han() {
    // 20 + 2 penchan = 22 → 30 fu.
    let s = win("123m789m99p [123p] [789s]", "3m").tenhou();
    check(&s, &[("junchan", 2)], 2, 30, 2000);
}

#[test]
fn honitsu_closed_three_han() {
    // 20 + 10 + 2 kanchan + 4 (888m) + 8 (333z) = 44 → 50 fu.
    let s = win("234m456m888m333z44z", "3m").tenhou();
    check(&s, &[("honitsu", 3)], 3, 50, 6400);
}

#[test]
fn honitsu_open_two_han() {
    // 20 + 2 kanchan + 4 (concealed 888m) + 4 (open 333z) = 30 fu.
    let s = win("234m456m888m44z [333z]", "3m").tenhou();
    check(&s, &[("honitsu", 2)], 2, 30, 2000);
}

#[test]
fn chinitsu_closed_six_han() {
    // Kanchan on 4m: haneman, 12,000 by ron.
    let s = win("12334556778999m", "4m").tenhou();
    check(&s, &[("chinitsu", 6)], 6, 40, 12000);
}

#[test]
fn chinitsu_open_five_han() {
    let s = win("12334556799m [789m]", "4m").tenhou();
    check(&s, &[("chinitsu", 5)], 5, 30, 8000);
}

// ---- yakuman ------------------------------------------------------------------

#[test]
fn kokushi_musou() {
    let s = win("119m19p19s1234567z", "9m").tenhou();
    check(&s, &[("kokushi", 13)], 13, 0, 32000);
    assert_eq!(s.yakuman, 1);
}

#[test]
fn kokushi_thirteen_sided_wait_double_by_option() {
    let w = win("119m19p19s1234567z", "1m");
    check(&w.tenhou(), &[("kokushi", 13)], 13, 0, 32000);
    check(&w.mahjongsoul(), &[("kokushi", 26)], 26, 0, 64000);
}

#[test]
fn suuankou_by_tsumo() {
    // 8,000 from each non-dealer, 16,000 from the dealer.
    let s = win("111m999p555s777z44z", "5s").tsumo().tenhou();
    check(&s, &[("suuankou", 13)], 13, 0, 32000);
}

#[test]
fn suuankou_tanki_double_by_option() {
    let w = win("111m999p555s777z44z", "4z");
    check(&w.tenhou(), &[("suuankou", 13)], 13, 0, 32000);
    check(&w.mahjongsoul(), &[("suuankou", 26)], 26, 0, 64000);
}

#[test]
fn daisangen() {
    let s = win("123m44z555z666z [777z]", "3m").tenhou();
    check(&s, &[("daisangen", 13)], 13, 0, 32000);
    // A dragon pon was called: pao can apply.
    assert_eq!(s.pao.iter().collect::<Vec<_>>(), [(Yaku::Daisangen, 13)]);
}

#[test]
fn daisangen_all_concealed_has_no_pao() {
    let s = win("123m44z555z666z777z", "5z").tsumo().tenhou();
    assert!(has(&s, Yaku::Daisangen) && !has(&s, Yaku::Suuankou));
    assert!(s.pao.is_empty());
}

#[test]
fn shousuushii() {
    let s = win("123m111z222z333z44z", "3m").tenhou();
    check(&s, &[("shousuushii", 13)], 13, 0, 32000);
}

#[test]
fn daisuushii_double_by_option() {
    let w = win("111z222z55m [333z] [444z]", "5m");
    check(&w.tenhou(), &[("daisuushii", 13)], 13, 0, 32000);
    let ms = w.mahjongsoul();
    check(&ms, &[("daisuushii", 26)], 26, 0, 64000);
    assert_eq!(ms.pao.iter().collect::<Vec<_>>(), [(Yaku::Daisuushii, 26)]);
}

#[test]
fn tsuuiisou() {
    let s = win("111z222z555z66z [777z]", "6z").tenhou();
    // Shousangen and yakuhai are not listed in a yakuman hand.
    check(&s, &[("tsuuiisou", 13)], 13, 0, 32000);
}

#[test]
fn tsuuiisou_as_seven_pairs() {
    let s = win("11223344556677z", "7z").tenhou();
    check(&s, &[("tsuuiisou", 13)], 13, 0, 32000);
}

#[test]
fn chinroutou() {
    let s = win("111m999m111p99p [999s]", "9p").tenhou();
    check(&s, &[("chinroutou", 13)], 13, 0, 32000);
}

#[test]
fn ryuuiisou() {
    let s = win("22334466888s666z", "6z").tenhou();
    check(&s, &[("ryuuiisou", 13)], 13, 0, 32000);
}

#[test]
fn ryuuiisou_without_green_dragon() {
    let s = win("234s234s666s888s22s", "2s").tsumo().tenhou();
    assert!(has(&s, Yaku::Ryuuiisou));
}

#[test]
fn chuuren_poutou() {
    // Won on 9m: before it, 1112345567899m, not the pure nine-sided shape.
    let w = win("11123455678999m", "9m");
    check(&w.tenhou(), &[("chuuren", 13)], 13, 0, 32000);
    check(&w.mahjongsoul(), &[("chuuren", 13)], 13, 0, 32000);
}

#[test]
fn junsei_chuuren_double_by_option() {
    let w = win("11123455678999m", "5m");
    check(&w.tenhou(), &[("chuuren", 13)], 13, 0, 32000);
    check(&w.mahjongsoul(), &[("chuuren", 26)], 26, 0, 64000);
}

#[test]
fn suukantsu() {
    let s = win("44z [1111m] [2222p] (3333s) [5555s]", "4z").tenhou();
    check(&s, &[("suukantsu", 13)], 13, 0, 32000);
}

#[test]
fn tenhou_dealer_first_draw() {
    // 16,000 from each non-dealer.
    let s = win("123m456p789s234m99s", "9s")
        .dealer()
        .tsumo()
        .timing(Timing::Tenhou)
        .tenhou();
    check(&s, &[("tenhou", 13)], 13, 0, 48000);
}

#[test]
fn chiihou_non_dealer_first_draw() {
    let s = win("123m456p789s234m99s", "9s")
        .tsumo()
        .timing(Timing::Chiihou)
        .tenhou();
    check(&s, &[("chiihou", 13)], 13, 0, 32000);
}

#[test]
fn renhou_by_option() {
    let w = win("123m456p789s234m99s", "3m").timing(Timing::Renhou);
    assert_eq!(w.error(), ScoreError::NoYaku, "off on Tenhou");
    let mut r = Rules::tenhou();
    r.scoring.renhou = Renhou::Yakuman;
    check(&w.with(&r), &[("renhou", 13)], 13, 0, 32000);
    r.scoring.renhou = Renhou::Mangan;
    check(&w.with(&r), &[("renhou", 5)], 5, 40, 8000);
}

#[test]
fn different_yakuman_stack() {
    let s = win("111z555z666z22z [777z]", "2z").tenhou();
    check(&s, &[("daisangen", 13), ("tsuuiisou", 13)], 26, 0, 64000);
    assert_eq!(s.yakuman, 2);
    let mut single = Rules::tenhou();
    single.scoring.multiple_yakuman = false;
    assert_eq!(win("111z555z666z22z [777z]", "2z").with(&single).yakuman, 1);
}

#[test]
fn kazoe_yakuman_from_13_han() {
    // Riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu = 13 han.
    let w = win("22334455667788p", "8p").riichi().tsumo();
    let s = w.tenhou();
    check(
        &s,
        &[
            ("riichi", 1),
            ("menzen_tsumo", 1),
            ("pinfu", 1),
            ("tanyao", 1),
            ("ryanpeikou", 3),
            ("chinitsu", 6),
        ],
        13,
        20,
        32000,
    );
    assert_eq!((s.yakuman, s.limit.name().as_str()), (0, "kazoe yakuman"));
    let mut no_kazoe = Rules::tenhou();
    no_kazoe.scoring.kazoe_yakuman = false;
    let s = w.with(&no_kazoe);
    assert_eq!((s.total, s.limit.name().as_str()), (24000, "sanbaiman"));
}

// ---- dora ---------------------------------------------------------------------

#[test]
fn dora_count_with_a_yaku() {
    // Indicator 1p: the 2p pair is 2 dora.
    let s = win("234m456p22p [678s] [345p]", "4m").dora("1p").tenhou();
    check(&s, &[("tanyao", 1), ("dora", 2)], 3, 30, 3900);
}

#[test]
fn dora_alone_are_not_a_yaku() {
    let w = win("123m456p789s11p [888p]", "9s").dora("7p");
    assert_eq!(w.error(), ScoreError::NoYaku);
}

#[test]
fn aka_dora_count_red_fives() {
    let s = win("234m406p22p [678s] [340s]", "4m").tenhou();
    check(&s, &[("tanyao", 1), ("aka_dora", 2)], 3, 30, 3900);
}

#[test]
fn ura_dora_count_with_riichi() {
    // Ura indicator 1m: the two 2m are 2 ura dora.
    let s = win("123m456p789s234m99s", "3m")
        .riichi()
        .dora("1z")
        .ura("1m")
        .tenhou();
    check(&s, &[("riichi", 1), ("ura_dora", 2)], 3, 40, 5200);
}

#[test]
fn kan_dora_indicators_count_kan_tiles() {
    // Second indicator 7p after the kan: the four 8p are 4 dora.
    let s = win("123m456p789s11p [8888p]", "9s")
        .tsumo()
        .timing(Timing::Rinshan)
        .dora("1z7p")
        .tenhou();
    check(&s, &[("rinshan", 1), ("dora", 4)], 5, 30, 8000);
}

#[test]
fn dora_indicators_wrap_around() {
    // 9m → 1m, North → East, Red → White.
    let s = win("111m234p567s55z [111z]", "5z")
        .dealer()
        .dora("9m4z7z")
        .tenhou();
    assert_eq!(s.yaku.get(Yaku::Dora), 3 + 3 + 2);
}

#[test]
fn dora_not_listed_in_yakuman() {
    let s = win("119m19p19s1234567z", "9m").dora("8m").tenhou();
    check(&s, &[("kokushi", 13)], 13, 0, 32000);
}

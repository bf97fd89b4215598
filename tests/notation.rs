//! Hand notation: mpsz, red fives, Chinese names, melds, Unicode, and errors.
use crate::common;
use common::hand;
use tenpai::{Hand, HandError, MeldKind, Tile};

fn err(s: &str) -> String {
    s.parse::<Hand>().unwrap_err().to_string()
}

#[test]
fn parse_mpsz_round_trips() {
    for s in [
        "123m456p789s1122z",
        "1m",
        "11223344556677z",
        "19m19p19s1234567z",
    ] {
        assert_eq!(hand(s).to_string(), s);
    }
}

#[test]
fn parse_sorts_and_groups_by_suit() {
    assert_eq!(hand("3m1m2z2m1z").to_string(), "123m12z");
}

#[test]
fn parse_capital_suit_letters() {
    assert_eq!(hand("123M456P789S11Z").to_string(), "123m456p789s11z");
    assert_eq!(hand("0P [555M]").to_string(), "0p [555m]");
    assert!(Tile::parse_with_red("0S").unwrap().1);
}

#[test]
fn parse_red_fives_count_as_fives() {
    let h = hand("0m55m0p5s");
    assert_eq!(h.red_fives(), [1, 1, 0]);
    assert_eq!(h.concealed()[4], 3);
    assert_eq!(h.to_string(), "055m0p5s");
}

#[test]
fn parse_chinese_names() {
    assert_eq!(
        hand("一二三万456饼789条东东").to_string(),
        "123m456p789s11z"
    );
    assert_eq!(
        hand("123萬 456筒 789索 南西北白发").to_string(),
        "123m456p789s23456z"
    );
    assert_eq!(hand("中東").to_string(), "17z");
    assert_eq!(hand("五五万發發").to_string(), "55m66z");
}

#[test]
fn parse_chinese_full_honor_names() {
    assert_eq!(
        hand("123m456p789s 东风东风 红中").to_string(),
        "123m456p789s117z"
    );
    assert_eq!(
        hand("白板白板白板 发财發財 紅中 南風 西风 北风").to_string(),
        "234555667z"
    );
    // The second character alone, or after another tile, is no tile.
    assert_eq!(
        err("1m风"),
        "unknown character '风' at position 3 (tiles: 1-9 or 一-九 with m/万 p/饼/筒 \
         s/条/索; honors 1z-7z or 东 南 西 北 白 发 中, also 东风 南风 西风 北风 白板 发财 红中)"
    );
    assert!(err("红1m").starts_with("unknown character '红' at position 1 (tiles:"));
    assert!(err("白财").starts_with("unknown character '财' at position 2 (tiles:"));
    // ASCII mistakes keep the short message.
    assert_eq!(err("123x"), "unknown character 'x' at position 4");
}

#[test]
fn parse_melds() {
    let h = hand("11z [789s] [555p] [7777z] (1111m)");
    assert_eq!(h.len(), 2);
    let kinds: Vec<MeldKind> = h.melds().iter().map(|m| m.kind()).collect();
    assert_eq!(
        kinds,
        [
            MeldKind::Chi,
            MeldKind::Pon,
            MeldKind::Kan,
            MeldKind::ClosedKan
        ]
    );
    assert_eq!(h.to_string(), "11z [789s] [555p] [7777z] (1111m)");
    assert!(!h.melds()[3].is_open());
}

#[test]
fn parse_meld_with_red_five() {
    let h = hand("11z [406m]");
    assert_eq!(h.melds()[0].kind(), MeldKind::Chi);
    assert_eq!(h.melds()[0].red_fives(), 1);
    assert_eq!(h.to_string(), "11z [406m]");
}

#[test]
fn unicode_glyphs() {
    assert_eq!(hand("19m19p19s1234567z").to_unicode(), "🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀆🀅🀄");
    assert_eq!(hand("1m (1111z)").to_unicode(), "🀇 (🀀🀀🀀🀀)");
}

#[test]
fn single_tile_parse() {
    assert_eq!("7z".parse::<Tile>().unwrap().index(), 33);
    assert_eq!(
        Tile::parse_with_red("0p").unwrap(),
        ("5p".parse().unwrap(), true)
    );
    assert_eq!(
        "12m".parse::<Tile>().unwrap_err(),
        HandError::WrongTileCount {
            expected: "exactly one tile",
            count: 2
        }
    );
}

#[test]
fn parse_err_unknown_character() {
    assert_eq!(err("123x"), "unknown character 'x' at position 4");
}

#[test]
fn parse_err_digit_without_suit() {
    assert_eq!(
        err("123m45"),
        "digit '4' at position 5 has no suit (add m, p, s or z)"
    );
    assert_eq!(
        err("12 3m"),
        "digit '1' at position 1 has no suit (add m, p, s or z)"
    );
}

#[test]
fn parse_err_suit_without_digits() {
    assert_eq!(
        err("m123"),
        "suit 'm' at position 1 has no digits before it"
    );
}

#[test]
fn parse_err_no_such_honor() {
    assert_eq!(err("8z"), "no tile 8z (at position 1)");
    assert_eq!(err("0z"), "no tile 0z (at position 1)");
}

#[test]
fn parse_err_fifth_copy() {
    assert_eq!(err("55555p"), "tile 5p appears 5 times (max 4)");
    assert_eq!(err("55p [555p]"), "tile 5p appears 5 times (max 4)");
}

#[test]
fn parse_err_too_many_tiles() {
    assert_eq!(
        err("123456789m123456p"),
        "too many tiles: 15 (max 14, a kan counting as 3)"
    );
    assert_eq!(
        err("123456789m1122z [123p]"),
        "too many tiles: 16 (max 14, a kan counting as 3)"
    );
    assert!("123456789m11z [1111p]".parse::<Hand>().is_ok());
}

#[test]
fn parse_err_bad_melds() {
    assert_eq!(
        err("1m [124m]"),
        "meld at position 4 is not a meld: three tiles must be a sequence or a triplet"
    );
    assert_eq!(
        err("1m (111m)"),
        "meld at position 4 is not a meld: only a kan can be closed: write (5555p)"
    );
    assert_eq!(
        err("1m [12m]"),
        "meld at position 4 is not a meld: a meld has 3 tiles, or 4 for a kan"
    );
    assert_eq!(
        err("1m [891m]"),
        "meld at position 4 is not a meld: three tiles must be a sequence or a triplet"
    );
    assert_eq!(
        err("1m [123z]"),
        "meld at position 4 is not a meld: three tiles must be a sequence or a triplet"
    );
    assert_eq!(
        err("1m [123m"),
        "bracket at position 4 is not closed properly"
    );
    assert_eq!(
        err("1m [123m)"),
        "bracket at position 4 is not closed properly"
    );
}

#[test]
fn parse_err_empty() {
    assert_eq!(err(""), "empty hand");
    assert_eq!(err("  "), "empty hand");
}

/// Arbitrary text never panics the parser.
#[test]
fn parse_never_panics_on_garbage() {
    use rand::{Rng, SeedableRng};
    let alphabet: Vec<char> = "0123456789mpsz[]() ,x一万东发五".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..50_000 {
        let n = rng.gen_range(0..24);
        let s: String = (0..n)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        if let Ok(h) = s.parse::<Hand>() {
            // A parsed hand prints back to an equal hand.
            assert_eq!(h.to_string().parse::<Hand>().unwrap(), h, "{s:?}");
        }
    }
}

#[test]
fn parse_err_reports_the_true_count_of_many_copies() {
    let many = format!("{}m", "1".repeat(100_000));
    assert_eq!(err(&many), "tile 1m appears 100000 times (max 4)");
    let reds = format!("{}m", "0".repeat(256));
    assert_eq!(err(&reds), "tile 5m appears 256 times (max 4)");
}

/// A tile list as `(tile, red)` pairs written back in mpsz, one per tile.
fn list(s: &str) -> Vec<String> {
    let tiles = Tile::parse_list(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    tiles.iter().map(|&(t, red)| t.mpsz(red)).collect()
}

#[test]
fn parse_list_keeps_the_order_written_and_red_fives() {
    assert_eq!(list("91m 0p5p, 4z"), ["9m", "1m", "0p", "5p", "4z"]);
    assert_eq!(list("3P2M"), ["3p", "2m"]);
    assert_eq!(list("南白一万"), ["2z", "5z", "1m"]);
    assert!(list("").is_empty());
    // No limit on copies: a list is not a hand.
    assert_eq!(list("11111m").len(), 5);
}

#[test]
fn parse_list_err_names_the_character_or_tile_and_its_position() {
    let err = |s: &str| Tile::parse_list(s).unwrap_err().to_string();
    assert_eq!(err("1m8z"), "no tile 8z (at position 3)");
    assert_eq!(
        err("1m 2"),
        "digit '2' at position 4 has no suit (add m, p, s or z)"
    );
    assert_eq!(err("1mp"), "suit 'p' at position 3 has no digits before it");
    assert_eq!(err("1m x"), "unknown character 'x' at position 4");
    // Melds belong to hands, not to lists.
    assert_eq!(err("1m [234p]"), "unknown character '[' at position 4");
}

#[test]
fn parse_counts_counts_red_fives_as_fives_and_refuses_a_fifth_copy() {
    let c = Tile::parse_counts("1155z 406m, 9999s").unwrap();
    let t = |s: &str| s.parse::<Tile>().unwrap().index();
    assert_eq!(
        (c[t("1z")], c[t("5z")], c[t("5m")], c[t("9s")]),
        (2, 2, 1, 4)
    );
    assert_eq!(c.iter().map(|&n| n as u32).sum::<u32>(), 11);
    assert_eq!(
        Tile::parse_counts("5m0m55m5m").unwrap_err(),
        HandError::TooManyCopies {
            tile: "5m".parse().unwrap(),
            count: 5
        }
    );
}

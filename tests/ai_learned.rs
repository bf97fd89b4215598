//! The learned model: the features of its riichi and call parts on
//! hand-made positions, its choices there, and a file of other features
//! refused by name.
use crate::ai_baseline::{pai, pais, position};
use tenpai::ai::learned::{
    call_alternatives, riichi_alternatives, LearnedModel, ModelError, CALL_FEATURES,
    RIICHI_FEATURES,
};
use tenpai::ai::BaselinePlayer;
use tenpai::game::{Action, Player, SeatIndex};
use tenpai::rules::Rules;

/// Every plain discard of `hand` and a riichi with `riichi`.
fn with_riichi(hand: &str, riichi: &str) -> Vec<Action> {
    let mut tiles = pais(hand);
    tiles.dedup();
    let mut legal: Vec<Action> = tiles
        .into_iter()
        .map(|pai| Action::Discard {
            pai,
            tsumogiri: false,
        })
        .collect();
    legal.push(Action::Riichi {
        pai: pai(riichi),
        tsumogiri: false,
    });
    legal
}

/// The features of the alternative `action`, by name.
fn named(alts: &[(Action, Vec<f64>)], action: &Action, names: &[&str]) -> Vec<(String, String)> {
    let x = &alts
        .iter()
        .find(|a| &a.0 == action)
        .expect("an alternative")
        .1;
    names
        .iter()
        .zip(x)
        .map(|(n, v)| (n.to_string(), format!("{v:.4}")))
        .collect()
}

fn value<'a>(f: &'a [(String, String)], name: &str) -> &'a str {
    &f.iter().find(|(n, _)| n == name).expect("a feature").1
}

#[test]
fn riichi_features_of_a_two_sided_wait_with_and_without_a_yaku() {
    let m = LearnedModel::embedded();
    // 9m out leaves 23m: waits 1m and 4m, 8 unseen; a ron has no yaku (a
    // triplet of South, no yakuhai for the East seat, rules out pinfu).
    let hand = "23m456p789s222z9m11s";
    let legal = with_riichi(hand, "9m");
    let alts = riichi_alternatives(&position(hand), &legal, &m.discard);
    // Eleven kinds of tile thrown plainly, and the riichi.
    assert_eq!(alts.len(), 12);
    let riichi = Action::Riichi {
        pai: pai("9m"),
        tsumogiri: false,
    };
    let f = named(&alts, &riichi, &RIICHI_FEATURES);
    assert_eq!(value(&f, "riichi"), "1.0000");
    assert_eq!(value(&f, "riichi_log_waits"), format!("{:.4}", 9f64.ln()));
    assert_eq!(value(&f, "riichi_one_kind"), "0.0000");
    assert_eq!(value(&f, "riichi_dama_yaku"), "0.0000");
    assert_eq!(value(&f, "riichi_dama_han"), "0.0000");
    assert_eq!(
        value(&f, "riichi_late"),
        format!("{:.4}", 1.0 - 60.0 / 70.0)
    );
    assert_eq!(value(&f, "riichi_dealer"), "1.0000");
    assert_eq!(value(&f, "riichi_lead"), "0.0000");
    // A plain discard has only its discard score.
    let plain = Action::Discard {
        pai: pai("9m"),
        tsumogiri: false,
    };
    let f = named(&alts, &plain, &RIICHI_FEATURES);
    assert!(f[1..].iter().all(|(_, v)| v == "0.0000"), "{f:?}");
    // All simples, a two-sided wait: tanyao and pinfu by ron, 2 han.
    let hand = "234m456p678s34s55p9m";
    let legal = with_riichi(hand, "9m");
    let alts = riichi_alternatives(&position(hand), &legal, &m.discard);
    let riichi = Action::Riichi {
        pai: pai("9m"),
        tsumogiri: false,
    };
    let f = named(&alts, &riichi, &RIICHI_FEATURES);
    assert_eq!(value(&f, "riichi_dama_yaku"), "1.0000");
    assert_eq!(value(&f, "riichi_dama_han"), "0.4000");
    // No riichi offered: no riichi decision.
    let plain_only: Vec<Action> = legal[..legal.len() - 1].to_vec();
    assert!(riichi_alternatives(&position(hand), &plain_only, &m.discard).is_empty());
}

#[test]
fn call_features_of_a_dragon_pon_that_makes_the_hand_ready() {
    // 5z (white) from the seat opposite: pon, throw 1z, ready on 1m-4m.
    let mut obs = position("23m456p789s1z55z77z");
    obs.drawn = None;
    obs.last_tile = Some((SeatIndex::ALL[2], pai("5z")));
    let pon = Action::Pon {
        consumed: [pai("5z"), pai("5z")],
    };
    let legal = [pon.clone(), Action::Pass];
    let alts = call_alternatives(&obs, &legal);
    assert_eq!(alts.len(), 2);
    assert_eq!(alts[0].0, Action::Pass);
    assert!(alts[0].1.iter().all(|&x| x == 0.0));
    let f = named(&alts, &pon, &CALL_FEATURES);
    for (name, v) in [
        ("call", "1.0000"),
        ("chi", "0.0000"),
        ("kan", "0.0000"),
        ("shanten_gain", "1.0000"),
        ("ready_after", "1.0000"),
        ("yakuhai_pon", "1.0000"),
        ("yakuhai_meld", "0.0000"),
        ("yakuhai_pair", "1.0000"),
        ("no_yaku", "0.0000"),
        ("open_already", "0.0000"),
        ("threat", "0.0000"),
    ] {
        assert_eq!(value(&f, name), v, "{name}");
    }
    assert_eq!(value(&f, "log_ukeire_after"), format!("{:.4}", 9f64.ln()));
    // The shipped model pons, as the baseline's rules do.
    let m = LearnedModel::embedded();
    assert_eq!(m.choose_call(&obs, &legal), Some(pon.clone()));
    let rules = Rules::tenhou();
    assert_eq!(BaselinePlayer::learned(&rules).act(&obs, &legal), pon);
    // Not an offer of another seat's discard: no call decision.
    assert!(call_alternatives(&obs, &[Action::Pass]).is_empty());
}

#[test]
fn learned_model_refuses_a_riichi_part_of_other_features() {
    let mut m = LearnedModel::embedded().clone();
    let mut riichi = m
        .riichi
        .clone()
        .expect("the shipped model has a riichi part");
    riichi.features[1] = "riichi_now".to_string();
    m.riichi = Some(riichi);
    let err = LearnedModel::from_json(&serde_json::to_string(&m).unwrap()).unwrap_err();
    assert!(
        matches!(err, ModelError::Features { part: "riichi", .. }),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("the riichi model's features are discard_score, riichi_now, "),
        "{err}"
    );
}

/// Seat 2's pon of `tiles` called from seat 1.
fn pon(tiles: &str) -> tenpai::game::TableMeld {
    let t = pais(tiles);
    tenpai::game::TableMeld {
        kind: tenpai::MeldKind::Pon,
        called: Some(t[0]),
        tiles: t,
        from: Some(1),
        added: false,
    }
}

#[test]
fn discard_features_of_isolated_tiles_an_open_hand_and_the_suits_thrown() {
    use tenpai::ai::learned::{discard_candidates, DISCARD_FEATURES};
    // 2m and 7p isolated, a single East (double East for the dealer).
    let hand = "2678m7p12355679s1z";
    let mut obs = position(hand);
    // Three discards of the seat's own (one man, two sou): still early.
    obs.rivers[0] = crate::ai_baseline::river("9m34s");
    // Seat 2 has two pons and threw 2m: 2m is safe against it, 7p is not.
    obs.melds[2] = vec![pon("666z"), pon("999p")];
    obs.rivers[2] = crate::ai_baseline::river("2m");
    let cands = discard_candidates(&obs, &crate::ai_baseline::discards(hand));
    let of = |tile: &str| -> Vec<(String, String)> {
        let x = &cands
            .iter()
            .find(|c| c.0 == pai(tile))
            .expect("a candidate")
            .1;
        DISCARD_FEATURES
            .iter()
            .zip(x)
            .map(|(n, v)| (n.to_string(), format!("{v:.4}")))
            .collect()
    };
    let m2 = of("2m");
    assert_eq!(value(&m2, "isolated_2_8"), "1.0000");
    assert_eq!(value(&m2, "isolated_3_7"), "0.0000");
    assert_eq!(value(&m2, "early_simple_isolated"), "1.0000");
    assert_eq!(value(&m2, "suit_thrown"), "0.1000");
    assert_eq!(value(&m2, "open_threat_unsafe"), "0.0000");
    let p7 = of("7p");
    assert_eq!(value(&p7, "isolated_2_8"), "0.0000");
    assert_eq!(value(&p7, "isolated_3_7"), "1.0000");
    assert_eq!(value(&p7, "suit_thrown"), "0.0000");
    assert_eq!(value(&p7, "open_threat_unsafe"), "1.0000");
    let east = of("1z");
    assert_eq!(value(&east, "early_yakuhai_single"), "1.0000");
    assert_eq!(value(&east, "early_guest_honor_single"), "0.0000");
    assert_eq!(value(&east, "suit_thrown"), "0.0000");
    let s5 = of("5s");
    assert_eq!(value(&s5, "suit_thrown"), "0.2000");
    assert_eq!(value(&s5, "isolated_4_6"), "0.0000");
    // Two from ready at best (`tenpai analyze 2678m7p12355679s1z`): the
    // acceptance counts as far acceptance, not as one from ready.
    for f in [&m2, &p7, &east] {
        assert_eq!(value(f, "log_ukeire_far"), value(f, "log_ukeire"));
        assert_eq!(value(f, "log_ukeire2_far"), value(f, "log_ukeire2"));
        assert_eq!(value(f, "log_ukeire_one_from_ready"), "0.0000");
    }
    // 2m out leaves 38 unseen tiles of acceptance (`tenpai analyze
    // 2678m7p12355679s1z --visible 9m34s2m999p666z1z`: the rivers, the pons
    // and the dora indicator).
    assert_eq!(value(&m2, "log_ukeire"), format!("{:.4}", 39f64.ln()));
    // Four discards later the same tiles are no longer early.
    obs.rivers[0] = crate::ai_baseline::river("9m34s1299p");
    let cands = discard_candidates(&obs, &crate::ai_baseline::discards(hand));
    let x = &cands.iter().find(|c| c.0 == pai("2m")).expect("2m").1;
    let at = |name: &str| DISCARD_FEATURES.iter().position(|n| *n == name).unwrap();
    assert_eq!(x[at("early_simple_isolated")], 0.0);
    assert_eq!(x[at("simple_isolated")], 1.0);
}

#[test]
fn baseline_v3_throws_the_model_discard_and_declares_riichi_by_the_second_rules() {
    let rules = Rules::tenhou();
    let hand = "2678m7p12355679s1z";
    let obs = position(hand);
    let legal = crate::ai_baseline::discards(hand);
    let v3 = BaselinePlayer::v3(&rules).act(&obs, &legal);
    assert_eq!(
        Some(v3.clone()),
        LearnedModel::shipped().choose_discard(&obs, &legal)
    );
    // The model throws the single East (a yakuhai for the dealer, seat 0)
    // where the rules keep it and throw 9s, as wide in acceptance (56).
    assert_eq!(
        v3,
        Action::Discard {
            pai: pai("1z"),
            tsumogiri: false
        }
    );
    let v2 = BaselinePlayer::v2(&rules).act(&obs, &legal);
    assert_eq!(
        v2,
        Action::Discard {
            pai: pai("9s"),
            tsumogiri: false
        }
    );
    // Ready on a 4s kanchan after 9m, three copies unseen: the second
    // version's rules declare riichi on any wait, the first's (under the
    // same discard part) only on four or more unseen.
    let hand = "234m456p678s35s55p9m";
    let legal = with_riichi(hand, "9m");
    let mut obs = position(hand);
    obs.rivers[1] = crate::ai_baseline::river("4s");
    let v3 = BaselinePlayer::v3(&rules).act(&obs, &legal);
    let on_v1 =
        BaselinePlayer::with_model(&rules, LearnedModel::shipped_discard()).act(&obs, &legal);
    assert_eq!(
        v3,
        Action::Riichi {
            pai: pai("9m"),
            tsumogiri: false
        }
    );
    assert_eq!(
        on_v1,
        Action::Discard {
            pai: pai("9m"),
            tsumogiri: false
        }
    );
}

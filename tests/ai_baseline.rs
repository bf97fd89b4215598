//! The baseline player: legal and reproducible in self-play, clearly stronger
//! than random players, and each rule of its play on a hand-made position.
use tenpai::ai::BaselinePlayer;
use tenpai::game::{
    play_game, Action, Observation, Pai, Player, RandomPlayer, RiverTile, SeatIndex,
};
use tenpai::rules::GameLength;
use tenpai::rules::Rules;
use tenpai::Wind;

pub(crate) fn east_only() -> Rules {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    rules
}

pub(crate) fn pais(s: &str) -> Vec<Pai> {
    let h: tenpai::Hand = s.parse().unwrap();
    h.tiles().map(|t| Pai::new(t, false)).collect()
}

pub(crate) fn pai(s: &str) -> Pai {
    pais(s)[0]
}

/// Seat 0 (the dealer, East round) holding `hand`, nothing else on the
/// table, 60 tiles left in the live wall.
pub(crate) fn position(hand: &str) -> Observation {
    let hand = pais(hand);
    Observation {
        seat: SeatIndex::ALL[0],
        round_wind: Wind::East,
        kyoku: 1,
        honba: 0,
        kyoutaku: 0,
        dealer: SeatIndex::ALL[0],
        scores: [25_000; 4],
        hand_sizes: [hand.len() as u8, 13, 13, 13],
        drawn: hand.last().copied(),
        hand,
        melds: Default::default(),
        rivers: Default::default(),
        riichi: [false; 4],
        dora_indicators: vec![pai("1z")],
        live_left: 60,
        last_tile: None,
    }
}

pub(crate) fn discards(hand: &str) -> Vec<Action> {
    let mut tiles = pais(hand);
    tiles.dedup();
    tiles
        .into_iter()
        .map(|pai| Action::Discard {
            pai,
            tsumogiri: false,
        })
        .collect()
}

pub(crate) fn river(tiles: &str) -> Vec<RiverTile> {
    pais(tiles)
        .into_iter()
        .map(|pai| RiverTile {
            pai,
            tsumogiri: false,
            riichi: false,
            called: false,
        })
        .collect()
}

#[test]
fn baseline_discards_an_isolated_non_yakuhai_honor() {
    let hand = "123m4556p789s1134z";
    let mut p = BaselinePlayer::new(&east_only());
    let a = p.act(&position(hand), &discards(hand));
    assert_eq!(
        a,
        Action::Discard {
            pai: pai("3z"),
            tsumogiri: false
        }
    );
}

#[test]
fn baseline_defends_with_genbutsu_against_riichi() {
    let hand = "1559m258p369s1234z";
    let mut obs = position(hand);
    obs.riichi[1] = true;
    obs.rivers[1] = river("5m9p");
    let mut p = BaselinePlayer::new(&east_only());
    assert_eq!(
        p.act(&obs, &discards(hand)),
        Action::Discard {
            pai: pai("5m"),
            tsumogiri: false
        }
    );
}

#[test]
fn baseline_pons_a_dragon_and_passes_a_useless_chi() {
    let mut obs = position("55z123m456p789s1m2p");
    obs.drawn = None;
    obs.last_tile = Some((SeatIndex::ALL[2], pai("5z")));
    let pon = Action::Pon {
        consumed: [pai("5z"), pai("5z")],
    };
    let mut p = BaselinePlayer::new(&east_only());
    assert_eq!(p.act(&obs, &[pon.clone(), Action::Pass]), pon);
    // A chi of 3m onto 12m... would not secure a yaku in a closed hand.
    let mut obs = position("12m456p789s11z234s");
    obs.drawn = None;
    obs.last_tile = Some((SeatIndex::ALL[3], pai("3m")));
    let chi = Action::Chi {
        consumed: [pai("1m"), pai("2m")],
    };
    assert_eq!(p.act(&obs, &[chi, Action::Pass]), Action::Pass);
}

#[test]
fn baseline_declares_riichi_on_a_two_sided_wait() {
    let hand = "23m456p789s11122z9m";
    let mut legal = discards(hand);
    legal.push(Action::Riichi {
        pai: pai("9m"),
        tsumogiri: true,
    });
    let mut p = BaselinePlayer::new(&east_only());
    assert_eq!(
        p.act(&position(hand), &legal),
        Action::Riichi {
            pai: pai("9m"),
            tsumogiri: true
        }
    );
}

#[test]
fn baseline_always_wins_when_it_can() {
    let hand = "123m456p789s11122z";
    let mut legal = discards(hand);
    legal.push(Action::Tsumo);
    let mut p = BaselinePlayer::new(&east_only());
    assert_eq!(p.act(&position(hand), &legal), Action::Tsumo);
}

/// Four baseline players: every action legal, every invariant kept (checked
/// by the engine after each event), the same seed gives the same game.
#[test]
fn baseline_self_play_is_legal_and_reproducible() {
    let rules = east_only();
    for seed in 0..12u64 {
        let play = || {
            let mut p: [BaselinePlayer; 4] = std::array::from_fn(|_| BaselinePlayer::new(&rules));
            let [a, b, c, d] = &mut p;
            let mut players: [&mut dyn Player; 4] = [a, b, c, d];
            play_game(&rules, seed, &mut players, true).unwrap()
        };
        let (first, second) = (play(), play());
        assert_eq!(first.scores.iter().sum::<i32>(), 100_000);
        assert_eq!(first.to_mjai(), second.to_mjai(), "seed {seed}");
    }
}

/// One baseline player against three random players, seated in turn at each
/// seat: it finishes first in every one of 40 seeded east-only games.
#[test]
fn baseline_beats_three_random_players() {
    let rules = east_only();
    let (mut ranks, mut points) = (0usize, 0i64);
    for g in 0..40u64 {
        let seat = (g % 4) as usize;
        let mut base = BaselinePlayer::new(&rules);
        let mut random: [RandomPlayer; 4] =
            std::array::from_fn(|i| RandomPlayer::new(g * 10 + i as u64));
        let [r0, r1, r2, r3] = &mut random;
        let mut players: [&mut dyn Player; 4] = [r0, r1, r2, r3];
        players[seat] = &mut base;
        let rec = play_game(&rules, g, &mut players, true).unwrap();
        ranks += rec
            .ranking
            .iter()
            .position(|&s| s as usize == seat)
            .unwrap()
            + 1;
        points += rec.scores[seat] as i64;
    }
    assert_eq!(ranks, 40, "average rank {}", ranks as f64 / 40.0);
    assert!(points / 40 > 45_000, "average points {}", points / 40);
}

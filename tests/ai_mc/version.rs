//! The baseline each version of the search is built on: its prior.

use super::decision_points;
use tenpai::ai::mc::{same_play, search, Budget, Settings, Version};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::PlayerKind;
use tenpai::game::Player;
use tenpai::rules::Rules;

#[test]
fn search_starts_from_the_baseline_of_its_version() {
    // At every searched decision of a baseline game, the prior (the action
    // the search keeps unless another is clearly better) is the choice of
    // the baseline its settings name: the first, the second, the third or
    // the learned one. Each differs from the one before it at some.
    let rules = Rules::tenhou();
    let points = decision_points(5);
    let (mut searched, mut differ_v2, mut differ_v3, mut differ_learned) = (0, 0, 0, 0);
    for (obs, legal) in points.iter().step_by(3) {
        let search_of = |version| {
            let settings = Settings {
                budget: Budget::Samples(8),
                threads: 1,
                version,
            };
            search(obs, legal, &rules, settings, 9)
        };
        let r1 = search_of(Version::V1);
        if r1.trivial {
            continue;
        }
        let (r2, r3, rl) = (
            search_of(Version::V2),
            search_of(Version::V3),
            search_of(Version::Learned),
        );
        searched += 1;
        let b1 = BaselinePlayer::v1(&rules).act(obs, legal);
        let b2 = BaselinePlayer::v2(&rules).act(obs, legal);
        let b3 = BaselinePlayer::v3(&rules).act(obs, legal);
        let bl = BaselinePlayer::learned(&rules).act(obs, legal);
        assert!(r1.prior.as_ref().is_some_and(|p| same_play(p, &b1)));
        assert!(r2.prior.as_ref().is_some_and(|p| same_play(p, &b2)));
        assert!(r3.prior.as_ref().is_some_and(|p| same_play(p, &b3)));
        assert!(rl.prior.as_ref().is_some_and(|p| same_play(p, &bl)));
        differ_v2 += usize::from(!same_play(&b1, &b2));
        differ_v3 += usize::from(!same_play(&b2, &b3));
        differ_learned += usize::from(!same_play(&b1, &bl));
    }
    // The third differs from the second (whose riichi and calls it keeps)
    // at the discards its model chooses otherwise.
    assert_eq!(
        (searched, differ_v2, differ_v3, differ_learned),
        (98, 18, 27, 32)
    );
}

#[test]
fn the_learned_search_is_a_player_kind_of_its_own() {
    // `mc-learned` names the search on the learned baseline, the default
    // version: shown `mc` (the default's name) to people, written
    // `mc-learned` in a tally's JSON (`mc` changes meaning with the
    // default), and read back as itself.
    let kind: PlayerKind = "mc-learned".parse().expect("a player kind");
    let PlayerKind::Mc(settings) = &kind else {
        panic!("{kind:?} is not the Monte Carlo player");
    };
    assert_eq!(settings.version, Version::Learned);
    assert_eq!(kind.to_string(), "mc");
    assert_eq!("mc".parse::<PlayerKind>().expect("a player kind"), kind);
    let json = serde_json::to_string(&kind).expect("JSON");
    assert_eq!(
        json,
        r#"{"kind":"mc-learned","think_ns":50000000,"threads":0}"#
    );
    assert_eq!(
        serde_json::from_str::<PlayerKind>(&json).expect("read back"),
        kind
    );
}

#[test]
fn each_version_is_named_explicitly_and_every_name_is_a_kind() {
    // `Version::name` is the player's name of each version, the default's
    // included (written `mc` by `PlayerKind`'s Display).
    for v in [Version::V1, Version::V2, Version::V3, Version::Learned] {
        let kind: PlayerKind = v.name().parse().expect("a kind");
        assert_eq!(
            kind,
            PlayerKind::Mc(Settings {
                version: v,
                ..Settings::default()
            })
        );
    }
    assert_eq!(Version::default().name(), "mc-learned");
    // The one list the command line's help texts read is the list the
    // parser gives when a name is unknown (with the external bot beside it).
    let unknown = "x".parse::<PlayerKind>().unwrap_err().to_string();
    assert_eq!(
        unknown,
        format!(
            "unknown player \"x\" (known: {}, cmd:COMMAND)",
            tenpai::ai::PLAYER_NAMES.join(", ")
        )
    );
    for name in tenpai::ai::PLAYER_NAMES {
        assert_eq!(name.parse::<PlayerKind>().map(|_| ()), Ok(()), "{name}");
    }
}

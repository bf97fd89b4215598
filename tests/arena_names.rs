//! A tally names every player explicitly: `mc` and `baseline` follow the
//! default version, whose meaning changed between builds (`mc` was `mc-v1`
//! before commit 9325bd5, `baseline` was `baseline-v1` before 0766125), so
//! a tally writes `mc-learned` and `baseline-v2` and refuses a tally that
//! names a player by the alias; a seat given by the alias is still read as
//! this build's default.

use tenpai::ai::mc::{Budget, Settings, Version};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::{play, ArenaError, Config, PlayerKind, Shard, Summary, Tally};
use tenpai::rules::{GameLength, Rules};

const RANDOM: PlayerKind = PlayerKind::Random;

fn east(games: u64, players: [PlayerKind; 4]) -> Config {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    Config {
        rules,
        games,
        seed: 3,
        players,
        duplicate: false,
    }
}

/// A Monte Carlo player of `version` at 2 rollouts a decision.
fn mc(version: Version) -> PlayerKind {
    PlayerKind::Mc(Settings {
        budget: Budget::Samples(2),
        threads: 1,
        version,
    })
}

/// The kinds of a tally's JSON, as written.
fn kinds(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    (0..4)
        .map(|p| {
            v["config"]["players"][p]["kind"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn tally_json_ok_the_default_versions_round_trip_by_their_explicit_names() {
    let default_mc: PlayerKind = "mc".parse().unwrap();
    let tally = Tally::new(east(
        4,
        [default_mc, PlayerKind::Baseline, RANDOM, mc(Version::V1)],
    ));
    let json = tally.to_json();
    assert_eq!(
        kinds(&json),
        ["mc-learned", "baseline-v2", "random", "mc-v1"]
    );
    let back = Tally::from_json(&json).unwrap();
    assert_eq!(back, tally);
    assert_eq!(back.config().players[0], "mc-learned".parse().unwrap());
    assert_eq!(back.config().players[1], PlayerKind::BaselineV2);
    // People still read the default versions by their short names.
    let shown: Vec<String> = back
        .config()
        .players
        .iter()
        .map(|k| k.to_string())
        .collect();
    assert_eq!(shown, ["mc", "baseline", "random", "mc-v1"]);
}

#[test]
fn tally_json_err_an_alias_written_by_an_older_build_is_refused() {
    let json = Tally::new(east(
        4,
        [mc(Version::Learned), RANDOM, PlayerKind::Baseline, RANDOM],
    ))
    .to_json();
    let old_mc = json.replacen(r#""kind":"mc-learned""#, r#""kind":"mc""#, 1);
    let err = Tally::from_json(&old_mc).unwrap_err();
    assert_eq!(
        err,
        ArenaError::AmbiguousPlayer {
            player: 0,
            alias: "mc",
            before: "mc-v1",
            after: "mc-learned",
            changed: "2026-12-03, commit 9325bd5",
        }
    );
    assert_eq!(
        err.to_string(),
        "player 0 is \"mc\", a name whose meaning changed (mc-v1 in builds before 2026-12-03, \
         commit 9325bd5, mc-learned in later ones): write \"mc-v1\" or \"mc-learned\" in the \
         tally if you know which build wrote it"
    );
    let old_baseline = json.replacen(r#""kind":"baseline-v2""#, r#""kind":"baseline""#, 1);
    assert_eq!(
        Tally::from_json(&old_baseline).unwrap_err().to_string(),
        "player 2 is \"baseline\", a name whose meaning changed (baseline-v1 in builds before \
         2026-12-02, commit 0766125, baseline-v2 in later ones): write \"baseline-v1\" or \
         \"baseline-v2\" in the tally if you know which build wrote it"
    );
    // Through serde as well (a tally inside another document).
    let err = serde_json::from_str::<Tally>(&old_mc)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("player 0 is \"mc\", a name whose"), "{err}");
    // Written with the explicit name it meant, the old tally is read.
    let fixed = old_mc.replacen(r#""kind":"mc""#, r#""kind":"mc-v1""#, 1);
    assert_eq!(
        Tally::from_json(&fixed).unwrap().config().players[0],
        mc(Version::V1)
    );
}

#[test]
fn player_kind_ok_a_seat_given_by_an_alias_is_this_builds_default() {
    let seat: PlayerKind = serde_json::from_str(r#"{"kind": "mc", "samples": 2}"#).unwrap();
    assert_eq!(seat, mc(Version::default()));
    assert_eq!(
        serde_json::to_string(&seat).unwrap(),
        r#"{"kind":"mc-learned","samples":2,"threads":1}"#
    );
    let seat: PlayerKind = serde_json::from_str(r#"{"kind": "baseline"}"#).unwrap();
    assert_eq!(seat, PlayerKind::Baseline);
    assert_eq!(
        serde_json::to_string(&seat).unwrap(),
        r#"{"kind":"baseline-v2"}"#
    );
    // A run's settings, as the Python package writes them for its shards.
    let config: Config = serde_json::from_str(
        &serde_json::to_string(&east(4, [seat, RANDOM, RANDOM, RANDOM])).unwrap(),
    )
    .unwrap();
    assert_eq!(config.players[0], PlayerKind::BaselineV2);
}

#[test]
fn player_kind_ok_baseline_is_the_player_baseline_player_new_makes() {
    // `explicit` names the version `BaselinePlayer::new` plays: should the
    // default change, this fails until `PlayerKind::explicit` follows it.
    let rules = Rules::tenhou();
    let made = PlayerKind::Baseline
        .explicit()
        .baseline_player(&rules)
        .unwrap();
    assert_eq!(
        format!("{made:?}"),
        format!("{:?}", BaselinePlayer::new(&rules))
    );
    assert_ne!(
        format!(
            "{:?}",
            PlayerKind::BaselineV1.baseline_player(&rules).unwrap()
        ),
        format!("{made:?}")
    );
}

#[test]
fn summary_json_ok_names_each_player_explicitly() {
    let config = east(1, [PlayerKind::Baseline, RANDOM, mc(Version::V2), RANDOM]);
    let tally = play(&config, 0..1, &()).unwrap();
    let v: serde_json::Value = serde_json::from_str(&Summary::new(&tally, 1.0).to_json()).unwrap();
    let names: Vec<&str> = (0..4)
        .map(|p| v["players"][p]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["baseline-v2", "random", "mc-v2", "random"]);
}

#[test]
fn merge_ok_shards_of_equal_explicit_names_merge_into_the_run() {
    let config = east(
        2,
        [mc(Version::Learned), PlayerKind::Baseline, RANDOM, RANDOM],
    );
    let whole = play(&config, 0..2, &()).unwrap();
    let mut merged = Tally::new(config.clone());
    for k in [2, 1] {
        let part = play(&config, Shard::new(k, 2).unwrap().games(&config), &()).unwrap();
        assert_eq!(kinds(&part.to_json())[..2], ["mc-learned", "baseline-v2"]);
        merged
            .merge(&Tally::from_json(&part.to_json()).unwrap())
            .unwrap();
    }
    assert_eq!(merged, whole);
    // The run given with `baseline-v2` is the same run.
    let mut explicit = config.clone();
    explicit.players[1] = PlayerKind::BaselineV2;
    assert_eq!(Tally::new(explicit).merge(&whole), Ok(()));
}

#[test]
fn merge_err_mc_v1_and_mc_learned_are_different_players() {
    let of = |version| Tally::new(east(4, [mc(version), RANDOM, RANDOM, RANDOM]));
    let v1 = Tally::from_json(&of(Version::V1).to_json()).unwrap();
    let learned = Tally::from_json(&of(Version::Learned).to_json()).unwrap();
    assert_eq!(
        v1.clone().merge(&learned),
        Err(ArenaError::Mismatch("players"))
    );
    assert_eq!(
        learned.clone().merge(&v1),
        Err(ArenaError::Mismatch("players"))
    );
}

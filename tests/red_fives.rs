//! A hand cannot hold more red fives of a suit than the rules' set (one per
//! suit in both presets), as it cannot hold a fifth copy: refused with the
//! tile named by the notation, the score JSON and the logs.

use tenpai::game::{Event, GameError, State};
use tenpai::rules::Rules;
use tenpai::score::json::SituationRecord;
use tenpai::score::{InvalidSituation, ScoreError};
use tenpai::{Hand, HandError, Tile};

fn five(t: &str) -> Tile {
    t.parse().unwrap()
}

#[test]
fn notation_refuses_more_red_fives_than_the_set() {
    let too_many = |text: &str| text.parse::<Hand>().unwrap_err();
    assert_eq!(
        too_many("000m1234p"),
        HandError::TooManyRedFives {
            tile: five("5m"),
            count: 3,
            max: 1
        }
    );
    assert_eq!(
        too_many("000m1234p").to_string(),
        "red five 0m appears 3 times (the rules' set holds 1)"
    );
    // A red five in a meld counts: the chi's 0s beside a concealed one.
    assert_eq!(
        too_many("0s123m [406s]"),
        HandError::TooManyRedFives {
            tile: five("5s"),
            count: 2,
            max: 1
        }
    );
    // One of each suit is the set.
    assert_eq!(
        "0m0p0s1234567z".parse::<Hand>().unwrap().red_fives(),
        [1, 1, 1]
    );
    // Rules with two red 5p: two are read, three are not.
    assert!(Hand::parse_with_red_fives("00p123m", [1, 2, 1]).is_ok());
    assert_eq!(
        Hand::parse_with_red_fives("000p12m", [1, 2, 1])
            .unwrap_err()
            .to_string(),
        "red five 0p appears 3 times (the rules' set holds 2)"
    );
}

/// Rules without red fives refuse a single one: "1 time", "1 red five",
/// never "1 times" or "1 red fives".
#[test]
fn one_red_five_under_rules_without_them_is_counted_in_the_singular() {
    assert_eq!(
        Hand::parse_with_red_fives("0m1234p", [0, 1, 1])
            .unwrap_err()
            .to_string(),
        "red five 0m appears 1 time (the rules' set holds 0)"
    );
    let mut no_red = Rules::tenhou();
    no_red.scoring.red_fives = [0, 0, 0];
    let record: SituationRecord =
        serde_json::from_str(r#"{"hand":"123m406p678s555z11s","win_tile":"5z"}"#).unwrap();
    let err = record
        .to_situation()
        .and_then(|s| tenpai::score::score(&s, &no_red))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid situation: 1 red five of Pin (hand, melds and indicators) but the rules have 0"
    );
}

#[test]
fn score_json_refuses_more_red_fives_than_the_rules() {
    let record: SituationRecord =
        serde_json::from_str(r#"{"hand":"123m00p678s555z [456s]","win_tile":"5z"}"#).unwrap();
    let err = record
        .to_situation()
        .and_then(|s| tenpai::score::score(&s, &Rules::tenhou()))
        .unwrap_err();
    assert!(
        matches!(
            err,
            ScoreError::Invalid(InvalidSituation::TooManyRedFives {
                count: 2,
                max: 1,
                ..
            })
        ),
        "{err}"
    );
}

#[test]
fn logs_dealing_more_red_fives_than_the_set_are_refused() {
    let mut s = State::new(Rules::tenhou());
    s.apply(&serde_json::from_str(r#"{"type":"start_game","names":[]}"#).unwrap())
        .unwrap();
    let deal: Event = serde_json::from_str(
        r#"{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],
        "tehais":[["5mr","1m","2m","3m","4m","6m","7m","8m","9m","1p","2p","3p","4p"],
                  ["5mr","1m","2m","3m","4m","6m","7m","8m","9m","1p","2p","3p","4p"],
                  ["1s","1m","2m","3m","4m","6m","7m","8m","9m","1p","2p","3p","4p"],
                  ["1s","1s","2s","3s","4s","6s","7s","8s","9s","5p","6p","7p","8p"]]}"#,
    )
    .unwrap();
    let err = s.apply(&deal).unwrap_err();
    assert_eq!(err, GameError::NotInWall { tile: "5mr".into() });
}

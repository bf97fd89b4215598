//! The rules a log records and how every reader reads them: the
//! `start_game` tenpai writes (`kyoku_first`, `aka_flag`, `rules`), Tenhou's
//! rooms carried into mjai, and [`ImportedGame::rules_for`]: the record
//! first, a given option the record contradicts refused, a log without a
//! record whose events contradict the default length reported.

use tenpai::game::SeatIndex;
use tenpai::game::{Event, Game, LoggedRules};
use tenpai::log::{self, LogError, RulesAsked};
use tenpai::rules::{GameLength, Rules};

/// Rules `preset` with the game `length`.
fn rules(preset: &str, length: GameLength) -> Rules {
    let mut r = Rules::preset(preset).unwrap();
    r.game.length = length;
    r
}

#[test]
fn a_game_tenpai_plays_records_length_red_fives_and_rule_set() {
    let g = Game::new(&rules("mahjongsoul", GameLength::East), 5, false).unwrap();
    assert_eq!(
        g.events()[0].to_json(),
        r#"{"type":"start_game","names":["","","",""],"wall_seed":5,"kyoku_first":4,"aka_flag":true,"rules":"mahjongsoul"}"#
    );
    let mut plain = Rules::tenhou();
    plain.scoring.red_fives = [0; 3];
    let g = Game::new(&plain, 5, false).unwrap();
    assert_eq!(
        g.events()[0].to_json(),
        r#"{"type":"start_game","names":["","","",""],"wall_seed":5,"kyoku_first":0,"aka_flag":false,"rules":"tenhou"}"#
    );
    // What a seat is sent keeps the rules and hides the seed.
    assert_eq!(
        g.events()[0].seen_by(SeatIndex::ALL[2]).to_json(),
        r#"{"type":"start_game","names":["","","",""],"kyoku_first":0,"aka_flag":false,"rules":"tenhou"}"#
    );
}

#[test]
fn the_record_survives_reading_and_writing_back() {
    let line = r#"{"type":"start_game","names":["a","b","c","d"],"kyoku_first":4,"aka_flag":false,"rules":"mahjongsoul"}"#;
    let game = log::parse(line).unwrap();
    assert_eq!(
        game.logged,
        LoggedRules {
            kyoku_first: Some(4),
            aka_flag: Some(false),
            rules: Some("mahjongsoul".into()),
        }
    );
    assert_eq!(game.to_mjai(), format!("{line}\n"));
    assert_eq!(game.events().next().unwrap().to_json(), line);
    // A log that records nothing is written back as it was.
    let bare = r#"{"type":"start_game","names":["a","b","c","d"]}"#;
    assert_eq!(log::parse(bare).unwrap().to_mjai(), format!("{bare}\n"));
}

#[test]
fn a_tenhou_log_written_as_mjai_records_its_room() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tenhou6/chankan.json"
    );
    let game = log::load(path).unwrap();
    let start = game.events().next().unwrap().to_json();
    assert!(
        start.ends_with(r#","kyoku_first":4,"aka_flag":true,"rules":"tenhou"}"#),
        "{start}"
    );
    // Read back, the mjai lines give the room's rules.
    let again = log::parse(&game.to_mjai()).unwrap();
    let read = again.rules_for(&RulesAsked::default()).unwrap();
    assert_eq!(read.rules, game.rules.clone().unwrap());
    assert!(read.warnings.is_empty());
}

#[test]
fn rules_for_reads_the_record_and_refuses_a_contradicting_option() {
    let start = |fields: &str| {
        log::parse(&format!(r#"{{"type":"start_game","names":[]{fields}}}"#)).unwrap()
    };
    let ms = start(r#","kyoku_first":4,"aka_flag":true,"rules":"mahjongsoul""#);
    let read = ms.rules_for(&RulesAsked::default()).unwrap();
    assert_eq!(read.rules, rules("mahjongsoul", GameLength::East));
    assert!(read.warnings.is_empty());
    let given = |r: &str, l: Option<GameLength>| RulesAsked {
        rules: Some(Rules::preset(r).unwrap()),
        length: l,
        ..RulesAsked::default()
    };
    // The same rules and length given: fine.
    let same = ms.rules_for(&given("mahjongsoul", Some(GameLength::East)));
    assert_eq!(same.unwrap().rules, rules("mahjongsoul", GameLength::East));
    assert_eq!(
        ms.rules_for(&given("tenhou", None)).unwrap_err(),
        LogError::Contradicts {
            option: "--rules tenhou".into(),
            recorded: "the mahjongsoul rules".into(),
        }
    );
    assert_eq!(
        ms.rules_for(&given("mahjongsoul", Some(GameLength::South)))
            .unwrap_err()
            .to_string(),
        "--length south contradicts the log, which records an east-only game (kyoku_first 4)"
    );
    // akochan's fields alone: no rule set named, the given one applies
    // unless its red fives disagree.
    let ako = start(r#","kyoku_first":0,"aka_flag":false"#);
    let read = ako.rules_for(&RulesAsked::default()).unwrap();
    assert_eq!(read.rules.scoring.red_fives, [0; 3]);
    assert_eq!(read.rules.game.length, GameLength::South);
    assert_eq!(
        ako.rules_for(&given("tenhou", None))
            .unwrap_err()
            .to_string(),
        "--rules tenhou contradicts the log, which records no red fives (aka_flag false)"
    );
    // A Tenhou room is a record too.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tenhou6/chankan.json"
    );
    let east = log::load(path).unwrap();
    assert_eq!(
        east.rules_for(&RulesAsked {
            length: Some(GameLength::South),
            ..RulesAsked::default()
        })
        .unwrap_err()
        .to_string(),
        "--length south contradicts the log, which records an east-only game (kyoku_first 4)"
    );
}

#[test]
fn rules_for_warns_about_what_it_cannot_read() {
    let game =
        log::parse(r#"{"type":"start_game","names":[],"kyoku_first":8,"rules":"house"}"#).unwrap();
    let read = game.rules_for(&RulesAsked::default()).unwrap();
    assert_eq!(read.rules, Rules::tenhou());
    assert_eq!(
        read.warnings,
        [
            "the log records the rules \"house\", which is not a preset (tenhou, mahjongsoul): read under tenhou (--rules FILE gives a rules file)",
            "the log records kyoku_first 8, neither 0 (east-south) nor 4 (east only): ignored",
        ]
    );
    // A rules file of that name given: no warning.
    let mut house = Rules::tenhou();
    house.name = "house".into();
    let read = game
        .rules_for(&RulesAsked {
            rules: Some(house.clone()),
            ..RulesAsked::default()
        })
        .unwrap();
    assert_eq!(read.rules, house);
    assert_eq!(read.warnings.len(), 1);
}

#[test]
fn a_log_without_length_that_ends_in_the_east_round_is_reported_unless_someone_is_bust() {
    let east = rules("tenhou", GameLength::East);
    // The first seed whose game (every seat taking its first legal action)
    // ends in the East round (not in the extension), with no record.
    let (game, scores) = (1..)
        .find_map(|seed| {
            let mut g = Game::new(&east, seed, false).unwrap();
            while g.to_act().is_some() {
                let a = g.legal()[0].clone();
                g.step(&a).unwrap();
            }
            let mut events = g.events().to_vec();
            let Some(Event::EndGame { scores }) = events.last().cloned() else {
                panic!("the game ends")
            };
            events[0] = Event::start_game(vec![], None, LoggedRules::default());
            let text: String = events.iter().map(|e| e.to_json() + "\n").collect();
            let game = log::parse(&text).unwrap();
            let ends_in_east = game.rounds.last().unwrap().name().starts_with('E');
            let bust = scores.is_some_and(|s| s.iter().any(|&p| p < 0));
            (ends_in_east && !bust).then_some((game, scores))
        })
        .unwrap();
    let last = game.rounds.last().unwrap().name();
    let read = game.rules_for(&RulesAsked::default()).unwrap();
    assert_eq!(read.rules.game.length, GameLength::South);
    assert_eq!(
        read.warnings,
        [format!(
            "the log does not record its length (no kyoku_first) and ends after {last} with nobody below zero, as an east-only game does; it is read as east-south (the rules' length): --length east reads it as east-only"
        )]
    );
    // Told the length, or ended by a bust: nothing to say.
    let told = game.rules_for(&RulesAsked {
        length: Some(GameLength::South),
        ..RulesAsked::default()
    });
    assert!(told.unwrap().warnings.is_empty());
    let mut bust = game.clone();
    let mut s = scores.unwrap_or([25000; 4]);
    s[1] = -100;
    bust.end.as_mut().unwrap().scores = Some(s);
    assert!(bust
        .rules_for(&RulesAsked::default())
        .unwrap()
        .warnings
        .is_empty());
}

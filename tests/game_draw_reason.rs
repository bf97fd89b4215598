//! A `ryukyoku` without a reason (Mortal's mjai writes none) is read from
//! the position: every draw of the shared logs, its reason taken away, is
//! the same draw with the same payments; a triple ron is found on the
//! discard three seats can win on; a draw that fits no position is refused.

use crate::common;

use tenpai::game::{DrawReason, Event, RoundOutcome, State};
use tenpai::log;
use tenpai::rules::Rules;

/// Each draw's (round, reason, deltas) in `events`, applied to a referee.
fn draws(
    rules: &Rules,
    events: impl Iterator<Item = Event>,
) -> Vec<(String, DrawReason, [i32; 4])> {
    let mut state = State::new(rules.clone()).with_check(true);
    let mut round = String::new();
    let mut out = Vec::new();
    for e in events {
        if let Some(name) = log::round_name(&e) {
            round = name;
        }
        state
            .apply(&e)
            .unwrap_or_else(|err| panic!("{round}: {}: {err}", e.to_json()));
        if let (Event::Ryukyoku { .. }, Some(RoundOutcome::Draw { reason, deltas, .. })) =
            (&e, state.outcome())
        {
            out.push((round.clone(), *reason, *deltas));
        }
    }
    out
}

fn without_reason(e: Event) -> Event {
    match e {
        Event::Ryukyoku { deltas, scores, .. } => Event::Ryukyoku {
            reason: None,
            deltas,
            scores,
        },
        e => e,
    }
}

#[test]
fn draws_of_the_shared_logs_read_the_same_without_their_reason() {
    let mut files = common::tenhou6_logs();
    files.retain(|f| !f.ends_with("confusing_nakis_2.json")); // refused: tests/data/README.md
    let (mut total, mut kinds) = (0, std::collections::BTreeMap::new());
    for f in files {
        let game = log::load(&f).unwrap();
        let rules = game
            .rules_for(&tenpai::log::RulesAsked::default())
            .expect("rules")
            .rules;
        let named = draws(&rules, game.events());
        let read = draws(&rules, game.events().map(without_reason));
        assert_eq!(read, named, "{}", f.display());
        total += named.len();
        for (_, r, _) in named {
            *kinds.entry(format!("{r:?}")).or_insert(0) += 1;
        }
    }
    assert_eq!(total, 35);
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [
            ("Exhaustive".to_string(), 29),
            ("FourRiichi".to_string(), 2),
            ("FourWinds".to_string(), 1),
            ("NineTerminals".to_string(), 3),
        ]
    );
}

/// East 1: seats 1, 2 and 3 each wait on 1p-4p with a dragon triplet; the
/// dealer draws 8p and discards 1p.
fn triple_ron_position(rules: Rules) -> State {
    let hands = [
        "1p 1m 2m 3m 4m 4s 4s 9m 9m 9s 9s 5p 6p",
        "2p 3p 5m 5m 5m 6s 7s 8s P P P S S",
        "2p 3p 6m 6m 6m 7s 8s 9s F F F N N",
        "2p 3p 7m 7m 7m 1s 2s 3s C C C W W",
    ];
    let mut s = State::new(rules).with_check(true);
    let lines = [
        r#"{"type":"start_game","names":[]}"#.to_string(),
        format!(
            r#"{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[{}]}}"#,
            hands
                .map(|h| format!(
                    "[{}]",
                    h.split(' ')
                        .map(|t| format!("\"{t}\""))
                        .collect::<Vec<_>>()
                        .join(",")
                ))
                .join(",")
        ),
        r#"{"type":"tsumo","actor":0,"pai":"8p"}"#.to_string(),
        r#"{"type":"dahai","actor":0,"pai":"1p","tsumogiri":false}"#.to_string(),
    ];
    for l in lines {
        let e: Event = serde_json::from_str(&l).unwrap();
        s.apply(&e).unwrap_or_else(|err| panic!("{l}: {err}"));
    }
    s
}

#[test]
fn three_players_able_to_ron_make_a_ryukyoku_without_reason_a_triple_ron() {
    let draw: Event = serde_json::from_str(r#"{"type":"ryukyoku","deltas":[0,0,0,0]}"#).unwrap();
    let mut s = triple_ron_position(Rules::tenhou());
    s.apply(&draw).unwrap();
    assert_eq!(
        s.outcome(),
        Some(&RoundOutcome::Draw {
            reason: DrawReason::TripleRon,
            tenpai: [false; 4],
            nagashi: [false; 4],
            deltas: [0; 4],
        })
    );
    // Rules where three players may all win: no draw fits the position.
    let mut all_win = Rules::tenhou();
    all_win.game.triple_ron_abort = false;
    let mut s = triple_ron_position(all_win);
    assert_eq!(
        s.apply(&draw).unwrap_err().to_string(),
        "illegal ryukyoku: no reason given, and no draw fits the position (69 tiles left in the wall, no abortive draw possible)"
    );
}

#[test]
fn replay_names_the_draw_it_read_in_a_mismatch() {
    let game = log::load(common::testdata("tenhou6").join("kyushukyuhai.json")).unwrap();
    let mjai = game.to_mjai();
    let from = r#""reason":"nine_terminals","deltas":[0,0,0,0]"#;
    assert!(mjai.contains(from), "{mjai}");
    let tampered = log::parse(&mjai.replace(from, r#""deltas":[0,0,-1000,1000]"#)).unwrap();
    let rep = tenpai::replay::replay(&tampered, &Rules::tenhou());
    let messages: Vec<String> = rep.mismatches.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        messages,
        ["E4-0 turn 2: nine terminals draw: log deltas [0, 0, -1000, 1000], engine [0, 0, 0, 0]"]
    );
}

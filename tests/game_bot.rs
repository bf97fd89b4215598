//! tenpai as an mjai bot (`bot`): a bot that follows a game from the
//! mjai.app lines its seat is sent (others' tiles `?`) answers each decision
//! exactly as the same player did at the table, and only with legal actions.

use crate::common;

use common::eager::{eager_game, Eager};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenpai::ai::BaselinePlayer;
use tenpai::bot::{
    answer_event, answer_json, as_answer, offers_decision, parse_line, BotError, BotSession,
    Protocol,
};
use tenpai::game::{legal_actions, play_game, Event, GameRecord, Player, State};
use tenpai::game::{SeatIndex, MAX_SCORE};
use tenpai::rules::{GameLength, Rules};

/// What following a game as one seat's bot compared.
#[derive(Debug, Default, PartialEq, Eq)]
struct Followed {
    /// Decisions the bot answered.
    decisions: usize,
    /// Of those, answers the game shows (the seat's next event): all equal.
    shown: usize,
}

/// Plays `record` to the bot of `seat` as mjai.app lines: the events since
/// its last answer, as the seat sees them, sent whenever the referee's state
/// gives the seat a decision after an event that may (not again after the
/// `dora` or `reach_accepted` that follows a discard). Each answer must be one of the legal actions,
/// and the seat's own next event when it is an action of the seat. With
/// `by_id`, `start_game` names the seat in its `id`.
fn follow(
    record: &GameRecord,
    rules: &Rules,
    seat: SeatIndex,
    mut bot: BotSession,
    by_id: bool,
) -> Followed {
    let mut referee = State::new(rules.clone());
    let mut line: Vec<String> = Vec::new();
    let mut f = Followed::default();
    for (i, e) in record.events.iter().enumerate() {
        let legal = legal_actions(&referee, seat);
        let asks = i > 0 && offers_decision(&record.events[i - 1]);
        if asks && !legal.is_empty() {
            let text = format!("[{}]", line.join(","));
            bot.new_line();
            for m in parse_line(&text, Protocol::Batch).unwrap() {
                bot.observe(&m)
                    .unwrap_or_else(|err| panic!("event {i} ({text}): {err}"));
            }
            line.clear();
            assert_eq!(
                tenpai::game::Observation::of(bot.state().unwrap(), seat),
                tenpai::game::Observation::of(&referee, seat),
                "event {i}"
            );
            let answer = bot.answer().unwrap();
            let offered: Vec<_> = legal
                .iter()
                .map(|a| answer_event(&referee, seat, a))
                .collect();
            assert!(
                offered.contains(&answer),
                "event {i}: {answer:?} not in {offered:?}"
            );
            f.decisions += 1;
            let own = e.actor() == Some(seat.get())
                && !matches!(e, Event::Tsumo { .. } | Event::ReachAccepted { .. });
            if own {
                assert_eq!(answer, Some(as_answer(e.clone())), "event {i}");
                f.shown += 1;
            }
        }
        referee.apply(e).unwrap();
        let mut json = e.seen_by(seat).to_json();
        if by_id {
            let start = r#"{"type":"start_game""#;
            json = json.replace(start, &format!(r#"{start},"id":{seat}"#));
        }
        line.push(json);
    }
    assert_eq!(bot.seat(), Some(seat));
    f
}

fn eager_bot(rules: &Rules, seed: u64, seat: SeatIndex) -> BotSession {
    BotSession::new(
        rules.clone(),
        Some(seat),
        Box::new(move |_: &Rules, s: u8| {
            Box::new(Eager {
                rng: ChaCha8Rng::seed_from_u64(seed * 4 + s as u64),
            }) as Box<dyn Player>
        }),
    )
}

#[test]
fn bot_ok_answers_as_the_eager_player_did_at_the_table_every_seat() {
    let rules = Rules::tenhou();
    let mut total = Followed::default();
    for seed in 1..=4 {
        let record = eager_game(&rules, seed);
        for seat in SeatIndex::ALL {
            let f = follow(&record, &rules, seat, eager_bot(&rules, seed, seat), false);
            assert!(f.shown > 20, "seed {seed} seat {seat}: {f:?}");
            total.decisions += f.decisions;
            total.shown += f.shown;
        }
    }
    // Calls, kans, riichi (two answers) and wins among them.
    assert!(total.decisions > 1000, "{total:?}");
}

#[test]
fn bot_ok_answers_as_the_baseline_did_in_a_seeded_game() {
    let rules = Rules::tenhou();
    let mut players: [BaselinePlayer; 4] = std::array::from_fn(|_| BaselinePlayer::new(&rules));
    let [a, b, c, d] = &mut players;
    let mut seats: [&mut dyn Player; 4] = [a, b, c, d];
    let record = play_game(&rules, 7, &mut seats, true).unwrap();
    for seat in SeatIndex::ALL {
        let bot = BotSession::new(
            rules.clone(),
            None,
            Box::new(|r: &Rules, _| Box::new(BaselinePlayer::new(r)) as Box<dyn Player>),
        );
        // No seat given: start_game's id names it.
        let f = follow(&record, &rules, seat, bot, true);
        assert!(f.shown > 20, "seat {seat}: {f:?}");
    }
}

#[test]
fn bot_ok_start_game_sets_the_length_and_red_fives() {
    let mut bot = eager_bot(&Rules::tenhou(), 1, SeatIndex::ALL[0]);
    let line = r#"[{"type":"start_game","id":3,"kyoku_first":4,"aka_flag":false}]"#;
    for m in parse_line(line, Protocol::Batch).unwrap() {
        bot.observe(&m).unwrap();
    }
    let rules = bot.state().unwrap().rules();
    assert_eq!(rules.game.length, GameLength::East);
    assert_eq!(rules.scoring.red_fives, [0, 0, 0]);
    // --seat wins over the id.
    assert_eq!(bot.seat(), Some(SeatIndex::ALL[0]));
    assert_eq!(bot.answer().unwrap(), None);
    assert_eq!(answer_json(None), r#"{"type":"none"}"#);
}

#[test]
fn bot_err_names_the_event_and_its_problem() {
    let run = |lines: &[&str]| -> BotError {
        let mut bot = eager_bot(&Rules::tenhou(), 1, SeatIndex::ALL[0]);
        for l in lines {
            bot.new_line();
            match parse_line(l, Protocol::Batch) {
                Err(e) => return e,
                Ok(events) => {
                    for m in events {
                        if let Err(e) = bot.observe(&m) {
                            return e;
                        }
                    }
                }
            }
        }
        panic!("no error in {lines:?}")
    };
    let start = r#"[{"type":"start_game","id":0}]"#;
    let cases: [(&[&str], &str); 9] = [
        (&["[{\"type\":"], "not an mjai message: EOF while parsing a value at line 1 column 9"),
        (&[r#"{"type":"end_kyoku"}"#], "not an mjai message: expected a JSON array of events"),
        (&[r#"[{"type":"dahai","actor":0,"pai":"5x","tsumogiri":false}]"#],
         "event 0 (dahai): pai: \"5x\" is not a tile (mjai notation: 1m..9s, E S W N P F C, 5mr, ?)"),
        (&[r#"[{"type":"tsumo","actor":0,"pai":"1m"}]"#],
         "event 0 (tsumo): the game has not started (no start_game)"),
        (&[start, r#"[{"type":"end_kyoku"},{"type":"warp"}]"#],
         "event 1 (warp): type: unknown variant `warp`, expected one of `start_game`, `start_kyoku`, `tsumo`, `dahai`, `chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `dora`, `reach`, `reach_accepted`, `hora`, `ryukyoku`, `end_kyoku`, `end_game`"),
        (&[start, r#"[{"type":"tsumo","actor":1,"pai":"?"}]"#],
         "event 0 (tsumo): illegal tsumo by seat 1: not this seat's draw (between rounds)"),
        (&[&deal_line("[25000,25000,25000,25000]", 0).replace(r#""kyotaku":0"#, r#""kyotaku":-1"#)],
         "event 1 (start_kyoku): kyotaku: invalid value: integer `-1`, expected a whole number 0 to 4294967295"),
        (&[&deal_line("[25000,25000,25000,25000]", 0).replace(r#""honba":0"#, r#""honba":300"#)],
         "event 1 (start_kyoku): honba: invalid value: integer `300`, expected a whole number 0 to 255"),
        (&[&deal_line("[25000,25000,25000,25000]", 0).replace(r#""bakaze":"E""#, r#""bakaze":"X""#)],
         "event 1 (start_kyoku): bakaze: bad wind \"X\": expected E, S, W or N"),
    ];
    for (lines, want) in cases {
        assert_eq!(run(lines).to_string(), want, "{lines:?}");
    }
}

/// `start_kyoku` for seat 0 with `scores` and `kyotaku`, after `start_game`.
fn deal_line(scores: &str, kyotaku: u32) -> String {
    let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
    format!(
        r#"[{{"type":"start_game","id":0}},{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":{kyotaku},"oya":0,"dora_marker":"1m","scores":{scores},"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","E","S"],{hidden},{hidden},{hidden}]}}]"#
    )
}

/// The first error of following `line`, or `None`.
fn follow_line(rules: &Rules, line: &str) -> Option<String> {
    let mut bot = eager_bot(rules, 1, SeatIndex::ALL[0]);
    let events = match parse_line(line, Protocol::Batch) {
        Ok(events) => events,
        Err(e) => return Some(e.to_string()),
    };
    events
        .iter()
        .find_map(|m| bot.observe(m).err())
        .map(|e| e.to_string())
}

#[test]
fn bot_err_start_kyoku_scores_no_game_reaches_name_the_event_and_field() {
    let tenhou = Rules::tenhou();
    let cases: [(String, &str); 6] = [
        (
            deal_line("[25000,25000,25000]", 0),
            "event 1 (start_kyoku): scores: expected 4 numbers, one a seat, got 3",
        ),
        (
            deal_line("[25000,25000,25000,25000,0]", 0),
            "event 1 (start_kyoku): scores: expected 4 numbers, one a seat, got 5",
        ),
        (
            deal_line("[25000,25000,25000,3000000000]", 0),
            "event 1 (start_kyoku): scores: expected 4 whole numbers of points, one a seat, got \
             [25000,25000,25000,3000000000]",
        ),
        // Far out: no score beyond MAX_SCORE enters a game, so that no
        // payment after it can overflow.
        (
            deal_line("[2147483647,2147483647,-2147483648,-2147483648]", 0),
            "event 1 (start_kyoku): illegal start_kyoku scores [2147483647, 2147483647, -2147483648, \
             -2147483648]: seat 0 has 2147483647 points, beyond the most a score holds (100000000 \
             either way)",
        ),
        // No rules deal 0 points or fewer.
        (
            deal_line("[1000,-1000,-1000,1000]", 0),
            "event 1 (start_kyoku): illegal start_kyoku scores [1000, -1000, -1000, 1000]: with 0 \
             riichi sticks they make 0 points on the table: a game deals more than 0",
        ),
        // Tenhou's rules end the game below zero: no deal can follow.
        (
            deal_line("[55000,25000,25000,-5000]", 1),
            "event 1 (start_kyoku): illegal start_kyoku scores [55000, 25000, 25000, -5000]: seat 3 \
             has -5000 points, but the rules end the game when a seat goes below 0",
        ),
    ];
    for (line, want) in &cases {
        assert_eq!(follow_line(&tenhou, line).as_deref(), Some(*want), "{line}");
    }
    // What a game can reach is followed: a riichi stick on the table, a
    // game dealt 30,000 each (a log or host under other rules), and a seat
    // below zero when the rules play on.
    assert_eq!(
        follow_line(&tenhou, &deal_line("[24000,25000,25000,25000]", 1)),
        None
    );
    assert_eq!(
        follow_line(&tenhou, &deal_line("[30000,30000,30000,30000]", 0)),
        None
    );
    let mut play_on = Rules::tenhou();
    play_on.game.bust_ends = false;
    assert_eq!(
        follow_line(&play_on, &deal_line("[55000,26000,25000,-6000]", 0)),
        None
    );
}

/// With `bust_ends = false` a seat may be far below zero, but no score
/// beyond [`MAX_SCORE`] either way enters: a host's 100,000-point total
/// made of scores near `i32`'s ends would overflow at the first win.
#[test]
fn bot_err_start_kyoku_scores_beyond_max_score_even_when_play_goes_on() {
    let mut play_on = Rules::tenhou();
    play_on.game.bust_ends = false;
    assert_eq!(
        follow_line(
            &play_on,
            &deal_line("[-2147482648,2147483647,25000,74001]", 0)
        )
        .as_deref(),
        Some(
            "event 1 (start_kyoku): illegal start_kyoku scores [-2147482648, 2147483647, 25000, \
             74001]: seat 0 has -2147482648 points, beyond the most a score holds (100000000 \
             either way)"
        )
    );
    let edge = format!("[{},{},25000,75000]", -MAX_SCORE, MAX_SCORE);
    assert_eq!(follow_line(&play_on, &deal_line(&edge, 0)), None);
    let beyond = format!("[{},{},25000,75000]", -MAX_SCORE - 1, MAX_SCORE + 1);
    assert_eq!(
        follow_line(&play_on, &deal_line(&beyond, 0)).as_deref(),
        Some(
            "event 1 (start_kyoku): illegal start_kyoku scores [-100000001, 100000001, 25000, \
             75000]: seat 0 has -100000001 points, beyond the most a score holds (100000000 \
             either way)"
        )
    );
}

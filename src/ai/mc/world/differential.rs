//! The differential test of the rollouts' world: a [`World`] stepped through
//! its own state changes (`step.rs`, the ones the rollouts make) beside the
//! engine's [`State`], through the shared recorded games (tenhou.net/6 and
//! Tenhou XML logs in `tests/data/`) and seeded self-play under both rule
//! presets, compared after every event: each seat's concealed tiles and red
//! fives, melds (the engine's own spans and red fives, and who fed them),
//! discarded kinds, discards made, riichi (declared, accepted, double),
//! ippatsu, both furiten flags, waits, the first go-around, scores and
//! sticks, the live wall, the dora indicators, the tiles every seat sees;
//! and the payments of each first win and of each exhaustive draw, which the
//! world scores itself. The walls come from the game (every draw of the
//! world must be the tile the game drew), the choices from its events.
//!
//! The logs are also replayed against their own recorded payments
//! ([`crate::replay::replay`]): a rule function the two share that goes
//! wrong makes the engine disagree with the real games.

use super::{code_of, kind, World};
use crate::game::{
    pay_deltas, play_game, DrawReason, Event, Observation, Pai, Phase, Player, RandomPlayer,
    RoundOutcome, State,
};
use crate::meld::MeldKind;
use crate::rules::{GameLength, Rules};
use crate::tile::KINDS;

/// Filler for wall places no draw reaches (the world never looks at them).
fn filler() -> Pai {
    Pai::from(crate::Tile::new(0).expect("0 is a tile"))
}

/// The walls a round's events draw from, laid out as the world keeps them:
/// the live wall (its draws in order, then filler to the 70 tiles after the
/// deal) and the hidden dead wall (the ura indicators of the round's first
/// win in riichi, or filler, then the kan dora indicators and replacement
/// tiles in the order the events take them, last first).
fn walls(events: &[Event]) -> (Vec<Pai>, Vec<Pai>) {
    let (mut live, mut taken, mut ura) = (Vec::new(), Vec::new(), Vec::new());
    let mut rinshan = false;
    for e in events {
        match e {
            Event::Tsumo { pai, .. } if rinshan => {
                taken.push(*pai);
                rinshan = false;
            }
            Event::Tsumo { pai, .. } => live.push(*pai),
            Event::Daiminkan { .. } | Event::Kakan { .. } | Event::Ankan { .. } => rinshan = true,
            Event::Dora { dora_marker } => taken.push(*dora_marker),
            Event::Hora {
                ura_markers: Some(u),
                ..
            } if ura.is_empty() => ura.clone_from(u),
            _ => {}
        }
    }
    live.resize(crate::game::LIVE_AFTER_DEAL, filler());
    ura.resize(5, filler());
    ura.extend(taken.iter().rev());
    (live, ura)
}

/// A world following one round of a game beside the engine.
struct Follower {
    w: World,
    /// The tile each seat drew last (for a riichi seat's passed tsumo).
    drawn: [Option<u8>; 4],
    /// A win was paid this round (later winners of a multiple ron are paid
    /// as the engine pays them: the rollouts know only one winner).
    won: bool,
}

impl Follower {
    /// The world of `state` right after its `start_kyoku`, every hand known,
    /// the walls those of the round's `events`.
    fn new(state: &State, events: &[Event]) -> Follower {
        let mut w = World::from_observation(&Observation::of(state, state.round().dealer()));
        for s in crate::game::SeatIndex::ALL {
            w.set_hand(s, &state.seat(s).tiles());
        }
        let (live, dead) = walls(events);
        w.set_walls(&live, &dead);
        Follower {
            w,
            drawn: [None; 4],
            won: false,
        }
    }

    /// Steps the world by `e`, which took the engine from `before` to
    /// `after`; the payments it works out itself must be the engine's.
    fn step(&mut self, rules: &Rules, before: &State, after: &State, e: &Event) {
        let w = &mut self.w;
        let code = |p: &Pai| code_of(*p).expect("a known tile");
        match e {
            Event::Tsumo { actor, pai } => {
                let rinshan = matches!(
                    before.phase(),
                    Phase::Draw { rinshan: true, .. } | Phase::Kan { .. }
                );
                let got = w.draw(*actor as usize, rinshan);
                assert_eq!(got, Some(code(pai)), "the world's draw");
                self.drawn[*actor as usize] = got;
            }
            Event::Reach { actor } => w.declare_riichi(*actor as usize),
            Event::Dahai { actor, pai, .. } => {
                let (a, c) = (*actor as usize, code(pai));
                assert!(w.take_code(a, c), "seat {a} holds {pai}");
                let missed = w.flags[a].riichi_accepted()
                    && self.drawn[a] == Some(c)
                    && w.waits[a] >> kind(c) & 1 == 1;
                w.waits[a] = w.compute_waits(a);
                w.discard(a, c, missed);
            }
            Event::ReachAccepted { actor, .. } => w.discard_passed(*actor as usize),
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            }
            | Event::Pon {
                actor,
                target,
                pai,
                consumed,
            }
            | Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => {
                let meld = match e {
                    Event::Chi { .. } => MeldKind::Chi,
                    Event::Pon { .. } => MeldKind::Pon,
                    _ => MeldKind::Kan,
                };
                let consumed: Vec<u8> = consumed.iter().map(code).collect();
                let a = *actor as usize;
                w.call(a, meld, *target as usize, code(pai), &consumed);
            }
            Event::Kakan { actor, pai, .. } => {
                assert!(w.kakan(*actor as usize, code(pai)), "the added kan");
            }
            Event::Ankan { actor, consumed } => {
                let robs = rules.game.kokushi_robs_closed_kan;
                w.ankan(*actor as usize, kind(code(&consumed[0])), robs);
            }
            Event::Dora { dora_marker } => {
                assert_eq!(w.kan_dora(), Some(code(dora_marker)), "the kan dora");
            }
            Event::Hora { actor, target, .. } => {
                let Some(RoundOutcome::Wins(wins)) = after.outcome() else {
                    panic!("a win is the round's outcome");
                };
                let ours = wins.last().expect("this win").deltas;
                if !self.won {
                    let (a, t) = (*actor as usize, *target as usize);
                    let (tile, rinshan, chankan) = match before.phase() {
                        Phase::Turn { rinshan, .. } => {
                            (before.seat_at(*actor).drawn(), *rinshan, false)
                        }
                        Phase::Discarded { pai, .. } => (Some(*pai), false, false),
                        Phase::Kan { pai, .. } => (Some(*pai), false, true),
                        p => panic!("a win at {p:?}"),
                    };
                    let c = code(&tile.expect("the winning tile"));
                    let d = w.win_deltas(rules, a, t, c, rinshan, chankan);
                    assert_eq!(d, Some(ours), "the world's payments of the win");
                }
                w.pay_win(ours);
                self.won = true;
            }
            Event::Ryukyoku { .. } => match after.outcome() {
                Some(RoundOutcome::Draw {
                    reason: DrawReason::Exhaustive,
                    nagashi,
                    deltas,
                    ..
                }) if !nagashi.contains(&true) => {
                    assert_eq!(w.pay_draw(), *deltas, "the world's tenpai payments");
                }
                Some(RoundOutcome::Draw { deltas, .. }) => pay_deltas(&mut w.scores, *deltas),
                o => panic!("a draw is the round's outcome, not {o:?}"),
            },
            _ => {}
        }
    }

    /// Everything the world holds agrees with the engine's `state`.
    fn check(&self, state: &State) {
        let w = &self.w;
        for s in 0..4 {
            let seat = state.seat_at(s as u8);
            let at = |what: &str| format!("seat {s}: {what}");
            assert_eq!(&w.hands[s], seat.concealed(), "{}", at("concealed tiles"));
            assert_eq!(w.red[s], seat.red_fives(), "{}", at("red fives"));
            let melds: Vec<_> = w.melds[s][..w.meld_len[s] as usize]
                .iter()
                .map(|m| (m.meld, m.from))
                .collect();
            let engine: Vec<_> = (seat.melds().iter())
                .map(|m| (m.to_meld().expect("a meld"), m.from))
                .collect();
            assert_eq!(melds, engine, "{}", at("melds"));
            assert_eq!(w.open[s], !seat.is_closed(), "{}", at("open"));
            assert_eq!(
                w.discarded[s],
                seat.discarded().bits(),
                "{}",
                at("discarded")
            );
            assert_eq!(
                w.turns[s] as usize,
                seat.river().len(),
                "{}",
                at("discards")
            );
            assert_eq!(w.flags[s], seat.flags(), "{}", at("riichi and furiten"));
            if seat.len() % 3 == 1 {
                assert_eq!(w.waits[s], seat.waits().bits(), "{}", at("waits"));
            }
        }
        assert_eq!(w.any_call, state.any_call(), "the first go-around");
        assert_eq!(w.scores, state.scores(), "scores");
        assert_eq!(w.kyoutaku, state.kyoutaku(), "kyoutaku");
        assert_eq!(w.live_left(), state.live_left(), "live wall");
        let dora: Vec<Pai> = w.dora[..w.dora_len as usize]
            .iter()
            .map(|&c| super::pai_of(c))
            .collect();
        assert_eq!(dora, state.dora(), "dora indicators");
        let mut seen = [0u8; KINDS];
        for s in state.seats() {
            let rivers = s.river().iter().filter(|r| !r.called).map(|r| r.pai);
            let melds = s.melds().iter().flat_map(|m| m.tiles.iter().copied());
            for p in rivers.chain(melds) {
                seen[p.index()] += 1;
            }
        }
        state.dora().iter().for_each(|p| seen[p.index()] += 1);
        assert_eq!(w.seen, seen, "tiles seen");
    }
}

/// Follows `events` (a whole game) with the engine and, round by round, a
/// world; returns the rounds followed to their end and the rounds whose
/// events the engine refused (the rest of such a round is skipped).
fn follow(rules: &Rules, events: &[Event], name: &str) -> (usize, Vec<String>) {
    let mut state = State::new(rules.clone()).with_check(true);
    let (mut rounds, mut refused) = (0, Vec::new());
    let mut follower: Option<Follower> = None;
    for (i, e) in events.iter().enumerate() {
        let before = state.clone();
        if let Err(err) = state.apply(e) {
            refused.push(format!("{name} event {i}: {err}"));
            follower = None;
            state = State::new(rules.clone()).with_check(true);
            let start = Event::start_game(vec![], None, Default::default());
            state.apply(&start).expect("a fresh game starts");
            continue;
        }
        match e {
            Event::StartKyoku { .. } => {
                let end = events[i..]
                    .iter()
                    .position(|e| matches!(e, Event::EndKyoku))
                    .map_or(events.len(), |k| i + k);
                follower = Some(Follower::new(&state, &events[i..end]));
            }
            Event::EndKyoku => {
                rounds += usize::from(follower.take().is_some());
                continue;
            }
            _ => {}
        }
        if let Some(f) = &mut follower {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                f.step(rules, &before, &state, e);
                f.check(&state);
            }));
            if r.is_err() {
                panic!(
                    "{name}: event {i} {} (round {})",
                    e.to_json(),
                    state.round()
                );
            }
        }
    }
    (rounds, refused)
}

/// The shared logs the data README lists as recording impossible results.
const KNOWN_BAD: [&str; 2] = ["confusing_nakis_1.json", "confusing_nakis_2.json"];

fn logs(dir: &str, ext: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the shared logs")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

#[test]
fn world_steps_like_the_engine_through_the_shared_logs() {
    let files: Vec<_> = logs("tenhou6", "json")
        .into_iter()
        .chain(logs("mjlog", "mjlog"))
        .collect();
    let (mut rounds, mut refused, mut mismatched) = (0, Vec::new(), Vec::new());
    for f in &files {
        let name = f.file_name().expect("a name").to_string_lossy().to_string();
        let game = crate::log::load(f).unwrap_or_else(|e| panic!("{name}: {e}"));
        let rules = game.rules.clone().expect("Tenhou's logs name their rules");
        // The engine against the real game's payments.
        let report = crate::replay::replay(&game, &rules);
        if !report.mismatches.is_empty() && !KNOWN_BAD.contains(&name.as_str()) {
            mismatched.push(format!("{name}: {:?}", report.mismatches));
        }
        let events: Vec<Event> = game.events().collect();
        let (n, r) = follow(&rules, &events, &name);
        rounds += n;
        refused.extend(
            r.into_iter()
                .filter(|r| !KNOWN_BAD.iter().any(|k| r.starts_with(k))),
        );
    }
    assert!(mismatched.is_empty(), "{mismatched:#?}");
    assert!(refused.is_empty(), "{refused:#?}");
    assert_eq!((files.len(), rounds), (52, 364));
}

/// Self-play with two baselines (riichi, defense, yakuhai and tanyao calls)
/// and two random players (every kind of call and kan, passed wins).
fn self_play(rules: &Rules, seeds: std::ops::Range<u64>) -> usize {
    let mut rounds = 0;
    for seed in seeds {
        let (mut b0, mut b2) = (
            crate::ai::BaselinePlayer::v1(rules),
            crate::ai::BaselinePlayer::v1(rules),
        );
        let (mut r1, mut r3) = (RandomPlayer::new(seed), RandomPlayer::new(seed + 1));
        let mut players: [&mut dyn Player; 4] = [&mut b0, &mut r1, &mut b2, &mut r3];
        let record = play_game(rules, seed, &mut players, true).expect("legal self-play");
        let (n, refused) = follow(rules, &record.events, &format!("seed {seed}"));
        assert!(refused.is_empty(), "{refused:#?}");
        rounds += n;
    }
    rounds
}

#[test]
fn world_steps_like_the_engine_through_seeded_self_play() {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let tenhou = self_play(&rules, 0..40);
    let mut rules = Rules::mahjongsoul();
    rules.game.length = GameLength::East;
    let soul = self_play(&rules, 100..120);
    assert!(tenhou > 200 && soul > 100, "{tenhou} and {soul} rounds");
}

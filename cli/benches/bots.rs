//! The cost of the mjai protocol: (a) one round trip to a spawned
//! `tenpai mjai --ai baseline` through [`ExternalBot`] (the seat's new
//! events out, its action back), timed inside real east-only games;
//! (b) a whole east-only baseline game with four `cmd:tenpai mjai --ai
//! baseline` seats against the same game played in process; (c) the bot's
//! own time per decision ([`BotSession`] in process: a `tsumo` line in, the
//! answer out). Run with `cargo bench -p tenpai-cli --bench bots`; it needs
//! the `tenpai` binary, which cargo builds for this bench.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use tenpai::ai::BaselinePlayer;
use tenpai::arena::{play_one, Config, PlayerKind, BOT_TIMEOUT};
use tenpai::bot::{answer_json, parse_line, BotSession, ExternalBot, Protocol};
use tenpai::game::SeatIndex;
use tenpai::game::{play_game, Action, Observation, Player};
use tenpai::rules::{GameLength, Rules};

/// The built `tenpai` binary; panics with a clear message when it is missing.
fn tenpai_binary() -> &'static str {
    let bin = env!("CARGO_BIN_EXE_tenpai");
    assert!(
        std::path::Path::new(bin).exists(),
        "the bots bench needs the tenpai binary at {bin}: build it with `cargo build --release -p tenpai-cli`"
    );
    bin
}

/// The shell command of a baseline mjai bot.
fn bot_command() -> String {
    format!("'{}' mjai --ai baseline", tenpai_binary())
}

fn east_rules() -> Rules {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    rules
}

/// An external bot whose [`Player::act`] calls (the round trips) are timed.
struct Timed {
    bot: ExternalBot,
    spent: Duration,
    calls: u64,
}

impl Player for Timed {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let start = Instant::now();
        let a = self.bot.act(obs, legal);
        self.spent += start.elapsed();
        self.calls += 1;
        a
    }

    fn observe(&mut self, event: &tenpai::game::Event) {
        self.bot.observe(event);
    }
}

/// (a) Round trips at seat 0 of east-only games (three in-process baseline
/// players): games are played until `iters` round trips are timed; the time
/// returned is the mean round trip × `iters`.
fn round_trips(iters: u64, seed: &mut u64) -> Duration {
    let rules = east_rules();
    let (mut spent, mut calls) = (Duration::ZERO, 0u64);
    while calls < iters {
        let fallback = Box::new(BaselinePlayer::new(&rules));
        let bot = ExternalBot::spawn(
            &bot_command(),
            SeatIndex::ALL[0],
            &rules,
            BOT_TIMEOUT,
            fallback,
        )
        .expect("spawn tenpai mjai");
        let mut timed = Timed {
            bot,
            spent: Duration::ZERO,
            calls: 0,
        };
        let mut others: [BaselinePlayer; 3] = std::array::from_fn(|_| BaselinePlayer::new(&rules));
        let [b, c, d] = &mut others;
        let mut seats: [&mut dyn Player; 4] = [&mut timed, b, c, d];
        play_game(&rules, *seed, &mut seats, false).expect("a legal game");
        *seed += 1;
        assert_eq!(timed.bot.faults().count, 0, "{:?}", timed.bot.faults());
        spent += timed.spent;
        calls += timed.calls;
    }
    spent.mul_f64(iters as f64 / calls as f64)
}

/// (c) The dealer's first decision of a round: `start_game` and
/// `start_kyoku` observed beforehand, then the `tsumo` line parsed,
/// observed and answered, as `tenpai mjai` does a line.
fn session_before_tsumo() -> BotSession {
    let make = Box::new(|rules: &Rules, _| Box::new(BaselinePlayer::new(rules)) as Box<dyn Player>);
    let mut bot = BotSession::new(east_rules(), None, make);
    let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
    let line = format!(
        r#"[{{"type":"start_game","id":0}},{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4p","5p","7p","7s","8s","1s","E","W","C","S"],{hidden},{hidden},{hidden}]}}]"#
    );
    bot.new_line();
    for e in parse_line(&line, Protocol::Batch).expect("mjai") {
        bot.observe(&e).expect("an event that fits");
    }
    bot
}

const TSUMO: &str = r#"[{"type":"tsumo","actor":0,"pai":"N"}]"#;

fn decide(bot: &mut BotSession) -> String {
    bot.new_line();
    for e in parse_line(TSUMO, Protocol::Batch).expect("mjai") {
        bot.observe(&e).expect("an event that fits");
    }
    answer_json(bot.answer().expect("an answer").as_ref())
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("bots");
    let mut seed = 1u64;
    g.bench_function("round_trip", |b| {
        b.iter_custom(|iters| round_trips(iters, &mut seed))
    });
    // The timed decision is a real one: the dealer's discard.
    let first = decide(&mut session_before_tsumo());
    assert!(first.starts_with(r#"{"type":"dahai","actor":0"#), "{first}");
    g.bench_function("decision_in_process", |b| {
        b.iter_batched(
            session_before_tsumo,
            |mut bot| criterion::black_box(decide(&mut bot)),
            criterion::BatchSize::SmallInput,
        )
    });
    let games = |kind: PlayerKind| Config {
        rules: east_rules(),
        games: 1,
        seed: 1,
        players: std::array::from_fn(|_| kind.clone()),
        duplicate: false,
    };
    let cmd = PlayerKind::Cmd {
        command: bot_command(),
        timeout: BOT_TIMEOUT,
    };
    for (name, config) in [
        ("east_game_in_process", games(PlayerKind::Baseline)),
        ("east_game_protocol", games(cmd)),
    ] {
        // The same seeded games on both sides (game numbers run on).
        let mut next = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                let played = play_one(&config, next).expect("a legal game");
                assert!(played.faults().iter().all(|f| f.count == 0));
                next += 1;
                criterion::black_box(played)
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = bots;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    targets = benches
}
criterion_main!(bots);

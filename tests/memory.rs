//! Memory that must not grow with the work, measured as the peak of live
//! heap bytes (a counting allocator; no clock):
//!
//! - self-play: 2,000 games peak about as high as 200 (when every game was
//!   kept until the end, the peak grew tenfold);
//! - a Monte Carlo search with a long think: four times the time budget
//!   (on a step clock: time is a count of work) peaks about as high (when
//!   the search kept every world of its last round, and a value per
//!   rollout, the peak grew with the budget);
//! - a batch of games (`tenpai::batch::VecGame`): ten times the steps,
//!   through many more auto-resets, peak about as high (a row keeps only
//!   its game in progress and its last finished one).
//!
//! The resident-size measurements of 10,000 to 1,000,000 games are in
//! `docs/selfplay-memory.md` (`benches/selfplay_memory.sh`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tenpai::ai::mc::{search_with_clock, Budget, Settings, StepClock};
use tenpai::arena::{play, Config, PlayerKind};
use tenpai::batch::{Buffers, Reward, VecGame};
use tenpai::game::SeatIndex;
use tenpai::game::{legal_actions, Event, Observation, State};
use tenpai::rules::{GameLength, Rules};

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counters are only statistics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time (the counters are global).
static SERIAL: Mutex<()> = Mutex::new(());

/// Peak live heap bytes above the start while `f` runs.
fn peak_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = f();
    (PEAK.load(Ordering::Relaxed).saturating_sub(before), out)
}

/// Peak live heap bytes above the start while playing `games` games.
fn peak_while_playing(games: u64) -> usize {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let config = Config {
        rules,
        games,
        seed: 1,
        players: std::array::from_fn(|_| PlayerKind::Random),
        duplicate: false,
    };
    let (peak, tally) = peak_during(|| play(&config, 0..games, &()).unwrap());
    assert_eq!(tally.games().len(), games);
    peak
}

#[test]
fn selfplay_peak_heap_does_not_grow_with_the_number_of_games() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // Warm up the thread pool and per-thread buffers first.
    peak_while_playing(50);
    let small = peak_while_playing(200);
    let large = peak_while_playing(2000);
    eprintln!("peak live heap: {small} bytes for 200 games, {large} for 2,000");
    assert!(
        large < small + small / 2,
        "{large} bytes for 2,000 games against {small} for 200"
    );
}

/// A dealer's first turn with a choice of discards (East 1, 14 tiles).
fn first_turn() -> (Observation, Vec<tenpai::game::Action>) {
    let mut s = State::new(Rules::tenhou());
    s.apply(&Event::start_game(vec![], None, Default::default()))
        .unwrap();
    let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
    s.apply(&Event::StartKyoku {
        round_wind: "E".parse().unwrap(),
        kyoku: 1,
        honba: 0,
        kyoutaku: 0,
        dealer: 0,
        dora_marker: "1m".parse().unwrap(),
        scores: [25000; 4],
        tehais: [
            deal("1m 2m 4m 4p 5p 7p 7s 8s 9s E E N S"),
            deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
            deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"),
            deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m"),
        ],
    })
    .unwrap();
    s.apply(&Event::Tsumo {
        actor: 0,
        pai: "C".parse().unwrap(),
    })
    .unwrap();
    (
        Observation::of(&s, SeatIndex::ALL[0]),
        legal_actions(&s, SeatIndex::ALL[0]),
    )
}

/// Peak live heap bytes of one search thinking `millis` on a step clock of
/// 10 µs a reading (about one reading a rollout); and its rollouts.
fn peak_while_searching(millis: u64) -> (usize, u32) {
    let (obs, legal) = first_turn();
    let settings = Settings {
        budget: Budget::Time(Duration::from_millis(millis)),
        threads: 1,
        ..Default::default()
    };
    let clock = StepClock::new(Duration::from_micros(10));
    let (peak, report) =
        peak_during(|| search_with_clock(&obs, &legal, &Rules::tenhou(), settings, 7, &clock));
    (peak, report.samples)
}

#[test]
fn search_peak_heap_does_not_grow_with_the_think_time() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    peak_while_searching(20);
    let (small, n_small) = peak_while_searching(100);
    let (large, n_large) = peak_while_searching(400);
    eprintln!("peak live heap: {small} bytes for {n_small} rollouts, {large} for {n_large}");
    assert!(n_large > 3 * n_small, "{n_small} then {n_large} rollouts");
    assert!(
        large < small + small / 2,
        "{large} bytes for {n_large} rollouts against {small} for {n_small}"
    );
}

/// Peak live heap bytes above the start of a batch of 8 east-only games
/// made and stepped `steps` times with the lowest legal action of each
/// game (all four seats the caller's); and the games it finished.
fn peak_while_stepping(steps: usize) -> (usize, u64) {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let n = 8;
    let (peak, seeds) = peak_during(|| {
        let mut games = VecGame::new(&rules, n, 1, [const { None }; 4], Reward::Points).unwrap();
        let mut out = Buffers::new(n);
        games.observe(out.outputs()).unwrap();
        let mut actions = vec![0i64; n];
        for _ in 0..steps {
            for (i, a) in actions.iter_mut().enumerate() {
                *a = out.legal_of(i).next().unwrap() as i64;
            }
            games.step(&actions, out.outputs()).unwrap();
        }
        (0..n).map(|i| games.seed(i).unwrap()).collect::<Vec<_>>()
    });
    // Row i's k-th game has seed 1 + i + k·n.
    let finished = seeds
        .iter()
        .enumerate()
        .map(|(i, s)| (s - 1 - i as u64) / n as u64)
        .sum();
    (peak, finished)
}

#[test]
fn vec_game_peak_heap_does_not_grow_with_the_number_of_steps() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    peak_while_stepping(500);
    let (small, g_small) = peak_while_stepping(2_000);
    let (large, g_large) = peak_while_stepping(20_000);
    eprintln!("peak live heap: {small} bytes for 2,000 steps ({g_small} games), {large} for 20,000 ({g_large} games)");
    assert!(g_large > 5 * g_small, "{g_small} then {g_large} games");
    assert!(
        large < small + small / 2,
        "{large} bytes for 20,000 steps against {small} for 2,000"
    );
}

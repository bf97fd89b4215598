//! Self-play memory does not grow with the number of games: the peak of live
//! heap bytes while playing 2,000 games is about that of 200 (a counting
//! allocator; no clock). When every game was kept until the end, the peak
//! grew tenfold. The resident-size measurements of 10,000 to 1,000,000
//! games are in `docs/selfplay-memory.md` (`benches/selfplay_memory.sh`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use tenpai::arena::{play, Config, PlayerKind};
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

/// Peak live heap bytes above the start while playing `games` games.
fn peak_while_playing(games: u64) -> usize {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let config = Config {
        rules,
        games,
        seed: 1,
        players: [PlayerKind::Random; 4],
        duplicate: false,
    };
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let tally = play(&config, 0..games, &()).unwrap();
    assert_eq!(tally.games().len(), games);
    PEAK.load(Ordering::Relaxed) - before
}

#[test]
fn selfplay_peak_heap_does_not_grow_with_the_number_of_games() {
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

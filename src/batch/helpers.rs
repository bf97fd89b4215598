//! [`Helpers`]: threads that step a batch's rows beside the calling thread
//! and stay awake for a while between steps.
//!
//! Why not rayon's pool: the caller of a step (Python's thread, a training
//! loop) is not one of the pool's threads, so handing a step to the pool
//! puts the caller to sleep and wakes a worker, and the pool's workers
//! sleep after about 30 µs without work. On a virtual machine whose idle
//! cores halt at once (no halt polling in the guest, as on this project's
//! machines), every wake-up of a sleeping thread waits for the host to run
//! its core again: at 256 games a step (about 180 µs of work) two threads
//! were no faster than one (docs/python-speed.md). Here the caller steps rows
//! itself from the start, the helpers join in as soon as they see the step,
//! and a helper spins for [`SPIN`] after each step before it sleeps, so
//! that in a loop of steps nobody sleeps.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle, Thread};
use std::time::{Duration, Instant};

/// How long a helper waits for the next step spinning (keeping its core
/// awake, yielding it to any other thread that wants it) before it sleeps:
/// longer than a caller's pause between two steps.
const SPIN: Duration = Duration::from_micros(200);

/// Turns of a bare spin (a few microseconds) before a waiting thread yields
/// its core to others at each turn.
const PURE_SPINS: u32 = 1 << 10;

/// The work of one step, run by the caller (`true`) and by each helper
/// (`false`) at once: each takes rows until none is left.
pub(crate) type Work<'w> = dyn Fn(bool) + Sync + 'w;

/// The caller's [`Work`] with its lifetime erased: valid only while the
/// caller is inside [`Helpers::run`], which takes it back (and waits for
/// every helper that took it) before it returns or unwinds.
#[derive(Clone, Copy)]
struct JobPtr(*const Work<'static>);

// SAFETY: a `JobPtr` points at a `Work`, which is `Sync`: calling it from
// another thread is what `Sync` allows; `Helpers::run` keeps it alive while
// any helper holds it.
unsafe impl Send for JobPtr {}

/// A step now running: its work and the thread to wake when the last
/// helper leaves it.
#[derive(Clone)]
struct Job {
    work: JobPtr,
    caller: Thread,
}

/// What the caller and its helpers share.
struct Shared {
    /// The step now running, if any; a helper takes it only under this lock.
    job: Mutex<Option<Job>>,
    /// Bumped at each step (and at the end): what a waiting helper watches.
    epoch: AtomicU64,
    /// Helpers running the job now.
    active: AtomicUsize,
    /// Helpers asleep (or about to be): the caller wakes them at a step.
    sleepers: AtomicUsize,
    /// The helpers are to end.
    stop: AtomicBool,
    /// A helper's run of the job panicked.
    panicked: AtomicBool,
    /// Times a caller slept waiting for the helpers to leave a step.
    caller_sleeps: AtomicU64,
}

impl Shared {
    fn job(&self) -> MutexGuard<'_, Option<Job>> {
        self.job.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `k` threads that run each step's [`Work`] beside the caller; none for
/// `k` = 0 (the caller does all the work).
pub(crate) struct Helpers {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    /// The process that started the threads: in a child forked from it
    /// (Python's multiprocessing) the threads do not exist, and the caller
    /// does all the work.
    pid: u32,
}

impl Helpers {
    /// Starts `k` helper threads (fewer if the system refuses threads: the
    /// caller does the work of the missing ones).
    pub(crate) fn new(k: usize) -> Helpers {
        let shared = Arc::new(Shared {
            job: Mutex::new(None),
            epoch: AtomicU64::new(0),
            active: AtomicUsize::new(0),
            sleepers: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            panicked: AtomicBool::new(false),
            caller_sleeps: AtomicU64::new(0),
        });
        let threads = (0..k)
            .map_while(|i| {
                let shared = Arc::clone(&shared);
                thread::Builder::new()
                    .name(format!("tenpai-batch-{i}"))
                    .spawn(move || helper(&shared))
                    .ok()
            })
            .collect();
        Helpers {
            shared,
            threads,
            pid: std::process::id(),
        }
    }

    /// The number of helper threads.
    pub(crate) fn len(&self) -> usize {
        self.threads.len()
    }

    /// This is a process forked from the one that made the helpers: their
    /// threads (and rayon's) do not exist here.
    pub(crate) fn forked(&self) -> bool {
        std::process::id() != self.pid
    }

    /// Runs `work(true)` on this thread and `work(false)` on each helper
    /// that sees the step in time; returns when every run has returned. In
    /// a forked child, runs `work(true)` alone.
    ///
    /// # Panics
    /// When a run of `work` panicked (a bug: the batch's steps never
    /// panic).
    pub(crate) fn run(&mut self, work: &Work<'_>) {
        if self.threads.is_empty() || self.forked() {
            return work(true);
        }
        let erased: *const Work<'_> = work;
        // SAFETY: only the lifetime changes; `Retire` below takes the pointer
        // back and waits until no helper runs it before `work`'s borrow ends,
        // whether this function returns or unwinds.
        let ptr =
            JobPtr(unsafe { std::mem::transmute::<*const Work<'_>, *const Work<'static>>(erased) });
        let retire = Retire(&self.shared);
        *self.shared.job() = Some(Job {
            work: ptr,
            caller: thread::current(),
        });
        self.shared.epoch.fetch_add(1, Ordering::SeqCst);
        if self.shared.sleepers.load(Ordering::SeqCst) > 0 {
            self.threads.iter().for_each(|t| t.thread().unpark());
        }
        work(true);
        drop(retire);
        if self.shared.panicked.swap(false, Ordering::SeqCst) {
            panic!("a batch helper thread panicked while stepping rows");
        }
    }
}

/// Takes the job back and waits until no helper runs it (on return and on
/// unwinding alike): spins for [`SPIN`] as a helper does, then sleeps until
/// the last helper to leave wakes it.
struct Retire<'s>(&'s Shared);

impl Drop for Retire<'_> {
    fn drop(&mut self) {
        *self.0.job() = None;
        // From here no helper takes the job; those that took it run it to
        // its end (taking what is left of the step) and leave.
        let start = Instant::now();
        let mut spins = 0u32;
        while self.0.active.load(Ordering::Acquire) != 0 {
            spins = spins.saturating_add(1);
            if spins < PURE_SPINS {
                std::hint::spin_loop();
            } else if start.elapsed() < SPIN {
                thread::yield_now();
            } else {
                // The helper whose leaving brings `active` to 0 unparks this
                // thread (an unpark before the park is not lost); a wake-up
                // for any other reason looks at `active` again.
                self.0.caller_sleeps.fetch_add(1, Ordering::Relaxed);
                thread::park();
            }
        }
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        if self.forked() {
            // The handles name threads of the parent process: joining one
            // would wait forever, detaching one touches what is not there.
            std::mem::forget(std::mem::take(&mut self.threads));
            return;
        }
        self.shared.stop.store(true, Ordering::SeqCst);
        self.shared.epoch.fetch_add(1, Ordering::SeqCst);
        for t in self.threads.drain(..) {
            t.thread().unpark();
            // A helper that panicked has already been reported by `run`.
            let _ = t.join();
        }
    }
}

/// A helper's loop: wait for a step (spinning, then asleep), run its job.
fn helper(shared: &Shared) {
    // The epoch when the helpers were made (a thread may start after the
    // first step has begun: that step is one to take part in).
    let mut seen = 0;
    loop {
        seen = wait_for_step(shared, seen);
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let job = {
            let job = shared.job();
            if job.is_some() {
                shared.active.fetch_add(1, Ordering::SeqCst);
            }
            job.clone()
        };
        if let Some(job) = job {
            // SAFETY: the caller is inside `Helpers::run` (the job was taken
            // under the lock with `active` raised): `Retire` waits for this
            // run to end before the job's borrow ends.
            let run = catch_unwind(AssertUnwindSafe(|| unsafe { (*job.work.0)(false) }));
            if run.is_err() {
                shared.panicked.store(true, Ordering::SeqCst);
            }
            if shared.active.fetch_sub(1, Ordering::AcqRel) == 1 {
                job.caller.unpark();
            }
        }
    }
}

/// Waits until the epoch moves past `seen` (or the helpers are to end):
/// spins for [`SPIN`] ([`PURE_SPINS`] turns, then yielding at each turn),
/// then sleeps until woken. Returns the new epoch.
fn wait_for_step(shared: &Shared, seen: u64) -> u64 {
    let mut start = Instant::now();
    let mut spins = 0u32;
    loop {
        let now = shared.epoch.load(Ordering::Acquire);
        if now != seen || shared.stop.load(Ordering::Acquire) {
            return now;
        }
        spins = spins.wrapping_add(1);
        if spins < PURE_SPINS {
            std::hint::spin_loop();
            continue;
        }
        if start.elapsed() < SPIN {
            // On a busy machine, let others run meanwhile; on an idle one
            // this returns at once and the core stays awake.
            thread::yield_now();
            continue;
        }
        // Announce the sleep before the last look at the epoch: a caller
        // that bumps the epoch after this look sees the announcement and
        // unparks this thread (an unpark before the park is not lost).
        shared.sleepers.fetch_add(1, Ordering::SeqCst);
        if shared.epoch.load(Ordering::SeqCst) == seen && !shared.stop.load(Ordering::SeqCst) {
            thread::park();
        }
        shared.sleepers.fetch_sub(1, Ordering::SeqCst);
        start = Instant::now();
        spins = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A bound on a test that could only hang: a guard, not a speed test.
    const HANG: Duration = Duration::from_secs(60);

    /// Waits until `done()`, failing after [`HANG`].
    fn wait_until(what: &str, done: impl Fn() -> bool) {
        let start = Instant::now();
        while !done() {
            assert!(start.elapsed() < HANG, "waited for {what}");
            thread::yield_now();
        }
    }

    /// Runs `test` on a thread of its own and fails if it has not ended
    /// after [`HANG`] (a helper that never leaves: `run` or `drop` hangs).
    fn within_bound(test: impl FnOnce() + Send + 'static) {
        let (sent, ended) = mpsc::channel();
        let t = thread::spawn(move || {
            test();
            let _ = sent.send(());
        });
        match ended.recv_timeout(HANG) {
            Err(mpsc::RecvTimeoutError::Timeout) => panic!("the test hangs"),
            _ => {
                if let Err(panic) = t.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        }
    }

    /// A step of `items` pieces that the caller and helpers take from a
    /// shared counter; with `wait_for_helper`, the caller takes none until a
    /// helper has taken one. Returns how often each piece was done and how
    /// many pieces the helpers did.
    fn step(helpers: &mut Helpers, items: usize, wait_for_helper: bool) -> (Vec<usize>, usize) {
        let next = AtomicUsize::new(0);
        let by_helpers = AtomicUsize::new(0);
        let done: Vec<AtomicUsize> = (0..items).map(|_| AtomicUsize::new(0)).collect();
        helpers.run(&|caller| {
            if caller && wait_for_helper {
                wait_until("a helper", || by_helpers.load(Ordering::SeqCst) > 0);
            }
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(d) = done.get(i) else { break };
                d.fetch_add(1, Ordering::SeqCst);
                if !caller {
                    by_helpers.fetch_add(1, Ordering::SeqCst);
                }
            }
        });
        let done = done.iter().map(|d| d.load(Ordering::SeqCst)).collect();
        (done, by_helpers.load(Ordering::SeqCst))
    }

    #[test]
    fn every_piece_of_every_step_is_done_once_with_zero_one_or_three_helpers() {
        within_bound(|| {
            for k in [0, 1, 3] {
                let mut helpers = Helpers::new(k);
                assert_eq!(helpers.len(), k);
                for s in 0..200 {
                    // Every other step the caller waits for a helper's piece.
                    let (done, by_helpers) = step(&mut helpers, 1000, k > 0 && s % 2 == 0);
                    assert!(done.iter().all(|&d| d == 1), "{k} helpers, step {s}");
                    if k > 0 && s % 2 == 0 {
                        assert!(by_helpers > 0, "{k} helpers, step {s}");
                    }
                }
            }
        });
    }

    #[test]
    fn helpers_take_part_awake_and_after_they_fell_asleep() {
        within_bound(|| {
            let mut helpers = Helpers::new(2);
            let (done, by_helpers) = step(&mut helpers, 100, true);
            assert!(done.iter().all(|&d| d == 1));
            assert!(by_helpers > 0);
            // Past their spin, both sleep; the next step wakes them.
            wait_until("two sleepers", || {
                helpers.shared.sleepers.load(Ordering::SeqCst) == 2
            });
            let (done, by_helpers) = step(&mut helpers, 100, true);
            assert!(done.iter().all(|&d| d == 1));
            assert!(by_helpers > 0);
        });
    }

    #[test]
    fn a_caller_waiting_for_a_slow_helper_sleeps_and_the_helper_wakes_it() {
        within_bound(|| {
            let mut helpers = Helpers::new(1);
            let shared = Arc::clone(&helpers.shared);
            let took = AtomicBool::new(false);
            helpers.run(&|caller| {
                if caller {
                    wait_until("the helper", || took.load(Ordering::SeqCst));
                } else {
                    took.store(true, Ordering::SeqCst);
                    // Leaves only once the caller has gone to sleep.
                    wait_until("the caller's sleep", || {
                        shared.caller_sleeps.load(Ordering::SeqCst) > 0
                    });
                }
            });
            assert_eq!(helpers.shared.active.load(Ordering::SeqCst), 0);
        });
    }

    #[test]
    fn dropped_helpers_end_their_threads() {
        within_bound(|| {
            let mut helpers = Helpers::new(3);
            step(&mut helpers, 10, true);
            let shared = Arc::clone(&helpers.shared);
            drop(helpers);
            assert_eq!(Arc::strong_count(&shared), 1, "no thread holds the state");
        });
    }

    #[test]
    fn in_a_forked_child_the_caller_does_every_piece_and_drop_joins_nothing() {
        within_bound(|| {
            let mut helpers = Helpers::new(2);
            step(&mut helpers, 10, true);
            // As a child forked from another process sees it.
            helpers.pid = helpers.pid.wrapping_add(1);
            assert!(helpers.forked());
            let before = helpers.shared.epoch.load(Ordering::SeqCst);
            let (done, by_helpers) = step(&mut helpers, 100, false);
            assert!(done.iter().all(|&d| d == 1));
            assert_eq!(by_helpers, 0);
            assert_eq!(helpers.shared.epoch.load(Ordering::SeqCst), before);
            let shared = Arc::clone(&helpers.shared);
            drop(helpers);
            assert!(!shared.stop.load(Ordering::SeqCst), "the threads not told");
            // The real threads of this process are left running, asleep.
        });
    }

    #[test]
    fn a_panic_in_a_helper_reaches_the_caller_after_every_helper_left() {
        within_bound(|| {
            let mut helpers = Helpers::new(1);
            let took = AtomicBool::new(false);
            let run = catch_unwind(AssertUnwindSafe(|| {
                helpers.run(&|caller| {
                    if caller {
                        wait_until("the helper", || took.load(Ordering::SeqCst));
                    } else {
                        took.store(true, Ordering::SeqCst);
                        panic!("a bug in a row's step");
                    }
                })
            }));
            let message = run.unwrap_err();
            assert_eq!(
                message.downcast_ref::<&str>(),
                Some(&"a batch helper thread panicked while stepping rows")
            );
            assert_eq!(helpers.shared.active.load(Ordering::SeqCst), 0);
            let (done, by_helpers) = step(&mut helpers, 50, true);
            assert!(done.iter().all(|&d| d == 1));
            assert!(by_helpers > 0, "the helper still works");
        });
    }
}

//! The clock a time-budgeted search reads: the system's in play, a counting
//! one in tests, so that the budget logic is tested without timing the
//! machine.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A source of time for [`super::Budget::Time`]: the search reads it when it
/// starts, before each rollout and dealing step, and when it ends.
pub trait Clock: Sync {
    /// The time since a fixed start of this clock.
    fn now(&self) -> Duration;
}

/// The machine's monotonic clock.
///
/// ```
/// use tenpai::ai::mc::{Clock, SystemClock};
/// let c = SystemClock::new();
/// assert!(c.now() <= c.now());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    start: Instant,
}

impl SystemClock {
    /// A clock starting now.
    pub fn new() -> SystemClock {
        SystemClock {
            start: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A clock that moves only when read: each reading is one `step` later than
/// the one before. A search reads the clock once before each rollout, so its
/// time is a count of work, the same on any machine.
///
/// ```
/// use std::time::Duration;
/// use tenpai::ai::mc::{Clock, StepClock};
/// let c = StepClock::new(Duration::from_micros(10));
/// assert_eq!((c.now(), c.now()), (Duration::ZERO, Duration::from_micros(10)));
/// assert_eq!(c.readings(), 2);
/// ```
#[derive(Debug)]
pub struct StepClock {
    step: Duration,
    readings: AtomicU64,
}

impl StepClock {
    /// A clock at zero that advances by `step` each time it is read.
    pub fn new(step: Duration) -> StepClock {
        StepClock {
            step,
            readings: AtomicU64::new(0),
        }
    }

    /// How many times the clock has been read.
    pub fn readings(&self) -> u64 {
        self.readings.load(Ordering::Relaxed)
    }
}

impl Clock for StepClock {
    fn now(&self) -> Duration {
        let n = self.readings.fetch_add(1, Ordering::Relaxed);
        self.step.saturating_mul(n.min(u32::MAX as u64) as u32)
    }
}

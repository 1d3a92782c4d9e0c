//! The server's time, injectable: the system clock in production (monotonic within a process), a
//! hand-moved one in tests (so clocks, deadlines and timeouts are tested in virtual time).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use crate::clock::Millis;

/// Where the server reads the time.
pub trait ServerTime: Send + Sync + 'static {
    /// Milliseconds since a fixed origin.
    fn now(&self) -> Millis;
}

/// The system clock: milliseconds since the Unix epoch, read from the wall clock once per process
/// and carried on by the monotonic clock, so that deadlines never jump when the wall clock is
/// set (an NTP step, a change of time zone settings, a leap second smeared or not).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

/// The wall-clock time at the process's first reading, and the monotonic instant of it.
static ORIGIN: OnceLock<(Millis, Instant)> = OnceLock::new();

impl ServerTime for SystemClock {
    fn now(&self) -> Millis {
        let (wall, at) = *ORIGIN.get_or_init(|| {
            let wall = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as Millis);
            (wall, Instant::now())
        });
        wall + at.elapsed().as_millis() as Millis
    }
}

/// Virtual time, moved by hand.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    /// Starts at `at`.
    pub fn new(at: Millis) -> ManualClock {
        ManualClock(AtomicU64::new(at))
    }

    /// Moves time forward by `ms`.
    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl ServerTime for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

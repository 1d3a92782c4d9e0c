//! The server's time, injectable: the system clock in production, a hand-moved one in tests (so
//! clocks, deadlines and timeouts are tested in virtual time).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::clock::Millis;

/// Where the server reads the time.
pub trait ServerTime: Send + Sync + 'static {
    /// Milliseconds since a fixed origin.
    fn now(&self) -> Millis;
}

/// The system clock: milliseconds since the Unix epoch.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl ServerTime for SystemClock {
    fn now(&self) -> Millis {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as Millis)
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

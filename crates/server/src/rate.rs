//! The rate limit of one connection: a token bucket (so many messages a second, with a burst).

use std::time::Instant;

/// A connection's allowance of messages.
#[derive(Clone, Debug)]
pub struct Bucket {
    per_second: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// `per_second` messages a second on average, `burst` at once.
    pub fn new(per_second: u32, burst: u32, now: Instant) -> Bucket {
        Bucket { per_second: f64::from(per_second), burst: f64::from(burst), tokens: f64::from(burst), at: now }
    }

    /// Whether a message at `now` is within the allowance (and counts it).
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let t0 = Instant::now();
        let mut b = Bucket::new(10, 5, t0);
        assert!((0..5).all(|_| b.take(t0)), "the burst");
        assert!(!b.take(t0), "over the burst");
        assert!(b.take(t0 + Duration::from_millis(100)), "one more after a tenth of a second");
        assert!(!b.take(t0 + Duration::from_millis(100)));
        assert!((0..5).all(|_| b.take(t0 + Duration::from_secs(60))), "refilled, up to the burst");
        assert!(!b.take(t0 + Duration::from_secs(60)));
    }
}

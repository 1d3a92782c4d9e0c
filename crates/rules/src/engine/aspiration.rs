//! Aspiration windows: an iteration is searched first in a narrow window around the previous
//! iteration's score. A value that falls out of it widens the window on that side only, twice as
//! far each time (a fail low also pulls the upper bound halfway down), so that one surprise costs
//! a slightly wider search rather than a search in the full window.

use super::score::INFINITY;

/// The bounds of the next search of an iteration, and how far they widen after a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub alpha: i32,
    pub beta: i32,
    delta: i32,
    /// Past this half-width, the failing side opens fully.
    widest: i32,
}

impl Window {
    /// The window `delta` either side of `previous`; once widened past `widest`, a failing side
    /// opens to the full range.
    pub fn around(previous: i32, delta: i32, widest: i32) -> Window {
        Window { alpha: previous - delta, beta: previous + delta, delta, widest }
    }

    /// Whether a value found in this window is final: strictly inside it, or found in the full
    /// window (which nothing widens).
    pub fn holds(&self, value: i32) -> bool {
        (self.alpha < value && value < self.beta) || (self.alpha, self.beta) == (-INFINITY, INFINITY)
    }

    /// The window after `value` fell out of this one: widened beyond it on the side it fell.
    pub fn widened(self, value: i32) -> Window {
        let delta = self.delta.saturating_mul(2);
        let open = delta > self.widest;
        if value <= self.alpha {
            let alpha = if open { -INFINITY } else { (value - delta).max(-INFINITY) };
            Window { alpha, beta: (self.alpha + self.beta) / 2, delta, ..self }
        } else {
            let beta = if open { INFINITY } else { (value + delta).min(INFINITY) };
            Window { beta, delta, ..self }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_window_widens_on_its_failing_side_until_it_opens() {
        let first = Window::around(100, 40, 600);
        assert_eq!((first.alpha, first.beta), (60, 140));
        assert!(first.holds(61) && first.holds(139) && !first.holds(60) && !first.holds(140));
        // Failing low at 50: the value and twice the margin below it are searched, and the upper
        // bound comes halfway down, still above the value.
        let low = first.widened(50);
        assert_eq!((low.alpha, low.beta), (50 - 80, 100));
        // Failing high at 120 from there: the upper bound rises past it, the lower stays.
        let high = low.widened(120);
        assert_eq!((high.alpha, high.beta), (-30, 120 + 160));
        // A value that keeps falling out opens the window within a few searches, and the side
        // that did not fail is kept.
        let mut w = first;
        let mut searches = 1;
        while w.beta < INFINITY {
            w = w.widened(w.beta + 1_000);
            searches += 1;
            assert!(searches <= 6, "the window opens within a few searches: {w:?}");
        }
        assert_eq!(w.alpha, first.alpha);
        let mut w = first;
        while w.alpha > -INFINITY {
            assert!(w.beta > w.alpha + 1, "a window that failed low still holds something: {w:?}");
            w = w.widened(w.alpha - 1_000);
        }
        assert!(w.holds(-INFINITY + 1), "fully open below");
        // Opened on both sides, it holds every value, even one on its bounds: the search ends.
        let mut full = first;
        for _ in 0..12 {
            full = if full.alpha > -INFINITY { full.widened(full.alpha) } else { full.widened(full.beta) };
        }
        assert_eq!((full.alpha, full.beta), (-INFINITY, INFINITY));
        assert!(full.holds(INFINITY) && full.holds(-INFINITY));
    }
}

//! A game clock: each side's time and the increment, and the share of it a move may take.

use crate::piece::Color;
use std::str::FromStr;
use std::time::Duration;

/// Time kept back on the clock for the way a move travels to the GUI and back.
pub const OVERHEAD: Duration = Duration::from_millis(50);

/// Moves assumed left in the game when the clock gives no number.
const MOVES_LEFT: u32 = 30;

/// What a move costs beyond its thinking time (reading the position, starting and stopping the
/// search, the answer's way back), kept in reserve for each move to go: without it, in sudden
/// death a long game's last moves, each a millisecond over its share, run the clock out.
const MOVE_COST: Duration = Duration::from_millis(5);

/// The search time of a fixed time a move (UCI's `go movetime`): the time less a fifth of the
/// overhead, for the answer's way back. A match's built-in players get the same, so that they and
/// an outside engine think equally long.
pub fn fixed_share(movetime: Duration) -> Duration {
    movetime.saturating_sub(OVERHEAD / 5).max(Duration::from_millis(1))
}

/// The time to spend on a move with `left` on the clock, `increment` added after it and
/// `moves_to_go` moves to the next time control (if known): the clock less a reserve for each
/// move to go, over the moves to go, plus most of the increment, never more than a third of the
/// clock less the overhead.
pub fn share(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
    let moves = moves_to_go.unwrap_or(MOVES_LEFT).max(1);
    let share = left.saturating_sub(MOVE_COST * moves) / moves + increment * 3 / 4;
    let cap = left.saturating_sub(OVERHEAD) / 3;
    share.min(cap).max(Duration::from_millis(1))
}

/// A chess clock for both sides: the time each has left and the increment added after each of
/// its moves (sudden death when it is zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// White's time left, then Black's.
    pub left: [Duration; 2],
    /// Added to a side's time after each of its moves.
    pub increment: Duration,
}

impl Clock {
    /// Both sides start with `time`.
    pub const fn new(time: Duration, increment: Duration) -> Clock {
        Clock { left: [time, time], increment }
    }

    /// The time `side` should spend on its move ([`share`] of its clock).
    pub fn budget(&self, side: Color) -> Duration {
        share(self.left[side.index()], self.increment, None)
    }

    /// Charges `side` for a move that took `spent`, then adds the increment; `Err` with how far
    /// over when its time ran out first (the clock then shows zero).
    pub fn charge(&mut self, side: Color, spent: Duration) -> Result<(), Duration> {
        let left = &mut self.left[side.index()];
        if spent > *left {
            let over = spent - *left;
            *left = Duration::ZERO;
            return Err(over);
        }
        *left = *left - spent + self.increment;
        Ok(())
    }
}

/// A clock as a time control is written, in seconds: `60+0` (a minute each, no increment),
/// `180+2`, or `300` alone.
impl FromStr for Clock {
    type Err = String;

    fn from_str(s: &str) -> Result<Clock, String> {
        let (time, increment) = s.split_once('+').unwrap_or((s, "0"));
        let seconds = |text: &str, what: &str| match text.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && (0.0..=86_400.0).contains(&v) => Ok(Duration::from_secs_f64(v)),
            _ => {
                Err(format!("the {what} {text:?} is not a number of seconds from 0 to 86400 (write the clock as 60+0)"))
            }
        };
        let clock = Clock::new(seconds(time, "time")?, seconds(increment, "increment")?);
        if clock.left[0].is_zero() {
            return Err("the time must be more than 0 seconds (write the clock as 60+0)".into());
        }
        Ok(clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_takes_a_share_and_the_increment_comes_back() {
        let mut clock: Clock = "60+1".parse().unwrap();
        // (60 s less 30 moves' reserve of 5 ms) over 30 moves, and three quarters of a second.
        assert_eq!(clock.budget(Color::White), Duration::from_millis(1995 + 750));
        clock.charge(Color::White, Duration::from_millis(2500)).unwrap();
        assert_eq!(clock.left, [Duration::from_millis(58_500), Duration::from_secs(60)]);
        assert_eq!(clock.charge(Color::Black, Duration::from_secs(61)), Err(Duration::from_secs(1)));
        assert_eq!(clock.left[1], Duration::ZERO);
    }

    #[test]
    fn never_more_than_a_third_of_what_is_left() {
        assert_eq!(share(Duration::from_millis(200), Duration::from_secs(3), Some(1)), Duration::from_millis(50));
        assert_eq!(share(Duration::from_millis(10), Duration::ZERO, None), Duration::from_millis(1));
    }

    #[test]
    fn reads_time_controls_and_names_what_is_wrong() {
        assert_eq!("300".parse(), Ok(Clock::new(Duration::from_secs(300), Duration::ZERO)));
        assert_eq!("0.5+0.01".parse(), Ok(Clock::new(Duration::from_millis(500), Duration::from_millis(10))));
        assert!("x+1".parse::<Clock>().unwrap_err().contains("the time \"x\""));
        assert!("60+-1".parse::<Clock>().unwrap_err().contains("the increment \"-1\""));
        assert!("0+5".parse::<Clock>().unwrap_err().contains("more than 0"));
    }
}

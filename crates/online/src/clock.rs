//! Clock settings, after the peer's clock contract (clock-v1): rapid presets and custom clocks
//! with an increment; correspondence clocks with a full allowance for every turn. Times are
//! [`Millis`] on the server's clock. The running clock itself is the referee's
//! (`surface_chess_server::Clock`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Milliseconds on the server's clock (any fixed origin: the Unix epoch in production, zero in
/// tests).
pub type Millis = u64;

/// One second.
pub const SECOND: Millis = 1_000;
/// One minute.
pub const MINUTE: Millis = 60 * SECOND;
/// One day.
pub const DAY: Millis = 24 * 60 * MINUTE;

/// The days per move a correspondence clock may allow.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];
/// Custom rapid clocks: initial minutes.
pub const RAPID_MINUTES: std::ops::RangeInclusive<u32> = 1..=120;
/// Custom rapid clocks: increment seconds.
pub const INCREMENT_SECONDS: std::ops::RangeInclusive<u32> = 0..=60;

/// A clock setting, as a game is created with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClockSpec {
    /// Minutes per player plus seconds added after each accepted move (presets and custom).
    Rapid {
        /// Initial minutes per player, 1–120.
        minutes: u32,
        /// Seconds added after each accepted move, 0–60.
        increment_seconds: u32,
    },
    /// Days per move: the full allowance again at every turn, unused time is not banked.
    Correspondence {
        /// 1, 2, 3, 5, 7 or 14.
        days: u32,
    },
}

/// Why a clock setting is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// Initial minutes outside 1–120.
    #[error("a clock has 1 to 120 minutes, not {0}")]
    Minutes(u32),
    /// Increment outside 0–60 seconds.
    #[error("an increment is 0 to 60 seconds, not {0}")]
    Increment(u32),
    /// Correspondence days not in the list.
    #[error("correspondence allows 1, 2, 3, 5, 7 or 14 days per move, not {0}")]
    Days(u32),
    /// Text that names no clock.
    #[error("{0:?} is not a clock (write e.g. 30, 10+5 or 3d)")]
    Malformed(String),
}

impl ClockSpec {
    /// The default: 30 minutes, no increment.
    pub const DEFAULT: ClockSpec = ClockSpec::rapid(30, 0);

    /// The rapid presets: 10, 10+5, 15+10, 20, 30 (the default) and 60 minutes.
    pub const PRESETS: [ClockSpec; 6] = [
        ClockSpec::rapid(10, 0),
        ClockSpec::rapid(10, 5),
        ClockSpec::rapid(15, 10),
        ClockSpec::rapid(20, 0),
        ClockSpec::DEFAULT,
        ClockSpec::rapid(60, 0),
    ];

    /// A rapid clock (not yet validated).
    pub const fn rapid(minutes: u32, increment_seconds: u32) -> ClockSpec {
        ClockSpec::Rapid { minutes, increment_seconds }
    }

    /// A correspondence clock (not yet validated).
    pub const fn correspondence(days: u32) -> ClockSpec {
        ClockSpec::Correspondence { days }
    }

    /// Checks the limits of the clock contract.
    ///
    /// # Errors
    /// The first value out of its range.
    pub fn validate(self) -> Result<ClockSpec, ClockError> {
        match self {
            ClockSpec::Rapid { minutes, increment_seconds } => {
                if !RAPID_MINUTES.contains(&minutes) {
                    return Err(ClockError::Minutes(minutes));
                }
                if !INCREMENT_SECONDS.contains(&increment_seconds) {
                    return Err(ClockError::Increment(increment_seconds));
                }
            }
            ClockSpec::Correspondence { days } => {
                if !CORRESPONDENCE_DAYS.contains(&days) {
                    return Err(ClockError::Days(days));
                }
            }
        }
        Ok(self)
    }

    /// Whether this is a correspondence clock.
    pub const fn is_correspondence(self) -> bool {
        matches!(self, ClockSpec::Correspondence { .. })
    }

    /// Each player's time when the clock starts (rapid), or the allowance per move
    /// (correspondence).
    pub const fn allowance(self) -> Millis {
        match self {
            ClockSpec::Rapid { minutes, .. } => minutes as Millis * MINUTE,
            ClockSpec::Correspondence { days } => days as Millis * DAY,
        }
    }

    /// Time added after each accepted move.
    pub const fn increment(self) -> Millis {
        match self {
            ClockSpec::Rapid { increment_seconds, .. } => increment_seconds as Millis * SECOND,
            ClockSpec::Correspondence { .. } => 0,
        }
    }
}

impl Default for ClockSpec {
    fn default() -> ClockSpec {
        ClockSpec::DEFAULT
    }
}

impl fmt::Display for ClockSpec {
    /// `30`, `10+5`, `3d`: the form [`FromStr`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ClockSpec::Rapid { minutes, increment_seconds: 0 } => write!(f, "{minutes}"),
            ClockSpec::Rapid { minutes, increment_seconds } => write!(f, "{minutes}+{increment_seconds}"),
            ClockSpec::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

impl FromStr for ClockSpec {
    type Err = ClockError;
    /// Reads `30` (minutes), `10+5` (minutes + increment seconds) or `3d` (days per move), and
    /// validates it.
    fn from_str(s: &str) -> Result<ClockSpec, ClockError> {
        let malformed = || ClockError::Malformed(s.chars().take(40).collect());
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| malformed());
        let t = s.trim();
        let spec = if let Some(days) = t.strip_suffix('d') {
            ClockSpec::correspondence(number(days)?)
        } else if let Some((m, i)) = t.split_once('+') {
            ClockSpec::rapid(number(m)?, number(i)?)
        } else {
            ClockSpec::rapid(number(t)?, 0)
        };
        spec.validate()
    }
}

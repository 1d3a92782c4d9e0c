//! Playing levels for the practice opponent: from a random mover to the full-strength search.

use super::limits::Limits;
use crate::quote::Quoted;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The thinking time of the strongest level when none is given.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// A playing strength. Levels 1–6 search deeper and choose more carefully as they rise;
/// [`Level::Random`] (level 0) plays any legal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 0: a uniformly random legal action.
    Random,
    /// 1: one ply and the captures that follow, overlooking most captures it could make and
    /// choosing loosely.
    Beginner,
    /// 2: one ply and the captures that follow, overlooking a fifth of its captures.
    Novice,
    /// 3: two plies, now and then overlooking a capture, sometimes a weaker move.
    Casual,
    /// 4: three plies, often a somewhat weaker move.
    Club,
    /// 5: up to four plies in a third of the time, sometimes a weaker move.
    Strong,
    /// 6: the full time, always the best move found.
    Strongest,
}

/// Per level: depth limit, share of the thinking time (1/n), root randomness in centipawns,
/// captures missed in percent.
struct Setting {
    depth: Option<u32>,
    time_divisor: u32,
    noise: u32,
    blind: u32,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 7] =
        [Level::Random, Level::Beginner, Level::Novice, Level::Casual, Level::Club, Level::Strong, Level::Strongest];

    /// The level's number, 0 (random) to 6 (strongest).
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The level of a number from 0 to 6.
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get(usize::from(n)).copied()
    }

    /// A short lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Strongest => "strongest",
        }
    }

    /// One sentence for a menu.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Random => "Plays any legal move at random.",
            Level::Beginner => "Looks one move ahead, often overlooks a capture and picks a weaker move.",
            Level::Novice => "Sees simple replies, sometimes overlooks a capture.",
            Level::Casual => "Looks two moves ahead, sometimes picks a weaker move.",
            Level::Club => "Looks three plies ahead, often picks a somewhat weaker move.",
            Level::Strong => "Searches up to four plies in a third of the thinking time.",
            Level::Strongest => "Searches for the whole thinking time and plays the best move found.",
        }
    }

    /// The level's strength on flat chess in Elo, as UCI's `UCI_Elo` names it: a first estimate
    /// from the strongest level's last measurement (about 1800 against a limited Stockfish at 1 s
    /// a move) and 200 per level below it, not yet measured against people or a rated engine
    /// (`surfchess match` measures the levels against each other; the guide has the table).
    pub const fn nominal_elo(self) -> u32 {
        match self {
            Level::Random => 400,
            Level::Beginner => 800,
            Level::Novice => 1000,
            Level::Casual => 1200,
            Level::Club => 1400,
            Level::Strong => 1600,
            Level::Strongest => 1800,
        }
    }

    const fn setting(self) -> Setting {
        let (depth, time_divisor, noise, blind) = match self {
            Level::Random => (Some(0), 1, 0, 0),
            Level::Beginner => (Some(1), 1, 250, 60),
            Level::Novice => (Some(1), 1, 60, 20),
            Level::Casual => (Some(2), 1, 100, 10),
            Level::Club => (Some(3), 1, 200, 0),
            Level::Strong => (Some(4), 3, 100, 0),
            Level::Strongest => (None, 1, 0, 0),
        };
        Setting { depth, time_divisor, noise, blind }
    }

    /// The search limits of this level given the full thinking time `movetime` (the strongest
    /// level's; weaker levels stop at their depth or at their share of it).
    pub fn limits(self, movetime: Duration) -> Limits {
        let s = self.setting();
        Limits {
            depth: s.depth,
            movetime: Some(movetime / s.time_divisor),
            nodes: None,
            noise: s.noise,
            blind: s.blind,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level neither numbered 0–6 nor named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {} (expected 0 to 6 or a name: {})", Quoted(.0), Level::ALL.map(Level::name).join(", "))]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let by_number = s.parse::<u8>().ok().and_then(Level::from_number);
        by_number.or_else(|| Level::ALL.into_iter().find(|l| l.name() == s)).ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

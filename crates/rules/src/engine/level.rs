//! Playing levels for the practice opponent: from a random mover to the full-strength search.

use super::limits::Limits;
use crate::quote::Quoted;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The thinking time of the strongest level when none is given.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// A playing strength. Levels 1–10 search deeper and choose more carefully as they rise, each
/// measured 160–400 Elo above the one below on flat chess in self-play (the guide's table);
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
    /// 5: four plies, often a somewhat weaker move.
    Advanced,
    /// 6: up to four plies in a third of the time, sometimes a weaker move.
    Strong,
    /// 7: five plies, sometimes a weaker move.
    Expert,
    /// 8: the full search in a quarter of the time, now and then a slightly weaker move.
    Master,
    /// 9: the full search in a third of the time, its best move.
    Elite,
    /// 10: the full time, always the best move found.
    Strongest,
}

/// What a level is and how it searches.
struct Spec {
    name: &'static str,
    description: &'static str,
    /// Nominal strength on flat chess.
    elo: u32,
    /// Depth limit.
    depth: Option<u32>,
    /// Share of the thinking time (1/n).
    time_divisor: u32,
    /// Root randomness in centipawns ([`Limits::noise`]).
    noise: u32,
    /// Captures missed, in percent.
    blind: u32,
}

const fn spec(
    name: &'static str,
    description: &'static str,
    elo: u32,
    (depth, time_divisor, noise, blind): (Option<u32>, u32, u32, u32),
) -> Spec {
    Spec { name, description, elo, depth, time_divisor, noise, blind }
}

/// The levels in order. Nominal strengths are an estimate, 125 apart from 800 for level 1 to 1925
/// for level 10 (the full search measured about 1800 at 1 s a move against a limited Stockfish
/// before static exchange and reductions, which gained about 170 in self-play). Self-play puts the
/// levels 160 to 400 apart, and self-play gaps overstate gaps between people, so the estimate
/// spaces them evenly and narrower rather than summing those.
const SPECS: [Spec; 11] = [
    spec("random", "Plays any legal move at random.", 400, (Some(0), 1, 0, 0)),
    spec(
        "beginner",
        "Looks one move ahead, often overlooks a capture and picks a weaker move.",
        800,
        (Some(1), 1, 250, 60),
    ),
    spec("novice", "Sees simple replies, sometimes overlooks a capture.", 925, (Some(1), 1, 60, 20)),
    spec("casual", "Looks two moves ahead, sometimes picks a weaker move.", 1050, (Some(2), 1, 100, 10)),
    spec("club", "Looks three plies ahead, often picks a somewhat weaker move.", 1175, (Some(3), 1, 200, 0)),
    spec("advanced", "Looks four plies ahead, often picks a somewhat weaker move.", 1300, (Some(4), 1, 200, 0)),
    spec("strong", "Searches up to four plies in a third of the thinking time.", 1425, (Some(4), 3, 100, 0)),
    spec("expert", "Looks five plies ahead, sometimes picks a weaker move.", 1550, (Some(5), 1, 100, 0)),
    spec(
        "master",
        "Searches a quarter of the thinking time, now and then a slightly weaker move.",
        1675,
        (None, 4, 40, 0),
    ),
    spec("elite", "Searches a third of the thinking time and plays the best move found.", 1800, (None, 3, 0, 0)),
    spec("strongest", "Searches for the whole thinking time and plays the best move found.", 1925, (None, 1, 0, 0)),
];

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 11] = [
        Level::Random,
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Advanced,
        Level::Strong,
        Level::Expert,
        Level::Master,
        Level::Elite,
        Level::Strongest,
    ];

    /// The level's number, 0 (random) to 10 (strongest).
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The level of a number from 0 to 10.
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get(usize::from(n)).copied()
    }

    const fn spec(self) -> &'static Spec {
        &SPECS[self as usize]
    }

    /// A short lower-case name.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// One sentence for a menu.
    pub const fn description(self) -> &'static str {
        self.spec().description
    }

    /// The level's nominal strength on flat chess in Elo, as UCI's `UCI_Elo` names it (an
    /// estimate, 125 apart: see the table of levels).
    pub const fn nominal_elo(self) -> u32 {
        self.spec().elo
    }

    /// The search limits of this level given the full thinking time `movetime` (the strongest
    /// level's; weaker levels stop at their depth or at their share of it).
    pub fn limits(self, movetime: Duration) -> Limits {
        let s = self.spec();
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

/// A level neither numbered 0–10 nor named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {} (expected 0 to 10 or a name: {})", Quoted(.0), Level::ALL.map(Level::name).join(", "))]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let by_number = s.parse::<u8>().ok().and_then(Level::from_number);
        by_number.or_else(|| Level::ALL.into_iter().find(|l| l.name() == s)).ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_reads_its_own_row_of_the_table() {
        // The table is indexed by the level's number: a row out of place would give a level
        // another's name and settings.
        for (i, level) in Level::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(level.number()), i);
            assert_eq!(format!("{level:?}").to_lowercase(), level.name());
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert_eq!(SPECS.len(), Level::ALL.len());
    }
}

//! Playing levels for the practice opponent: from a random mover to the full-strength search.

use super::limits::Limits;
use crate::quote::Quoted;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The thinking time of the strongest level when none is given.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// A playing strength. Levels 1–12 search deeper and choose more carefully as they rise, each
/// measured about 200–300 Elo above the one below on flat chess in self-play (the guide's table);
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
    /// 8: up to six plies in a tenth of the time, now and then a slightly weaker move.
    Candidate,
    /// 9: the full search in a fifth of the time, now and then a slightly weaker move.
    Master,
    /// 10: the full search in a quarter of the time, its best move.
    Elite,
    /// 11: the full search in half the time, its best move.
    Champion,
    /// 12: the full time, always the best move found.
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
    /// Share of the thinking time, in percent.
    time_share: u32,
    /// Root randomness in centipawns ([`Limits::noise`]).
    noise: u32,
    /// Captures missed, in percent.
    blind: u32,
}

const fn spec(
    name: &'static str,
    description: &'static str,
    elo: u32,
    (depth, time_share, noise, blind): (Option<u32>, u32, u32, u32),
) -> Spec {
    Spec { name, description, elo, depth, time_share, noise, blind }
}

/// The levels in order. Nominal strengths are an estimate, 105 apart from 800 for level 1 to 1955
/// for level 12 (the full search measured about 1800 at 1 s a move against a limited Stockfish
/// before static exchange and reductions, which gained about 170 in self-play). Self-play puts the
/// levels about 200 to 300 apart, and self-play gaps overstate gaps between people, so the estimate
/// spaces them evenly and narrower rather than summing those.
const SPECS: [Spec; 13] = [
    spec("random", "Plays any legal move at random.", 400, (Some(0), 100, 0, 0)),
    spec(
        "beginner",
        "Looks one move ahead, often overlooks a capture and picks a weaker move.",
        800,
        (Some(1), 100, 150, 40),
    ),
    spec("novice", "Sees simple replies, sometimes overlooks a capture.", 905, (Some(1), 100, 40, 15)),
    spec("casual", "Looks two moves ahead, sometimes picks a weaker move.", 1010, (Some(2), 100, 125, 10)),
    spec("club", "Looks three plies ahead, often picks a somewhat weaker move.", 1115, (Some(3), 100, 200, 0)),
    spec("advanced", "Looks four plies ahead, often picks a somewhat weaker move.", 1220, (Some(4), 100, 200, 0)),
    spec("strong", "Searches up to four plies in a third of the thinking time.", 1325, (Some(4), 33, 100, 0)),
    spec("expert", "Looks five plies ahead, sometimes picks a weaker move.", 1430, (Some(5), 100, 100, 0)),
    spec(
        "candidate",
        "Searches up to six plies in a tenth of the time, now and then a slightly weaker move.",
        1535,
        (Some(6), 10, 40, 0),
    ),
    spec(
        "master",
        "Searches a fifth of the thinking time, now and then a slightly weaker move.",
        1640,
        (None, 20, 45, 0),
    ),
    spec("elite", "Searches a quarter of the thinking time and plays the best move found.", 1745, (None, 25, 0, 0)),
    spec("champion", "Searches half the thinking time and plays the best move found.", 1850, (None, 50, 0, 0)),
    spec("strongest", "Searches for the whole thinking time and plays the best move found.", 1955, (None, 100, 0, 0)),
];

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 13] = [
        Level::Random,
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Advanced,
        Level::Strong,
        Level::Expert,
        Level::Candidate,
        Level::Master,
        Level::Elite,
        Level::Champion,
        Level::Strongest,
    ];

    /// The level's number, 0 (random) to 12 (strongest).
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The level of a number from 0 to 12.
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
    /// estimate, 105 apart: see the table of levels).
    pub const fn nominal_elo(self) -> u32 {
        self.spec().elo
    }

    /// The search limits of this level given the full thinking time `movetime` (the strongest
    /// level's; weaker levels stop at their depth or at their share of it).
    pub fn limits(self, movetime: Duration) -> Limits {
        let s = self.spec();
        Limits {
            depth: s.depth,
            movetime: Some(movetime * s.time_share / 100),
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

/// A level neither numbered 0–12 nor named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {} (expected 0 to 12 or a name: {})", Quoted(.0), Level::ALL.map(Level::name).join(", "))]
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

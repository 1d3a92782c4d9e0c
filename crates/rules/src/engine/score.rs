//! Scores: centipawns for the player to move, or a forced mate counted in moves.

use std::fmt;

/// The internal score of being mated now; mates `n` plies away score `±(MATE − n)`.
pub(crate) const MATE: i32 = 30_000;
/// Internal scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// The most a root action's random bonus may be.
pub(crate) const MAX_NOISE: u32 = 1_000;
/// Above every internal score, with room for a root action's random bonus.
pub(crate) const INFINITY: i32 = MATE + 2 * MAX_NOISE as i32;

/// A search result's value for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An estimate in centipawns (a pawn is 100).
    Centipawns(i32),
    /// A forced mate in this many moves: positive when the player to move mates, negative when it
    /// is mated.
    Mate(i32),
}

impl Score {
    /// The score of an internal value.
    pub(crate) fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v < -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Centipawns(v)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// A mate score seen `ply` plies below the root, made relative to the node that stores it.
pub(crate) fn to_table(v: i32, ply: usize) -> i32 {
    match v {
        v if v > MATE_BOUND => v + ply as i32,
        v if v < -MATE_BOUND => v - ply as i32,
        v => v,
    }
}

/// The inverse of [`to_table`] for a node `ply` plies below the root.
pub(crate) fn from_table(v: i32, ply: usize) -> i32 {
    match v {
        v if v > MATE_BOUND => v - ply as i32,
        v if v < -MATE_BOUND => v + ply as i32,
        v => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_internal(35).to_string(), "cp 35");
        assert_eq!(from_table(to_table(MATE - 5, 3), 3), MATE - 5);
    }
}

//! When a search stops, and how much chance it leaves in the choice of the move.

use std::time::Duration;

/// A search's limits. With all three limits `None` the search runs until its stop flag is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies. `Some(0)` searches nothing and plays a uniformly random
    /// legal action (the random mover).
    pub depth: Option<u32>,
    /// Wall-clock budget, counted from the call: the search uses it and returns within a few
    /// milliseconds of it on any position, with the best action found so far.
    pub movetime: Option<Duration>,
    /// Node budget: unlike time, it stops every run of the same search at the same point (also
    /// within the first iteration).
    pub nodes: Option<u64>,
    /// Randomness at the root: each root action's score gets a random bonus from `0..=noise`
    /// centipawns, drawn from the engine's seed, so actions within `noise` of the best may be
    /// chosen. 0 plays the best action found; at most 1000 is used. Mates are never blurred.
    pub noise: u32,
    /// Captures missed: each capture among the root actions is left out of the search with this
    /// chance, in percent (drawn from the engine's seed), as a beginner overlooks that a piece
    /// can be taken; at least one action always stays. 0 sees every capture.
    pub blind: u32,
}

impl Limits {
    /// Search to a fixed depth.
    pub const fn depth(plies: u32) -> Limits {
        Limits { depth: Some(plies), movetime: None, nodes: None, noise: 0, blind: 0 }
    }

    /// Search for a fixed time.
    pub const fn movetime(time: Duration) -> Limits {
        Limits { depth: None, movetime: Some(time), nodes: None, noise: 0, blind: 0 }
    }

    /// Search a fixed number of nodes.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits { depth: None, movetime: None, nodes: Some(nodes), noise: 0, blind: 0 }
    }
}

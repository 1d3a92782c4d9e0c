//! What a search reports: after each completed iteration, and at the end.

use super::score::Score;
use crate::action::Action;
use std::time::Duration;

/// The state of a search: the best action so far with its score and principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The action to play: always one of the position's legal actions.
    pub best: Action,
    /// Its score for the player to move.
    pub score: Score,
    /// The deepest completed iteration, in plies (0 for the random mover).
    pub depth: u32,
    /// The deepest ply reached, quiescence and extensions included.
    pub seldepth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The expected line, starting with `best`.
    pub pv: Vec<Action>,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

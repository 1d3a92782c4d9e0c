//! What one search thread keeps from one search to the next: its move ordering (histories,
//! killers) and its cache of static evaluations. Both speed up the next move of the same game.

use super::eval_cache::EvalCache;
use super::order::Ordering;

/// One search thread's memory.
pub(crate) struct Worker {
    pub order: Ordering,
    pub statics: EvalCache,
}

impl Worker {
    /// A thread that has searched nothing yet.
    pub fn new() -> Worker {
        Worker { order: Ordering::new(), statics: EvalCache::new() }
    }
}

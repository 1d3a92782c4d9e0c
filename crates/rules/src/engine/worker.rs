//! What one search thread keeps from one search to the next: its move ordering (histories,
//! killers), its cache of static evaluations and its evaluation corrections. All serve the next
//! move of the same game.

use super::correction::Correction;
use super::eval_cache::EvalCache;
use super::order::Ordering;

/// One search thread's memory.
pub(crate) struct Worker {
    pub order: Ordering,
    pub statics: EvalCache,
    pub correction: Correction,
}

impl Worker {
    /// A thread that has searched nothing yet.
    pub fn new() -> Worker {
        Worker { order: Ordering::new(), statics: EvalCache::new(), correction: Correction::new() }
    }
}

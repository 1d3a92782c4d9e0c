//! The transposition table: a fixed number of slots indexed by the low bits of the Zobrist hash,
//! each remembering a search result for one position.

use super::score::{from_table, to_table};
use crate::action::Action;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// At least the score (a beta cutoff).
    Lower,
    /// At most the score (no move raised alpha).
    Upper,
}

/// One remembered search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The full hash (0 in an empty slot).
    pub key: u64,
    /// The best or refuting action found, if any.
    pub action: Option<Action>,
    /// The score, mates relative to this node.
    pub score: i32,
    /// The remaining depth searched.
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
}

const EMPTY: Entry = Entry { key: 0, action: None, score: 0, depth: 0, bound: Bound::Upper };

/// The table: `2^bits` slots, one entry each.
pub(crate) struct Table {
    slots: Vec<Entry>,
}

impl Table {
    /// A table of `2^bits` empty slots.
    pub fn new(bits: u32) -> Table {
        Table { slots: vec![EMPTY; 1 << bits] }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    /// The entry for a hash seen `ply` plies below the root, mate scores made root-relative.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.slots[self.slot(key)];
        (e.key == key).then_some(Entry { score: from_table(e.score, ply), ..e })
    }

    /// Stores a result, unless the slot holds a deeper result for the same position.
    pub fn store(&mut self, key: u64, action: Option<Action>, score: i32, depth: i32, bound: Bound, ply: usize) {
        let i = self.slot(key);
        let old = self.slots[i];
        if old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact {
            return;
        }
        let action = if action.is_none() && old.key == key { old.action } else { action };
        let depth = depth.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        self.slots[i] = Entry { key, action, score: to_table(score, ply), depth, bound };
    }
}

//! A search thread's cache of static evaluations by Zobrist hash. The search meets the same
//! positions at every iteration, and quiescence reaches them by many orders of the same captures;
//! on the surfaces the evaluation (every piece's reach) is the costliest part of a node. What is
//! cached is the evaluation before the move-limit fade, which the hash does not cover.

use super::eval::{faded, unfaded};
use super::weights::Weights;
use crate::position::Position;

/// Slots: 2^16 of one word (512 KiB), indexed by the hash's low bits.
const BITS: u32 = 16;
/// A slot's low bits hold the value offset by half their range (never zero once filled); its high
/// bits the hash's own, so with the index 60 of its 64 bits are compared.
const VALUE_BITS: u32 = 20;
const VALUE_MASK: u64 = (1 << VALUE_BITS) - 1;
const OFFSET: i32 = 1 << (VALUE_BITS - 1);

/// The cache: each slot keeps the last position evaluated at its index.
pub(crate) struct EvalCache {
    slots: Vec<u64>,
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> EvalCache {
        EvalCache { slots: vec![0; 1 << BITS] }
    }

    /// [`super::evaluate`] of `p`, whose hash is `h`.
    #[inline]
    pub fn evaluate(&mut self, p: &Position, h: u64) -> i32 {
        let slot = &mut self.slots[h as usize & ((1 << BITS) - 1)];
        let raw = if *slot & VALUE_MASK != 0 && (*slot ^ h) & !VALUE_MASK == 0 {
            (*slot & VALUE_MASK) as i32 - OFFSET
        } else {
            let raw = unfaded(p, Weights::of(p.variant()));
            // A value beyond the slot's range (none a real position reaches) is not kept.
            if raw.abs() < OFFSET {
                *slot = (h & !VALUE_MASK) | (raw + OFFSET) as u64;
            }
            raw
        };
        faded(p, raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{evaluate, hash};
    use crate::random_game::random_game;
    use crate::variant::Variant;

    #[test]
    fn a_cached_evaluation_is_the_evaluation() {
        // Along pseudo-random games on every board: each position evaluated twice (the second time
        // from the cache); then, under its predecessor's index with other high bits, evaluated
        // afresh rather than given the predecessor's value; then near the move limit, where the
        // same cached value fades.
        let mut cache = EvalCache::new();
        for variant in Variant::ALL {
            let mut before: Option<u64> = None;
            for p in random_game(variant, 11, 80) {
                let h = hash(&p);
                if let Some(earlier) = before {
                    assert_eq!(cache.evaluate(&p, earlier ^ (1 << 40)), evaluate(&p), "{variant:?} {}", p.to_text());
                }
                for _ in 0..2 {
                    assert_eq!(cache.evaluate(&p, h), evaluate(&p), "{variant:?} {}", p.to_text());
                }
                let mut late = p.clone();
                late.halfmove = p.rules().endings.halfmove_draw - 10;
                assert_eq!(cache.evaluate(&late, h), evaluate(&late), "{variant:?} {}", p.to_text());
                before = Some(h);
            }
        }
    }
}

//! Correction history: how far the static evaluation has missed the searched value in positions
//! with the same pawns (and the same player to move), learned as the search goes and added to
//! later evaluations of positions with those pawns. What the evaluation misses about a pawn
//! structure (a blocked centre, a wall round the king) it misses in every position with it.

use super::rng::mix;
use crate::position::Position;

/// Slots per player to move: 2^14, indexed by the pawn key's low bits.
const BITS: u32 = 14;
/// Entries hold centipawns times this, so that small steps add up.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: i32 = 300;

/// One search thread's corrections; kept from move to move of a game like its histories.
pub(crate) struct Correction {
    table: Vec<i32>,
}

impl Correction {
    /// No corrections yet.
    pub fn new() -> Correction {
        Correction { table: vec![0; 2 << BITS] }
    }

    /// The slot of `p`'s pawns, by colour and facing, on its board, with its player to move.
    pub fn slot(p: &Position) -> usize {
        let white = p.occupied[0].words();
        let mut h = mix(p.variant() as u64 + 1);
        for pawns in &p.pawns {
            for (i, w) in pawns.words().into_iter().enumerate() {
                h = mix(h ^ (w & white[i])).wrapping_add(w & !white[i]);
            }
        }
        p.side_to_move().index() << BITS | (mix(h) as usize & ((1 << BITS) - 1))
    }

    /// The correction at `slot`, in centipawns.
    #[inline]
    pub fn get(&self, slot: usize) -> i32 {
        self.table[slot] / GRAIN
    }

    /// Moves the correction at `slot` towards `error` (searched value less static evaluation, in
    /// centipawns), the more the deeper the search that found it.
    pub fn learn(&mut self, slot: usize, error: i32, depth: i32) {
        let weight = i64::from((depth + 1).clamp(1, 16));
        let target = i64::from(error.clamp(-LIMIT, LIMIT) * GRAIN);
        let entry = &mut self.table[slot];
        *entry = ((i64::from(*entry) * (256 - weight) + target * weight) / 256) as i32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn corrections_are_learned_per_pawn_structure_and_bounded() {
        let p = Position::new(Variant::Chess);
        let moved = p.play(p.parse_action("e2–e4").expect("legal")).expect("legal");
        let knight = p.play(p.parse_action("Ng1–f3").expect("legal")).expect("legal");
        let (start, after_e4) = (Correction::slot(&p), Correction::slot(&moved));
        assert_ne!(start, after_e4, "another pawn structure");
        assert_ne!(Correction::slot(&knight), start, "another player to move");
        assert_ne!(Correction::slot(&Position::new(Variant::Endless)), start, "another board");
        let mut c = Correction::new();
        for _ in 0..200 {
            c.learn(start, 1_000, 20);
        }
        assert_eq!(c.get(start), LIMIT - 1, "bounded, approached from below");
        assert_eq!(c.get(after_e4), 0, "other structures untouched");
        c.learn(start, -LIMIT, 0);
        assert!(c.get(start) < LIMIT - 1, "a shallow search moves it a little");
    }
}

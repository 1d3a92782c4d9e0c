//! Pseudo-random games for tests: the positions along a game whose actions a seeded stream draws.

use crate::engine::rng::Rng;
use crate::position::Position;
use crate::variant::Variant;

/// The positions of a pseudo-random game on `variant` from its start: at most `plies` of them,
/// each after the first reached by a legal action drawn with `seed`; the game ends early where
/// none is legal.
pub(crate) fn random_game(variant: Variant, seed: u64, plies: usize) -> RandomGame {
    RandomGame { next: Some(Position::new(variant)), rng: Rng::new(seed), left: plies, captures_first: false }
}

/// The positions of one pseudo-random game ([`random_game`]).
pub(crate) struct RandomGame {
    next: Option<Position>,
    rng: Rng,
    left: usize,
    captures_first: bool,
}

impl RandomGame {
    /// Half the time a capture where there is one, so that games reach promotions.
    pub fn captures_first(self) -> RandomGame {
        RandomGame { captures_first: true, ..self }
    }
}

impl Iterator for RandomGame {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        self.left = self.left.checked_sub(1)?;
        let p = self.next.take()?;
        let legal = p.legal_actions();
        let captures: Vec<_> = legal.iter().copied().filter(|&a| self.captures_first && p.is_capture(a)).collect();
        let pool = if captures.is_empty() || self.rng.below(2) == 0 { &legal } else { &captures };
        if self.left > 0 && !pool.is_empty() {
            let mut after = p.clone();
            after.play_unchecked(pool[self.rng.below(pool.len() as u64) as usize]);
            self.next = Some(after);
        }
        Some(p)
    }
}

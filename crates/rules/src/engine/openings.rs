//! Openings for a match: a few random plies from the start, kept only when balanced, so that
//! two players meet in positions that neither a book nor chance has decided.

use super::rng::Rng;
use super::{Engine, Limits, Score};
use crate::game::Game;
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;

/// Most centipawns either way at which an opening counts as balanced.
pub const BALANCED: i32 = 80;

/// The depth of the search that judges an opening.
const JUDGE_DEPTH: u32 = 4;

/// Tries before an opening that is not balanced is taken anyway.
const TRIES: u32 = 100;

/// A game of `plies` random legal actions from `variant`'s initial position, drawn from `seed`,
/// that a short search scores within [`BALANCED`] centipawns and that is not over; after
/// [`TRIES`] draws, the most balanced one found.
pub fn balanced_opening(variant: Variant, plies: u32, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut judge = Engine::new(seed);
    let stop = AtomicBool::new(false);
    let mut best: Option<(i32, Game)> = None;
    for _ in 0..TRIES {
        let mut game = Game::new(variant);
        for _ in 0..plies {
            let legal = game.position().legal_actions();
            if game.outcome().is_some() || legal.is_empty() {
                break;
            }
            let action = legal[rng.below(legal.len() as u64) as usize];
            game.play(action).expect("a legal action");
        }
        judge.clear();
        let Some(found) = judge.search(&game, &Limits::depth(JUDGE_DEPTH), &stop, |_| {}) else { continue };
        let imbalance = match found.score {
            Score::Centipawns(cp) => cp.abs(),
            Score::Mate(_) => i32::MAX,
        };
        if imbalance <= BALANCED {
            return game;
        }
        if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
            best = Some((imbalance, game));
        }
    }
    best.map_or_else(|| Game::new(variant), |(_, game)| game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_random_balanced_and_reproducible() {
        let stop = AtomicBool::new(false);
        let openings: Vec<Game> = (0..4).map(|seed| balanced_opening(Variant::Chess, 6, seed)).collect();
        for game in &openings {
            assert_eq!(game.actions().len(), 6);
            let found = Engine::new(0).search(game, &Limits::depth(JUDGE_DEPTH), &stop, |_| {}).unwrap();
            assert!(matches!(found.score, Score::Centipawns(cp) if cp.abs() <= BALANCED), "{:?}", found.score);
        }
        assert_ne!(openings[0].actions(), openings[1].actions());
        assert_eq!(
            balanced_opening(Variant::Mobius, 4, 9).actions(),
            balanced_opening(Variant::Mobius, 4, 9).actions()
        );
    }
}

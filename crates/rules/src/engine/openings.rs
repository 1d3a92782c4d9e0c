//! Openings for a match: a few random plies from the start, kept only when balanced, so that
//! two players meet in positions that neither a book nor chance has decided.
//!
//! How deeply an opening is judged matters most on the surfaces: on the Klein bottle a search to
//! depth 4 passes openings that a deeper search finds four pawns from level or lost to a forced
//! mate, and both players of a match then win the same colour's game.

use super::rng::Rng;
use super::{Engine, Limits, Score};
use crate::game::Game;
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;

/// Most centipawns either way at which an opening counts as balanced.
pub const BALANCED: i32 = 80;

/// A quick judge (a search to depth 4): enough on flat chess, and cheap where thousands of
/// openings are drawn (tuning, the weak levels' ladder).
pub const QUICK_JUDGE: Limits = Limits::depth(4);

/// The nodes of the search that judges a match's openings (`surfchess match --judge-nodes`): a
/// fixed number, so that it looks as deep as each board allows (after six random plies: chess
/// 10 to 12 plies, the Klein bottle 5 to 8, genus two 6 to 7, Chess³ 7 to 9), deeper than the
/// players at 200 ms a move, and draws the same openings on every run.
pub const MATCH_JUDGE_NODES: u64 = 300_000;

/// Tries before an opening that is not balanced is taken anyway.
const TRIES: u32 = 100;

/// A game of `plies` random legal actions from `variant`'s initial position, drawn from `seed`,
/// that a search within `judge`'s limits scores within [`BALANCED`] centipawns and that is not
/// over; after [`TRIES`] draws, the most balanced one found. With no random plies there is only
/// one opening, the initial position, and nothing is judged.
pub fn balanced_opening(variant: Variant, plies: u32, judge: &Limits, seed: u64) -> Game {
    if plies == 0 {
        return Game::new(variant);
    }
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(seed);
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
        let Some(imbalance) = imbalance(&mut engine, &game, judge) else { continue };
        if imbalance <= BALANCED {
            return game;
        }
        if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
            best = Some((imbalance, game));
        }
    }
    best.map_or_else(|| Game::new(variant), |(_, game)| game)
}

/// How far from level `game` stands by a search within `judge`, in centipawns either way (a
/// mate counts as the most); `None` if the game is over.
fn imbalance(engine: &mut Engine, game: &Game, judge: &Limits) -> Option<i32> {
    engine.clear();
    let found = engine.search(game, judge, &AtomicBool::new(false), |_| {})?;
    Some(match found.score {
        Score::Centipawns(cp) => cp.abs(),
        Score::Mate(_) => i32::MAX,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game_seed;

    #[test]
    fn openings_are_random_balanced_and_reproducible() {
        let openings: Vec<Game> = (0..4).map(|seed| balanced_opening(Variant::Chess, 6, &QUICK_JUDGE, seed)).collect();
        for game in &openings {
            assert_eq!(game.actions().len(), 6);
            assert!(imbalance(&mut Engine::new(0), game, &QUICK_JUDGE).unwrap() <= BALANCED);
        }
        assert_ne!(openings[0].actions(), openings[1].actions());
        assert!(balanced_opening(Variant::Klein, 0, &QUICK_JUDGE, 9).actions().is_empty());
        assert_eq!(
            balanced_opening(Variant::Mobius, 4, &QUICK_JUDGE, 9).actions(),
            balanced_opening(Variant::Mobius, 4, &QUICK_JUDGE, 9).actions()
        );
    }

    #[test]
    fn on_the_klein_bottle_the_match_judge_rejects_openings_that_the_quick_one_passes() {
        let judge = Limits::nodes(MATCH_JUDGE_NODES);
        let engine = &mut Engine::new(0);
        let passed = balanced_opening(Variant::Klein, 6, &QUICK_JUDGE, game_seed(23, 11));
        assert!(imbalance(engine, &passed, &QUICK_JUDGE).unwrap() <= BALANCED);
        let deeper = imbalance(engine, &passed, &judge).unwrap();
        assert!(deeper > 400, "{deeper} centipawns");
        let balanced = balanced_opening(Variant::Klein, 6, &judge, game_seed(23, 14));
        assert!(imbalance(engine, &balanced, &judge).unwrap() <= BALANCED);
    }
}

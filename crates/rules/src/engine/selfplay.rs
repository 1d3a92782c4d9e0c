//! Games between two levels, for the command line and the strength benchmark.

use super::Engine;
use super::level::Level;
use super::rng::mix;
use crate::game::Game;
use crate::piece::Color;
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// One player's wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Wins plus half the draws.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Counts a finished game for the player of `color`.
    pub fn add(&mut self, winner: Option<Color>, color: Color) {
        match winner {
            None => self.draws += 1,
            Some(w) if w == color => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }
}

/// The seed of game `index` of a match played from `seed`: every game differs.
pub fn game_seed(seed: u64, index: u32) -> u64 {
    mix(seed ^ mix(u64::from(index).wrapping_add(1)))
}

/// Halfmoves without a pawn move or capture after which two engines agree a draw on boards whose
/// rules have no move-count draw (Strato, Chess³: only mate, stalemate and agreement end a game).
pub const ENGINES_AGREE_AFTER: u32 = 150;

/// Whether two engines playing each other should now agree a draw: the rules would never end a
/// game that makes no progress.
pub fn engines_agree_draw(game: &Game) -> bool {
    let p = game.position();
    p.rules().endings.halfmove_draw == u32::MAX && p.halfmove() >= ENGINES_AGREE_AFTER
}

/// Plays a game from the variant's initial position, White at `white`'s level and Black at
/// `black`'s, each with its own engine seeded from `seed`, until the rules end it (or, where the
/// rules have no move-count draw, the engines agree one: [`engines_agree_draw`]).
pub fn play_game(variant: Variant, white: Level, black: Level, movetime: Duration, seed: u64) -> Game {
    play_from(Game::new(variant), [white, black], movetime, seed)
}

/// Plays `game` on from where it stands, as [`play_game`] does, White at `levels[0]` and Black at
/// `levels[1]`.
pub fn play_from(mut game: Game, [white, black]: [Level; 2], movetime: Duration, seed: u64) -> Game {
    let mut engines = [Engine::new(mix(seed)), Engine::new(mix(!seed))];
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() {
        if engines_agree_draw(&game) {
            game.agree_draw().expect("the game is not over");
            break;
        }
        let color = game.position().side_to_move();
        let level = if color == Color::White { white } else { black };
        let Some(found) = engines[color.index()].search(&game, &level.limits(movetime), &stop, |_| {}) else {
            break;
        };
        game.play(found.best).expect("the engine plays legal actions");
    }
    game
}

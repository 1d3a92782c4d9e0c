//! Which position is on show: the live one, or a past one while stepping through the moves.

use bevy::prelude::*;
use surface_chess_rules::{Game, Position};

/// The ply on show when replaying history; `None` for the live position.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

impl Viewing {
    /// The position on show in `game`.
    pub fn shown<'g>(&self, game: &'g Game) -> &'g Position {
        self.0.and_then(|ply| game.position_at(ply)).unwrap_or(game.position())
    }

    /// Whether the live position is on show and the game goes on.
    pub fn live(&self, game: &Game) -> bool {
        self.0.is_none() && game.outcome().is_none()
    }

    /// The ply on show.
    pub fn ply(&self, game: &Game) -> usize {
        self.0.unwrap_or(game.actions().len())
    }
}

//! Who plays: two people at one screen, a person against the computer, or the computer against
//! itself in the exhibition loop (online play will be one more mode).

use bevy::prelude::*;
use surface_chess_rules::Color as Side;
use surface_chess_rules::engine::Level;

/// How the game is played.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayMode {
    /// Two people take turns at this screen.
    #[default]
    TwoPlayers,
    /// The computer plays this side.
    VsComputer(Side),
    /// The computer plays both sides, game after game, across the boards.
    Exhibition,
}

impl PlayMode {
    /// Whether the computer plays `side`.
    pub fn computer_plays(self, side: Side) -> bool {
        match self {
            PlayMode::TwoPlayers => false,
            PlayMode::VsComputer(computer) => computer == side,
            PlayMode::Exhibition => true,
        }
    }
}

/// The computer's playing strength (levels 1–6).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerLevel(pub Level);

impl Default for ComputerLevel {
    fn default() -> Self {
        ComputerLevel(Level::Club)
    }
}

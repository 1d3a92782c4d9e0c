//! Who plays: two people at one screen, a person against the computer, the computer against
//! itself in the exhibition loop, or an online game refereed by the server.

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
    /// An online game: the server referees, the opponent plays elsewhere.
    Online {
        /// The side this screen plays (`None`: watching).
        you: Option<Side>,
        /// Whether moves are accepted now (both seated and ready, the game not over).
        playing: bool,
    },
}

impl PlayMode {
    /// Whether the computer plays `side`.
    pub fn computer_plays(self, side: Side) -> bool {
        match self {
            PlayMode::TwoPlayers | PlayMode::Online { .. } => false,
            PlayMode::VsComputer(computer) => computer == side,
            PlayMode::Exhibition => true,
        }
    }

    /// Whether the player at this screen may move `side`'s pieces now.
    pub fn moves_locally(self, side: Side) -> bool {
        match self {
            PlayMode::Online { you, playing } => playing && you == Some(side),
            other => !other.computer_plays(side),
        }
    }

    /// Whether this is an online game.
    pub fn is_online(self) -> bool {
        matches!(self, PlayMode::Online { .. })
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

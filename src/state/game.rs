//! The game in progress, with a serial number that changes whenever another game replaces it (a
//! new game, a loaded record, the exhibition's next board), so that work started for the old one
//! (a search, an animation) can tell it is stale.

use bevy::prelude::*;
use surface_chess_rules::{Game, Variant};

/// The game being played.
#[derive(Resource, Clone, Debug)]
pub struct CurrentGame {
    /// The game.
    pub game: Game,
    serial: u64,
}

impl CurrentGame {
    /// A new game of a variant.
    pub fn new(variant: Variant) -> CurrentGame {
        CurrentGame::from_game(Game::new(variant))
    }

    /// Continues a game.
    pub fn from_game(game: Game) -> CurrentGame {
        CurrentGame { game, serial: 0 }
    }

    /// Replaces the game with another one.
    pub fn replace(&mut self, game: Game) {
        self.game = game;
        self.serial += 1;
    }

    /// Which game this is: changes with every [`CurrentGame::replace`].
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    /// The number of actions played.
    pub fn plies(&self) -> usize {
        self.game.actions().len()
    }
}

/// The last message for the player (an error, a note), shown under the status line.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice(pub String);

impl Notice {
    /// Replaces the message.
    pub fn say(&mut self, text: impl Into<String>) {
        self.0 = text.into();
    }
}

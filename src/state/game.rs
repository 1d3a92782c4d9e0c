//! The game in progress, with a serial number that changes whenever another game replaces it (a
//! new game, a loaded record, the exhibition's next board), so that work started for the old one
//! (a search) can tell it is stale; and [`GameReplaced`], the one message that says so.

use crate::state::commands::Command;
use bevy::prelude::*;
use surface_chess_rules::{Game, Setup, Start, Variant};

/// The game being played.
#[derive(Resource, Clone, Debug)]
pub struct CurrentGame {
    /// The game.
    pub game: Game,
    serial: u64,
}

impl CurrentGame {
    /// A variant's board as it opens: exploring where it has no agreed start, else a new game.
    pub fn new(variant: Variant) -> CurrentGame {
        CurrentGame::from_game(Game::opening(variant))
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

/// Another game replaced the one on the board: its serial is now `serial`. Written once per
/// replacement, by [`announce_replaced_game`]; whoever keeps something for the old game listens.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameReplaced {
    /// The serial of the game now on the board.
    pub serial: u64,
}

/// Announces a replaced game, once, at the start of the rules' work each frame (a game replaced
/// later in a frame is announced in the next).
pub fn announce_replaced_game(
    current: Res<CurrentGame>,
    mut announced: Local<Option<u64>>,
    mut replaced: MessageWriter<GameReplaced>,
) {
    if announced.is_some_and(|serial| serial != current.serial()) {
        replaced.write(GameReplaced { serial: current.serial() });
    }
    *announced = Some(current.serial());
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

/// Switches between exploring and a game from the position on the board. A game needs a
/// position the rules accept (exploring can leave a king attacked with the other side to move):
/// otherwise the notice says what is wrong and exploring goes on.
fn switch_exploring(current: &mut CurrentGame, notice: &mut Notice) {
    let position = current.game.position().clone();
    let v = position.variant();
    if current.game.is_exploring() {
        match Setup::of(&position).position() {
            Ok(valid) => {
                let label = format!("explored on {v}");
                current.replace(Game::from_position(valid, Start::Edited { label }));
                notice.say("the rules are on: a game from this position");
            }
            Err(e) => notice.say(format!("the rules do not accept this position: {e}")),
        }
    } else {
        let label = format!("explored from a game on {v}");
        current.replace(Game::explore_from(position, Start::Edited { label }));
        notice.say("exploring: any piece moves, no turn or check");
    }
}

/// The game's commands: a new game, exploring, resignation, draws.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, run_game_commands.in_set(crate::schedule::AppSystems::Rules));
}

fn run_game_commands(
    mut commands: MessageReader<Command>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
) {
    for command in commands.read() {
        let done = match *command {
            Command::NewGame(_) | Command::Restart => {
                let v = if let Command::NewGame(v) = *command { v } else { current.variant() };
                current.replace(Game::opening(v));
                let what = if current.game.is_exploring() { "exploring" } else { "new game" };
                notice.say(format!("{what}: {v}"));
                Ok(())
            }
            Command::Explore => {
                switch_exploring(&mut current, &mut notice);
                Ok(())
            }
            Command::Resign => {
                let side = current.game.position().side_to_move();
                current.game.resign(side)
            }
            Command::AgreeDraw => current.game.agree_draw(),
            Command::ClaimDraw => current.game.claim_draw().map(|_| ()),
            _ => Ok(()),
        };
        if let Err(e) = done {
            notice.say(e.to_string());
        }
    }
}

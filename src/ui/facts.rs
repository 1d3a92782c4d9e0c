//! What the panel's buttons and the keys depend on: one value made from the app's state, read by
//! every command's "when enabled".

use crate::features::levels::has_levels;
use crate::state::game::CurrentGame;
use crate::state::mode::{ComputerLevel, Players, Who};
use crate::state::opponent::computer_to_move;
use crate::state::setup::SetupBoard;
use crate::state::tours::Touring;
use crate::state::viewing::Viewing;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What the panel's buttons and the keys depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelFacts {
    /// The live position is on show and the game goes on.
    pub live: bool,
    /// The game has ended.
    pub over: bool,
    /// Exploring rather than playing a game.
    pub exploring: bool,
    /// A draw can be claimed now (threefold repetition, 50 moves) on the boards that allow it.
    pub claimable: bool,
    /// It is the computer's turn.
    pub computer_to_move: bool,
    /// Who plays.
    pub who: Who,
    /// The computer's level number (1–12).
    pub level: u8,
    /// In setup mode: whether the rules accept the setup.
    pub setup: Option<bool>,
    /// The board is stacked levels.
    pub levels: bool,
    /// The board has a twin to compare with (its seams glued the other way).
    pub twin: bool,
    /// A guided tour is on show.
    pub touring: bool,
}

/// What [`PanelFacts`] are made of.
#[derive(SystemParam)]
pub struct FactSources<'w> {
    current: Res<'w, CurrentGame>,
    viewing: Res<'w, Viewing>,
    players: Players<'w>,
    level: Res<'w, ComputerLevel>,
    setup: Option<Res<'w, SetupBoard>>,
    touring: Option<Res<'w, Touring>>,
}

impl FactSources<'_> {
    /// The facts now.
    pub fn facts(&self) -> PanelFacts {
        let (current, viewing) = (&*self.current, &*self.viewing);
        let game = &current.game;
        let who = self.players.who();
        PanelFacts {
            live: viewing.live(game),
            over: game.outcome().is_some(),
            exploring: game.is_exploring(),
            claimable: game.outcome().is_none() && game.claimable().is_some(),
            computer_to_move: computer_to_move(current, viewing, who),
            who,
            level: self.level.0.number(),
            setup: self.setup.as_ref().map(|b| b.setup.position().is_ok()),
            levels: has_levels(current),
            twin: current.variant().spec().twin.is_some(),
            touring: self.touring.as_ref().is_some_and(|t| t.at.is_some()),
        }
    }

    /// Whether anything they are made of changed since the system last ran (checking a setup
    /// parses its position, so it is done only then).
    pub fn is_changed(&self) -> bool {
        self.current.is_changed()
            || self.viewing.is_changed()
            || self.players.is_changed()
            || self.level.is_changed()
            || self.setup.as_ref().is_some_and(|s| s.is_changed())
    }
}

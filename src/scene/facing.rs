//! Whose camp the 3D view and the chart face: the player's own side against the computer or
//! online (White while watching), White when two players share the screen. The Flip board key
//! turns the 3D view to the other camp; the home view and the chart follow the side.

use crate::scene::chart::Flipped;
use crate::state::commands::{Command, View, toggled};
use crate::state::mode::Players;
use bevy::prelude::*;
use surface_chess_rules::Color as Side;

/// Ask for the camera's home view (key R, the panel's button, a new board, a new side).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetCamera;

/// The side whose camp the home view faces, and whether the player flipped the 3D view.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSide {
    /// The player's own side.
    pub own: Side,
    /// Turned to the other camp (the Flip board key).
    pub flipped: bool,
}

impl Default for BoardSide {
    fn default() -> Self {
        BoardSide { own: Side::White, flipped: false }
    }
}

impl BoardSide {
    /// The side whose camp the home view faces.
    pub fn facing(self) -> Side {
        if self.flipped { !self.own } else { self.own }
    }
}

/// Facing the player's side.
pub fn plugin(app: &mut App) {
    app.init_resource::<BoardSide>()
        .add_message::<ResetCamera>()
        .add_systems(Update, face_the_player.in_set(crate::schedule::AppSystems::Rules));
}

/// Turns the home view (and the chart, when the player's side changes) to the player's camp.
fn face_the_player(
    players: Players,
    mut commands: MessageReader<Command>,
    mut side: ResMut<BoardSide>,
    flipped: Option<ResMut<Flipped>>,
    mut reset: MessageWriter<ResetCamera>,
) {
    let own = players.who().own_side();
    let flip = toggled(&mut commands, View::FlipBoard);
    if own == side.own && !flip {
        return;
    }
    let before = *side;
    if own != side.own {
        // A new seat: its own camp, not flipped.
        *side = BoardSide { own, flipped: false };
        if let Some(mut chart) = flipped {
            chart.set_if_neq(Flipped(own == Side::Black));
        }
    }
    if flip {
        side.flipped = !side.flipped;
    }
    if side.facing() != before.facing() {
        reset.write(ResetCamera);
    }
}

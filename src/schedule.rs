//! The order of the app's work each frame, shared by every layer.

use bevy::prelude::*;

/// The order of the app's work each frame: the rules act on input, the board is (re)built, then
/// everything shown follows the state.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys and buttons become picks and commands.
    Input,
    /// Picks, choices and panel commands change the game.
    Rules,
    /// The board is rebuilt when the variant changes.
    Build,
    /// Highlights, pieces, chart and panel follow the game.
    Show,
    /// What `Show` decided is written into the meshes drawn for many things at once (the cell
    /// sheets).
    Paint,
}

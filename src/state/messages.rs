//! The messages of a move's data flow: a pick becomes a chosen action, which is played.

use bevy::prelude::*;
use surface_chess_rules::{Action, Cell};

/// A cell was picked: on the surface, in the chart, or with the keyboard cursor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPicked(pub Cell);

/// The player chose an action (directly, or in the chooser).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionChosen(pub Action);

/// An action was played; the board and the panel follow.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionPlayed {
    /// The action.
    pub action: Action,
    /// The position it was played from.
    pub ply: usize,
}

/// The systems that turn picks into played actions.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlaySystems;

//! What the panel's buttons and the keys ask for. The panel and the keyboard only send a
//! [`Command`]; each is carried out by the module that holds the state it changes (the game by
//! `game`, who plays by `mode`, a view toggle by its view), so a toggle is written once.

use bevy::prelude::*;
use surface_chess_rules::{Color as Side, Variant};

/// A command from a button or a key.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A new game on this board.
    NewGame(Variant),
    /// A new game on the board on show.
    Restart,
    /// Who plays offline, with a new game on the same board: the computer plays this side, or
    /// (`None`) two players take turns.
    Versus(Option<Side>),
    /// The computer's level one step up (`1`) or down (`-1`).
    Level(i8),
    /// The strong level's suggestion for the player to move.
    Hint,
    /// The computer plays both sides, across the boards.
    Exhibition,
    /// The side to move resigns the offline game.
    Resign,
    /// Both players agree a draw.
    AgreeDraw,
    /// A draw is claimed (threefold repetition, the 50-move rule) where the rules allow it.
    ClaimDraw,
    /// Show or hide the lesson list.
    Lessons,
    /// Show or hide the list of guided tours.
    Tours,
    /// The tour's next step.
    TourNext,
    /// The tour's step before.
    TourBack,
    /// Set up a position, starting from the game on show.
    SetUp,
    /// Exploring (any piece moves, no turn or check) from the position on the board, or, while
    /// exploring, a game under the rules from it.
    Explore,
    /// Turn a view on or off.
    Toggle(View),
    /// The 3D view back to the board's home view.
    ResetCamera,
}

/// A view that a button and a key turn on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// The chart upside down (Black's point of view).
    FlipChart,
    /// The 3D view's home from the other side's camp.
    FlipBoard,
    /// The cell names on the surface.
    Labels,
    /// The seam and cone-point atlas.
    Atlas,
    /// The selected piece's rays.
    Rays,
    /// Every attack on the side to move's pieces.
    Threats,
    /// The unrolled chart.
    Unrolled,
    /// The board's twin beside it ("what if it were not twisted?").
    Compare,
    /// One level of a stacked board, the others faded.
    OneLevel,
    /// The camera following the game.
    Follow,
}

/// Whether `commands` holds this view's toggle an odd number of times (two presses in one frame
/// cancel out).
pub fn toggled(commands: &mut MessageReader<Command>, view: View) -> bool {
    commands.read().filter(|&&c| c == Command::Toggle(view)).count() % 2 == 1
}

/// The commands.
pub fn plugin(app: &mut App) {
    app.add_message::<Command>();
}

//! The keyboard cursor's moves: across seams as the complex glues them, and between the levels
//! of a stacked board.

use crate::state::stack::level_step;
use surface_chess_rules::{Cell, Dir, Position};

/// Where the cursor is, or starts: `from`, else the selected piece, else the king of the side to
/// move in the position on show.
pub fn cursor_start(shown: &Position, selected: Option<Cell>, from: Option<Cell>) -> Cell {
    from.or(selected).unwrap_or_else(|| shown.king(shown.side_to_move()))
}

/// The cell the cursor moves to from `from` (see [`cursor_start`]) in chart direction `d`,
/// staying put at a boundary.
pub fn cursor_step(shown: &Position, selected: Option<Cell>, from: Option<Cell>, d: Dir) -> Cell {
    let start = cursor_start(shown, selected, from);
    shown.complex().gluing(start, d).map_or(start, |g| g.to)
}

/// The cell the cursor moves to from `from` (see [`cursor_start`]) `delta` levels up (negative:
/// down), on the same square; it stays put at the top and bottom levels and on boards without
/// levels.
pub fn cursor_level_step(shown: &Position, selected: Option<Cell>, from: Option<Cell>, delta: i8) -> Cell {
    let start = cursor_start(shown, selected, from);
    level_step(shown.complex(), start, delta).unwrap_or(start)
}

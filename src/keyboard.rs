//! Keyboard play: the arrow keys move a cursor over the cells (across seams, as the complex
//! glues them), Enter picks the cell under it, Escape cancels the selection or the chooser.

use crate::board::Hovered;
use crate::current::CurrentGame;
use crate::play::CellPicked;
use crate::selection::Selection;
use crate::viewing::Viewing;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Dir, Position};

/// Keyboard cursor and shortcuts.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, drive_cursor.in_set(crate::AppSystems::Input));
}

/// The cell the cursor moves to from `from` (else the selected piece, else the king of the side to
/// move in the position on show) in chart direction `d`, staying put at a boundary.
pub fn cursor_step(shown: &Position, selected: Option<Cell>, from: Option<Cell>, d: Dir) -> Cell {
    let complex = shown.complex();
    let start = from.or(selected).unwrap_or_else(|| shown.king(shown.side_to_move()));
    complex.gluing(start, d).map_or(start, |g| g.to)
}

fn drive_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    mut hovered: ResMut<Hovered>,
    mut selection: ResMut<Selection>,
    mut picks: MessageWriter<CellPicked>,
) {
    for (key, d) in [
        (KeyCode::ArrowUp, Dir::North),
        (KeyCode::ArrowRight, Dir::East),
        (KeyCode::ArrowDown, Dir::South),
        (KeyCode::ArrowLeft, Dir::West),
    ] {
        if keys.just_pressed(key) {
            let next = cursor_step(viewing.shown(&current.game), selection.selected, hovered.0, d);
            hovered.set_if_neq(Hovered(Some(next)));
        }
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(cell) = hovered.0
    {
        picks.write(CellPicked(cell));
    }
    if keys.just_pressed(KeyCode::Escape) && (selection.selected.is_some() || !selection.chooser.is_empty()) {
        selection.selected = None;
        selection.chooser.clear();
    }
}

//! Keyboard play: the arrow keys move a cursor over the cells (across seams, as the complex
//! glues them), Enter picks the cell under it, Escape cancels the selection or the chooser.

use crate::board::Hovered;
use crate::play::{CellPicked, Play};
use bevy::prelude::*;
use surface_chess_rules::{Cell, Dir};

/// Keyboard cursor and shortcuts.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, drive_cursor.in_set(crate::AppSystems::Input));
}

/// The cell the cursor moves to from `from` in chart direction `d` (staying put at a boundary).
pub fn cursor_step(play: &Play, from: Option<Cell>, d: Dir) -> Cell {
    let complex = &play.variant().rules().complex;
    let start = from.or(play.selected).unwrap_or_else(|| play.shown().king(play.to_move()));
    complex.gluing(start, d).map_or(start, |g| g.to)
}

fn drive_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    mut hovered: ResMut<Hovered>,
    mut play: ResMut<Play>,
    mut picks: MessageWriter<CellPicked>,
) {
    for (key, d) in [
        (KeyCode::ArrowUp, Dir::North),
        (KeyCode::ArrowRight, Dir::East),
        (KeyCode::ArrowDown, Dir::South),
        (KeyCode::ArrowLeft, Dir::West),
    ] {
        if keys.just_pressed(key) {
            let next = cursor_step(&play, hovered.0, d);
            hovered.set_if_neq(Hovered(Some(next)));
        }
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(cell) = hovered.0
    {
        picks.write(CellPicked(cell));
    }
    if keys.just_pressed(KeyCode::Escape) && (play.selected.is_some() || !play.chooser.is_empty()) {
        play.selected = None;
        play.chooser.clear();
    }
}

//! Keyboard play: the arrow keys move a cursor over the cells (across seams, as the complex
//! glues them), Page Up and Page Down move it to the same square a level up or down on stacked
//! boards, Enter picks the cell under it, Escape cancels the selection or the chooser. While a
//! text field has the focus (the save path, the online address, name and invite code), keys are
//! typing, not shortcuts.

use crate::board::Hovered;
use crate::current::CurrentGame;
use crate::play::CellPicked;
use crate::selection::Selection;
use crate::surface::levels::level_step;
use crate::viewing::Viewing;
use bevy::input::InputSystems;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::EditableText;
use surface_chess_rules::{Cell, Dir, Position};

/// Keyboard cursor and shortcuts.
pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, keys_to_the_focused_field.after(InputSystems))
        .add_systems(Update, drive_cursor.in_set(crate::AppSystems::Input));
}

/// Keys pressed while a text field has the focus are typing: no shortcut sees them (typing
/// "a" in the invite code must not open the atlas).
fn keys_to_the_focused_field(
    focus: Option<Res<InputFocus>>,
    fields: Query<(), With<EditableText>>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
) {
    if focus.and_then(|f| f.get()).is_some_and(|e| fields.contains(e)) {
        keys.clear();
    }
}

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
    for (key, delta) in [(KeyCode::PageUp, 1), (KeyCode::PageDown, -1)] {
        if keys.just_pressed(key) {
            let next = cursor_level_step(viewing.shown(&current.game), selection.selected, hovered.0, delta);
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

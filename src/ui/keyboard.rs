//! Keyboard play: the arrow keys move a cursor over the cells (across seams, as the complex
//! glues them), Page Up and Page Down move it to the same square a level up or down on stacked
//! boards, Enter picks the cell under it, Escape cancels the selection or the chooser; the
//! shortcut keys send the commands of the panel's table (`commands`), when they can be used.
//! While a text field has the focus (the save path, the online address, name and invite code),
//! keys are typing, not shortcuts.

use crate::state::commands::Command;
use crate::state::cursor::{cursor_level_step, cursor_step};
use crate::state::game::CurrentGame;
use crate::state::messages::CellPicked;
use crate::state::selection::Hovered;
use crate::state::selection::Selection;
use crate::state::viewing::Viewing;
use crate::ui::commands::entries;
use crate::ui::facts::FactSources;
use bevy::input::InputSystems;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::EditableText;
use surface_chess_rules::Dir;

/// Keyboard cursor and shortcuts.
pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, keys_to_the_focused_field.after(InputSystems))
        .add_systems(Update, (drive_cursor, shortcut_keys).in_set(crate::schedule::AppSystems::Input));
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

/// A shortcut key sends its row's command while the row can be used.
fn shortcut_keys(keys: Res<ButtonInput<KeyCode>>, facts: FactSources, mut commands: MessageWriter<Command>) {
    if keys.get_just_pressed().next().is_none() {
        return;
    }
    let facts = facts.facts();
    for entry in entries() {
        if entry.key.is_some_and(|key| keys.just_pressed(key)) && (entry.enabled)(&facts) {
            commands.write(entry.command);
        }
    }
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

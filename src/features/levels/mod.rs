//! Stacked levels in the app: the view of all levels or of one level (V, the number keys, the
//! panel's button), the level shown following the keyboard cursor, the boards' translucency and
//! the fading of the levels not shown (`fade.rs`), and the vertical guides to destinations on
//! other levels (`guides.rs`). Nothing here acts on boards without levels.

mod fade;
mod guides;
mod look;
mod view;

pub use guides::LevelGuide;
pub use look::{ALONE_ALPHA, BOARD_ALPHA, FADED_ALPHA, LIT_ALPHA, Twins};
pub use view::LevelView;

use crate::state::commands::{Command, View, toggled};
use crate::state::cursor::cursor_start;
use crate::state::game::CurrentGame;
use crate::state::selection::Hovered;
use crate::state::selection::Selection;
use crate::state::stack::{is_stacked, level_of, on_level};
use crate::state::viewing::Viewing;
use bevy::prelude::*;

/// The level view, its keys, the levels' look and the guides.
pub fn plugin(app: &mut App) {
    app.init_resource::<LevelView>()
        .add_systems(
            Update,
            (
                level_keys.in_set(crate::schedule::AppSystems::Input),
                toggle_one_level.in_set(crate::schedule::AppSystems::Rules),
                follow_cursor.in_set(crate::schedule::AppSystems::Show),
            ),
        )
        .add_plugins((fade::plugin, guides::plugin));
}

/// The One level button and key (V) switch between all levels and one.
fn toggle_one_level(mut commands: MessageReader<Command>, mut view: ResMut<LevelView>) {
    if toggled(&mut commands, View::OneLevel) {
        view.one = !view.one;
    }
}

/// A number key shows that level alone, the cursor moved to it (same square).
fn level_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    selection: Res<Selection>,
    mut hovered: ResMut<Hovered>,
    mut view: ResMut<LevelView>,
) {
    let Some(keys) = keys else { return };
    let shown = viewing.shown(&current.game);
    let complex = shown.complex();
    if !is_stacked(complex) {
        return;
    }
    let digits = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4, KeyCode::Digit5];
    for (level, key) in digits.into_iter().enumerate() {
        let start = cursor_start(shown, selection.selected, hovered.0);
        if keys.just_pressed(key)
            && let Some(cell) = on_level(complex, start, level as u8)
        {
            hovered.set_if_neq(Hovered(Some(cell)));
            view.set_if_neq(LevelView { one: true, focus: level as u8 });
        }
    }
}

/// The level shown alone is the cursor's (the keyboard's, or the pointer's on the chart).
fn follow_cursor(hovered: Res<Hovered>, current: Res<CurrentGame>, mut view: ResMut<LevelView>) {
    if !hovered.is_changed() {
        return;
    }
    let Some(level) = hovered.0.and_then(|cell| level_of(&current.variant().rules().complex, cell)) else { return };
    if view.focus != level {
        view.focus = level;
    }
}

/// Whether a board has levels (the panel's button).
pub fn has_levels(current: &CurrentGame) -> bool {
    is_stacked(&current.variant().rules().complex)
}

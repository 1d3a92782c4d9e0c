//! Stacked levels in the app: the view of all levels or of one level (V, the number keys, the
//! panel's button), the level shown following the keyboard cursor, the boards' translucency and
//! the fading of the levels not shown (`fade.rs`), and the vertical guides to destinations on
//! other levels (`guides.rs`). Nothing here acts on boards without levels.

mod fade;
mod guides;

pub use fade::{BOARD_ALPHA, FADED_ALPHA};
pub use guides::LevelGuide;

use crate::board::Hovered;
use crate::current::CurrentGame;
use crate::keyboard::cursor_start;
use crate::selection::Selection;
use crate::surface::levels::{is_stacked, level_of, on_level};
use crate::viewing::Viewing;
use bevy::prelude::*;

/// A part of the 3D board drawn on one level (cells, grid, names): it fades with its level.
/// Pieces are not marked: their level is their cell's.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnLevel(pub u8);

/// How the stacked levels are seen: all of them, or one with the others faded (and not
/// pickable, so clicks reach it through them).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelView {
    /// Only one level is shown.
    pub one: bool,
    /// The level shown alone: the keyboard cursor's (chart index, 0 = level 1).
    pub focus: u8,
}

impl LevelView {
    /// Whether a level is faded.
    pub fn faded(&self, level: u8) -> bool {
        self.one && level != self.focus
    }
}

/// The level view, its keys, the levels' look and the guides.
pub fn plugin(app: &mut App) {
    app.init_resource::<LevelView>()
        .add_systems(
            Update,
            (level_keys.in_set(crate::AppSystems::Input), follow_cursor.in_set(crate::AppSystems::Show)),
        )
        .add_plugins((fade::plugin, guides::plugin));
}

/// V switches between all levels and one; a number key shows that level alone, the cursor moved
/// to it (same square).
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
    if keys.just_pressed(KeyCode::KeyV) {
        view.one = !view.one;
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

//! How the stacked levels are seen.

use bevy::prelude::*;

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

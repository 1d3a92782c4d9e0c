//! The levels' opacities, and the translucent twins of materials that give them: each material
//! gets one twin per opacity, made once.

use crate::scene::flat::FlatMaterial;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// Opacity of a level's plain cells: the pieces below show through.
pub const BOARD_ALPHA: f32 = 0.42;
/// Opacity of a level's highlighted cells (selection, last move, check, hover).
pub const LIT_ALPHA: f32 = 0.7;
/// Opacity of the cells of the level shown alone.
pub const ALONE_ALPHA: f32 = 0.8;
/// Opacity of everything on a faded level (cells, grid, names, pieces).
pub const FADED_ALPHA: f32 = 0.12;

/// Translucent twins of materials: by material and opacity, and each twin's original.
#[derive(Resource, Default)]
pub struct Twins {
    made: HashMap<(AssetId<FlatMaterial>, u32), Handle<FlatMaterial>>,
    original: HashMap<AssetId<FlatMaterial>, Handle<FlatMaterial>>,
}

impl Twins {
    /// The material `current` stands for (itself, or the original of a twin).
    pub fn original(&self, current: &Handle<FlatMaterial>) -> Handle<FlatMaterial> {
        self.original.get(&current.id()).cloned().unwrap_or_else(|| current.clone())
    }

    /// `original` at opacity `alpha` (itself at 1).
    pub fn at(
        &mut self,
        materials: &mut Assets<FlatMaterial>,
        original: Handle<FlatMaterial>,
        alpha: f32,
    ) -> Handle<FlatMaterial> {
        if alpha >= 1.0 {
            return original;
        }
        let key = (original.id(), (alpha * 1000.0) as u32);
        if let Some(twin) = self.made.get(&key) {
            return twin.clone();
        }
        let Some(twin) = materials.get(&original).map(|m| m.faded(alpha)) else { return original };
        let twin = materials.add(twin);
        self.made.insert(key, twin.clone());
        self.original.insert(twin.id(), original);
        twin
    }
}

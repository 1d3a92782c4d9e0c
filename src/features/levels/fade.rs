//! The levels' look: on stacked boards the cells are translucent, so the pieces on the levels
//! below show through; in the view of one level the other levels' cells, grid, names and pieces
//! fade and stop taking clicks, which then reach the level shown through them. Applied after
//! everything else has chosen its material: each material gets a translucent twin, made once.

use super::{LevelView, OnLevel};
use crate::board::{CellPatch, Embedded, Palette};
use crate::flat::FlatMaterial;
use crate::pieces::{FacingArrow, PieceModel};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// Opacity of a level's plain cells: the pieces below show through.
pub const BOARD_ALPHA: f32 = 0.42;
/// Opacity of a level's highlighted cells (selection, last move, check, hover).
const LIT_ALPHA: f32 = 0.7;
/// Opacity of the cells of the level shown alone.
const ALONE_ALPHA: f32 = 0.8;
/// Opacity of everything on a faded level (cells, grid, names, pieces).
pub const FADED_ALPHA: f32 = 0.12;

/// Translucent twins of materials: by material and opacity, and each twin's original.
#[derive(Resource, Default)]
struct Twins {
    made: HashMap<(AssetId<FlatMaterial>, u32), Handle<FlatMaterial>>,
    original: HashMap<AssetId<FlatMaterial>, Handle<FlatMaterial>>,
}

impl Twins {
    /// The material `current` stands for (itself, or the original of a twin).
    fn original(&self, current: &Handle<FlatMaterial>) -> Handle<FlatMaterial> {
        self.original.get(&current.id()).cloned().unwrap_or_else(|| current.clone())
    }

    /// `original` at opacity `alpha` (itself at 1).
    fn at(
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Twins>().add_systems(PostUpdate, dress_levels);
}

/// What a part of a level is, for its opacity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// A cell's patch.
    Cell,
    /// A piece (and its facing arrow): pickable like a cell.
    Piece,
    /// Grid and names.
    Drawing,
}

/// Gives every part of a level its opacity, and takes clicks from the faded levels' cells and
/// pieces.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn dress_levels(
    mut commands: Commands,
    view: Res<LevelView>,
    embedded: Option<Res<Embedded>>,
    palette: Option<Res<Palette>>,
    mut twins: ResMut<Twins>,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut parts: Query<
        (
            Entity,
            &mut MeshMaterial3d<FlatMaterial>,
            Option<&OnLevel>,
            Option<&PieceModel>,
            Option<&ChildOf>,
            Has<CellPatch>,
            Option<&Pickable>,
        ),
        Or<(With<OnLevel>, With<PieceModel>, With<FacingArrow>)>,
    >,
    models: Query<&PieceModel>,
) {
    let (Some(embedded), Some(palette)) = (embedded, palette) else { return };
    let surface = &embedded.0;
    if !surface.stacked() {
        return;
    }
    for (entity, mut material, on_level, model, parent, is_cell, pickable) in &mut parts {
        let (level, part) = match (on_level, model, parent) {
            (Some(&OnLevel(level)), _, _) => (Some(level), if is_cell { Part::Cell } else { Part::Drawing }),
            (None, Some(model), _) => (surface.level(model.cell), Part::Piece),
            (None, None, Some(parent)) => {
                (models.get(parent.parent()).ok().and_then(|m| surface.level(m.cell)), Part::Drawing)
            }
            (None, None, None) => (None, Part::Drawing),
        };
        let Some(level) = level else { continue };
        let faded = view.faded(level);
        let original = twins.original(&material.0);
        let alpha = match part {
            _ if faded => FADED_ALPHA,
            Part::Cell if view.one => ALONE_ALPHA,
            Part::Cell if palette.base.contains(&original) => BOARD_ALPHA,
            Part::Cell => LIT_ALPHA,
            Part::Piece | Part::Drawing => 1.0,
        };
        let wanted = twins.at(&mut materials, original, alpha);
        if material.0 != wanted {
            material.0 = wanted;
        }
        if matches!(part, Part::Cell | Part::Piece) {
            let wanted = if faded { Pickable::IGNORE } else { Pickable::default() };
            if pickable != Some(&wanted) {
                commands.entity(entity).insert(wanted);
            }
        }
    }
}

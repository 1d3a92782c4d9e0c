//! The levels' look beyond their cells (which `features::cell_look` dresses): in the view of one
//! level the other levels' grid, names and pieces fade, and their pieces stop taking clicks, which
//! then reach the level shown through them. Redone when the view, the board or a piece changes.

use super::look::{FADED_ALPHA, Twins};
use super::view::LevelView;
use crate::scene::board::{CellPatch, Embedded, OnLevel};
use crate::scene::flat::FlatMaterial;
use crate::scene::pieces::{FacingArrow, PieceModel, PieceSystems};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Twins>()
        .add_systems(Update, dress_levels.after(PieceSystems).in_set(crate::schedule::AppSystems::Show));
}

/// A piece moved or changed, or a level's drawing or a facing arrow appeared.
type Changes = (
    Or<(Changed<PieceModel>, Added<FacingArrow>, Added<OnLevel>)>,
    Or<(With<PieceModel>, With<FacingArrow>, (With<OnLevel>, Without<CellPatch>))>,
);

/// What the pieces and drawings of the levels are made of, and whether any of it changed.
#[derive(bevy::ecs::system::SystemParam)]
struct Dressing<'w, 's> {
    view: Res<'w, LevelView>,
    embedded: Option<Res<'w, Embedded>>,
    changed: Query<'w, 's, (), Changes>,
}

/// Gives the pieces and drawings of each level their opacity, and takes clicks from the faded
/// levels' pieces.
#[allow(clippy::type_complexity)]
fn dress_levels(
    mut commands: Commands,
    dressing: Dressing,
    mut twins: ResMut<Twins>,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut parts: Query<
        (
            Entity,
            &mut MeshMaterial3d<FlatMaterial>,
            Option<&OnLevel>,
            Option<&PieceModel>,
            Option<&ChildOf>,
            Option<&Pickable>,
        ),
        Or<(With<OnLevel>, With<PieceModel>, With<FacingArrow>)>,
    >,
    models: Query<&PieceModel>,
) {
    let Dressing { view, embedded, changed } = dressing;
    let Some(embedded) = embedded else { return };
    let surface = &embedded.0;
    if !surface.stacked() || (!view.is_changed() && !embedded.is_changed() && changed.is_empty()) {
        return;
    }
    for (entity, mut material, on_level, model, parent, pickable) in &mut parts {
        let level = match (on_level, model, parent) {
            (Some(&OnLevel(level)), _, _) => Some(level),
            (None, Some(model), _) => surface.level(model.cell),
            (None, None, Some(parent)) => models.get(parent.parent()).ok().and_then(|m| surface.level(m.cell)),
            (None, None, None) => None,
        };
        let Some(level) = level else { continue };
        let faded = view.faded(level);
        let original = twins.original(&material.0);
        let wanted = twins.at(&mut materials, original, if faded { FADED_ALPHA } else { 1.0 });
        if material.0 != wanted {
            material.0 = wanted;
        }
        if model.is_some() {
            let wanted = if faded { Pickable::IGNORE } else { Pickable::default() };
            if pickable != Some(&wanted) {
                commands.entity(entity).insert(wanted);
            }
        }
    }
}

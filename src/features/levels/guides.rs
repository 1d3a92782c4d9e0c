//! Guides to destinations on other levels: a thin vertical line from the selected piece's level,
//! under (or over) the destination's square, up (or down) to the destination's mark, so that a
//! mark on another level is seen to belong to that square.

use crate::scene::board::{Embedded, Palette};
use crate::scene::flat::FlatMaterial;
use crate::scene::kept::{Kept, Placed, lay_out};
use crate::scene::surface::levels::guide;
use crate::state::play::PlayState;
use bevy::prelude::*;
use surface_chess_rules::Cell;

/// A guide to a destination on another level.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelGuide {
    /// The destination.
    pub to: Cell,
}

/// The guide's thickness, in cell sizes.
const RADIUS: f32 = 0.025;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_guides.in_set(crate::schedule::AppSystems::Show));
}

/// Places the guides whenever the selection, the position or the board changes. The guides are
/// kept: moved to the destinations on other levels, the rest hidden (more are made when needed).
fn draw_guides(
    mut commands: Commands,
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    palette: Option<Res<Palette>>,
    mut guides: Kept<FlatMaterial, LevelGuide>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut line: Local<Option<Handle<Mesh>>>,
) {
    let (Some(embedded), Some(palette)) = (embedded, palette) else { return };
    if !play.is_changed() && !embedded.is_changed() {
        return;
    }
    let surface = &embedded.0;
    let size = surface.cell_size();
    let from = play.selection.selected.filter(|_| surface.stacked());
    // A unit-long line along y, stretched to each guide's length.
    let line = line.get_or_insert_with(|| meshes.add(Cylinder::new(RADIUS, 1.0).mesh().resolution(8).build())).clone();
    let wanted = from.into_iter().flat_map(|from| {
        let (line, material) = (line.clone(), palette.mark.clone());
        play.destinations().into_iter().filter_map(move |(to, _)| {
            let (foot, end) = guide(surface, from, to)?;
            let length = foot.distance(end);
            let at = Transform::from_translation((foot + end) / 2.0)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, (end - foot) / length))
                .with_scale(Vec3::new(size, length, size));
            Some(Placed { mesh: line.clone(), material: material.clone(), at, tag: LevelGuide { to } })
        })
    });
    lay_out(&mut commands, &mut guides, wanted, ());
}

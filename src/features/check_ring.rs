//! The checked king is ringed on both views: on the surface a red ring round the foot of its model
//! (on each side it stands on), on the chart a red ring round its token. The cell's red highlight
//! hides under the piece; the ring does not.

use crate::scene::board::Embedded;
use crate::scene::chart::{CHART_LAYER, ChartShown};
use crate::scene::flat::{Assets3d, FlatMaterial};
use crate::state::play::PlayState;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Position, Role};

/// A ring round the checked king (on the surface, or on the chart: there it is on the chart's
/// render layer). The rings are kept, and hidden while no king is in check.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckRing {
    /// The king's cell (the last one ringed, while hidden).
    pub cell: Cell,
}

/// Where a kept ring goes.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
enum Slot {
    /// On this side of the surface (`1.0` or `-1.0`).
    Side(f32),
    /// On the chart.
    Chart,
}

/// The ring's colour: a brighter red than the checked cell's.
const RING: Color = Color::srgb(1.0, 0.12, 0.08);

/// The checked king's rings.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_rings)
        .add_systems(Update, ring_checked_king.in_set(crate::schedule::AppSystems::Show));
}

/// The cell of the king in check in a position, if any.
pub fn checked_king(position: &Position) -> Option<Cell> {
    let king = position.king(position.side_to_move());
    (position.is_check() && position.piece_at(king).is_some_and(|p| p.role() == Role::King)).then_some(king)
}

/// The three rings (the surface's two sides, the chart), made once and hidden.
fn spawn_rings(mut commands: Commands, assets: Assets3d) {
    let Assets3d { mut meshes, mut materials } = assets;
    // In cell sizes: round the foot of the model, outside a capture's ring.
    let surface = meshes.add(Torus::new(0.38, 0.46).mesh().minor_resolution(6).major_resolution(32).build());
    let chart = meshes.add(Annulus::new(0.43, 0.5));
    let colour = materials.add(FlatMaterial::two_sided(RING));
    let ring = |mesh: &Handle<Mesh>, slot| {
        (
            Mesh3d(mesh.clone()),
            MeshMaterial3d(colour.clone()),
            Transform::default(),
            Visibility::Hidden,
            CheckRing { cell: Cell(0) },
            slot,
            Pickable::IGNORE,
        )
    };
    commands.spawn(ring(&surface, Slot::Side(1.0)));
    commands.spawn(ring(&surface, Slot::Side(-1.0)));
    commands.spawn((ring(&chart, Slot::Chart), RenderLayers::layer(CHART_LAYER)));
}

/// Moves the rings to the checked king and shows them, or hides them.
fn ring_checked_king(
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    shown: Option<Res<ChartShown>>,
    mut rings: Query<(&Slot, &mut CheckRing, &mut Transform, &mut Visibility)>,
) {
    let views_changed =
        embedded.as_ref().is_some_and(|e| e.is_changed()) || shown.as_ref().is_some_and(|s| s.is_changed());
    if !play.is_changed() && !views_changed {
        return;
    }
    let checked = checked_king(play.shown()).filter(|_| play.setup.is_none());
    for (slot, mut ring, mut transform, mut visibility) in &mut rings {
        let place = checked.and_then(|cell| match *slot {
            Slot::Side(side) => {
                let surface = &embedded.as_ref()?.0;
                surface.sides().contains(&side).then(|| {
                    let size = surface.cell_size();
                    let n = surface.centre_normal(cell);
                    Transform::from_translation(surface.centre(cell) + n * side * size * 0.04)
                        .with_rotation(Quat::from_rotation_arc(Vec3::Y, n * side))
                        .with_scale(Vec3::splat(size))
                })
            }
            Slot::Chart => Some(Transform::from_translation(shown.as_ref()?.0.centre(cell).extend(0.25))),
        });
        match (place, checked) {
            (Some(place), Some(cell)) => {
                transform.set_if_neq(place);
                ring.set_if_neq(CheckRing { cell });
                visibility.set_if_neq(Visibility::Inherited);
            }
            _ => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

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
/// render layer).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckRing {
    /// The king's cell.
    pub cell: Cell,
}

/// The ring's colour: a brighter red than the checked cell's.
const RING: Color = Color::srgb(1.0, 0.12, 0.08);

/// The checked king's rings.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, ring_checked_king.in_set(crate::schedule::AppSystems::Show));
}

/// The cell of the king in check in a position, if any.
pub fn checked_king(position: &Position) -> Option<Cell> {
    let king = position.king(position.side_to_move());
    (position.is_check() && position.piece_at(king).is_some_and(|p| p.role() == Role::King)).then_some(king)
}

/// The rings' meshes and colour, made once.
#[derive(Clone, Debug)]
struct Kit {
    surface: Handle<Mesh>,
    chart: Handle<Mesh>,
    colour: Handle<FlatMaterial>,
}

/// Redraws the rings when the position on show or either view changes (none while setting up).
fn ring_checked_king(
    mut commands: Commands,
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    shown: Option<Res<ChartShown>>,
    rings: Query<Entity, With<CheckRing>>,
    assets: Assets3d,
    mut kit: Local<Option<Kit>>,
) {
    let Assets3d { mut meshes, mut materials } = assets;
    let views_changed =
        embedded.as_ref().is_some_and(|e| e.is_changed()) || shown.as_ref().is_some_and(|s| s.is_changed());
    if !play.is_changed() && !views_changed {
        return;
    }
    for e in &rings {
        commands.entity(e).despawn();
    }
    let Some(cell) = checked_king(play.shown()).filter(|_| play.setup.is_none()) else { return };
    let kit = kit.get_or_insert_with(|| Kit {
        // In cell sizes: round the foot of the model, outside a capture's ring.
        surface: meshes.add(Torus::new(0.38, 0.46).mesh().minor_resolution(6).major_resolution(32).build()),
        chart: meshes.add(Annulus::new(0.43, 0.5)),
        colour: materials.add(FlatMaterial::two_sided(RING)),
    });
    if let Some(embedded) = embedded {
        let surface = &embedded.0;
        let size = surface.cell_size();
        let n = surface.centre_normal(cell);
        for &side in surface.sides() {
            commands.spawn((
                Mesh3d(kit.surface.clone()),
                MeshMaterial3d(kit.colour.clone()),
                Transform::from_translation(surface.centre(cell) + n * side * size * 0.04)
                    .with_rotation(Quat::from_rotation_arc(Vec3::Y, n * side))
                    .with_scale(Vec3::splat(size)),
                CheckRing { cell },
                Pickable::IGNORE,
            ));
        }
    }
    if let Some(shown) = shown {
        commands.spawn((
            Mesh3d(kit.chart.clone()),
            MeshMaterial3d(kit.colour.clone()),
            Transform::from_translation(shown.0.centre(cell).extend(0.25)),
            CheckRing { cell },
            Pickable::IGNORE,
            RenderLayers::layer(CHART_LAYER),
        ));
    }
}

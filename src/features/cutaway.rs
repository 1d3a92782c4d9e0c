//! The cut-away wall: on a surface with parts inside others (the Klein bottle's inner tube runs
//! inside its body), the cells in front of the cells in play, seen from the camera, are cut away:
//! not drawn (the grid still outlines them, so the bottle keeps its shape), not picked, their
//! pieces hidden. The cells in play are the pieces of the side to move, the selected piece and
//! its destinations, and the cell the camera centres on; a cell in play is never cut. Redone when the camera or the play changes.

use crate::scene::board::{CellPatch, Embedded};
use crate::scene::camera::SurfaceCamera;
use crate::scene::pieces::PieceModel;
use crate::scene::sheet::{CellPaint, CellSheet, CutAway};
use crate::scene::surface::look::look;
use crate::scene::surface::sight::Sight;
use crate::state::play::PlayState;
use bevy::ecs::system::SystemParam;
use bevy::mesh::Indices;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use surface_chess_rules::{Cell, Variant};

/// Cutting away and showing the cut.
pub fn plugin(app: &mut App) {
    app.init_resource::<CutAway>()
        .add_systems(Update, (choose_cut, show_cut).chain().in_set(crate::schedule::AppSystems::Show));
}

/// The cells in play: the side to move's pieces, the selected piece and its destinations, and
/// the cell the camera centres on.
pub fn in_play(play: &PlayState, centred: Option<Cell>, surface_centre: impl Fn(Cell) -> Vec3) -> Vec<(Cell, Vec3)> {
    let to_move = play.current.game.position().side_to_move();
    let mut cells: Vec<Cell> =
        play.pieces().into_iter().filter(|(_, p)| p.color() == to_move).map(|(c, _)| c).collect();
    cells.extend(play.selection.selected);
    cells.extend(centred);
    cells.extend(play.destinations().into_iter().map(|(c, _)| c));
    cells.sort();
    cells.dedup();
    cells.into_iter().map(|c| (c, surface_centre(c))).collect()
}

/// What the cut depends on.
#[derive(SystemParam)]
struct CutSources<'w, 's> {
    play: PlayState<'w>,
    embedded: Option<Res<'w, Embedded>>,
    camera: Query<'w, 's, (Ref<'static, GlobalTransform>, &'static PanOrbitCamera), With<SurfaceCamera>>,
}

/// Chooses the cells to cut away from where the camera is.
fn choose_cut(sources: CutSources, mut cut: ResMut<CutAway>, mut sight: Local<Option<(Variant, Sight)>>) {
    let Some(embedded) = sources.embedded else { return };
    let surface = &embedded.0;
    if !look(surface.variant).shape.cuts_away() {
        cut.set_if_neq(CutAway::default());
        return;
    }
    let Ok((camera, orbit)) = sources.camera.single() else { return };
    if !camera.is_changed() && !sources.play.is_changed() && !embedded.is_changed() {
        return;
    }
    if sight.as_ref().is_none_or(|(v, _)| *v != surface.variant) {
        *sight = Some((surface.variant, Sight::new(surface)));
    }
    let Some((_, sight)) = sight.as_ref() else { return };
    // The cell the camera centres on, if it centres on one.
    let complex = &surface.variant.rules().complex;
    let centred =
        complex.cells().find(|&c| surface.centre(c).distance(orbit.target_focus) < surface.cell_size() * 0.25);
    let wanted = in_play(&sources.play, centred, |c| surface.centre(c));
    cut.set_if_neq(CutAway(sight.cut_away(camera.translation(), &wanted)));
}

/// Leaves the cut cells out of the sheets, takes clicks from their patches and hides their
/// pieces.
fn show_cut(
    mut commands: Commands,
    cut: Res<CutAway>,
    sheets: Query<(Ref<CellSheet>, &Mesh3d)>,
    patches: Query<(Entity, &CellPatch, Option<&Pickable>), With<CellPaint>>,
    mut pieces: Query<(Ref<PieceModel>, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let hidden = |cell: &Cell| cut.0.contains(cell);
    for (sheet, mesh) in &sheets {
        if (cut.is_changed() || sheet.is_added())
            && let Some(mut mesh) = meshes.get_mut(&mesh.0)
        {
            mesh.insert_indices(Indices::U32(sheet.indices_without(&cut.0)));
        }
    }
    if cut.is_changed() {
        for (entity, &CellPatch(cell), pickable) in &patches {
            let wanted = if hidden(&cell) { Pickable::IGNORE } else { Pickable::default() };
            if pickable.is_some_and(|p| *p != wanted) || (pickable.is_none() && hidden(&cell)) {
                commands.entity(entity).insert(wanted);
            }
        }
    }
    for (model, mut visibility) in &mut pieces {
        if cut.is_changed() || model.is_changed() {
            visibility.set_if_neq(if hidden(&model.cell) { Visibility::Hidden } else { Visibility::Inherited });
        }
    }
}

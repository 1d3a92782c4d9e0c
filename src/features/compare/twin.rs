//! The twin board in the right half of the 3D view: its surface (spawned as the board's own, on
//! the twin's render layer), the position's pieces, the selected piece's destinations there and
//! the difference marks, seen by the twin's own orbit camera from its home view.

use super::compared::{CompareShown, Compared, ComparedSystems, DIFFERS, difference_strokes};
use crate::scene::board::{MarkMeshes, Palette, base_class, spawn_look};
use crate::scene::camera::{ResetCamera, TWIN_LAYER, TwinCamera, ViewportsFitted, aim, widened};
use crate::scene::facing::BoardSide;
use crate::scene::flat::FlatMaterial;
use crate::scene::kept::{Kept, Placed, lay_out};
use crate::scene::overlay::{drawing, push_on_surface, redraw};
use crate::scene::pieces::{PieceKit, piece_scale, standing};
use crate::scene::quality::Lighting;
use crate::scene::sheet::{self, CellSheet};
use crate::scene::surface::Surface;
use crate::scene::views::home_view;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use surface_chess_rules::{Cell, Frame};

/// Everything spawned for the twin's surface, despawned when the twin changes or goes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TwinPart;

/// The twin's surface on show.
#[derive(Resource, Clone, Debug)]
pub struct TwinBoard(pub Surface);

/// A sheet of the twin's cells (its own component: the board's painting leaves it alone).
#[derive(Component, Clone, Debug)]
pub struct TwinSheet(CellSheet);

/// A piece model on the twin.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TwinPiece;

/// A destination mark on the twin.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TwinMark;

/// The difference marks on the twin's surface.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TwinDifferences;

/// Builds and draws the twin's 3D board.
pub fn plugin(app: &mut App) {
    app.add_message::<ResetCamera>().add_systems(Startup, spawn_drawing).add_systems(
        Update,
        (
            (build_twin, (paint_twin, place_pieces, mark_destinations, draw_differences))
                .chain()
                .in_set(crate::schedule::AppSystems::Show)
                .after(ComparedSystems),
            reset_twin.after(ViewportsFitted),
        ),
    );
}

fn spawn_drawing(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let ink = materials.add(FlatMaterial::two_sided(DIFFERS));
    commands.spawn((drawing(&mut meshes, ink), TwinDifferences, RenderLayers::layer(TWIN_LAYER)));
}

/// Spawns the twin's surface when the twin on show changes, and aims its camera at its home view.
#[allow(clippy::too_many_arguments)]
fn build_twin(
    mut commands: Commands,
    compared: Res<Compared>,
    board: Option<Res<TwinBoard>>,
    parts: Query<Entity, With<TwinPart>>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    lighting: Res<Lighting>,
    side: Option<Res<BoardSide>>,
    mut cameras: Query<(&mut PanOrbitCamera, &Camera), With<TwinCamera>>,
) {
    let wanted = compared.0.as_ref().map(CompareShown::variant);
    if board.as_ref().map(|b| b.0.variant) == wanted {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let Some(variant) = wanted else {
        commands.remove_resource::<TwinBoard>();
        return;
    };
    let surface = Surface::new(variant);
    let extra = (TwinPart, RenderLayers::layer(TWIN_LAYER));
    for (entity, cells) in spawn_look(&mut commands, &mut meshes, &palette, &lighting, &surface, extra) {
        commands.entity(entity).insert(TwinSheet(cells));
    }
    aim_twin(&surface, side.as_deref(), &mut cameras);
    commands.insert_resource(TwinBoard(surface));
}

/// Puts the twin's camera on its home view, from the camp the board's view faces.
fn aim_twin(
    surface: &Surface,
    side: Option<&BoardSide>,
    cameras: &mut Query<(&mut PanOrbitCamera, &Camera), With<TwinCamera>>,
) {
    let facing = side.map_or(surface_chess_rules::Color::White, |s| s.facing());
    let home = home_view(surface, facing);
    for (mut camera, view) in cameras {
        aim(&mut camera, widened(home, view));
    }
}

/// R (and a new split) takes the twin's camera home too.
fn reset_twin(
    mut resets: MessageReader<ResetCamera>,
    board: Option<Res<TwinBoard>>,
    side: Option<Res<BoardSide>>,
    mut cameras: Query<(&mut PanOrbitCamera, &Camera), With<TwinCamera>>,
) {
    if resets.read().count() > 0
        && let Some(board) = board
    {
        aim_twin(&board.0, side.as_deref(), &mut cameras);
    }
}

/// Paints the twin's cells in the board's colours, the selected piece's cell lit.
fn paint_twin(
    compared: Res<Compared>,
    sheets: Query<(&TwinSheet, &Mesh3d)>,
    added: Query<(), Added<TwinSheet>>,
    palette: Res<Palette>,
    materials: Res<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Some(shown) = compared.0.as_ref().filter(|_| compared.is_changed() || !added.is_empty()) else { return };
    let colour = |h: &Handle<FlatMaterial>| materials.get(h).map_or(LinearRgba::WHITE, |m| m.color);
    let selected = shown.twin_moves().map(|(from, ..)| from);
    let variant = shown.variant();
    let colours: Vec<(Cell, LinearRgba)> = shown
        .twin
        .complex()
        .cells()
        .map(|c| {
            let material = if Some(c) == selected { &palette.selected } else { &palette.base[base_class(variant, c)] };
            (c, colour(material))
        })
        .collect();
    for (sheet, mesh) in &sheets {
        if let Some(mut mesh) = meshes.get_mut(&mesh.0) {
            sheet::paint(&sheet.0, &mut mesh, &colours);
        }
    }
}

/// The position's pieces on the twin, standing on both sides of its surface.
fn place_pieces(
    mut commands: Commands,
    compared: Res<Compared>,
    board: Option<Res<TwinBoard>>,
    kit: Option<Res<PieceKit>>,
    mut pieces: Kept<FlatMaterial, TwinPiece>,
) {
    let Some(kit) = kit else { return };
    if !compared.is_changed() && !board.as_ref().is_some_and(|b| b.is_changed()) {
        return;
    }
    let mut wanted = Vec::new();
    if let (Some(shown), Some(board)) = (compared.0.as_ref(), board.as_ref()) {
        let surface = &board.0;
        let scale = piece_scale(surface);
        for (cell, piece) in shown.twin.pieces() {
            for &face in surface.sides() {
                wanted.push(Placed {
                    mesh: kit.model(piece.role(), false).clone(),
                    material: kit.material(piece.color()),
                    at: standing(surface, scale, cell, face, piece, Frame::IDENTITY),
                    tag: TwinPiece,
                });
            }
        }
    }
    lay_out(&mut commands, &mut pieces, wanted, RenderLayers::layer(TWIN_LAYER));
}

/// Dots on the selected piece's destinations on the twin (rings on captures).
fn mark_destinations(
    mut commands: Commands,
    compared: Res<Compared>,
    board: Option<Res<TwinBoard>>,
    palette: Res<Palette>,
    mut marks: Kept<FlatMaterial, TwinMark>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut made: Local<Option<MarkMeshes>>,
) {
    if !compared.is_changed() && !board.as_ref().is_some_and(|b| b.is_changed()) {
        return;
    }
    let mut wanted = Vec::new();
    if let (Some(shown), Some(board)) = (compared.0.as_ref(), board.as_ref())
        && let Some((from, there, _)) = shown.twin_moves()
    {
        let surface = &board.0;
        let MarkMeshes { dot, ring, .. } = MarkMeshes::for_surface(&mut made, &mut meshes, surface);
        for cell in there {
            let mesh = if shown.captures_on_twin(from, cell) { &ring } else { &dot };
            for &side in surface.sides() {
                wanted.push(Placed {
                    mesh: mesh.clone(),
                    material: palette.mark.clone(),
                    at: MarkMeshes::at(surface, cell, side),
                    tag: TwinMark,
                });
            }
        }
    }
    lay_out(&mut commands, &mut marks, wanted, RenderLayers::layer(TWIN_LAYER));
}

/// The difference marks on the twin's surface: a ring where the piece gets on the twin only, a
/// cross where it gets on the board only.
fn draw_differences(
    compared: Res<Compared>,
    board: Option<Res<TwinBoard>>,
    mut drawings: Query<(&Mesh3d, &mut Visibility), With<TwinDifferences>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    if !compared.is_changed() && !board.as_ref().is_some_and(|b| b.is_changed()) {
        return;
    }
    let strokes = match (compared.0.as_ref().and_then(CompareShown::twin_moves), board.as_ref()) {
        (Some((_, there, here)), Some(_)) => difference_strokes(&there, &here),
        _ => Vec::new(),
    };
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    if let Some(board) = board.as_ref() {
        push_on_surface(&board.0, &strokes, 0.024, &mut positions, &mut indices);
    }
    for (mesh, visibility) in &mut drawings {
        redraw(&mut meshes, mesh, visibility, &positions, indices.clone());
    }
}

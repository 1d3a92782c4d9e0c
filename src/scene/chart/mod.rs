//! The flat chart view: every chart of the board laid flat, seen by its own orthographic camera
//! in the viewport above the panel, showing the same position as the surface. Chart cells are
//! meshes that carry their cell like the surface's patches, so the same highlighting and the same
//! picking serve both views. Seams are red, the single-chart boards' gluings are marked with
//! arrows on the edges, and the coordinates and pieces are written in the stroke font.

mod layout;
mod tokens;
mod view;

pub use layout::ChartLayout;
pub use tokens::{ChartMark, ChartToken, TokenKit, mark_placement, piece_glyph, token_placements};
pub use view::{CHART_LAYER, ChartShown};

use crate::scene::board::{self, CellPatch, Palette, base_class};
use crate::scene::flat::{Assets3d, FlatMaterial};
use crate::scene::glyphs::{push_flat_text, push_stroke, stroke_mesh};
use crate::scene::layout::PANEL_BG;
use crate::state::commands::{Command, View, toggled};
use crate::state::game::CurrentGame;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Dir, Variant};

/// Draw the charts upside down (Black's point of view).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flipped(pub bool);

/// Everything drawn for the current charts, rebuilt when the board or the flip changes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct ChartPart;

/// The chart view.
pub fn plugin(app: &mut App) {
    app.init_resource::<Flipped>().add_systems(Startup, tokens::make_kit).add_systems(
        Update,
        (
            toggle_flip.in_set(crate::schedule::AppSystems::Rules),
            build_charts.in_set(crate::schedule::AppSystems::Build),
            (tokens::place_tokens, tokens::mark_destinations).in_set(crate::schedule::AppSystems::Show),
        ),
    );
}

/// The Flip chart button.
fn toggle_flip(mut commands: MessageReader<Command>, mut flipped: ResMut<Flipped>) {
    if toggled(&mut commands, View::FlipChart) {
        flipped.0 = !flipped.0;
    }
}

/// The chart's colours (cells use the surface's palette).
const COORDINATE: Color = Color::srgb(0.60, 0.63, 0.68);

/// Rebuilds the charts when the board or the flip changes.
fn build_charts(
    mut commands: Commands,
    current: Res<CurrentGame>,
    flipped: Res<Flipped>,
    shown: Option<Res<ChartShown>>,
    palette: Option<Res<Palette>>,
    parts: Query<Entity, With<ChartPart>>,
    assets: Assets3d,
) {
    let Assets3d { mut meshes, mut materials } = assets;
    let Some(palette) = palette else { return };
    let layout = ChartLayout::new(current.variant(), flipped.0);
    if shown.is_some_and(|s| s.0 == layout) {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let layer = RenderLayers::layer(CHART_LAYER);
    let cells =
        spawn_chart(&mut commands, &layout, Vec2::ZERO, &palette, &mut meshes, &mut materials, (ChartPart, layer));
    for (entity, cell) in cells {
        commands
            .entity(entity)
            .insert(CellPatch(cell))
            .observe(board::on_press)
            .observe(board::on_click)
            .observe(board::on_over)
            .observe(board::on_out);
    }
    commands.insert_resource(ChartShown(layout));
}

/// Spawns the charts of `layout` at `origin` in the chart view's plane, each part with `extra`
/// (a marker, the render layer): cells in their colours, coordinates and titles, cone points,
/// seams and gluing arrows, over a backdrop. Returns each cell's entity (left unpickable: the
/// caller makes them pick cells if they should).
pub fn spawn_chart(
    commands: &mut Commands,
    layout: &ChartLayout,
    origin: Vec2,
    palette: &Palette,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<FlatMaterial>,
    extra: impl Bundle + Clone,
) -> Vec<(Entity, Cell)> {
    let variant = layout.variant;
    let complex = &variant.rules().complex;
    let at = |p: Vec2, z: f32| Transform::from_translation((origin + p).extend(z));
    let square = meshes.add(Rectangle::new(1.0, 1.0));
    let cells = complex
        .cells()
        .map(|cell| {
            let material = MeshMaterial3d(palette.base[base_class(variant, cell)].clone());
            (commands.spawn((Mesh3d(square.clone()), material, at(layout.centre(cell), 0.0), extra.clone())).id(), cell)
        })
        .collect();
    let mut part = |mesh: Handle<Mesh>, material: Handle<FlatMaterial>, transform: Transform| {
        commands.spawn((Mesh3d(mesh), MeshMaterial3d(material), transform, Pickable::IGNORE, extra.clone()));
    };
    // A backdrop in the panel's colour: the view does not clear (it shares the window's target).
    let backdrop = materials.add(FlatMaterial::solid(PANEL_BG));
    part(meshes.add(Rectangle::new(500.0, 500.0)), backdrop, Transform::from_xyz(0.0, 0.0, -1.0));
    // All coordinates and titles as one mesh.
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    for (label, p, height) in layout
        .coordinates()
        .into_iter()
        .map(|(l, p)| (l, p, 0.4))
        .chain(layout.titles().into_iter().map(|(l, p)| (l, p, 0.45)))
    {
        push_flat_text(&label, origin + p, height, &mut positions, &mut indices);
    }
    let ink = materials.add(FlatMaterial::solid(COORDINATE));
    part(meshes.add(stroke_mesh(&positions, indices)), ink, Transform::from_xyz(0.0, 0.0, 0.05));
    let cone = meshes.add(Circle::new(0.1));
    for p in layout.cone_corners() {
        part(cone.clone(), palette.cone.clone(), at(p, 0.08));
    }
    let seams = seams_and_arrows(layout);
    // The flat board has no seams; Bevy's mesh allocator rejects empty meshes.
    if seams.count_vertices() > 0 {
        part(meshes.add(seams), palette.seam.clone(), at(Vec2::ZERO, 0.06));
    }
    cells
}

/// The seams (cell sides glued to something other than the in-chart neighbour) as red strokes,
/// and on single-chart boards an arrow on each glued edge pair, pointing the way the gluing
/// matches the edges (opposite arrows: the edge is glued reversed).
fn seams_and_arrows(layout: &ChartLayout) -> Mesh {
    let complex = &layout.variant.rules().complex;
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    let mut stroke = |a: Vec2, b: Vec2, half: f32| {
        push_stroke(a.extend(0.0), b.extend(0.0), Vec3::Z, half, &mut positions, &mut indices);
    };
    for cell in complex.cells() {
        for side in Dir::ALL {
            let Some(g) = complex.gluing(cell, side) else { continue };
            if complex.crosses_seam(cell, side.vector(), g.to, g.derivative) {
                let (a, b) = layout.side(cell, side);
                stroke(a, b, 0.035);
            }
        }
    }
    for arrow in layout.edge_arrows() {
        for (a, b) in arrow.strokes() {
            stroke(a, b, 0.04);
        }
    }
    stroke_mesh(&positions, indices)
}

/// What the chart's edges mean, in words (the variant's description says it).
pub fn seam_note(variant: Variant) -> &'static str {
    variant.spec().gluing
}

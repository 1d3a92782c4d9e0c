//! The seam and cone-point atlas (key A, the panel's "Atlas (A)"): hovering a cell on a seam
//! lights each of its seam sides and the glued partner in one colour on both views, with arrows
//! showing how the sides are matched (opposite arrows: glued reversed); a cell at a cone point of
//! genus two shows the eight cells round it and the forbidden diagonal approaches as crossed
//! arrows. A click pins what is shown; the panel says it in words. Picks do not move pieces
//! while the atlas is open.

pub mod glue;

use crate::board::{Embedded, Hovered};
use crate::chart::{CHART_LAYER, ChartShown};
use crate::current::CurrentGame;
use crate::explain::Explained;
use crate::flat::FlatMaterial;
use crate::glyphs::stroke_mesh;
use crate::overlay::{Stroke, push_on_chart, push_on_surface};
use crate::play::CellPicked;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use glue::{cone_at, crossed_arrow, describe, pair_arrows, seam_pairs, side_stroke};
use surface_chess_rules::{Cell, Complex};

/// Whether the atlas is open, and the cell a click pinned.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Atlas {
    /// Open.
    pub open: bool,
    /// The cell whose seams stay shown after a click.
    pub pinned: Option<Cell>,
}

/// Everything drawn for the atlas.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct AtlasPart;

/// One colour per glued pair (a corner cell has two seam sides), then the cone's.
const COLOURS: [Color; 5] = [
    Color::srgb(1.0, 0.85, 0.1),
    Color::srgb(0.2, 0.9, 1.0),
    Color::srgb(1.0, 0.35, 0.85),
    Color::srgb(0.5, 1.0, 0.3),
    Color::srgb(1.0, 0.95, 0.2),
];

/// The atlas's inks.
#[derive(Resource, Clone, Debug)]
struct AtlasInk([Handle<FlatMaterial>; 5]);

/// The atlas.
pub fn plugin(app: &mut App) {
    app.init_resource::<Atlas>().init_resource::<Hovered>().add_systems(
        Update,
        ((atlas_key, pin_cells).in_set(crate::AppSystems::Input), explain_focus.in_set(crate::AppSystems::Show)),
    );
}

/// The drawing half (needs a window): the lit sides, arrows and cone marks.
pub fn drawing_plugin(app: &mut App) {
    app.add_systems(Startup, make_ink).add_systems(Update, draw_atlas.in_set(crate::AppSystems::Show));
}

fn make_ink(mut commands: Commands, mut materials: ResMut<Assets<FlatMaterial>>) {
    commands.insert_resource(AtlasInk(COLOURS.map(|c| materials.add(FlatMaterial::two_sided(c)))));
}

fn atlas_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut atlas: ResMut<Atlas>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyA)) {
        atlas.open = !atlas.open;
        atlas.pinned = None;
    }
}

fn pin_cells(mut picks: MessageReader<CellPicked>, mut atlas: ResMut<Atlas>) {
    for &CellPicked(cell) in picks.read() {
        if atlas.open {
            atlas.pinned = if atlas.pinned == Some(cell) { None } else { Some(cell) };
        }
    }
}

/// The cell the atlas shows: the pinned one, else the one under the pointer.
fn focus(atlas: &Atlas, hovered: &Hovered) -> Option<Cell> {
    atlas.open.then(|| atlas.pinned.or(hovered.0)).flatten()
}

/// What the atlas shows about `cell`, in words, and the cells to mark (a cone point's eight).
pub fn atlas_words(complex: &Complex, cell: Cell) -> Explained {
    let mut lines: Vec<String> = seam_pairs(complex, cell).iter().map(|p| describe(complex, p)).collect();
    let mut culprits = Vec::new();
    if let Some(cone) = cone_at(complex, cell) {
        culprits = cone.corners.iter().map(|&(c, _)| c).collect();
        culprits.dedup();
        let names: Vec<String> = culprits.iter().map(|&c| complex.name(c)).collect();
        lines.push(format!(
            "a cone point: {} cells meet here ({}); no diagonal step goes across it",
            names.len(),
            names.join(" ")
        ));
    }
    if lines.is_empty() {
        lines.push(format!("{}: no seam here (point at a cell on a red seam)", complex.name(cell)));
    }
    Explained { text: format!("Atlas: {}", lines.join("; ")), culprits }
}

fn explain_focus(
    atlas: Res<Atlas>,
    hovered: Res<Hovered>,
    current: Res<CurrentGame>,
    mut explained: ResMut<Explained>,
) {
    // Closed, the panel's usual explanation takes over (`explain.rs`).
    if !atlas.open || (!atlas.is_changed() && !hovered.is_changed() && !current.is_changed()) {
        return;
    }
    let words = focus(&atlas, &hovered).map(|cell| atlas_words(current.game.position().complex(), cell));
    explained.set_if_neq(words.unwrap_or_default());
}

#[allow(clippy::too_many_arguments)]
fn draw_atlas(
    mut commands: Commands,
    atlas: Res<Atlas>,
    hovered: Res<Hovered>,
    embedded: Option<Res<Embedded>>,
    chart: Option<Res<ChartShown>>,
    ink: Option<Res<AtlasInk>>,
    parts: Query<Entity, With<AtlasPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(embedded), Some(chart), Some(ink)) = (embedded, chart, ink) else { return };
    if !atlas.is_changed() && !hovered.is_changed() && !embedded.is_changed() && !chart.is_changed() {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let Some(cell) = focus(&atlas, &hovered) else { return };
    let surface = &embedded.0;
    let complex = &surface.variant.rules().complex;
    let mut by_colour: Vec<Vec<Stroke>> = vec![Vec::new(); COLOURS.len()];
    let stroke = |cell, line, half: f32| Stroke { cell, line, half, chart_half: half * 1.4 };
    for (i, pair) in seam_pairs(complex, cell).iter().enumerate().take(4) {
        by_colour[i].push(stroke(pair.cell, side_stroke(pair.side), 0.07));
        by_colour[i].push(stroke(pair.partner, side_stroke(pair.partner_side), 0.07));
        for (c, lines) in pair_arrows(pair) {
            by_colour[i].extend(lines.into_iter().map(|l| stroke(c, l, 0.035)));
        }
    }
    if let Some(cone) = cone_at(complex, cell) {
        for (c, corner) in cone.corners {
            by_colour[4].extend(crossed_arrow(corner).into_iter().map(|l| stroke(c, l, 0.03)));
        }
    }
    for (strokes, material) in by_colour.iter().zip(&ink.0) {
        if strokes.is_empty() {
            continue;
        }
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        push_on_surface(surface, strokes, 0.025, &mut positions, &mut indices);
        let (mut flat, mut flat_indices) = (Vec::new(), Vec::new());
        push_on_chart(&chart.0, complex, strokes, &mut flat, &mut flat_indices);
        commands.spawn((
            Mesh3d(meshes.add(stroke_mesh(&positions, indices))),
            MeshMaterial3d(material.clone()),
            AtlasPart,
            Pickable::IGNORE,
        ));
        commands.spawn((
            Mesh3d(meshes.add(stroke_mesh(&flat, flat_indices))),
            MeshMaterial3d(material.clone()),
            Transform::from_xyz(0.0, 0.0, 0.1),
            AtlasPart,
            Pickable::IGNORE,
            RenderLayers::layer(CHART_LAYER),
        ));
    }
}

//! The seam and cone-point atlas (key A, the panel's "Atlas (A)"): hovering a cell on a seam
//! lights each of its seam sides and the glued partner in one colour on both views, with arrows
//! showing how the sides are matched (opposite arrows: glued reversed); a cell at a cone point of
//! genus two shows the eight cells round it and the forbidden diagonal approaches as crossed
//! arrows. A click pins what is shown; the panel says it in words. Picks do not move pieces
//! while the atlas is open.

pub mod glue;

use crate::features::explain::Explained;
use crate::scene::board::Embedded;
use crate::scene::chart::ChartShown;
use crate::scene::flat::FlatMaterial;
use crate::scene::overlay::{Stroke, push_on_chart, push_on_surface, redraw, spawn_on_both_views};
use crate::state::atlas::AtlasPin;
use crate::state::game::CurrentGame;
use crate::state::mode::AtlasView;
use crate::state::selection::Hovered;
use bevy::prelude::*;
use glue::{cone_at, crossed_arrow, describe, pair_arrows, seam_pairs, side_stroke};
use surface_chess_rules::{Cell, Complex};

/// One of the atlas's kept drawings: one colour's strokes on one view.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtlasPart {
    /// The colour: one per glued pair, then the cone point's.
    pub colour: usize,
    /// On the chart (else on the surface).
    pub chart: bool,
}

/// One colour per glued pair (a corner cell has two seam sides), then the cone's.
const COLOURS: [Color; 5] = [
    Color::srgb(1.0, 0.85, 0.1),
    Color::srgb(0.2, 0.9, 1.0),
    Color::srgb(1.0, 0.35, 0.85),
    Color::srgb(0.5, 1.0, 0.3),
    Color::srgb(1.0, 0.95, 0.2),
];

/// Explains what the open atlas shows.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, explain_focus.in_set(crate::schedule::AppSystems::Show));
}

/// The drawing half (needs a window): the lit sides, arrows and cone marks.
pub fn drawing_plugin(app: &mut App) {
    app.add_systems(Startup, spawn_drawings).add_systems(Update, draw_atlas.in_set(crate::schedule::AppSystems::Show));
}

/// The atlas's drawings, one per colour and view, kept from the start.
fn spawn_drawings(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    for (colour, c) in COLOURS.into_iter().enumerate() {
        let ink = materials.add(FlatMaterial::two_sided(c));
        let parts = (AtlasPart { colour, chart: false }, AtlasPart { colour, chart: true });
        spawn_on_both_views(&mut commands, &mut meshes, ink, parts, 0.1);
    }
}

/// The cell the open atlas shows: the pinned one, else the one under the pointer.
fn focus(pin: Option<&AtlasPin>, hovered: &Hovered) -> Option<Cell> {
    pin.and_then(|p| p.0.or(hovered.0))
}

/// Whether the atlas opened, closed or was pinned since the system last ran.
fn atlas_changed(view: &Res<State<AtlasView>>, pin: &Option<Res<AtlasPin>>) -> bool {
    view.is_changed() || pin.as_ref().is_some_and(|p| p.is_changed())
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
    view: Res<State<AtlasView>>,
    pin: Option<Res<AtlasPin>>,
    hovered: Res<Hovered>,
    current: Res<CurrentGame>,
    mut explained: ResMut<Explained>,
) {
    // Closed, the panel's usual explanation takes over (`explain.rs`).
    let open = *view.get() == AtlasView::Open;
    if !open || (!atlas_changed(&view, &pin) && !hovered.is_changed() && !current.is_changed()) {
        return;
    }
    let words = focus(pin.as_deref(), &hovered).map(|cell| atlas_words(current.game.position().complex(), cell));
    explained.set_if_neq(words.unwrap_or_default());
}

/// Redraws what the atlas shows: the lit sides and arrows in each pair's colour, the cone's
/// crossed arrows, on both views.
fn draw_atlas(
    view: Res<State<AtlasView>>,
    pin: Option<Res<AtlasPin>>,
    hovered: Res<Hovered>,
    embedded: Option<Res<Embedded>>,
    chart: Option<Res<ChartShown>>,
    mut drawings: Query<(&AtlasPart, &Mesh3d, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(embedded), Some(chart)) = (embedded, chart) else { return };
    if !atlas_changed(&view, &pin) && !hovered.is_changed() && !embedded.is_changed() && !chart.is_changed() {
        return;
    }
    let surface = &embedded.0;
    let complex = &surface.variant.rules().complex;
    let mut by_colour: Vec<Vec<Stroke>> = vec![Vec::new(); COLOURS.len()];
    let stroke = |cell, line, half: f32| Stroke { cell, line, half, chart_half: half * 1.4 };
    if let Some(cell) = focus(pin.as_deref(), &hovered) {
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
    }
    for (part, mesh, visibility) in &mut drawings {
        let strokes = &by_colour[part.colour];
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        if part.chart {
            push_on_chart(&chart.0, complex, strokes, &mut positions, &mut indices);
        } else {
            push_on_surface(surface, strokes, 0.025, &mut positions, &mut indices);
        }
        redraw(&mut meshes, mesh, visibility, &positions, indices);
    }
}

//! Rays: with a piece selected and the toggle on (key T, the panel's "Rays" button), its movement
//! drawn on both views. On the surface each trail is a curve lying on it, through the seams, with
//! a small arrow on every cell for the direction carried there; on the chart the same trails are
//! segments that leave at a glued edge and come back at its partner, both ends numbered alike. A
//! bar marks where a trail runs off an edge or into a forbidden diagonal, a square where a pawn's
//! facing flips.

pub mod legs;

use crate::scene::board::Embedded;
use crate::scene::chart::ChartShown;
use crate::scene::flat::FlatMaterial;
use crate::scene::glyphs::push_flat_text;
use crate::scene::overlay::{Stroke, push_on_chart, push_on_surface, redraw, spawn_on_both_views};
use crate::state::commands::{Command, View, toggled};
use crate::state::play::PlayState;
use bevy::prelude::*;
use legs::{Leg, leg_arrow, leg_marks, leg_segments, legs, seam_numbers};
use surface_chess_rules::{Cell, FacingMode, Position, Role};

/// Whether the selected piece's rays are drawn.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowRays(pub bool);

impl Default for ShowRays {
    fn default() -> Self {
        ShowRays(true)
    }
}

/// The rays' drawing on one view, kept and redrawn when the selection or the position changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayPart {
    /// On the surface.
    Surface,
    /// On the chart.
    Chart,
}

/// The rays' colour.
pub const RAY: Color = Color::srgb(1.0, 0.45, 0.05);

/// Draws the selected piece's rays.
pub fn plugin(app: &mut App) {
    app.init_resource::<ShowRays>().add_systems(Startup, spawn_drawings).add_systems(
        Update,
        (toggle_rays.in_set(crate::schedule::AppSystems::Rules), draw_rays.in_set(crate::schedule::AppSystems::Show)),
    );
}

/// The rays' two drawings, kept from the start.
fn spawn_drawings(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let ink = materials.add(FlatMaterial::two_sided(RAY));
    spawn_on_both_views(&mut commands, &mut meshes, ink, (RayPart::Surface, RayPart::Chart), 0.09);
}

/// The Rays button and key.
fn toggle_rays(mut commands: MessageReader<Command>, mut show: ResMut<ShowRays>) {
    if toggled(&mut commands, View::Rays) {
        show.0 = !show.0;
    }
}

/// A leg's strokes: its line through the cell (wider), its arrow and its marks.
pub fn leg_strokes(leg: &Leg) -> Vec<Stroke> {
    let stroke = |half: f32| move |line| Stroke { cell: leg.cell, line, half, chart_half: 0.045 };
    let mut out: Vec<Stroke> = leg_segments(leg).into_iter().map(stroke(0.035)).collect();
    out.extend(leg_arrow(leg).into_iter().chain(leg_marks(leg)).map(stroke(0.022)));
    out
}

/// Every leg of the piece on `from`'s trails in `p`, seam crossings numbered across them all.
pub fn piece_legs(p: &Position, from: Cell) -> Vec<Vec<Leg>> {
    let complex = p.complex();
    // Rays follow seams; the stacked levels have none (their guides show moves between levels).
    if crate::state::stack::is_stacked(complex) {
        return Vec::new();
    }
    let flips = p.rules().facing_mode == FacingMode::Transported
        && p.piece_at(from).is_some_and(|piece| piece.role() == Role::Pawn);
    let mut seams = 0;
    p.trails(from).iter().map(|t| legs(complex, from, t, &mut seams, flips)).collect()
}

/// Redraws the selected piece's rays on both views.
fn draw_rays(
    play: PlayState,
    show: Res<ShowRays>,
    embedded: Option<Res<Embedded>>,
    chart: Option<Res<ChartShown>>,
    mut drawings: Query<(&RayPart, &Mesh3d, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(embedded), Some(chart)) = (embedded, chart) else { return };
    if !play.is_changed() && !show.is_changed() && !embedded.is_changed() && !chart.is_changed() {
        return;
    }
    let from = play.selection.selected.filter(|_| show.0 && play.setup.is_none());
    let p = play.shown();
    let trails = from.map(|from| piece_legs(p, from)).unwrap_or_default();
    let complex = p.complex();
    let strokes: Vec<Stroke> = trails.iter().flatten().flat_map(leg_strokes).collect();
    for (part, mesh, visibility) in &mut drawings {
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        match part {
            RayPart::Surface => push_on_surface(&embedded.0, &strokes, 0.02, &mut positions, &mut indices),
            RayPart::Chart => {
                let layout = &chart.0;
                push_on_chart(layout, complex, &strokes, &mut positions, &mut indices);
                for legs in &trails {
                    for (number, at) in seam_numbers(layout, complex, legs) {
                        push_flat_text(&number.to_string(), at, 0.38, &mut positions, &mut indices);
                    }
                }
            }
        }
        redraw(&mut meshes, mesh, visibility, &positions, indices);
    }
}

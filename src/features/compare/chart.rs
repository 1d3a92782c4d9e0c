//! The twin's chart beside the board's in the chart view: its cells, seams and gluing arrows,
//! the position's pieces, the selected piece's destinations and the difference marks, with the
//! chart camera framing the two (unless the unrolled view is on show in the chart view's place).
//! The seam note above the chart names both.

use super::compared::{Compared, ComparedSystems, DIFFERS, difference_strokes};
use crate::features::unrolled::UnrolledShown;
use crate::scene::board::Palette;
use crate::scene::camera::ChartFrame;
use crate::scene::chart::{
    CHART_LAYER, ChartLayout, ChartShown, Flipped, TokenKit, mark_placement, spawn_chart, token_placements,
};
use crate::scene::flat::{Assets3d, FlatMaterial};
use crate::scene::kept::{Kept, lay_out};
use crate::scene::overlay::{drawing, push_on_chart, redraw};
use bevy::camera::visibility::RenderLayers;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// The gap between the two charts, in cells.
const GAP: f32 = 2.0;

/// Everything spawned for the twin's chart, despawned when it changes or goes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TwinChartPart;

/// A piece on the twin's chart.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TwinToken;

/// A destination mark on the twin's chart.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TwinChartMark;

/// The difference marks on the twin's chart.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TwinChartDifferences;

/// The twin's chart on show: its layout and where it lies in the chart view's plane.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TwinChart {
    /// The layout.
    pub layout: ChartLayout,
    /// The centre of its charts.
    pub origin: Vec2,
}

/// Builds and draws the twin's chart.
pub fn plugin(app: &mut App) {
    app.init_resource::<ChartFrame>().add_systems(Startup, spawn_drawing).add_systems(
        Update,
        (build_chart, frame_both, (place_tokens, mark_destinations, draw_differences))
            .chain()
            .in_set(crate::schedule::AppSystems::Show)
            .after(ComparedSystems)
            .after(crate::features::unrolled::choose_view),
    );
}

fn spawn_drawing(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let ink = materials.add(FlatMaterial::two_sided(DIFFERS));
    commands.spawn((
        drawing(&mut meshes, ink),
        Transform::from_xyz(0.0, 0.0, 0.1),
        TwinChartDifferences,
        RenderLayers::layer(CHART_LAYER),
    ));
}

/// Where the twin's chart lies: right of the board's, [`GAP`] cells apart.
pub fn twin_origin(board: &ChartLayout, twin: &ChartLayout) -> Vec2 {
    Vec2::new((board.size.x + twin.size.x) / 2.0 + GAP, 0.0)
}

/// Spawns the twin's chart when the twin, the flip or the board's chart changes.
#[allow(clippy::too_many_arguments)]
fn build_chart(
    mut commands: Commands,
    compared: Res<Compared>,
    flipped: Res<Flipped>,
    shown: Option<Res<ChartShown>>,
    palette: Option<Res<Palette>>,
    current: Option<Res<TwinChart>>,
    parts: Query<Entity, With<TwinChartPart>>,
    assets: Assets3d,
) {
    let Assets3d { mut meshes, mut materials } = assets;
    let (Some(shown), Some(palette)) = (shown, palette) else { return };
    let wanted = compared.0.as_ref().map(|c| {
        let layout = ChartLayout::new(c.variant(), flipped.0);
        TwinChart { origin: twin_origin(&shown.0, &layout), layout }
    });
    if current.as_deref() == wanted.as_ref() {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let Some(twin) = wanted else {
        commands.remove_resource::<TwinChart>();
        return;
    };
    let layer = RenderLayers::layer(CHART_LAYER);
    spawn_chart(
        &mut commands,
        &twin.layout,
        twin.origin,
        &palette,
        &mut meshes,
        &mut materials,
        (TwinChartPart, layer.clone()),
    );
    commands.insert_resource(twin);
}

/// Frames both charts while the twin's is on show (the unrolled view frames itself).
fn frame_both(
    twin: Option<Res<TwinChart>>,
    shown: Option<Res<ChartShown>>,
    unrolled: Option<Res<UnrolledShown>>,
    mut frame: ResMut<ChartFrame>,
) {
    let Some(shown) = shown else { return };
    if unrolled.as_ref().is_some_and(|u| u.active()) {
        return;
    }
    let wanted = twin.map(|t| {
        let right = t.origin.x + t.layout.size.x / 2.0;
        let left = -shown.0.size.x / 2.0;
        let height = shown.0.size.y.max(t.layout.size.y);
        (Vec2::new((left + right) / 2.0, 0.0), Vec2::new(right - left + 1.5, height + 2.4))
    });
    frame.set_if_neq(ChartFrame(wanted));
}

fn place_tokens(
    mut commands: Commands,
    compared: Res<Compared>,
    twin: Option<Res<TwinChart>>,
    kit: Option<Res<TokenKit>>,
    mut tokens: Kept<FlatMaterial, TwinToken>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut letters: Local<HashMap<String, Handle<Mesh>>>,
) {
    let Some(kit) = kit else { return };
    if !compared.is_changed() && !twin.as_ref().is_some_and(|t| t.is_changed()) {
        return;
    }
    let wanted = match (compared.0.as_ref(), twin.as_ref()) {
        (Some(shown), Some(t)) => {
            token_placements(&kit, &t.layout, t.origin, shown.twin.pieces(), &mut letters, &mut meshes, TwinToken)
        }
        _ => Vec::new(),
    };
    lay_out(&mut commands, &mut tokens, wanted, RenderLayers::layer(CHART_LAYER));
}

fn mark_destinations(
    mut commands: Commands,
    compared: Res<Compared>,
    twin: Option<Res<TwinChart>>,
    kit: Option<Res<TokenKit>>,
    palette: Option<Res<Palette>>,
    mut marks: Kept<FlatMaterial, TwinChartMark>,
) {
    let (Some(kit), Some(palette)) = (kit, palette) else { return };
    if !compared.is_changed() && !twin.as_ref().is_some_and(|t| t.is_changed()) {
        return;
    }
    let mut wanted = Vec::new();
    if let (Some(shown), Some(t)) = (compared.0.as_ref(), twin.as_ref())
        && let Some((from, there, _)) = shown.twin_moves()
    {
        for cell in there {
            let capture = shown.captures_on_twin(from, cell);
            wanted.push(mark_placement(
                &kit,
                &t.layout,
                t.origin,
                (cell, capture),
                palette.mark.clone(),
                TwinChartMark,
            ));
        }
    }
    lay_out(&mut commands, &mut marks, wanted, RenderLayers::layer(CHART_LAYER));
}

fn draw_differences(
    compared: Res<Compared>,
    twin: Option<Res<TwinChart>>,
    mut drawings: Query<(&Mesh3d, &mut Visibility, &mut Transform), With<TwinChartDifferences>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    if !compared.is_changed() && !twin.as_ref().is_some_and(|t| t.is_changed()) {
        return;
    }
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    if let (Some(shown), Some(t)) = (compared.0.as_ref(), twin.as_ref())
        && let Some((_, there, here)) = shown.twin_moves()
    {
        let strokes = difference_strokes(&there, &here);
        push_on_chart(&t.layout, shown.twin.complex(), &strokes, &mut positions, &mut indices);
    }
    let origin = twin.as_ref().map_or(Vec2::ZERO, |t| t.origin);
    for (mesh, visibility, mut transform) in &mut drawings {
        transform.translation = origin.extend(0.1);
        redraw(&mut meshes, mesh, visibility, &positions, indices.clone());
    }
}

//! Overlays drawn on both views from strokes in cells' unit squares (the rays, the atlas): on the
//! surface a stroke becomes a ribbon sampled on it, lifted to both sides; on the chart, a quad in
//! the chart's plane. Each overlay keeps its [`Drawing`]s and rewrites their meshes in place.

use crate::scene::chart::ChartLayout;
use crate::scene::flat::FlatMaterial;
use crate::scene::glyphs::{push_stroke, stroke_mesh};
use crate::scene::surface::Surface;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Complex};

/// A stroke in a cell's unit square, with its half widths on the surface (in cell sizes) and on
/// the chart (in cells).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// The cell.
    pub cell: Cell,
    /// From, to, in the cell's unit square.
    pub line: (Vec2, Vec2),
    /// Half its width on the surface, in cell sizes.
    pub half: f32,
    /// Half its width on the chart, in cells.
    pub chart_half: f32,
}

/// Samples per stroke on the surface: enough for a ribbon to follow the surface's curvature.
const SAMPLES: usize = 6;

/// Pushes the strokes as ribbons lying on the surface, `lift` cell sizes off it on both sides.
pub fn push_on_surface(
    surface: &Surface,
    strokes: &[Stroke],
    lift: f32,
    positions: &mut Vec<Vec3>,
    indices: &mut Vec<u32>,
) {
    let size = surface.cell_size();
    for s in strokes {
        for side in [1.0, -1.0] {
            let points = on_surface(surface, s.cell, s.line, SAMPLES, size * lift * side);
            for pair in points.windows(2) {
                push_stroke(pair[0].0, pair[1].0, pair[0].1, size * s.half, positions, indices);
            }
        }
    }
}

/// Pushes the strokes as quads in the chart view's plane.
pub fn push_on_chart(
    layout: &ChartLayout,
    complex: &Complex,
    strokes: &[Stroke],
    positions: &mut Vec<Vec3>,
    indices: &mut Vec<u32>,
) {
    for s in strokes {
        let (a, b) = on_chart(layout, complex, s.cell, s.line);
        push_stroke(a.extend(0.0), b.extend(0.0), Vec3::Z, s.chart_half, positions, indices);
    }
}

/// Samples a stroke of the cell's unit square on the surface: points lifted by `lift` along the
/// surface normal, `n` segments, each with its normal. The curve lies on the surface.
pub fn on_surface(surface: &Surface, cell: Cell, (a, b): (Vec2, Vec2), n: usize, lift: f32) -> Vec<(Vec3, Vec3)> {
    (0..=n)
        .map(|i| {
            let p = a.lerp(b, i as f32 / n as f32);
            let (at, normal) = surface.at(cell, p.x, p.y);
            (at + normal * lift, normal)
        })
        .collect()
}

/// A stroke of the cell's unit square in the chart view's plane.
pub fn on_chart(layout: &ChartLayout, complex: &Complex, cell: Cell, (a, b): (Vec2, Vec2)) -> (Vec2, Vec2) {
    let at = complex.coord(cell);
    let place = |p: Vec2| layout.point(at.chart, f32::from(at.file) + p.x, f32::from(at.rank) + p.y);
    (place(a), place(b))
}

/// A drawing kept across changes (an overlay's strokes on one view): when what it shows changes,
/// its mesh asset is rewritten in place; while there is nothing to show it is hidden.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Drawing;

/// A kept drawing: a placeholder mesh (one degenerate triangle: the mesh allocator takes no
/// empty mesh) in `material`, hidden until drawn. Add the view's render layer, an offset or a
/// marker to it.
pub fn drawing(meshes: &mut Assets<Mesh>, material: Handle<FlatMaterial>) -> impl Bundle {
    (
        Mesh3d(meshes.add(stroke_mesh(&[Vec3::ZERO; 3], vec![0, 1, 2]))),
        MeshMaterial3d(material),
        Visibility::Hidden,
        Drawing,
        Pickable::IGNORE,
    )
}

/// A kept drawing on each view in `ink`: on the surface marked `surface`, on the chart (its
/// render layer, `z` above the charts) marked `chart`.
pub fn spawn_on_both_views(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    ink: Handle<FlatMaterial>,
    (surface, chart): (impl Bundle, impl Bundle),
    z: f32,
) {
    commands.spawn((drawing(meshes, ink.clone()), surface));
    commands.spawn((
        drawing(meshes, ink),
        Transform::from_xyz(0.0, 0.0, z),
        bevy::camera::visibility::RenderLayers::layer(crate::scene::chart::CHART_LAYER),
        chart,
    ));
}

/// Shows the strokes in a kept drawing, rewriting its mesh in place, or hides it when there are
/// none.
pub fn redraw(
    meshes: &mut Assets<Mesh>,
    mesh: &Mesh3d,
    mut visibility: Mut<Visibility>,
    positions: &[Vec3],
    indices: Vec<u32>,
) {
    let wanted = if positions.is_empty() { Visibility::Hidden } else { Visibility::Inherited };
    if let Some(mut asset) = meshes.get_mut(&mesh.0).filter(|_| !positions.is_empty()) {
        *asset = stroke_mesh(positions, indices);
    }
    visibility.set_if_neq(wanted);
}

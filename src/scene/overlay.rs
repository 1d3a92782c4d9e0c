//! Overlays drawn on both views from strokes in cells' unit squares (the rays, the atlas): on the
//! surface a stroke becomes a ribbon sampled on it, lifted to both sides; on the chart, a quad in
//! the chart's plane.

use crate::chart::ChartLayout;
use crate::glyphs::push_stroke;
use crate::rays::legs::{on_chart, on_surface};
use crate::surface::Surface;
use bevy::math::{Vec2, Vec3};
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

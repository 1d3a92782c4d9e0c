//! Cell names written on the surface itself: each cell carries its square's name (`d4`) in the
//! corner left of its south side, as thin strokes lying on the surface, on each side from which
//! the surface can be seen, reading left to right from that side.

use super::geometry::Surface;
use crate::scene::glyphs::{ASCENT, DESCENT, STROKE, push_stroke, stroke_mesh, text_segments, text_width};
use bevy::math::{Vec2, Vec3};
use bevy::mesh::Mesh;
use surface_chess_rules::Cell;

/// Largest height of a label (descender to ascender) as a fraction of the cell's height.
const HEIGHT: f32 = 0.36;
/// Distance of the label from the cell's corner, as a fraction of the cell.
const MARGIN: f32 = 0.05;

/// The label of a cell: its square without the chart (the chart shows in the cell's tint), but
/// with the level on stacked boards (`2e4`, the cell's name: the notation the player writes).
pub fn label_text(surface: &Surface, cell: Cell) -> String {
    let complex = &surface.variant.rules().complex;
    if surface.level(cell).is_some() {
        return complex.name(cell);
    }
    let at = complex.coord(cell);
    format!("{}{}", char::from(b'a' + at.file), u32::from(at.rank) + 1)
}

/// The sides a surface is seen from: both for the one-sided boards and the flat board, only
/// the outside for the closed, orientable genus-two surface.
pub fn visible_sides(surface: &Surface) -> &'static [f32] {
    if surface.normals.is_some() { &[1.0] } else { &[1.0, -1.0] }
}

/// One label's placement: where its text starts in the cell (`u`, `v` in [0, 1]), which way it
/// runs along `u` (+1 east, −1 west) and the normal it is seen along.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// The side of the surface (+1 or −1 times the cell's normal).
    pub side: f32,
    /// The start of the baseline in the cell's unit square.
    pub origin: Vec2,
    /// +1 when the text runs east, −1 when it runs west.
    pub run: f32,
    /// Font units to cell fractions, along `u` and along `v`.
    pub scale: Vec2,
}

/// Where a cell's label goes on one side: seen from that side, the chart's east points right
/// or left, and the text runs whichever way reads left to right. Glyphs keep their shape in space
/// and one size across the board (`size`, in space units), shrunk where a cell is too small.
pub fn placement(surface: &Surface, cell: Cell, side: f32, size: f32) -> Placement {
    let k = surface.k;
    let (east, north) = surface.tangents(cell, k / 2, k / 2);
    let seen_along = surface.centre_normal(cell) * side;
    let run = if east.cross(north).dot(seen_along) >= 0.0 { 1.0 } else { -1.0 };
    // The cell's size where the label goes (cells of the curved boards are not parallelograms).
    let (u, v, d) = (if run > 0.0 { 0.25 } else { 0.75 }, 0.15, 0.1);
    let point = |u: f32, v: f32| surface.at(cell, u, v).0;
    let width = point(u + d, v).distance(point(u - d, v)) / (2.0 * d);
    let height = point(u, v + d).distance(point(u, v - d)) / (2.0 * d);
    let tall = size.min(HEIGHT * height) / (ASCENT - DESCENT);
    let mut scale = Vec2::new(tall / width.max(f32::EPSILON), tall / height.max(f32::EPSILON));
    let across = scale.x * text_width(&label_text(surface, cell));
    if across > 1.0 - 2.0 * MARGIN {
        scale *= (1.0 - 2.0 * MARGIN) / across;
    }
    let u = if run > 0.0 { MARGIN } else { 1.0 - MARGIN };
    Placement { side, origin: Vec2::new(u, MARGIN - DESCENT * scale.y), run, scale }
}

/// The height of the labels on a board, in space units.
pub fn label_size(surface: &Surface) -> f32 {
    surface.cell_size() * 0.2
}

/// The labels of the given cells, lifted `lift` off the surface, as one triangle mesh whose
/// triangles face the side they are read from (back faces can be culled).
pub fn label_mesh(surface: &Surface, lift: f32, cells: impl Iterator<Item = Cell>) -> Mesh {
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    let size = label_size(surface);
    for cell in cells {
        let segments = text_segments(&label_text(surface, cell));
        for &side in visible_sides(surface) {
            let place = placement(surface, cell, side, size);
            let in_cell = |p: Vec2| place.origin + Vec2::new(place.run * p.x * place.scale.x, p.y * place.scale.y);
            for &(a, b) in &segments {
                push_segment(surface, cell, &place, lift, in_cell(a), in_cell(b), &mut positions, &mut indices);
            }
        }
    }
    stroke_mesh(&positions, indices)
}

/// One stroke segment from `a` to `b` (cell fractions) as a quad lying on the surface.
#[allow(clippy::too_many_arguments)]
fn push_segment(
    surface: &Surface,
    cell: Cell,
    place: &Placement,
    lift: f32,
    a: Vec2,
    b: Vec2,
    positions: &mut Vec<Vec3>,
    indices: &mut Vec<u32>,
) {
    let lifted = |p: Vec2| {
        let (at, normal) = surface.at(cell, p.x, p.y);
        at + normal * place.side * lift
    };
    let (_, normal) = surface.at(cell, (a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    // Stroke width in space: font units times the length of a unit along v here.
    let (v0, _) = surface.at(cell, a.x, a.y);
    let (v1, _) = surface.at(cell, a.x, a.y + place.scale.y);
    let half = v0.distance(v1) * STROKE / 2.0;
    push_stroke(lifted(a), lifted(b), normal * place.side, half, positions, indices);
}

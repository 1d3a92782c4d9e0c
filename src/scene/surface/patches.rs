//! Meshes made from an embedded surface: one patch per cell (so picking a triangle names its
//! cell), the cell grid and the seams as line lists.

use super::geometry::Surface;
use bevy::asset::RenderAssetUsages;
use bevy::math::Vec3;
use bevy::mesh::{Indices, Mesh};
use bevy::render::render_resource::PrimitiveTopology;
use surface_chess_rules::{Cell, Dir, Vector};

/// The patch of one cell: `k × k` quads, counter-clockwise in the chart (SW, SE, NE, NW), with
/// normals, and UVs running over the cell.
pub fn cell_mesh(surface: &Surface, cell: Cell) -> Mesh {
    let k = surface.k;
    let mut positions = Vec::with_capacity((k + 1) * (k + 1));
    let mut normals = Vec::with_capacity(positions.capacity());
    let mut uvs = Vec::with_capacity(positions.capacity());
    for j in 0..=k {
        for i in 0..=k {
            positions.push(surface.point(cell, i, j).to_array());
            normals.push(surface.normal(cell, i, j).to_array());
            uvs.push([i as f32 / k as f32, 1.0 - j as f32 / k as f32]);
        }
    }
    let at = |i: usize, j: usize| (j * (k + 1) + i) as u32;
    let mut indices = Vec::with_capacity(k * k * 6);
    for j in 0..k {
        for i in 0..k {
            let [a, b, c, d] = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
            indices.extend_from_slice(&[a, b, c, a, c, d]);
        }
    }
    let colors: Vec<[f32; 4]> = normals.iter().map(|&n| shade(Vec3::from_array(n))).collect();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
        .with_inserted_indices(Indices::U32(indices))
}

/// Baked two-sided diffuse shading for a normal: software renderers cannot afford per-pixel
/// lighting at a playable frame rate, so materials are unlit and meshes carry this as vertex
/// colour (the material's colour multiplies it).
pub fn shade(normal: Vec3) -> [f32; 4] {
    let light = Vec3::new(0.35, 1.0, 0.55).normalize();
    let s = 0.42 + 0.58 * normal.dot(light).abs();
    [s, s, s, 1.0]
}

/// The lattice points `(i, j)` along one side of a cell subdivided `k` times, in increasing order.
pub fn side_lattice(k: usize, side: Dir) -> impl Iterator<Item = (usize, usize)> {
    (0..=k).map(move |t| match side {
        Dir::South => (t, 0),
        Dir::North => (t, k),
        Dir::West => (0, t),
        Dir::East => (k, t),
    })
}

/// The points along one side of a cell, lifted off the surface by `lift` along the normal.
fn side_points(surface: &Surface, cell: Cell, side: Dir, lift: f32) -> Vec<Vec3> {
    side_lattice(surface.k, side).map(|(i, j)| surface.point(cell, i, j) + surface.normal(cell, i, j) * lift).collect()
}

fn line_mesh(segments: Vec<[f32; 3]>) -> Mesh {
    Mesh::new(PrimitiveTopology::LineList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, segments)
}

fn push_polyline(out: &mut Vec<[f32; 3]>, points: &[Vec3]) {
    for pair in points.windows(2) {
        out.push(pair[0].to_array());
        out.push(pair[1].to_array());
    }
}

/// The borders of the given cells on both sides of the surface (lifted by `lift` either way),
/// each edge once per side (boundary edges included).
pub fn grid_lines(surface: &Surface, lift: f32, cells: impl Iterator<Item = Cell>) -> Mesh {
    let complex = &surface.variant.rules().complex;
    let mut out = Vec::new();
    for cell in cells {
        for side in Dir::ALL {
            let drawn_by_neighbour = complex.gluing(cell, side).is_some_and(|g| g.to < cell);
            if drawn_by_neighbour {
                continue;
            }
            for sign in [1.0, -1.0] {
                push_polyline(&mut out, &side_points(surface, cell, side, lift * sign));
            }
        }
    }
    line_mesh(out)
}

/// The seams: glued edges that are not the plain in-chart neighbour (chart edges, the twisted
/// sides, the genus-two staircase), on both sides of the surface.
pub fn seam_lines(surface: &Surface, lift: f32) -> Mesh {
    let complex = &surface.variant.rules().complex;
    let mut out = Vec::new();
    for cell in complex.cells() {
        for side in Dir::ALL {
            let Some(g) = complex.gluing(cell, side) else { continue };
            if g.to < cell || !complex.crosses_seam(cell, side.vector(), g.to, g.derivative) {
                continue;
            }
            for sign in [1.0, -1.0] {
                push_polyline(&mut out, &side_points(surface, cell, side, lift * sign));
            }
        }
    }
    line_mesh(out)
}

/// A unit vector along the cell's chart direction `v` at its centre.
pub fn chart_direction(surface: &Surface, cell: Cell, v: Vector) -> Vec3 {
    let h = surface.k / 2;
    let (east, north) = surface.tangents(cell, h, h);
    let d = east.normalize_or_zero() * f32::from(v.x) + north.normalize_or_zero() * f32::from(v.y);
    d.normalize_or_zero()
}

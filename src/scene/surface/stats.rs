//! Mesh statistics of an embedded board, measured on the rendered mesh (each cell `k × k`
//! quads, each quad two triangles as drawn):
//!
//! * **area** of a cell: the sum of its quads' areas (`|(c − a) × (d − b)| / 2` for the quad
//!   `a b c d`), reported relative to the mean cell area; the median of an even count is the mean
//!   of the two middle values;
//! * **aspect** of a cell: the longer over the shorter of its mean east-west side (the mean length
//!   of its south and north sides) and its mean north-south side (west and east), each side's
//!   length measured along the surface as the sum of its `k` lattice segments;
//! * **self-intersections**: pairs of triangles sharing no vertex that cross (an edge of one
//!   passes through the inside of the other), found with a uniform grid of bins.

use super::geometry::Surface;
use bevy::math::{DVec3, IVec3};
use std::collections::HashMap;
use std::fmt;
use std::time::Instant;
use surface_chess_rules::{Cell, Variant};

/// The statistics of one board's mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct MeshStats {
    /// Number of cells.
    pub cells: usize,
    /// Smallest cell area, relative to the mean cell area.
    pub min: f64,
    /// Median cell area, relative to the mean.
    pub median: f64,
    /// Largest cell area, relative to the mean.
    pub max: f64,
    /// The largest cell aspect ratio.
    pub aspect: f64,
    /// Pairs of triangles sharing no vertex that cross each other.
    pub self_intersections: usize,
    /// Time taken by `Surface::new`, in milliseconds.
    pub build_ms: f64,
}

impl fmt::Display for MeshStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cells {} min {:.2} median {:.2} max {:.2} aspect {:.2} self-intersections {} build {:.1} ms",
            self.cells, self.min, self.median, self.max, self.aspect, self.self_intersections, self.build_ms
        )
    }
}

/// Builds a board's surface (timing it) and measures its mesh.
pub fn mesh_stats(variant: Variant) -> MeshStats {
    let start = Instant::now();
    let surface = Surface::new(variant);
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    measure(&surface, build_ms)
}

/// Measures an embedded surface; `build_ms` is passed through.
pub fn measure(surface: &Surface, build_ms: f64) -> MeshStats {
    let areas = cell_areas(surface);
    let mean = areas.iter().sum::<f64>() / areas.len() as f64;
    let mut relative: Vec<f64> = areas.iter().map(|a| a / mean).collect();
    relative.sort_by(f64::total_cmp);
    let n = relative.len();
    let median = if n % 2 == 1 { relative[n / 2] } else { (relative[n / 2 - 1] + relative[n / 2]) / 2.0 };
    MeshStats {
        cells: n,
        min: relative[0],
        median,
        max: relative[n - 1],
        aspect: cell_aspects(surface).into_iter().fold(0.0, f64::max),
        self_intersections: self_intersections(surface),
        build_ms,
    }
}

fn cells(surface: &Surface) -> impl Iterator<Item = Cell> {
    surface.variant.rules().complex.cells()
}

fn at(surface: &Surface, cell: Cell, i: usize, j: usize) -> DVec3 {
    surface.point(cell, i, j).as_dvec3()
}

/// Each cell's area (in cell order): the sum of its quads' areas.
pub fn cell_areas(surface: &Surface) -> Vec<f64> {
    let k = surface.k;
    cells(surface)
        .map(|cell| {
            let p = |i, j| at(surface, cell, i, j);
            let mut area = 0.0;
            for j in 0..k {
                for i in 0..k {
                    area += (p(i + 1, j + 1) - p(i, j)).cross(p(i, j + 1) - p(i + 1, j)).length() / 2.0;
                }
            }
            area
        })
        .collect()
}

/// Each cell's aspect ratio (in cell order): the longer over the shorter of its mean east-west and
/// mean north-south side lengths, measured along the surface.
pub fn cell_aspects(surface: &Surface) -> Vec<f64> {
    let k = surface.k;
    cells(surface)
        .map(|cell| {
            let length = |points: &mut dyn Iterator<Item = (usize, usize)>| {
                let points: Vec<DVec3> = points.map(|(i, j)| at(surface, cell, i, j)).collect();
                points.windows(2).map(|w| w[0].distance(w[1])).sum::<f64>()
            };
            let south = length(&mut (0..=k).map(|i| (i, 0)));
            let north = length(&mut (0..=k).map(|i| (i, k)));
            let west = length(&mut (0..=k).map(|j| (0, j)));
            let east = length(&mut (0..=k).map(|j| (k, j)));
            let (east_west, north_south) = ((south + north) / 2.0, (west + east) / 2.0);
            east_west.max(north_south) / east_west.min(north_south)
        })
        .collect()
}

/// The triangles of the rendered mesh: vertex ids and corner positions.
fn triangles(surface: &Surface) -> Vec<([u32; 3], [DVec3; 3])> {
    let k = surface.k;
    let mut out = Vec::with_capacity(surface.ids.len() * k * k * 2);
    for cell in cells(surface) {
        let id = |i: usize, j: usize| surface.ids[cell.index()][j * (k + 1) + i];
        for j in 0..k {
            for i in 0..k {
                let q = [id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)];
                for t in [[q[0], q[1], q[2]], [q[0], q[2], q[3]]] {
                    out.push((t, t.map(|v| surface.positions[v as usize].as_dvec3())));
                }
            }
        }
    }
    out
}

/// Whether segment `pq` passes through the inside of triangle `abc` (Möller–Trumbore with small
/// tolerances, so that touching at an edge or a corner does not count).
fn segment_crosses(p: DVec3, q: DVec3, [a, b, c]: [DVec3; 3]) -> bool {
    let dir = q - p;
    let (e1, e2) = (b - a, c - a);
    let h = dir.cross(e2);
    let det = e1.dot(h);
    if det.abs() <= 1e-9 * dir.length() * e1.length() * e2.length() {
        return false;
    }
    let f = 1.0 / det;
    let s = p - a;
    let u = f * s.dot(h);
    let qv = s.cross(e1);
    let w = f * dir.dot(qv);
    let t = f * e2.dot(qv);
    (1e-6..=1.0 - 1e-6).contains(&t) && u > 1e-6 && w > 1e-6 && u + w < 1.0 - 1e-6
}

fn triangles_cross(t1: [DVec3; 3], t2: [DVec3; 3]) -> bool {
    let edges = |t: [DVec3; 3]| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])];
    edges(t1).iter().any(|&(p, q)| segment_crosses(p, q, t2))
        || edges(t2).iter().any(|&(p, q)| segment_crosses(p, q, t1))
}

/// Pairs of triangles of the rendered mesh that share no vertex and cross each other.
pub fn self_intersections(surface: &Surface) -> usize {
    let tris = triangles(surface);
    let bounds: Vec<(DVec3, DVec3)> =
        tris.iter().map(|(_, t)| (t[0].min(t[1]).min(t[2]), t[0].max(t[1]).max(t[2]))).collect();
    // Bins about twice a triangle's size: each triangle lands in a few, each bin holds a few dozen.
    let edge_sum: f64 = tris.iter().map(|(_, t)| t[0].distance(t[1]) + t[1].distance(t[2])).sum();
    let bin = edge_sum / (2 * tris.len()) as f64 * 2.0;
    let key = |p: DVec3| (p / bin).floor().as_ivec3();
    let mut grid: HashMap<IVec3, Vec<u32>> = HashMap::new();
    for (n, (lo, hi)) in bounds.iter().enumerate() {
        let (lo, hi) = (key(*lo), key(*hi));
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    grid.entry(IVec3::new(x, y, z)).or_default().push(n as u32);
                }
            }
        }
    }
    let mut count = 0;
    for (&cell, members) in &grid {
        for (a, &i) in members.iter().enumerate() {
            for &j in &members[a + 1..] {
                let ((vi, ti), (vj, tj)) = (&tris[i as usize], &tris[j as usize]);
                let ((lo_i, hi_i), (lo_j, hi_j)) = (bounds[i as usize], bounds[j as usize]);
                let (lo, hi) = (lo_i.max(lo_j), hi_i.min(hi_j));
                // Boxes apart, or the pair is met first in another bin (each pair counts once: in
                // the bin holding the low corner of the boxes' overlap).
                if lo.cmpgt(hi).any() || key(lo) != cell {
                    continue;
                }
                if vi.iter().any(|v| vj.contains(v)) {
                    continue;
                }
                if triangles_cross(*ti, *tj) {
                    count += 1;
                }
            }
        }
    }
    count
}

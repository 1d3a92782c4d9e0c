//! [`Surface`]: a board embedded in space, its lattice points identified across glued edges.

use super::embedding::chart_point;
use super::genus2;
use super::klein::Bottle;
use super::look;
use bevy::math::{DVec3, Vec3};
use surface_chess_rules::{Cell, Complex, Mesh as Topology, Variant, identified_points};

/// A board embedded in space.
#[derive(Clone, Debug)]
pub struct Surface {
    /// Which board.
    pub variant: Variant,
    /// Subdivisions per cell side.
    pub k: usize,
    /// Vertex id of each lattice point `(i, j)` of each cell, index `j·(k+1) + i`.
    pub ids: Vec<Vec<u32>>,
    /// Position of each identified vertex (y up).
    pub positions: Vec<Vec3>,
    /// Outward normals per vertex where the surface has one side to be seen from (genus two's
    /// outside, the stacked levels' tops); `None` for the boards seen from both sides, whose
    /// patches take their normals from their own geometry.
    pub normals: Option<Vec<Vec3>>,
    /// Vertex ids (at subdivision `k`) of the cone points: where other than four cells meet.
    pub cones: Vec<u32>,
}

/// z-up (the embedding notes) to Bevy's y-up, a rotation.
fn y_up(p: DVec3) -> Vec3 {
    Vec3::new(p.x as f32, p.z as f32, -p.y as f32)
}

impl Surface {
    /// Embeds a variant's board, computed from its complex.
    pub fn new(variant: Variant) -> Surface {
        let complex = &variant.rules().complex;
        let k = look::SUBDIVISION;
        let (ids, count) = identified_points(complex, k);
        let shape = look::look(variant).shape;
        let (positions, normals) = if shape == look::Shape::DoubleTorus {
            let (p, n) = genus2::genus2_vertices(complex, k);
            (p.into_iter().map(y_up).collect(), Some(n.into_iter().map(|v| y_up(v).normalize()).collect()))
        } else {
            // The Klein bottle is built afresh (its shape is computed, not a table).
            let bottle = (shape == look::Shape::Bottle).then(Bottle::new);
            let embed = |chart, x, y| match &bottle {
                Some(bottle) => bottle.point(x, y),
                None => chart_point(variant, chart, x, y),
            };
            let mut sum = vec![(DVec3::ZERO, 0.0); count];
            for cell in complex.cells() {
                let at = complex.coord(cell);
                for j in 0..=k {
                    for i in 0..=k {
                        let x = f64::from(at.file) + i as f64 / k as f64;
                        let y = f64::from(at.rank) + j as f64 / k as f64;
                        let v = ids[cell.index()][j * (k + 1) + i] as usize;
                        sum[v].0 += embed(at.chart, x, y);
                        sum[v].1 += 1.0;
                    }
                }
            }
            let positions: Vec<Vec3> = sum.iter().map(|(s, n)| (*s / *n).as_vec3()).collect();
            // Levels are seen from above: their tops face up.
            let normals = matches!(shape, look::Shape::Levels { .. }).then(|| vec![Vec3::Y; positions.len()]);
            (positions, normals)
        };
        let cones = cone_vertices(complex, &ids, k);
        Surface { variant, k, ids, positions, normals, cones }
    }

    /// The level a cell lies on (its chart's index, 0 = level 1 at the bottom), on boards whose
    /// charts are stacked levels.
    pub fn level(&self, cell: Cell) -> Option<u8> {
        crate::state::stack::level_of(&self.variant.rules().complex, cell)
    }

    /// Whether the board is stacked levels.
    pub fn stacked(&self) -> bool {
        crate::state::stack::is_stacked(&self.variant.rules().complex)
    }

    /// The sides pieces stand on and marks lie on (+1 along the normal, −1 against it): the tops
    /// of stacked levels, both sides of every other board (the one-sided boards have no other
    /// side to hide them on).
    pub fn sides(&self) -> &'static [f32] {
        if self.stacked() { &[1.0] } else { &[1.0, -1.0] }
    }

    /// The position of lattice point `(i, j)` of a cell.
    pub fn point(&self, cell: Cell, i: usize, j: usize) -> Vec3 {
        self.positions[self.ids[cell.index()][j * (self.k + 1) + i] as usize]
    }

    /// The point at `(u, v)` ∈ [0, 1]² of a cell (east, north; bilinear between lattice points)
    /// and the unit normal there.
    pub fn at(&self, cell: Cell, u: f32, v: f32) -> (Vec3, Vec3) {
        let k = self.k as f32;
        let (x, y) = (u.clamp(0.0, 1.0) * k, v.clamp(0.0, 1.0) * k);
        let (i, j) = ((x as usize).min(self.k - 1), (y as usize).min(self.k - 1));
        let (fx, fy) = (x - i as f32, y - j as f32);
        let blend = |f: &dyn Fn(usize, usize) -> Vec3| {
            f(i, j).lerp(f(i + 1, j), fx).lerp(f(i, j + 1).lerp(f(i + 1, j + 1), fx), fy)
        };
        let point = blend(&|i, j| self.point(cell, i, j));
        let normal = blend(&|i, j| self.normal(cell, i, j)).normalize_or(Vec3::Y);
        (point, normal)
    }

    /// The cell's centre.
    pub fn centre(&self, cell: Cell) -> Vec3 {
        let h = self.k / 2;
        self.point(cell, h, h)
    }

    /// The unit normal at lattice point `(i, j)` of a cell, oriented with the cell's chart
    /// (east × north) on one-sided boards, outward on genus two.
    pub fn normal(&self, cell: Cell, i: usize, j: usize) -> Vec3 {
        if let Some(normals) = &self.normals {
            return normals[self.ids[cell.index()][j * (self.k + 1) + i] as usize];
        }
        let (east, north) = self.tangents(cell, i, j);
        let n = east.cross(north);
        if n.length_squared() > 0.0 { n.normalize() } else { Vec3::Y }
    }

    /// Chart east and north directions at a lattice point (finite differences inside the cell).
    pub fn tangents(&self, cell: Cell, i: usize, j: usize) -> (Vec3, Vec3) {
        let k = self.k;
        let (i0, i1) = (i.saturating_sub(1), (i + 1).min(k));
        let (j0, j1) = (j.saturating_sub(1), (j + 1).min(k));
        let east = self.point(cell, i1, j) - self.point(cell, i0, j);
        let north = self.point(cell, i, j1) - self.point(cell, i, j0);
        (east, north)
    }

    /// The normal at the cell's centre.
    pub fn centre_normal(&self, cell: Cell) -> Vec3 {
        let h = self.k / 2;
        self.normal(cell, h, h)
    }

    /// A scale for pieces and marks: the mean distance between neighbouring cell centres.
    pub fn cell_size(&self) -> f32 {
        let complex = &self.variant.rules().complex;
        let mut total = 0.0;
        let mut n = 0;
        for cell in complex.cells() {
            let k = self.k;
            let diagonal = self.point(cell, 0, 0).distance(self.point(cell, k, k));
            let other = self.point(cell, k, 0).distance(self.point(cell, 0, k));
            total += (diagonal + other) / 2.0 / std::f32::consts::SQRT_2;
            n += 1;
        }
        total / n as f32
    }
}

/// The vertex ids of the points where eight cells meet, at subdivision `k`.
fn cone_vertices(complex: &Complex, ids: &[Vec<u32>], k: usize) -> Vec<u32> {
    let topology = Topology::of(complex);
    let corner_point = [(0, 0), (k, 0), (k, k), (0, k)];
    let mut out = Vec::new();
    for cell in complex.cells() {
        for (corner, &vertex) in topology.corners[cell.index()].iter().enumerate() {
            if topology.links[vertex as usize].is_cone() {
                let (i, j) = corner_point[corner];
                let id = ids[cell.index()][j * (k + 1) + i];
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

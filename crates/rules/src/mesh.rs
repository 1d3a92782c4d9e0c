//! The mesh a complex defines: vertices after identification, edges, faces, vertex links,
//! orientability and boundary. The rules' geometry table is checked against this, and the app's
//! surface meshes share vertices the same way.

use crate::complex::{Cell, Complex};
use crate::frame::{Dir, Vector};

/// The points of a cell subdivided `k` times per side, `(k+1)²` of them, `(i, j)` = `i` east, `j` north.
fn point_index(k: usize, i: usize, j: usize) -> usize {
    j * (k + 1) + i
}

/// Identified lattice points of the complex subdivided `k` times: for each cell, the vertex id of
/// each of its `(k+1)²` points (index `j·(k+1) + i`). Vertex ids are numbered by first occurrence.
pub fn identified_points(complex: &Complex, k: usize) -> (Vec<Vec<u32>>, usize) {
    let per = (k + 1) * (k + 1);
    let mut parent: Vec<usize> = (0..complex.len() * per).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let k2 = k as i32;
    for c in complex.cells() {
        for d in Dir::ALL {
            let Some(g) = complex.gluing(c, d) else {
                continue;
            };
            let dv = d.vector();
            for j in 0..=k {
                for i in 0..=k {
                    // Cell-centred doubled coordinates.
                    let q = (2 * i as i32 - k2, 2 * j as i32 - k2);
                    if q.0 * i32::from(dv.x) + q.1 * i32::from(dv.y) != k2 {
                        continue;
                    }
                    let shifted = (q.0 - 2 * k2 * i32::from(dv.x), q.1 - 2 * k2 * i32::from(dv.y));
                    let t = g.derivative;
                    let ex = t.apply(Vector::new(1, 0));
                    let ey = t.apply(Vector::new(0, 1));
                    let q2 = (
                        shifted.0 * i32::from(ex.x) + shifted.1 * i32::from(ey.x),
                        shifted.0 * i32::from(ex.y) + shifted.1 * i32::from(ey.y),
                    );
                    let (i2, j2) = (((q2.0 + k2) / 2) as usize, ((q2.1 + k2) / 2) as usize);
                    let a = find(&mut parent, c.index() * per + point_index(k, i, j));
                    let b = find(&mut parent, g.to.index() * per + point_index(k, i2, j2));
                    let (lo, hi) = (a.min(b), a.max(b));
                    parent[hi] = lo;
                }
            }
        }
    }
    let mut ids = vec![u32::MAX; parent.len()];
    let mut count = 0usize;
    let mut out = Vec::with_capacity(complex.len());
    for c in 0..complex.len() {
        let mut cell = Vec::with_capacity(per);
        for p in 0..per {
            let root = find(&mut parent, c * per + p);
            if ids[root] == u32::MAX {
                ids[root] = count as u32;
                count += 1;
            }
            cell.push(ids[root]);
        }
        out.push(cell);
    }
    (out, count)
}

/// A corner of a square cell, counter-clockwise from south-west.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// South-west.
    SouthWest = 0,
    /// South-east.
    SouthEast = 1,
    /// North-east.
    NorthEast = 2,
    /// North-west.
    NorthWest = 3,
}

impl Corner {
    /// All four, counter-clockwise.
    pub const ALL: [Corner; 4] = [Corner::SouthWest, Corner::SouthEast, Corner::NorthEast, Corner::NorthWest];

    fn ij(self) -> (usize, usize) {
        match self {
            Corner::SouthWest => (0, 0),
            Corner::SouthEast => (1, 0),
            Corner::NorthEast => (1, 1),
            Corner::NorthWest => (0, 1),
        }
    }

    /// The corner's two sides: the horizontal-facing side (east or west) and the vertical one.
    fn sides(self) -> [Dir; 2] {
        let (i, j) = self.ij();
        [if i == 1 { Dir::East } else { Dir::West }, if j == 1 { Dir::North } else { Dir::South }]
    }
}

/// The link of a mesh vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// An interior vertex with this many cell corners around it.
    Circle(usize),
    /// A boundary vertex with this many cell corners.
    Interval(usize),
    /// Not a surface point (several components or branching).
    Singular,
}

impl Link {
    /// Whether it is a cone point: an interior vertex where other than four squares meet (eight
    /// at genus two's, too much angle; three at the cube's corners and two at the projective
    /// plane's, too little).
    pub fn is_cone(self) -> bool {
        matches!(self, Link::Circle(n) if n != 4)
    }
}

/// The combinatorial mesh of a complex (one face per cell).
#[derive(Clone, Debug)]
pub struct Mesh {
    /// Vertex id of each cell corner, in [`Corner::ALL`] order.
    pub corners: Vec<[u32; 4]>,
    /// Number of vertices after identification.
    pub vertices: usize,
    /// Number of edges after identification.
    pub edges: usize,
    /// Number of faces (cells).
    pub faces: usize,
    /// The link of each vertex.
    pub links: Vec<Link>,
    /// Number of boundary edges.
    pub boundary_edges: usize,
    /// Number of connected components of the boundary.
    pub boundary_components: usize,
    /// Whether the cells can be oriented consistently.
    pub orientable: bool,
}

impl Mesh {
    /// Derives the mesh of a complex.
    pub fn of(complex: &Complex) -> Mesh {
        let (points, vertices) = identified_points(complex, 1);
        let corners: Vec<[u32; 4]> = points
            .iter()
            .map(|p| {
                Corner::ALL.map(|corner| {
                    let (i, j) = corner.ij();
                    p[point_index(1, i, j)]
                })
            })
            .collect();
        let sides = complex.len() * 4;
        let boundary_edges =
            complex.cells().flat_map(|c| Dir::ALL.map(|d| complex.gluing(c, d))).filter(Option::is_none).count();
        let edges = boundary_edges + (sides - boundary_edges) / 2;
        Mesh {
            links: links(complex, &corners, vertices),
            boundary_components: boundary_components(complex, &corners, vertices),
            orientable: orientable(complex),
            corners,
            vertices,
            edges,
            faces: complex.len(),
            boundary_edges,
        }
    }

    /// Euler characteristic V − E + F.
    pub fn euler_characteristic(&self) -> i64 {
        self.vertices as i64 - self.edges as i64 + self.faces as i64
    }
}

/// The corner of `c` on sides `a` and `b`.
fn corner_between(a: Dir, b: Dir) -> Corner {
    let (h, v) = if matches!(a, Dir::East | Dir::West) { (a, b) } else { (b, a) };
    match (h, v) {
        (Dir::West, Dir::South) => Corner::SouthWest,
        (Dir::East, Dir::South) => Corner::SouthEast,
        (Dir::East, Dir::North) => Corner::NorthEast,
        _ => Corner::NorthWest,
    }
}

/// Each vertex's link: nodes are side-ends at the vertex (identified across gluings), arcs are the
/// cell corners joining a corner's two sides.
fn links(complex: &Complex, corners: &[[u32; 4]], vertices: usize) -> Vec<Link> {
    // A side-end is (cell, side, corner of that side): index (cell*4 + corner)*2 + (0 horizontal side, 1 vertical).
    let n = complex.len() * 8;
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let end = |c: Cell, corner: Corner, side: Dir| {
        (c.index() * 4 + corner as usize) * 2 + usize::from(matches!(side, Dir::North | Dir::South))
    };
    let mut glued = vec![false; n];
    for c in complex.cells() {
        for corner in Corner::ALL {
            for side in corner.sides() {
                let Some(g) = complex.gluing(c, side) else {
                    continue;
                };
                // The other side of this corner tells which end of the edge we are at.
                let other = corner.sides().into_iter().find(|&s| s != side).expect("two sides");
                let side2 = g.derivative.apply_dir(side).opposite();
                let other2 = g.derivative.apply_dir(other);
                let corner2 = corner_between(side2, other2);
                let a = find(&mut parent, end(c, corner, side));
                let b = find(&mut parent, end(g.to, corner2, side2));
                parent[a.max(b)] = a.min(b);
                glued[end(c, corner, side)] = true;
            }
        }
    }
    let mut by_vertex: Vec<Vec<(usize, usize)>> = vec![Vec::new(); vertices];
    for c in complex.cells() {
        for corner in Corner::ALL {
            let [s0, s1] = corner.sides();
            let a = find(&mut parent, end(c, corner, s0));
            let b = find(&mut parent, end(c, corner, s1));
            by_vertex[corners[c.index()][corner as usize] as usize].push((a, b));
        }
    }
    let boundary_end: Vec<bool> = (0..n).map(|e| !glued[e]).collect();
    by_vertex
        .iter()
        .map(|arcs| {
            let mut degree = std::collections::HashMap::<usize, usize>::new();
            for &(a, b) in arcs {
                *degree.entry(a).or_default() += 1;
                *degree.entry(b).or_default() += 1;
            }
            let nodes = degree.len();
            let ones = degree.values().filter(|&&d| d == 1).count();
            let max = degree.values().copied().max().unwrap_or(0);
            let connected = graph_connected(arcs);
            let open = degree.keys().any(|&k| boundary_end[k]);
            match (connected, max, ones) {
                (true, 2, 0) if nodes == arcs.len() && !open => Link::Circle(arcs.len()),
                (true, _, 2) if max <= 2 && nodes == arcs.len() + 1 => Link::Interval(arcs.len()),
                _ => Link::Singular,
            }
        })
        .collect()
}

fn graph_connected(arcs: &[(usize, usize)]) -> bool {
    let Some(&(start, _)) = arcs.first() else {
        return false;
    };
    let mut seen = vec![start];
    let mut used = vec![false; arcs.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (i, &(a, b)) in arcs.iter().enumerate() {
            if !used[i] && (seen.contains(&a) || seen.contains(&b)) {
                used[i] = true;
                changed = true;
                for x in [a, b] {
                    if !seen.contains(&x) {
                        seen.push(x);
                    }
                }
            }
        }
    }
    used.iter().all(|&u| u)
}

fn boundary_components(complex: &Complex, corners: &[[u32; 4]], vertices: usize) -> usize {
    let mut parent: Vec<usize> = (0..vertices).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            x = parent[x];
        }
        x
    }
    let mut on_boundary = vec![false; vertices];
    for c in complex.cells() {
        for d in Dir::ALL {
            if complex.gluing(c, d).is_some() {
                continue;
            }
            let ends: Vec<u32> = Corner::ALL
                .iter()
                .filter(|corner| corner.sides().contains(&d))
                .map(|&corner| corners[c.index()][corner as usize])
                .collect();
            let (a, b) = (find(&mut parent, ends[0] as usize), find(&mut parent, ends[1] as usize));
            parent[a.max(b)] = a.min(b);
            on_boundary[ends[0] as usize] = true;
            on_boundary[ends[1] as usize] = true;
        }
    }
    (0..vertices).filter(|&v| on_boundary[v] && find(&mut parent, v) == v).count()
}

/// Orientable when every cell can be given a sign with `sign(to) = sign(from)·det(derivative)`.
fn orientable(complex: &Complex) -> bool {
    let mut sign = vec![0i8; complex.len()];
    for start in complex.cells() {
        if sign[start.index()] != 0 {
            continue;
        }
        sign[start.index()] = 1;
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            for d in Dir::ALL {
                let Some(g) = complex.gluing(c, d) else {
                    continue;
                };
                let want = sign[c.index()] * g.derivative.det();
                match sign[g.to.index()] {
                    0 => {
                        sign[g.to.index()] = want;
                        stack.push(g.to);
                    }
                    s if s != want => return false,
                    _ => {}
                }
            }
        }
    }
    true
}

//! The embedded surfaces, checked against the complexes they come from.

use bevy::math::Vec3;
use std::collections::{HashMap, HashSet};
use surface_chess::surface::{Surface, label_mesh, label_size, label_text, placement, side_lattice, visible_sides};
use surface_chess_rules::{Cell, Dir, Variant};

/// The lattice points along one side of a cell, as vertex ids.
fn side_ids(s: &Surface, cell: Cell, side: Dir) -> Vec<u32> {
    side_lattice(s.k, side).map(|(i, j)| s.ids[cell.index()][j * (s.k + 1) + i]).collect()
}

#[test]
fn one_patch_per_cell_and_mesh_neighbours_are_complex_neighbours() {
    for v in Variant::ALL {
        let s = Surface::new(v);
        let complex = &v.rules().complex;
        assert_eq!(s.ids.len(), complex.len(), "{v}: one patch per cell");
        // Each cell side, as a set of vertex ids, is shared exactly by the glued cells.
        let mut sides: HashMap<Vec<u32>, Vec<(Cell, Dir)>> = HashMap::new();
        for cell in complex.cells() {
            for d in Dir::ALL {
                let mut key = side_ids(&s, cell, d);
                key.sort();
                sides.entry(key).or_default().push((cell, d));
            }
        }
        for cell in complex.cells() {
            for d in Dir::ALL {
                let mut key = side_ids(&s, cell, d);
                key.sort();
                let sharing: HashSet<Cell> = sides[&key].iter().map(|&(c, _)| c).filter(|&c| c != cell).collect();
                let glued: HashSet<Cell> =
                    complex.gluing(cell, d).map(|g| g.to).into_iter().filter(|&c| c != cell).collect();
                assert_eq!(sharing, glued, "{v}: {} {d:?}", complex.name(cell));
            }
        }
    }
}

fn quads(s: &Surface, cell: Cell) -> impl Iterator<Item = [Vec3; 4]> + '_ {
    let k = s.k;
    (0..k).flat_map(move |j| {
        (0..k).map(move |i| {
            [s.point(cell, i, j), s.point(cell, i + 1, j), s.point(cell, i + 1, j + 1), s.point(cell, i, j + 1)]
        })
    })
}

#[test]
fn no_degenerate_or_flipped_quads() {
    for v in Variant::ALL {
        let s = Surface::new(v);
        let complex = &v.rules().complex;
        let size = s.cell_size() / s.k as f32;
        for cell in complex.cells() {
            let centre_normal = s.centre_normal(cell);
            for (n, [a, b, c, d]) in quads(&s, cell).enumerate() {
                let normal = (c - a).cross(d - b);
                assert!(normal.length() > 0.01 * size * size, "{v}: degenerate quad {n} of {}", complex.name(cell));
                // Every quad faces the same side as its cell's centre (no folds inside a cell).
                assert!(normal.dot(centre_normal) > 0.0, "{v}: flipped quad {n} of {}", complex.name(cell));
            }
        }
    }
}

#[test]
fn genus_two_faces_outward() {
    let s = Surface::new(Variant::Genus2);
    let normals = s.normals.as_ref().expect("orientable");
    let complex = &Variant::Genus2.rules().complex;
    for cell in complex.cells() {
        for [a, b, c, d] in quads(&s, cell) {
            let n = (c - a).cross(d - b).normalize();
            let centre = (a + b + c + d) / 4.0;
            let nearest =
                s.positions.iter().zip(normals).min_by(|x, y| x.0.distance(centre).total_cmp(&y.0.distance(centre)));
            assert!(n.dot(*nearest.unwrap().1) > 0.5, "{}", complex.name(cell));
        }
    }
    assert_eq!(s.cones.len(), 2, "two cone points");
}

/// Whether segment pq crosses triangle abc (Möller–Trumbore on the segment, in f64, with a
/// relative tolerance for near-parallel segments).
fn segment_hits(p: Vec3, q: Vec3, [a, b, c]: [Vec3; 3]) -> bool {
    let (p, q, a, b, c) = (p.as_dvec3(), q.as_dvec3(), a.as_dvec3(), b.as_dvec3(), c.as_dvec3());
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

fn triangles_cross(t1: [Vec3; 3], t2: [Vec3; 3]) -> bool {
    let edges = |t: [Vec3; 3]| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])];
    edges(t1).iter().any(|&(p, q)| segment_hits(p, q, t2)) || edges(t2).iter().any(|&(p, q)| segment_hits(p, q, t1))
}

/// Pairs of triangles sharing no vertex that cross each other.
fn self_intersections(s: &Surface) -> usize {
    let complex = &s.variant.rules().complex;
    let k = s.k;
    let mut tris: Vec<([u32; 3], [Vec3; 3])> = Vec::new();
    for cell in complex.cells() {
        let id = |i: usize, j: usize| s.ids[cell.index()][j * (k + 1) + i];
        for j in 0..k {
            for i in 0..k {
                let q = [id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)];
                for t in [[q[0], q[1], q[2]], [q[0], q[2], q[3]]] {
                    tris.push((t, t.map(|v| s.positions[v as usize])));
                }
            }
        }
    }
    let bin = s.cell_size() / 2.0;
    let key = |p: Vec3| (p / bin).floor().as_ivec3();
    let mut grid: HashMap<bevy::math::IVec3, Vec<usize>> = HashMap::new();
    for (n, (_, t)) in tris.iter().enumerate() {
        let lo = key(t[0].min(t[1]).min(t[2]));
        let hi = key(t[0].max(t[1]).max(t[2]));
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    grid.entry(bevy::math::IVec3::new(x, y, z)).or_default().push(n);
                }
            }
        }
    }
    let mut hits = HashSet::new();
    for members in grid.values() {
        for (a, &i) in members.iter().enumerate() {
            for &j in &members[a + 1..] {
                let (vi, ti) = tris[i];
                let (vj, tj) = tris[j];
                if vi.iter().any(|v| vj.contains(v)) {
                    continue;
                }
                if triangles_cross(ti, tj) {
                    hits.insert((i.min(j), i.max(j)));
                }
            }
        }
    }
    hits.len()
}

#[test]
fn genus_two_and_the_strips_are_embedded_without_self_intersection() {
    for v in [Variant::Genus2, Variant::Mobius, Variant::Endless, Variant::Chess] {
        assert_eq!(self_intersections(&Surface::new(v)), 0, "{v}");
    }
    // The Klein bottle is immersed: its neck passes through the wall.
    assert!(self_intersections(&Surface::new(Variant::Klein)) > 0);
}

#[test]
fn embeddings_are_deterministic() {
    for v in Variant::ALL {
        let (a, b) = (Surface::new(v), Surface::new(v));
        assert_eq!(a.positions, b.positions, "{v}");
    }
}

#[test]
fn positions_normals_and_sizes_are_finite() {
    for v in Variant::ALL {
        let s = Surface::new(v);
        assert!(s.positions.iter().all(|p| p.is_finite()), "{v}: positions");
        assert!(s.cell_size().is_finite() && s.cell_size() > 0.0, "{v}: cell size {}", s.cell_size());
        for cell in v.rules().complex.cells() {
            let n = s.centre_normal(cell);
            assert!(
                n.is_finite() && (n.length() - 1.0).abs() < 1e-3,
                "{v}: normal of {}",
                v.rules().complex.name(cell)
            );
        }
    }
}

/// The triangles of a mesh, as corner positions.
fn triangles(mesh: &bevy::mesh::Mesh) -> Vec<[Vec3; 3]> {
    let positions = mesh.attribute(bevy::mesh::Mesh::ATTRIBUTE_POSITION).and_then(|a| a.as_float3()).unwrap();
    let Some(bevy::mesh::Indices::U32(indices)) = mesh.indices() else { panic!("u32 indices") };
    indices.chunks(3).map(|t| [0, 1, 2].map(|k| Vec3::from_array(positions[t[k] as usize]))).collect()
}

#[test]
fn every_cell_carries_its_square_name_on_each_visible_side() {
    for v in Variant::ALL {
        let s = Surface::new(v);
        let complex = &v.rules().complex;
        let lift = s.cell_size() * 0.006;
        for cell in complex.cells() {
            let name = complex.name(cell);
            let text = label_text(&s, cell);
            assert_eq!(name.rsplit(':').next(), Some(text.as_str()), "{v}: {name}");
            let tris = triangles(&label_mesh(&s, lift, std::iter::once(cell)));
            assert!(!tris.is_empty(), "{v}: {name} has a label");
            // Drawn once per visible side: the same number of triangles each side.
            assert_eq!(tris.len() % visible_sides(&s).len(), 0);
            // On the cell: every corner lies near one of the cell's lattice points.
            let step = (0..s.k)
                .flat_map(|j| (0..s.k).map(move |i| (i, j)))
                .map(|(i, j)| s.point(cell, i, j).distance(s.point(cell, i + 1, j + 1)))
                .fold(0.0, f32::max);
            for t in &tris {
                for p in t {
                    let near = (0..=s.k)
                        .flat_map(|j| (0..=s.k).map(move |i| (i, j)))
                        .map(|(i, j)| s.point(cell, i, j).distance(*p))
                        .fold(f32::INFINITY, f32::min);
                    assert!(near < 2.0 * step + lift, "{v}: {name}: a label corner {near} away from its cell");
                }
            }
        }
    }
}

#[test]
fn labels_face_and_read_left_to_right_from_their_side() {
    for v in Variant::ALL {
        let s = Surface::new(v);
        let complex = &v.rules().complex;
        let size = label_size(&s);
        for cell in complex.cells() {
            let name = complex.name(cell);
            let (east, north) = s.tangents(cell, s.k / 2, s.k / 2);
            for &side in visible_sides(&s) {
                let seen_along = s.centre_normal(cell) * side;
                let place = placement(&s, cell, side, size);
                // Reading direction × up points at the reader: the text is not mirrored.
                let reading = east * place.run;
                assert!(reading.cross(north).dot(seen_along) > 0.0, "{v}: {name} side {side} is mirrored");
                // The label stays inside its cell, in the half below the piece's centre.
                let chars = label_text(&s, cell).chars().count() as f32;
                let far_u = place.origin.x + place.run * place.scale.x * (5.6 * (chars - 1.0) + 4.0);
                let top = place.origin.y + 6.0 * place.scale.y;
                assert!((0.0..=1.0).contains(&far_u) && top < 0.5, "{v}: {name}: {place:?}");
            }
            // Each stroke quad faces the side it is read from (so back faces may be culled).
            for &side in visible_sides(&s) {
                let one_side = triangles(&label_mesh(&s, 0.0, std::iter::once(cell)));
                let per_side = one_side.len() / visible_sides(&s).len();
                let start = if side > 0.0 { 0 } else { per_side };
                for [a, b, c] in &one_side[start..start + per_side] {
                    let n = (*b - *a).cross(*c - *a);
                    assert!(n.dot(s.centre_normal(cell) * side) > 0.0, "{v}: {name}: a stroke faces away");
                }
            }
        }
    }
}

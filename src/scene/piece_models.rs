//! The six pieces' models, in cell units (a cell is 1 wide; the model stands on y = 0 and faces
//! +z): a wide foot under each, and a silhouette of its own above it — the pawn's ball, the
//! rook's battlements, the knight's head in profile, the bishop's cleft mitre, the queen's
//! coronet of points, the king's cross. Each is one mesh (one draw per piece) whose vertex
//! colours carry its dark details and, for the software renderer, baked top-lit shading.

use bevy::math::primitives::{ConicalFrustum, ConvexPolygon, Cuboid, Cylinder, Extrusion, Sphere};
use bevy::mesh::{Indices, Meshable, VertexAttributeValues};
use bevy::prelude::*;
use std::f32::consts::TAU;
use surface_chess_rules::Role;

/// The foot's radius: every piece stands at least 60 % of a cell wide.
pub const FOOT_RADIUS: f32 = 0.31;

/// The models are drawn with a king a little over 0.9 of a cell tall and then squashed to this
/// share of their height: wide and low, they hide less of the curved surface behind them.
const SQUAT: f32 = 0.8;

/// The sides of a round part: modest, since a software renderer shades every vertex on the CPU
/// and a piece is a few dozen pixels wide.
const ROUND: u32 = 11;

/// The colour of the dark details (the bishop's cleft, the knight's eyes and mane) relative to
/// the piece's own colour.
const DETAIL: f32 = 0.25;

/// One part of a model: a mesh, where it goes, and its shade relative to the piece's colour.
struct Part {
    mesh: Mesh,
    at: Transform,
    tone: f32,
}

fn part(mesh: impl Into<Mesh>, at: Transform) -> Part {
    Part { mesh: mesh.into(), at, tone: 1.0 }
}

fn detail(mesh: impl Into<Mesh>, at: Transform) -> Part {
    Part { mesh: mesh.into(), at, tone: DETAIL }
}

fn y(h: f32) -> Transform {
    Transform::from_xyz(0.0, h, 0.0)
}

/// A frustum from height `from` to `to`, its radius going from `bottom` to `top`.
fn frustum(bottom: f32, top: f32, from: f32, to: f32) -> Part {
    let mesh = ConicalFrustum { radius_bottom: bottom, radius_top: top, height: to - from };
    part(mesh.mesh().resolution(ROUND).build(), y((from + to) / 2.0))
}

/// A cylinder from height `from` to `to`.
fn cylinder(radius: f32, from: f32, to: f32) -> Part {
    part(Cylinder::new(radius, to - from).mesh().resolution(ROUND).build(), y((from + to) / 2.0))
}

fn ball(radius: f32, at: Transform) -> Part {
    // Small balls (the coronet's points, the mitre's tip) are a few pixels wide.
    let (sectors, stacks) = if radius < 0.06 { (5, 3) } else { (10, 6) };
    part(Sphere::new(radius).mesh().uv(sectors, stacks), at)
}

/// The height of the foot's top.
const FOOT_TOP: f32 = 0.11;

/// The foot every piece stands on: a wide disc and a bevel.
fn foot() -> [Part; 2] {
    [cylinder(FOOT_RADIUS, 0.0, 0.06), frustum(FOOT_RADIUS - 0.02, 0.24, 0.06, FOOT_TOP)]
}

/// The knight's outlines are drawn 0.6 of a cell tall: stretched to its height.
fn tall(y: f32) -> f32 {
    FOOT_TOP + (y - FOOT_TOP) * 1.25
}

/// A slab of the knight's profile: the convex outline `(z, y)` extruded `width` across x.
fn slab(outline: &[(f32, f32)], width: f32, x: f32, tone: f32) -> Part {
    // The outline is drawn in the xy plane and extruded along z; turned so that its x becomes the
    // model's forward (+z) and its extrusion the model's x.
    let polygon = ConvexPolygon::new(outline.iter().map(|&(z, y)| Vec2::new(z, tall(y)))).expect("a convex outline");
    let at = Transform::from_xyz(x, 0.0, 0.0).with_rotation(Quat::from_rotation_y(-TAU / 4.0));
    Part { mesh: Extrusion::new(polygon, width).mesh().build(), at, tone }
}

/// The way a White model faces, as a chart direction (Black's the opposite): up the chart,
/// towards the other camp, but the knight looks to its left, so that its side shows its profile
/// to both players.
pub fn heading(role: Role) -> (i8, i8) {
    if role == Role::Knight { (-1, 0) } else { (0, 1) }
}

/// The parts of a role's model.
fn parts(role: Role) -> Vec<Part> {
    let mut parts: Vec<Part> = foot().into();
    match role {
        Role::Pawn => parts.extend([frustum(0.20, 0.09, 0.11, 0.26), cylinder(0.14, 0.26, 0.29), ball(0.115, y(0.36))]),
        Role::Rook => {
            parts.extend([frustum(0.21, 0.17, 0.11, 0.37), cylinder(0.235, 0.37, 0.44)]);
            // Six merlons round the top, with gaps between them: battlements.
            parts.extend((0..6).map(|i| {
                let angle = i as f32 * TAU / 6.0;
                let at = Transform::from_xyz(0.19 * angle.sin(), 0.48, 0.19 * angle.cos())
                    .with_rotation(Quat::from_rotation_y(angle));
                part(Cuboid::new(0.10, 0.08, 0.09), at)
            }));
        }
        Role::Knight => parts.extend([
            // The neck, rising from the foot and leaning back.
            slab(&[(-0.19, 0.11), (0.15, 0.11), (0.08, 0.40), (-0.16, 0.50), (-0.20, 0.30)], 0.20, 0.0, 1.0),
            // The head, its muzzle reaching forward and down.
            slab(
                &[(-0.06, 0.40), (0.26, 0.33), (0.34, 0.38), (0.33, 0.46), (0.08, 0.59), (-0.12, 0.55)],
                0.17,
                0.0,
                1.0,
            ),
            // Two ears.
            slab(&[(-0.04, 0.55), (0.06, 0.57), (-0.02, 0.68)], 0.04, 0.05, 1.0),
            slab(&[(-0.04, 0.55), (0.06, 0.57), (-0.02, 0.68)], 0.04, -0.05, 1.0),
            // The mane down the back of the neck, and the eyes.
            slab(&[(-0.21, 0.20), (-0.16, 0.20), (-0.12, 0.54), (-0.18, 0.51)], 0.08, 0.0, DETAIL),
            detail(Sphere::new(0.025).mesh().uv(5, 3), Transform::from_xyz(0.085, tall(0.50), 0.10)),
            detail(Sphere::new(0.025).mesh().uv(5, 3), Transform::from_xyz(-0.085, tall(0.50), 0.10)),
        ]),
        Role::Bishop => parts.extend([
            frustum(0.15, 0.07, 0.11, 0.40),
            cylinder(0.12, 0.40, 0.43),
            // The mitre: a tall egg with a slanted cleft, and a small ball on top.
            ball(0.10, y(0.56).with_scale(Vec3::new(1.0, 1.7, 1.0))),
            detail(
                Cuboid::new(0.025, 0.22, 0.22),
                Transform::from_xyz(0.0, 0.60, 0.0).with_rotation(Quat::from_rotation_z(0.65)),
            ),
            ball(0.03, y(0.76)),
        ]),
        Role::Queen => {
            parts.extend([
                frustum(0.19, 0.075, 0.11, 0.50),
                cylinder(0.12, 0.50, 0.53),
                // The coronet: a wide flaring cup ringed with points, and a ball in the middle.
                frustum(0.075, 0.20, 0.53, 0.66),
                ball(0.055, y(0.74)),
            ]);
            parts.extend((0..8).map(|i| {
                let angle = i as f32 * TAU / 8.0;
                ball(0.045, Transform::from_xyz(0.185 * angle.sin(), 0.69, 0.185 * angle.cos()))
            }));
        }
        Role::King => parts.extend([
            frustum(0.22, 0.13, 0.11, 0.56),
            cylinder(0.17, 0.56, 0.59),
            frustum(0.12, 0.15, 0.59, 0.67),
            ball(0.15, y(0.67).with_scale(Vec3::new(1.0, 0.4, 1.0))),
            // The cross.
            part(Cuboid::new(0.07, 0.30, 0.07), y(0.83)),
            part(Cuboid::new(0.22, 0.07, 0.07), y(0.88)),
        ]),
    }
    parts
}

/// Top-lit shading for a normal, for materials without lighting.
fn top_lit(normal: Vec3) -> f32 {
    let light = Vec3::new(0.3, 1.0, 0.6).normalize();
    0.45 + 0.55 * normal.normalize_or_zero().dot(light).max(0.0)
}

/// A role's model as one mesh; `baked` bakes top-lit shading into its vertex colours (for
/// materials without lighting).
pub fn model(role: Role, baked: bool) -> Mesh {
    let squat = Transform::from_scale(Vec3::new(1.0, SQUAT, 1.0));
    let mut parts = parts(role).into_iter().map(|Part { mesh, at, tone }| {
        // Only positions, normals and colours: parts differ in which other attributes they carry.
        let mut mesh = mesh.transformed_by(squat * at);
        mesh.remove_attribute(Mesh::ATTRIBUTE_UV_0);
        mesh.remove_attribute(Mesh::ATTRIBUTE_TANGENT);
        tinted(mesh, tone, baked)
    });
    let mut whole = parts.next().expect("a model has parts");
    for part in parts {
        whole.merge(&part).expect("parts share their attributes");
    }
    whole
}

/// `mesh` mirrored left to right (x ↦ −x), its triangles turned so they still face out: a knight
/// carried across a reversing seam.
pub fn mirrored(mesh: &Mesh) -> Mesh {
    let mut out = mesh.clone();
    for attribute in [Mesh::ATTRIBUTE_POSITION, Mesh::ATTRIBUTE_NORMAL] {
        if let Some(VertexAttributeValues::Float32x3(values)) = out.attribute_mut(attribute) {
            for v in values.iter_mut() {
                v[0] = -v[0];
            }
        }
    }
    match out.indices_mut() {
        Some(Indices::U16(i)) => i.chunks_exact_mut(3).for_each(|t| t.swap(1, 2)),
        Some(Indices::U32(i)) => i.chunks_exact_mut(3).for_each(|t| t.swap(1, 2)),
        None => {}
    }
    out
}

/// A pawn's facing arrow (a cone along +y), shaded like the models.
pub fn arrow(baked: bool) -> Mesh {
    let mut mesh = Cone { radius: 0.06, height: 0.16 }.mesh().resolution(12).build();
    mesh.remove_attribute(Mesh::ATTRIBUTE_UV_0);
    tinted(mesh, 1.0, baked)
}

/// `mesh` with vertex colours of `tone` (relative to the material's colour), times top-lit
/// shading when `baked`.
fn tinted(mut mesh: Mesh, tone: f32, baked: bool) -> Mesh {
    let normals = mesh.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).unwrap_or_default();
    let colours: Vec<[f32; 4]> = normals
        .iter()
        .map(|&n| {
            let s = tone * if baked { top_lit(Vec3::from_array(n)) } else { 1.0 };
            [s, s, s, 1.0]
        })
        .collect();
    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn positions(mesh: &Mesh) -> Vec<Vec3> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(p)) => p.iter().map(|&p| Vec3::from_array(p)).collect(),
            _ => panic!("positions"),
        }
    }

    #[test]
    fn the_mirrored_knight_is_its_reflection_and_still_faces_out() {
        let knight = model(Role::Knight, true);
        let image = mirrored(&knight);
        let (p, q) = (positions(&knight), positions(&image));
        assert!(p.iter().zip(&q).all(|(a, b)| *b == Vec3::new(-a.x, a.y, a.z)));
        // The knight is not its own mirror image (its muzzle points one way).
        assert!(p.iter().map(|v| v.x).sum::<f32>().abs() > 0.1);
        // Every triangle's winding agrees with its vertices' normals, as in the original.
        let outward = |mesh: &Mesh| {
            let pos = positions(mesh);
            let normals: Vec<Vec3> = match mesh.attribute(Mesh::ATTRIBUTE_NORMAL) {
                Some(VertexAttributeValues::Float32x3(n)) => n.iter().map(|&v| Vec3::from_array(v)).collect(),
                _ => panic!("normals"),
            };
            let indices: Vec<usize> = mesh.indices().expect("indexed").iter().collect();
            indices
                .chunks_exact(3)
                .filter(|t| {
                    let n = (pos[t[1]] - pos[t[0]]).cross(pos[t[2]] - pos[t[0]]);
                    n.dot(normals[t[0]] + normals[t[1]] + normals[t[2]]) > 0.0
                })
                .count()
        };
        assert_eq!(outward(&image), outward(&knight));
    }

    #[test]
    fn every_piece_stands_at_least_sixty_percent_of_a_cell_wide() {
        for role in Role::ALL {
            let p = positions(&model(role, true));
            let width = |axis: fn(Vec3) -> f32| {
                let (lo, hi) = p.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(axis(v)), hi.max(axis(v))));
                hi - lo
            };
            assert!(width(|v| v.x) >= 0.6 && width(|v| v.z) >= 0.6, "{role:?}");
            assert!(width(|v| v.x) <= 1.0 && width(|v| v.z) <= 1.0, "{role:?} stays on its cell");
            let low = p.iter().map(|v| v.y).fold(f32::MAX, f32::min);
            assert!(low.abs() < 1e-4, "{role:?} stands on the surface");
        }
    }

    /// The model's outline seen along `eye` (a unit vector, the model upright), filled into a
    /// grid of `N`×`N` cells over the square one cell wide and one cell high behind it.
    fn silhouette(role: Role, eye: Vec3) -> Vec<bool> {
        const N: usize = 64;
        let mesh = model(role, false);
        let p = positions(&mesh);
        let right = Vec3::Y.cross(eye).normalize();
        let up = eye.cross(right);
        let flat: Vec<Vec2> = p.iter().map(|&v| Vec2::new(v.dot(right) + 0.5, v.dot(up))).collect();
        let Some(bevy::mesh::Indices::U32(indices)) = mesh.indices().cloned().map(|i| match i {
            bevy::mesh::Indices::U16(i) => bevy::mesh::Indices::U32(i.into_iter().map(u32::from).collect()),
            i => i,
        }) else {
            panic!("indexed")
        };
        let mut grid = vec![false; N * N];
        for t in indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| flat[t[k] as usize]);
            let area = (b - a).perp_dot(c - a);
            if area.abs() < 1e-9 {
                continue;
            }
            let (lo, hi) = (a.min(b).min(c) * N as f32, a.max(b).max(c) * N as f32);
            let span = |lo: f32, hi: f32| (lo.floor().max(0.0) as usize)..(hi.ceil().clamp(0.0, N as f32) as usize);
            for row in span(lo.y, hi.y) {
                for column in span(lo.x, hi.x) {
                    let q = Vec2::new(column as f32 + 0.5, row as f32 + 0.5) / N as f32;
                    let w = [(b - a).perp_dot(q - a), (c - b).perp_dot(q - b), (a - c).perp_dot(q - c)];
                    if w.iter().all(|&w| w * area.signum() >= 0.0) {
                        grid[row * N + column] = true;
                    }
                }
            }
        }
        grid
    }

    /// What share of two outlines' union only one of them covers.
    fn difference(a: &[bool], b: &[bool]) -> f32 {
        let union = a.iter().zip(b).filter(|(a, b)| **a || **b).count();
        let either = a.iter().zip(b).filter(|(a, b)| a != b).count();
        either as f32 / union as f32
    }

    /// The direction of a player's eye behind their camp, `rise` radians up, in a model's frame
    /// (it faces its [`heading`]: its z along the heading, its x along up × heading).
    fn behind(role: Role, rise: f32) -> Vec3 {
        let (x, z) = match heading(role) {
            // Facing west: x points south, towards the player.
            (-1, 0) => (1.0, 0.0),
            _ => (0.0, -1.0),
        };
        Vec3::new(x * rise.cos(), rise.sin(), z * rise.cos())
    }

    #[test]
    fn the_six_silhouettes_differ_as_a_player_sees_them() {
        // From behind the camp at the table's height, and at the home view's (about 35° up).
        for rise in [0.0, 0.61] {
            let outlines: Vec<Vec<bool>> = Role::ALL.iter().map(|&r| silhouette(r, behind(r, rise))).collect();
            for (i, a) in Role::ALL.iter().enumerate() {
                for (j, b) in Role::ALL.iter().enumerate().skip(i + 1) {
                    let d = difference(&outlines[i], &outlines[j]);
                    assert!(
                        d > 0.2,
                        "{a:?} and {b:?} seen {rise} rad up: only {:.0}% of their outlines differ",
                        d * 100.0
                    );
                }
            }
        }
    }
}

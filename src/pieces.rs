//! Pieces on the surface: six shapes in two colours, standing along the surface normal on both
//! sides of the surface (a one-sided surface has no "other side" to hide them on), with an arrow
//! for each pawn's facing.

use crate::board::{self, BoardPart, CellPatch, Embedded};
use crate::flat::FlatMaterial;
use crate::play::Play;
use crate::surface::chart_direction;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Color as Side, Role, Vector};

/// A piece model (or facing arrow) standing on a cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceModel(pub Cell);

/// One mesh per role's model (unit height), the two colours, the facing arrow.
#[derive(Resource, Clone)]
pub struct PieceKit {
    models: Vec<Handle<Mesh>>,
    materials: [Handle<FlatMaterial>; 2],
    arrow: Handle<Mesh>,
    arrow_material: Handle<FlatMaterial>,
}

impl PieceKit {
    fn model(&self, role: Role) -> &Handle<Mesh> {
        &self.models[role as usize - 1]
    }
}

/// Spawns and updates piece models.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_kit).add_systems(Update, place_pieces.in_set(crate::AppSystems::Show));
}

/// Bakes top-lit shading into a mesh's vertex colours (materials are unlit).
fn shaded(mut mesh: Mesh) -> Mesh {
    let light = Vec3::new(0.3, 1.0, 0.6).normalize();
    let colors: Option<Vec<[f32; 4]>> = mesh.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).map(|n| {
        n.iter()
            .map(|&n| {
                let s = 0.45 + 0.55 * Vec3::from_array(n).normalize_or_zero().dot(light).max(0.0);
                [s, s, s, 1.0]
            })
            .collect()
    });
    if let Some(colors) = colors {
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colors);
    }
    mesh
}

/// A model from its parts, each placed by its transform, as one shaded mesh (one draw per piece).
fn model(parts: Vec<(Mesh, Transform)>) -> Mesh {
    let mut parts = parts.into_iter().map(|(mesh, at)| {
        // Only positions, normals and colours: parts differ in which other attributes they carry.
        let mut mesh = mesh.transformed_by(at);
        mesh.remove_attribute(Mesh::ATTRIBUTE_UV_0);
        mesh.remove_attribute(Mesh::ATTRIBUTE_TANGENT);
        shaded(mesh)
    });
    let mut whole = parts.next().expect("a model has parts");
    for part in parts {
        whole.merge(&part).expect("parts share their attributes");
    }
    whole
}

fn make_kit(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<FlatMaterial>>) {
    let y = |h: f32| Transform::from_xyz(0.0, h, 0.0);
    // Modest tessellation: a piece is a few dozen pixels tall, and software renderers shade
    // every vertex on the CPU.
    let frustum = |bottom: f32, top: f32, height: f32| {
        ConicalFrustum { radius_bottom: bottom, radius_top: top, height }.mesh().resolution(20).build()
    };
    let cylinder = |radius: f32, height: f32| Cylinder::new(radius, height).mesh().resolution(20).build();
    let ball = |radius: f32| Sphere::new(radius).mesh().uv(14, 8);
    let base = || (cylinder(0.32, 0.1), y(0.05));
    let roles = vec![
        // Pawn.
        vec![base(), (frustum(0.24, 0.1, 0.45), y(0.32)), (ball(0.16), y(0.62))],
        // Knight: a neck and a tilted head.
        vec![
            base(),
            (frustum(0.26, 0.16, 0.5), y(0.35)),
            (
                Cuboid::new(0.2, 0.28, 0.5).into(),
                Transform::from_xyz(0.0, 0.72, 0.1).with_rotation(Quat::from_rotation_x(-0.5)),
            ),
            (Cone { radius: 0.06, height: 0.14 }.mesh().resolution(10).build(), Transform::from_xyz(0.0, 0.92, -0.04)),
        ],
        // Bishop: a mitre.
        vec![
            base(),
            (frustum(0.25, 0.11, 0.62), y(0.41)),
            (ball(0.17), Transform::from_xyz(0.0, 0.82, 0.0).with_scale(Vec3::new(1.0, 1.35, 1.0))),
            (ball(0.06), y(1.07)),
        ],
        // Rook: a tower with a wide top.
        vec![base(), (cylinder(0.22, 0.55), y(0.37)), (cylinder(0.29, 0.2), y(0.72))],
        // Queen: a crown.
        vec![
            base(),
            (frustum(0.27, 0.12, 0.8), y(0.5)),
            (Torus::new(0.1, 0.22).mesh().minor_resolution(8).major_resolution(20).build(), y(0.92)),
            (ball(0.1), y(1.02)),
        ],
        // King: a cross.
        vec![
            base(),
            (frustum(0.28, 0.14, 0.86), y(0.53)),
            (cylinder(0.2, 0.08), y(0.98)),
            (Cuboid::new(0.07, 0.32, 0.07).into(), y(1.16)),
            (Cuboid::new(0.24, 0.07, 0.07).into(), y(1.18)),
        ],
    ];
    let models = roles.into_iter().map(|parts| meshes.add(model(parts))).collect();
    let arrow = meshes.add(shaded(Cone { radius: 0.12, height: 0.36 }.mesh().resolution(12).build()));
    let mut lit = |color: Color| materials.add(FlatMaterial::solid(color));
    let white = lit(Color::srgb(0.95, 0.92, 0.84));
    let black = lit(Color::srgb(0.13, 0.12, 0.14));
    let arrow_material = lit(Color::srgb(0.95, 0.45, 0.1));
    commands.insert_resource(PieceKit { models, materials: [white, black], arrow, arrow_material });
}

/// Respawns the models whenever the position on show or the board changes.
fn place_pieces(
    mut commands: Commands,
    play: Res<Play>,
    embedded: Option<Res<Embedded>>,
    kit: Option<Res<PieceKit>>,
    models: Query<Entity, With<PieceModel>>,
) {
    let (Some(embedded), Some(kit)) = (embedded, kit) else { return };
    if !play.is_changed() && !embedded.is_changed() {
        return;
    }
    for e in &models {
        commands.entity(e).despawn();
    }
    let surface = &embedded.0;
    let scale = surface.cell_size() * 0.42;
    for (cell, piece) in play.shown().pieces() {
        let n = surface.centre_normal(cell);
        let material = kit.materials[if piece.color() == Side::White { 0 } else { 1 }].clone();
        for side in [1.0f32, -1.0] {
            let up = n * side;
            let at = Transform::from_translation(surface.centre(cell))
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, up))
                .with_scale(Vec3::splat(scale));
            // Picking a piece picks its cell.
            commands
                .spawn((
                    Mesh3d(kit.model(piece.role()).clone()),
                    MeshMaterial3d(material.clone()),
                    at,
                    PieceModel(cell),
                    CellPatch(cell),
                    BoardPart,
                ))
                .observe(board::on_press)
                .observe(board::on_click)
                .observe(board::on_over)
                .observe(board::on_out);
            if let Some(facing) = piece.facing() {
                let forward = chart_direction(surface, cell, Vector::new(0, facing.sign()));
                let base = surface.centre(cell) + up * scale * 0.08 + forward * scale * 0.55;
                commands.spawn((
                    Mesh3d(kit.arrow.clone()),
                    MeshMaterial3d(kit.arrow_material.clone()),
                    Transform::from_translation(base)
                        .with_rotation(Quat::from_rotation_arc(Vec3::Y, forward))
                        .with_scale(Vec3::splat(scale)),
                    PieceModel(cell),
                    BoardPart,
                    Pickable::IGNORE,
                ));
            }
        }
    }
}

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

/// The parts of each role's model (unit height), and the two colours.
#[derive(Resource, Clone)]
pub struct PieceKit {
    parts: Vec<Vec<(Handle<Mesh>, Transform)>>,
    materials: [Handle<FlatMaterial>; 2],
    arrow: Handle<Mesh>,
    arrow_material: Handle<FlatMaterial>,
}

impl PieceKit {
    fn parts(&self, role: Role) -> &[(Handle<Mesh>, Transform)] {
        &self.parts[role as usize - 1]
    }
}

/// Spawns and updates piece models.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_kit).add_systems(Update, place_pieces.in_set(crate::AppSystems::Show));
}

/// Bakes top-lit shading into a piece part's vertex colours (materials are unlit).
fn shaded(mut mesh: Mesh, at: Transform) -> Mesh {
    let light = Vec3::new(0.3, 1.0, 0.6).normalize();
    let colors: Option<Vec<[f32; 4]>> =
        mesh.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).map(|normals| {
            normals
                .iter()
                .map(|&n| {
                    let n = (at.rotation * Vec3::from_array(n)).normalize_or_zero();
                    let s = 0.45 + 0.55 * n.dot(light).max(0.0);
                    [s, s, s, 1.0]
                })
                .collect()
        });
    if let Some(colors) = colors {
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colors);
    }
    mesh
}

fn make_kit(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<FlatMaterial>>) {
    let mut add = |mesh: Mesh, at: Transform| (meshes.add(shaded(mesh, at)), at);
    let y = |h: f32| Transform::from_xyz(0.0, h, 0.0);
    let frustum = |bottom: f32, top: f32, height: f32| {
        Mesh::from(ConicalFrustum { radius_bottom: bottom, radius_top: top, height })
    };
    // Bevy's default sphere is a 20 480-triangle icosphere: far too dense for a small part.
    let ball = |radius: f32| Sphere::new(radius).mesh().uv(18, 10);
    let base = |add: &mut dyn FnMut(Mesh, Transform) -> (Handle<Mesh>, Transform)| {
        add(Cylinder::new(0.32, 0.1).into(), y(0.05))
    };
    let parts = vec![
        // Pawn.
        vec![base(&mut add), add(frustum(0.24, 0.1, 0.45), y(0.32)), add(ball(0.16), y(0.62))],
        // Knight: a neck and a tilted head.
        vec![
            base(&mut add),
            add(frustum(0.26, 0.16, 0.5), y(0.35)),
            add(
                Cuboid::new(0.2, 0.28, 0.5).into(),
                Transform::from_xyz(0.0, 0.72, 0.1).with_rotation(Quat::from_rotation_x(-0.5)),
            ),
            add(Cone { radius: 0.06, height: 0.14 }.into(), Transform::from_xyz(0.0, 0.92, -0.04)),
        ],
        // Bishop: a mitre.
        vec![
            base(&mut add),
            add(frustum(0.25, 0.11, 0.62), y(0.41)),
            add(ball(0.17), Transform::from_xyz(0.0, 0.82, 0.0).with_scale(Vec3::new(1.0, 1.35, 1.0))),
            add(ball(0.06), y(1.07)),
        ],
        // Rook: a tower with a wide top.
        vec![
            base(&mut add),
            add(Cylinder::new(0.22, 0.55).into(), y(0.37)),
            add(Cylinder::new(0.29, 0.2).into(), y(0.72)),
        ],
        // Queen: a crown.
        vec![
            base(&mut add),
            add(frustum(0.27, 0.12, 0.8), y(0.5)),
            add(Torus::new(0.1, 0.22).mesh().minor_resolution(10).major_resolution(24).build(), y(0.92)),
            add(ball(0.1), y(1.02)),
        ],
        // King: a cross.
        vec![
            base(&mut add),
            add(frustum(0.28, 0.14, 0.86), y(0.53)),
            add(Cylinder::new(0.2, 0.08).into(), y(0.98)),
            add(Cuboid::new(0.07, 0.32, 0.07).into(), y(1.16)),
            add(Cuboid::new(0.24, 0.07, 0.07).into(), y(1.18)),
        ],
    ];
    let arrow = meshes.add(shaded(Cone { radius: 0.12, height: 0.36 }.into(), Transform::IDENTITY));
    let mut lit = |color: Color| materials.add(FlatMaterial::solid(color));
    let white = lit(Color::srgb(0.95, 0.92, 0.84));
    let black = lit(Color::srgb(0.13, 0.12, 0.14));
    let arrow_material = lit(Color::srgb(0.95, 0.45, 0.1));
    commands.insert_resource(PieceKit { parts, materials: [white, black], arrow, arrow_material });
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
            // Picking a piece picks its cell (pointer events bubble up from the parts).
            commands
                .spawn((at, Visibility::default(), PieceModel(cell), CellPatch(cell), BoardPart))
                .with_children(|model| {
                    for (mesh, local) in kit.parts(piece.role()) {
                        model.spawn((Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()), *local));
                    }
                })
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

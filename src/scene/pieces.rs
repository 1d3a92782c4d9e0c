//! Pieces on the surface: six shapes in two colours, standing along the surface normal on both
//! sides of the surface (a one-sided surface has no "other side" to hide them on; stacked levels
//! carry them on their tops only), with an arrow for each pawn's facing. Models persist: a move moves them (see `animate`), so every piece
//! that moves, is captured or castles is seen doing so.

use crate::scene::board::{self, BoardPart, CellPatch, Embedded};
use crate::scene::flat::FlatMaterial;
use crate::scene::motion::{AnimationSystems, MoveAnimation};
use crate::scene::surface::{Surface, chart_direction};
use crate::state::play::PlayState;
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;
use surface_chess_rules::{Cell, Color as Side, Facing, Piece, Role, Vector};

/// A piece's model standing on one side of the surface (a pawn's facing arrow is its child).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PieceModel {
    /// The cell it stands on (its destination while a move animates).
    pub cell: Cell,
    /// The piece it shows.
    pub piece: Piece,
    /// The side of the surface: 1 along the normal, −1 against it.
    pub face: f32,
    /// Where its facing arrow was made for.
    arrow: Option<(Cell, Facing)>,
}

/// A pawn's facing arrow (a child of its piece's model).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct FacingArrow;

/// The system keeping the models in step with the position (the levels' fading follows it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceSystems;

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

    fn material(&self, color: Side) -> Handle<FlatMaterial> {
        self.materials[usize::from(color == Side::Black)].clone()
    }
}

/// Spawns and updates piece models.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_kit).add_systems(
        Update,
        sync_pieces.after(AnimationSystems).in_set(PieceSystems).in_set(crate::schedule::AppSystems::Show),
    );
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

/// The transform of a piece model standing on `cell`, on side `face` (±1) of the surface;
/// `scale` is [`piece_scale`].
pub fn standing(surface: &Surface, scale: f32, cell: Cell, face: f32) -> Transform {
    Transform::from_translation(surface.centre(cell))
        .with_rotation(Quat::from_rotation_arc(Vec3::Y, surface.centre_normal(cell) * face))
        .with_scale(Vec3::splat(scale))
}

/// The size of the pieces on a surface.
pub fn piece_scale(surface: &Surface) -> f32 {
    surface.cell_size() * 0.42
}

/// Keeps one model per piece and side of the surface in step with the position on show: models
/// whose piece stays are kept (a move moves them, see `animate`), changed pieces change their
/// mesh, missing ones are spawned and extra ones despawned. Waits while a move animates, and
/// runs when the position, the board or the end of an animation calls for it.
#[allow(clippy::type_complexity)]
fn sync_pieces(
    mut commands: Commands,
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    kit: Option<Res<PieceKit>>,
    animation: Option<Res<MoveAnimation>>,
    mut models: Query<(
        Entity,
        &mut PieceModel,
        &mut Transform,
        &mut CellPatch,
        &mut Mesh3d,
        &mut MeshMaterial3d<FlatMaterial>,
    )>,
    mut was_animating: Local<bool>,
) {
    let (Some(embedded), Some(kit)) = (embedded, kit) else { return };
    let animating = animation.is_some();
    let just_ended = std::mem::replace(&mut *was_animating, animating) && !animating;
    if animating || !(play.is_changed() || embedded.is_changed() || kit.is_changed() || just_ended) {
        return;
    }
    let surface = &embedded.0;
    let scale = piece_scale(surface);
    let wanted: HashMap<Cell, Piece> = play.pieces().into_iter().collect();
    let mut covered: HashSet<(Cell, bool)> = HashSet::new();
    for (entity, mut model, mut transform, mut patch, mut mesh, mut material) in &mut models {
        let Some(&piece) = wanted.get(&model.cell).filter(|_| covered.insert((model.cell, model.face > 0.0))) else {
            commands.entity(entity).despawn();
            continue;
        };
        let cell = model.cell;
        transform.set_if_neq(standing(surface, scale, cell, model.face));
        patch.set_if_neq(CellPatch(cell));
        if model.piece.role() != piece.role() {
            mesh.0 = kit.model(piece.role()).clone();
        }
        if model.piece.color() != piece.color() {
            material.0 = kit.material(piece.color());
        }
        if model.arrow != piece.facing().map(|f| (cell, f)) {
            commands.entity(entity).despawn_related::<Children>();
            if let Some(facing) = piece.facing() {
                commands.entity(entity).with_child(arrow(surface, &kit, cell, facing, model.face));
            }
            model.arrow = piece.facing().map(|f| (cell, f));
        }
        model.piece = piece;
    }
    for (&cell, &piece) in &wanted {
        for &face in surface.sides() {
            if covered.contains(&(cell, face > 0.0)) {
                continue;
            }
            // Picking a piece picks its cell.
            let mut model = commands.spawn((
                Mesh3d(kit.model(piece.role()).clone()),
                MeshMaterial3d(kit.material(piece.color())),
                standing(surface, scale, cell, face),
                PieceModel { cell, piece, face, arrow: piece.facing().map(|f| (cell, f)) },
                CellPatch(cell),
                BoardPart,
            ));
            model.observe(board::on_press).observe(board::on_click).observe(board::on_over).observe(board::on_out);
            if let Some(facing) = piece.facing() {
                model.with_child(arrow(surface, &kit, cell, facing, face));
            }
        }
    }
}

/// A pawn's facing arrow, as a child of its model (so it travels with it).
fn arrow(surface: &Surface, kit: &PieceKit, cell: Cell, facing: Facing, face: f32) -> impl Bundle {
    let parent = standing(surface, 1.0, cell, face);
    let up = surface.centre_normal(cell) * face;
    let forward = chart_direction(surface, cell, Vector::new(0, facing.sign()));
    let inverse = parent.rotation.inverse();
    (
        Mesh3d(kit.arrow.clone()),
        MeshMaterial3d(kit.arrow_material.clone()),
        Transform::from_translation(inverse * (up * 0.08 + forward * 0.55))
            .with_rotation(inverse * Quat::from_rotation_arc(Vec3::Y, forward)),
        FacingArrow,
        Pickable::IGNORE,
    )
}

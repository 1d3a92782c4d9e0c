//! Pieces on the surface: six shapes in two colours (`piece_models`), outlined, standing along the surface normal on both
//! sides of the surface (a one-sided surface has no "other side" to hide them on; stacked levels
//! carry them on their tops only), with an arrow for each pawn's facing. Models persist: a move moves them (see `animate`), so every piece
//! that moves, is captured or castles is seen doing so.

use crate::scene::board::{self, BoardPart, CellPatch, Embedded};
use crate::scene::flat::FlatMaterial;
use crate::scene::motion::{AnimationSystems, MoveAnimation};
use crate::scene::piece_models;
use crate::scene::quality::Lighting;
use crate::scene::surface::{Surface, chart_direction};
use crate::state::play::PlayState;
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;
use surface_chess_rules::{Cell, Color as Side, Facing, Frame, Piece, Role, Vector};

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
    /// Whether it shows the mirrored model (a knight carried across a reversing seam).
    pub mirrored: bool,
}

/// A pawn's facing arrow (a child of its piece's model).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct FacingArrow;

/// The system keeping the models in step with the position (the levels' fading follows it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceSystems;

/// One mesh per role's model (in cell units), the two colours, the facing arrow.
#[derive(Resource, Clone)]
pub struct PieceKit {
    models: Vec<Handle<Mesh>>,
    /// The knight mirrored left to right.
    mirrored_knight: Handle<Mesh>,
    materials: [Handle<FlatMaterial>; 2],
    arrow: Handle<Mesh>,
    arrow_material: Handle<FlatMaterial>,
}

impl PieceKit {
    /// The model of a role (the knight's mirrored, if asked).
    pub fn model(&self, role: Role, mirrored: bool) -> &Handle<Mesh> {
        if mirrored && role == Role::Knight { &self.mirrored_knight } else { &self.models[role as usize - 1] }
    }

    /// The material of a side's pieces.
    pub fn material(&self, color: Side) -> Handle<FlatMaterial> {
        self.materials[usize::from(color == Side::Black)].clone()
    }
}

/// Spawns and updates piece models.
pub fn plugin(app: &mut App) {
    app.init_resource::<Lighting>().add_systems(Startup, make_kit).add_systems(
        Update,
        sync_pieces.after(AnimationSystems).in_set(PieceSystems).in_set(crate::schedule::AppSystems::Show),
    );
}

/// The pieces' colours, and their outlines: dark round the light pieces, light round the dark
/// ones, so that each reads on light and dark cells and against the background.
const WHITE: Color = Color::srgb(0.95, 0.92, 0.84);
const BLACK: Color = Color::srgb(0.13, 0.12, 0.14);
const WHITE_RIM: Color = Color::srgba(0.10, 0.09, 0.08, 0.9);
const BLACK_RIM: Color = Color::srgba(0.70, 0.72, 0.78, 0.8);

fn make_kit(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FlatMaterial>>,
    lighting: Res<Lighting>,
) {
    let baked = lighting.baked();
    let models = Role::ALL.iter().map(|&role| meshes.add(piece_models::model(role, baked))).collect();
    let mirrored_knight = meshes.add(piece_models::mirrored(&piece_models::model(Role::Knight, baked)));
    let arrow = meshes.add(piece_models::arrow(baked));
    let lit = !baked;
    let mut piece = |color: Color, rim: Color| materials.add(FlatMaterial::solid(color).with_rim(rim).lit(lit));
    let materials_by_side = [piece(WHITE, WHITE_RIM), piece(BLACK, BLACK_RIM)];
    let arrow_material = materials.add(FlatMaterial::solid(Color::srgb(0.95, 0.45, 0.1)).lit(lit));
    commands.insert_resource(PieceKit { models, mirrored_knight, materials: materials_by_side, arrow, arrow_material });
}

/// A rotation standing a model up along `up` and facing `forward` (as far as it lies across
/// `up`).
pub fn upright(up: Vec3, forward: Vec3) -> Quat {
    let up = up.normalize_or(Vec3::Y);
    let across = forward - up * forward.dot(up);
    let ahead = across.try_normalize().unwrap_or_else(|| up.any_orthonormal_vector());
    Quat::from_mat3(&Mat3::from_cols(up.cross(ahead), up, ahead))
}

/// The way `piece`'s model faces on `cell` (its role's heading, turned for Black; a knight's
/// carried by `carried`, see [`crate::state::carried`]).
fn ahead(surface: &Surface, cell: Cell, piece: Piece, carried: Frame) -> Vec3 {
    let (x, y) = piece_models::heading(piece.role());
    let sign = if piece.color() == Side::White { 1 } else { -1 };
    let heading = Vector::new(x * sign, y * sign);
    let heading = if piece.role() == Role::Knight { carried.apply(heading) } else { heading };
    chart_direction(surface, cell, heading)
}

/// The transform of `piece`'s model standing on `cell`, on side `face` (±1) of the surface,
/// carried by `carried`; `scale` is [`piece_scale`].
pub fn standing(surface: &Surface, scale: f32, cell: Cell, face: f32, piece: Piece, carried: Frame) -> Transform {
    Transform::from_translation(surface.centre(cell))
        .with_rotation(upright(surface.centre_normal(cell) * face, ahead(surface, cell, piece, carried)))
        .with_scale(Vec3::splat(scale))
}

/// Whether `piece`'s model is mirrored: a knight whose carried frame reverses orientation.
fn mirrored(piece: Piece, carried: Frame) -> bool {
    piece.role() == Role::Knight && carried.det() < 0
}

/// The size of the pieces on a surface: the models are made in cell units.
pub fn piece_scale(surface: &Surface) -> f32 {
    surface.cell_size()
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
    let frames = play.carried();
    let carried = |cell: &Cell| frames.get(cell).copied().unwrap_or(Frame::IDENTITY);
    let mut covered: HashSet<(Cell, bool)> = HashSet::new();
    for (entity, mut model, mut transform, mut patch, mut mesh, mut material) in &mut models {
        let Some(&piece) = wanted.get(&model.cell).filter(|_| covered.insert((model.cell, model.face > 0.0))) else {
            commands.entity(entity).despawn();
            continue;
        };
        let cell = model.cell;
        transform.set_if_neq(standing(surface, scale, cell, model.face, piece, carried(&cell)));
        patch.set_if_neq(CellPatch(cell));
        let mirror = mirrored(piece, carried(&cell));
        if model.piece.role() != piece.role() || model.mirrored != mirror {
            mesh.0 = kit.model(piece.role(), mirror).clone();
            model.mirrored = mirror;
        }
        if model.piece.color() != piece.color() {
            material.0 = kit.material(piece.color());
        }
        if model.arrow != piece.facing().map(|f| (cell, f)) {
            commands.entity(entity).despawn_related::<Children>();
            if let Some(facing) = piece.facing() {
                commands.entity(entity).with_child(arrow(surface, &kit, cell, piece, facing, model.face));
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
            let mirror = mirrored(piece, carried(&cell));
            let mut model = commands.spawn((
                Mesh3d(kit.model(piece.role(), mirror).clone()),
                MeshMaterial3d(kit.material(piece.color())),
                standing(surface, scale, cell, face, piece, carried(&cell)),
                PieceModel { cell, piece, face, arrow: piece.facing().map(|f| (cell, f)), mirrored: mirror },
                CellPatch(cell),
                BoardPart,
            ));
            model.observe(board::on_press).observe(board::on_click).observe(board::on_over).observe(board::on_out);
            if let Some(facing) = piece.facing() {
                model.with_child(arrow(surface, &kit, cell, piece, facing, face));
            }
        }
    }
}

/// A pawn's facing arrow, as a child of its model (so it travels with it).
fn arrow(surface: &Surface, kit: &PieceKit, cell: Cell, piece: Piece, facing: Facing, face: f32) -> impl Bundle {
    let parent = standing(surface, 1.0, cell, face, piece, Frame::IDENTITY);
    let up = surface.centre_normal(cell) * face;
    let forward = chart_direction(surface, cell, Vector::new(0, facing.sign()));
    let inverse = parent.rotation.inverse();
    (
        Mesh3d(kit.arrow.clone()),
        MeshMaterial3d(kit.arrow_material.clone()),
        Transform::from_translation(inverse * (up * 0.04 + forward * 0.4))
            .with_rotation(inverse * Quat::from_rotation_arc(Vec3::Y, forward)),
        FacingArrow,
        Pickable::IGNORE,
    )
}

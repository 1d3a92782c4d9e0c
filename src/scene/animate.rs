//! Moves animate along their route over the surface, across seams: the moved piece glides from
//! cell centre to cell centre keeping to its side of the surface, a castling rook slides to its
//! square, and a captured piece sinks into the surface as the mover arrives.

use crate::scene::board::{Embedded, Palette, SEAM, SEAM_LIT};
use crate::scene::flat::FlatMaterial;
use crate::scene::motion::{AnimationSystems, Fate, MoveAnimation, Track};
use crate::scene::pieces::{PieceModel, piece_scale, upright};
use crate::scene::surface::Surface;
use crate::state::game::CurrentGame;
use crate::state::messages::ActionPlayed;
use bevy::prelude::*;
use surface_chess_rules::{Action, Cell, Position};

/// Seconds per step of a route.
const STEP_SECONDS: f32 = 0.18;

/// Position and normal at fraction `x` ∈ [0, 1] of a path, lifted a little between cells.
pub fn sample(path: &[(Vec3, Vec3)], x: f32) -> (Vec3, Vec3) {
    if path.len() < 2 {
        return path.first().copied().unwrap_or((Vec3::ZERO, Vec3::Y));
    }
    let x = x.clamp(0.0, 1.0) * (path.len() - 1) as f32;
    let i = (x.floor() as usize).min(path.len() - 2);
    let f = x - i as f32;
    let (a, na) = path[i];
    let (b, nb) = path[i + 1];
    let lift = (f * std::f32::consts::PI).sin() * 0.15 * a.distance(b);
    let n = na.lerp(nb, f).normalize_or(na);
    (a.lerp(b, f) + n * lift, n)
}

/// Centres and continuous normals along a sequence of cells.
fn path_through(surface: &Surface, cells: impl IntoIterator<Item = Cell>) -> Vec<(Vec3, Vec3)> {
    let mut path: Vec<(Vec3, Vec3)> = Vec::new();
    for cell in cells {
        let n = surface.centre_normal(cell);
        let n = match path.last() {
            Some(&(_, previous)) if n.dot(previous) < 0.0 => -n,
            _ => n,
        };
        path.push((surface.centre(cell), n));
    }
    path
}

/// The pieces an action moves besides its own (a castling rook: from, to) and takes (en passant
/// or a capture on the destination), from the positions before and after it.
pub fn side_effects(before: &Position, after: &Position, action: Action) -> (Vec<(Cell, Cell)>, Vec<Cell>) {
    let mut vanished = Vec::new();
    let mut appeared = Vec::new();
    for (cell, piece) in before.pieces() {
        if cell != action.from && cell != action.to && after.piece_at(cell) != Some(piece) {
            vanished.push((cell, piece));
        }
    }
    for (cell, piece) in after.pieces() {
        if cell != action.to && cell != action.from && before.piece_at(cell) != Some(piece) {
            appeared.push((cell, piece));
        }
    }
    let mut moved = Vec::new();
    let mut captured: Vec<Cell> = before.piece_at(action.to).map(|_| action.to).into_iter().collect();
    for (cell, piece) in vanished {
        let partner = appeared.iter().position(|(_, p)| p.color() == piece.color() && p.role() == piece.role());
        match partner {
            Some(i) => moved.push((cell, appeared.remove(i).0)),
            None => captured.push(cell),
        }
    }
    (moved, captured)
}

/// A moving piece's models, its destination and its way there.
type Mover = (Vec<Entity>, Cell, Vec<(Vec3, Vec3)>);

/// Move animation.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_animation, animate_move, light_seams)
            .chain()
            .in_set(AnimationSystems)
            .in_set(crate::schedule::AppSystems::Show),
    );
}

fn start_animation(
    mut commands: Commands,
    mut played: MessageReader<ActionPlayed>,
    current: Res<CurrentGame>,
    embedded: Option<Res<Embedded>>,
    running: Option<Res<MoveAnimation>>,
    mut models: Query<(Entity, &mut PieceModel)>,
) {
    let Some(embedded) = embedded else { return };
    let surface = &embedded.0;
    let mut running = running.map(|r| r.clone());
    for event in played.read() {
        // A move played while another animates ends the earlier one at once.
        if let Some(earlier) = running.take() {
            finish(&mut commands, &earlier);
        }
        let game = &current.game;
        let (Some(before), Some(after)) = (game.position_at(event.ply), game.position_at(event.ply + 1)) else {
            continue;
        };
        let Some(route) = before.route(event.action) else { continue };
        let (moved, captured) = side_effects(before, after, event.action);
        let at = |models: &Query<(Entity, &mut PieceModel)>, cell: Cell| -> Vec<Entity> {
            models.iter().filter(|(_, m)| m.cell == cell).map(|(e, _)| e).collect()
        };
        let mut tracks = Vec::new();
        for cell in captured {
            let path = path_through(surface, [cell]);
            tracks.push(Track { models: at(&models, cell), path, fate: Fate::Captured });
        }
        let main = path_through(surface, std::iter::once(event.action.from).chain(route.iter().map(|s| s.cell)));
        let mut moving = vec![(event.action.from, event.action.to, main)];
        for (from, to) in moved {
            moving.push((from, to, path_through(surface, [from, to])));
        }
        // Collect every mover's models before any of them changes cell.
        let movers: Vec<Mover> = moving.into_iter().map(|(from, to, path)| (at(&models, from), to, path)).collect();
        for (entities, to, path) in movers {
            for &e in &entities {
                if let Ok((_, mut model)) = models.get_mut(e) {
                    model.cell = to;
                }
            }
            tracks.push(Track { models: entities, path, fate: Fate::Moves });
        }
        let steps = route.len().max(1) as f32;
        let animation = MoveAnimation {
            tracks,
            elapsed: 0.0,
            duration: STEP_SECONDS * steps,
            crosses_seam: route.iter().any(|s| s.seam),
        };
        running = Some(animation.clone());
        commands.insert_resource(animation);
    }
}

/// Ends an animation: the captured pieces go.
fn finish(commands: &mut Commands, animation: &MoveAnimation) {
    for track in animation.tracks.iter().filter(|t| t.fate == Fate::Captured) {
        for &e in &track.models {
            commands.entity(e).try_despawn();
        }
    }
    commands.remove_resource::<MoveAnimation>();
}

fn animate_move(
    mut commands: Commands,
    time: Res<Time>,
    embedded: Option<Res<Embedded>>,
    animation: Option<ResMut<MoveAnimation>>,
    mut models: Query<(&PieceModel, &mut Transform)>,
) {
    let (Some(mut animation), Some(embedded)) = (animation, embedded) else { return };
    animation.elapsed += time.delta_secs();
    let x = (animation.elapsed / animation.duration.max(1e-6)).min(1.0);
    let scale = piece_scale(&embedded.0);
    for track in &animation.tracks {
        let (at, n) = sample(&track.path, if track.fate == Fate::Moves { x } else { 0.0 });
        // A captured piece shrinks into the surface over the last third of the move.
        let size = match track.fate {
            Fate::Moves => 1.0,
            Fate::Captured => ((1.0 - x) * 3.0).clamp(0.0, 1.0),
        };
        for &e in &track.models {
            let Ok((model, mut transform)) = models.get_mut(e) else { continue };
            // Each model keeps its side of the surface (`face` is relative to where it started,
            // and the path's normals are continuous from there) and faces the way it did.
            transform.translation = at;
            transform.rotation = upright(n * model.face, transform.rotation * Vec3::Z);
            transform.scale = Vec3::splat(scale * size);
        }
    }
    if x >= 1.0 {
        let done = animation.clone();
        finish(&mut commands, &done);
    }
}

/// Lights the seams up while the animated move crosses one.
fn light_seams(
    animation: Option<Res<MoveAnimation>>,
    palette: Option<Res<Palette>>,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut lit: Local<bool>,
) {
    let want = animation.is_some_and(|a| a.crosses_seam);
    if want == *lit {
        return;
    }
    let Some(palette) = palette else { return };
    if let Some(mut material) = materials.get_mut(&palette.seam) {
        material.color = if want { SEAM_LIT } else { SEAM }.into();
    }
    *lit = want;
}

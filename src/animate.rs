//! Moves animate along their route over the surface, across seams: the moved piece glides from
//! cell centre to cell centre, keeping to its side of the surface.

use crate::board::Embedded;
use crate::flat::FlatMaterial;
use crate::pieces::PieceModel;
use crate::play::{ActionPlayed, Play};
use bevy::prelude::*;
use surface_chess_rules::Cell;

/// Seconds per step of a route.
const STEP_SECONDS: f32 = 0.18;

/// The move being animated.
#[derive(Resource, Clone, Debug)]
pub struct MoveAnimation {
    /// The destination cell (its models are the ones moved).
    pub to: Cell,
    /// Cell centres along the route with their normals, made continuous (no sudden flip at a
    /// one-sided seam).
    pub path: Vec<(Vec3, Vec3)>,
    /// Seconds since the start.
    pub elapsed: f32,
    /// Whether the route crosses a seam (the seams light up while it moves).
    pub crosses_seam: bool,
}

impl MoveAnimation {
    /// Total duration.
    pub fn duration(&self) -> f32 {
        STEP_SECONDS * (self.path.len().saturating_sub(1)) as f32
    }

    /// Position and normal at time `t` (clamped).
    pub fn sample(&self, t: f32) -> (Vec3, Vec3) {
        let steps = self.path.len().saturating_sub(1).max(1) as f32;
        let x = (t / self.duration().max(1e-6)).clamp(0.0, 1.0) * steps;
        let i = (x.floor() as usize).min(self.path.len().saturating_sub(2));
        let f = x - i as f32;
        let (a, na) = self.path[i];
        let (b, nb) = self.path[(i + 1).min(self.path.len() - 1)];
        let lift = (f * std::f32::consts::PI).sin() * 0.15 * a.distance(b);
        let n = na.lerp(nb, f).normalize_or(na);
        (a.lerp(b, f) + n * lift, n)
    }
}

/// Move animation.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, (start_animation, animate_move, light_seams).chain().in_set(crate::AppSystems::Show));
}

fn start_animation(
    mut commands: Commands,
    mut played: MessageReader<ActionPlayed>,
    play: Res<Play>,
    embedded: Option<Res<Embedded>>,
) {
    let Some(embedded) = embedded else { return };
    for event in played.read() {
        let Some(before) = play.game.position_at(event.ply) else { continue };
        let Some(route) = before.route(event.action) else { continue };
        let surface = &embedded.0;
        let crosses_seam = route.iter().any(|s| s.seam);
        let mut path = vec![(surface.centre(event.action.from), surface.centre_normal(event.action.from))];
        for step in route {
            let (_, previous) = *path.last().expect("start");
            let n = surface.centre_normal(step.cell);
            let n = if n.dot(previous) < 0.0 { -n } else { n };
            path.push((surface.centre(step.cell), n));
        }
        commands.insert_resource(MoveAnimation { to: event.action.to, path, elapsed: 0.0, crosses_seam });
    }
}

fn animate_move(
    mut commands: Commands,
    time: Res<Time>,
    animation: Option<ResMut<MoveAnimation>>,
    mut models: Query<(&PieceModel, &mut Transform), With<crate::board::CellPatch>>,
) {
    let Some(mut animation) = animation else { return };
    animation.elapsed += time.delta_secs();
    let done = animation.elapsed >= animation.duration();
    // The last frame lands exactly on the destination (the sample's end).
    let (at, n) = animation.sample(animation.elapsed.min(animation.duration()));
    let end_normal = animation.path.last().map_or(Vec3::Y, |p| p.1);
    for (model, mut transform) in &mut models {
        if model.0 != animation.to {
            continue;
        }
        // Each of the two models keeps its side of the surface.
        let side = if (transform.rotation * Vec3::Y).dot(end_normal) >= 0.0 { 1.0 } else { -1.0 };
        transform.translation = at;
        transform.rotation = Quat::from_rotation_arc(Vec3::Y, n * side);
    }
    if done {
        commands.remove_resource::<MoveAnimation>();
    }
}

/// The seam colour, and its colour while a move crosses a seam.
pub const SEAM: Color = Color::srgb(0.85, 0.12, 0.10);
const SEAM_LIT: Color = Color::srgb(1.0, 0.9, 0.2);

/// Lights the seams up while the animated move crosses one.
fn light_seams(
    animation: Option<Res<MoveAnimation>>,
    palette: Option<Res<crate::board::Palette>>,
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

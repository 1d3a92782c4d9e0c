//! The camera follows the game: selecting a piece turns the surface so that the piece and its
//! destinations face the viewer, a move just played is shown, a double-click centres a cell. A
//! toggle (F, or the panel's button) turns following off; nothing moves while the player drags.
//! Views are chosen by scoring directions around the board: how squarely the cells of interest
//! face the camera and how near they are, preferring the direction closest to the current one.

use crate::board::Embedded;
use crate::camera::SurfaceCamera;
use crate::current::CurrentGame;
use crate::play::ActionPlayed;
use crate::selection::Selection;
use crate::surface::Surface;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use std::f32::consts::{FRAC_PI_4, TAU};
use surface_chess_rules::Cell;

/// Whether the camera follows the game (on by default).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowGame(pub bool);

impl Default for FollowGame {
    fn default() -> Self {
        FollowGame(true)
    }
}

/// Turn the camera to face this cell, centred (a double-click).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CentreOn(pub Cell);

/// A camera direction: yaw about the vertical, pitch above the horizon (the orbit camera's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Yaw in radians.
    pub yaw: f32,
    /// Pitch in radians.
    pub pitch: f32,
}

impl View {
    /// The unit vector from the focus towards the camera.
    pub fn direction(self) -> Vec3 {
        Vec3::new(self.yaw.sin() * self.pitch.cos(), self.pitch.sin(), self.yaw.cos() * self.pitch.cos())
    }

    /// The view looking back along `d` (from the focus towards the camera).
    pub fn along(d: Vec3) -> View {
        let d = d.normalize_or(Vec3::Z);
        View { yaw: d.x.atan2(d.z), pitch: d.y.clamp(-1.0, 1.0).asin().clamp(-MAX_PITCH, MAX_PITCH) }
    }
}

/// The steepest pitch a view takes (straight down confuses the orbit's yaw).
const MAX_PITCH: f32 = 1.45;

/// The vertical field of view of the surface camera (Bevy's default perspective).
const FOV: f32 = FRAC_PI_4;

/// How squarely a cell faces a camera at `eye` (0 when it faces away): either side on a
/// one-sided board, the outside on genus two.
fn facing(surface: &Surface, cell: Cell, eye: Vec3) -> f32 {
    let n = surface.centre_normal(cell);
    let towards = n.dot((eye - surface.centre(cell)).normalize_or(Vec3::Y));
    if surface.normals.is_none() { towards.abs() } else { towards.max(0.0) }
}

/// How well `cells` are seen from `view` at `radius` around `focus`: how many face the camera
/// and lie in the field of view, then how squarely they face it in all.
fn score(surface: &Surface, cells: &[Cell], focus: Vec3, view: View, radius: f32) -> (usize, f32) {
    let eye = focus + view.direction() * radius;
    let mut seen = 0;
    let mut total = 0.0;
    for &cell in cells {
        let f = facing(surface, cell, eye);
        total += f;
        if f > 0.15 && in_view(surface.centre(cell), focus, view, radius) {
            seen += 1;
        }
    }
    (seen, total)
}

/// Directions around the board: yaw every 10°, pitch in `pitches`.
fn candidates(pitches: std::ops::RangeInclusive<f32>) -> impl Iterator<Item = View> {
    let (low, high) = (*pitches.start(), *pitches.end());
    (0..36).flat_map(move |i| {
        (0..=8).map(move |j| View { yaw: i as f32 * TAU / 36.0, pitch: low + (high - low) * j as f32 / 8.0 })
    })
}

/// The direction from which `cells` are best seen around `focus`: the nearest to `current`
/// among those that show every cell facing the camera, else the one showing the most.
pub fn best_view(surface: &Surface, cells: &[Cell], focus: Vec3, radius: f32, current: View) -> View {
    let scored: Vec<(View, (usize, f32))> = candidates(-0.6..=1.3)
        .map(|view| {
            // Far enough to have every cell in the field of view.
            let r = radius.max(radius_to_see(surface, cells, focus, view));
            (view, score(surface, cells, focus, view, r))
        })
        .collect();
    let angle = |v: View| v.direction().angle_between(current.direction());
    let all: Vec<&(View, (usize, f32))> = scored.iter().filter(|(_, (seen, _))| *seen == cells.len()).collect();
    let chosen = if all.is_empty() {
        scored.iter().max_by(|a, b| a.1.0.cmp(&b.1.0).then(a.1.1.total_cmp(&b.1.1))).map(|c| c.0)
    } else {
        all.iter().min_by(|a, b| angle(a.0).total_cmp(&angle(b.0))).map(|c| c.0)
    };
    let view = chosen.unwrap_or(current);
    // Turn the short way round.
    View { yaw: current.yaw + (view.yaw - current.yaw + TAU / 2.0).rem_euclid(TAU) - TAU / 2.0, ..view }
}

/// The least camera distance at which every cell lies inside the view (with a margin).
pub fn radius_to_see(surface: &Surface, cells: &[Cell], focus: Vec3, view: View) -> f32 {
    let axis = view.direction();
    let tan = (FOV / 2.0).tan() * 0.8;
    cells
        .iter()
        .map(|&cell| {
            let p = surface.centre(cell) - focus;
            let along = p.dot(axis);
            let lateral = (p - axis * along).length();
            along + lateral / tan
        })
        .fold(0.0, f32::max)
}

/// Whether a point is inside the view of a camera at `view` and `radius` around `focus`.
pub fn in_view(point: Vec3, focus: Vec3, view: View, radius: f32) -> bool {
    let eye = focus + view.direction() * radius;
    let to_point = point - eye;
    to_point.angle_between(-view.direction()) < FOV / 2.0
}

/// Each board's home view: the direction from above (pitch 0.45 to 0.95) that shows White's king
/// and the most of White's pieces facing the camera on the near side of the board (pieces on the
/// far side may be hidden behind it), the height nearest the look's (`home_pitch`, a comfortable
/// 0.7 rad on most boards) among equals.
pub fn home_view(surface: &Surface) -> (Vec3, View, f32) {
    let start = surface_chess_rules::Position::new(surface.variant);
    let white = surface_chess_rules::Color::White;
    let cells: Vec<Cell> = start.pieces().filter(|(_, p)| p.color() == white).map(|(c, _)| c).collect();
    let king = start.king(white);
    let look = crate::surface::look::look(surface.variant);
    let radius = look.home_radius;
    let near_and_seen = |view: View, cell: Cell| {
        let p = surface.centre(cell);
        p.dot(view.direction()) > 0.0 && score(surface, &[cell], Vec3::ZERO, view, radius).0 == 1
    };
    let key = |view: View| {
        let seen = cells.iter().filter(|&&c| near_and_seen(view, c)).count();
        (near_and_seen(view, king), seen)
    };
    let best = candidates(0.45..=0.95).map(key).max().unwrap_or((false, 0));
    let view = candidates(0.45..=0.95)
        .filter(|&v| key(v) == best)
        .min_by(|a, b| (a.pitch - look.home_pitch).abs().total_cmp(&(b.pitch - look.home_pitch).abs()))
        .unwrap_or(View { yaw: 0.0, pitch: 0.7 });
    (Vec3::ZERO, view, radius)
}

/// Camera following.
pub fn plugin(app: &mut App) {
    app.init_resource::<FollowGame>().add_message::<CentreOn>().add_systems(
        Update,
        (
            follow_key.in_set(crate::AppSystems::Input),
            (follow_selection, follow_moves, centre_on).in_set(crate::AppSystems::Show),
        ),
    );
}

fn follow_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut follow: ResMut<FollowGame>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyF)) {
        follow.0 = !follow.0;
    }
}

/// Turns the camera towards `cells` (unless the player is dragging it).
fn turn_towards(
    camera: &mut PanOrbitCamera,
    surface: &Surface,
    cells: &[Cell],
    buttons: Option<&ButtonInput<MouseButton>>,
) {
    if buttons.is_some_and(|b| b.pressed(MouseButton::Left) || b.pressed(MouseButton::Right)) {
        return;
    }
    let now = View { yaw: camera.target_yaw, pitch: camera.target_pitch };
    let focus = camera.target_focus;
    let view = best_view(surface, cells, focus, camera.target_radius, now);
    camera.target_yaw = view.yaw;
    camera.target_pitch = view.pitch;
    camera.target_radius = camera.target_radius.max(radius_to_see(surface, cells, focus, view));
}

fn follow_selection(
    follow: Res<FollowGame>,
    selection: Res<Selection>,
    current: Res<CurrentGame>,
    embedded: Option<Res<Embedded>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>,
    mut last: Local<Option<Cell>>,
) {
    let Some(embedded) = embedded else { return };
    if !selection.is_changed() || selection.selected == *last {
        return;
    }
    *last = selection.selected;
    let Some(from) = selection.selected.filter(|_| follow.0) else { return };
    let mut cells = vec![from];
    cells.extend(selection.destinations(&current.game, current.game.outcome().is_none()).into_iter().map(|d| d.0));
    for mut camera in &mut cameras {
        turn_towards(&mut camera, &embedded.0, &cells, buttons.as_deref());
    }
}

fn follow_moves(
    follow: Res<FollowGame>,
    mut played: MessageReader<ActionPlayed>,
    current: Res<CurrentGame>,
    embedded: Option<Res<Embedded>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>,
) {
    let Some(embedded) = embedded else { return };
    for event in played.read() {
        if !follow.0 {
            continue;
        }
        let before = current.game.position_at(event.ply);
        let route = before.and_then(|p| p.route(event.action)).unwrap_or_default();
        let mut cells = vec![event.action.from];
        cells.extend(route.iter().map(|s| s.cell));
        for mut camera in &mut cameras {
            turn_towards(&mut camera, &embedded.0, &cells, buttons.as_deref());
        }
    }
}

fn centre_on(
    mut requests: MessageReader<CentreOn>,
    embedded: Option<Res<Embedded>>,
    mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>,
) {
    let Some(embedded) = embedded else { return };
    let surface = &embedded.0;
    for &CentreOn(cell) in requests.read() {
        for mut camera in &mut cameras {
            let now = View { yaw: camera.target_yaw, pitch: camera.target_pitch };
            let n = surface.centre_normal(cell);
            // The side of the cell facing the camera now (both sides on a one-sided board).
            let n = if surface.normals.is_none() && n.dot(now.direction()) < 0.0 { -n } else { n };
            let view = View::along(n);
            camera.target_focus = surface.centre(cell);
            camera.target_yaw = now.yaw + (view.yaw - now.yaw + TAU / 2.0).rem_euclid(TAU) - TAU / 2.0;
            camera.target_pitch = view.pitch;
        }
    }
}

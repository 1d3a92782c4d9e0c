//! The camera follows the game: selecting a piece turns the surface so that the piece and its
//! destinations face the viewer, a move just played is shown, a double-click centres a cell. A
//! toggle (F, or the panel's button) turns following off; nothing moves while the player drags.
//! Views are chosen by scoring directions around the board: how squarely the cells of interest
//! face the camera and how near they are, preferring the direction closest to the current one.

use crate::features::cutaway;
use crate::scene::board::{CentreOn, Embedded};
use crate::scene::camera::{SurfaceCamera, aim};
use crate::scene::surface::Surface;
use crate::scene::views::{Interest, View, best_pose};
use crate::state::commands::{Command, View as Toggle, toggled};
use crate::state::messages::ActionPlayed;
use crate::state::mode::AppMode;
use crate::state::play::PlayState;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use std::f32::consts::TAU;
use surface_chess_rules::Cell;

/// Whether the camera follows the game (on by default).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowGame(pub bool);

impl Default for FollowGame {
    fn default() -> Self {
        FollowGame(true)
    }
}

/// The exhibition's slow orbit round the board.
pub fn orbit_plugin(app: &mut App) {
    app.add_systems(Update, orbit_camera.run_if(in_state(AppMode::Exhibition)));
}

/// Camera following.
pub fn plugin(app: &mut App) {
    app.init_resource::<FollowGame>().add_message::<CentreOn>().add_systems(
        Update,
        (
            toggle_follow.in_set(crate::schedule::AppSystems::Rules),
            (follow_selection, follow_moves, centre_on).in_set(crate::schedule::AppSystems::Show),
        ),
    );
}

/// The Follow button and key.
fn toggle_follow(mut commands: MessageReader<Command>, mut follow: ResMut<FollowGame>) {
    if toggled(&mut commands, Toggle::Follow) {
        follow.0 = !follow.0;
    }
}

/// The cells in play, which the view never cuts away ([`cutaway`]).
fn kept(play: &PlayState, surface: &Surface) -> Vec<Cell> {
    cutaway::in_play(play, None, |c| surface.centre(c)).into_iter().map(|(c, _)| c).collect()
}

/// Turns the camera towards the cells of interest (unless the player is dragging it).
fn turn_towards(
    camera: &mut PanOrbitCamera,
    surface: &Surface,
    interest: Interest,
    buttons: Option<&ButtonInput<MouseButton>>,
) {
    if buttons.is_some_and(|b| b.pressed(MouseButton::Left) || b.pressed(MouseButton::Right)) {
        return;
    }
    let now = View { yaw: camera.target_yaw, pitch: camera.target_pitch };
    let pose = best_pose(surface, interest, camera.target_focus, camera.target_radius, now);
    if camera.initialized {
        camera.target_focus = pose.focus;
        camera.target_yaw = pose.view.yaw;
        camera.target_pitch = pose.view.pitch;
        camera.target_radius = pose.radius;
    } else {
        // Before its first update the camera sets its targets from its current pose: a selection
        // made at start (`--select`) puts it there at once.
        aim(camera, (pose.focus, pose.view, pose.radius));
    }
}

fn follow_selection(
    follow: Res<FollowGame>,
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>,
    mut last: Local<Option<Cell>>,
) {
    let Some(embedded) = embedded else { return };
    // A new board (the camera just went home): a selection standing from the start (`--select`)
    // is turned to as well.
    let new_board = embedded.is_changed();
    let selection = &play.selection;
    if !new_board && (!selection.is_changed() || selection.selected == *last) {
        return;
    }
    *last = selection.selected;
    let Some(from) = selection.selected.filter(|_| follow.0) else { return };
    let game = &play.current.game;
    let mut cells = vec![from];
    cells.extend(selection.destinations(game, game.outcome().is_none()).into_iter().map(|d| d.0));
    let kept = kept(&play, &embedded.0);
    for mut camera in &mut cameras {
        turn_towards(&mut camera, &embedded.0, Interest { cells: &cells, kept: &kept }, buttons.as_deref());
    }
}

fn follow_moves(
    follow: Res<FollowGame>,
    mut played: MessageReader<ActionPlayed>,
    play: PlayState,
    embedded: Option<Res<Embedded>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>,
) {
    let Some(embedded) = embedded else { return };
    for event in played.read() {
        if !follow.0 {
            continue;
        }
        let before = play.current.game.position_at(event.ply);
        let route = before.and_then(|p| p.route(event.action)).unwrap_or_default();
        let mut cells = vec![event.action.from];
        cells.extend(route.iter().map(|s| s.cell));
        let kept = kept(&play, &embedded.0);
        for mut camera in &mut cameras {
            turn_towards(&mut camera, &embedded.0, Interest { cells: &cells, kept: &kept }, buttons.as_deref());
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

/// Radians per second of the camera's orbit.
const ORBIT_SPEED: f32 = 0.12;

/// Slowly orbits the camera during an exhibition.
fn orbit_camera(time: Res<Time>, mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>) {
    for mut camera in &mut cameras {
        camera.target_yaw += ORBIT_SPEED * time.delta_secs();
    }
}

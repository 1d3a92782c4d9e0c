//! Exhibition mode (`--demo` or the panel's button): the computer plays both sides on a loop
//! across the boards, the camera slowly orbits, the status line names the board and the last move;
//! any click or key hands control back.

use crate::camera::SurfaceCamera;
use crate::opponent::Opponent;
use crate::play::Play;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use surface_chess_rules::Variant;

/// Seconds a finished exhibition game stays on show before the next board.
const PAUSE_SECONDS: f32 = 4.0;

/// Radians per second of the camera's orbit.
const ORBIT_SPEED: f32 = 0.12;

/// Exhibition mode.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, (hand_back_control, next_exhibition_game).chain().in_set(crate::AppSystems::Input));
}

/// The board after `v` in the exhibition's cycle.
pub fn next_board(v: Variant) -> Variant {
    let i = Variant::ALL.iter().position(|&x| x == v).unwrap_or(0);
    Variant::ALL[(i + 1) % Variant::ALL.len()]
}

fn hand_back_control(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut opponent: ResMut<Opponent>,
    mut play: ResMut<Play>,
) {
    let pressed = keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || buttons.is_some_and(|b| b.get_just_pressed().next().is_some());
    if opponent.exhibition && pressed {
        opponent.exhibition = false;
        play.note = "exhibition stopped: your move".into();
    }
}

fn next_exhibition_game(
    time: Res<Time>,
    opponent: Res<Opponent>,
    mut play: ResMut<Play>,
    mut finished_for: Local<f32>,
) {
    if !opponent.exhibition || play.game.outcome().is_none() {
        *finished_for = 0.0;
        return;
    }
    *finished_for += time.delta_secs();
    if *finished_for >= PAUSE_SECONDS {
        *finished_for = 0.0;
        let next = next_board(play.variant());
        *play = Play::new(next);
        play.note = format!("exhibition: {next}");
    }
}

/// Slowly orbits the camera during an exhibition (part of the windowed app only).
pub fn orbit_camera(
    time: Res<Time>,
    opponent: Res<Opponent>,
    mut cameras: Query<&mut PanOrbitCamera, With<SurfaceCamera>>,
) {
    if !opponent.exhibition {
        return;
    }
    for mut camera in &mut cameras {
        camera.target_yaw += ORBIT_SPEED * time.delta_secs();
    }
}

//! Touch gestures on the 3D view, headless, from synthetic `TouchInput` as a touch screen sends
//! it: one finger dragged orbits, a pinch zooms, two fingers dragged together pan.

use bevy::input::InputPlugin;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy_panorbit_camera::{ActiveCameraData, PanOrbitCamera, PanOrbitCameraPlugin};
use surface_chess::scene::camera::orbit_controls;

fn app() -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, PanOrbitCameraPlugin));
    let camera =
        app.world_mut().spawn((orbit_controls(), Transform::from_xyz(0.0, 8.0, 12.0), Projection::default())).id();
    // The 3D view of a 1280×720 window (the plugin finds it from the window in the real app).
    let size = Some(Vec2::new(1280.0, 720.0));
    app.insert_resource(ActiveCameraData {
        entity: Some(camera),
        viewport_size: size,
        window_size: size,
        manual: true,
    });
    app.update();
    app.update();
    (app, camera)
}

fn finger(app: &mut App, id: u64, phase: TouchPhase, x: f32, y: f32) {
    let window = Entity::PLACEHOLDER;
    app.world_mut().write_message(TouchInput { phase, position: Vec2::new(x, y), window, force: None, id });
}

/// The camera's goal: yaw, pitch, distance, focus.
fn goal(app: &App, camera: Entity) -> (f32, f32, f32, Vec3) {
    let c = app.world().get::<PanOrbitCamera>(camera).unwrap();
    (c.target_yaw, c.target_pitch, c.target_radius, c.target_focus)
}

/// Moves each finger `(id, from, to)` from its start to its end in `steps` frames, then lifts
/// them.
fn gesture(app: &mut App, fingers: &[(u64, Vec2, Vec2)], steps: usize) {
    for &(id, from, _) in fingers {
        finger(app, id, TouchPhase::Started, from.x, from.y);
    }
    app.update();
    for step in 1..=steps {
        for &(id, from, to) in fingers {
            let at = from.lerp(to, step as f32 / steps as f32);
            finger(app, id, TouchPhase::Moved, at.x, at.y);
        }
        app.update();
    }
    for &(id, _, to) in fingers {
        finger(app, id, TouchPhase::Ended, to.x, to.y);
    }
    app.update();
}

#[test]
fn one_finger_dragged_turns_the_surface() {
    let (mut app, camera) = app();
    let (yaw, pitch, radius, focus) = goal(&app, camera);
    gesture(&mut app, &[(1, Vec2::new(500.0, 400.0), Vec2::new(700.0, 300.0))], 10);
    let (yaw2, pitch2, radius2, focus2) = goal(&app, camera);
    assert!((yaw2 - yaw).abs() > 0.2, "sideways turns: yaw {yaw} → {yaw2}");
    assert!((pitch2 - pitch).abs() > 0.05, "up turns: pitch {pitch} → {pitch2}");
    assert_eq!((radius2, focus2), (radius, focus), "neither zooms nor pans");
}

#[test]
fn a_pinch_zooms_and_spreading_fingers_come_closer() {
    let (mut app, camera) = app();
    let (yaw, _, radius, focus) = goal(&app, camera);
    let spread =
        [(1, Vec2::new(600.0, 360.0), Vec2::new(450.0, 360.0)), (2, Vec2::new(680.0, 360.0), Vec2::new(830.0, 360.0))];
    gesture(&mut app, &spread, 10);
    let (yaw2, _, radius2, focus2) = goal(&app, camera);
    assert!(radius2 < radius * 0.9, "spread: nearer, {radius} → {radius2}");
    assert!((yaw2 - yaw).abs() < 0.05 && focus2.distance(focus) < 0.5, "no turn, no pan");
    let pinch =
        [(3, Vec2::new(450.0, 360.0), Vec2::new(600.0, 360.0)), (4, Vec2::new(830.0, 360.0), Vec2::new(680.0, 360.0))];
    gesture(&mut app, &pinch, 10);
    let (_, _, radius3, _) = goal(&app, camera);
    assert!(radius3 > radius2 * 1.1, "pinch: farther, {radius2} → {radius3}");
}

#[test]
fn two_fingers_dragged_together_pan() {
    let (mut app, camera) = app();
    let (yaw, pitch, _, focus) = goal(&app, camera);
    let together =
        [(1, Vec2::new(500.0, 300.0), Vec2::new(500.0, 450.0)), (2, Vec2::new(620.0, 300.0), Vec2::new(620.0, 450.0))];
    gesture(&mut app, &together, 10);
    let (yaw2, pitch2, _, focus2) = goal(&app, camera);
    assert!(focus2.distance(focus) > 0.5, "the focus moves: {focus} → {focus2}");
    assert!((yaw2 - yaw).abs() < 0.05 && (pitch2 - pitch).abs() < 0.05, "no turn");
}

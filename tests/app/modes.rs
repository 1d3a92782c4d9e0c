//! Play modes, headless: a new game stops a search still running, the exhibition keeps its pace
//! and orbits the camera, a kiosk starts the exhibition when idle and gives a visitor a fresh
//! game on the first key.

use crate::transitions::{mode, switch_mode};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_panorbit_camera::PanOrbitCamera;
use std::time::{Duration, Instant};
use surface_chess::logic_plugin;
use surface_chess::scene::camera::SurfaceCamera;
use surface_chess::state::exhibition::Pace;
use surface_chess::state::game::{CurrentGame, Notice};
use surface_chess::state::kiosk::Kiosk;
use surface_chess::state::mode::{AppMode, ComputerLevel, PlayMode};
use surface_chess_rules::engine::Level;
use surface_chess_rules::{Color, Game, Variant};

fn app_with(game: CurrentGame, step_ms: u64) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin))
        .insert_resource(game)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(step_ms)));
    app.update();
    app
}

fn current(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

#[test]
fn a_new_game_drops_the_search_for_the_old_one() {
    // The computer (White) starts thinking about the Möbius board ...
    let mut app = app_with(CurrentGame::new(Variant::Mobius), 10);
    app.insert_resource(PlayMode::VsComputer(Color::White)).insert_resource(ComputerLevel(Level::Strongest));
    app.update();
    // ... and the player switches to the flat board at once, at the same ply.
    app.world_mut().resource_mut::<CurrentGame>().replace(Game::new(Variant::Chess));
    let start = Instant::now();
    while current(&app).plies() == 0 {
        assert!(start.elapsed().as_secs() < 30, "the computer answers on the new board");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    let game = &current(&app).game;
    assert_eq!(game.position().variant(), Variant::Chess);
    assert_eq!(game.actions().len(), 1, "one move, for the new game");
    assert_eq!(app.world().resource::<Notice>().0, "", "no stale move was tried on the new board");
}

#[test]
fn the_exhibition_keeps_its_pace() {
    let mut app = app_with(CurrentGame::new(Variant::Endless), 100);
    app.insert_resource(ComputerLevel(Level::Beginner)).insert_resource(Pace(1.0));
    switch_mode(&mut app, AppMode::Exhibition);
    let mut updates_at_move = Vec::new();
    let start = Instant::now();
    let mut updates = 0u32;
    while updates_at_move.len() < 3 {
        assert!(start.elapsed().as_secs() < 60, "the exhibition plays on");
        let before = current(&app).plies();
        app.update();
        updates += 1;
        if current(&app).plies() > before {
            updates_at_move.push(updates);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    for pair in updates_at_move.windows(2) {
        let seconds = (pair[1] - pair[0]) as f32 * 0.1;
        assert!(seconds >= 0.99, "moves {seconds} s apart, the pace is 1 s");
    }
}

#[test]
fn the_exhibition_orbits_the_camera_and_stops_with_any_key() {
    let mut app = app_with(CurrentGame::new(Variant::Klein), 100);
    app.init_resource::<ButtonInput<KeyCode>>();
    let camera = app.world_mut().spawn((PanOrbitCamera::default(), SurfaceCamera)).id();
    let yaw = |app: &App| app.world().get::<PanOrbitCamera>(camera).unwrap().target_yaw;
    app.update();
    let still = yaw(&app);
    app.update();
    assert_eq!(yaw(&app), still, "no orbit outside the exhibition");
    switch_mode(&mut app, AppMode::Exhibition);
    for _ in 0..10 {
        app.update();
    }
    let turned = yaw(&app) - still;
    assert!(turned > 0.05, "the camera orbits: {turned} rad in a second");
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::KeyA);
    app.update();
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::TwoPlayers);
    app.update();
    assert_eq!(mode(&app), AppMode::Offline);
}

#[test]
fn a_kiosk_left_idle_starts_the_exhibition_and_a_visitor_gets_a_fresh_game() {
    // Steps of 0.2 s (virtual time advances at most 0.25 s per update).
    let mut app = app_with(CurrentGame::new(Variant::Genus2), 200);
    app.init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(Kiosk { idle_seconds: 3.0 })
        .insert_resource(ComputerLevel(Level::Beginner))
        .insert_resource(Pace(0.1));
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(mode(&app), AppMode::Offline, "not idle long enough");
    // One more frame than the idle time: the state changes at the frame after the decision.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(mode(&app), AppMode::Exhibition, "idle: the exhibition starts");
    let start = Instant::now();
    while current(&app).plies() < 2 {
        assert!(start.elapsed().as_secs() < 30, "the exhibition plays");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    let serial = current(&app).serial();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Space);
    app.update();
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::TwoPlayers, "a key hands control back");
    app.update();
    assert_eq!(mode(&app), AppMode::Offline);
    assert_ne!(current(&app).serial(), serial, "a fresh game for the visitor");
    assert_eq!(current(&app).plies(), 0);
    assert_eq!(current(&app).variant(), Variant::Genus2, "on the board on show");
}

/// A finger on the screen, as the window reports it.
fn touch(app: &mut App, id: u64, phase: bevy::input::touch::TouchPhase) {
    let window = Entity::PLACEHOLDER;
    app.world_mut().write_message(bevy::input::touch::TouchInput {
        phase,
        position: Vec2::new(300.0, 200.0),
        window,
        force: None,
        id,
    });
}

#[test]
fn a_kiosk_counts_touches_as_input_and_a_touch_hands_the_exhibition_back() {
    use bevy::input::touch::TouchPhase;
    let mut app = app_with(CurrentGame::new(Variant::Mobius), 200);
    app.add_plugins(bevy::input::InputPlugin)
        .insert_resource(Kiosk { idle_seconds: 2.0 })
        .insert_resource(ComputerLevel(Level::Beginner))
        .insert_resource(Pace(0.1));
    // A visitor touching the screen every second keeps the exhibition away.
    for i in 0..20 {
        if i % 5 == 0 {
            touch(&mut app, i, TouchPhase::Started);
        }
        if i % 5 == 1 {
            touch(&mut app, i - 1, TouchPhase::Ended);
        }
        app.update();
    }
    assert_eq!(mode(&app), AppMode::Offline, "touches are input: not idle");
    for _ in 0..15 {
        app.update();
    }
    assert_eq!(mode(&app), AppMode::Exhibition, "idle: the exhibition starts");
    touch(&mut app, 99, TouchPhase::Started);
    app.update();
    app.update();
    assert_eq!(mode(&app), AppMode::Offline, "a touch hands control back");
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::TwoPlayers);
}

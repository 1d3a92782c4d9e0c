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

#[test]
fn between_exhibition_games_a_tour_steps_by_itself_then_the_next_board_plays() {
    use surface_chess::state::tours::{Touring, Tours};
    // A finished game on the flat board (fool's mate).
    let mut game = Game::new(Variant::Chess);
    for text in ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"] {
        let a = game.position().parse_action(text).expect("legal");
        game.play(a).expect("plays");
    }
    assert!(game.outcome().is_some());
    let mut app = app_with(CurrentGame::from_game(game), 250);
    app.insert_resource(ComputerLevel(Level::Beginner)).insert_resource(Pace(0.5));
    switch_mode(&mut app, AppMode::Exhibition);
    let first = app.world().resource::<Tours>().0[0].steps.len();
    // After the pause (4 s: 16 frames of a quarter second) a tour starts, stepping by itself.
    let mut frames = 0;
    while app.world().resource::<Touring>().at.is_none() {
        frames += 1;
        assert!(frames < 40, "a tour starts after the finished game");
        app.update();
    }
    let touring = *app.world().resource::<Touring>();
    assert_eq!((touring.at, touring.auto), (Some((0, 0)), true));
    assert_eq!(mode(&app), AppMode::Exhibition, "the exhibition goes on around the tour");
    // Each step stays four paces (2 s: 8 frames); the computer plays no move meanwhile.
    let mut seen = vec![0];
    let mut frames = 0;
    while let Some((_, s)) = app.world().resource::<Touring>().at {
        if seen.last() != Some(&s) {
            seen.push(s);
        }
        frames += 1;
        assert!(frames < 12 * first + 20, "the tour ends by itself");
        app.update();
        if app.world().resource::<Touring>().at.is_some() {
            let thinking = app.world().contains_resource::<surface_chess::state::opponent::Thinking>();
            assert!(!thinking, "the computer does not play on a tour's step");
        }
    }
    assert_eq!(seen, (0..first).collect::<Vec<_>>(), "every step in turn");
    // Then the next board's game.
    app.update();
    app.update();
    assert_eq!(current(&app).variant(), surface_chess::state::exhibition::next_board(Variant::Chess));
    assert_eq!(current(&app).plies(), 0);
    assert!(!app.world().resource::<Touring>().list, "the attract loop does not leave the list open");
}

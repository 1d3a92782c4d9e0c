//! The camera follows the game, headless: a selection turns the surface so that the piece and
//! its destinations are in sight and face the camera, a move is shown, a double-click centres a
//! cell, and nothing moves while following is off or the player drags.

use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use surface_chess::features::follow::{self, FollowGame};
use surface_chess::logic_plugin;
use surface_chess::scene::board::CentreOn;
use surface_chess::scene::board::{self, Embedded};
use surface_chess::scene::camera::{self, SurfaceCamera};
use surface_chess::scene::flat::FlatMaterial;
use surface_chess::scene::surface::Surface;
use surface_chess::scene::surface::look::look;
use surface_chess::scene::surface::sight::Sight;
use surface_chess::scene::views::{Interest, View, best_pose, home_view, in_view};
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::{ActionChosen, CellPicked};
use surface_chess::state::selection::Selection;
use surface_chess_rules::{Cell, Color, Variant};

fn app_with(variant: Variant) -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>()
        .insert_resource(CurrentGame::new(variant))
        .add_plugins((board::plugin, follow::plugin));
    // The camera looks at the board from behind Black's side.
    let camera = app
        .world_mut()
        .spawn((
            PanOrbitCamera { target_yaw: std::f32::consts::PI, target_pitch: -0.3, target_radius: 14.0, ..default() },
            SurfaceCamera,
        ))
        .id();
    app.update();
    app.update();
    (app, camera)
}

fn camera(app: &App, e: Entity) -> (View, f32, Vec3) {
    let c = app.world().get::<PanOrbitCamera>(e).unwrap();
    (View { yaw: c.target_yaw, pitch: c.target_pitch }, c.target_radius, c.target_focus)
}

/// Whether a person sees a cell: it is in view, faces the camera (either side on one-sided
/// boards), and the ray from the eye to its centre meets it first, with the wall in front of the
/// cells in play cut away where the surface cuts away (as the app does).
pub(crate) fn seen(surface: &Surface, cell: Cell, view: View, radius: f32, focus: Vec3, in_play: &[Cell]) -> bool {
    let p = surface.centre(cell);
    let eye = focus + view.direction() * radius;
    let n = surface.centre_normal(cell);
    let facing = n.dot((eye - p).normalize());
    let faces = if surface.normals.is_none() { facing.abs() > 0.05 } else { facing > 0.05 };
    let sight = Sight::new(surface);
    let cut = if look(surface.variant).shape.cuts_away() {
        let wanted: Vec<(Cell, Vec3)> = in_play.iter().map(|&c| (c, surface.centre(c))).collect();
        sight.cut_away(eye, &wanted)
    } else {
        HashSet::new()
    };
    in_view(p, focus, view, radius) && faces && sight.sees(eye, cell, p, &cut)
}

/// The cells in play, for which the app cuts the wall away: the side to move's pieces, the
/// selected piece and its destinations, the cell the camera centres on (`focus`).
fn in_play(app: &App, focus: Option<Cell>) -> Vec<Cell> {
    let game = &app.world().resource::<CurrentGame>().game;
    let selection = app.world().resource::<Selection>();
    let p = game.position();
    let mut cells: Vec<Cell> =
        p.pieces().filter(|(_, piece)| piece.color() == p.side_to_move()).map(|(c, _)| c).collect();
    cells.extend(selection.selected);
    cells.extend(selection.destinations(game, true).into_iter().map(|d| d.0));
    cells.extend(focus);
    cells
}

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap()
}

#[test]
fn selecting_a_piece_brings_it_and_its_destinations_into_sight() {
    for (v, piece) in [
        (Variant::Mobius, "c2"),
        (Variant::Klein, "d4"),
        (Variant::Genus2, "I:e4"),
        (Variant::Endless, "g1"),
        (Variant::Chess, "b1"),
    ] {
        let (mut app, cam) = app_with(v);
        app.world_mut().write_message(CellPicked(cell(v, piece)));
        app.update();
        let shown = selection_in_sight(&app, cam, v, piece);
        assert!(shown > 1, "{v}: {piece} has somewhere to go");
    }
}

/// Asserts that the selected piece on `piece` and its destinations are in sight from the camera
/// `cam`, with the wall cut away as the app cuts it; returns how many cells that is.
fn selection_in_sight(app: &App, cam: Entity, v: Variant, piece: &str) -> usize {
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.selected, Some(cell(v, piece)), "{v}");
    let game = &app.world().resource::<CurrentGame>().game;
    let mut cells = vec![cell(v, piece)];
    cells.extend(selection.destinations(game, true).into_iter().map(|d| d.0));
    let (view, radius, focus) = camera(app, cam);
    let surface = &app.world().resource::<Embedded>().0;
    let playing = in_play(app, None);
    for &c in &cells {
        assert!(
            seen(surface, c, view, radius, focus, &playing),
            "{v}: {} is out of sight from {view:?} at {radius}",
            v.rules().complex.name(c)
        );
    }
    cells.len()
}

/// A selection that stands before the board appears (`--select` on the command line) turns the
/// camera once the board is built and the camera has gone to its home view: the reset for the new
/// board does not undo it, nor does the orbit camera setting itself up, and the piece and its
/// destinations are seen with the wall cut away as the app cuts it (the side to move's pieces
/// stay, and may hide what is behind them).
#[test]
fn a_selection_made_before_the_board_appears_is_turned_to() {
    for (v, piece) in [
        (Variant::Genus2, "I:e4"),
        (Variant::Genus2, "II:e6"),
        (Variant::Klein, "d4"),
        (Variant::Klein, "e13"),
        (Variant::Mobius, "c2"),
        (Variant::Mobius, "d8"),
        (Variant::Endless, "g1"),
        (Variant::Endless, "b8"),
        (Variant::Chess, "b1"),
        (Variant::Strato, "1e2"),
        (Variant::Chess3, "1b1"),
    ] {
        let mut app = App::new();
        // The app's own camera and its orbit control, which sets itself up on its first update.
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin::default(),
            bevy::window::WindowPlugin {
                primary_window: None,
                exit_condition: bevy::window::ExitCondition::DontExit,
                ..default()
            },
            bevy::input::InputPlugin,
            logic_plugin,
        ))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        .insert_resource(CurrentGame::new(v))
        .insert_resource(Selection { selected: Some(cell(v, piece)), ..default() })
        .add_plugins((board::plugin, follow::plugin, camera::plugin));
        for _ in 0..4 {
            app.update();
        }
        let cam = app.world_mut().query_filtered::<Entity, With<SurfaceCamera>>().single(app.world()).unwrap();
        let shown = selection_in_sight(&app, cam, v, piece);
        // White's pieces show their destinations; Black's, with White to move, only themselves.
        let game = &app.world().resource::<CurrentGame>().game;
        let white = game.position().piece_at(cell(v, piece)).is_some_and(|p| p.color() == Color::White);
        assert_eq!(shown > 1, white, "{v}: {piece} shows its destinations when it is to move");
    }
}

#[test]
fn nothing_turns_while_following_is_off_or_the_player_drags() {
    let v = Variant::Mobius;
    let (mut app, cam) = app_with(v);
    let before = camera(&app, cam);
    app.insert_resource(FollowGame(false));
    app.world_mut().write_message(CellPicked(cell(v, "c2")));
    app.update();
    assert_eq!(camera(&app, cam), before, "following is off");
    app.world_mut().resource_mut::<Selection>().selected = None;
    app.insert_resource(FollowGame(true));
    app.world_mut().resource_mut::<ButtonInput<MouseButton>>().press(MouseButton::Left);
    app.world_mut().write_message(CellPicked(cell(v, "h1")));
    app.update();
    assert_eq!(app.world().resource::<Selection>().selected, Some(cell(v, "h1")));
    assert_eq!(camera(&app, cam), before, "the player is dragging");
}

#[test]
fn a_move_is_shown_and_a_double_click_centres_its_cell() {
    let v = Variant::Klein;
    let (mut app, cam) = app_with(v);
    let action = app.world().resource::<CurrentGame>().game.position().parse_action("Nd4–c2").unwrap();
    app.world_mut().write_message(ActionChosen(action));
    app.update();
    app.update();
    let (view, radius, focus) = camera(&app, cam);
    let surface = app.world().resource::<Embedded>().0.clone();
    for name in ["d4", "c2"] {
        let playing = in_play(&app, None);
        assert!(seen(&surface, cell(v, name), view, radius, focus, &playing), "{name} of the move is in sight");
    }
    app.world_mut().write_message(CentreOn(cell(v, "e9")));
    app.update();
    let (view, radius, focus) = camera(&app, cam);
    assert_eq!(focus, surface.centre(cell(v, "e9")), "the cell is the new focus");
    assert!(seen(&surface, cell(v, "e9"), view, radius, focus, &in_play(&app, Some(cell(v, "e9")))));
}

#[test]
fn each_home_view_shows_its_sides_home_ranks() {
    for v in Variant::ALL {
        let surface = Surface::new(v);
        for side in [surface_chess_rules::Color::White, surface_chess_rules::Color::Black] {
            let (focus, view, radius) = home_view(&surface, side);
            let start = surface_chess_rules::Position::new(v);
            let camp: Vec<Cell> = start.pieces().filter(|(_, p)| p.color() == side).map(|(c, _)| c).collect();
            let king = start.king(side);
            // With the side to move, its pieces are the cells in play.
            assert!(seen(&surface, king, view, radius, focus, &camp), "{v}: {side:?}'s king is in sight");
            let near = (surface.centre(king) - focus).dot(view.direction()) > 0.0;
            assert!(near, "{v}: {side:?}'s king is on the near side of the board, not behind it");
            let visible = camp.iter().filter(|&&c| seen(&surface, c, view, radius, focus, &camp)).count();
            assert!(visible * 5 >= camp.len() * 3, "{v}: {visible} of {side:?}'s {} pieces in sight", camp.len());
        }
    }
}

#[test]
fn the_camera_finds_a_view_of_every_cell_of_every_board() {
    for v in Variant::ALL {
        let surface = Surface::new(v);
        let (focus, home, radius) = home_view(&surface, surface_chess_rules::Color::White);
        let complex = &v.rules().complex;
        let mut unseen = Vec::new();
        for c in complex.cells() {
            // As the follow camera turns towards a selected piece on `c` (here with no
            // destinations): from the home view, about the board's centre.
            let pose = best_pose(&surface, Interest::only(&[c]), focus, radius, home);
            if !seen(&surface, c, pose.view, pose.radius, pose.focus, &[c]) {
                unseen.push(complex.name(c));
            }
        }
        assert!(unseen.is_empty(), "{v}: no view shows {unseen:?}");
    }
}

#[test]
fn a_king_on_any_cell_of_any_board_is_seen_with_all_its_destinations() {
    use surface_chess_rules::{Color as Side, Piece, Role, Setup};
    for v in Variant::ALL {
        let surface = Surface::new(v);
        let (focus, home, radius) = home_view(&surface, Side::White);
        let complex = &v.rules().complex;
        let mut unseen = Vec::new();
        for c in complex.cells() {
            // The king alone on the board but for the other king, as far away as can be.
            let distance = |d: &Cell| surface.centre(*d).distance(surface.centre(c));
            let far = complex.cells().max_by(|a, b| distance(a).total_cmp(&distance(b))).unwrap();
            let mut setup = Setup::empty(v);
            setup.put(c, Some(Piece::new(Side::White, Role::King)));
            setup.put(far, Some(Piece::new(Side::Black, Role::King)));
            let position = setup
                .position()
                .unwrap_or_else(|e| panic!("{v}: kings on {} and {}: {e}", complex.name(c), complex.name(far)));
            let mut cells = vec![c];
            for a in position.legal_actions().into_iter().filter(|a| a.from == c) {
                if !cells.contains(&a.to) {
                    cells.push(a.to);
                }
            }
            assert!(cells.len() > 2, "{v}: the king on {} has moves", complex.name(c));
            // As the follow camera turns when the king is selected, from the home view.
            let pose = best_pose(&surface, Interest::only(&cells), focus, radius, home);
            if cells.iter().any(|&d| !seen(&surface, d, pose.view, pose.radius, pose.focus, &cells)) {
                unseen.push(c);
            }
        }
        let names: Vec<String> = unseen.iter().map(|&c| complex.name(c)).collect();
        // The known gap, a bound against getting worse: on genus two four kings on a hole's inner
        // wall (I:a5, I:i6, II:a4, II:i5), whose diagonal step goes through the hole from the top
        // face to the bottom one, are seen with all their steps but that one.
        let allowed = if v == Variant::Genus2 { 4 } else { 0 };
        assert!(unseen.len() <= allowed, "{v}: out of sight with the king selected: {names:?}");
    }
}

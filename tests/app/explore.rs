//! Explore mode in the app: the boards with no agreed start open exploring, any piece moves by
//! clicks whoever's turn it was, and the Explore command switches to a game under the rules and
//! back (refused where the rules do not accept the position).

use bevy::prelude::*;
use surface_chess::logic_plugin;
use surface_chess::state::commands::Command;
use surface_chess::state::game::{CurrentGame, Notice};
use surface_chess::state::messages::CellPicked;
use surface_chess::state::persist;
use surface_chess::state::selection::Selection;
use surface_chess::ui::panel::move_entries;
use surface_chess_rules::{Cell, Color, Game, Variant};

fn app_on(v: Variant) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin)).insert_resource(CurrentGame::new(v));
    app.update();
    app
}

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap()
}

fn pick(app: &mut App, v: Variant, name: &str) {
    app.world_mut().write_message(CellPicked(cell(v, name)));
    app.update();
}

fn game(app: &App) -> &Game {
    &app.world().resource::<CurrentGame>().game
}

fn command(app: &mut App, c: Command) {
    app.world_mut().write_message(c);
    app.update();
}

#[test]
fn the_new_boards_open_exploring_and_any_piece_moves_by_clicks() {
    for v in [Variant::Cylinder, Variant::Torus, Variant::Projective, Variant::Sphere] {
        assert!(game(&app_on(v)).is_exploring(), "{v}");
    }
    assert!(!game(&app_on(Variant::Mobius)).is_exploring());
    let v = Variant::Torus;
    let mut app = app_on(v);
    // Black first, and Black again: no turns.
    for (from, to) in [("g7", "f5"), ("f5", "d4")] {
        pick(&mut app, v, from);
        assert_eq!(app.world().resource::<Selection>().selected, Some(cell(v, from)), "{from} selected");
        pick(&mut app, v, to);
    }
    assert_eq!(game(&app).actions().len(), 2);
    assert_eq!(move_entries(game(&app)), ["1. Ng7–f5", "2. Nf5–d4"]);
}

#[test]
fn explore_switches_to_a_game_and_back_and_refuses_a_position_the_rules_do_not_accept() {
    let v = Variant::Projective;
    let mut app = app_on(v);
    command(&mut app, Command::Explore);
    assert!(!game(&app).is_exploring(), "{}", app.world().resource::<Notice>().0);
    // A game: Black's pieces wait for their turn.
    pick(&mut app, v, "g7");
    assert_eq!(app.world().resource::<Selection>().selected, None);
    command(&mut app, Command::Explore);
    assert!(game(&app).is_exploring());
    // A White move that leaves White's own king attacked is an explore move; after it, with
    // Black to move and White in check, the rules refuse the position.
    let p = game(&app).position().clone();
    let complex = &v.rules().complex;
    let exposing = p
        .occupied(Color::White)
        .iter()
        .flat_map(|c| p.explore_actions(c))
        .find(|&a| p.explore(a).is_ok_and(|q| q.is_attacked(q.king(Color::White), Color::Black)))
        .expect("some White move exposes White's king");
    pick(&mut app, v, &complex.name(exposing.from));
    pick(&mut app, v, &complex.name(exposing.to));
    assert_eq!(game(&app).actions().len(), 1);
    command(&mut app, Command::Explore);
    assert!(game(&app).is_exploring());
    let notice = &app.world().resource::<Notice>().0;
    assert!(notice.starts_with("the rules do not accept this position"), "{notice}");
}

#[test]
fn exploring_is_autosaved_and_resumed() {
    let dir = std::env::temp_dir().join(format!("surface-chess-explore-{}", std::process::id()));
    let path = dir.join("autosave.json");
    let _ = std::fs::remove_dir_all(&dir);
    let v = Variant::Sphere;
    let mut app = app_on(v);
    app.insert_resource(persist::Autosave(Some(path.clone())));
    app.update();
    // Black's knight first (exploring has no turns), to its first destination.
    let knight = cell(v, "I:d4");
    let to = game(&app).position().explore_actions(knight)[0].to;
    pick(&mut app, v, "I:d4");
    pick(&mut app, v, &v.rules().complex.name(to));
    assert_eq!(game(&app).actions().len(), 1);
    match persist::resume(&path) {
        persist::Resume::Game(g) => {
            assert!(g.is_exploring());
            assert_eq!(g.position(), game(&app).position());
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn why_not_speaks_for_the_piece_pointed_at_whoever_moved_last() {
    use surface_chess::features::explain::why;
    let v = Variant::Torus;
    let game = Game::opening(v);
    // White is nominally to move; Black's knight is explained as Black's, not refused for the turn.
    let text = why(&game, 0, cell(v, "g7"), cell(v, "f5")).text;
    assert!(!text.contains("turn"), "{text}");
    let refused = why(&game, 0, cell(v, "g7"), cell(v, "g5")).text;
    assert!(refused.starts_with("Why not?") && !refused.contains("turn"), "{refused}");
    // A move that leaves its own king attacked is allowed while exploring, and said so.
    let p = game.position();
    let (from, to) = p
        .occupied(Color::White)
        .iter()
        .flat_map(|c| p.explore_actions(c))
        .find(|&a| p.explore(a).is_ok_and(|q| q.is_attacked(q.king(Color::White), Color::Black)))
        .map(|a| (a.from, a.to))
        .expect("a White move that exposes its king");
    assert_eq!(why(&game, 0, from, to).text, "Exploring: this move is allowed (check is not looked at).");
}

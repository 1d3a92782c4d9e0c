//! Headless app tests: `MinimalPlugins` plus the app's logic, driven by the same messages a click
//! on the surface or the chart sends.

use crate::transitions::switch_mode;
use bevy::prelude::*;
use surface_chess::state::game::{CurrentGame, Notice};
use surface_chess::state::messages::{ActionChosen, CellPicked};
use surface_chess::state::mode::{AppMode, ComputerLevel, PlayMode};
use surface_chess::state::selection::Selection;
use surface_chess::state::tours::Touring;
use surface_chess::state::viewing::Viewing;
use surface_chess::{logic_plugin, state::persist};
use surface_chess_rules::{Cell, Game, Position, Role, Start, Variant};

fn app_with(game: CurrentGame) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin)).insert_resource(game);
    app.update();
    app
}

/// What the tests look at: the game, the selection and the notice.
struct Seen<'a> {
    game: &'a Game,
    selection: &'a Selection,
    note: &'a str,
}

impl Seen<'_> {
    fn destinations(&self) -> Vec<(Cell, bool)> {
        self.selection.destinations(self.game, self.game.outcome().is_none())
    }
}

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap()
}

fn pick(app: &mut App, v: Variant, name: &str) {
    app.world_mut().write_message(CellPicked(cell(v, name)));
    app.update();
}

fn play(app: &App) -> Seen<'_> {
    let world = app.world();
    Seen {
        game: &world.resource::<CurrentGame>().game,
        selection: world.resource::<Selection>(),
        note: &world.resource::<Notice>().0,
    }
}

#[test]
fn select_a_piece_see_its_destinations_and_move() {
    let v = Variant::Mobius;
    let mut app = app_with(CurrentGame::new(v));
    pick(&mut app, v, "e2");
    assert_eq!(play(&app).selection.selected, Some(cell(v, "e2")));
    let mut dests: Vec<(Cell, bool)> = play(&app).destinations();
    dests.sort();
    assert_eq!(dests, vec![(cell(v, "e3"), false), (cell(v, "e4"), false)]);
    pick(&mut app, v, "e4");
    let p = play(&app);
    assert_eq!(p.game.actions().len(), 1);
    assert_eq!(p.selection.selected, None);
    assert_eq!(p.game.position().piece_at(cell(v, "e4")).map(|x| x.role()), Some(Role::Pawn));
}

#[test]
fn picking_elsewhere_clears_or_changes_the_selection() {
    let v = Variant::Genus2;
    let mut app = app_with(CurrentGame::new(v));
    pick(&mut app, v, "I:e4");
    pick(&mut app, v, "I:a9");
    assert_eq!(play(&app).selection.selected, None, "an empty cell that is no destination clears");
    pick(&mut app, v, "I:e4");
    pick(&mut app, v, "I:d1");
    assert_eq!(play(&app).selection.selected, Some(cell(v, "I:d1")), "another own piece is selected instead");
    pick(&mut app, v, "II:e9");
    assert_eq!(play(&app).selection.selected, None, "an enemy piece that is not a destination clears");
    assert_eq!(play(&app).game.actions().len(), 0);
}

#[test]
fn the_chooser_names_each_promotion_and_has_no_default() {
    let v = Variant::Klein;
    let text = "9/9/9/9/P+8/9/9/9/4k4/9/9/9/9/9/9/4K4/9/9 w - - 0 0";
    let start = Position::from_text(v, text).unwrap();
    let game = surface_chess_rules::Game::from_position(start, Start::Edited { label: "promotion".into() });
    let mut app = app_with(CurrentGame::from_game(game));
    pick(&mut app, v, "a14");
    pick(&mut app, v, "a15");
    let p = play(&app);
    assert_eq!(p.game.actions().len(), 0, "nothing is played before the choice");
    let labels: Vec<String> = p.selection.chooser.iter().map(|&a| p.selection.choice_label(p.game, a)).collect();
    assert_eq!(labels, ["a14–a15=Q", "a14–a15=R", "a14–a15=B", "a14–a15=N"]);
    // Further picks wait for the choice.
    pick(&mut app, v, "e3");
    assert_eq!(play(&app).selection.selected, Some(cell(v, "a14")));
    let knight = play(&app).selection.chooser[3];
    app.world_mut().write_message(ActionChosen(knight));
    app.update();
    let p = play(&app);
    assert!(p.selection.chooser.is_empty());
    assert_eq!(p.game.position().piece_at(cell(v, "a15")).map(|x| x.letter()), Some('N'));
}

#[test]
fn en_passant_across_the_seam_by_clicks() {
    let v = Variant::Mobius;
    let mut app = app_with(CurrentGame::new(v));
    for name in ["e2", "e4", "a9", "a7", "j1"] {
        pick(&mut app, v, name);
    }
    assert!(play(&app).destinations().contains(&(cell(v, "a8"), true)), "en passant shows as a capture ring");
    pick(&mut app, v, "a8");
    let p = play(&app);
    assert_eq!(p.game.actions().len(), 3);
    assert_eq!(p.game.position().piece_at(cell(v, "a7")), None);
}

#[test]
fn no_moves_while_viewing_history_or_after_the_end() {
    let v = Variant::Chess;
    let mut app = app_with(CurrentGame::new(v));
    for name in ["f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4"] {
        pick(&mut app, v, name);
    }
    assert!(play(&app).game.outcome().is_some(), "fool's mate");
    pick(&mut app, v, "a2");
    assert_eq!(play(&app).selection.selected, None);
    app.insert_resource(Viewing(Some(2)));
    assert_eq!(app.world().resource::<Viewing>().shown(play(&app).game).ply(), 2);
    pick(&mut app, v, "g2");
    assert_eq!(play(&app).selection.selected, None);
}

#[test]
fn autosave_follows_every_move_and_a_corrupt_save_is_kept_aside() {
    let dir = std::env::temp_dir().join(format!("surface-chess-test-{}", std::process::id()));
    let path = dir.join("autosave.json");
    let _ = std::fs::remove_dir_all(&dir);
    let v = Variant::Endless;
    let mut app = app_with(CurrentGame::new(v));
    app.insert_resource(persist::Autosave(Some(path.clone())));
    app.update();
    assert!(!path.exists(), "the starting game is not written over an earlier save");
    pick(&mut app, v, "g1");
    pick(&mut app, v, "f3");
    let saved = persist::load_game(&path).expect("autosaved record");
    assert_eq!(saved.actions().len(), 1);
    match persist::resume(&path) {
        persist::Resume::Game(g) => assert_eq!(g.position(), play(&app).game.position()),
        other => panic!("{other:?}"),
    }
    std::fs::write(&path, "{ not a record").unwrap();
    match persist::resume(&path) {
        persist::Resume::Corrupt { error, kept } => {
            assert!(error.contains("not a game record"), "{error}");
            assert_eq!(std::fs::read_to_string(&kept).unwrap(), "{ not a record", "kept aside untouched");
            assert!(!path.exists());
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An app where the computer plays Black at the beginner's level.
fn against_the_computer(v: Variant) -> App {
    let mut app = app_with(CurrentGame::new(v));
    app.insert_resource(PlayMode::VsComputer(surface_chess_rules::Color::Black))
        .insert_resource(ComputerLevel(surface_chess_rules::engine::Level::Beginner));
    app
}

/// Updates the app until the game has `plies` moves: the computer has answered.
fn answered(app: &mut App, plies: usize) {
    let start = std::time::Instant::now();
    while play(app).game.actions().len() < plies {
        assert!(start.elapsed().as_secs() < 30, "the computer answers");
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.update();
    }
}

#[test]
fn the_computer_answers_on_a_background_task_and_its_pieces_are_not_yours() {
    let v = Variant::Mobius;
    let mut app = against_the_computer(v);
    pick(&mut app, v, "e2");
    pick(&mut app, v, "e4");
    assert_eq!(play(&app).game.actions().len(), 1);
    // While the computer thinks, picking its pieces does nothing.
    pick(&mut app, v, "e8");
    assert_eq!(play(&app).selection.selected, None);
    answered(&mut app, 2);
    let p = play(&app);
    assert_eq!(p.game.position().side_to_move(), surface_chess_rules::Color::White);
    assert!(p.game.outcome().is_none());
}

#[test]
fn the_computer_keeps_its_engine_from_move_to_move_of_a_game_and_starts_afresh_with_a_new_game() {
    use surface_chess::state::commands::Command;
    use surface_chess::state::opponent::KeptEngine;
    let v = Variant::Chess;
    let mut app = against_the_computer(v);
    let searched = |app: &App| app.world().resource::<KeptEngine>().searched();
    let serial = |app: &App| app.world().resource::<CurrentGame>().serial();
    assert_eq!(searched(&app), None, "no search yet");
    pick(&mut app, v, "e2");
    pick(&mut app, v, "e4");
    answered(&mut app, 2);
    assert_eq!(searched(&app), Some((serial(&app), 1)));
    pick(&mut app, v, "d2");
    pick(&mut app, v, "d4");
    answered(&mut app, 4);
    assert_eq!(searched(&app), Some((serial(&app), 2)), "the same engine searched the second move");
    let first = serial(&app);
    app.world_mut().write_message(Command::NewGame(v));
    app.update();
    assert_ne!(serial(&app), first);
    pick(&mut app, v, "e2");
    pick(&mut app, v, "e4");
    answered(&mut app, 2);
    assert_eq!(searched(&app), Some((serial(&app), 1)), "a new game, a new engine");
}

#[test]
fn a_hint_names_a_legal_move_and_goes_when_a_move_is_played() {
    use surface_chess::state::commands::Command;
    let v = Variant::Endless;
    let mut app = app_with(CurrentGame::new(v));
    app.world_mut().write_message(Command::Hint);
    let start = std::time::Instant::now();
    while play(&app).selection.hint.is_none() {
        assert!(start.elapsed().as_secs() < 30, "the hint arrives");
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.update();
    }
    let hint = play(&app).selection.hint.expect("a hint");
    assert!(play(&app).game.position().is_legal(hint));
    assert!(play(&app).note.starts_with("hint: "));
    pick(&mut app, v, "e2");
    pick(&mut app, v, "e4");
    assert_eq!(play(&app).selection.hint, None, "a played move clears the hint");
}

#[test]
fn exhibition_plays_both_sides_and_cycles_the_boards() {
    use surface_chess::state::exhibition::{Pace, next_board};
    use surface_chess_rules::engine::Level;
    let mut app = app_with(CurrentGame::new(Variant::Chess));
    app.insert_resource(ComputerLevel(Level::Beginner)).insert_resource(Pace(0.1));
    switch_mode(&mut app, AppMode::Exhibition);
    let start = std::time::Instant::now();
    while play(&app).game.actions().len() < 4 {
        assert!(start.elapsed().as_secs() < 60, "the exhibition plays on");
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.update();
    }
    let boards: Vec<Variant> = std::iter::successors(Some(Variant::Mobius), |&v| Some(next_board(v))).take(9).collect();
    assert_eq!(
        boards,
        [
            Variant::Mobius,
            Variant::Klein,
            Variant::Genus2,
            Variant::Endless,
            Variant::Chess,
            Variant::Strato,
            Variant::Chess3,
            Variant::Cylinder,
            Variant::Mobius
        ]
    );
}

#[test]
fn exhibition_computers_agree_a_draw_where_the_rules_never_end_the_game() {
    use surface_chess_rules::EndReason;
    use surface_chess_rules::engine::{ENGINES_AGREE_AFTER, Level};
    // Bare kings on Strato, one halfmove short of the agreement.
    let text = format!("8/8/8/8/8/8/8/7K|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - {} 10", ENGINES_AGREE_AFTER - 1);
    let p = Position::from_text(Variant::Strato, &text).unwrap();
    let mut app = app_with(CurrentGame::new(Variant::Strato));
    app.world_mut()
        .resource_mut::<CurrentGame>()
        .replace(Game::from_position(p, Start::Edited { label: "kings".into() }));
    app.insert_resource(ComputerLevel(Level::Beginner));
    switch_mode(&mut app, AppMode::Exhibition);
    let start = std::time::Instant::now();
    while play(&app).game.outcome().is_none() {
        assert!(start.elapsed().as_secs() < 30, "the computers agree a draw");
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.update();
    }
    assert_eq!(play(&app).game.outcome().map(|o| o.reason), Some(EndReason::Agreement));
}

#[test]
fn after_an_exhibition_game_a_tour_steps_by_itself_and_any_key_hands_back_control() {
    let mut app = app_with(CurrentGame::new(Variant::Chess));
    // A finished game (fool's mate), then the exhibition takes over.
    for name in ["f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4"] {
        pick(&mut app, Variant::Chess, name);
    }
    assert!(play(&app).game.outcome().is_some());
    switch_mode(&mut app, AppMode::Exhibition);
    let start = std::time::Instant::now();
    while app.world().resource::<Touring>().at.is_none() {
        assert!(start.elapsed().as_secs() < 20, "a tour comes after a pause (then the next board: tests/app/modes.rs)");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
    assert!(app.world().resource::<Touring>().auto, "it steps by itself");
    app.init_resource::<ButtonInput<KeyCode>>();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Space);
    app.update();
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::TwoPlayers, "a key hands control back");
    app.update();
    assert_eq!(*app.world().resource::<State<AppMode>>().get(), AppMode::Offline);
    let touring = *app.world().resource::<Touring>();
    assert!(touring.at.is_some() && !touring.auto, "the step stays on show for the visitor to go on");
}

//! The app's modes as states, headless: entering and leaving each offline mode from each other
//! leaves no stray resource or entity and restores what it should; the atlas is a view over any
//! of them; a pick has one consumer in each state. (Online play's transitions are in `online`.)

use bevy::prelude::*;
use surface_chess::logic_plugin;
use surface_chess::state::atlas::AtlasPin;
use surface_chess::state::commands::Command;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::lessons::{ActiveLesson, LessonCommand};
use surface_chess::state::messages::CellPicked;
use surface_chess::state::mode::{AppMode, AtlasView, Interaction, PlayMode, Seat};
use surface_chess::state::online::OfflineGame;
use surface_chess::state::selection::Selection;
use surface_chess::state::setup::{SetupBoard, SetupCommand};
use surface_chess_rules::{Color, Variant};

/// The app's mode.
pub fn mode(app: &App) -> AppMode {
    *app.world().resource::<State<AppMode>>().get()
}

/// The interaction, offline (`None` in the other modes).
pub fn interaction(app: &App) -> Option<Interaction> {
    app.world().get_resource::<State<Interaction>>().map(|s| *s.get())
}

/// The atlas's state.
pub fn atlas(app: &App) -> AtlasView {
    *app.world().resource::<State<AtlasView>>().get()
}

/// Switches the app's mode and runs the frame that enters it.
pub fn switch_mode(app: &mut App, to: AppMode) {
    app.world_mut().resource_mut::<NextState<AppMode>>().set(to);
    app.update();
}

/// Opens or closes the atlas and runs the frame that does it.
pub fn switch_atlas(app: &mut App, to: AtlasView) {
    app.world_mut().resource_mut::<NextState<AtlasView>>().set(to);
    app.update();
}

/// Sends a message and runs two frames: the one that carries it out and the one that enters the
/// state it asked for.
fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
    app.update();
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin)).insert_resource(CurrentGame::new(Variant::Chess));
    app.update();
    app
}

fn cell(app: &App, name: &str) -> surface_chess_rules::Cell {
    app.world().resource::<CurrentGame>().game.position().complex().parse_cell(name).unwrap()
}

fn pick(app: &mut App, name: &str) {
    let c = cell(app, name);
    app.world_mut().write_message(CellPicked(c));
    app.update();
}

/// Which of the modes' resources exist.
fn mode_resources(app: &App) -> [bool; 5] {
    let w = app.world();
    [
        w.contains_resource::<SetupBoard>(),
        w.contains_resource::<ActiveLesson>(),
        w.contains_resource::<AtlasPin>(),
        w.contains_resource::<Seat>(),
        w.contains_resource::<OfflineGame>(),
    ]
}

/// The way into each offline interaction: the panel's commands.
fn enter(app: &mut App, to: Interaction) {
    match (interaction(app), to) {
        (Some(Interaction::Setup), Interaction::Play) => send(app, SetupCommand::Cancel),
        (_, Interaction::Play) => send(app, LessonCommand::Close),
        (_, Interaction::Setup) => send(app, Command::SetUp),
        (_, Interaction::Lesson) => send(app, LessonCommand::Open(0)),
    }
}

#[test]
fn the_app_starts_offline_playing_with_the_atlas_closed_and_no_mode_resources() {
    let app = app();
    assert_eq!(
        (mode(&app), interaction(&app), atlas(&app)),
        (AppMode::Offline, Some(Interaction::Play), AtlasView::Closed)
    );
    assert_eq!(mode_resources(&app), [false; 5]);
}

#[test]
fn setup_makes_its_board_on_entry_drops_it_on_exit_and_the_game_it_interrupted_is_untouched() {
    let mut app = app();
    pick(&mut app, "e2");
    pick(&mut app, "e4");
    let before = app.world().resource::<CurrentGame>().game.clone();
    let entities = app.world().entities().len();
    enter(&mut app, Interaction::Setup);
    assert_eq!(interaction(&app), Some(Interaction::Setup));
    assert_eq!(mode_resources(&app), [true, false, false, false, false]);
    let setup = app.world().resource::<SetupBoard>().setup.clone();
    assert_eq!(setup.placement, before.position().pieces().collect::<Vec<_>>(), "from the game");
    assert_eq!(setup.side, before.position().side_to_move());
    send(&mut app, SetupCommand::Empty);
    pick(&mut app, "e4");
    assert_eq!(app.world().resource::<SetupBoard>().setup.piece_at(cell(&app, "e4")), None, "picks edit the setup");
    send(&mut app, SetupCommand::Cancel);
    assert_eq!(interaction(&app), Some(Interaction::Play));
    assert_eq!(mode_resources(&app), [false; 5]);
    let after = &app.world().resource::<CurrentGame>().game;
    assert_eq!(after.notations(), before.notations(), "the interrupted game is back as it was");
    assert_eq!(after.position(), before.position());
    assert_eq!(app.world().entities().len(), entities, "no stray entity");
}

#[test]
fn every_offline_interaction_leads_to_every_other_leaving_only_its_own_resources() {
    let all = [Interaction::Play, Interaction::Setup, Interaction::Lesson];
    let expected = |i: Interaction| match i {
        Interaction::Play => [false; 5],
        Interaction::Setup => [true, false, false, false, false],
        Interaction::Lesson => [false, true, false, false, false],
    };
    for from in all {
        for to in all.into_iter().filter(|&t| t != from) {
            let mut app = app();
            let entities = app.world().entities().len();
            enter(&mut app, from);
            assert_eq!(interaction(&app), Some(from));
            assert_eq!(mode_resources(&app), expected(from), "in {from:?}");
            enter(&mut app, to);
            assert_eq!(interaction(&app), Some(to), "{from:?} -> {to:?}");
            assert_eq!(mode_resources(&app), expected(to), "{from:?} -> {to:?}");
            assert_eq!(app.world().entities().len(), entities, "{from:?} -> {to:?}: no stray entity");
        }
    }
}

#[test]
fn the_exhibition_ends_any_offline_interaction_and_hands_back_to_two_players() {
    for from in [Interaction::Play, Interaction::Setup, Interaction::Lesson] {
        let mut app = app();
        app.init_resource::<ButtonInput<KeyCode>>();
        enter(&mut app, from);
        send(&mut app, Command::Exhibition);
        assert_eq!((mode(&app), interaction(&app)), (AppMode::Exhibition, None), "from {from:?}");
        assert_eq!(mode_resources(&app), [false; 5], "from {from:?}: nothing of {from:?} stays");
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Space);
        app.update();
        app.update();
        assert_eq!((mode(&app), interaction(&app)), (AppMode::Offline, Some(Interaction::Play)));
        assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::TwoPlayers);
    }
}

#[test]
fn choosing_who_plays_leaves_the_exhibition_with_a_new_game() {
    let mut app = app();
    switch_mode(&mut app, AppMode::Exhibition);
    send(&mut app, Command::Versus(Some(Color::Black)));
    assert_eq!(mode(&app), AppMode::Offline);
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::VsComputer(Color::Black));
}

#[test]
fn the_atlas_opens_over_setup_and_lessons_without_ending_them_and_takes_the_picks_while_open() {
    for from in [Interaction::Play, Interaction::Setup, Interaction::Lesson] {
        let mut app = app();
        enter(&mut app, from);
        let resources = mode_resources(&app);
        switch_atlas(&mut app, AtlasView::Open);
        assert_eq!(interaction(&app), Some(from), "the atlas leaves {from:?} on");
        assert!(app.world().contains_resource::<AtlasPin>());
        let game = app.world().resource::<CurrentGame>().game.clone();
        let setup = app.world().get_resource::<SetupBoard>().cloned();
        let lesson = app.world().get_resource::<ActiveLesson>().cloned();
        let c = cell(&app, "e2");
        pick(&mut app, "e2");
        assert_eq!(app.world().resource::<AtlasPin>().0, Some(c), "{from:?}: the pick pins the cell");
        assert_eq!(app.world().resource::<Selection>().selected, None, "{from:?}: and selects nothing");
        assert_eq!(app.world().get_resource::<SetupBoard>().cloned(), setup, "{from:?}: nor edits the setup");
        assert_eq!(app.world().get_resource::<ActiveLesson>().cloned(), lesson, "{from:?}: nor marks a cell");
        assert_eq!(app.world().resource::<CurrentGame>().game.notations(), game.notations());
        switch_atlas(&mut app, AtlasView::Closed);
        assert_eq!(mode_resources(&app), resources, "{from:?}: closing leaves what was there");
    }
}

#[test]
fn a_new_game_ends_a_lesson_but_not_a_setup() {
    let mut app = app();
    enter(&mut app, Interaction::Lesson);
    send(&mut app, Command::NewGame(Variant::Klein));
    // The new game is announced in the frame after it, and the lesson ends at the next.
    app.update();
    assert_eq!(interaction(&app), Some(Interaction::Play), "a new game ends the lesson");
    assert!(!app.world().contains_resource::<ActiveLesson>());
    enter(&mut app, Interaction::Setup);
    send(&mut app, Command::NewGame(Variant::Mobius));
    assert_eq!(interaction(&app), Some(Interaction::Setup), "the setup goes on");
}

#[test]
fn a_replaced_game_is_announced_once_and_clears_the_selection() {
    let mut app = app();
    pick(&mut app, "e2");
    assert!(app.world().resource::<Selection>().selected.is_some());
    app.world_mut().resource_mut::<CurrentGame>().replace(surface_chess_rules::Game::new(Variant::Endless));
    app.update();
    let replaced = app.world().resource::<Messages<surface_chess::state::game::GameReplaced>>();
    assert_eq!(replaced.len(), 1, "one announcement");
    assert_eq!(app.world().resource::<Selection>().selected, None);
}

#[test]
fn a_lesson_opened_during_the_exhibition_ends_it_and_is_taken_offline() {
    let mut app = app();
    switch_mode(&mut app, AppMode::Exhibition);
    send(&mut app, LessonCommand::Open(0));
    assert_eq!((mode(&app), interaction(&app)), (AppMode::Offline, Some(Interaction::Lesson)));
    assert_eq!(mode_resources(&app), [false, true, false, false, false]);
}

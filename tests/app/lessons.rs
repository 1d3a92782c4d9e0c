//! The lesson flow, headless: the library, opening a lesson, answering each kind of task right
//! and wrong (the rules judge), hints, trying again, progress kept in a file across restarts, and
//! a lesson ending when another game starts.

use bevy::prelude::*;
use surface_chess::logic_plugin;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::lessons::library::{Library, built_in, from_dir};
use surface_chess::state::lessons::progress::Progress;
use surface_chess::state::lessons::{ActiveLesson, BrowserOpen, LessonCommand, LessonVerdict};
use surface_chess::state::messages::CellPicked;
use surface_chess_rules::{Cell, Game, Task, Variant};

fn app(progress: Option<std::path::PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin)).insert_resource(CurrentGame::new(Variant::Chess));
    if let Some(path) = progress {
        app.insert_resource(Progress::load(path));
    }
    app.update();
    app
}

fn index(app: &App, id: &str) -> usize {
    app.world().resource::<Library>().0.iter().position(|l| l.id() == id).unwrap_or_else(|| panic!("{id}"))
}

fn send(app: &mut App, command: LessonCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn open(app: &mut App, id: &str) {
    let i = index(app, id);
    send(app, LessonCommand::Open(i));
}

fn active(app: &App) -> ActiveLesson {
    app.world().get_resource::<ActiveLesson>().cloned().expect("a lesson is open")
}

fn pick(app: &mut App, name: &str) {
    let c = cell(app, name);
    app.world_mut().write_message(CellPicked(c));
    app.update();
}

fn cell(app: &App, name: &str) -> Cell {
    app.world().resource::<CurrentGame>().game.position().complex().parse_cell(name).unwrap()
}

fn play(app: &mut App, from: &str, to: &str) {
    pick(app, from);
    pick(app, to);
}

#[test]
fn the_built_in_library_holds_every_lesson_file() {
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/lessons"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "json"))
        .count();
    let library = built_in();
    assert_eq!(library.0.len(), files, "every file loads and passes its check");
    assert!(library.0.len() >= 20);
    for v in [Variant::Mobius, Variant::Klein, Variant::Genus2, Variant::Endless] {
        assert!(library.0.iter().filter(|l| l.variant() == v).count() >= 4, "{v}");
    }
}

#[test]
fn a_find_cells_lesson_marks_cells_instead_of_moving_and_keeps_progress() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lesson-progress.json");
    let mut app = app(Some(path.clone()));
    open(&mut app, "mobius-01-rook-through-the-seam");
    let lesson = active(&app);
    let l = app.world().resource::<Library>().0[lesson.index].clone();
    assert_eq!(
        app.world().resource::<CurrentGame>().game.position(),
        l.position(),
        "the lesson's position is on the board"
    );
    // A click marks a cell; the rook does not move.
    pick(&mut app, "d3");
    pick(&mut app, "e3");
    assert_eq!(active(&app).marked, vec![cell(&app, "d3"), cell(&app, "e3")]);
    assert_eq!(app.world().resource::<CurrentGame>().game.actions().len(), 0);
    pick(&mut app, "d3");
    assert_eq!(active(&app).marked, vec![cell(&app, "e3")], "a second click unmarks");
    send(&mut app, LessonCommand::Check);
    let Some(LessonVerdict::Wrong(why)) = active(&app).verdict else { panic!("one cell is not all") };
    assert_eq!(why, "Not yet: 18 missing and 0 marked that should not be.");
    // The player goes on marking after a wrong Check: the marks stay, the verdict goes.
    let Task::FindCells { answer, .. } = l.task().clone() else { panic!("find-cells") };
    let e3 = cell(&app, "e3");
    for c in answer.iter().copied().filter(|&c| c != e3) {
        app.world_mut().write_message(CellPicked(c));
    }
    app.update();
    assert_eq!(active(&app).verdict, None);
    assert_eq!(active(&app).marked.len(), 19);
    send(&mut app, LessonCommand::Check);
    assert_eq!(active(&app).verdict, Some(LessonVerdict::Right));
    assert!(app.world().resource::<Progress>().solved.contains(l.id()));
    // Try again sets the lesson up afresh.
    send(&mut app, LessonCommand::Retry);
    assert_eq!((active(&app).verdict, active(&app).marked.len()), (None, 0));
    // A restart reads the progress back.
    let again = Progress::load(path);
    assert!(again.solved.contains("mobius-01-rook-through-the-seam"), "{again:?}");
}

#[test]
fn a_mate_in_one_lesson_judges_the_move_played() {
    let mut app = app(None);
    open(&mut app, "mobius-05-mate-through-the-seam");
    play(&mut app, "c4", "c8");
    let Some(LessonVerdict::Wrong(why)) = active(&app).verdict else { panic!("Rc4-c8 does not mate") };
    assert!(why.contains("does not mate"), "{why}");
    send(&mut app, LessonCommand::Retry);
    assert_eq!(app.world().resource::<CurrentGame>().game.actions().len(), 0, "the position is set up again");
    play(&mut app, "c4", "c1");
    assert_eq!(active(&app).verdict, Some(LessonVerdict::Right));
    let game = &app.world().resource::<CurrentGame>().game;
    assert!(game.outcome().is_some_and(|o| o.winner.is_some()), "the game is over: mate");
}

#[test]
fn ray_end_and_why_illegal_lessons() {
    let mut app = app(None);
    open(&mut app, "mobius-02-bishop-bends");
    pick(&mut app, "a1");
    pick(&mut app, "e1");
    assert_eq!(active(&app).marked, vec![cell(&app, "e1")], "one cell: the last click");
    send(&mut app, LessonCommand::Check);
    assert_eq!(active(&app).verdict, Some(LessonVerdict::Right));

    open(&mut app, "genus2-02-cone-point");
    send(&mut app, LessonCommand::Hint);
    assert_eq!(active(&app).hints, 1);
    send(&mut app, LessonCommand::Reason("blocked"));
    assert!(matches!(active(&app).verdict, Some(LessonVerdict::Wrong(_))));
    send(&mut app, LessonCommand::Reason("forbidden-diagonal"));
    assert!(matches!(active(&app).verdict, Some(LessonVerdict::Wrong(_))), "judged once until Try again");
    send(&mut app, LessonCommand::Retry);
    send(&mut app, LessonCommand::Reason("forbidden-diagonal"));
    assert_eq!(active(&app).verdict, Some(LessonVerdict::Right));
}

#[test]
fn next_walks_the_library_and_another_game_ends_the_lesson() {
    let mut app = app(None);
    send(&mut app, LessonCommand::Next);
    assert_eq!(active(&app).index, 0, "Next without a lesson starts the first");
    send(&mut app, LessonCommand::Next);
    assert_eq!(active(&app).index, 1);
    app.world_mut().resource_mut::<CurrentGame>().replace(Game::new(Variant::Klein));
    // The replacement is announced in this frame; the lesson ends at the next state transition.
    app.update();
    app.update();
    assert!(app.world().get_resource::<ActiveLesson>().is_none(), "a new game ends the lesson");
    send(&mut app, LessonCommand::Close);
    assert!(app.world().resource::<BrowserOpen>().0, "closing shows the list");
}

#[test]
fn a_damaged_progress_file_or_lesson_folder_is_reported_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lesson-progress.json");
    std::fs::write(&path, "{ not json").unwrap();
    assert!(Progress::load(path).solved.is_empty());
    let folder = dir.path().join("lessons");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("broken.json"), "{\"format\": \"surface-chess-lesson/1\"}").unwrap();
    let (library, problems) = from_dir(&folder);
    assert!(library.0.is_empty());
    assert_eq!(problems.len(), 1);
    assert!(problems[0].starts_with("lesson broken.json skipped:"), "{problems:?}");
    let (_, problems) = from_dir(&dir.path().join("missing"));
    assert!(problems[0].contains("cannot read the lessons folder"), "{problems:?}");
}

#[test]
fn bad_start_flags_are_refused_with_what_is_wrong() {
    use clap::Parser;
    use surface_chess::build_app;
    use surface_chess::cli::Options;
    let refused = |args: &[&str]| {
        let options = Options::try_parse_from(std::iter::once("surface-chess").chain(args.iter().copied())).unwrap();
        build_app(&options).expect_err("refused")
    };
    assert_eq!(refused(&["--lesson", "nope"]), "--lesson: no lesson 'nope' (the ids are the file names without .json)");
    assert_eq!(refused(&["--variant", "genus2", "--select", "e2"]), "--select 'e2' is not a cell of the genus2 board");
    assert_eq!(refused(&["--variant", "klein", "--point", "k1"]), "--point 'k1' is not a cell of the klein board");
    assert!(refused(&["--lessons", "/no/such/folder"]).starts_with("cannot read the lessons folder"));
}

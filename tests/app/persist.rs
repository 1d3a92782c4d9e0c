//! Saves that survive a crash: atomic writes leave either the old file or the new one and no
//! temporary files; bad paths get clear errors; a failed autosave is shown and retried; an
//! autosave path that cannot be read is reported and left alone.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::path::{Path, PathBuf};
use std::time::Duration;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::CellPicked;
use surface_chess::state::persist::{self, Autosave, AutosaveState, FileError, Resume};
use surface_chess::ui::panel::Status;
use surface_chess::{logic_plugin, state::mode::Who, state::viewing::Viewing};
use surface_chess_rules::engine::Level;
use surface_chess_rules::{Game, Record, Variant};

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("surface-chess-persist-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a directory.
fn names(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    out.sort();
    out
}

#[test]
fn a_save_replaces_the_file_whole_and_leaves_no_temporary_file() {
    let dir = scratch("replace");
    let path = dir.join("game.json");
    persist::write_atomic(&path, "first").unwrap();
    persist::write_atomic(&path, "second").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
    assert_eq!(names(&dir), ["game.json"], "no temporary file is left");
    let nested = dir.join("a/b/game.json");
    persist::write_atomic(&nested, "made").unwrap();
    assert_eq!(std::fs::read_to_string(&nested).unwrap(), "made", "missing directories are made");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_save_paths_get_clear_errors_and_leave_nothing_behind() {
    let dir = scratch("bad");
    let err = persist::write_atomic(Path::new(""), "x").unwrap_err();
    assert!(matches!(err, FileError::EmptyPath), "{err}");
    assert_eq!(err.to_string(), "no file name given");
    let err = persist::write_atomic(&dir, "x").unwrap_err();
    assert!(matches!(err, FileError::IsDirectory(_)), "{err}");
    assert!(err.to_string().ends_with("is a directory, not a file"), "{err}");
    // A path under a regular file cannot be made.
    std::fs::write(dir.join("plain"), "keep").unwrap();
    let err = persist::write_atomic(&dir.join("plain/game.json"), "x").unwrap_err();
    assert!(err.to_string().contains("plain/game.json"), "the error names the file: {err}");
    assert_eq!(names(&dir), ["plain"], "nothing else was written");
    assert_eq!(std::fs::read_to_string(dir.join("plain")).unwrap(), "keep");
    let err = persist::load_game(&dir).unwrap_err();
    assert!(matches!(err, FileError::IsDirectory(_)), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_autosave_path_that_is_a_directory_is_reported_not_renamed() {
    let dir = scratch("autosave-dir");
    let path = dir.join("autosave.json");
    std::fs::create_dir_all(&path).unwrap();
    match persist::resume(&path) {
        Resume::Unreadable(error) => assert!(error.contains("is a directory"), "{error}"),
        other => panic!("{other:?}"),
    }
    assert!(path.is_dir(), "left where it is");
    assert_eq!(names(&dir), ["autosave.json"], "nothing renamed or written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_with_a_byte_order_mark_loads() {
    let dir = scratch("bom");
    let path = dir.join("game.json");
    let json = Record::of(&Game::new(Variant::Klein)).to_json();
    std::fs::write(&path, format!("\u{feff}{json}")).unwrap();
    let game = persist::load_game(&path).expect("a UTF-8 byte-order mark is allowed");
    assert_eq!(game.position().variant(), Variant::Klein);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A headless app whose clock advances 0.2 s per update.
fn app_saving_to(path: &Path, variant: Variant) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin))
        .insert_resource(CurrentGame::new(variant))
        .insert_resource(Autosave(Some(path.to_path_buf())))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(200)));
    app.update();
    app
}

fn pick(app: &mut App, name: &str) {
    let v = app.world().resource::<CurrentGame>().variant();
    app.world_mut().write_message(CellPicked(v.rules().complex.parse_cell(name).unwrap()));
    app.update();
}

#[test]
fn a_failed_autosave_is_shown_and_retried_until_it_succeeds() {
    let dir = scratch("retry");
    // The autosave's directory is blocked by a plain file of the same name.
    let blocked = dir.join("saves");
    std::fs::write(&blocked, "in the way").unwrap();
    let path = blocked.join("autosave.json");
    let mut app = app_saving_to(&path, Variant::Chess);
    pick(&mut app, "e2");
    pick(&mut app, "e4");
    let failure = app.world().resource::<AutosaveState>().failure.clone().expect("the failure is kept");
    assert!(failure.contains("autosave.json"), "{failure}");
    let game = app.world().resource::<CurrentGame>().game.clone();
    let status = Status {
        game: &game,
        viewing: Viewing(None),
        who: Who::TwoPlayers,
        level: Level::Club,
        thinking: None,
        notice: "",
        autosave_failure: Some(&failure),
        server_result: None,
    };
    assert!(status.to_string().contains("autosave failed (retrying)"), "{status}");
    // The way is cleared; within a few seconds the autosave is retried without another move.
    std::fs::remove_file(&blocked).unwrap();
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(app.world().resource::<AutosaveState>().failure, None, "the retry succeeded");
    let saved = persist::load_game(&path).expect("the game was saved");
    assert_eq!(saved.actions().len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

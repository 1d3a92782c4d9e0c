//! The lessons on offer: the ones in `assets/lessons/`, compiled in, or a teacher's own folder
//! (`--lessons DIR`). Every lesson is checked by the rules when it is read; a file that fails is
//! reported by name, never shown.

use bevy::prelude::*;
use include_dir::{Dir, include_dir};
use std::path::Path;
use surface_chess_rules::{Escaped, Lesson};

/// The lessons that ship with the game.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/lessons");

/// The lessons on offer, in file-name order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Library(pub Vec<Lesson>);

/// The lessons that ship with the game (all of them pass their check; a test makes sure).
pub fn built_in() -> Library {
    let mut files: Vec<_> = BUILT_IN.files().filter(|f| f.path().extension().is_some_and(|e| e == "json")).collect();
    files.sort_by_key(|f| f.path());
    Library(files.iter().filter_map(|f| f.contents_utf8().and_then(|text| Lesson::load(text).ok())).collect())
}

/// The lessons in a folder, in file-name order, and one line per file that could not be used.
pub fn from_dir(dir: &Path) -> (Library, Vec<String>) {
    let shown = dir.to_string_lossy();
    let mut problems = Vec::new();
    let mut paths: Vec<_> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => {
            return (Library::default(), vec![format!("cannot read the lessons folder {}: {e}", Escaped(&shown))]);
        }
    };
    paths.retain(|p| p.extension().is_some_and(|e| e == "json"));
    paths.sort();
    let mut lessons = Vec::new();
    for path in paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| Lesson::load(&t).map_err(|e| e.to_string()))
        {
            Ok(lesson) => lessons.push(lesson),
            Err(e) => problems.push(format!("lesson {} skipped: {e}", Escaped(&name))),
        }
    }
    if lessons.is_empty() && problems.is_empty() {
        problems.push(format!("no lessons (*.json) in {}", Escaped(&shown)));
    }
    (Library(lessons), problems)
}

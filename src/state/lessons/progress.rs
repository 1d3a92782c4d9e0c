//! Which lessons a player has solved, kept across restarts in a small JSON file next to the
//! autosave, written crash-safely.

use crate::state::persist::{FileError, write_atomic};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The solved lessons and where they are kept (`None`: not kept, e.g. a screenshot run).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Ids of the solved lessons.
    pub solved: BTreeSet<String>,
    /// The progress file.
    pub path: Option<PathBuf>,
}

/// The file's contents.
#[derive(Serialize, Deserialize)]
struct ProgressFile {
    /// Always `surface-chess-progress/1`.
    format: String,
    /// Ids of the solved lessons.
    solved: BTreeSet<String>,
}

const FORMAT: &str = "surface-chess-progress/1";

/// The progress file beside an autosave file.
pub fn beside(autosave: &Path) -> PathBuf {
    autosave.with_file_name("lesson-progress.json")
}

impl Progress {
    /// The progress kept at `path` (nothing solved if the file is missing or unreadable: a
    /// damaged progress file costs ticks, never a lesson).
    pub fn load(path: PathBuf) -> Progress {
        let solved = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| serde_json::from_str::<ProgressFile>(&text).ok())
            .filter(|f| f.format == FORMAT)
            .map(|f| f.solved)
            .unwrap_or_default();
        Progress { solved, path: Some(path) }
    }

    /// Marks a lesson solved and saves the progress.
    pub fn solve(&mut self, id: &str) -> Result<(), FileError> {
        if !self.solved.insert(id.to_owned()) {
            return Ok(());
        }
        let Some(path) = &self.path else { return Ok(()) };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        let file = ProgressFile { format: FORMAT.into(), solved: self.solved.clone() };
        write_atomic(path, &serde_json::to_string_pretty(&file).expect("a set of strings serialises"))
    }
}

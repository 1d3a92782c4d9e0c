//! Saving and loading games as the rules' JSON records: explicit save/load by path, autosave
//! after every change (shown in the panel and retried when it fails), resume on the next start.
//! A write goes to a uniquely named temporary file beside the target, is flushed to disk, renamed
//! over the target, and the directory is flushed too: a crash leaves the old save or the new one,
//! never half of one, and a failed write leaves no temporary file behind. A corrupt autosave is
//! kept aside under another name, never overwritten silently.

use crate::state::game::{CurrentGame, Notice};
use crate::state::mode::AppMode;
use bevy::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use surface_chess_rules::{Game, Record};
use thiserror::Error;

/// The path the save/load box starts with.
pub const DEFAULT_RECORD: &str = "surface-chess-game.json";

/// Seconds between retries of a failed autosave.
const RETRY_SECONDS: f32 = 5.0;

/// Where the game is autosaved (`None`: no autosave, e.g. for screenshots).
#[derive(Resource, Clone, Debug, Default)]
pub struct Autosave(pub Option<PathBuf>);

/// The autosave's state: the last failure, shown in the panel until a save succeeds.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct AutosaveState {
    /// Why the last autosave failed; `None` when it succeeded (or nothing needed saving).
    pub failure: Option<String>,
}

/// Save or load by path (from the panel).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// Save the game to this path.
    Save(String),
    /// Load a game from this path.
    Load(String),
}

/// Why a save or a load failed. Paths are shown quoted and escaped (`Debug`), as typed.
#[derive(Debug, Error)]
pub enum FileError {
    /// No path was given.
    #[error("no file name given")]
    EmptyPath,
    /// The path names a directory.
    #[error("{0:?} is a directory, not a file")]
    IsDirectory(PathBuf),
    /// The file system refused.
    #[error("cannot {action} {path:?}: {source}")]
    Io {
        /// What was being done: "write", "read", …
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file is not a valid record.
    #[error("{path:?}: {message}")]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
}

/// The default autosave file: `$SURFACE_CHESS_AUTOSAVE`, else under `$XDG_DATA_HOME` or
/// `~/.local/share`.
pub fn default_autosave() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SURFACE_CHESS_AUTOSAVE") {
        return Some(PathBuf::from(path));
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("surface-chess").join("autosave.json"))
}

/// Checks a path typed by the player: not empty, not a directory.
fn target(path: &Path) -> Result<&Path, FileError> {
    if path.as_os_str().is_empty() {
        return Err(FileError::EmptyPath);
    }
    if path.is_dir() {
        return Err(FileError::IsDirectory(path.into()));
    }
    Ok(path)
}

/// Writes `contents` to `path` crash-safely: a uniquely named temporary file in the same
/// directory, flushed, renamed over `path`, then the directory flushed. On failure nothing is
/// left behind and an earlier file at `path` is untouched.
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), FileError> {
    let path = target(path)?;
    let io = |action: &'static str| move |source| FileError::Io { action, path: path.into(), source };
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir,
        None => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(io("create the directory of"))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // Dropped on any error below: the temporary file is removed.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io("create a temporary file for"))?;
    tmp.write_all(contents.as_bytes()).map_err(io("write"))?;
    tmp.as_file().sync_all().map_err(io("flush"))?;
    tmp.persist(path).map_err(|e| FileError::Io { action: "replace", path: path.into(), source: e.error })?;
    // The rename itself is durable once the directory is flushed (not possible everywhere).
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Loads and replays a record, with an error that names the file and what is wrong.
pub fn load_game(path: &Path) -> Result<Game, FileError> {
    let path = target(path)?;
    let json =
        std::fs::read_to_string(path).map_err(|source| FileError::Io { action: "read", path: path.into(), source })?;
    Record::from_json(&json)
        .and_then(|r| r.replay())
        .map_err(|e| FileError::Record { path: path.into(), message: e.to_string() })
}

/// What was found at the autosave path on start.
#[derive(Debug)]
pub enum Resume {
    /// No autosave yet.
    Nothing,
    /// The saved game.
    Game(Game),
    /// The autosave could not be loaded; it was moved aside to `kept`.
    Corrupt {
        /// Why it could not be loaded.
        error: String,
        /// Where the unreadable file now is.
        kept: PathBuf,
    },
    /// The autosave could not be read at all (a directory, no permission): left where it is.
    Unreadable(String),
}

/// Reads the autosave; a corrupt one is renamed aside (`autosave.corrupt-N.json`), one that
/// cannot be read at all is reported and left alone.
pub fn resume(path: &Path) -> Resume {
    if !path.exists() {
        return Resume::Nothing;
    }
    match load_game(path) {
        Ok(game) => Resume::Game(game),
        Err(e @ FileError::Record { .. }) => {
            let error = e.to_string();
            let Some(kept) =
                (1..10_000).map(|n| path.with_extension(format!("corrupt-{n}.json"))).find(|p| !p.exists())
            else {
                return Resume::Unreadable(format!("{error}; no free name to keep it aside"));
            };
            match std::fs::rename(path, &kept) {
                Ok(()) => Resume::Corrupt { error, kept },
                Err(e) => Resume::Unreadable(format!("{error}; also could not move it aside: {e}")),
            }
        }
        Err(e) => Resume::Unreadable(e.to_string()),
    }
}

/// Saving, loading and autosave.
pub fn plugin(app: &mut App) {
    app.init_resource::<Autosave>().init_resource::<AutosaveState>().add_message::<SaveRequest>().add_systems(
        Update,
        (
            save_or_load.in_set(crate::schedule::AppSystems::Rules),
            autosave.run_if(not(in_state(AppMode::Online))).in_set(crate::schedule::AppSystems::Show),
        ),
    );
}

fn save_or_load(
    mut requests: MessageReader<SaveRequest>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
) {
    for request in requests.read() {
        match request {
            SaveRequest::Save(path) => {
                let json = Record::of(&current.game).to_json();
                notice.say(match write_atomic(Path::new(path), &json) {
                    Ok(()) => format!("saved to {path}"),
                    Err(e) => format!("could not save: {e}"),
                });
            }
            SaveRequest::Load(path) => match load_game(Path::new(path)) {
                Ok(game) => {
                    current.replace(game);
                    notice.say(format!("loaded {path}"));
                }
                Err(e) => notice.say(format!("could not load: {e}")),
            },
        }
    }
}

/// What an autosave records: the game, its number of actions and whether it ended.
type SavedState = (u64, usize, bool);

/// Saves whenever the game changes (an action, a result, another game); retries a failed save
/// every few seconds and shows the failure in the panel until a save succeeds. An online game is
/// never autosaved: the server keeps it, and the offline game waits in the autosave until the
/// player leaves the online game.
fn autosave(
    time: Res<Time>,
    current: Res<CurrentGame>,
    config: Res<Autosave>,
    mut state: ResMut<AutosaveState>,
    mut saved: Local<Option<SavedState>>,
    mut since_failure: Local<f32>,
) {
    let Some(path) = &config.0 else { return };
    let now = (current.serial(), current.plies(), current.game.outcome().is_some());
    // The game found at start is not written back: only changes are.
    let Some(previous) = *saved else {
        *saved = Some(now);
        return;
    };
    if previous == now && state.failure.is_none() {
        return;
    }
    if state.failure.is_some() {
        *since_failure += time.delta_secs();
        if previous == now && *since_failure < RETRY_SECONDS {
            return;
        }
    }
    match write_atomic(path, &Record::of(&current.game).to_json()) {
        Ok(()) => {
            state.set_if_neq(AutosaveState { failure: None });
            *saved = Some(now);
        }
        Err(e) => {
            warn!("autosave failed: {e}");
            *since_failure = 0.0;
            state.set_if_neq(AutosaveState { failure: Some(e.to_string()) });
            *saved = Some(now);
        }
    }
}

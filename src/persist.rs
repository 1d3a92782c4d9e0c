//! Saving and loading games as the rules' JSON records: explicit save/load by path, autosave
//! after every change, resume on the next start. Writes go to a temporary file that is then
//! renamed, so a failed write never destroys an earlier save; a corrupt autosave is kept aside
//! under another name, never overwritten silently.

use crate::play::Play;
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use surface_chess_rules::{Game, Record};

/// The path the save/load box starts with.
pub const DEFAULT_RECORD: &str = "surface-chess-game.json";

/// Where the game is autosaved (`None`: no autosave, e.g. for screenshots).
#[derive(Resource, Clone, Debug, Default)]
pub struct Autosave(pub Option<PathBuf>);

/// Save or load by path (from the panel).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// Save the game to this path.
    Save(String),
    /// Load a game from this path.
    Load(String),
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

/// Writes `contents` to a temporary file beside `path`, then renames it over `path`.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, contents)?;
    std::fs::rename(&tmp, path)
}

/// Loads and replays a record, with an error that names the file and what is wrong.
pub fn load_game(path: &Path) -> Result<Game, String> {
    let json = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    Record::from_json(&json).and_then(|r| r.replay()).map_err(|e| format!("{}: {e}", path.display()))
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
}

/// Reads the autosave; an unreadable one is renamed aside (`autosave.corrupt-N.json`).
pub fn resume(path: &Path) -> Resume {
    if !path.exists() {
        return Resume::Nothing;
    }
    match load_game(path) {
        Ok(game) => Resume::Game(game),
        Err(error) => {
            let kept = (1..)
                .map(|n| path.with_extension(format!("corrupt-{n}.json")))
                .find(|p| !p.exists())
                .expect("a free name");
            match std::fs::rename(path, &kept) {
                Ok(()) => Resume::Corrupt { error, kept },
                Err(e) => {
                    Resume::Corrupt { error: format!("{error}; also could not move it aside: {e}"), kept: path.into() }
                }
            }
        }
    }
}

/// Saving, loading and autosave.
pub fn plugin(app: &mut App) {
    app.init_resource::<Autosave>()
        .add_message::<SaveRequest>()
        .add_systems(Update, (save_or_load.in_set(crate::AppSystems::Rules), autosave.in_set(crate::AppSystems::Show)));
}

fn save_or_load(mut requests: MessageReader<SaveRequest>, mut play: ResMut<Play>) {
    for request in requests.read() {
        match request {
            SaveRequest::Save(path) => {
                let json = Record::of(&play.game).to_json();
                play.note = match write_atomic(Path::new(path), &json) {
                    Ok(()) => format!("saved to {path}"),
                    Err(e) => format!("could not save to '{path}': {e}"),
                };
            }
            SaveRequest::Load(path) => match load_game(Path::new(path)) {
                Ok(game) => {
                    *play = Play::from_game(game);
                    play.note = format!("loaded {path}");
                }
                Err(e) => play.note = e,
            },
        }
    }
}

/// Saves whenever the game (its actions, variant or result) changes.
fn autosave(play: Res<Play>, config: Res<Autosave>, mut last: Local<Option<(usize, String, bool)>>) {
    let Some(path) = &config.0 else { return };
    let state = || (play.game.actions().len(), play.variant().name().to_owned(), play.game.outcome().is_some());
    // The game found at start is not written back: only changes are.
    let Some(previous) = last.as_ref() else {
        *last = Some(state());
        return;
    };
    if !play.is_changed() || *previous == state() {
        return;
    }
    let state = state();
    if let Err(e) = write_atomic(path, &Record::of(&play.game).to_json()) {
        warn!("autosave to {} failed: {e}", path.display());
    }
    *last = Some(state);
}

//! The invite codes of the games this player hosts, kept beside the identity: a server stores only
//! their digests and forgets a code once the game leaves its memory, so after a restart only this
//! machine can show the code again. A small JSON file (`online-invites.json`), written crash-safely,
//! read on first use; codes are kept per server and game while the seat is open.

use crate::state::persist::write_atomic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use surface_chess_online::GameId;
use surface_chess_online::identity::server_key;

/// The file's format name.
const FORMAT: &str = "surface-chess-invites/1";

/// The invites file beside an identity file.
pub fn beside(identity: &Path) -> PathBuf {
    identity.with_file_name("online-invites.json")
}

/// The file's contents.
#[derive(Serialize, Deserialize)]
struct InvitesFile {
    /// Always `surface-chess-invites/1`.
    format: String,
    /// The code of each hosted game, by `host:port #game`.
    codes: BTreeMap<String, String>,
}

/// The codes of the games hosted from this machine.
#[derive(Clone, Debug, Default)]
pub struct KeptInvites {
    path: Option<PathBuf>,
    codes: Option<BTreeMap<String, String>>,
}

impl KeptInvites {
    /// Codes kept in the file at `path`, or (`None`) for this run only.
    pub fn at(path: Option<PathBuf>) -> KeptInvites {
        KeptInvites { path, codes: None }
    }

    fn codes(&mut self) -> &mut BTreeMap<String, String> {
        let path = self.path.clone();
        self.codes.get_or_insert_with(|| {
            let text = path.and_then(|p| std::fs::read_to_string(p).ok()).unwrap_or_default();
            serde_json::from_str::<InvitesFile>(&text)
                .ok()
                .filter(|f| f.format == FORMAT)
                .map(|f| f.codes)
                .unwrap_or_default()
        })
    }

    /// Keeps the code of game `game` on `server` (written at once if it is new).
    pub fn remember(&mut self, server: &str, game: GameId, code: &str) {
        let key = format!("{} #{game}", server_key(server));
        if self.codes().get(&key).map(String::as_str) == Some(code) {
            return;
        }
        self.codes().insert(key, code.to_owned());
        if let (Some(path), Some(codes)) = (&self.path, &self.codes) {
            let file = InvitesFile { format: FORMAT.into(), codes: codes.clone() };
            if let Err(e) = write_atomic(path, &serde_json::to_string_pretty(&file).expect("strings serialise")) {
                bevy::log::warn!("invite codes: {e}");
            }
        }
    }

    /// The kept code of game `game` on `server`.
    pub fn recall(&mut self, server: &str, game: GameId) -> Option<String> {
        self.codes().get(&format!("{} #{game}", server_key(server))).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_kept_per_server_and_game_across_runs() {
        let dir = std::env::temp_dir().join(format!("surface-chess-invites-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("online-invites.json");
        let mut kept = KeptInvites::at(Some(path.clone()));
        kept.remember("ws://127.0.0.1:7878/ws", 4, "abcdefghijkmnpqrstuv");
        let mut next_run = KeptInvites::at(Some(path));
        assert_eq!(next_run.recall("ws://127.0.0.1:7878/ws", 4).as_deref(), Some("abcdefghijkmnpqrstuv"));
        assert_eq!(next_run.recall("ws://127.0.0.1:7878/ws", 5), None, "another game");
        assert_eq!(next_run.recall("ws://127.0.0.1:9999/ws", 4), None, "another server");
        let mut this_run = KeptInvites::at(None);
        this_run.remember("ws://a/ws", 1, "x");
        assert_eq!(this_run.recall("ws://a/ws", 1).as_deref(), Some("x"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

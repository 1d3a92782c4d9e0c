//! The player's online identity: a random secret made once with the server crate's
//! [`new_secret`], kept in a small JSON file beside the autosave (written crash-safely, readable
//! only by its owner where the system allows) and read back on every start. Whoever holds the
//! secret holds its seats, so it never leaves this machine except in the Hello to the server.

use crate::state::persist::{FileError, write_atomic};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use surface_chess_online::{Token, new_secret};

/// The file's format name.
const FORMAT: &str = "surface-chess-identity/1";

/// The identity file beside an autosave file.
pub fn beside(autosave: &Path) -> PathBuf {
    autosave.with_file_name("online-identity.json")
}

/// The file's contents.
#[derive(Serialize, Deserialize)]
struct IdentityFile {
    /// Always `surface-chess-identity/1`.
    format: String,
    /// The secret sent in Hello.
    secret: String,
}

/// Why the kept identity could not be used.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// The file exists but is not an identity (it is left alone: it may hold seats).
    #[error("{path:?} is not a Surface Chess identity file: {why}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// Reading or writing failed.
    #[error(transparent)]
    File(#[from] FileError),
}

/// The secret kept at `path`, made and written there first if there is none.
///
/// # Errors
/// The file cannot be read or written, or holds something that is not an identity (it is never
/// overwritten: the seats of the secret in it would be lost).
pub fn load_or_create(path: &Path) -> Result<String, IdentityError> {
    match std::fs::read_to_string(path) {
        Ok(text) => read(path, &text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let secret = new_secret(&mut rand::rng());
            let file = IdentityFile { format: FORMAT.into(), secret: secret.clone() };
            write_atomic(path, &serde_json::to_string_pretty(&file).expect("two strings serialise"))?;
            Ok(secret)
        }
        Err(source) => Err(FileError::Io { action: "read", path: path.into(), source }.into()),
    }
}

/// The secret in an identity file's text.
fn read(path: &Path, text: &str) -> Result<String, IdentityError> {
    let damaged = |why: String| IdentityError::Damaged { path: path.into(), why };
    let file: IdentityFile =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| damaged(e.to_string()))?;
    if file.format != FORMAT {
        return Err(damaged(format!("format {:?}, expected {FORMAT:?}", file.format)));
    }
    Token::parse(&file.secret).map_err(|e| damaged(e.to_string()))?;
    Ok(file.secret)
}

/// A secret for this run only (no place to keep one, or the kept one is unusable).
pub fn ephemeral() -> String {
    new_secret(&mut rand::rng())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("surface-chess-identity-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn made_once_then_read_back() {
        let dir = scratch("once");
        let path = beside(&dir.join("autosave.json"));
        let first = load_or_create(&path).expect("made");
        assert!(Token::parse(&first).is_ok(), "a valid secret");
        assert_eq!(load_or_create(&path).expect("read"), first, "the same identity on the next start");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "only the owner may read the secret");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_file_is_reported_and_left_alone() {
        let dir = scratch("damaged");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("online-identity.json");
        for text in [
            "not json",
            r#"{"format":"other/1","secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}"#,
            r#"{"format":"surface-chess-identity/1","secret":"short"}"#,
        ] {
            std::fs::write(&path, text).unwrap();
            let err = load_or_create(&path).unwrap_err();
            assert!(matches!(err, IdentityError::Damaged { .. }), "{err}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "never overwritten");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! The one table of the panel's fixed buttons and their keys: each row is a label, a key (if
//! any), when it can be used and the [`Command`] it sends. The panel's rows are spawned from it
//! and the keyboard reads its keys from it, so a toggle is written once.

use crate::state::commands::{Command, View};
use crate::state::mode::Who;
use crate::ui::facts::PanelFacts;
use bevy::prelude::KeyCode;
use surface_chess_rules::Color as Side;

/// A button (and its key).
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The button's label.
    pub label: &'static str,
    /// The key that does the same.
    pub key: Option<KeyCode>,
    /// When the button and the key can be used.
    pub enabled: fn(&PanelFacts) -> bool,
    /// What they send.
    pub command: Command,
}

const fn entry(label: &'static str, enabled: fn(&PanelFacts) -> bool, command: Command) -> Entry {
    Entry { label, key: None, enabled, command }
}

const fn keyed(label: &'static str, key: KeyCode, enabled: fn(&PanelFacts) -> bool, command: Command) -> Entry {
    Entry { label, key: Some(key), enabled, command }
}

fn always(_: &PanelFacts) -> bool {
    true
}

/// Neither the exhibition nor an online game.
fn offline_play(f: &PanelFacts) -> bool {
    f.who != Who::Exhibition && !f.who.is_online()
}

/// Who plays, the computer's level and strength, the exhibition and the online section.
pub const PLAYERS: &[Entry] = &[
    entry("You White vs computer", always, Command::Versus(Some(Side::Black))),
    entry("You Black vs computer", always, Command::Versus(Some(Side::White))),
    entry("Two players", always, Command::Versus(None)),
    entry("Level -", |f| f.level > 1, Command::Level(-1)),
    entry("Level +", |f| f.level < 6, Command::Level(1)),
    entry("Hint", |f| f.live && !f.computer_to_move && !f.who.is_online(), Command::Hint),
    entry("Exhibition", offline_play, Command::Exhibition),
    entry("Online", always, Command::OnlineMenu),
];

/// The offline game's ending, the lessons and setup (online games end through the server).
pub const GAME: &[Entry] = &[
    entry("Resign", |f| !f.over && !f.who.is_online(), Command::Resign),
    entry("Agree draw", |f| !f.over && !f.who.is_online(), Command::AgreeDraw),
    entry("Claim draw", |f| f.claimable && !f.who.is_online(), Command::ClaimDraw),
    entry("Lessons", always, Command::Lessons),
    entry("Set up", |f| f.setup.is_none() && offline_play(f), Command::SetUp),
];

/// The view toggles and the camera.
pub const VIEWS: &[Entry] = &[
    entry("Flip chart", always, Command::Toggle(View::FlipChart)),
    keyed("Flip board (B)", KeyCode::KeyB, always, Command::Toggle(View::FlipBoard)),
    keyed("Reset camera (R)", KeyCode::KeyR, always, Command::ResetCamera),
    keyed("Labels (L)", KeyCode::KeyL, always, Command::Toggle(View::Labels)),
    keyed("Atlas (A)", KeyCode::KeyA, always, Command::Toggle(View::Atlas)),
    keyed("Rays (T)", KeyCode::KeyT, |f| !f.levels, Command::Toggle(View::Rays)),
    keyed("Unrolled (U)", KeyCode::KeyU, |f| !f.levels, Command::Toggle(View::Unrolled)),
    keyed("One level (V)", KeyCode::KeyV, |f| f.levels, Command::Toggle(View::OneLevel)),
    keyed("Follow (F)", KeyCode::KeyF, always, Command::Toggle(View::Follow)),
];

/// Every row of the table.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    PLAYERS.iter().chain(GAME).chain(VIEWS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_keys_are_each_used_once() {
        let mut labels: Vec<&str> = entries().map(|e| e.label).collect();
        let mut keys: Vec<KeyCode> = entries().filter_map(|e| e.key).collect();
        let (n, k) = (labels.len(), keys.len());
        labels.sort();
        labels.dedup();
        keys.sort_by_key(|k| format!("{k:?}"));
        keys.dedup();
        assert_eq!((labels.len(), keys.len()), (n, k));
        assert_eq!(k, 8, "B R L A T U V F");
    }
}

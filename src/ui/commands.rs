//! The one table of the panel's fixed buttons and their keys, grouped by the panel's tab: each
//! row is a label, a key (if any), when it can be used and the [`Command`] it sends. The panel's
//! tabs are spawned from it and the keyboard reads its keys from it (whatever tab is on show), so
//! a toggle is written once.

use crate::state::commands::{Command, View};
use crate::state::mode::Who;
use crate::ui::facts::PanelFacts;
use crate::ui::tabs::Tab;
use bevy::prelude::KeyCode;
use surface_chess_rules::Color as Side;
use surface_chess_rules::engine::Level;

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
    /// What it does, in one line (the button's tooltip).
    pub tip: &'static str,
}

const fn entry(label: &'static str, enabled: fn(&PanelFacts) -> bool, command: Command, tip: &'static str) -> Entry {
    Entry { label, key: None, enabled, command, tip }
}

const fn keyed(
    label: &'static str,
    key: KeyCode,
    enabled: fn(&PanelFacts) -> bool,
    command: Command,
    tip: &'static str,
) -> Entry {
    Entry { label, key: Some(key), enabled, command, tip }
}

fn always(_: &PanelFacts) -> bool {
    true
}

/// Neither the exhibition nor an online game.
fn offline_play(f: &PanelFacts) -> bool {
    f.who != Who::Exhibition && !f.who.is_online()
}

/// The Game tab's rows: a new game on this board, the offline game's ending (online games end
/// through the server) and setup.
pub const GAME: &[Entry] = &[
    entry("New game", always, Command::Restart, "A new game on this board"),
    entry(
        "Resign",
        |f| !f.over && !f.exploring && !f.who.is_online(),
        Command::Resign,
        "The side to move gives up the game",
    ),
    entry(
        "Agree draw",
        |f| !f.over && !f.exploring && !f.who.is_online(),
        Command::AgreeDraw,
        "Both players agree a draw",
    ),
    entry(
        "Claim draw",
        |f| f.claimable && !f.who.is_online(),
        Command::ClaimDraw,
        "Claims the draw the rules allow (threefold repetition, 50 moves)",
    ),
    entry("Set up", |f| f.setup.is_none() && offline_play(f), Command::SetUp, "Edits a position to play from"),
    entry(
        "Explore",
        |f| f.live && f.setup.is_none() && f.who == Who::TwoPlayers,
        Command::Explore,
        "Any piece moves, no turn or check; pressed again, a game from the position on the board",
    ),
];

/// The Opponent tab's rows: who plays, the computer's level, the exhibition.
pub const OPPONENT: &[Entry] = &[
    entry(
        "You White vs computer",
        always,
        Command::Versus(Some(Side::Black)),
        "A new game: you play White, the computer Black",
    ),
    entry(
        "You Black vs computer",
        always,
        Command::Versus(Some(Side::White)),
        "A new game: you play Black, the computer White",
    ),
    entry("Two players", always, Command::Versus(None), "A new game for two people taking turns at this screen"),
    entry("Level -", |f| f.level > 1, Command::Level(-1), "The computer plays weaker"),
    entry("Level +", |f| f.level < Level::Strongest.number(), Command::Level(1), "The computer plays stronger"),
    entry("Exhibition", offline_play, Command::Exhibition, "The computer plays both sides, board after board"),
];

/// The Learn tab's rows: the lessons, the hint and the views that explain the surface.
pub const LEARN: &[Entry] = &[
    entry("Lessons", always, Command::Lessons, "Shows or hides the lessons on seams and cone points"),
    entry("Tours", always, Command::Tours, "Shows or hides the guided tours"),
    keyed(
        "Next step (N)",
        KeyCode::KeyN,
        |f| f.touring,
        Command::TourNext,
        "The tour's next step (after the last, the tour ends)",
    ),
    keyed("Step back (P)", KeyCode::KeyP, |f| f.touring, Command::TourBack, "The tour's step before"),
    entry(
        "Hint",
        |f| f.live && !f.exploring && !f.computer_to_move && !f.who.is_online(),
        Command::Hint,
        "Shows the strong level's move for the side to move",
    ),
    keyed(
        "Atlas (A)",
        KeyCode::KeyA,
        always,
        Command::Toggle(View::Atlas),
        "Explains the seams and cone points of the cell under the pointer",
    ),
    keyed(
        "Rays (T)",
        KeyCode::KeyT,
        |f| !f.levels,
        Command::Toggle(View::Rays),
        "Draws the selected piece's lines of movement",
    ),
    keyed(
        "Threats (H)",
        KeyCode::KeyH,
        |f| !f.levels,
        Command::Toggle(View::Threats),
        "Draws every attack on the side to move's pieces, through the seams",
    ),
    keyed(
        "Unrolled (U)",
        KeyCode::KeyU,
        |f| !f.levels,
        Command::Toggle(View::Unrolled),
        "The chart's neighbouring copies, as the seams glue them",
    ),
    keyed(
        "Untwisted (W)",
        KeyCode::KeyW,
        |f| f.twin,
        Command::Toggle(View::Compare),
        "What if it were not twisted? The same position on the board with its seams glued the other way, beside it",
    ),
];

/// The View tab's rows: the camera and the view toggles.
pub const VIEW: &[Entry] = &[
    keyed("Reset camera (R)", KeyCode::KeyR, always, Command::ResetCamera, "Back to the board's home view"),
    entry(
        "Flip chart",
        always,
        Command::Toggle(View::FlipChart),
        "Turns the chart upside down (Black's point of view)",
    ),
    keyed(
        "Flip board (B)",
        KeyCode::KeyB,
        always,
        Command::Toggle(View::FlipBoard),
        "Turns the 3D view's home to the other side's camp",
    ),
    keyed(
        "Labels (L)",
        KeyCode::KeyL,
        always,
        Command::Toggle(View::Labels),
        "Shows or hides the cell names on the surface",
    ),
    keyed(
        "One level (V)",
        KeyCode::KeyV,
        |f| f.levels,
        Command::Toggle(View::OneLevel),
        "One level shown, the others faded (the number keys and Page Up/Down pick it)",
    ),
    keyed(
        "Follow (F)",
        KeyCode::KeyF,
        always,
        Command::Toggle(View::Follow),
        "The camera turns to show selections and moves",
    ),
];

/// The table by tab: each tab's first row is its primary action. The Online and File tabs have
/// no rows here: their sections send their own messages.
pub const TABLE: &[(Tab, &[Entry])] =
    &[(Tab::Game, GAME), (Tab::Opponent, OPPONENT), (Tab::Learn, LEARN), (Tab::View, VIEW)];

/// Every row of the table.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    TABLE.iter().flat_map(|(_, rows)| rows.iter())
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
        assert_eq!(k, 12, "B R L N P A T H U W V F");
    }

    #[test]
    fn every_tab_is_listed_once_in_the_bar_order() {
        let tabs: Vec<Tab> = TABLE.iter().map(|&(tab, _)| tab).collect();
        let in_bar: Vec<Tab> = Tab::ALL.into_iter().filter(|t| tabs.contains(t)).collect();
        assert_eq!(tabs, in_bar);
        assert!(TABLE.iter().all(|(_, rows)| !rows.is_empty()), "each has its primary action");
    }
}

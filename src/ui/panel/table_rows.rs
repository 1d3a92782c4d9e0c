//! The tabs' rows from the command table (the first, the tab's primary action, in the accent
//! look; a toggle with its on/off mark; the computer's level between Level - and Level +), and
//! the Game tab's boards, the one on show lit. Their buttons are enabled by the [`PanelFacts`].

use super::row::{row, send_button};
use crate::scene::layout::{DIM, TEXT, label};
use crate::state::commands::Command;
use crate::state::game::CurrentGame;
use crate::state::mode::ComputerLevel;
use crate::ui::button::{EnabledWhen, Look, enable_buttons};
use crate::ui::commands::Entry;
use crate::ui::facts::{FactSources, PanelFacts};
use crate::ui::font::ADVANCE;
use crate::ui::tips::Tip;
use crate::ui::toggles::{OFF, ON, make_toggle};
use bevy::prelude::*;
use bevy::ui::InteractionDisabled;
use surface_chess_rules::Variant;
use surface_chess_rules::engine::Level;

/// A board's button: a new game on it (lit while it is the board on show).
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct BoardButton(Variant);

/// The computer's level, between its buttons.
#[derive(Component)]
pub(super) struct LevelText;

/// The level's font size.
const LEVEL_SIZE: f32 = 13.0;

/// A tab's rows of the command table under `page`: its primary action first, each button with
/// its tip.
pub(super) fn spawn_table_rows(commands: &mut Commands, page: Entity, entries: &[Entry]) {
    let row = row(commands, page);
    // Level -, the level and Level + wrap as one group, as wide at every level: they stay put.
    let mut parent = row;
    for (i, entry) in entries.iter().enumerate() {
        if entry.command == Command::Level(-1) {
            parent = commands.spawn(Node { align_items: AlignItems::Center, ..default() }).id();
            commands.entity(row).add_child(parent);
        }
        let look = if i == 0 { Look::Primary } else { Look::Plain };
        let button = send_button(commands, parent, look, entry.label, entry.enabled, entry.command);
        commands.entity(button).insert(Tip(entry.tip));
        if let Command::Toggle(view) = entry.command {
            make_toggle(commands, button, view);
        }
        if entry.command == Command::Level(-1) {
            let level = commands.spawn(level_text()).id();
            commands.entity(parent).add_child(level);
        }
        if entry.command == Command::Level(1) {
            parent = row;
        }
    }
}

/// The computer's level between its buttons: as wide as the longest level's words, centred.
fn level_text() -> impl Bundle {
    let longest = Level::ALL.map(|l| level_words(l).chars().count()).into_iter().max().unwrap_or(0);
    (
        label("", LEVEL_SIZE, TEXT),
        TextLayout::justify(Justify::Center),
        LevelText,
        Node {
            margin: UiRect::horizontal(px(4)),
            min_width: px(longest as f32 * LEVEL_SIZE * ADVANCE),
            justify_content: JustifyContent::Center,
            ..default()
        },
    )
}

/// The boards, each starting a new game on it, under `page`.
pub(super) fn spawn_boards(commands: &mut Commands, page: Entity) {
    let caption = commands.spawn(label("New game on a board", 12.0, DIM)).id();
    commands.entity(page).add_child(caption);
    let boards = row(commands, page);
    // The untwisted twins are reached by the comparison (W), not from the list.
    for v in Variant::ALL.into_iter().filter(|v| !v.spec().companion) {
        let button = send_button(commands, boards, Look::Plain, v.name(), |_| true, Command::NewGame(v));
        let tip = if v.spec().opening.offers_game() {
            "A new game on this board"
        } else {
            "This board has no agreed start: its placement shows the geometry"
        };
        commands.entity(button).insert((BoardButton(v), Tip(tip)));
    }
}

/// Enables the buttons whose facts changed (and new buttons).
pub(super) fn update_buttons(
    mut commands: Commands,
    sources: FactSources,
    buttons: Query<(Entity, &EnabledWhen<PanelFacts>, Has<InteractionDisabled>)>,
    added: Query<(), Added<EnabledWhen<PanelFacts>>>,
    mut shown: Local<Option<PanelFacts>>,
) {
    if !sources.is_changed() && added.is_empty() {
        return;
    }
    let facts = sources.facts();
    if *shown != Some(facts) || !added.is_empty() {
        enable_buttons(&mut commands, &facts, &buttons);
        *shown = Some(facts);
    }
}

/// Lights the button of the board on show.
pub(super) fn show_board(current: Res<CurrentGame>, mut buttons: Query<(&BoardButton, &mut BorderColor)>) {
    if !current.is_changed() {
        return;
    }
    for (&BoardButton(v), mut border) in &mut buttons {
        border.set_if_neq(BorderColor::all(if v == current.variant() { ON } else { OFF }));
    }
}

/// The computer's level in words, with its approximate strength on flat chess: `3 casual ~1010`
/// (the levels' nominal Elo, an estimate: see the guide's table of the levels measured).
pub fn level_words(level: Level) -> String {
    format!("{} {} ~{}", level.number(), level.name(), level.nominal_elo())
}

pub(super) fn show_level(level: Res<ComputerLevel>, mut texts: Query<&mut Text, With<LevelText>>) {
    if level.is_changed() {
        for mut text in &mut texts {
            text.0 = level_words(level.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_is_named_with_its_approximate_elo() {
        assert_eq!(level_words(Level::Casual), "3 casual ~1010");
        let elos: Vec<u32> = Level::ALL.iter().map(|l| l.nominal_elo()).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "stronger levels have higher numbers: {elos:?}");
    }
}

//! The panel's fixed rows: a new game on every board, then the rows of the command table (who
//! plays, the game, the views). Their buttons are enabled by the [`PanelFacts`]; the rows of
//! offline play make way for the online section during an online game.

use super::row::{row, send_button};
use crate::scene::layout::{DIM, label};
use crate::state::commands::Command;
use crate::ui::button::{EnabledWhen, enable_buttons};
use crate::ui::commands::{Entry, GAME, PLAYERS, VIEWS};
use crate::ui::facts::{FactSources, PanelFacts};
use crate::ui::tips::Tip;
use crate::ui::toggles::Toggles;
use bevy::prelude::*;
use bevy::ui::InteractionDisabled;
use surface_chess_rules::Variant;

/// A row of offline play's buttons, hidden during an online game.
#[derive(Component)]
pub(super) struct OfflineRow;

/// The "New …" row, one button per board.
pub(super) fn spawn_boards(commands: &mut Commands, body: Entity) {
    let boards = row(commands, body);
    for v in Variant::ALL {
        send_button(commands, boards, &format!("New {}", v.name()), |_| true, Command::NewGame(v));
    }
}

/// A section's title.
fn title(commands: &mut Commands, body: Entity, text: &str) -> Entity {
    let title = commands.spawn(label(text, 12.0, DIM)).id();
    commands.entity(body).add_child(title);
    title
}

/// A titled row of the command table; each button has its tip, a toggle's shows its state.
fn spawn_entries(commands: &mut Commands, body: Entity, heading: &str, entries: &[Entry]) -> [Entity; 2] {
    let heading = title(commands, body, heading);
    let row = row(commands, body);
    for entry in entries {
        let button = send_button(commands, row, entry.label, entry.enabled, entry.command);
        commands.entity(button).insert(Tip(entry.tip));
        if let Command::Toggle(view) = entry.command {
            commands.entity(button).insert(Toggles(view));
        }
    }
    [heading, row]
}

/// Who plays and the game's rows (offline play only).
pub(super) fn spawn_play_rows(commands: &mut Commands, body: Entity) {
    for (heading, entries) in [("Players", PLAYERS), ("Game", GAME)] {
        for part in spawn_entries(commands, body, heading, entries) {
            commands.entity(part).insert(OfflineRow);
        }
    }
}

/// The views' row.
pub(super) fn spawn_views(commands: &mut Commands, body: Entity) {
    spawn_entries(commands, body, "View (a lit border: on)", VIEWS);
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

/// Offline play's rows make way for the online section during an online game.
pub(super) fn hide_offline_rows(sources: FactSources, mut rows: Query<&mut Node, With<OfflineRow>>) {
    if !sources.is_changed() {
        return;
    }
    let display = if sources.facts().who.is_online() { Display::None } else { Display::Flex };
    for mut node in &mut rows {
        if node.display != display {
            node.display = display;
        }
    }
}

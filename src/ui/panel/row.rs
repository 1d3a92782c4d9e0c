//! How the panel's sections are built: rows of buttons that wrap, and buttons usable when the
//! [`PanelFacts`] allow, each sending one message when activated.

use crate::ui::button::{Activate, EnabledWhen, Look, button_in};
use crate::ui::facts::PanelFacts;
use bevy::prelude::*;

/// A row of buttons that wraps, under `parent`.
pub fn row(commands: &mut Commands, parent: Entity) -> Entity {
    let row = commands
        .spawn(Node { flex_wrap: FlexWrap::Wrap, align_items: AlignItems::Center, flex_shrink: 0.0, ..default() })
        .id();
    commands.entity(parent).add_child(row);
    row
}

/// Spawns a button of this look under `parent`, usable when `enabled` holds, sending `message`
/// when activated.
pub fn send_button<M: Message + Clone>(
    commands: &mut Commands,
    parent: Entity,
    look: Look,
    text: &str,
    enabled: fn(&PanelFacts) -> bool,
    message: M,
) -> Entity {
    let id = commands
        .spawn((button_in(look, text), EnabledWhen(enabled)))
        .observe(move |_: On<Activate>, mut out: MessageWriter<M>| {
            out.write(message.clone());
        })
        .id();
    commands.entity(parent).add_child(id);
    id
}

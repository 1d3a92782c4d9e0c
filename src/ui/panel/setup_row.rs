//! The panel's setup controls: shown in setup mode, they choose what a click places, the side to
//! move and castling, and start the game (only when the rules accept the position). Each sends a
//! [`SetupCommand`], carried out by `state::setup`.

use super::moves::MovesPart;
use super::row::send_button;
use crate::state::setup::{SetupBoard, SetupCommand};
use crate::ui::button::Look;
use crate::ui::facts::PanelFacts;
use bevy::prelude::*;
use surface_chess_rules::{CastleSide, Color as Side, Role};

/// The setup controls' container.
#[derive(Component)]
pub(super) struct SetupRow;

/// Spawns the (hidden) setup controls under `body`.
pub(super) fn spawn_setup_row(commands: &mut Commands, body: Entity) {
    let row = commands
        .spawn((
            Node { flex_direction: FlexDirection::Column, flex_shrink: 0.0, display: Display::None, ..default() },
            SetupRow,
        ))
        .id();
    commands.entity(body).add_child(row);
    let line = |commands: &mut Commands| {
        let line = commands.spawn(Node { flex_wrap: FlexWrap::Wrap, ..default() }).id();
        commands.entity(row).add_child(line);
        line
    };
    let in_setup: fn(&PanelFacts) -> bool = |f| f.setup.is_some();
    let pieces = line(commands);
    let brushes = [
        ("White", SetupCommand::Colour(Side::White)),
        ("Black", SetupCommand::Colour(Side::Black)),
        ("K", SetupCommand::Role(Role::King)),
        ("Q", SetupCommand::Role(Role::Queen)),
        ("R", SetupCommand::Role(Role::Rook)),
        ("B", SetupCommand::Role(Role::Bishop)),
        ("N", SetupCommand::Role(Role::Knight)),
        ("P", SetupCommand::Role(Role::Pawn)),
        ("Empty", SetupCommand::Empty),
    ];
    for (text, command) in brushes {
        send_button(commands, pieces, Look::Plain, text, in_setup, command);
    }
    let marks = line(commands);
    let edits = [
        ("Facing ↑↓", SetupCommand::Facing),
        ("Double step", SetupCommand::DoubleStep),
        ("Side to move", SetupCommand::SideToMove),
        ("Castle K", SetupCommand::Castle(Side::White, CastleSide::East)),
        ("Castle Q", SetupCommand::Castle(Side::White, CastleSide::West)),
        ("Castle k", SetupCommand::Castle(Side::Black, CastleSide::East)),
        ("Castle q", SetupCommand::Castle(Side::Black, CastleSide::West)),
        ("Clear", SetupCommand::Clear),
        ("Initial", SetupCommand::Initial),
    ];
    for (text, command) in edits {
        send_button(commands, marks, Look::Plain, text, in_setup, command);
    }
    let end = line(commands);
    send_button(commands, end, Look::Primary, "Start game", |f| f.setup == Some(true), SetupCommand::Start);
    send_button(commands, end, Look::Plain, "Cancel setup", in_setup, SetupCommand::Cancel);
}

/// Shows the setup controls in setup mode in the place of the move list (the position set up has
/// no moves yet); the status line says what the setup is.
#[allow(clippy::type_complexity)]
pub(super) fn show_setup(
    board: Option<Res<SetupBoard>>,
    mut rows: Query<(&mut Node, Has<SetupRow>), Or<(With<SetupRow>, With<MovesPart>)>>,
) {
    for (mut node, setup) in &mut rows {
        let display = if board.is_some() == setup { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}

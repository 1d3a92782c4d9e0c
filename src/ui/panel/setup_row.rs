//! The panel's setup controls: shown in setup mode, they choose what a click places, the side to
//! move and castling, and start the game (only when the rules accept the position).

use super::{PanelFacts, add_button};
use crate::current::{CurrentGame, Notice};
use crate::layout::{TEXT, label};
use crate::setup::{SetupBoard, start_from};
use bevy::prelude::*;
use surface_chess_rules::{CastleSide, Color as Side, Role};

/// The setup controls' container.
#[derive(Component)]
pub(super) struct SetupRow;

/// The setup's summary line.
#[derive(Component)]
pub(super) struct SetupSummary;

type Edit = fn(&mut SetupBoard);

/// Spawns the (hidden) setup controls under `body`.
pub(super) fn spawn_setup_row(commands: &mut Commands, body: Entity) {
    let row = commands
        .spawn((
            Node { flex_direction: FlexDirection::Column, flex_shrink: 0.0, display: Display::None, ..default() },
            SetupRow,
        ))
        .id();
    commands.entity(body).add_child(row);
    let summary = commands.spawn((label("", 13.0, TEXT), SetupSummary)).id();
    commands.entity(row).add_child(summary);
    let line = |commands: &mut Commands| {
        let line = commands.spawn(Node { flex_wrap: FlexWrap::Wrap, ..default() }).id();
        commands.entity(row).add_child(line);
        line
    };
    let in_setup: fn(&PanelFacts) -> bool = |f| f.setup.is_some();
    let pieces = line(commands);
    let edits: [(&str, Edit); 9] = [
        ("White", |b| b.brush.piece = Some((Side::White, b.brush.piece.map_or(Role::Pawn, |p| p.1)))),
        ("Black", |b| b.brush.piece = Some((Side::Black, b.brush.piece.map_or(Role::Pawn, |p| p.1)))),
        ("K", |b| set_role(b, Role::King)),
        ("Q", |b| set_role(b, Role::Queen)),
        ("R", |b| set_role(b, Role::Rook)),
        ("B", |b| set_role(b, Role::Bishop)),
        ("N", |b| set_role(b, Role::Knight)),
        ("P", |b| set_role(b, Role::Pawn)),
        ("Empty", |b| b.brush.piece = None),
    ];
    for (text, edit) in edits {
        add_button(commands, pieces, text, in_setup, edit_with(edit));
    }
    let marks = line(commands);
    let edits: [(&str, Edit); 9] = [
        ("Facing ↑↓", |b| b.brush.facing = b.brush.facing.reversed()),
        ("Double step", |b| b.brush.unused = !b.brush.unused),
        ("Side to move", |b| b.setup.side = !b.setup.side),
        ("Castle K", |b| b.toggle_castling(Side::White, CastleSide::East)),
        ("Castle Q", |b| b.toggle_castling(Side::White, CastleSide::West)),
        ("Castle k", |b| b.toggle_castling(Side::Black, CastleSide::East)),
        ("Castle q", |b| b.toggle_castling(Side::Black, CastleSide::West)),
        ("Clear", |b| b.setup = surface_chess_rules::Setup::empty(b.setup.variant)),
        ("Initial", |b| b.setup = surface_chess_rules::Setup::of(&surface_chess_rules::Position::new(b.setup.variant))),
    ];
    for (text, edit) in edits {
        add_button(commands, marks, text, in_setup, edit_with(edit));
    }
    let end = line(commands);
    add_button(commands, end, "Start game", |f| f.setup == Some(true), start_game);
    add_button(commands, end, "Cancel setup", in_setup, cancel_setup);
}

fn set_role(board: &mut SetupBoard, role: Role) {
    let color = board.brush.piece.map_or(Side::White, |p| p.0);
    board.brush.piece = Some((color, role));
}

fn edit_with(edit: Edit) -> impl Fn(On<crate::button::Activate>, Option<ResMut<SetupBoard>>) {
    move |_, board| {
        if let Some(mut board) = board {
            edit(&mut board);
        }
    }
}

fn start_game(
    _: On<crate::button::Activate>,
    mut commands: Commands,
    board: Option<Res<SetupBoard>>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
) {
    if let Some(board) = board
        && start_from(&board, &mut current, &mut notice)
    {
        commands.remove_resource::<SetupBoard>();
    }
}

fn cancel_setup(_: On<crate::button::Activate>, mut commands: Commands, mut current: ResMut<CurrentGame>) {
    commands.remove_resource::<SetupBoard>();
    // Everything shown returns to the game.
    current.set_changed();
}

/// Shows the setup controls in setup mode, with the setup's summary.
pub(super) fn show_setup(
    board: Option<Res<SetupBoard>>,
    mut rows: Query<&mut Node, With<SetupRow>>,
    mut summaries: Query<&mut Text, With<SetupSummary>>,
) {
    let display = if board.is_some() { Display::Flex } else { Display::None };
    for mut node in &mut rows {
        if node.display != display {
            node.display = display;
        }
    }
    if let Some(board) = board.filter(|b| b.is_changed()) {
        for mut text in &mut summaries {
            text.0 = board.summary();
        }
    }
}

//! The move list: every move as a button showing the position after it, and "live" to return.

use super::scroll::{WheelScrolls, scroll_with_wheel};
use super::status::move_entries;
use crate::scene::layout::{DIM, label};
use crate::state::game::CurrentGame;
use crate::state::selection::Selection;
use crate::state::viewing::Viewing;
use crate::ui::button::{Activate, button};
use bevy::prelude::*;

/// The move list.
#[derive(Component)]
pub struct MoveList;

/// The move list and its caption, which give their place to the setup controls while setting up.
#[derive(Component)]
pub(super) struct MovesPart;

/// The caption with "live", and the (empty) list, under `body`.
pub(super) fn spawn_moves(commands: &mut Commands, body: Entity) {
    let header = commands
        .spawn((Node { align_items: AlignItems::Center, column_gap: px(6), flex_shrink: 0.0, ..default() }, MovesPart))
        .id();
    commands.entity(body).add_child(header);
    let caption = commands.spawn(label("Moves (click one to see it)", 13.0, DIM)).id();
    let live = commands.spawn(button("live")).observe(view_ply(None)).id();
    commands.entity(header).add_children(&[caption, live]);
    let list = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                overflow: Overflow::scroll_y(),
                flex_grow: 1.0,
                flex_basis: px(0),
                min_height: px(60),
                align_content: AlignContent::FlexStart,
                ..default()
            },
            ScrollPosition::default(),
            MoveList,
            MovesPart,
            WheelScrolls,
        ))
        .observe(scroll_with_wheel)
        .id();
    commands.entity(body).add_child(list);
}

/// Shows the position after `ply` (`None`: the live one).
fn view_ply(ply: Option<usize>) -> impl Fn(On<Activate>, Res<CurrentGame>, ResMut<Viewing>, ResMut<Selection>) {
    move |_, current, mut viewing, mut selection| {
        viewing.set_if_neq(Viewing(ply.filter(|&p| p < current.plies())));
        selection.selected = None;
    }
}

/// The list follows the game's moves (and another game's).
pub(super) fn show_moves(
    mut commands: Commands,
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    list: Query<Entity, With<MoveList>>,
    mut shown: Local<Option<(u64, usize)>>,
) {
    let state = (current.serial(), current.plies());
    if *shown == Some(state) && !viewing.is_changed() {
        return;
    }
    *shown = Some(state);
    let Ok(list) = list.single() else { return };
    commands.entity(list).despawn_related::<Children>();
    for (ply, text) in move_entries(&current.game).into_iter().enumerate() {
        let b = commands.spawn(button(text)).observe(view_ply(Some(ply + 1))).id();
        commands.entity(list).add_child(b);
    }
    // Follow the game: the newest moves in view (layout clamps this to the end).
    if viewing.0.is_none() {
        commands.entity(list).insert(ScrollPosition(Vec2::new(0.0, f32::MAX)));
    }
}

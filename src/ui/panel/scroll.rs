//! The mouse wheel scrolls the node under the pointer (the move list first, then the panel).

use bevy::input::mouse::MouseScrollUnit;
use bevy::picking::events::{Pointer, Scroll};
use bevy::prelude::*;

/// A node that the mouse wheel scrolls.
#[derive(Component)]
pub(super) struct WheelScrolls;

/// Scrolls the node under the pointer, as far as its content goes.
pub(super) fn scroll_with_wheel(
    mut event: On<Pointer<Scroll>>,
    mut nodes: Query<(&mut ScrollPosition, &ComputedNode), With<WheelScrolls>>,
) {
    let Ok((mut position, node)) = nodes.get_mut(event.event_target()) else { return };
    let step = match event.unit {
        MouseScrollUnit::Line => 24.0,
        MouseScrollUnit::Pixel => 1.0,
    };
    // Start from where the node really is (a requested position past the end is clamped).
    let now = node.scroll_position.y * node.inverse_scale_factor;
    let max = (node.content_size.y - node.size.y).max(0.0) * node.inverse_scale_factor;
    let wanted = (now - event.y * step).clamp(0.0, max);
    if wanted != now {
        position.0.y = wanted;
        event.propagate(false);
    }
}

/// A column under `parent` that shrinks to the room left and scrolls its content (with the
/// wheel too), marked with `marker`.
pub(super) fn scrolling_column(commands: &mut Commands, parent: Entity, marker: impl Bundle) -> Entity {
    let column = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                flex_shrink: 1.0,
                min_height: px(0),
                overflow: Overflow::scroll_y(),
                row_gap: px(3),
                ..default()
            },
            ScrollPosition::default(),
            WheelScrolls,
            marker,
        ))
        .observe(scroll_with_wheel)
        .id();
    commands.entity(parent).add_child(column);
    column
}

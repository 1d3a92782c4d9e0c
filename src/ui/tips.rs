//! Tooltips: the command table's buttons say in one line what they do while the pointer is on
//! them, in a box beside the pointer.

use crate::scene::layout::{TEXT, label};
use bevy::picking::hover::Hovered as PointerOver;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// What a button does, in one line.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tip(pub &'static str);

/// The tooltip's box.
#[derive(Component)]
pub struct TipBox;

/// The tooltip's box colour.
const BOX: Color = Color::srgb(0.05, 0.06, 0.08);

/// The tooltips.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_tip_box).add_systems(Update, show_tip.in_set(crate::schedule::AppSystems::Show));
}

fn spawn_tip_box(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                padding: UiRect::axes(px(6), px(3)),
                border: UiRect::all(px(1)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(BOX),
            BorderColor::all(crate::ui::button::BORDER),
            GlobalZIndex(10),
            Pickable::IGNORE,
            TipBox,
        ))
        .with_child((label("", 13.0, TEXT), Pickable::IGNORE));
}

/// Shows the tip of the button under the pointer beside the pointer, or hides the box.
fn show_tip(
    buttons: Query<(&Tip, &PointerOver)>,
    windows: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Option<Res<UiScale>>,
    mut boxes: Query<(&mut Node, &Children), With<TipBox>>,
    mut texts: Query<&mut Text>,
) {
    let tip = buttons.iter().find(|(_, over)| over.get()).map(|(tip, _)| tip.0);
    let scale = ui_scale.map_or(1.0, |s| s.0);
    let at = windows.single().ok().and_then(Window::cursor_position).map(|p| p / scale);
    for (mut node, children) in &mut boxes {
        let display = if tip.is_some() { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        if let Some(at) = at.filter(|_| tip.is_some()) {
            // Left of and below the pointer: the panel is at the window's right edge.
            let (left, top) = (px((at.x - 260.0).max(0.0)), px(at.y + 18.0));
            if node.left != left || node.top != top {
                node.left = left;
                node.top = top;
            }
        }
        for child in children {
            if let Ok(mut text) = texts.get_mut(*child)
                && text.0 != tip.unwrap_or_default()
            {
                text.0 = tip.unwrap_or_default().to_owned();
            }
        }
    }
}

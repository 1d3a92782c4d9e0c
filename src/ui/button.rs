//! The panel's buttons: `bevy_ui_widgets` buttons (activated by a click, or Enter/Space when
//! focused) whose colours show hover, press and disabled states. Each button is spawned with its
//! own observer of [`Activate`]; [`EnabledWhen`] says when it can be used.

use crate::scene::layout::{DIM, TEXT, label};
use bevy::picking::hover::Hovered as PointerOver;
use bevy::prelude::*;
use bevy::ui::{InteractionDisabled, Pressed};
use bevy::ui_widgets::Button as WidgetButton;

pub use bevy::ui_widgets::Activate;

/// A button's condition for being usable, re-evaluated whenever the facts change.
#[derive(Component, Clone, Copy)]
pub struct EnabledWhen<F: Send + Sync + 'static>(pub fn(&F) -> bool);

/// The button's label text (for tests and for status checks).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ButtonLabel(pub String);

const IDLE: Color = Color::srgb(0.22, 0.24, 0.29);
const HOVER: Color = Color::srgb(0.30, 0.33, 0.40);
const PRESSED: Color = Color::srgb(0.40, 0.45, 0.55);
const DISABLED: Color = Color::srgb(0.16, 0.17, 0.20);
/// A button's border.
pub const BORDER: Color = Color::srgb(0.35, 0.38, 0.45);

/// A button with a text label. Add its action with `.observe(|_: On<Activate>, …| …)`.
pub fn button(text: impl Into<String>) -> impl Bundle {
    let text = text.into();
    (
        WidgetButton,
        PointerOver::default(),
        Node {
            padding: UiRect::axes(px(8), px(4)),
            margin: UiRect::all(px(2)),
            border: UiRect::all(px(1)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BorderColor::all(BORDER),
        BackgroundColor(IDLE),
        ButtonLabel(text.clone()),
        children![(label(text, 13.0, TEXT), Pickable::IGNORE)],
    )
}

/// Button states and colours.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, style_buttons.in_set(crate::schedule::AppSystems::Show));
}

/// Enables or disables every button carrying `EnabledWhen<F>` by its condition on `facts`.
pub fn enable_buttons<F: Send + Sync + 'static>(
    commands: &mut Commands,
    facts: &F,
    buttons: &Query<(Entity, &EnabledWhen<F>, Has<InteractionDisabled>)>,
) {
    for (entity, condition, disabled) in buttons {
        let enabled = (condition.0)(facts);
        if enabled && disabled {
            commands.entity(entity).remove::<InteractionDisabled>();
        } else if !enabled && !disabled {
            commands.entity(entity).insert(InteractionDisabled);
        }
    }
}

/// The colour of a button in a state.
pub fn button_colour(hovered: bool, pressed: bool, disabled: bool) -> Color {
    match (disabled, pressed, hovered) {
        (true, _, _) => DISABLED,
        (false, true, _) => PRESSED,
        (false, false, true) => HOVER,
        _ => IDLE,
    }
}

#[allow(clippy::type_complexity)]
fn style_buttons(
    mut buttons: Query<
        (&PointerOver, Has<Pressed>, Has<InteractionDisabled>, &mut BackgroundColor, &Children),
        With<WidgetButton>,
    >,
    mut texts: Query<&mut TextColor>,
) {
    for (hovered, pressed, disabled, mut background, children) in &mut buttons {
        background.set_if_neq(BackgroundColor(button_colour(hovered.get(), pressed, disabled)));
        for child in children {
            if let Ok(mut colour) = texts.get_mut(*child) {
                colour.set_if_neq(TextColor(if disabled { DIM } else { TEXT }));
            }
        }
    }
}

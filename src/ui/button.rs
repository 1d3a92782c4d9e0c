//! The panel's buttons: `bevy_ui_widgets` buttons (activated by a click, or Enter/Space when
//! focused) whose colours show hover, press and disabled states, in three looks: plain, a tab's
//! primary action, a tab. Each button is spawned with its own observer of [`Activate`];
//! [`EnabledWhen`] says when it can be used.

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

/// How a button looks: an ordinary one, its tab's one primary action (accent colour, a little
/// larger), or a tab of the panel's tab bar.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Look {
    /// An ordinary button.
    #[default]
    Plain,
    /// The tab's primary action.
    Primary,
    /// A tab.
    Tab,
}

/// The chosen button of a group (the tab on show): drawn in the colour of the page it opens.
#[derive(Component, Clone, Copy, Debug)]
pub struct Chosen;

/// A look's colours: idle, under the pointer, pressed.
struct Palette([Color; 3]);

const PLAIN: Palette =
    Palette([Color::srgb(0.22, 0.24, 0.29), Color::srgb(0.30, 0.33, 0.40), Color::srgb(0.40, 0.45, 0.55)]);
const PRIMARY: Palette =
    Palette([Color::srgb(0.13, 0.38, 0.45), Color::srgb(0.17, 0.47, 0.55), Color::srgb(0.23, 0.56, 0.65)]);
const TAB: Palette =
    Palette([Color::srgb(0.09, 0.10, 0.12), Color::srgb(0.20, 0.22, 0.27), Color::srgb(0.26, 0.29, 0.35)]);
const DISABLED: Color = Color::srgb(0.16, 0.17, 0.20);
/// A button's border.
pub const BORDER: Color = Color::srgb(0.35, 0.38, 0.45);
/// The accent: the primary action's border and the tab on show's edge.
pub const ACCENT: Color = Color::srgb(0.36, 0.74, 0.82);
/// The background of a tab's page (and of the tab on show, joined to it).
pub const PAGE_BG: Color = Color::srgb(0.18, 0.19, 0.23);

/// A button with a text label. Add its action with `.observe(|_: On<Activate>, …| …)`.
pub fn button(text: impl Into<String>) -> impl Bundle {
    button_in(Look::Plain, text)
}

/// A tab's primary action: the one button in the accent colour.
pub fn primary_button(text: impl Into<String>) -> impl Bundle {
    button_in(Look::Primary, text)
}

/// A button of this look with a text label.
pub fn button_in(look: Look, text: impl Into<String>) -> impl Bundle {
    let text = text.into();
    let (padding, size, border, colour) = match look {
        Look::Plain => (UiRect::axes(px(8), px(4)), 13.0, UiRect::all(px(1)), BORDER),
        Look::Primary => (UiRect::axes(px(12), px(5)), 14.0, UiRect::all(px(1)), ACCENT),
        // A lit top edge marks the tab on show; the bottom is open to its page.
        Look::Tab => (UiRect::axes(px(4), px(5)), 13.0, UiRect::top(px(2)), Color::NONE),
    };
    let margin = if look == Look::Tab { UiRect::right(px(2)) } else { UiRect::all(px(2)) };
    (
        WidgetButton,
        PointerOver::default(),
        Node {
            padding,
            margin,
            border,
            flex_grow: if look == Look::Tab { 1.0 } else { 0.0 },
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        look,
        BorderColor::all(colour),
        BackgroundColor(button_colour(look, false, false, false, false)),
        ButtonLabel(text.clone()),
        children![(label(text, size, TEXT), Pickable::IGNORE)],
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

/// The colour of a button of this look in a state (`chosen`: the tab on show).
pub fn button_colour(look: Look, chosen: bool, hovered: bool, pressed: bool, disabled: bool) -> Color {
    let palette = match look {
        Look::Plain => &PLAIN,
        Look::Primary => &PRIMARY,
        Look::Tab if chosen => return PAGE_BG,
        Look::Tab => &TAB,
    };
    match (disabled, pressed, hovered) {
        (true, _, _) => DISABLED,
        (false, true, _) => palette.0[2],
        (false, false, true) => palette.0[1],
        _ => palette.0[0],
    }
}

#[allow(clippy::type_complexity)]
fn style_buttons(
    mut buttons: Query<
        (&Look, Has<Chosen>, &PointerOver, Has<Pressed>, Has<InteractionDisabled>, &mut BackgroundColor, &Children),
        With<WidgetButton>,
    >,
    mut texts: Query<&mut TextColor>,
) {
    for (&look, chosen, hovered, pressed, disabled, mut background, children) in &mut buttons {
        background.set_if_neq(BackgroundColor(button_colour(look, chosen, hovered.get(), pressed, disabled)));
        // Text is dimmed on a disabled button and on a tab not on show.
        let dim = disabled || (look == Look::Tab && !chosen);
        for child in children {
            if let Ok(mut colour) = texts.get_mut(*child) {
                colour.set_if_neq(TextColor(if dim { DIM } else { TEXT }));
            }
        }
    }
}

//! The tab bar and the tabs' pages: a button per [`Tab`], the one on show lit and joined to its
//! page below; only that page is shown.

use crate::ui::button::{ACCENT, Activate, Chosen, Look, PAGE_BG, button_in};
use crate::ui::tabs::{PanelTab, Tab};
use crate::ui::tips::Tip;
use bevy::prelude::*;

/// A tab's button.
#[derive(Component, Clone, Copy, Debug)]
pub struct TabButton(pub Tab);

/// A tab's page.
#[derive(Component, Clone, Copy, Debug)]
pub struct Page(pub Tab);

/// The tab bar, under `body`.
pub(super) fn spawn_tab_bar(commands: &mut Commands, body: Entity) {
    let bar = commands.spawn(Node { flex_shrink: 0.0, ..default() }).id();
    commands.entity(body).add_child(bar);
    for tab in Tab::ALL {
        let button = commands
            .spawn((button_in(Look::Tab, tab.name()), TabButton(tab), Tip(tab.tip())))
            .observe(move |_: On<Activate>, mut shown: ResMut<PanelTab>| {
                shown.set_if_neq(PanelTab(tab));
            })
            .id();
        commands.entity(bar).add_child(button);
    }
}

/// An (empty, hidden) page for `tab` under `body`. Its rows keep their height; a page too tall
/// for the window gives way in its scrolling parts (the lesson text, the lobby).
pub(super) fn spawn_page(commands: &mut Commands, body: Entity, tab: Tab) -> Entity {
    let page = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                flex_shrink: 1.0,
                min_height: px(0),
                padding: UiRect::all(px(6)),
                row_gap: px(4),
                overflow: Overflow::clip(),
                display: Display::None,
                ..default()
            },
            BackgroundColor(PAGE_BG),
            Page(tab),
        ))
        .id();
    commands.entity(body).add_child(page);
    page
}

/// Shows the page of the tab on show and lights its button.
pub(super) fn show_tab(
    mut commands: Commands,
    shown: Res<PanelTab>,
    mut pages: Query<(&Page, &mut Node)>,
    mut buttons: Query<(Entity, &TabButton, &mut BorderColor)>,
) {
    if !shown.is_changed() {
        return;
    }
    for (page, mut node) in &mut pages {
        let display = if page.0 == shown.0 { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    for (entity, button, mut border) in &mut buttons {
        if button.0 == shown.0 {
            commands.entity(entity).insert(Chosen);
            border.set_if_neq(BorderColor::all(ACCENT));
        } else {
            commands.entity(entity).remove::<Chosen>();
            border.set_if_neq(BorderColor::all(Color::NONE));
        }
    }
}

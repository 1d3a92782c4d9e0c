//! Saving and loading a record by path: the path box, Save and Load.

use crate::scene::layout::{DIM, label};
use crate::state::persist::{self, SaveRequest};
use crate::ui::button::{Activate, button, primary_button};
use bevy::prelude::*;
use bevy::text::EditableText;

/// The save/load path box.
#[derive(Component)]
pub struct PathBox;

/// Save (the tab's primary action), Load and the path box, under `page`.
pub(super) fn spawn_files(commands: &mut Commands, page: Entity) {
    let caption = commands.spawn(label("The game's record, as JSON, at this path:", 12.0, DIM)).id();
    let files = commands.spawn(Node { align_items: AlignItems::Center, flex_shrink: 0.0, ..default() }).id();
    commands.entity(page).add_children(&[caption, files]);
    let path_box = commands
        .spawn((
            Node { width: px(250), border: UiRect::all(px(1)), padding: UiRect::horizontal(px(4)), ..default() },
            BorderColor::all(DIM),
            BackgroundColor(Color::srgb(0.08, 0.08, 0.10)),
            EditableText::new(persist::DEFAULT_RECORD),
            TextLayout::no_wrap(),
            TextFont { font_size: FontSize::Px(13.0), ..default() },
            PathBox,
        ))
        .id();
    let save = commands.spawn(primary_button("Save")).observe(request(SaveRequest::Save)).id();
    let load = commands.spawn(button("Load")).observe(request(SaveRequest::Load)).id();
    commands.entity(files).add_children(&[path_box, save, load]);
}

/// Asks for a save or load of the path in the box.
fn request(
    make: fn(String) -> SaveRequest,
) -> impl Fn(On<Activate>, Query<&EditableText, With<PathBox>>, MessageWriter<SaveRequest>) {
    move |_, path, mut saves| {
        let path = path.single().map(|p| p.value().to_string()).unwrap_or_default();
        saves.write(make(path));
    }
}

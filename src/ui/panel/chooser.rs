//! The chooser: when several actions end on the cell picked (pawn facings, promotion pieces), a
//! button for each and Cancel.

use crate::scene::layout::{TEXT, label};
use crate::state::game::CurrentGame;
use crate::state::messages::ActionChosen;
use crate::state::selection::Selection;
use crate::ui::button::{Activate, button};
use bevy::prelude::*;

/// The chooser's place.
#[derive(Component)]
pub(super) struct ChooserArea;

/// The (empty) chooser, under `body`.
pub(super) fn spawn_chooser(commands: &mut Commands, body: Entity) {
    let chooser = commands.spawn((Node { flex_wrap: FlexWrap::Wrap, flex_shrink: 0.0, ..default() }, ChooserArea)).id();
    commands.entity(body).add_child(chooser);
}

/// The chooser's buttons follow the selection's actions waiting for a choice.
pub(super) fn show_chooser(
    mut commands: Commands,
    current: Res<CurrentGame>,
    selection: Res<Selection>,
    area: Query<Entity, With<ChooserArea>>,
) {
    if !selection.is_changed() {
        return;
    }
    let Ok(area) = area.single() else { return };
    commands.entity(area).despawn_related::<Children>();
    if selection.chooser.is_empty() {
        return;
    }
    commands.entity(area).with_child(label("Choose: ", 13.0, TEXT));
    for &a in &selection.chooser {
        let b = commands
            .spawn(button(selection.choice_label(&current.game, a)))
            .observe(move |_: On<Activate>, selection: Res<Selection>, mut chosen: MessageWriter<ActionChosen>| {
                if selection.chooser.contains(&a) {
                    chosen.write(ActionChosen(a));
                }
            })
            .id();
        commands.entity(area).add_child(b);
    }
    let cancel = commands
        .spawn(button("Cancel"))
        .observe(|_: On<Activate>, mut selection: ResMut<Selection>| selection.chooser.clear())
        .id();
    commands.entity(area).add_child(cancel);
}

//! The panel's tour section (Learn tab): the list of guided tours, or the step on show (the tour's
//! title, the step's number and text) with its End button; the tab's "Next step (N)" and "Step
//! back (P)" buttons step it (a click, a tap or the key).

use super::scroll::scrolling_column;
use crate::scene::layout::{DIM, TEXT, label};
use crate::state::tours::{TourCommand, Touring, Tours};
use crate::ui::button::{Activate, button};
use bevy::prelude::*;

/// Where the tour section goes.
#[derive(Component)]
pub struct TourArea;

/// The empty section, under `parent` (a long list or step scrolls inside it).
pub(super) fn spawn_tour_area(commands: &mut Commands, parent: Entity) {
    scrolling_column(commands, parent, TourArea);
}

/// A button sending a tour command.
fn order(commands: &mut Commands, text: impl Into<String>, command: TourCommand) -> Entity {
    commands
        .spawn(button(text))
        .observe(move |_: On<Activate>, mut orders: MessageWriter<TourCommand>| {
            orders.write(command);
        })
        .id()
}

pub(super) fn show_tours(
    mut commands: Commands,
    tours: Res<Tours>,
    touring: Res<Touring>,
    area: Query<Entity, With<TourArea>>,
) {
    let Ok(area) = area.single() else { return };
    if !touring.is_changed() && !tours.is_changed() {
        return;
    }
    commands.entity(area).despawn_related::<Children>();
    let mut children = Vec::new();
    let row = |commands: &mut Commands, buttons: Vec<Entity>| {
        let row = commands.spawn(Node { flex_wrap: FlexWrap::Wrap, flex_shrink: 0.0, ..default() }).id();
        commands.entity(row).add_children(&buttons);
        row
    };
    if let Some((t, s)) = touring.at
        && let Some(tour) = tours.0.get(t)
        && let Some(step) = tour.steps.get(s)
    {
        let title = format!("Tour: {} (step {} of {})", tour.file.title, s + 1, tour.steps.len());
        children.push(commands.spawn(label(title, 15.0, TEXT)).id());
        children.push(commands.spawn(label(step.text.clone(), 13.0, TEXT)).id());
        // Next and back are the Learn tab's "Next step (N)" and "Step back (P)" above.
        let end = order(&mut commands, "End tour", TourCommand::Close);
        children.push(row(&mut commands, vec![end]));
    } else if touring.list {
        children.push(commands.spawn(label("Guided tours", 15.0, TEXT)).id());
        let buttons = tours
            .0
            .iter()
            .enumerate()
            .map(|(i, tour)| {
                order(&mut commands, format!("{} ({} steps)", tour.file.title, tour.steps.len()), TourCommand::Open(i))
            })
            .collect();
        children.push(row(&mut commands, buttons));
        children.push(commands.spawn(label("N and P step through a tour.", 12.0, DIM)).id());
    }
    commands.entity(area).add_children(&children);
}

//! The seam and cone-point atlas as a state ([`AtlasView`]: key A, the panel's "Atlas (A)"): while
//! it is open, picks pin cells instead of moving pieces, and the pinned cell is [`AtlasPin`],
//! which exists only then. `features::atlas` draws and explains what it shows.

use crate::state::commands::{Command, View, toggled};
use crate::state::messages::CellPicked;
use crate::state::mode::AtlasView;
use bevy::prelude::*;
use surface_chess_rules::Cell;

/// The cell a click pinned while the atlas is open: its seams stay shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AtlasPin(pub Option<Cell>);

/// The atlas's pins.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AtlasView::Open), |mut commands: Commands| commands.init_resource::<AtlasPin>())
        .add_systems(OnExit(AtlasView::Open), |mut commands: Commands| commands.remove_resource::<AtlasPin>())
        .add_systems(Update, (toggle_atlas, pin_cells).in_set(crate::schedule::AppSystems::Rules));
}

/// The atlas's button and key open and close it.
fn toggle_atlas(
    mut commands: MessageReader<Command>,
    view: Res<State<AtlasView>>,
    mut next: ResMut<NextState<AtlasView>>,
) {
    if toggled(&mut commands, View::Atlas) {
        next.set(if *view.get() == AtlasView::Open { AtlasView::Closed } else { AtlasView::Open });
    }
}

/// A click pins a cell, or unpins the pinned one.
fn pin_cells(mut picks: MessageReader<CellPicked>, pin: Option<ResMut<AtlasPin>>) {
    // Only while open (the pin exists only then); every pick is read, so none waits.
    let Some(mut pin) = pin else {
        picks.clear();
        return;
    };
    for &CellPicked(cell) in picks.read() {
        pin.0 = if pin.0 == Some(cell) { None } else { Some(cell) };
    }
}

//! The panel's buttons as the tests use them: found by label, enabled or not, pressed.

use bevy::prelude::*;
use bevy::ui::InteractionDisabled;
use surface_chess::ui::button::{Activate, ButtonLabel};

/// The one button with this label.
pub fn find(app: &mut App, label: &str) -> Entity {
    let mut q = app.world_mut().query::<(Entity, &ButtonLabel)>();
    let found: Vec<Entity> = q.iter(app.world()).filter(|(_, l)| l.0 == label).map(|(e, _)| e).collect();
    assert_eq!(found.len(), 1, "one '{label}' button");
    found[0]
}

/// Whether the button with this label can be used.
pub fn enabled(app: &mut App, label: &str) -> bool {
    let e = find(app, label);
    !app.world().entity(e).contains::<InteractionDisabled>()
}

/// Activates the button with this label (as a click does, enabled or not) and runs two frames:
/// the one that carries out its command, and the next, where a mode it changed is entered.
pub fn activate(app: &mut App, label: &str) {
    let entity = find(app, label);
    app.world_mut().trigger(Activate { entity });
    app.update();
    app.update();
}

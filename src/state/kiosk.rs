//! Kiosk mode (`--kiosk`): for an exhibition floor. After a while without input the exhibition
//! starts; the first touch, click or key stops it and gives the visitor a fresh game on the board
//! on show. The window fills the screen (see `build_app`).

use crate::state::exhibition::PlayerInput;
use crate::state::game::{CurrentGame, Notice};
use crate::state::mode::{AppMode, ModeSwitch};
use bevy::prelude::*;
use surface_chess_rules::Game;

/// Kiosk settings: seconds without input before the exhibition starts.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Kiosk {
    /// Idle seconds before the exhibition.
    pub idle_seconds: f32,
}

/// Idle timer and hand-back for kiosks. Runs before the exhibition's own hand-back, so that it
/// sees the exhibition that the input ends.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_when_idle.in_set(crate::schedule::AppSystems::Input).before(crate::state::exhibition::ExhibitionSystems),
    );
}

fn start_when_idle(
    time: Res<Time>,
    kiosk: Option<Res<Kiosk>>,
    input: PlayerInput,
    mut mode: ModeSwitch,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    mut idle: Local<f32>,
) {
    let Some(kiosk) = kiosk else { return };
    let exhibition = mode.get() == AppMode::Exhibition;
    if input.any() {
        *idle = 0.0;
        if exhibition {
            // A visitor: a fresh game on this board (the exhibition's hand-back follows).
            let variant = current.variant();
            current.replace(Game::new(variant));
            notice.say("your game: click a piece to move it");
        }
        return;
    }
    *idle += time.delta_secs();
    if *idle >= kiosk.idle_seconds && !exhibition {
        mode.set(AppMode::Exhibition);
        if current.plies() > 0 || current.game.outcome().is_some() {
            let variant = current.variant();
            current.replace(Game::new(variant));
        }
        notice.say("exhibition: touch or press a key to play");
    }
}

//! The app's headless tests, in one test binary (each binary links Bevy: one link instead of
//! seven). `MinimalPlugins` plus the app's own plugins, driven by the messages and events a
//! player's clicks and keys send.

mod buttons;
mod chart;
mod compare;
mod cutaway;
mod explore;
mod facing;
mod fits;
mod follow;
mod font;
mod gestures;
mod hostile_server;
mod lan;
mod lessons;
mod levels;
mod modes;
mod online;
mod panel;
mod persist;
mod pieces;
mod play;
mod teach;
mod threats;
mod tours;
mod transitions;
mod unrolled;

use bevy::prelude::*;
use surface_chess::scene::sheet::CellSheet;
use surface_chess_rules::Cell;

/// The app's logic on `game` with drawing `plugins` but no renderer (meshes and materials are
/// plain assets), each frame `step` long; two frames have run.
pub fn drawing_app(game: surface_chess_rules::Game, step: std::time::Duration, plugins: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), surface_chess::logic_plugin))
        .init_asset::<Mesh>()
        .init_asset::<surface_chess::scene::flat::FlatMaterial>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(surface_chess::state::game::CurrentGame::from_game(game))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
    plugins(&mut app);
    app.update();
    app.update();
    app
}

/// The colour a cell of the surface is drawn in: read back from the sheet that draws it.
pub fn drawn_colour(app: &mut App, cell: Cell) -> Option<LinearRgba> {
    let mut sheets = app.world_mut().query::<(&CellSheet, &Mesh3d)>();
    let meshes = app.world().resource::<Assets<Mesh>>();
    sheets.iter(app.world()).find_map(|(sheet, mesh)| sheet.colour(meshes.get(&mesh.0)?, cell))
}

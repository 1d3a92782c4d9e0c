//! The app's headless tests, in one test binary (each binary links Bevy: one link instead of
//! seven). `MinimalPlugins` plus the app's own plugins, driven by the messages and events a
//! player's clicks and keys send.

mod buttons;
mod chart;
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
mod transitions;
mod unrolled;

use bevy::prelude::*;
use surface_chess::scene::sheet::CellSheet;
use surface_chess_rules::Cell;

/// The colour a cell of the surface is drawn in: read back from the sheet that draws it.
pub fn drawn_colour(app: &mut App, cell: Cell) -> Option<LinearRgba> {
    let mut sheets = app.world_mut().query::<(&CellSheet, &Mesh3d)>();
    let meshes = app.world().resource::<Assets<Mesh>>();
    sheets.iter(app.world()).find_map(|(sheet, mesh)| sheet.colour(meshes.get(&mesh.0)?, cell))
}

//! `surface-chess`: play chess on the Möbius strip, the Klein bottle, the double torus, the
//! Endless strip or the flat board.

use clap::Parser;
use std::process::ExitCode;
use surface_chess::cli::Options;

fn main() -> ExitCode {
    // A bad flag prints what is wrong and the usage, and exits with code 2.
    let options = Options::parse();
    if let Some(variant) = options.mesh_stats {
        println!("{}", surface_chess::scene::surface::mesh_stats(variant));
        return ExitCode::SUCCESS;
    }
    match surface_chess::build_app(&options) {
        Ok(mut app) => match app.run() {
            bevy::app::AppExit::Success => ExitCode::SUCCESS,
            bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
        },
        Err(message) => {
            eprintln!("surface-chess: {message}");
            ExitCode::from(2)
        }
    }
}

//! `surface-chess`: play chess on the Möbius strip, the Klein bottle, the double torus, the
//! Endless strip or the flat board.

use std::process::ExitCode;
use surface_chess::cli::{Options, USAGE};

fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("surface-chess: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
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

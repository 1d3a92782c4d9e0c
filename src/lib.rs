//! Surface Chess, the app: the rules crate's boards embedded in space, played directly on the
//! surface or on the flat chart beside it. The app draws, picks and asks the rules; it never
//! decides legality.

pub mod animate;
pub mod board;
pub mod camera;
pub mod capture;
pub mod chart;
pub mod cli;
pub mod exhibition;
pub mod flat;
pub mod font;
pub mod glyphs;
pub mod keyboard;
pub mod layout;
pub mod opponent;
pub mod panel;
pub mod persist;
pub mod pieces;
pub mod play;
pub mod surface;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use cli::Options;
use persist::{Autosave, Resume};
use play::Play;
use surface_chess_rules::Variant;

/// The order of the app's work each frame: the rules act on input, the board is (re)built, then
/// everything shown follows the state.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys and buttons become picks and commands.
    Input,
    /// Picks, choices and panel commands change the game.
    Rules,
    /// The board is rebuilt when the variant changes.
    Build,
    /// Highlights, pieces, chart and panel follow the game.
    Show,
}

/// The logic without rendering: the game, input handling and saving. Headless tests run this
/// with `MinimalPlugins`.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(Update, (AppSystems::Input, AppSystems::Rules, AppSystems::Build, AppSystems::Show).chain())
        .add_plugins((play::plugin, persist::plugin, opponent::plugin, exhibition::plugin));
}

/// The game to start with, and a note for the player: `--load`, else `--variant`, else the
/// autosave (a corrupt one is kept aside), else Möbius.
pub fn starting_play(options: &Options, autosave: Option<&std::path::Path>) -> Result<Play, String> {
    if let Some(path) = &options.load {
        let mut play = Play::from_game(persist::load_game(path)?);
        play.note = format!("loaded {}", path.display());
        return Ok(play);
    }
    if let Some(v) = options.variant {
        return Ok(Play::new(v));
    }
    match autosave.map(persist::resume) {
        Some(Resume::Game(game)) => {
            let mut play = Play::from_game(game);
            play.note = "resumed the autosaved game".into();
            Ok(play)
        }
        Some(Resume::Corrupt { error, kept }) => {
            let mut play = Play::new(Variant::Mobius);
            play.note = format!("the autosave could not be loaded ({error}); it was kept as {}", kept.display());
            Ok(play)
        }
        _ => Ok(Play::new(Variant::Mobius)),
    }
}

/// The whole app for these options.
pub fn build_app(options: &Options) -> Result<App, String> {
    let started = capture::Started(std::time::Instant::now());
    let autosave = if options.headless_run() { None } else { persist::default_autosave() };
    let play = starting_play(options, autosave.as_deref())?;
    let render_only = options.headless_run();
    let window = Window {
        title: "Surface Chess".into(),
        resolution: WindowResolution::new(options.size.0, options.size.1).with_scale_factor_override(1.0),
        present_mode: if render_only { PresentMode::AutoNoVsync } else { PresentMode::AutoVsync },
        ..default()
    };
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }),
        MeshPickingPlugin,
        flat::plugin,
        font::plugin,
    ))
    .insert_resource(play)
    .insert_resource(Autosave(autosave))
    .add_plugins((
        logic_plugin,
        board::plugin,
        pieces::plugin,
        chart::plugin,
        panel::plugin,
        camera::plugin,
        keyboard::plugin,
        animate::plugin,
    ))
    .add_plugins(capture::plugin);
    app.insert_resource(options.antialias).insert_resource(started);
    if options.demo {
        app.insert_resource(opponent::Opponent { exhibition: true, ..default() });
    }
    if let Some(path) = &options.screenshot {
        app.insert_resource(capture::ScreenshotPlan { path: path.clone(), frames: options.frames });
    }
    if let Some(frames) = options.bench_frames {
        app.insert_resource(capture::FrameBench { frames });
    }
    Ok(app)
}

//! Surface Chess, the app: the rules crate's boards embedded in space, played directly on the
//! surface or on the flat chart beside it. The app draws, picks and asks the rules; it never
//! decides legality.

pub mod capture;
pub mod cli;
pub mod features;
pub mod scene;
pub mod schedule;
pub mod state;
pub mod ui;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowMode, WindowResolution};
use cli::Options;
use schedule::AppSystems;
use state::game::{CurrentGame, Notice};
use state::persist::{Autosave, Resume};
use surface_chess_rules::Variant;

/// The logic without rendering: the game, input handling and saving. Headless tests run this
/// with `MinimalPlugins`.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (AppSystems::Input, AppSystems::Rules, AppSystems::Build, AppSystems::Show, AppSystems::Paint).chain(),
    )
    .add_plugins((
        state::mode::plugin,
        state::commands::plugin,
        state::game::plugin,
        state::play::plugin,
        state::persist::plugin,
        state::opponent::plugin,
        state::exhibition::plugin,
        state::kiosk::plugin,
        state::lessons::plugin,
        state::tours::plugin,
        state::atlas::plugin,
        state::online::plugin,
        features::explain::plugin,
        features::atlas::plugin,
        features::follow::orbit_plugin,
    ));
}

/// The game to start with, and a note for the player: `--load`, else `--variant`, else the
/// autosave (a corrupt one is kept aside), else Möbius.
pub fn starting_game(options: &Options, autosave: Option<&std::path::Path>) -> Result<(CurrentGame, Notice), String> {
    if let Some(path) = &options.load {
        let game = state::persist::load_game(path).map_err(|e| e.to_string())?;
        return Ok((CurrentGame::from_game(game), Notice(format!("loaded {}", path.display()))));
    }
    if let Some(v) = options.variant {
        return Ok((CurrentGame::new(v), Notice::default()));
    }
    let fresh = || CurrentGame::new(Variant::Mobius);
    Ok(match autosave.map(state::persist::resume) {
        Some(Resume::Game(game)) => (CurrentGame::from_game(game), Notice("resumed the autosaved game".into())),
        Some(Resume::Corrupt { error, kept }) => {
            (fresh(), Notice(format!("the autosave could not be loaded ({error}); it was kept as {}", kept.display())))
        }
        Some(Resume::Unreadable(error)) => (fresh(), Notice(format!("the autosave could not be read: {error}"))),
        Some(Resume::Nothing) | None => (fresh(), Notice::default()),
    })
}

/// Online play as the options set it up: the server, the name, the host's choices, and the
/// identity kept beside the autosave (a run without autosave uses one for this run only).
pub fn online_from(options: &Options, autosave: Option<&std::path::Path>) -> state::online::OnlineSettings {
    let identity = match autosave {
        Some(path) => state::online::IdentitySource::Kept(state::online::identity::beside(path)),
        None => state::online::IdentitySource::ThisRun,
    };
    // A watch link names its server.
    let linked = options.watch.as_ref().and_then(|w| w.server.as_deref());
    let server = linked.or(options.server.as_deref()).unwrap_or(state::online::DEFAULT_SERVER);
    let mut online = state::online::OnlineSettings::new(
        server,
        options.name.as_deref().unwrap_or(state::online::DEFAULT_NAME),
        identity,
    );
    online.host =
        state::online::HostSettings { side: options.side.into(), clock: options.clock, spectators: options.spectators };
    online.insecure = options.insecure;
    online
}

/// What the command line asks of the server at start: host, join, or just connect.
pub fn online_order(options: &Options) -> Option<state::online::OnlineCommand> {
    if options.host && options.lan {
        Some(state::online::OnlineCommand::HostNearby)
    } else if options.lan {
        Some(state::online::OnlineCommand::FindNearby)
    } else if options.host {
        Some(state::online::OnlineCommand::Host)
    } else if let Some(code) = &options.join {
        Some(state::online::OnlineCommand::Join(code.clone()))
    } else if let Some(watch) = &options.watch {
        Some(state::online::OnlineCommand::Open(watch.game))
    } else {
        options.server.as_ref().map(|_| state::online::OnlineCommand::Connect)
    }
}

/// The whole app for these options.
pub fn build_app(options: &Options) -> Result<App, String> {
    let started = capture::Started(std::time::Instant::now());
    let autosave = if options.headless_run() { None } else { state::persist::default_autosave() };
    let (current, notice) = starting_game(options, autosave.as_deref())?;
    let render_only = options.headless_run();
    let (width, height) = options.size.unwrap_or(scene::window::DEFAULT_SIZE);
    let window = Window {
        title: "Surface Chess".into(),
        resolution: WindowResolution::new(width, height),
        present_mode: if render_only { PresentMode::AutoNoVsync } else { PresentMode::AutoVsync },
        mode: if options.kiosk {
            WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Primary)
        } else {
            WindowMode::Windowed
        },
        ..default()
    };
    let cell = |flag: &str, text: &Option<String>| -> Result<Option<surface_chess_rules::Cell>, String> {
        let Some(text) = text else { return Ok(None) };
        let complex = current.game.position().complex();
        complex.parse_cell(text).map(Some).ok_or_else(|| {
            format!("{flag} {} is not a cell of the {} board", surface_chess_rules::Quoted(text), current.variant())
        })
    };
    let library = match &options.lessons {
        Some(dir) => {
            let (library, problems) = state::lessons::library::from_dir(dir);
            if library.0.is_empty() {
                return Err(problems.join("; "));
            }
            for problem in problems {
                warn!("{problem}");
            }
            library
        }
        None => state::lessons::library::built_in(),
    };
    let lesson = match &options.lesson {
        Some(id) => Some(library.0.iter().position(|l| l.id() == id).ok_or_else(|| {
            format!(
                "--lesson: no lesson {} (the ids are the file names without .json)",
                surface_chess_rules::Quoted(id)
            )
        })?),
        None => None,
    };
    let progress =
        autosave.as_deref().map(|a| state::lessons::progress::Progress::load(state::lessons::progress::beside(a)));
    let online = online_from(options, autosave.as_deref());
    let selected = cell("--select", &options.select)?;
    let pointed = cell("--point", &options.point)?;
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }),
        MeshPickingPlugin,
        scene::flat::plugin,
        ui::font::plugin,
    ))
    .insert_resource(current)
    .insert_resource(notice)
    .insert_resource(library)
    .insert_resource(Autosave(autosave))
    .insert_resource(UiScale(options.ui_scale))
    .insert_resource(state::exhibition::Pace(options.pace))
    .add_plugins((
        logic_plugin,
        scene::board::plugin,
        scene::pieces::plugin,
        scene::chart::plugin,
        features::unrolled::plugin,
        features::unrolled::camera_plugin,
        ui::panel::plugin,
        ui::button::plugin,
        scene::camera::plugin,
        ui::keyboard::plugin,
        scene::animate::plugin,
        scene::window::plugin,
        features::follow::plugin,
        features::rays::plugin,
        features::atlas::drawing_plugin,
    ))
    .add_plugins((
        scene::quality::plugin,
        features::levels::plugin,
        features::check_ring::plugin,
        features::threats::plugin,
        features::cutaway::plugin,
        scene::facing::plugin,
        features::cell_look::plugin,
        capture::plugin,
        features::compare::plugin,
        features::compare::drawing_plugin,
        features::tour_view::plugin,
    ));
    app.insert_resource(options.msaa).insert_resource(options.quality).insert_resource(started);
    app.insert_resource(features::rays::ShowRays(!options.no_rays))
        .insert_resource(features::unrolled::Unrolled(options.unrolled))
        .insert_resource(features::compare::Compare(options.compare))
        .insert_resource(state::selection::Selection { selected, ..default() })
        .insert_resource(state::selection::Hovered(pointed));
    if let Some(progress) = progress {
        app.insert_resource(progress);
    }
    if let Some(index) = lesson {
        app.world_mut().write_message(state::lessons::LessonCommand::Open(index));
    }
    app.insert_resource(online);
    app.insert_resource(state::online::OnlineMenu(
        options.server.is_some() || options.host || options.lan || options.join.is_some() || options.watch.is_some(),
    ));
    if let Some(order) = online_order(options) {
        app.world_mut().write_message(order);
    }
    if options.size.is_some() || options.kiosk {
        app.insert_resource(scene::window::KeepSize);
    }
    if options.atlas {
        app.world_mut().resource_mut::<NextState<state::mode::AtlasView>>().set(state::mode::AtlasView::Open);
    }
    if options.demo {
        app.world_mut().resource_mut::<NextState<state::mode::AppMode>>().set(state::mode::AppMode::Exhibition);
    }
    if options.kiosk {
        app.insert_resource(state::kiosk::Kiosk { idle_seconds: options.idle });
    }
    if let Some(path) = &options.screenshot {
        app.insert_resource(capture::ScreenshotPlan { path: path.clone(), frames: options.frames });
    }
    if let Some(frames) = options.bench_frames {
        app.insert_resource(capture::FrameBench { frames });
    }
    Ok(app)
}

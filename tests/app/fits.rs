//! The panel fits the window, headless: Bevy's UI layout (with the UI font measuring the text)
//! computed for a window of 1366×768, 1920×1080, 1920×1080 at `--ui-scale 1.5` and 1366×768 at a
//! scale factor of 2. On every tab, in setup and with a lesson or an online game open, the panel
//! below the chart needs no scrolling, every button and field outside the scrolling boxes (the
//! move list, the lesson, the lobby) lies inside it, uncut, and the move list and the lesson keep
//! rows enough to read.

use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui::{ComputedNode, OverflowAxis, UiGlobalTransform};
use surface_chess::features::explain::Explained;
use surface_chess::scene::layout::{CHART_HEIGHT, chart_height};
use surface_chess::state::game::{CurrentGame, Notice};
use surface_chess::state::lessons::LessonCommand;
use surface_chess::state::lessons::library::Library;
use surface_chess::state::mode::ComputerLevel;
use surface_chess::state::online::{IdentitySource, Lobby, OnlineSettings, OpenGame};
use surface_chess::ui::button::{self, ButtonLabel};
use surface_chess::ui::panel::{self, ChartArea, LessonArea, MoveList, Page, PanelBody};
use surface_chess::ui::tabs::{PanelTab, Tab};
use surface_chess::{logic_plugin, scene::chart};
use surface_chess_rules::Variant;
use surface_chess_rules::engine::Level;

/// A window: its logical size, the system's scale factor and `--ui-scale`.
#[derive(Clone, Copy, Debug)]
struct Size {
    width: f32,
    height: f32,
    scale_factor: f32,
    ui_scale: f32,
}

const WINDOWS: [Size; 4] = [
    Size { width: 1366.0, height: 768.0, scale_factor: 1.0, ui_scale: 1.0 },
    Size { width: 1920.0, height: 1080.0, scale_factor: 1.0, ui_scale: 1.0 },
    Size { width: 1920.0, height: 1080.0, scale_factor: 1.0, ui_scale: 1.5 },
    Size { width: 1366.0, height: 768.0, scale_factor: 2.0, ui_scale: 1.0 },
];

/// The least height of the move list: two rows of moves.
const MOVE_ROWS: f32 = 56.0;

/// The least height of a lesson's box (unless the lesson is shorter): six lines of its text.
const LESSON_LINES: f32 = 100.0;

/// The panel app with Bevy's UI layout and text, drawing into a window of this size.
fn laid_out(window: Size, variant: Variant) -> App {
    laid_out_with(window, variant, OnlineSettings::default())
}

/// The same, with these online settings.
fn laid_out_with(window: Size, variant: Variant, online: OnlineSettings) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
        bevy::image::TextureAtlasPlugin,
        bevy::window::WindowPlugin {
            primary_window: None,
            exit_condition: bevy::window::ExitCondition::DontExit,
            ..default()
        },
        bevy::input::InputPlugin,
        bevy::picking::DefaultPickingPlugins,
        bevy::text::TextPlugin,
        bevy::ui::UiPlugin,
        logic_plugin,
    ))
    .add_plugins(surface_chess::ui::font::plugin)
    .init_resource::<chart::Flipped>()
    .init_resource::<surface_chess::scene::board::ShowLabels>()
    .init_resource::<surface_chess::features::follow::FollowGame>()
    .add_message::<surface_chess::scene::camera::ResetCamera>()
    .insert_resource(CurrentGame::new(variant))
    .insert_resource(UiScale(window.ui_scale))
    .insert_resource(online)
    .add_plugins((panel::plugin, button::plugin));
    let physical =
        UVec2::new((window.width * window.scale_factor) as u32, (window.height * window.scale_factor) as u32);
    app.world_mut().spawn((
        Camera2d,
        Camera {
            computed: ComputedCameraValues {
                target_info: Some(RenderTargetInfo { physical_size: physical, scale_factor: window.scale_factor }),
                ..default()
            },
            ..default()
        },
    ));
    settle(&mut app);
    app
}

/// Enough frames for the layout, the chart's height it decides and the layout again.
fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

/// An entity's rectangle in logical pixels.
fn rect(app: &App, entity: Entity) -> Rect {
    let world = app.world();
    let node = world.get::<ComputedNode>(entity).expect("a UI node");
    let centre = world.get::<UiGlobalTransform>(entity).expect("laid out").translation;
    let scale = node.inverse_scale_factor();
    Rect::from_center_size(centre * scale, node.size() * scale)
}

/// Whether `entity` and every node above it is displayed.
fn displayed(app: &App, entity: Entity) -> bool {
    let world = app.world();
    let mut at = Some(entity);
    while let Some(e) = at {
        if world.get::<Node>(e).is_some_and(|n| n.display == Display::None) {
            return false;
        }
        at = world.get::<ChildOf>(e).map(ChildOf::parent);
    }
    true
}

/// Whether a node above `entity` (below the panel's body) scrolls.
fn in_scrolling_box(app: &App, entity: Entity, body: Entity) -> bool {
    let world = app.world();
    let mut at = world.get::<ChildOf>(entity).map(ChildOf::parent);
    while let Some(e) = at.filter(|&e| e != body) {
        if world.get::<Node>(e).is_some_and(|n| n.overflow.y == OverflowAxis::Scroll) {
            return true;
        }
        at = world.get::<ChildOf>(e).map(ChildOf::parent);
    }
    false
}

fn single<T: Component>(app: &mut App) -> Entity {
    app.world_mut().query_filtered::<Entity, With<T>>().single(app.world()).expect("one")
}

/// Checks the panel as it is now; `what` names the state. Returns the move list's height.
fn check(app: &mut App, window: Size, what: &str) -> f32 {
    let body = single::<PanelBody>(app);
    let logical_height = window.height / window.ui_scale;
    let chart = single::<ChartArea>(app);
    let chart = rect(app, chart);
    assert!(
        (chart.height() - chart_height(logical_height)).abs() < 0.5,
        "{window:?} {what}: the chart's place is {} high",
        chart.height()
    );
    let node = app.world().get::<ComputedNode>(body).unwrap();
    let (content, size) = (node.content_size.y, node.size.y);
    assert!(content <= size + 0.5, "{window:?} {what}: the panel needs scrolling ({content} in {size} pixels)");
    let inside = rect(app, body);
    let shown = app.world().resource::<PanelTab>().0;
    let page = app
        .world_mut()
        .query::<(Entity, &Page)>()
        .iter(app.world())
        .find(|(_, p)| p.0 == shown)
        .map(|(e, _)| e)
        .expect("the page on show");
    let page = rect(app, page);
    let mut controls: Vec<(Entity, String)> =
        app.world_mut().query::<(Entity, &ButtonLabel)>().iter(app.world()).map(|(e, l)| (e, l.0.clone())).collect();
    let fields: Vec<Entity> =
        app.world_mut().query_filtered::<Entity, With<EditableText>>().iter(app.world()).collect();
    controls.extend(fields.into_iter().map(|e| (e, "a text field".to_owned())));
    let mut seen = 0;
    for (control, name) in controls {
        if !displayed(app, control) || in_scrolling_box(app, control, body) {
            continue;
        }
        seen += 1;
        let r = rect(app, control);
        let within = |outer: Rect| r.min.cmpge(outer.min - 0.5).all() && r.max.cmple(outer.max + 0.5).all();
        assert!(within(inside), "{window:?} {what}: '{name}' at {r:?} is outside the panel {inside:?}");
        if page.contains(r.center()) {
            assert!(within(page), "{window:?} {what}: '{name}' at {r:?} is cut by its page {page:?}");
        }
    }
    assert!(seen >= 6, "{window:?} {what}: the tabs at least are shown ({seen} controls)");
    let moves = single::<MoveList>(app);
    rect(app, moves).height()
}

/// Shows `tab` and checks the panel.
fn check_tab(app: &mut App, window: Size, tab: Tab, what: &str) -> f32 {
    app.insert_resource(PanelTab(tab));
    settle(app);
    check(app, window, &format!("{} tab{what}", tab.name()))
}

#[test]
fn every_tab_fits_at_the_four_sizes() {
    for window in WINDOWS {
        let mut app = laid_out(window, Variant::Chess);
        for tab in Tab::ALL {
            let moves = check_tab(&mut app, window, tab, "");
            assert!(moves >= MOVE_ROWS, "{window:?} {}: the move list is {moves} high", tab.name());
        }
    }
}

#[test]
fn a_tall_window_keeps_the_whole_chart() {
    let window = WINDOWS[1];
    let mut app = laid_out(window, Variant::Chess);
    let chart = single::<ChartArea>(&mut app);
    let chart = rect(&app, chart);
    assert_eq!(chart.height(), CHART_HEIGHT);
    assert!(chart_height(720.0) < CHART_HEIGHT, "a short window shrinks it");
}

#[test]
fn setup_and_lessons_fit_at_the_four_sizes() {
    for window in WINDOWS {
        let mut app = laid_out(window, Variant::Chess);
        crate::buttons::activate(&mut app, "Set up");
        for tab in Tab::ALL {
            check_tab(&mut app, window, tab, " while setting up");
        }
        crate::buttons::activate(&mut app, "Cancel setup");
        crate::buttons::activate(&mut app, "Lessons");
        check_tab(&mut app, window, Tab::Learn, " with the lesson list");
        let lessons = app.world().resource::<Library>().0.len();
        for i in 0..lessons {
            app.world_mut().write_message(LessonCommand::Open(i));
            settle(&mut app);
            let moves = check(&mut app, window, &format!("lesson {i}"));
            let area = single::<LessonArea>(&mut app);
            let node = app.world().get::<ComputedNode>(area).unwrap();
            let scale = node.inverse_scale_factor();
            let (shown, content) = (node.size.y * scale, node.content_size.y * scale);
            assert!(
                shown >= content.min(LESSON_LINES) - 0.5 && moves >= MOVE_ROWS,
                "{window:?} lesson {i}: {shown} of its {content} pixels shown, the move list {moves} high"
            );
        }
    }
}

#[test]
fn an_online_game_fits_at_the_four_sizes() {
    let server = crate::online::Server::start();
    for window in WINDOWS {
        let online = OnlineSettings::new(&server.url(), "Alice", IdentitySource::ThisRun);
        let mut app = laid_out_with(window, Variant::Chess, online);
        crate::buttons::activate(&mut app, "Online");
        check(&mut app, window, "the online menu");
        crate::buttons::activate(&mut app, "Host");
        crate::online::until(&mut app, "the hosted game is open with its invite", |a| {
            let world = a.world();
            let lobby = world.resource::<Lobby>();
            world.get_resource::<OpenGame>().and_then(|o| o.known(lobby)).is_some_and(|k| k.state.invite.is_some())
        });
        settle(&mut app);
        assert_eq!(app.world().resource::<PanelTab>().0, Tab::Online, "an online game shows its tab");
        check(&mut app, window, "a hosted game");
    }
}

/// Every displayed button's label and place, by label.
fn button_places(app: &mut App) -> Vec<(String, Rect)> {
    let buttons: Vec<(Entity, String)> =
        app.world_mut().query::<(Entity, &ButtonLabel)>().iter(app.world()).map(|(e, l)| (e, l.0.clone())).collect();
    let mut places: Vec<(String, Rect)> =
        buttons.into_iter().filter(|&(e, _)| displayed(app, e)).map(|(e, name)| (name, rect(app, e))).collect();
    places.sort_by(|a, b| a.0.cmp(&b.0));
    places
}

/// Checks that the buttons shown now are those shown `before`, each in the same place.
fn assert_unmoved(app: &mut App, before: &[(String, Rect)], what: &str) {
    let now = button_places(app);
    let names = |places: &[(String, Rect)]| places.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(before), names(&now), "{what}: the same buttons are shown");
    for ((name, was), (_, is)) in before.iter().zip(&now) {
        assert!(
            was.min.distance(is.min) < 0.5 && was.size().distance(is.size()) < 0.5,
            "{what}: '{name}' moved from {was:?} to {is:?}"
        );
    }
}

#[test]
fn the_buttons_stay_put_while_the_status_wraps_a_notice_appears_and_the_level_changes() {
    for window in WINDOWS {
        let mut app = laid_out(window, Variant::Klein);
        app.insert_resource(PanelTab(Tab::Opponent));
        settle(&mut app);
        let before = button_places(&mut app);
        assert!(before.iter().any(|(name, _)| name == "Level +"), "{window:?}: the Opponent tab is on show");
        let unmoved = |app: &mut App, what: &str| {
            settle(app);
            assert_unmoved(app, &before, &format!("{window:?} {what}"));
        };
        // Against the computer the status names it and its level, two lines on the Klein bottle.
        crate::buttons::activate(&mut app, "You White vs computer");
        unmoved(&mut app, "against the computer");
        // Each level's words, short and long, and the notice naming it.
        for _ in 0..Level::ALL.len() {
            crate::buttons::activate(&mut app, "Level +");
            let level = app.world().resource::<ComputerLevel>().0;
            unmoved(&mut app, &format!("at {level:?}"));
        }
        assert!(!app.world().resource::<Notice>().0.is_empty(), "a level change is noticed");
        for _ in 0..Level::ALL.len() {
            crate::buttons::activate(&mut app, "Level -");
            let level = app.world().resource::<ComputerLevel>().0;
            unmoved(&mut app, &format!("at {level:?}"));
        }
    }
}

#[test]
fn the_setup_buttons_stay_put_while_the_setup_changes() {
    for window in WINDOWS {
        let mut app = laid_out(window, Variant::Klein);
        crate::buttons::activate(&mut app, "Set up");
        settle(&mut app);
        let before = button_places(&mut app);
        assert!(before.iter().any(|(name, _)| name == "Start game"), "{window:?}: setting up");
        // Each brush, a pawn's facing and double step, the side to move, an illegal position
        // (its reason said) and the initial one again.
        let presses = ["Black", "K", "P", "Facing ↑↓", "Double step", "Side to move", "Castle q", "Clear", "Initial"];
        for press in presses {
            crate::buttons::activate(&mut app, press);
            settle(&mut app);
            assert_unmoved(&mut app, &before, &format!("{window:?} after {press}"));
        }
    }
}

#[test]
fn the_buttons_stay_put_while_an_explanation_comes_and_goes() {
    // Two lines at every size: what a selected queen's hover explains on genus two.
    let text = "Why not? The white queen on I:e2 never reaches II:d4, even on an empty board.";
    for window in WINDOWS {
        let mut app = laid_out(window, Variant::Genus2);
        for tab in Tab::ALL {
            app.insert_resource(PanelTab(tab));
            settle(&mut app);
            let before = button_places(&mut app);
            app.world_mut().resource_mut::<Explained>().text = text.to_owned();
            settle(&mut app);
            // The Online tab's page leaves no room for it below 800 logical pixels of height: there
            // the explanation's room has given way, and the panel still fits with it shown.
            let room = tab != Tab::Online || window.height / window.ui_scale > 800.0;
            if room {
                assert_unmoved(&mut app, &before, &format!("{window:?} {} tab, explained", tab.name()));
            }
            check(&mut app, window, &format!("{} tab, explained", tab.name()));
            app.world_mut().resource_mut::<Explained>().text.clear();
            settle(&mut app);
            assert_unmoved(&mut app, &before, &format!("{window:?} {} tab, the explanation gone", tab.name()));
        }
    }
}

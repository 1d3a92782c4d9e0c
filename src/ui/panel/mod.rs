//! The side panel, one file per section: the rows of new games and of the command table
//! (`table_rows`), the status and explanation (`status_view`, words in `status`), the online
//! section (`online_view`), the lessons (`lesson_view`), the chooser, the setup controls
//! (`setup_row`), saving and loading (`files`) and the move list (`moves`). Buttons send commands
//! and messages; what they change is carried out where it lives.

mod chooser;
mod files;
mod lesson_view;
mod moves;
mod online_view;
mod row;
mod scroll;
mod setup_row;
mod status;
mod status_view;
mod table_rows;
mod turn;

pub use files::PathBox;
pub use moves::MoveList;
pub use online_view::{
    ClockText, CodeField, GameText, InviteText, LinkText, LobbyArea, NameField, OnlineErrorText, OnlineFacts,
    ServerField, clock_words, game_words, grouped, lobby_words,
};
pub use status::{Status, move_entries};
pub use turn::{SWATCH, TakenText, TurnSwatch, taken, taken_words};

use crate::scene::layout::{CHART_HEIGHT, DIM, PANEL_BG, PANEL_WIDTH, TEXT, label};
use crate::state::online::{OnlineSettings, OnlineSystems};
use bevy::prelude::*;
use scroll::{WheelScrolls, scroll_with_wheel};
use status_view::SeamNote;

/// The panel.
pub fn plugin(app: &mut App) {
    app.add_plugins(crate::ui::tips::plugin).add_systems(Startup, spawn_panel).add_systems(
        Update,
        (
            online_view::take_fields.before(OnlineSystems).in_set(crate::schedule::AppSystems::Input),
            (
                table_rows::update_buttons,
                status_view::show_status,
                status_view::show_explained,
                lesson_view::show_lessons,
                chooser::show_chooser,
                moves::show_moves,
                setup_row::show_setup,
                online_view::update_online_buttons,
                online_view::show_online_parts,
                online_view::show_online_texts,
                online_view::show_host_choices,
                online_view::show_lobby,
                table_rows::hide_offline_rows,
                crate::ui::toggles::show_toggles,
                turn::show_turn,
            )
                .in_set(crate::schedule::AppSystems::Show),
        ),
    );
}

fn spawn_panel(mut commands: Commands, online: Option<Res<OnlineSettings>>) {
    // The column's top is left unpainted: the chart view's camera draws there.
    let column = commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(0),
                width: px(PANEL_WIDTH),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id();
    commands.entity(column).with_children(|c| {
        c.spawn((
            // The chart view's place: never squeezed by a long move list below.
            Node { height: px(CHART_HEIGHT), flex_shrink: 0.0, padding: UiRect::all(px(6)), ..default() },
            Pickable::IGNORE,
            children![(label("", 11.0, DIM), SeamNote, Pickable::IGNORE)],
        ));
    });
    // Below the chart: everything else, scrolled by the wheel when the window is too short.
    let body = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                min_height: px(0),
                overflow: Overflow::scroll_y(),
                padding: UiRect::all(px(8)),
                row_gap: px(4),
                ..default()
            },
            BackgroundColor(PANEL_BG),
            ScrollPosition::default(),
            WheelScrolls,
        ))
        .observe(scroll_with_wheel)
        .id();
    commands.entity(column).add_child(body);
    let title = commands.spawn(label("Surface Chess", 18.0, TEXT)).id();
    commands.entity(body).add_child(title);
    table_rows::spawn_boards(&mut commands, body);
    status_view::spawn_status(&mut commands, body);
    let fallback = OnlineSettings::default();
    online_view::spawn_online_section(&mut commands, body, online.as_deref().unwrap_or(&fallback));
    lesson_view::spawn_lesson_area(&mut commands, body);
    chooser::spawn_chooser(&mut commands, body);
    table_rows::spawn_play_rows(&mut commands, body);
    setup_row::spawn_setup_row(&mut commands, body);
    table_rows::spawn_views(&mut commands, body);
    files::spawn_files(&mut commands, body);
    moves::spawn_moves(&mut commands, body);
}

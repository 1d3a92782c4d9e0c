//! The side panel: under the chart's place, a header (the title and the pieces taken, the status
//! and its turn swatch, the explanation, and the chooser and setup controls when they are needed),
//! the tab bar and the chosen tab's page, and the move list filling the rest. One file per part:
//! the header's lines (`status_view`, words in `status`, `turn`), the chooser, the setup controls
//! (`setup_row`), the tabs (`tab_bar`), the command table's rows and the boards (`table_rows`),
//! the lessons (`lesson_view`), the online section (`online_view`, on this network `nearby_view`), saving and loading (`files`)
//! and the move list (`moves`). Buttons send commands and messages; what they change is carried
//! out where it lives.

mod chooser;
mod files;
mod lesson_view;
mod moves;
mod nearby_view;
mod online_view;
mod row;
mod scroll;
mod setup_row;
mod status;
mod status_view;
mod tab_bar;
mod table_rows;
mod tour_view;
mod turn;

pub use files::PathBox;
pub use lesson_view::LessonArea;
pub use moves::MoveList;
pub use nearby_view::{HostingText, NearbyList, NearbyText, found_words};
pub use online_view::{
    ClockText, CodeField, GameText, InviteText, LinkText, LobbyArea, NameField, OnlineErrorText, OnlineFacts,
    ServerField, clock_words, game_words, grouped, lobby_words,
};
pub use status::{Status, move_entries};
pub use tab_bar::{Page, TabButton};
pub use turn::{SWATCH, TakenText, TurnSwatch, taken, taken_words};

use crate::scene::layout::{CHART_HEIGHT, DIM, PANEL_BG, PANEL_GAP, PANEL_WIDTH, chart_height, label};
use crate::state::online::{OnlineSettings, OnlineSystems};
use crate::ui::commands::TABLE;
use crate::ui::tabs::Tab;
use bevy::prelude::*;
use scroll::{WheelScrolls, scroll_with_wheel};
use status_view::SeamNote;

/// The panel.
pub fn plugin(app: &mut App) {
    app.add_plugins((crate::ui::tips::plugin, crate::ui::tabs::plugin)).add_systems(Startup, spawn_panel).add_systems(
        Update,
        (
            online_view::take_fields.before(OnlineSystems).in_set(crate::schedule::AppSystems::Input),
            (
                fit_chart_area,
                tab_bar::show_tab,
                table_rows::update_buttons,
                table_rows::show_board,
                table_rows::show_level,
                (status_view::show_status, status_view::show_seam_note),
                status_view::show_explained,
                (lesson_view::show_lessons, tour_view::show_tours),
                chooser::show_chooser,
                moves::show_moves,
                setup_row::show_setup,
                online_view::update_online_buttons,
                online_view::show_online_parts,
                online_view::show_online_texts,
                online_view::show_host_choices,
                online_view::show_lobby,
                nearby_view::show_nearby,
                nearby_view::show_server,
                crate::ui::toggles::show_toggles,
                turn::show_turn,
            )
                .in_set(crate::schedule::AppSystems::Show),
        ),
    );
}

/// The panel's column (the chart's place and the panel below it).
#[derive(Component)]
pub struct PanelColumn;

/// The chart's place at the top of the column.
#[derive(Component)]
pub struct ChartArea;

/// The panel below the chart.
#[derive(Component)]
pub struct PanelBody;

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
            PanelColumn,
        ))
        .id();
    commands.entity(column).with_children(|c| {
        c.spawn((
            // The chart view's place: never squeezed by a long move list below.
            Node { height: px(CHART_HEIGHT), flex_shrink: 0.0, padding: UiRect::all(px(6)), ..default() },
            Pickable::IGNORE,
            ChartArea,
            children![(label("", 11.0, DIM), SeamNote, Pickable::IGNORE)],
        ));
    });
    // Below the chart: the header, the tabs and the move list, made to fit the window (the wheel
    // scrolls it only in a window smaller than the panel is made for).
    let body = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                min_height: px(0),
                overflow: Overflow::scroll_y(),
                padding: UiRect::all(px(8)),
                row_gap: px(PANEL_GAP),
                ..default()
            },
            BackgroundColor(PANEL_BG),
            ScrollPosition::default(),
            WheelScrolls,
            PanelBody,
        ))
        .observe(scroll_with_wheel)
        .id();
    commands.entity(column).add_child(body);
    status_view::spawn_status(&mut commands, body);
    chooser::spawn_chooser(&mut commands, body);
    setup_row::spawn_setup_row(&mut commands, body);
    tab_bar::spawn_tab_bar(&mut commands, body);
    let fallback = OnlineSettings::default();
    for tab in Tab::ALL {
        let page = tab_bar::spawn_page(&mut commands, body, tab);
        if let Some((_, entries)) = TABLE.iter().find(|(t, _)| *t == tab) {
            table_rows::spawn_table_rows(&mut commands, page, entries);
        }
        match tab {
            Tab::Game => table_rows::spawn_boards(&mut commands, page),
            Tab::Learn => {
                tour_view::spawn_tour_area(&mut commands, page);
                lesson_view::spawn_lesson_area(&mut commands, page);
            }
            Tab::Online => {
                let section =
                    online_view::spawn_online_section(&mut commands, page, online.as_deref().unwrap_or(&fallback));
                nearby_view::spawn_nearby(&mut commands, section);
            }
            Tab::File => files::spawn_files(&mut commands, page),
            Tab::Opponent | Tab::View => {}
        }
    }
    moves::spawn_moves(&mut commands, body);
}

/// The chart's place takes the height the column leaves it ([`chart_height`]), as the chart
/// view's camera does.
fn fit_chart_area(
    columns: Query<&ComputedNode, (With<PanelColumn>, Changed<ComputedNode>)>,
    mut areas: Query<&mut Node, With<ChartArea>>,
) {
    let Ok(column) = columns.single() else { return };
    let height = px(chart_height(column.size().y * column.inverse_scale_factor()));
    for mut area in &mut areas {
        if area.height != height {
            area.height = height;
        }
    }
}

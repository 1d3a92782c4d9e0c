//! The side panel: new games on every board, the play mode and the computer's level, status, the
//! chooser, the move list (click a move to see the position after it), resign, draws, save and
//! load by path, view toggles. Every button has its own observer; [`PanelFacts`] decides which
//! buttons can be used.

mod lesson_view;
mod online_view;
mod setup_row;
mod status;

pub use online_view::{
    ClockText, CodeField, GameText, InviteText, LinkText, LobbyArea, NameField, OnlineErrorText, OnlineFacts,
    ServerField, clock_words, game_words, grouped, lobby_words,
};
pub use status::{Status, move_entries};

use crate::atlas::Atlas;
use crate::board::ShowLabels;
use crate::button::{Activate, EnabledWhen, button, enable_buttons};
use crate::camera::ResetCamera;
use crate::chart::{Flipped, seam_note};
use crate::current::{CurrentGame, Notice};
use crate::explain::Explained;
use crate::follow::FollowGame;
use crate::layout::{CHART_HEIGHT, DIM, PANEL_BG, PANEL_WIDTH, TEXT, label};
use crate::lessons::BrowserOpen;
use crate::levels::LevelView;
use crate::mode::{ComputerLevel, PlayMode};
use crate::online::{Online, OnlineSystems};
use crate::opponent::{HintRequested, Thinking, computer_to_move};
use crate::persist::{self, AutosaveState, SaveRequest};
use crate::play::ActionChosen;
use crate::rays::ShowRays;
use crate::selection::Selection;
use crate::setup::SetupBoard;
use crate::unrolled::Unrolled;
use crate::viewing::Viewing;
use bevy::ecs::observer::IntoEntityObserver;
use bevy::ecs::system::SystemParam;
use bevy::input::mouse::MouseScrollUnit;
use bevy::picking::events::{Pointer, Scroll};
use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui::InteractionDisabled;
use surface_chess_rules::engine::Level;
use surface_chess_rules::{Color as Side, Game, Variant};

/// What the panel's buttons depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelFacts {
    /// The live position is on show and the game goes on.
    pub live: bool,
    /// The game has ended.
    pub over: bool,
    /// A draw can be claimed now (threefold repetition, 50 moves) on the boards that allow it.
    pub claimable: bool,
    /// It is the computer's turn.
    pub computer_to_move: bool,
    /// Who plays.
    pub mode: PlayMode,
    /// The computer's level number (1–6).
    pub level: u8,
    /// In setup mode: whether the rules accept the setup.
    pub setup: Option<bool>,
    /// The board is stacked levels.
    pub levels: bool,
}

impl PanelFacts {
    /// The facts of the app's state.
    pub fn of(
        current: &CurrentGame,
        viewing: &Viewing,
        mode: PlayMode,
        level: Level,
        setup: Option<&SetupBoard>,
    ) -> PanelFacts {
        let game = &current.game;
        PanelFacts {
            live: viewing.live(game),
            over: game.outcome().is_some(),
            claimable: game.outcome().is_none() && game.claimable().is_some(),
            computer_to_move: computer_to_move(current, viewing, mode),
            mode,
            level: level.number(),
            setup: setup.map(|b| b.setup.position().is_ok()),
            levels: crate::levels::has_levels(current),
        }
    }
}

type Enabled = EnabledWhen<PanelFacts>;

#[derive(Component)]
struct StatusText;

/// The explanation line under the status ("why not?", what a seam did).
#[derive(Component)]
struct ExplainText;

/// The explanation's colour.
const EXPLAIN: Color = Color::srgb(1.0, 0.78, 0.55);

/// The line above the chart saying how its edges are glued.
#[derive(Component)]
struct SeamNote;

#[derive(Component)]
struct ChooserArea;

/// The move list.
#[derive(Component)]
pub struct MoveList;

/// The save/load path box.
#[derive(Component)]
pub struct PathBox;

/// A node that the mouse wheel scrolls.
#[derive(Component)]
struct WheelScrolls;

/// A row of offline play's buttons, hidden during an online game.
#[derive(Component)]
struct OfflineRow;

/// The panel.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel).add_systems(
        Update,
        (
            online_view::take_fields.before(OnlineSystems).in_set(crate::AppSystems::Input),
            (
                update_buttons,
                show_status,
                show_explained,
                lesson_view::show_lessons,
                show_chooser,
                show_moves,
                setup_row::show_setup,
                online_view::update_online_buttons,
                online_view::show_online_parts,
                online_view::show_online_texts,
                online_view::show_host_choices,
                online_view::show_lobby,
                hide_offline_rows,
            )
                .in_set(crate::AppSystems::Show),
        ),
    );
}

fn spawn_panel(mut commands: Commands, online: Option<Res<Online>>) {
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
    let row = |commands: &mut Commands| {
        let row = commands.spawn(Node { flex_wrap: FlexWrap::Wrap, flex_shrink: 0.0, ..default() }).id();
        commands.entity(body).add_child(row);
        row
    };
    let title = commands.spawn(label("Surface Chess", 18.0, TEXT)).id();
    commands.entity(body).add_child(title);
    let boards = row(&mut commands);
    for v in Variant::ALL {
        let b = commands
            .spawn(button(format!("New {}", v.name())))
            .observe(move |_: On<Activate>, mut current: ResMut<CurrentGame>, mut notice: ResMut<Notice>| {
                current.replace(Game::new(v));
                notice.say(format!("new game: {v}"));
            })
            .id();
        commands.entity(boards).add_child(b);
    }
    let status = commands.spawn((label("", 14.0, TEXT), StatusText, Node { flex_shrink: 0.0, ..default() })).id();
    commands.entity(body).add_child(status);
    let explained =
        commands.spawn((label("", 13.0, EXPLAIN), ExplainText, Node { flex_shrink: 0.0, ..default() })).id();
    commands.entity(body).add_child(explained);
    let fallback = Online::default();
    online_view::spawn_online_section(&mut commands, body, online.as_deref().unwrap_or(&fallback));
    lesson_view::spawn_lesson_area(&mut commands, body);
    let chooser = commands.spawn((Node { flex_wrap: FlexWrap::Wrap, flex_shrink: 0.0, ..default() }, ChooserArea)).id();
    commands.entity(body).add_child(chooser);

    let modes = row(&mut commands);
    commands.entity(modes).insert(OfflineRow);
    let always: fn(&PanelFacts) -> bool = |_| true;
    add_button(&mut commands, modes, "You White vs computer", always, versus_computer(Some(Side::Black)));
    add_button(&mut commands, modes, "You Black vs computer", always, versus_computer(Some(Side::White)));
    add_button(&mut commands, modes, "Two players", always, versus_computer(None));
    add_button(&mut commands, modes, "Level -", |f| f.level > 1, change_level(-1));
    add_button(&mut commands, modes, "Level +", |f| f.level < 6, change_level(1));
    add_button(&mut commands, modes, "Hint", |f| f.live && !f.computer_to_move && !f.mode.is_online(), ask_hint);
    add_button(
        &mut commands,
        modes,
        "Exhibition",
        |f| f.mode != PlayMode::Exhibition && !f.mode.is_online(),
        start_exhibition,
    );
    add_button(&mut commands, modes, "Online", always, |_: On<Activate>, mut online: ResMut<Online>| {
        online.menu = !online.menu;
    });

    let game_row = row(&mut commands);
    commands.entity(game_row).insert(OfflineRow);
    // Online games are resigned and drawn through the server (the online section's buttons).
    add_button(&mut commands, game_row, "Resign", |f| !f.over && !f.mode.is_online(), resign);
    add_button(&mut commands, game_row, "Agree draw", |f| !f.over && !f.mode.is_online(), agree_draw);
    add_button(&mut commands, game_row, "Claim draw", |f| f.claimable && !f.mode.is_online(), claim_draw);
    add_button(&mut commands, game_row, "Lessons", always, |_: On<Activate>, mut open: ResMut<BrowserOpen>| {
        open.0 = !open.0;
    });
    add_button(
        &mut commands,
        game_row,
        "Set up",
        |f| f.setup.is_none() && f.mode != PlayMode::Exhibition && !f.mode.is_online(),
        start_setup,
    );
    setup_row::spawn_setup_row(&mut commands, body);

    let views = row(&mut commands);
    add_button(&mut commands, views, "Flip chart", always, |_: On<Activate>, mut flipped: ResMut<Flipped>| {
        flipped.0 = !flipped.0;
    });
    add_button(
        &mut commands,
        views,
        "Reset camera (R)",
        always,
        |_: On<Activate>, mut reset: MessageWriter<ResetCamera>| {
            reset.write(ResetCamera);
        },
    );
    add_button(&mut commands, views, "Labels (L)", always, |_: On<Activate>, mut labels: ResMut<ShowLabels>| {
        labels.0 = !labels.0;
    });
    add_button(&mut commands, views, "Atlas (A)", always, |_: On<Activate>, mut atlas: ResMut<Atlas>| {
        atlas.open = !atlas.open;
        atlas.pinned = None;
    });
    add_button(
        &mut commands,
        views,
        "Rays (T)",
        |f| !f.levels,
        |_: On<Activate>, mut rays: ResMut<ShowRays>| {
            rays.0 = !rays.0;
        },
    );
    add_button(
        &mut commands,
        views,
        "Unrolled (U)",
        |f| !f.levels,
        |_: On<Activate>, mut u: ResMut<Unrolled>| u.0 = !u.0,
    );
    add_button(
        &mut commands,
        views,
        "One level (V)",
        |f| f.levels,
        |_: On<Activate>, mut view: ResMut<LevelView>| {
            view.one = !view.one;
        },
    );
    add_button(&mut commands, views, "Follow (F)", always, |_: On<Activate>, mut follow: ResMut<FollowGame>| {
        follow.0 = !follow.0;
    });

    let files = commands.spawn(Node { align_items: AlignItems::Center, flex_shrink: 0.0, ..default() }).id();
    commands.entity(body).add_child(files);
    let path_box = commands
        .spawn((
            Node { width: px(250), border: UiRect::all(px(1)), padding: UiRect::horizontal(px(4)), ..default() },
            BorderColor::all(DIM),
            BackgroundColor(Color::srgb(0.08, 0.08, 0.10)),
            EditableText::new(persist::DEFAULT_RECORD),
            TextLayout::no_wrap(),
            TextFont { font_size: FontSize::Px(13.0), ..default() },
            PathBox,
        ))
        .id();
    let save = commands.spawn(button("Save")).observe(request(SaveRequest::Save)).id();
    let load = commands.spawn(button("Load")).observe(request(SaveRequest::Load)).id();
    commands.entity(files).add_children(&[path_box, save, load]);

    let header =
        commands.spawn(Node { align_items: AlignItems::Center, column_gap: px(6), flex_shrink: 0.0, ..default() }).id();
    commands.entity(body).add_child(header);
    let caption = commands.spawn(label("Moves (click one to see it)", 13.0, DIM)).id();
    let live = commands.spawn(button("live")).observe(view_ply(None)).id();
    commands.entity(header).add_children(&[caption, live]);
    let list = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                overflow: Overflow::scroll_y(),
                flex_grow: 1.0,
                flex_basis: px(0),
                min_height: px(90),
                align_content: AlignContent::FlexStart,
                ..default()
            },
            ScrollPosition::default(),
            MoveList,
            WheelScrolls,
        ))
        .observe(scroll_with_wheel)
        .id();
    commands.entity(body).add_child(list);
}

/// Spawns a button under `parent`, usable when `enabled` holds, doing `action` when activated.
fn add_button<M>(
    commands: &mut Commands,
    parent: Entity,
    text: &str,
    enabled: fn(&PanelFacts) -> bool,
    action: impl IntoEntityObserver<M>,
) {
    let id = commands.spawn((button(text), EnabledWhen(enabled))).observe(action).id();
    commands.entity(parent).add_child(id);
}

fn versus_computer(side: Option<Side>) -> impl Fn(On<Activate>, ResMut<PlayMode>, ResMut<CurrentGame>) {
    move |_, mut mode, mut current| {
        *mode = side.map_or(PlayMode::TwoPlayers, PlayMode::VsComputer);
        let variant = current.variant();
        current.replace(Game::new(variant));
    }
}

fn change_level(delta: i8) -> impl Fn(On<Activate>, ResMut<ComputerLevel>, ResMut<Notice>) {
    move |_, mut level, mut notice| {
        let n = (level.0.number() as i8 + delta).clamp(1, 6) as u8;
        if let Some(l) = Level::from_number(n) {
            level.0 = l;
            notice.say(format!("computer level {n}: {}", l.name()));
        }
    }
}

fn ask_hint(_: On<Activate>, mut hints: MessageWriter<HintRequested>) {
    hints.write(HintRequested);
}

fn start_exhibition(_: On<Activate>, mut mode: ResMut<PlayMode>, mut current: ResMut<CurrentGame>) {
    *mode = PlayMode::Exhibition;
    if current.game.outcome().is_some() {
        let variant = current.variant();
        current.replace(Game::new(variant));
    }
}

fn start_setup(_: On<Activate>, mut commands: Commands, current: Res<CurrentGame>, mut selection: ResMut<Selection>) {
    commands.insert_resource(SetupBoard::of(&current.game));
    selection.clear();
}

fn resign(_: On<Activate>, mut current: ResMut<CurrentGame>, mut notice: ResMut<Notice>) {
    let side = current.game.position().side_to_move();
    if let Err(e) = current.game.resign(side) {
        notice.say(e.to_string());
    }
}

fn agree_draw(_: On<Activate>, mut current: ResMut<CurrentGame>, mut notice: ResMut<Notice>) {
    if let Err(e) = current.game.agree_draw() {
        notice.say(e.to_string());
    }
}

fn claim_draw(_: On<Activate>, mut current: ResMut<CurrentGame>, mut notice: ResMut<Notice>) {
    if let Err(e) = current.game.claim_draw() {
        notice.say(e.to_string());
    }
}

fn request(
    make: fn(String) -> SaveRequest,
) -> impl Fn(On<Activate>, Query<&EditableText, With<PathBox>>, MessageWriter<SaveRequest>) {
    move |_, path, mut saves| {
        let path = path.single().map(|p| p.value().to_string()).unwrap_or_default();
        saves.write(make(path));
    }
}

fn view_ply(ply: Option<usize>) -> impl Fn(On<Activate>, Res<CurrentGame>, ResMut<Viewing>, ResMut<Selection>) {
    move |_, current, mut viewing, mut selection| {
        viewing.set_if_neq(Viewing(ply.filter(|&p| p < current.plies())));
        selection.selected = None;
    }
}

/// What [`PanelFacts`] are made of.
#[derive(SystemParam)]
struct FactSources<'w> {
    current: Res<'w, CurrentGame>,
    viewing: Res<'w, Viewing>,
    mode: Res<'w, PlayMode>,
    level: Res<'w, ComputerLevel>,
    setup: Option<Res<'w, SetupBoard>>,
}

fn update_buttons(
    mut commands: Commands,
    sources: FactSources,
    buttons: Query<(Entity, &Enabled, Has<InteractionDisabled>)>,
    added: Query<(), Added<Enabled>>,
    mut shown: Local<Option<PanelFacts>>,
    mut had_setup: Local<bool>,
) {
    let FactSources { current, viewing, mode, level, setup } = sources;
    // Only when something they depend on changed (checking a setup parses its position).
    let setup_changed = setup.as_ref().is_some_and(|s| s.is_changed()) || *had_setup != setup.is_some();
    *had_setup = setup.is_some();
    let changed = current.is_changed() || viewing.is_changed() || mode.is_changed() || level.is_changed();
    if !changed && !setup_changed && added.is_empty() {
        return;
    }
    let facts = PanelFacts::of(&current, &viewing, *mode, level.0, setup.as_deref());
    if *shown != Some(facts) || !added.is_empty() {
        enable_buttons(&mut commands, &facts, &buttons);
        *shown = Some(facts);
    }
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn show_status(
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    mode: Res<PlayMode>,
    level: Res<ComputerLevel>,
    notice: Res<Notice>,
    autosave: Res<AutosaveState>,
    thinking: Option<Res<Thinking>>,
    online: Option<Res<Online>>,
    mut shown_depth: Local<Option<(crate::opponent::Purpose, u32)>>,
    mut texts: ParamSet<(Query<&mut Text, With<StatusText>>, Query<&mut Text, With<SeamNote>>)>,
) {
    let depth = thinking.as_ref().map(|t| (t.purpose, t.depth()));
    let depth_changed = *shown_depth != depth;
    *shown_depth = depth;
    let changed = current.is_changed() || viewing.is_changed() || mode.is_changed() || level.is_changed();
    let online_changed = online.as_ref().is_some_and(|o| o.is_changed());
    if changed || notice.is_changed() || autosave.is_changed() || depth_changed || online_changed {
        let server_result = online
            .as_deref()
            .filter(|_| mode.is_online())
            .and_then(|o| o.open_state())
            .and_then(|k| k.state.result.as_ref())
            .map(crate::online::result_words);
        let status = Status {
            game: &current.game,
            viewing: *viewing,
            mode: *mode,
            level: level.0,
            thinking: depth,
            notice: &notice.0,
            autosave_failure: autosave.failure.as_deref(),
            server_result: server_result.as_deref(),
        };
        for mut text in &mut texts.p0() {
            text.0 = status.to_string();
        }
    }
    if current.is_changed() {
        for mut note in &mut texts.p1() {
            note.0 = seam_note(current.variant()).to_string();
        }
    }
}

/// Offline play's rows make way for the online section during an online game.
fn hide_offline_rows(mode: Res<PlayMode>, mut rows: Query<&mut Node, With<OfflineRow>>) {
    if !mode.is_changed() {
        return;
    }
    let display = if mode.is_online() { Display::None } else { Display::Flex };
    for mut node in &mut rows {
        if node.display != display {
            node.display = display;
        }
    }
}

fn show_explained(explained: Res<Explained>, mut texts: Query<&mut Text, With<ExplainText>>) {
    if explained.is_changed() {
        for mut text in &mut texts {
            text.0.clone_from(&explained.text);
        }
    }
}

fn show_chooser(
    mut commands: Commands,
    current: Res<CurrentGame>,
    selection: Res<Selection>,
    area: Query<Entity, With<ChooserArea>>,
) {
    if !selection.is_changed() {
        return;
    }
    let Ok(area) = area.single() else { return };
    commands.entity(area).despawn_related::<Children>();
    if selection.chooser.is_empty() {
        return;
    }
    commands.entity(area).with_child(label("Choose: ", 13.0, TEXT));
    for &a in &selection.chooser {
        let b = commands
            .spawn(button(selection.choice_label(&current.game, a)))
            .observe(move |_: On<Activate>, selection: Res<Selection>, mut chosen: MessageWriter<ActionChosen>| {
                if selection.chooser.contains(&a) {
                    chosen.write(ActionChosen(a));
                }
            })
            .id();
        commands.entity(area).add_child(b);
    }
    let cancel = commands
        .spawn(button("Cancel"))
        .observe(|_: On<Activate>, mut selection: ResMut<Selection>| selection.chooser.clear())
        .id();
    commands.entity(area).add_child(cancel);
}

fn show_moves(
    mut commands: Commands,
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    list: Query<Entity, With<MoveList>>,
    mut shown: Local<Option<(u64, usize)>>,
) {
    let state = (current.serial(), current.plies());
    if *shown == Some(state) && !viewing.is_changed() {
        return;
    }
    *shown = Some(state);
    let Ok(list) = list.single() else { return };
    commands.entity(list).despawn_related::<Children>();
    for (ply, text) in move_entries(&current.game).into_iter().enumerate() {
        let b = commands.spawn(button(text)).observe(view_ply(Some(ply + 1))).id();
        commands.entity(list).add_child(b);
    }
    // Follow the game: the newest moves in view (layout clamps this to the end).
    if viewing.0.is_none() {
        commands.entity(list).insert(ScrollPosition(Vec2::new(0.0, f32::MAX)));
    }
}

/// The mouse wheel scrolls the node under the pointer (the move list first, then the panel).
fn scroll_with_wheel(
    mut event: On<Pointer<Scroll>>,
    mut nodes: Query<(&mut ScrollPosition, &ComputedNode), With<WheelScrolls>>,
) {
    let Ok((mut position, node)) = nodes.get_mut(event.event_target()) else { return };
    let step = match event.unit {
        MouseScrollUnit::Line => 24.0,
        MouseScrollUnit::Pixel => 1.0,
    };
    // Start from where the node really is (a requested position past the end is clamped).
    let now = node.scroll_position.y * node.inverse_scale_factor;
    let max = (node.content_size.y - node.size.y).max(0.0) * node.inverse_scale_factor;
    let wanted = (now - event.y * step).clamp(0.0, max);
    if wanted != now {
        position.0.y = wanted;
        event.propagate(false);
    }
}

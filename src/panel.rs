//! The side panel: variant and new game, status, the chooser, the move list (click a move to see
//! the position after it), resign and draw, save and load by path, flip chart, reset camera.

use crate::board::ShowLabels;
use crate::camera::ResetCamera;
use crate::chart::{Flipped, seam_note};
use crate::layout::{CHART_HEIGHT, DIM, PANEL_BG, PANEL_WIDTH, TEXT, button_node, label};
use crate::opponent::{HintRequested, Opponent, Purpose, Thinking};
use crate::persist::{self, SaveRequest};
use crate::play::{ActionChosen, Play};
use bevy::input::mouse::MouseScrollUnit;
use bevy::picking::events::{Click, Pointer, Scroll};
use bevy::prelude::*;
use bevy::text::EditableText;
use surface_chess_rules::engine::Level;
use surface_chess_rules::{Action, Variant};

/// What a panel button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelAction {
    /// A new two-player game of this variant.
    NewGame(Variant),
    /// Choose this action in the chooser.
    Choose(Action),
    /// Cancel the chooser.
    CancelChoice,
    /// Show the position after this many plies (`None`: the live position).
    View(Option<usize>),
    /// The player to move resigns.
    Resign,
    /// The players agree a draw.
    AgreeDraw,
    /// Save the game to the path in the box.
    Save,
    /// Load the game from the path in the box.
    Load,
    /// Flip the chart.
    Flip,
    /// A new game against the computer, which plays this side.
    VsComputer(Option<surface_chess_rules::Color>),
    /// Change the computer's level by this much.
    Level(i8),
    /// Ask the engine for a hint.
    Hint,
    /// Start exhibition mode.
    Exhibition,
    /// Reset the camera.
    ResetCamera,
    /// Show or hide the cell names on the surface.
    Labels,
}

/// A panel button was clicked.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelClicked(pub PanelAction);

#[derive(Component)]
struct StatusText;

/// The line above the chart saying how its edges are glued.
#[derive(Component)]
struct SeamNote;

#[derive(Component)]
struct ChooserArea;

#[derive(Component)]
struct MoveList;

/// The save/load path box.
#[derive(Component)]
pub struct PathBox;

/// The panel.
pub fn plugin(app: &mut App) {
    app.add_message::<PanelClicked>().add_systems(Startup, spawn_panel).add_systems(
        Update,
        (apply_panel.in_set(crate::AppSystems::Rules), show_state.in_set(crate::AppSystems::Show)),
    );
}

fn button(text: impl Into<String>, action: PanelAction) -> impl Bundle {
    (button_node(), action, children![(label(text, 13.0, TEXT), Pickable::IGNORE)])
}

fn on_button(event: On<Pointer<Click>>, actions: Query<&PanelAction>, mut clicked: MessageWriter<PanelClicked>) {
    if let Ok(&action) = actions.get(event.event_target()) {
        clicked.write(PanelClicked(action));
    }
}

fn spawn_panel(mut commands: Commands) {
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
    let body = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                min_height: px(0),
                overflow: Overflow::clip(),
                padding: UiRect::all(px(8)),
                row_gap: px(4),
                ..default()
            },
            BackgroundColor(PANEL_BG),
        ))
        .id();
    commands.entity(column).add_child(body);
    commands.entity(body).with_children(|c| {
        c.spawn(label("Surface Chess", 18.0, TEXT));
        c.spawn(Node { flex_wrap: FlexWrap::Wrap, ..default() }).with_children(|row| {
            for v in Variant::ALL {
                row.spawn(button(format!("New {}", v.name()), PanelAction::NewGame(v))).observe(on_button);
            }
        });
        c.spawn((label("", 14.0, TEXT), StatusText));
        c.spawn((Node { flex_wrap: FlexWrap::Wrap, ..default() }, ChooserArea));
        c.spawn(Node { flex_wrap: FlexWrap::Wrap, ..default() }).with_children(|row| {
            for (text, action) in [
                ("You White vs computer", PanelAction::VsComputer(Some(surface_chess_rules::Color::Black))),
                ("You Black vs computer", PanelAction::VsComputer(Some(surface_chess_rules::Color::White))),
                ("Two players", PanelAction::VsComputer(None)),
                ("Level -", PanelAction::Level(-1)),
                ("Level +", PanelAction::Level(1)),
                ("Hint", PanelAction::Hint),
                ("Exhibition", PanelAction::Exhibition),
            ] {
                row.spawn(button(text, action)).observe(on_button);
            }
        });
        c.spawn(Node { flex_wrap: FlexWrap::Wrap, ..default() }).with_children(|row| {
            for (text, action) in [
                ("Resign", PanelAction::Resign),
                ("Agree draw", PanelAction::AgreeDraw),
                ("Flip chart", PanelAction::Flip),
                ("Reset camera (R)", PanelAction::ResetCamera),
                ("Labels (L)", PanelAction::Labels),
            ] {
                row.spawn(button(text, action)).observe(on_button);
            }
        });
        c.spawn(Node { align_items: AlignItems::Center, ..default() }).with_children(|row| {
            row.spawn((
                Node { width: px(250), border: UiRect::all(px(1)), padding: UiRect::horizontal(px(4)), ..default() },
                BorderColor::all(DIM),
                BackgroundColor(Color::srgb(0.08, 0.08, 0.10)),
                EditableText::new(persist::DEFAULT_RECORD),
                TextLayout::no_wrap(),
                TextFont { font_size: FontSize::Px(13.0), ..default() },
                PathBox,
            ));
            row.spawn(button("Save", PanelAction::Save)).observe(on_button);
            row.spawn(button("Load", PanelAction::Load)).observe(on_button);
        });
        c.spawn(Node { align_items: AlignItems::Center, column_gap: px(6), ..default() }).with_children(|row| {
            row.spawn(label("Moves (click one to see it)", 13.0, DIM));
            row.spawn(button("live", PanelAction::View(None))).observe(on_button);
        });
        c.spawn((
            Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                overflow: Overflow::scroll_y(),
                flex_grow: 1.0,
                flex_basis: px(0),
                min_height: px(0),
                align_content: AlignContent::FlexStart,
                ..default()
            },
            ScrollPosition::default(),
            MoveList,
        ))
        .observe(scroll_moves);
    });
}

#[allow(clippy::too_many_arguments)]
fn apply_panel(
    mut clicked: MessageReader<PanelClicked>,
    mut play: ResMut<Play>,
    mut chosen: MessageWriter<ActionChosen>,
    mut flipped: ResMut<Flipped>,
    mut reset: MessageWriter<ResetCamera>,
    mut saves: MessageWriter<SaveRequest>,
    mut opponent: ResMut<Opponent>,
    mut hints: MessageWriter<HintRequested>,
    mut labels: ResMut<ShowLabels>,
    path: Query<&EditableText, With<PathBox>>,
) {
    for &PanelClicked(action) in clicked.read() {
        let path = || path.single().map(|p| p.value().to_string()).unwrap_or_default();
        match action {
            PanelAction::NewGame(v) => *play = Play::new(v),
            PanelAction::Choose(a) => {
                if play.chooser.contains(&a) {
                    chosen.write(ActionChosen(a));
                }
            }
            PanelAction::CancelChoice => play.chooser.clear(),
            PanelAction::View(ply) => {
                play.viewing = ply.filter(|&p| p < play.game.actions().len());
                play.selected = None;
            }
            PanelAction::Resign => {
                let side = play.game.position().side_to_move();
                if let Err(e) = play.game.resign(side) {
                    play.note = e.to_string();
                }
            }
            PanelAction::AgreeDraw => {
                if let Err(e) = play.game.agree_draw() {
                    play.note = e.to_string();
                }
            }
            PanelAction::Save => {
                saves.write(SaveRequest::Save(path()));
            }
            PanelAction::Load => {
                saves.write(SaveRequest::Load(path()));
            }
            PanelAction::Flip => flipped.0 = !flipped.0,
            PanelAction::VsComputer(side) => {
                opponent.side = side;
                let variant = play.variant();
                *play = Play::new(variant);
            }
            PanelAction::Exhibition => {
                opponent.exhibition = true;
                if play.game.outcome().is_some() {
                    let variant = play.variant();
                    *play = Play::new(variant);
                }
            }
            PanelAction::Hint => {
                hints.write(HintRequested);
            }
            PanelAction::Level(delta) => {
                let n = (opponent.level.number() as i8 + delta).clamp(1, 6) as u8;
                if let Some(level) = Level::from_number(n) {
                    opponent.level = level;
                    play.note = format!("computer level {n}: {}", level.name());
                }
            }
            PanelAction::ResetCamera => {
                reset.write(ResetCamera);
            }
            PanelAction::Labels => labels.0 = !labels.0,
        }
    }
}

/// The move list's entries: each ply's notation, numbered on White's plies, with ↪ on the moves
/// that cross a seam.
pub fn move_entries(game: &surface_chess_rules::Game) -> Vec<String> {
    let mut out = Vec::new();
    for (ply, action) in game.actions().iter().enumerate() {
        let Some(position) = game.position_at(ply) else { break };
        let mut text = String::new();
        if ply % 2 == 0 {
            text.push_str(&format!("{}.", ply / 2 + 1));
        }
        text.push_str(&position.notation(*action));
        if position.crosses_seam(*action) {
            text.push_str(" ↪");
        }
        out.push(text);
    }
    out
}

/// The status line: who is to move, check, the result with its reason, the last note.
pub fn status_line(play: &Play, opponent: &Opponent, thinking: Option<(Purpose, u32)>) -> String {
    let p = play.shown();
    let mut text = format!("{} · ", p.variant());
    if opponent.exhibition {
        let last = play.game.actions().last().zip(play.game.position_at(play.game.actions().len().saturating_sub(1)));
        text.push_str("exhibition (click or key to take over) · ");
        if let Some((&a, before)) = last {
            text.push_str(&format!("last move {} · ", before.notation(a)));
        }
    } else if let Some(side) = opponent.side {
        text.push_str(&format!(
            "computer ({}, level {}) plays {} · ",
            opponent.level.name(),
            opponent.level.number(),
            side.name()
        ));
    }
    if let Some((purpose, depth)) = thinking {
        let who = if purpose == Purpose::Hint { "hint" } else { "computer" };
        text.push_str(&format!("{who} thinking (depth {depth}) · "));
    }
    if let Some(ply) = play.viewing {
        text.push_str(&format!("viewing after ply {ply} (click 'live' to return) · "));
    }
    match play.game.outcome().filter(|_| play.viewing.is_none()) {
        Some(o) => text.push_str(&o.to_string()),
        None => {
            text.push_str(&format!("{} to move", p.side_to_move().name()));
            if p.is_check() {
                text.push_str(", in check");
            }
        }
    }
    if !play.note.is_empty() {
        text.push_str(&format!("\n{}", play.note));
    }
    text
}

#[allow(clippy::too_many_arguments)]
fn show_state(
    mut commands: Commands,
    play: Res<Play>,
    opponent: Res<Opponent>,
    thinking: Option<Res<Thinking>>,
    mut shown_depth: Local<Option<(Purpose, u32)>>,
    mut status: Query<&mut Text, (With<StatusText>, Without<SeamNote>)>,
    mut notes: Query<&mut Text, With<SeamNote>>,
    chooser: Query<Entity, With<ChooserArea>>,
    moves: Query<Entity, With<MoveList>>,
) {
    let depth = thinking.as_ref().map(|t| (t.purpose, t.depth()));
    let depth_changed = *shown_depth != depth;
    *shown_depth = depth;
    for mut text in &mut status {
        if play.is_changed() || opponent.is_changed() || depth_changed {
            text.0 = status_line(&play, &opponent, depth);
        }
    }
    if !play.is_changed() {
        return;
    }
    for mut note in &mut notes {
        note.0 = seam_note(play.variant()).to_string();
    }
    if let Ok(area) = chooser.single() {
        commands.entity(area).despawn_related::<Children>();
        if !play.chooser.is_empty() {
            commands.entity(area).with_child(label("Choose: ", 13.0, TEXT));
            for &a in &play.chooser {
                let b = commands.spawn(button(play.choice_label(a), PanelAction::Choose(a))).observe(on_button).id();
                commands.entity(area).add_child(b);
            }
            let cancel = commands.spawn(button("Cancel", PanelAction::CancelChoice)).observe(on_button).id();
            commands.entity(area).add_child(cancel);
        }
    }
    if let Ok(list) = moves.single() {
        commands.entity(list).despawn_related::<Children>();
        for (ply, text) in move_entries(&play.game).into_iter().enumerate() {
            let b = commands.spawn(button(text, PanelAction::View(Some(ply + 1)))).observe(on_button).id();
            commands.entity(list).add_child(b);
        }
        // Follow the game: the newest moves in view (layout clamps this to the end).
        if play.viewing.is_none() {
            commands.entity(list).insert(ScrollPosition(Vec2::new(0.0, f32::MAX)));
        }
    }
}

/// The mouse wheel scrolls the move list.
fn scroll_moves(event: On<Pointer<Scroll>>, mut lists: Query<(&mut ScrollPosition, &ComputedNode), With<MoveList>>) {
    let Ok((mut position, node)) = lists.single_mut() else { return };
    let step = match event.unit {
        MouseScrollUnit::Line => 24.0,
        MouseScrollUnit::Pixel => 1.0,
    };
    // Start from where the list really is (a requested position past the end is clamped).
    let now = node.scroll_position.y * node.inverse_scale_factor;
    position.0.y = (now - event.y * step).max(0.0);
}

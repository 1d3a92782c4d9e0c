//! The panel's status line, the explanation under it, and the note above the chart saying how its
//! edges are glued.

use super::status::Status;
use crate::features::compare::Compared;
use crate::features::explain::Explained;
use crate::scene::chart::seam_note;
use crate::scene::layout::{PANEL_GAP, TEXT, label};
use crate::state::game::{CurrentGame, Notice};
use crate::state::mode::{ComputerLevel, Players};
use crate::state::online::{Lobby, OpenGame, result_words};
use crate::state::opponent::{Purpose, Thinking};
use crate::state::persist::AutosaveState;
use crate::state::setup::SetupBoard;
use crate::state::viewing::Viewing;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::text::LineHeight;

/// The status line.
#[derive(Component)]
pub(super) struct StatusText;

/// The explanation line under the status ("why not?", what a seam did).
#[derive(Component)]
pub(super) struct ExplainText;

/// The line above the chart saying how its edges are glued.
#[derive(Component)]
pub(super) struct SeamNote;

/// The status's font size.
const STATUS_SIZE: f32 = 14.0;
/// Lines the status always keeps room for: its usual one or two (the board, who plays, the
/// computer's depth, whose move) and a notice. Buttons below then stay put when a notice appears
/// or the status wraps, rather than moving under a pointer about to click again.
const STATUS_LINES: f32 = 3.0;
/// The explanation's font size.
const EXPLAIN_SIZE: f32 = 13.0;
/// Lines the explanation keeps room for: what the pointed cell or the move on show explains comes
/// and goes as the pointer moves and moves are viewed, and the tabs below stay put.
const EXPLAIN_LINES: f32 = 2.0;
/// How readily the explanation's room shrinks, against the other parts' 1: first.
const GIVES_WAY: f32 = 10_000.0;
/// The header's line height, in font sizes (Bevy's default).
const LINE_HEIGHT: f32 = 1.2;

/// The explanation's colour.
const EXPLAIN: Color = Color::srgb(1.0, 0.78, 0.55);
/// The title's colour.
const TITLE: Color = Color::srgb(0.50, 0.74, 0.80);

/// The header's lines under `body`: the title with the pieces taken, the status line after the
/// turn's swatch, and the explanation, each in the room it keeps.
pub(super) fn spawn_status(commands: &mut Commands, body: Entity) {
    let title = commands.spawn(label("Surface Chess", 13.0, TITLE)).id();
    let (swatch, taken) = super::turn::spawn_turn(commands);
    let top = commands
        .spawn(Node { justify_content: JustifyContent::SpaceBetween, flex_shrink: 0.0, ..default() })
        .add_children(&[title, taken])
        .id();
    let status = commands
        .spawn((
            label("", STATUS_SIZE, TEXT),
            LineHeight::RelativeToFont(LINE_HEIGHT),
            StatusText,
            Node { flex_shrink: 1.0, min_height: room(STATUS_LINES, STATUS_SIZE), ..default() },
        ))
        .id();
    // The swatch stays beside the status's first line when it wraps.
    let line = commands
        .spawn(Node { align_items: AlignItems::FlexStart, flex_shrink: 0.0, ..default() })
        .add_children(&[swatch, status])
        .id();
    // The explanation keeps room for its lines where the panel has it; in a short window that
    // room gives way first, before any other part of the panel. It sits right under the status,
    // whose room ends in blank lines, without the body's gap: squeezed empty, it costs nothing.
    let explained = commands
        .spawn((
            label("", EXPLAIN_SIZE, EXPLAIN),
            LineHeight::RelativeToFont(LINE_HEIGHT),
            ExplainText,
            Node {
                flex_basis: room(EXPLAIN_LINES, EXPLAIN_SIZE),
                flex_shrink: GIVES_WAY,
                margin: UiRect::top(px(-PANEL_GAP)),
                ..default()
            },
        ))
        .id();
    commands.entity(body).add_children(&[top, line, explained]);
}

/// The height of `lines` lines of text of this size (each rounded up to a whole pixel, as laid out).
fn room(lines: f32, size: f32) -> Val {
    px(lines * (size * LINE_HEIGHT).ceil())
}

/// What the status line reports.
#[derive(SystemParam)]
pub(super) struct StatusSources<'w> {
    current: Res<'w, CurrentGame>,
    viewing: Res<'w, Viewing>,
    players: Players<'w>,
    level: Res<'w, ComputerLevel>,
    notice: Res<'w, Notice>,
    autosave: Res<'w, AutosaveState>,
    thinking: Option<Res<'w, Thinking>>,
    lobby: Option<Res<'w, Lobby>>,
    open: Option<Res<'w, OpenGame>>,
    setup: Option<Res<'w, SetupBoard>>,
}

impl StatusSources<'_> {
    fn changed(&self) -> bool {
        self.current.is_changed()
            || self.viewing.is_changed()
            || self.players.is_changed()
            || self.level.is_changed()
            || self.notice.is_changed()
            || self.autosave.is_changed()
            || self.lobby.as_ref().is_some_and(|o| o.is_changed())
            || self.setup.as_ref().is_some_and(|s| s.is_changed())
    }
}

/// The status: the game's, or while setting up, the setup's (what a click places, the side to
/// move, castling, and whether the rules accept the position) and what was noticed since.
pub(super) fn show_status(
    sources: StatusSources,
    mut shown: Local<(Option<(Purpose, u32)>, bool)>,
    mut texts: Query<&mut Text, (With<StatusText>, Without<SeamNote>)>,
) {
    let depth = sources.thinking.as_ref().map(|t| (t.purpose, t.depth()));
    let setting_up = sources.setup.is_some();
    let shown_changed = *shown != (depth, setting_up);
    *shown = (depth, setting_up);
    if let Some(setup) =
        sources.setup.as_ref().filter(|s| shown_changed || s.is_changed() || sources.notice.is_changed())
    {
        let mut text = format!("{} · {}", sources.current.variant(), setup.summary());
        if !sources.notice.0.is_empty() {
            text = format!("{text}\n{}", sources.notice.0);
        }
        for mut text_now in &mut texts {
            text_now.0.clone_from(&text);
        }
    } else if !setting_up && (sources.changed() || shown_changed) {
        let who = sources.players.who();
        let server_result = sources
            .open
            .as_deref()
            .filter(|_| who.is_online())
            .zip(sources.lobby.as_deref())
            .and_then(|(open, lobby)| open.known(lobby))
            .and_then(|k| k.state.result.as_ref())
            .map(result_words);
        let status = Status {
            game: &sources.current.game,
            viewing: *sources.viewing,
            who,
            level: sources.level.0,
            thinking: depth,
            notice: &sources.notice.0,
            autosave_failure: sources.autosave.failure.as_deref(),
            server_result: server_result.as_deref(),
        };
        for mut text in &mut texts {
            text.0 = status.to_string();
        }
    }
}

/// The seam note over the chart: the board's gluing, or, while it is compared with its twin, which
/// chart is which (the gluing arrows on the charts say how each is glued).
pub(super) fn show_seam_note(
    current: Res<CurrentGame>,
    compared: Option<Res<Compared>>,
    mut notes: Query<&mut Text, With<SeamNote>>,
) {
    if !current.is_changed() && !compared.as_ref().is_some_and(|c| c.is_changed()) {
        return;
    }
    let board = current.variant();
    let text = match compared.as_ref().and_then(|c| c.0.as_ref()) {
        Some(c) => format!("left {board} · right {}: its seams glued the other way", c.variant()),
        None => seam_note(board).to_string(),
    };
    for mut note in &mut notes {
        note.0.clone_from(&text);
    }
}

/// The explanation, in its lines' room; while setting up, which explains nothing (the status says
/// what the setup is), the room is the setup controls'.
pub(super) fn show_explained(
    explained: Res<Explained>,
    setup: Option<Res<SetupBoard>>,
    mut texts: Query<(&mut Text, &mut Node), With<ExplainText>>,
) {
    let display = if setup.is_some() { Display::None } else { Display::Flex };
    for (mut text, mut node) in &mut texts {
        if explained.is_changed() {
            text.0.clone_from(&explained.text);
        }
        if node.display != display {
            node.display = display;
        }
    }
}

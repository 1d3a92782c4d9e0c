//! The data flow of a move: a pick (click on the surface or the chart, or the keyboard cursor)
//! becomes `CellPicked`, the selection turns it into `ActionChosen` (directly or through the
//! chooser), the game plays it and announces `ActionPlayed`; everything shown follows. The rules
//! crate decides every legal action.

use crate::atlas::Atlas;
use crate::current::{CurrentGame, Notice};
use crate::lessons::ActiveLesson;
use crate::lessons::library::Library;
use crate::mode::PlayMode;
use crate::selection::{PickOutcome, Selection};
use crate::setup::SetupBoard;
use crate::viewing::Viewing;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surface_chess_rules::{Action, Cell, Piece, Position, Variant};

/// A cell was picked: on the surface, in the chart, or with the keyboard cursor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPicked(pub Cell);

/// The player chose an action (directly, or in the chooser).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionChosen(pub Action);

/// An action was played; the board and the panel follow.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionPlayed {
    /// The action.
    pub action: Action,
    /// The position it was played from.
    pub ply: usize,
}

/// What every view reads: the game, the selection, the ply on show, and the setup being edited.
#[derive(SystemParam)]
pub struct PlayState<'w> {
    /// The game.
    pub current: Res<'w, CurrentGame>,
    /// The selection.
    pub selection: Res<'w, Selection>,
    /// The ply on show.
    pub viewing: Res<'w, Viewing>,
    /// The setup, in setup mode.
    pub setup: Option<Res<'w, SetupBoard>>,
}

impl PlayState<'_> {
    /// Whether any of them changed since the system last ran.
    pub fn is_changed(&self) -> bool {
        self.current.is_changed()
            || self.selection.is_changed()
            || self.viewing.is_changed()
            || self.setup.as_ref().is_some_and(|s| s.is_changed())
    }

    /// The pieces on show: the setup's in setup mode, else the position's on show.
    pub fn pieces(&self) -> Vec<(Cell, Piece)> {
        match &self.setup {
            Some(board) => board.setup.placement.clone(),
            None => self.shown().pieces().collect(),
        }
    }

    /// The position on show.
    pub fn shown(&self) -> &Position {
        self.viewing.shown(&self.current.game)
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.current.variant()
    }

    /// Whether the live position is on show and the game goes on.
    pub fn live(&self) -> bool {
        self.viewing.live(&self.current.game)
    }

    /// The selected piece's destinations, each with whether it captures.
    pub fn destinations(&self) -> Vec<(Cell, bool)> {
        self.selection.destinations(&self.current.game, self.live())
    }
}

/// Turns picks into actions and plays chosen actions.
pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Viewing>()
        .init_resource::<Notice>()
        .init_resource::<PlayMode>()
        .init_resource::<crate::mode::ComputerLevel>()
        .add_message::<CellPicked>()
        .add_message::<ActionChosen>()
        .add_message::<ActionPlayed>()
        .add_systems(
            Update,
            (forget_replaced_game, apply_picks, apply_choices)
                .chain()
                .in_set(PlaySystems)
                .in_set(crate::AppSystems::Rules),
        )
        .add_plugins(crate::setup::plugin);
}

/// The systems that turn picks into played actions.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlaySystems;

/// Another game replaced the current one: nothing selected, the live position on show.
fn forget_replaced_game(
    current: Res<CurrentGame>,
    mut selection: ResMut<Selection>,
    mut viewing: ResMut<Viewing>,
    mut last: Local<Option<u64>>,
) {
    if *last != Some(current.serial()) {
        if last.is_some() {
            selection.clear();
            viewing.set_if_neq(Viewing(None));
        }
        *last = Some(current.serial());
    }
}

/// Modes in which picks do not move pieces: setup mode (they edit the setup), a lesson asking
/// for cells (they mark cells) and the atlas (they pin a cell).
#[derive(SystemParam)]
pub struct PicksElsewhere<'w> {
    setup: Option<Res<'w, SetupBoard>>,
    atlas: Option<Res<'w, Atlas>>,
    lesson: Option<Res<'w, ActiveLesson>>,
    library: Option<Res<'w, Library>>,
}

impl PicksElsewhere<'_> {
    /// Whether picks are taken by another mode.
    pub fn taken(&self) -> bool {
        self.setup.is_some()
            || self.atlas.as_ref().is_some_and(|a| a.open)
            || self.lesson.as_ref().zip(self.library.as_ref()).is_some_and(|(l, lib)| l.takes_picks(lib))
    }
}

fn apply_picks(
    mut picks: MessageReader<CellPicked>,
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    mode: Res<PlayMode>,
    elsewhere: PicksElsewhere,
    mut selection: ResMut<Selection>,
    mut chosen: MessageWriter<ActionChosen>,
) {
    for &CellPicked(cell) in picks.read() {
        if elsewhere.taken() {
            continue;
        }
        let game = &current.game;
        // The computer's pieces, or the online opponent's, are not the player's to move.
        if !mode.moves_locally(game.position().side_to_move()) {
            continue;
        }
        if let PickOutcome::Play(a) = selection.pick(game, viewing.live(game), cell) {
            chosen.write(ActionChosen(a));
        }
    }
}

fn apply_choices(
    mut choices: MessageReader<ActionChosen>,
    mut current: ResMut<CurrentGame>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut played: MessageWriter<ActionPlayed>,
) {
    for &ActionChosen(action) in choices.read() {
        let ply = current.plies();
        match current.game.play(action) {
            Ok(()) => {
                selection.clear();
                notice.0.clear();
                played.write(ActionPlayed { action, ply });
            }
            Err(e) => notice.say(e.to_string()),
        }
    }
}

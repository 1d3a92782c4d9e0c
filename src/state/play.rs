//! The data flow of a move: a pick (click on the surface or the chart, or the keyboard cursor)
//! becomes `CellPicked`, the selection turns it into `ActionChosen` (directly or through the
//! chooser), the game plays it and announces `ActionPlayed`; everything shown follows. The rules
//! crate decides every legal action.

use crate::state::game::{CurrentGame, GameReplaced, Notice, announce_replaced_game};
use crate::state::messages::{ActionChosen, ActionPlayed, CellPicked, PlaySystems};
use crate::state::mode::{Interaction, PicksHere, Players};
use crate::state::selection::{Hovered, PickOutcome, Selection};
use crate::state::setup::SetupBoard;
use crate::state::viewing::Viewing;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Piece, Position, Variant};

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

    /// How the pieces on show have been carried (none in setup mode).
    pub fn carried(&self) -> bevy::platform::collections::HashMap<Cell, surface_chess_rules::Frame> {
        match &self.setup {
            Some(_) => Default::default(),
            None => crate::state::carried::carried_frames(&self.current.game, self.viewing.ply(&self.current.game)),
        }
    }

    /// The selected piece's destinations, each with whether it captures.
    pub fn destinations(&self) -> Vec<(Cell, bool)> {
        self.selection.destinations(&self.current.game, self.live())
    }
}

/// Turns picks into actions and plays chosen actions.
pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Hovered>()
        .init_resource::<Viewing>()
        .init_resource::<Notice>()
        .add_message::<CellPicked>()
        .add_message::<ActionChosen>()
        .add_message::<ActionPlayed>()
        .add_message::<GameReplaced>()
        .add_systems(
            Update,
            (announce_replaced_game, forget_replaced_game).chain().before(crate::schedule::AppSystems::Input),
        )
        .add_systems(
            Update,
            (apply_picks, apply_choices).chain().in_set(PlaySystems).in_set(crate::schedule::AppSystems::Rules),
        )
        .add_plugins(crate::state::setup::plugin);
}

/// Another game replaced the current one: nothing selected, the live position on show.
fn forget_replaced_game(
    mut replaced: MessageReader<GameReplaced>,
    mut selection: ResMut<Selection>,
    mut viewing: ResMut<Viewing>,
) {
    if replaced.read().count() > 0 {
        selection.clear();
        viewing.set_if_neq(Viewing(None));
    }
}

/// What a pick that moves pieces changes: the selection, or the action chosen.
#[derive(SystemParam)]
pub struct Mover<'w> {
    current: Res<'w, CurrentGame>,
    viewing: Res<'w, Viewing>,
    players: Players<'w>,
    selection: ResMut<'w, Selection>,
    chosen: MessageWriter<'w, ActionChosen>,
}

impl Mover<'_> {
    /// Selects, moves or clears for a pick of `cell`: only pieces this screen may move.
    pub fn pick(&mut self, cell: Cell) {
        let game = &self.current.game;
        // The computer's pieces, or the online opponent's, are not the player's to move.
        if !game.is_exploring() && !self.players.who().moves_locally(game.position().side_to_move()) {
            return;
        }
        if let PickOutcome::Play(a) = self.selection.pick(game, self.viewing.live(game), cell) {
            self.chosen.write(ActionChosen(a));
        }
    }
}

fn apply_picks(mut picks: MessageReader<CellPicked>, here: PicksHere, mut mover: Mover) {
    for &CellPicked(cell) in picks.read() {
        if here.are(Interaction::Play) {
            mover.pick(cell);
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

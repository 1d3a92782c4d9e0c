//! The game being played and the player's choice of action: select a piece, see its
//! destinations, pick one, choose among several actions that end on one cell. The rules crate
//! decides everything; this only keeps the interaction state.

use bevy::prelude::*;
use surface_chess_rules::{Action, ActionKind, Cell, Color as Side, Game, Position, Variant};

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

/// What a pick did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickOutcome {
    /// A piece of the side to move is now selected.
    Selected(Cell),
    /// The selection was cleared.
    Cleared,
    /// Exactly one action ends here: play it.
    Play(Action),
    /// Several actions end here: the player must choose (pawn facings, promotion pieces).
    Choose(Vec<Action>),
    /// Nothing to do (game over, viewing history, waiting for a choice).
    Ignored,
}

/// The game in progress and the interaction state around it.
#[derive(Resource, Clone, Debug)]
pub struct Play {
    /// The game.
    pub game: Game,
    /// The selected piece's cell.
    pub selected: Option<Cell>,
    /// Actions waiting for the player's choice (several end on one cell).
    pub chooser: Vec<Action>,
    /// The ply shown when replaying history; `None` for the live position.
    pub viewing: Option<usize>,
    /// The engine's suggested move, shown until the position changes.
    pub hint: Option<Action>,
    /// The last message for the player (an error, a note).
    pub note: String,
}

impl Play {
    /// A new game of a variant.
    pub fn new(variant: Variant) -> Play {
        Play::from_game(Game::new(variant))
    }

    /// Continues a game.
    pub fn from_game(game: Game) -> Play {
        Play { game, selected: None, chooser: Vec::new(), viewing: None, hint: None, note: String::new() }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    /// The position on show (a past one when replaying).
    pub fn shown(&self) -> &Position {
        self.viewing.and_then(|ply| self.game.position_at(ply)).unwrap_or(self.game.position())
    }

    /// Whether the live position is on show and the game goes on.
    pub fn live(&self) -> bool {
        self.viewing.is_none() && self.game.outcome().is_none()
    }

    /// The legal actions of the selected piece.
    pub fn options(&self) -> Vec<Action> {
        match (self.selected, self.live()) {
            (Some(from), true) => self.game.position().legal_actions().into_iter().filter(|a| a.from == from).collect(),
            _ => Vec::new(),
        }
    }

    /// The destinations of the selected piece, each with whether it captures.
    pub fn destinations(&self) -> Vec<(Cell, bool)> {
        let p = self.game.position();
        let mut out: Vec<(Cell, bool)> = Vec::new();
        for a in self.options() {
            if !out.iter().any(|(c, _)| *c == a.to) {
                out.push((a.to, p.is_capture(a)));
            }
        }
        out
    }

    /// Handles a pick of `cell`.
    pub fn pick(&mut self, cell: Cell) -> PickOutcome {
        if !self.live() || !self.chooser.is_empty() {
            return PickOutcome::Ignored;
        }
        let here: Vec<Action> = self.options().into_iter().filter(|a| a.to == cell).collect();
        match here.len() {
            1 => return PickOutcome::Play(here[0]),
            n if n > 1 => {
                self.chooser = here.clone();
                return PickOutcome::Choose(here);
            }
            _ => {}
        }
        let p = self.game.position();
        let own = p.piece_at(cell).is_some_and(|piece| piece.color() == p.side_to_move());
        if own && self.selected != Some(cell) {
            self.selected = Some(cell);
            PickOutcome::Selected(cell)
        } else {
            self.selected = None;
            PickOutcome::Cleared
        }
    }

    /// Plays an action of the live position.
    pub fn play(&mut self, action: Action) -> Result<(), String> {
        self.game.play(action).map_err(|e| e.to_string())?;
        self.selected = None;
        self.hint = None;
        self.chooser.clear();
        self.note.clear();
        Ok(())
    }

    /// The chooser's label for an action: its notation, with the arrival facing always shown.
    pub fn choice_label(&self, a: Action) -> String {
        let p = self.game.position();
        let mut text = p.notation(a);
        if let Some(f) = a.facing()
            && !text.ends_with(['↑', '↓'])
            && self.chooser.iter().any(|b| b.facing() != a.facing())
        {
            text.push_str(if f == surface_chess_rules::Facing::Up { " facing up" } else { " facing down" });
        }
        if matches!(a.kind, ActionKind::EnPassant { .. }) {
            text.push_str(" e.p.");
        }
        text
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.shown().side_to_move()
    }
}

/// Turns picks into actions and plays chosen actions.
pub fn plugin(app: &mut App) {
    app.add_message::<CellPicked>()
        .add_message::<ActionChosen>()
        .add_message::<ActionPlayed>()
        .add_systems(Update, (apply_picks, apply_choices).chain().in_set(crate::AppSystems::Rules));
}

fn apply_picks(
    mut picks: MessageReader<CellPicked>,
    mut play: ResMut<Play>,
    opponent: Option<Res<crate::opponent::Opponent>>,
    mut chosen: MessageWriter<ActionChosen>,
) {
    for &CellPicked(cell) in picks.read() {
        // The computer's pieces are not the player's to move.
        if opponent.as_ref().is_some_and(|o| crate::opponent::computer_to_move(&play, o)) {
            continue;
        }
        if let PickOutcome::Play(a) = play.pick(cell) {
            chosen.write(ActionChosen(a));
        }
    }
}

fn apply_choices(
    mut choices: MessageReader<ActionChosen>,
    mut play: ResMut<Play>,
    mut played: MessageWriter<ActionPlayed>,
) {
    for &ActionChosen(action) in choices.read() {
        let ply = play.game.actions().len();
        match play.play(action) {
            Ok(()) => {
                played.write(ActionPlayed { action, ply });
            }
            Err(e) => play.note = e,
        }
    }
}

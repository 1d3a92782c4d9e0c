//! The player's choice of action: select a piece, see its destinations, pick one, choose among
//! several actions that end on one cell. The rules decide every legal action; this only keeps
//! the interaction state.

use bevy::prelude::*;
use surface_chess_rules::{Action, ActionKind, Cell, Facing, Game};

/// The cell under the pointer (surface or chart) or the keyboard cursor.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hovered(pub Option<Cell>);

/// What a pick did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickOutcome {
    /// A piece of the side to move (exploring: any piece) is now selected.
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

/// The selected piece, the actions waiting for a choice and the engine's hint.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece's cell.
    pub selected: Option<Cell>,
    /// Actions waiting for the player's choice (several end on one cell).
    pub chooser: Vec<Action>,
    /// The engine's suggested move, shown until the position changes.
    pub hint: Option<Action>,
}

impl Selection {
    /// Forgets everything (a move was played, another game started).
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The legal actions of the selected piece in `game`'s live position (none if `live` is false);
    /// exploring, its explore-mode actions.
    pub fn options(&self, game: &Game, live: bool) -> Vec<Action> {
        match (self.selected, live) {
            (Some(from), true) if game.is_exploring() => game.position().explore_actions(from),
            (Some(from), true) => game.position().legal_actions().into_iter().filter(|a| a.from == from).collect(),
            _ => Vec::new(),
        }
    }

    /// The destinations of the selected piece, each with whether it captures.
    pub fn destinations(&self, game: &Game, live: bool) -> Vec<(Cell, bool)> {
        let p = game.position();
        let mut out: Vec<(Cell, bool)> = Vec::new();
        for a in self.options(game, live) {
            if !out.iter().any(|(c, _)| *c == a.to) {
                out.push((a.to, p.is_capture(a)));
            }
        }
        out
    }

    /// Handles a pick of `cell` in `game`'s live position (`live`: it is on show and goes on).
    pub fn pick(&mut self, game: &Game, live: bool, cell: Cell) -> PickOutcome {
        if !live || !self.chooser.is_empty() {
            return PickOutcome::Ignored;
        }
        let here: Vec<Action> = self.options(game, live).into_iter().filter(|a| a.to == cell).collect();
        match here.len() {
            1 => return PickOutcome::Play(here[0]),
            n if n > 1 => {
                self.chooser = here.clone();
                return PickOutcome::Choose(here);
            }
            _ => {}
        }
        let p = game.position();
        let own = p.piece_at(cell).is_some_and(|piece| game.is_exploring() || piece.color() == p.side_to_move());
        if own && self.selected != Some(cell) {
            self.selected = Some(cell);
            PickOutcome::Selected(cell)
        } else {
            self.selected = None;
            PickOutcome::Cleared
        }
    }

    /// The chooser's label for an action of `game`'s position: its notation, with the arrival
    /// facing always shown.
    pub fn choice_label(&self, game: &Game, a: Action) -> String {
        let mut text = game.position().san(a);
        if let Some(f) = a.facing()
            && !text.ends_with(['↑', '↓'])
            && self.chooser.iter().any(|b| b.facing() != a.facing())
        {
            text.push_str(if f == Facing::Up { " facing up" } else { " facing down" });
        }
        if matches!(a.kind, ActionKind::EnPassant { .. }) {
            text.push_str(" e.p.");
        }
        text
    }
}

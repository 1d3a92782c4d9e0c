//! Explore mode, for the boards with no agreed start: any piece moves, whoever's turn it is, and
//! its own king's safety is ignored. Moves still follow the board's geometry exactly (rays,
//! diagonals, knight words, pawn routes and facing); there is no castling and no en passant, and
//! no piece captures a king.

use crate::action::Action;
use crate::complex::Cell;
use crate::notation::ParseActionError;
use crate::piece::Color;
use crate::position::{IllegalAction, Position};
use crate::variants::Movement;

impl Position {
    /// What the piece on `from` can do in explore mode, for its owner.
    pub fn explore_actions(&self, from: Cell) -> Vec<Action> {
        let Some(piece) = self.piece_at(from) else { return Vec::new() };
        let mover = self.for_explorer(piece.color());
        let mut out = Vec::new();
        if self.rules().movement == Movement::Surface {
            mover.free_actions_of(from, &mut out);
        } else {
            // The three-level families keep their own move rules; only the turn is free there.
            out.extend(mover.legal_actions().into_iter().filter(|a| a.from == from));
        }
        out
    }

    /// Plays an explore-mode action for the owner of its piece; the other side is to move after it.
    pub fn explore(&self, action: Action) -> Result<Position, IllegalAction> {
        let piece = self.piece_at(action.from).ok_or(IllegalAction { action })?;
        if !self.explore_actions(action.from).contains(&action) {
            return Err(IllegalAction { action });
        }
        let mut next = self.for_explorer(piece.color());
        next.play_unchecked(action);
        Ok(next)
    }

    /// An explore-mode action in long notation (as [`Position::notation`], for its piece's owner).
    pub fn explore_notation(&self, action: Action) -> String {
        let owner = self.piece_at(action.from).map_or(self.side_to_move(), |p| p.color());
        self.for_explorer(owner).notation_among(action, || self.explore_actions(action.from))
    }

    /// Parses long notation into the explore-mode action it names, for whichever side's piece
    /// stands on its first cell.
    pub fn parse_explore(&self, text: &str) -> Result<Action, ParseActionError> {
        let mut first = None;
        for color in [self.side_to_move(), !self.side_to_move()] {
            let mover = self.for_explorer(color);
            let own: Vec<Action> = mover.occupied(color).iter().flat_map(|c| self.explore_actions(c)).collect();
            match mover.parse_among(text, own) {
                Ok(a) => return Ok(a),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(first.unwrap_or_else(|| ParseActionError::Malformed(text.to_owned())))
    }

    /// The position as the owner of the piece on `from` sees it in explore mode: its side to move,
    /// no en-passant trace (for explanations; an empty cell leaves the side to move).
    pub fn explore_view(&self, from: Cell) -> Position {
        self.for_explorer(self.piece_at(from).map_or(self.side_to_move(), |p| p.color()))
    }

    /// This position with `color` to move and no en-passant trace.
    fn for_explorer(&self, color: Color) -> Position {
        let mut p = self.clone();
        p.side = color;
        p.ep = None;
        p
    }
}

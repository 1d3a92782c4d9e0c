//! A position being set up by hand: a placement, the side to move and castling rights, not
//! necessarily legal. [`Setup::position`] asks the position text's own checks (kings, pawn
//! ranks and marks, castling against the placement, the side not to move in check), so a setup
//! is refused exactly when the rules refuse the position, with their reason.

use crate::complex::Cell;
use crate::piece::{Color, Piece};
use crate::position::{CastlingRights, Position};
use crate::text::{ParsePositionError, parse_position, write_position};
use crate::variant::Variant;

/// A placement with side to move and castling rights, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub variant: Variant,
    /// The pieces, at most one per cell (a later entry for a cell replaces an earlier one).
    pub placement: Vec<(Cell, Piece)>,
    /// The side to move.
    pub side: Color,
    /// Castling rights.
    pub castling: CastlingRights,
}

impl Setup {
    /// An empty board of a variant, White to move, no castling.
    pub fn empty(variant: Variant) -> Setup {
        Setup { variant, placement: Vec::new(), side: Color::White, castling: CastlingRights::NONE }
    }

    /// The setup of a position (its placement, side and castling; counters and en passant are
    /// not part of a setup).
    pub fn of(position: &Position) -> Setup {
        Setup {
            variant: position.variant(),
            placement: position.pieces().collect(),
            side: position.side_to_move(),
            castling: position.castling(),
        }
    }

    /// The piece on a cell.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.placement.iter().rev().find(|(c, _)| *c == cell).map(|&(_, p)| p)
    }

    /// Puts a piece on a cell (`None` empties it).
    pub fn put(&mut self, cell: Cell, piece: Option<Piece>) {
        self.placement.retain(|(c, _)| *c != cell);
        if let Some(piece) = piece {
            self.placement.push((cell, piece));
        }
    }

    /// The setup as position text (every field; the position need not be legal).
    pub fn to_text(&self) -> String {
        let rules = self.variant.rules();
        let ply = u32::from(self.side == Color::Black);
        write_position(&Position::from_parts(rules, &self.placement, self.side, self.castling, None, 0, ply))
    }

    /// The position, if the rules accept it; else which field is wrong and why.
    pub fn position(&self) -> Result<Position, ParsePositionError> {
        parse_position(self.variant, &self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Role;

    fn cell(v: Variant, name: &str) -> Cell {
        v.rules().complex.parse_cell(name).unwrap()
    }

    #[test]
    fn every_initial_position_round_trips_through_a_setup() {
        for v in Variant::ALL {
            let start = Position::new(v);
            let setup = Setup::of(&start);
            let back = setup.position().expect("the initial position is legal");
            assert_eq!(
                back.to_text().split(' ').take(3).collect::<Vec<_>>(),
                start.to_text().split(' ').take(3).collect::<Vec<_>>(),
                "{v}"
            );
        }
    }

    #[test]
    fn the_rules_refuse_bad_setups_with_their_reason() {
        let v = Variant::Chess;
        let mut setup = Setup::empty(v);
        let err = setup.position().unwrap_err();
        assert!(err.to_string().contains("kings"), "{err}");
        setup.put(cell(v, "e1"), Some(Piece::new(Color::White, Role::King)));
        setup.put(cell(v, "e8"), Some(Piece::new(Color::Black, Role::King)));
        assert!(setup.position().is_ok(), "bare kings are a position");
        setup.put(cell(v, "e2"), Some(Piece::new(Color::Black, Role::Queen)));
        setup.side = Color::Black;
        let err = setup.position().unwrap_err();
        assert!(err.to_string().contains("in check"), "White is in check with Black to move: {err}");
        setup.put(cell(v, "e2"), None);
        assert_eq!(setup.piece_at(cell(v, "e2")), None);
        setup.castling = CastlingRights::ALL;
        let err = setup.position().unwrap_err();
        assert!(err.to_string().contains("castling"), "castling without rooks: {err}");
    }
}

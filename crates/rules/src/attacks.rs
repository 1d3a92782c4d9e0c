//! Attacks: which cells a player attacks, and which pieces are pinned to their king.

use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

/// Whether a slider of this role attacks along direction index `d` (cardinals 0..4, diagonals 4..8).
#[inline]
fn slides(role: Role, d: usize) -> bool {
    match role {
        Role::Queen => true,
        Role::Rook => d < 4,
        Role::Bishop => d >= 4,
        _ => false,
    }
}

impl Position {
    /// Whether `by` attacks `cell`: geometric captures with the current blockers, pinned pieces
    /// included; pawn advances and castling are not attacks.
    pub fn is_attacked(&self, cell: Cell, by: Color) -> bool {
        let t = &self.rules.tables;
        let enemy = |c: Cell, role: Role| {
            Piece::from_code(self.squares[c.index()])
                .is_some_and(|p| p.color() == by && p.role() == role)
        };
        if t.knight
            .get(cell.index())
            .iter()
            .any(|&c| enemy(c, Role::Knight))
        {
            return true;
        }
        if t.king
            .get(cell.index())
            .iter()
            .any(|&c| enemy(c, Role::King))
        {
            return true;
        }
        for &(c, facing) in &t.pawn_attackers[cell.index()] {
            if let Some(p) = Piece::from_code(self.squares[c.index()])
                && p.color() == by
                && p.facing() == Some(facing)
            {
                return true;
            }
        }
        for d in 0..8 {
            if let Some(c) = self.first_occupied(t.ray(cell, d), None)
                && let Some(p) = self.piece_at(c)
                && p.color() == by
                && slides(p.role(), d)
            {
                return true;
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king(self.side), !self.side)
    }

    /// The first occupied cell of a ray, treating `ignore` as empty.
    #[inline]
    pub(crate) fn first_occupied(&self, ray: &[Cell], ignore: Option<Cell>) -> Option<Cell> {
        ray.iter()
            .copied()
            .find(|&c| self.squares[c.index()] != 0 && Some(c) != ignore)
    }

    /// The side to move's pieces that shield their king from an enemy slider: removing one of them
    /// could expose the king. Moves of other pieces (not the king) cannot.
    pub(crate) fn pinned(&self) -> Bits {
        let t = &self.rules.tables;
        let me = self.side;
        let king = self.king(me);
        let mut pinned = Bits::EMPTY;
        for d in 0..8 {
            let ray = t.ray(king, d);
            let Some(blocker) = self.first_occupied(ray, None) else {
                continue;
            };
            if self.piece_at(blocker).is_none_or(|p| p.color() != me) {
                continue;
            }
            if let Some(behind) = self.first_occupied(ray, Some(blocker))
                && let Some(p) = self.piece_at(behind)
                && p.color() != me
                && slides(p.role(), d)
            {
                pinned.insert(blocker);
            }
        }
        pinned
    }
}

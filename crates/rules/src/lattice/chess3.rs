//! Chess³ v1's attacks through the lattice, from its table: knights and kings leap, pawns capture,
//! sliders stop at the first occupied cell, and attacks cross levels.

use super::pawn_captures;
use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

impl Position {
    /// The cells a Chess³ piece on `c` attacks with the current blockers (for the evaluation).
    pub(crate) fn chess3_reach(&self, c: Cell, piece: Piece) -> Bits {
        let lattice = self.lattice();
        match piece.role() {
            Role::Pawn => pawn_captures(piece.color()).filter_map(|d| lattice.step(c, d)).collect(),
            Role::Knight => lattice.knight(c).iter().copied().collect(),
            Role::King => lattice.king(c).iter().copied().collect(),
            role => {
                let mut reach = Bits::EMPTY;
                for d in (0..lattice.lines()).filter(|&d| lattice.slides(role, d)) {
                    for &to in lattice.line(c, d) {
                        reach.insert(to);
                        if self.piece_at(to).is_some() {
                            break;
                        }
                    }
                }
                reach
            }
        }
    }

    /// The mover's pieces that may shield its king on `king` from a slider: on each line from the
    /// king, the first piece, if it is the mover's. Every Chess³ attack is a leap, a pawn's capture
    /// or a slide along a line to its first piece, so out of check a move that is not the king's,
    /// not en passant (which empties a second cell) and not by one of these leaves the king safe:
    /// the cell it empties is on no line to the king before another piece, and a piece it
    /// captures is replaced on its cell by the capturer.
    pub(crate) fn chess3_shields(&self, king: Cell) -> Bits {
        let lattice = self.lattice();
        (0..lattice.lines())
            .filter_map(|d| self.first_occupied(lattice.line(king, d), None))
            .filter(|&c| self.piece_at(c).is_some_and(|p| p.color() == self.side))
            .collect()
    }

    /// The cells of `by`'s pieces that attack `cell` in Chess³, treating `ignore` as empty.
    pub(crate) fn chess3_attackers(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> Vec<Cell> {
        let mut out = Vec::new();
        self.chess3_scan(cell, by, ignore, |c| {
            out.push(c);
            false
        });
        out
    }

    /// Whether `by` attacks `cell` in Chess³, treating `ignore` as empty.
    pub(crate) fn chess3_attacked(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        self.chess3_scan(cell, by, ignore, |_| true)
    }

    /// Visits `by`'s attackers of `cell` (knights, kings, pawns, then the first slider on each
    /// line) until `found` returns true; returns whether it did.
    fn chess3_scan(&self, cell: Cell, by: Color, ignore: Option<Cell>, mut found: impl FnMut(Cell) -> bool) -> bool {
        let lattice = self.lattice();
        let is = |c: Cell, role: Role| self.piece_at(c).is_some_and(|p| p.color() == by && p.role() == role);
        let leapers = lattice.knight(cell).iter().map(|&c| (c, Role::Knight));
        let kings = lattice.king(cell).iter().map(|&c| (c, Role::King));
        let pawns = lattice.pawn_attackers(by, cell).iter().map(|&c| (c, Role::Pawn));
        for (c, role) in leapers.chain(kings).chain(pawns) {
            if is(c, role) && found(c) {
                return true;
            }
        }
        for d in 0..lattice.lines() {
            if let Some(c) = self.first_occupied(lattice.line(cell, d), ignore)
                && self.piece_at(c).is_some_and(|p| p.color() == by && lattice.slides(p.role(), d))
                && found(c)
            {
                return true;
            }
        }
        false
    }
}

//! Chess³ v1: moves and attacks by displacements `(file, rank, level)` through the lattice.
//! Sliders stop at the first occupied cell, knights jump, every piece but the pawn captures as it
//! moves, and captures cross levels.

use super::{BISHOP_LINES, Delta, LINES, Lattice, QUEEN_LINES, ROOK_LINES};
use crate::action::{Action, ActionKind};
use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Color, Role};
use crate::position::Position;

/// A slider's lines.
fn lines(role: Role) -> std::ops::Range<usize> {
    match role {
        Role::Rook => ROOK_LINES,
        Role::Bishop => BISHOP_LINES,
        _ => QUEEN_LINES,
    }
}

/// Whether a slider of `role` moves along line `d`.
fn slides(role: Role, d: usize) -> bool {
    matches!(role, Role::Rook | Role::Bishop | Role::Queen) && lines(role).contains(&d)
}

/// A pawn's capture displacements: one rank forward and one file sideways on its level, or one
/// rank forward with a file change of −1, 0 or +1 on a neighbouring level.
pub(crate) fn pawn_captures(color: Color) -> [Delta; 8] {
    let f = color.home_facing().sign();
    [(-1, f, 0), (1, f, 0), (-1, f, 1), (0, f, 1), (1, f, 1), (-1, f, -1), (0, f, -1), (1, f, -1)]
}

impl Position {
    fn lattice(&self) -> &'static Lattice {
        self.rules.lattice.as_ref().expect("a three-level board")
    }

    /// Chess³ moves of the side to move that obey the geometry (castling and king safety aside).
    pub(super) fn chess3_moves(&self, out: &mut Vec<Action>) {
        let lattice = self.lattice();
        let me = self.side;
        let open = |c: Cell| self.piece_at(c).is_none_or(|p| p.color() != me && p.role() != Role::King);
        for from in self.occupied[me.index()].iter() {
            let Some(piece) = self.piece_at(from) else { continue };
            let piece_move = |to| Action { from, to, kind: ActionKind::Piece };
            match piece.role() {
                Role::Pawn => self.chess3_pawn(from, piece.unused(), out),
                Role::Knight => out.extend(lattice.knight(from).iter().copied().filter(|&c| open(c)).map(piece_move)),
                Role::King => out.extend(lattice.king(from).iter().copied().filter(|&c| open(c)).map(piece_move)),
                role => {
                    for d in lines(role) {
                        for &to in lattice.ray(from, d) {
                            if open(to) {
                                out.push(piece_move(to));
                            }
                            if self.piece_at(to).is_some() {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// A pawn's quiet moves (one rank forward, or one level up or down; two along either axis
    /// through an empty middle cell on its first move) and captures.
    fn chess3_pawn(&self, from: Cell, first: bool, out: &mut Vec<Action>) {
        let lattice = self.lattice();
        let me = self.side;
        let f = me.home_facing().sign();
        let facing = me.home_facing();
        let empty = |c: Cell| self.piece_at(c).is_none();
        let pawn = |to| Action { from, to, kind: ActionKind::Pawn { facing, promotion: None } };
        for (one, double) in [((0, f, 0), true), ((0, 0, 1), false), ((0, 0, -1), false)] {
            let Some(mid) = lattice.step(from, one).filter(|&c| empty(c)) else { continue };
            out.push(pawn(mid));
            if first && let Some(to) = lattice.step(mid, one).filter(|&c| empty(c)) {
                // Only a same-level two-rank advance leaves an en-passant right.
                let kind = if double { ActionKind::DoubleStep { facing, promotion: None } } else { pawn(to).kind };
                out.push(Action { from, to, kind });
            }
        }
        for d in pawn_captures(me) {
            let Some(to) = lattice.step(from, d) else { continue };
            if self.piece_at(to).is_some_and(|p| p.color() != me && p.role() != Role::King) {
                out.push(pawn(to));
            } else if d.2 == 0 && empty(to) && self.ep.is_some_and(|t| t.owner != me && t.middle == to) {
                out.push(Action { from, to, kind: ActionKind::EnPassant { facing, promotion: None } });
            }
        }
    }

    /// The cells a Chess³ piece on `c` attacks with the current blockers (for the evaluation).
    pub(crate) fn chess3_reach(&self, c: Cell, piece: crate::piece::Piece) -> Bits {
        let lattice = self.lattice();
        match piece.role() {
            Role::Pawn => pawn_captures(piece.color()).into_iter().filter_map(|d| lattice.step(c, d)).collect(),
            Role::Knight => lattice.knight(c).iter().copied().collect(),
            Role::King => lattice.king(c).iter().copied().collect(),
            role => {
                let mut reach = Bits::EMPTY;
                for d in lines(role) {
                    for &to in lattice.ray(c, d) {
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
        let pawns = pawn_captures(by)
            .into_iter()
            .filter_map(|(df, dr, dl)| lattice.step(cell, (-df, -dr, -dl)))
            .map(|c| (c, Role::Pawn));
        for (c, role) in leapers.chain(kings).chain(pawns) {
            if is(c, role) && found(c) {
                return true;
            }
        }
        for d in 0..LINES.len() {
            if let Some(c) = self.first_occupied(lattice.ray(cell, d), ignore)
                && self.piece_at(c).is_some_and(|p| p.color() == by && slides(p.role(), d))
                && found(c)
            {
                return true;
            }
        }
        false
    }
}

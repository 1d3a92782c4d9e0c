//! Strato v1's moves between levels. A transfer never captures; every cell it passes and its
//! destination must be empty. Compound moves (pawn, knight, a king's first move) go vertically
//! first, then in the plane.

use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::piece::Role;
use crate::position::Position;
use crate::variant::CastleSide;

/// The eight planar knight jumps and king steps.
const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

impl Position {
    /// The transfers of the side to move (king safety and promotion choices aside).
    pub(super) fn strato_transfers(&self, out: &mut Vec<Action>) {
        let lattice = self.rules.lattice.as_ref().expect("a three-level board");
        let me = self.side;
        let empty = |c: &Cell| self.piece_at(*c).is_none();
        // The cell `levels` levels up (or down) if the whole vertical path to it is empty.
        let vertical = |from: Cell, levels: i8| {
            let mut at = None;
            for k in 1..=levels.abs() {
                at = Some(lattice.step(from, (0, 0, k * levels.signum())).filter(empty)?);
            }
            at
        };
        for from in self.occupied[me.index()].iter() {
            let Some(piece) = self.piece_at(from) else { continue };
            let mut push = |to: Cell, kind| out.push(Action { from, to, kind });
            let planar = |at: Cell, steps: &[(i8, i8)], push: &mut dyn FnMut(Cell)| {
                for &(x, y) in steps {
                    if let Some(to) = lattice.step(at, (x, y, 0)).filter(empty) {
                        push(to);
                    }
                }
            };
            match piece.role() {
                Role::Pawn => {
                    let facing = me.home_facing();
                    let kind = ActionKind::Pawn { facing, promotion: None };
                    for v in [1, -1].into_iter().filter_map(|dl| vertical(from, dl)) {
                        let ahead = |c: Cell| lattice.step(c, (0, facing.sign(), 0)).filter(empty);
                        if let Some(one) = ahead(v) {
                            push(one, kind);
                            if let Some(two) = ahead(one).filter(|_| piece.unused()) {
                                push(two, kind);
                            }
                        }
                    }
                }
                Role::Knight => {
                    for v in [1, 2, -1, -2].into_iter().filter_map(|dl| vertical(from, dl)) {
                        planar(v, &KNIGHT, &mut |to| push(to, ActionKind::Piece));
                    }
                }
                Role::King => {
                    for v in [1, -1].into_iter().filter_map(|dl| vertical(from, dl)) {
                        push(v, ActionKind::Piece);
                        if piece.unused() {
                            planar(v, &KING, &mut |to| push(to, ActionKind::Piece));
                        }
                    }
                }
                role => {
                    let rook = matches!(role, Role::Rook | Role::Queen);
                    let bishop = matches!(role, Role::Bishop | Role::Queen);
                    let lines = [(0, 0, 1), (0, 0, -1)].into_iter().filter(|_| rook);
                    let diagonals = [1, -1].into_iter().flat_map(|x| [(x, 1), (x, -1)]);
                    let diagonals =
                        [1, -1].into_iter().flat_map(move |l| diagonals.clone().map(move |(x, y)| (x, y, l)));
                    for d in lines.chain(diagonals.filter(|_| bishop)) {
                        let mut at = from;
                        for _ in 0..2 {
                            let Some(next) = lattice.step(at, d).filter(empty) else { break };
                            push(next, ActionKind::Piece);
                            at = next;
                        }
                    }
                }
            }
        }
    }

    /// Castling followed by the joint transfer of king and rook one level up or down: the king's
    /// destinations, given that ordinary castling on `side` is legal. Both transfer destinations
    /// must be empty (the final king square's safety is tested with the others).
    pub(super) fn strato_castle_transfers(&self, side: CastleSide, out: &mut Vec<Action>) {
        let lattice = self.rules.lattice.as_ref().expect("a three-level board");
        let Some(spec) = self.rules.castle(self.side, side) else { return };
        for dl in [1, -1] {
            let shifted = |c: Cell| lattice.step(c, (0, 0, dl)).filter(|&c| self.piece_at(c).is_none());
            if let (Some(king), Some(_)) = (shifted(spec.king_to), shifted(spec.rook_to)) {
                out.push(Action { from: spec.king_from, to: king, kind: ActionKind::Castle(side) });
            }
        }
    }
}
